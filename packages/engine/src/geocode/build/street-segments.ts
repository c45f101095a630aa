// Stage 3 of build-index.ts: the projection of the spatial indexes (metres around the middle of the
// data) and the segments of every street line in a Flatbush, for the nearest street of a point
// (addresses without one, reverse geocoding).
import Flatbush from 'flatbush';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import {BoxGrid} from '../../geo/box-grid.js';
import {segmentDistance2} from '../../geo/planar.js';
import type {FlatProjection} from '../interpolation.js';
import type {PlaceRec, StreetLineCoords, StreetNames, StreetRec} from './records.js';

export class StreetSegments {
    /** Metres east and north of the data's middle. */
    readonly proj: FlatProjection;
    /** Segment s runs from vertex segCoord[s] of line segLine[s] to the next (a one-vertex line: that vertex). */
    readonly segLine: Uint32Array;
    readonly segCoord: Uint32Array;
    readonly segIndex: Flatbush | null;
    private readonly lineBox: Float32Array;
    /** The streets' boxes (made of lines: those linkAddresses adds later are not in it), when there are segments. */
    private readonly streetCells: BoxGrid | null = null;
    private readonly found: number[] = [];

    constructor(private readonly lines: StreetLineCoords, private readonly streets: StreetRec[], places: PlaceRec[]) {
        const center = dataCenter(streets, places);
        const lat0 = center[0], lon0 = center[1];
        const mLat = METERS_PER_DEGREE_LAT, mLon = metersPerDegreeLon(lat0);
        this.proj = {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon};
        const {lineStreet, lineStart, lat: coordLat, lon: coordLon} = lines;
        let segCount = 0;
        for (let l = 0; l < lineStreet.length; l++) {
            const n = lineStart[l + 1] - lineStart[l];
            segCount += n === 1 ? 1 : Math.max(0, n - 1);
        }
        const segLine = this.segLine = new Uint32Array(segCount), segCoord = this.segCoord = new Uint32Array(segCount);
        for (let l = 0, o = 0; l < lineStreet.length; l++) {
            const a = lineStart[l], b = lineStart[l + 1];
            if (b - a === 1) {
                segLine[o] = l;
                segCoord[o++] = a;
            }
            for (let i = a; i + 1 < b; i++) {
                segLine[o] = l;
                segCoord[o++] = i;
            }
        }
        // Boxes in metres from the data's middle: Float32 is precise to millimetres there, half the size of Float64.
        const segIndex = this.segIndex = segLine.length ? new Flatbush(segLine.length, 16, Float32Array) : null;
        // Each line's box, the union of its segments' as the index holds them (Float32).
        const lineBox = this.lineBox = new Float32Array(4 * lineStreet.length);
        for (let l = 0; l < lineStreet.length; l++) lineBox.set(EMPTY_BOX, 4 * l);
        if (segIndex) {
            for (let s = 0; s < segLine.length; s++) {
                const l = segLine[s], i = segCoord[s], j = lineStart[l + 1] - lineStart[l] === 1 ? i : i + 1;
                const x1 = (coordLon[i] - lon0) * mLon, y1 = (coordLat[i] - lat0) * mLat;
                const x2 = (coordLon[j] - lon0) * mLon, y2 = (coordLat[j] - lat0) * mLat;
                const bx0 = Math.min(x1, x2), by0 = Math.min(y1, y2), bx1 = Math.max(x1, x2), by1 = Math.max(y1, y2);
                segIndex.add(bx0, by0, bx1, by1);
                if (bx0 < lineBox[4 * l]) lineBox[4 * l] = bx0;
                if (by0 < lineBox[4 * l + 1]) lineBox[4 * l + 1] = by0;
                if (bx1 > lineBox[4 * l + 2]) lineBox[4 * l + 2] = bx1;
                if (by1 > lineBox[4 * l + 3]) lineBox[4 * l + 3] = by1;
            }
            segIndex.finish();
            // The streets' boxes, each holding its segments' (the projection keeps the order of coordinates; the margin
            // covers Float32's rounding of the segments' boxes, at most 4 m at 30,000 km).
            const S = streets.length, x0 = new Float64Array(S), y0 = new Float64Array(S), x1 = new Float64Array(S), y1 = new Float64Array(S);
            for (let k = 0; k < S; k++) {
                const st = streets[k];
                x0[k] = (st.minLon - lon0) * mLon;
                y0[k] = (st.minLat - lat0) * mLat;
                x1[k] = (st.maxLon - lon0) * mLon;
                y1[k] = (st.maxLat - lat0) * mLat;
            }
            this.streetCells = new BoxGrid(x0, y0, x1, y1, STREET_CELL_METERS, 8);
        }
    }

    /** The street filed under name key `keyId` (of `names`) with a line nearest the point within maxMeters, or -1. */
    nearestLineOf(names: StreetNames, keyId: number, lat: number, lon: number, maxMeters: number): number {
        if (!this.segIndex) return -1;
        const street = this.nearestOfNamed(names, keyId, lat, lon, maxMeters);
        return street !== TIED ? street : this.nearestLineOfSearched(names, keyId, lat, lon, maxMeters);
    }

