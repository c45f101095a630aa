// Administrative and postal-code boundaries, used at build time only: which municipality,
// district and postcode area a point lies in. Rings are never assembled: a point is inside an
// area when a ray from it to the east crosses the area's member ways an odd number of times,
// which holds for any set of ways forming closed rings (outer and inner alike).
//
// Extracts cut boundary ways at their bounding box, leaving rings open. The missing part of such
// an area inside the box runs along the box's edge, between dangling ends taken in perimeter
// order: either arcs 0→1, 2→3, ... or arcs 1→2, 3→4, ..., n-1→0. The area's centre (its
// admin_centre or label node, or a place of the same name) tells which; without one, the closure
// enclosing less of the box wins (most areas are smaller than the extract).
import Flatbush from 'flatbush';
import type {NodeStore} from '../../osm/node-store.js';

export const AREA_ADMIN = 0;
export const AREA_POSTAL = 1;

export interface AreaDraft {
    kind: number;
    /** admin_level (0 for postal areas). */
    level: number;
    /** Tags needed later: name, name:xx, postal_code, population. */
    tags: Record<string, string>;
    /** Member way ids (relations) or -1 with `refs` set (a closed way). */
    wayIds: number[];
    refs: Float64Array | null;
    /** admin_centre and label member nodes, in that order. */
    centreNodes: number[];
}

export interface Area {
    kind: number;
    level: number;
    tags: Record<string, string>;
    centreNodes: number[];
    /** Bounding box area in square degrees: the smaller of two nested areas is the inner one. */
    size: number;
    /** Mean of the boundary's vertices (a fallback label position). */
    meanLat: number;
    meanLon: number;
    minLat: number;
    minLon: number;
    maxLat: number;
    maxLon: number;
}

/** The valid areas (every member way and node present, rings closed) and a point-in-area index. */
export class AreaIndex {
    readonly areas: Area[] = [];
    private ax: Float64Array = new Float64Array(0);
    private ay: Float64Array = new Float64Array(0);
    private bx: Float64Array = new Float64Array(0);
    private by: Float64Array = new Float64Array(0);
    private edgeArea: Uint32Array = new Uint32Array(0);
    private index: Flatbush | null = null;
    private parity: Uint8Array = new Uint8Array(0);
    private maxX = 0;

    /**
     * extent: the extract's box [minLon, minLat, maxLon, maxLat] (where cut rings are closed);
     * centreOf: a point known to lie inside an area ([lat, lon]), or null.
     */
    constructor(drafts: AreaDraft[], wayRefs: Map<number, Float64Array>, nodes: NodeStore,
        extent: [number, number, number, number] | null, centreOf: (area: AreaDraft) => [number, number] | null) {
        const ax: number[] = [], ay: number[] = [], bx: number[] = [], by: number[] = [], owner: number[] = [];
        for (const d of drafts) {
            const ways: Float64Array[] = [];
            if (d.refs) ways.push(d.refs);
            let complete = true;
            for (const id of d.wayIds) {
                const refs = wayRefs.get(id);
                if (!refs) {
                    complete = false;
                    break;
                }
                ways.push(refs);
            }
            if (!complete || ways.length === 0) continue;
            const dangling = danglingEnds(ways);
            if (dangling.length > MAX_DANGLING_ENDS) continue;
            const start = ax.length;
            let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, sumLat = 0, sumLon = 0, n = 0;
            for (const refs of ways) {
                let px = NaN, py = NaN;
                for (let i = 0; i < refs.length; i++) {
                    const k = nodes.indexOf(refs[i]);
                    if (k < 0) {
                        complete = false;
                        break;
                    }
                    const x = nodes.lon[k] / 1e7, y = nodes.lat[k] / 1e7;
                    if (i > 0) {
                        ax.push(px);
                        ay.push(py);
                        bx.push(x);
                        by.push(y);
                    }
                    px = x;
                    py = y;
                    if (x < minX) minX = x;
                    if (x > maxX) maxX = x;
                    if (y < minY) minY = y;
                    if (y > maxY) maxY = y;
                    sumLat += y;
                    sumLon += x;
                    n++;
                }
                if (!complete) break;
            }
            if (!complete || n === 0) {
                ax.length = ay.length = bx.length = by.length = start;
                continue;
            }
            if (dangling.length > 0) {
                // Rings open inside the data are broken boundaries, not cut ones: left out.
                const ends: number[] = [];
                let atEdge = extent !== null && dangling.length % 2 === 0;
                for (let i = 0; i < dangling.length && atEdge; i++) {
                    const k = nodes.indexOf(dangling[i]);
                    const x = nodes.lon[k] / 1e7, y = nodes.lat[k] / 1e7;
                    ends.push(x, y);
                    atEdge = Math.min(x - extent![0], y - extent![1], extent![2] - x, extent![3] - y) <= EDGE_TOLERANCE;
                }
                if (!atEdge) {
                    ax.length = ay.length = bx.length = by.length = start;
                    continue;
                }
                closeAlongBox(ends, extent!, centreOf(d), start, ax, ay, bx, by);
            }
            // The box of the closed area (a cut area's closure runs along the extract's edge).
            for (let e = start; e < ax.length; e++) {
                minX = Math.min(minX, ax[e], bx[e]);
                maxX = Math.max(maxX, ax[e], bx[e]);
                minY = Math.min(minY, ay[e], by[e]);
                maxY = Math.max(maxY, ay[e], by[e]);
            }
            const a = this.areas.length;
            for (let e = start; e < ax.length; e++) owner.push(a);
            this.areas.push({kind: d.kind, level: d.level, tags: d.tags, centreNodes: d.centreNodes,
                size: (maxX - minX) * (maxY - minY), meanLat: sumLat / n, meanLon: sumLon / n, minLat: minY, minLon: minX, maxLat: maxY, maxLon: maxX});
        }
        if (ax.length === 0) return;
        this.ax = Float64Array.from(ax);
        this.ay = Float64Array.from(ay);
        this.bx = Float64Array.from(bx);
        this.by = Float64Array.from(by);
        this.edgeArea = Uint32Array.from(owner);
        this.parity = new Uint8Array(this.areas.length);
        const index = new Flatbush(ax.length);
        for (let e = 0; e < ax.length; e++) {
            index.add(Math.min(ax[e], bx[e]), Math.min(ay[e], by[e]), Math.max(ax[e], bx[e]), Math.max(ay[e], by[e]));
        }
        index.finish();
        this.index = index;
        this.maxX = index.maxX;
    }

