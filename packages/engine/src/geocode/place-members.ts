// The features that lie in each place: streets, POIs and places whose town or district it is, and
// streets with an address in it. A word of the query that names a town explains the features in that
// town (their context); this lists them, so that a search can start from the town a query names
// instead of walking every street that shares the query's other, common words. Made by the build
// (the places section's member_* columns), read as views.

/** The columns the members are made from: town and district columns hold a place's feature index + 1 (0: none). */
export interface MemberColumns {
    featureCount: number;
    placeOffset: number;
    placeCount: number;
    fCity: Uint32Array;
    fDistrict: Uint32Array;
    streetAddrStart: Uint32Array;
    aCity: Uint32Array;
    aDistrict: Uint32Array;
}

/** Members of place p (its index among places) are features[start[p], start[p + 1]), ascending, each once. */
export function buildPlaceMembers(c: MemberColumns): {start: Uint32Array; features: Uint32Array} {
    const start = new Uint32Array(c.placeCount + 1);
    // Each member once per place: features come in order, so the last one added says it.
    const last = new Int32Array(c.placeCount).fill(-1);
    let features: Uint32Array | null = null;
    for (let pass = 0; pass < 2; pass++) {
        const fill = pass === 0 ? start : start.slice(0, c.placeCount);
        last.fill(-1);
        for (let f = 0; f < c.featureCount; f++) {
            addMember(c, c.fCity[f], f, last, fill, features, pass);
            addMember(c, c.fDistrict[f], f, last, fill, features, pass);
            if (f >= c.placeOffset) continue;
            for (let a = c.streetAddrStart[f], end = c.streetAddrStart[f + 1]; a < end; a++) {
                addMember(c, c.aCity[a], f, last, fill, features, pass);
                addMember(c, c.aDistrict[a], f, last, fill, features, pass);
            }
        }
        if (pass === 0) {
            for (let p = 0; p < c.placeCount; p++) start[p + 1] += start[p];
            features = new Uint32Array(start[c.placeCount]);
        }
    }
    return {start, features: features!};
}

/** Pass 0 counts feature f in place p1 (feature index + 1) at count[p + 1]; pass 1 writes it at fill[p]. */
function addMember(c: MemberColumns, p1: number, f: number, last: Int32Array, fill: Uint32Array, features: Uint32Array | null, pass: number): void {
    const p = p1 > c.placeOffset && p1 <= c.placeOffset + c.placeCount ? p1 - 1 - c.placeOffset : -1;
    if (p < 0 || last[p] === f) return;
    last[p] = f;
    if (pass === 0) fill[p + 1]++;
    else features![fill[p]++] = f;
}

export class PlaceMembers {
    /** Members of place f are features[start[f - placeOffset], start[f - placeOffset + 1]). */
    constructor(private readonly placeOffset: number, private readonly start: Uint32Array, private readonly features: Uint32Array) {}

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