    /**
     * What nearestLineOfSearched finds, from the segments of the streets of that name near (the streets' grid cells,
     * no tree of all segments walked): those whose box as the segments' index holds it (Float32) meets the search's.
     * TIED when segments of two streets are nearest at the same distance (which of them the search's order gives: ask it).
     */
    private nearestOfNamed(names: StreetNames, keyId: number, lat: number, lon: number, maxMeters: number): number {
        const {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon} = this.proj;
        const {lineStart, lat: coordLat, lon: coordLon} = this.lines;
        const {keyStart, keyIds} = names;
        const fround = Math.fround, lineBox = this.lineBox;
        const x = (lon - lon0) * mLon, y = (lat - lat0) * mLat;
        const minX = x - maxMeters, minY = y - maxMeters, maxX = x + maxMeters, maxY = y + maxMeters;
        const found = this.streetCells!.search(minX, minY, maxX, maxY, this.found);
        let best = -1, bestD = maxMeters * maxMeters, tied = false;
        for (let f = 0; f < found.length; f++) {
            const s = found[f], st = this.streets[s];
            let named = false;
            for (let k = keyStart[s]; k < keyStart[s + 1]; k++) if (keyIds[k] === keyId) named = true;
            if (!named) continue;
            for (let l = st.firstLine; l < st.firstLine + st.lineCount; l++) {
                if (maxX < lineBox[4 * l] || maxY < lineBox[4 * l + 1] || minX > lineBox[4 * l + 2] || minY > lineBox[4 * l + 3]) continue;
                const a = lineStart[l], b = lineStart[l + 1], last = b - a === 1 ? a : b - 2;
                for (let i = a; i <= last; i++) {
                    const j = b - a === 1 ? i : i + 1;
                    const x1 = (coordLon[i] - lon0) * mLon, y1 = (coordLat[i] - lat0) * mLat;
                    const x2 = (coordLon[j] - lon0) * mLon, y2 = (coordLat[j] - lat0) * mLat;
                    if (maxX < fround(Math.min(x1, x2)) || maxY < fround(Math.min(y1, y2)) || minX > fround(Math.max(x1, x2)) || minY > fround(Math.max(y1, y2))) continue;
                    const dd = segmentDistance2(x, y, x1, y1, x2, y2);
                    if (dd < bestD || (dd === bestD && best < 0)) {
                        bestD = dd;
                        best = s;
                        tied = false;
                    } else if (dd === bestD && s !== best) {
                        tied = true;
                    }
                }
            }
        }
        return tied ? TIED : best;
    }

    /** nearestLineOf by a search of the index: the nearest of the segments found whose street has the key, the last found of equals. */
    private nearestLineOfSearched(names: StreetNames, keyId: number, lat: number, lon: number, maxMeters: number): number {
        const segIndex = this.segIndex!;
        const {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon} = this.proj;
        const {lineStreet, lineStart, lat: coordLat, lon: coordLon} = this.lines;
        const x = (lon - lon0) * mLon, y = (lat - lat0) * mLat;
        const found = segIndex.search(x - maxMeters, y - maxMeters, x + maxMeters, y + maxMeters);
        const {keyStart, keyIds} = names;
        let best = -1, bestD = maxMeters * maxMeters;
        for (let f = 0; f < found.length; f++) {
            const s = found[f], l = this.segLine[s], street = lineStreet[l];
            // By the street's own few names, not a search of every street of that name (a country has thousands of Rue de la Gare).
            let named = false;
            for (let k = keyStart[street]; k < keyStart[street + 1]; k++) if (keyIds[k] === keyId) named = true;
            if (!named) continue;
            const i = this.segCoord[s], j = lineStart[l + 1] - lineStart[l] === 1 ? i : i + 1;
            const dd = segmentDistance2(x, y, (coordLon[i] - lon0) * mLon, (coordLat[i] - lat0) * mLat,
                (coordLon[j] - lon0) * mLon, (coordLat[j] - lat0) * mLat);
            if (dd <= bestD) {
                bestD = dd;
                best = lineStreet[l];
            }
        }
        return best;
    }

    /** The line nearest the point within maxMeters, or -1. */
    nearestLine(lat: number, lon: number, maxMeters: number): number {
        const segIndex = this.segIndex;
        if (!segIndex) return -1;
        const {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon} = this.proj;
        const {lineStart, lat: coordLat, lon: coordLon} = this.lines;
        const x = (lon - lon0) * mLon, y = (lat - lat0) * mLat;
        const found = segIndex.search(x - maxMeters, y - maxMeters, x + maxMeters, y + maxMeters);
        let best = -1, bestD = maxMeters * maxMeters;
        for (const s of found) {
            const i = this.segCoord[s], l = this.segLine[s], j = lineStart[l + 1] - lineStart[l] === 1 ? i : i + 1;
            const dd = segmentDistance2(x, y, (coordLon[i] - lon0) * mLon, (coordLat[i] - lat0) * mLat,
                (coordLon[j] - lon0) * mLon, (coordLat[j] - lat0) * mLat);
            if (dd <= bestD) {
                bestD = dd;
                best = l;
            }
        }
        return best;
    }
}

const TIED = -2;
/** The streets' grid: about the size of the box an address looks for its street in (LINK_LINE_METERS each way). */
const STREET_CELL_METERS = 500;
const EMPTY_BOX = [Infinity, Infinity, -Infinity, -Infinity];

/** Middle of the data's streets and places (the origin of the projected spatial indexes). */
function dataCenter(streets: StreetRec[], places: PlaceRec[]): [number, number] {
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (const s of streets) {
        minLat = Math.min(minLat, s.minLat);
        maxLat = Math.max(maxLat, s.maxLat);
        minLon = Math.min(minLon, s.minLon);
        maxLon = Math.max(maxLon, s.maxLon);
    }
    for (const p of places) {
        minLat = Math.min(minLat, p.lat);
        maxLat = Math.max(maxLat, p.lat);
        minLon = Math.min(minLon, p.lon);
        maxLon = Math.max(maxLon, p.lon);
    }
    return minLat === Infinity ? [0, 0] : [(minLat + maxLat) / 2, (minLon + maxLon) / 2];
}
