// Pieces of edge polylines between two offsets, for route geometry.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../geo/distance.js';
import type {RoadGraph} from '../graph/road-graph.js';

/**
 * Appends to `out` (flat lon, lat pairs) the points of edge `e` from offset `from` to offset `to`
 * (metres from the edge's start; from > to walks it backwards). The first point is appended
 * only when `withFirst` is set, so consecutive pieces do not repeat their shared point.
 */
export function appendEdgePoints(g: RoadGraph, e: number, from: number, to: number, out: number[], withFirst: boolean): void {
    const n = g.edgePointCount(e);
    if (scratch.cum.length < n) scratch = edgeScratch(2 * n);
    const {lon, lat, cum} = scratch;
    for (let i = 0; i < n; i++) {
        lon[i] = g.edgePointLon(e, i);
        lat[i] = g.edgePointLat(e, i);
    }
    // Cumulative metres along the polyline, scaled to edgeLength.
    cum[0] = 0;
    for (let i = 1; i < n; i++) {
        const kx = metersPerDegreeLon((lat[i] + lat[i - 1]) / 2);
        const dx = (lon[i] - lon[i - 1]) * kx, dy = (lat[i] - lat[i - 1]) * METERS_PER_DEGREE_LAT;
        cum[i] = cum[i - 1] + Math.sqrt(dx * dx + dy * dy);
    }
    const scale = cum[n - 1] > 0 ? g.edgeLength[e] / cum[n - 1] : 0;
    for (let i = 0; i < n; i++) cum[i] *= scale;
    if (withFirst) pushAt(out, n, from);
    if (from <= to) {
        for (let i = 1; i < n - 1; i++) if (cum[i] > from && cum[i] < to) push(out, lon[i], lat[i]);
    } else {
        for (let i = n - 2; i >= 1; i--) if (cum[i] < from && cum[i] > to) push(out, lon[i], lat[i]);
    }
    pushAt(out, n, to);
}

/** The points of the edge being cut (lon, lat, metres along it), reused from edge to edge. */
function edgeScratch(size: number) {
    return {lon: new Float64Array(size), lat: new Float64Array(size), cum: new Float64Array(size)};
}

let scratch = edgeScratch(64);

/** Appends the point `offset` metres along the scratch edge of `n` points. */
function pushAt(out: number[], n: number, offset: number): void {
    const {lon, lat, cum} = scratch;
    let i = 1;
    while (i < n - 1 && cum[i] < offset) i++;
    const span = cum[i] - cum[i - 1];
    const t = span > 0 ? Math.min(1, Math.max(0, (offset - cum[i - 1]) / span)) : 0;
    push(out, lon[i - 1] + (lon[i] - lon[i - 1]) * t, lat[i - 1] + (lat[i] - lat[i - 1]) * t);
}

/** Appends a point unless it repeats the last one. */
function push(out: number[], x: number, y: number): void {
    const k = out.length;
    if (k >= 2 && out[k - 2] === x && out[k - 1] === y) return;
    out.push(x, y);
}

/** Compass bearing in degrees (0 north, 90 east) from one point to another. */
export function bearing(lon1: number, lat1: number, lon2: number, lat2: number): number {
    const dx = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * Math.PI / 180);
    const dy = lat2 - lat1;
    const b = Math.atan2(dx, dy) * 180 / Math.PI;
    return b < 0 ? b + 360 : b;
}
