// Snapping a position onto the road network of a mode: the nearest point on an edge that mode
// may use (never on an island, never on a ferry line: one boards at a port, not at sea), with
// where along the edge it lies.
import {flatMeters, metersPerDegreeLon, METERS_PER_DEGREE_LAT} from '../geo/distance.js';
import {FERRY_CLASS} from './profiles.js';
import type {RoadGraph} from './road-graph.js';

/** Positions farther than this from every usable road are refused (metres). */
export const MAX_SNAP_METERS = 1000;
const RADII = [30, 120, 400, 1000];

export interface Snap {
    edge: number;
    /** Metres from the edge's start (edgeFrom) along its geometry to the snapped point. */
    offset: number;
    /** The edge's length in metres (edgeLength). */
    length: number;
    lat: number;
    lon: number;
    /** Straight-line metres from the position to the snapped point. */
    distance: number;
}

export class Snapper {
    private readonly candidates: number[] = [];

    constructor(private readonly graph: RoadGraph) {}

    /** The nearest usable point for `mode`, or null when none lies within maxMeters. */
    snap(lat: number, lon: number, mode: number, maxMeters = MAX_SNAP_METERS): Snap | null {
        const g = this.graph;
        const kx = metersPerDegreeLon(lat), ky = METERS_PER_DEGREE_LAT;
        const bit = 1 << mode;
        let bestD2 = Infinity, bestEdge = -1, bestSeg = -1, bestT = 0;
        for (const radius of RADII) {
            const r = Math.min(radius, maxMeters);
            const dLat = r / ky, dLon = r / kx;
            const found = g.edgeIndex.search(lon - dLon, lat - dLat, lon + dLon, lat + dLat, (e) => (g.edgeModes[e] & bit) !== 0 && g.edgeClass[e] !== FERRY_CLASS);
            for (const e of found) {
                // Walk the edge's polyline in local metres around the position.
                const n = g.edgePointCount(e);
                let px = (g.edgePointLon(e, 0) - lon) * kx, py = (g.edgePointLat(e, 0) - lat) * ky;
                for (let s = 1; s < n; s++) {
                    const qx = (g.edgePointLon(e, s) - lon) * kx, qy = (g.edgePointLat(e, s) - lat) * ky;
                    const dx = qx - px, dy = qy - py;
                    const len2 = dx * dx + dy * dy;
                    let t = len2 > 0 ? -(px * dx + py * dy) / len2 : 0;
                    if (t < 0) t = 0;
                    else if (t > 1) t = 1;
                    const cx = px + t * dx, cy = py + t * dy;
                    const d2 = cx * cx + cy * cy;
                    if (d2 < bestD2) {
                        bestD2 = d2;
                        bestEdge = e;
                        bestSeg = s - 1;
                        bestT = t;
                    }
                    px = qx;
                    py = qy;
                }
            }
            // Anything beyond the searched radius could be nearer than a candidate found past it.
            if (bestEdge >= 0 && bestD2 <= r * r) break;
            if (r >= maxMeters) break;
        }
        if (bestEdge < 0 || bestD2 > maxMeters * maxMeters) return null;
        return this.describe(bestEdge, bestSeg, bestT, Math.sqrt(bestD2));
    }

    private describe(e: number, seg: number, t: number, distance: number): Snap {
        const g = this.graph;
        const n = g.edgePointCount(e);
        // Offset along the edge, scaled so that the whole polyline measures edgeLength exactly.
        let before = 0, total = 0, segLen = 0;
        for (let s = 1; s < n; s++) {
            const d = flatMeters(g.edgePointLat(e, s - 1), g.edgePointLon(e, s - 1), g.edgePointLat(e, s), g.edgePointLon(e, s));
            if (s - 1 < seg) before += d;
            if (s - 1 === seg) segLen = d;
            total += d;
        }
        const length = g.edgeLength[e];
        const scale = total > 0 ? length / total : 0;
        const aLat = g.edgePointLat(e, seg), aLon = g.edgePointLon(e, seg);
        const bLat = g.edgePointLat(e, seg + 1), bLon = g.edgePointLon(e, seg + 1);
        return {
            edge: e,
            offset: Math.min(length, (before + t * segLen) * scale),
            length,
            lat: aLat + (bLat - aLat) * t,
            lon: aLon + (bLon - aLon) * t,
            distance
        };
    }
}

