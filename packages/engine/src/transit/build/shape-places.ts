// Stage 7 of the transit build (compile.ts): ride geometry. Each pattern stop is placed on the
// pattern's shape (a monotone nearest-segment match, placeOnShape), with the metres along it; a
// pattern without a shape measures along its stop sequence.
import {flatMeters, METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import type {PatternTables} from './patterns.js';

/** Per pattern stop: metres from the pattern's first stop, and its shape segment and share along it. */
export interface ShapePlaces {
    patternStopMeters: Float32Array;
    patternStopShapeSegment: Uint32Array;
    patternStopShapeShare: Float32Array;
}

export function placeStopsOnShapes(patterns: PatternTables, shapeFirstArr: Uint32Array, shapeLatArr: Int32Array, shapeLonArr: Int32Array,
    shapeMetersArr: Float32Array, stopLat: Int32Array, stopLon: Int32Array): ShapePlaces {
    const {patternStops, patternStopFirst, patternShape} = patterns;
    const patternCount = patterns.patternRoute.length;
    const totalPatternStops = patternStops.length;
    const patternStopMeters = new Float32Array(totalPatternStops);
    const patternStopShapeSegment = new Uint32Array(totalPatternStops), patternStopShapeShare = new Float32Array(totalPatternStops);
    for (let p = 0; p < patternCount; p++) {
        const from = patternStopFirst.data[p], to = patternStopFirst.data[p + 1];
        const shape = patternShape.data[p];
        if (shape >= 0 && shapeFirstArr[shape + 1] - shapeFirstArr[shape] >= 2) {
            placeOnShape(patternStops.data, from, to, stopLat, stopLon, shapeLatArr, shapeLonArr, shapeFirstArr[shape], shapeFirstArr[shape + 1],
                patternStopShapeSegment, patternStopShapeShare);
            for (let i = from; i < to; i++) {
                const seg = shapeFirstArr[shape] + patternStopShapeSegment[i];
                const m = shapeMetersArr[seg] + (shapeMetersArr[seg + 1] - shapeMetersArr[seg]) * patternStopShapeShare[i];
                patternStopMeters[i] = i > from ? Math.max(m, patternStopMeters[i - 1]) : m;
            }
            const base = patternStopMeters[from];
            for (let i = from; i < to; i++) patternStopMeters[i] -= base;
        } else {
            let m = 0;
            for (let i = from; i < to; i++) {
                if (i > from) {
                    const a = patternStops.data[i - 1], b = patternStops.data[i];
                    m += flatMeters(stopLat[a] / 1e7, stopLon[a] / 1e7, stopLat[b] / 1e7, stopLon[b] / 1e7);
                }
                patternStopMeters[i] = m;
            }
        }
    }
    return {patternStopMeters, patternStopShapeSegment, patternStopShapeShare};
}

/**
 * Places a pattern's stops [from, to) on a shape (points [first, end)): for each stop a segment
 * index (relative to `first`) and a share along it, never going backwards along the shape, with
 * the smallest sum of stop-to-segment distances (dynamic programming over stops × segments).
 */
function placeOnShape(stops: Uint32Array, from: number, to: number, stopLat: Int32Array, stopLon: Int32Array,
    shapeLat: Int32Array, shapeLon: Int32Array, first: number, end: number,
    outSegment: Uint32Array, outShare: Float32Array): void {
    const n = to - from, m = end - first - 1;
    const ky = METERS_PER_DEGREE_LAT / 1e7, kx = metersPerDegreeLon(shapeLat[first] / 1e7) / 1e7;
    let prev = new Float64Array(m), cur = new Float64Array(m);
    const choice = new Int32Array(n * m);
    const shares = new Float32Array(n * m);
    for (let i = 0; i < n; i++) {
        const s = stops[from + i];
        const px = stopLon[s] * kx, py = stopLat[s] * ky;
        let bestPrev = Infinity, bestPrevAt = -1;
        for (let j = 0; j < m; j++) {
            if (i > 0 && prev[j] < bestPrev) {
                bestPrev = prev[j];
                bestPrevAt = j;
            }
            const ax = shapeLon[first + j] * kx, ay = shapeLat[first + j] * ky;
            const bx = shapeLon[first + j + 1] * kx, by = shapeLat[first + j + 1] * ky;
            const dx = bx - ax, dy = by - ay;
            const len2 = dx * dx + dy * dy;
            let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
            if (t < 0) t = 0;
            else if (t > 1) t = 1;
            const cx = ax + t * dx - px, cy = ay + t * dy - py;
            cur[j] = Math.sqrt(cx * cx + cy * cy) + (i > 0 ? bestPrev : 0);
            choice[i * m + j] = bestPrevAt;
            shares[i * m + j] = t;
        }
        const swap = prev;
        prev = cur;
        cur = swap;
    }
    let j = 0;
    for (let k = 1; k < m; k++) if (prev[k] < prev[j]) j = k;
    for (let i = n - 1; i >= 0; i--) {
        outSegment[from + i] = j;
        outShare[from + i] = shares[i * m + j];
        if (i > 0) j = choice[i * m + j];
    }
    // Same segment, stops in order: keep the shares from going backwards.
    for (let i = from + 1; i < to; i++) {
        if (outSegment[i] === outSegment[i - 1] && outShare[i] < outShare[i - 1]) outShare[i] = outShare[i - 1];
    }
}