    /**
     * Share of area a's interior for which `inside` holds, from a grid of points over its box (a
     * municipality across the border: little). 1 when the grid misses the area.
     */
    interiorShare(a: number, inside: (lat: number, lon: number) => boolean): number {
        const area = this.areas[a];
        const hits: number[] = [];
        let total = 0, yes = 0;
        for (let i = 0; i < 24; i++) {
            for (let j = 0; j < 24; j++) {
                const lon = area.minLon + (i + 0.5) * (area.maxLon - area.minLon) / 24;
                const lat = area.minLat + (j + 0.5) * (area.maxLat - area.minLat) / 24;
                if (!this.containing(lat, lon, hits).includes(a)) continue;
                total++;
                if (inside(lat, lon)) yes++;
            }
        }
        return total ? yes / total : 1;
    }

    /** Indices of the areas containing the point, into `out` (cleared first). */
    containing(lat: number, lon: number, out: number[]): number[] {
        out.length = 0;
        if (this.index === null) return out;
        const {ax, ay, bx, by, edgeArea, parity} = this;
        // Edges whose box meets the ray from the point to the east.
        const edges = this.index.search(lon, lat, this.maxX, lat);
        for (let i = 0; i < edges.length; i++) {
            const e = edges[i];
            const y1 = ay[e], y2 = by[e];
            if ((y1 > lat) === (y2 > lat)) continue;
            const x = ax[e] + (lat - y1) / (y2 - y1) * (bx[e] - ax[e]);
            if (x > lon) parity[edgeArea[e]] ^= 1;
        }
        for (let i = 0; i < edges.length; i++) {
            const a = edgeArea[edges[i]];
            if (parity[a]) {
                out.push(a);
                parity[a] = 0;
            }
        }
        return out;
    }
}

/** How far (degrees) from the extract's box a cut way may end: the last node kept inside it. */
const EDGE_TOLERANCE = 0.01;
/** Most dangling way ends an area may have and still be closed along the extract's box. */
const MAX_DANGLING_ENDS = 12;

/** Way ends not shared by an even number of way ends: where rings are open (none when the ways close). */
function danglingEnds(ways: Float64Array[]): number[] {
    const ends = new Map<number, number>();
    for (const refs of ways) {
        if (refs.length < 2) continue;
        ends.set(refs[0], (ends.get(refs[0]) ?? 0) + 1);
        ends.set(refs[refs.length - 1], (ends.get(refs[refs.length - 1]) ?? 0) + 1);
    }
    const out: number[] = [];
    for (const [id, n] of ends) if (n % 2 !== 0) out.push(id);
    return out;
}

