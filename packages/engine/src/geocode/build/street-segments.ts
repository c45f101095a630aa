// Stage 3 of build-index.ts: the projection of the spatial indexes (metres around the middle of the
// data) and the segments of every street line in a Flatbush, for the nearest street of a point
// (addresses without one, reverse geocoding).
import Flatbush from 'flatbush';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import {segmentDistance2} from '../../geo/planar.js';
import type {FlatProjection} from '../interpolation.js';
import type {StreetNames} from './addresses.js';
import type {PlaceRec, StreetLineCoords, StreetRec} from './records.js';

export class StreetSegments {
    /** Metres east and north of the data's middle. */
    readonly proj: FlatProjection;
    /** Segment s runs from vertex segCoord[s] of line segLine[s] to the next (a one-vertex line: that vertex). */
    readonly segLine: Uint32Array;
    readonly segCoord: Uint32Array;
    readonly segIndex: Flatbush | null;

    constructor(private readonly lines: StreetLineCoords, streets: StreetRec[], places: PlaceRec[]) {
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
        if (segIndex) {
            for (let s = 0; s < segLine.length; s++) {
                const i = segCoord[s], j = lineStart[segLine[s] + 1] - lineStart[segLine[s]] === 1 ? i : i + 1;
                const x1 = (coordLon[i] - lon0) * mLon, y1 = (coordLat[i] - lat0) * mLat;
                const x2 = (coordLon[j] - lon0) * mLon, y2 = (coordLat[j] - lat0) * mLat;
                segIndex.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
            }
            segIndex.finish();
        }
    }

    /** The street filed under name key `keyId` (of `names`) with a line nearest the point within maxMeters, or -1. */
    nearestLineOf(names: StreetNames, keyId: number, lat: number, lon: number, maxMeters: number): number {
        const segIndex = this.segIndex;
        if (!segIndex) return -1;
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
