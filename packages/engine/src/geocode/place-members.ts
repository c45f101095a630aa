// The features that lie in each place: streets, POIs and places whose town or district it is, and
// streets with an address in it. A word of the query that names a town explains the features in that
// town (their context); this lists them, so that a search can start from the town a query names
// instead of walking every street that shares the query's other, common words.
import type {Places} from './places.js';

export class PlaceMembers {
    private readonly placeOffset: number;
    /** Members of place p (a feature index) are features[start[p - placeOffset], start[p - placeOffset + 1]), ascending. */
    private readonly start: Uint32Array;
    private readonly features: Uint32Array;

    constructor(places: Places) {
        const P = places;
        this.placeOffset = P.placeOffset;
        const count = new Uint32Array(P.placeCount + 1);
        // Each member once per place: features come in order, so the last one added says it.
        const last = new Int32Array(P.placeCount).fill(-1);
        const visit = (add: (p: number, f: number) => void): void => {
            for (let f = 0; f < P.featureCount; f++) {
                add(P.fCity[f], f);
                add(P.fDistrict[f], f);
                if (!P.isStreet(f)) continue;
                for (let a = P.streetAddrStart[f], end = P.streetAddrStart[f + 1]; a < end; a++) {
                    add(P.aCity[a], f);
                    add(P.aDistrict[a], f);
                }
            }
        };
        // Town and district columns hold the place's feature index + 1 (0: none).
        const placeOf = (p1: number): number => (p1 > P.placeOffset && p1 <= P.poiOffset ? p1 - 1 - P.placeOffset : -1);
        visit((p1, f) => {
            const p = placeOf(p1);
            if (p < 0 || last[p] === f) return;
            last[p] = f;
            count[p + 1]++;
        });
        for (let p = 0; p < P.placeCount; p++) count[p + 1] += count[p];
        this.start = count;
        this.features = new Uint32Array(count[P.placeCount]);
        const fill = count.slice(0, P.placeCount);
        last.fill(-1);
        visit((p1, f) => {
            const p = placeOf(p1);
            if (p < 0 || last[p] === f) return;
            last[p] = f;
            this.features[fill[p]++] = f;
        });
    }

    /** How many features lie in place f. */
    count(f: number): number {
        const p = f - this.placeOffset;
        return this.start[p + 1] - this.start[p];
    }

    /** The i-th feature in place f. */
    member(f: number, i: number): number {
        return this.features[this.start[f - this.placeOffset] + i];
    }
}