/**
 * Adds the edges closing an area cut by the extract's box: from each dangling end to the box's
 * edge, along it (through its corners), and back to the paired end. The area's edges so far are
 * ax..by[start..]; ends holds x, y of the dangling ends.
 */
function closeAlongBox(ends: number[], extent: [number, number, number, number], centre: [number, number] | null, start: number,
    ax: number[], ay: number[], bx: number[], by: number[]): void {
    const [minX, minY, maxX, maxY] = extent;
    const w = maxX - minX, h = maxY - minY, perimeter = 2 * (w + h);
    // Position along the box's edge, counter-clockwise from the south-west corner.
    const along = (x: number, y: number): number => {
        const m = Math.min(y - minY, maxX - x, maxY - y, x - minX);
        if (m === y - minY) return clamp(x - minX, 0, w);
        if (m === maxX - x) return w + clamp(y - minY, 0, h);
        if (m === maxY - y) return w + h + clamp(maxX - x, 0, w);
        return 2 * w + h + clamp(maxY - y, 0, h);
    };
    const pointAt = (t: number): [number, number] => {
        t = ((t % perimeter) + perimeter) % perimeter;
        if (t <= w) return [minX + t, minY];
        if (t <= w + h) return [maxX, minY + t - w];
        if (t <= 2 * w + h) return [maxX - (t - w - h), maxY];
        return [minX, maxY - (t - 2 * w - h)];
    };
    const corners = [0, w, w + h, 2 * w + h];
    const n = ends.length / 2;
    const order = Array.from({length: n}, (_, i) => i);
    const ts = order.map((i) => along(ends[2 * i], ends[2 * i + 1]));
    order.sort((a, b) => ts[a] - ts[b]);
    const closure = (shift: number): number[] => {
        const path: number[] = []; // x1, y1, x2, y2 per edge
        for (let j = shift; j < n + shift; j += 2) {
            const a = order[j % n], b = order[(j + 1) % n];
            const t1 = ts[a];
            let t2 = ts[b];
            if (t2 < t1) t2 += perimeter;
            const pts: [number, number][] = [[ends[2 * a], ends[2 * a + 1]], pointAt(t1)];
            for (const c of corners) {
                for (const cc of [c, c + perimeter]) if (cc > t1 && cc < t2) pts.push(pointAt(cc));
            }
            pts.push(pointAt(t2), [ends[2 * b], ends[2 * b + 1]]);
            for (let k = 1; k < pts.length; k++) path.push(pts[k - 1][0], pts[k - 1][1], pts[k][0], pts[k][1]);
        }
        return path;
    };
    const options = [closure(0), closure(1)];
    const insideWith = (path: number[], x: number, y: number): boolean => {
        let odd = false;
        const cross = (x1: number, y1: number, x2: number, y2: number) => {
            if ((y1 > y) !== (y2 > y) && x < x1 + (y - y1) / (y2 - y1) * (x2 - x1)) odd = !odd;
        };
        for (let e = start; e < ax.length; e++) cross(ax[e], ay[e], bx[e], by[e]);
        for (let e = 0; e < path.length; e += 4) cross(path[e], path[e + 1], path[e + 2], path[e + 3]);
        return odd;
    };
    let pick = -1;
    if (centre) {
        const inside = options.map((p) => insideWith(p, centre[1], centre[0]));
        if (inside[0] !== inside[1]) pick = inside[0] ? 0 : 1;
    }
    if (pick < 0) {
        // The closure enclosing fewer points of a grid over the box.
        const count = [0, 0];
        for (let i = 0; i < 16; i++) {
            for (let j = 0; j < 16; j++) {
                const x = minX + (i + 0.5) * w / 16, y = minY + (j + 0.5) * h / 16;
                for (let o = 0; o < 2; o++) if (insideWith(options[o], x, y)) count[o]++;
            }
        }
        pick = count[0] <= count[1] ? 0 : 1;
    }
    const path = options[pick];
    for (let e = 0; e < path.length; e += 4) {
        ax.push(path[e]);
        ay.push(path[e + 1]);
        bx.push(path[e + 2]);
        by.push(path[e + 3]);
    }
}

function clamp(v: number, lo: number, hi: number): number {
    return v < lo ? lo : v > hi ? hi : v;
}
