// Rings of [lon, lat] positions (GeoJSON order, closed: the first position repeated last):
// area, point in ring or polygon (even-odd), Douglas-Peucker simplification in degrees.
import {segmentDistance2} from './planar.js';

/** A closed ring of [lon, lat] positions. */
export type Ring = number[][];

/** A GeoJSON MultiPolygon: polygons of an exterior ring and its holes. */
export interface MultiPolygonGeometry {
    type: 'MultiPolygon';
    coordinates: Ring[][];
}

/** Signed area in squared degrees scaled by cos(lat) (positive: counter-clockwise). */
export function signedArea(ring: Ring): number {
    let a = 0;
    const k = Math.cos((ring[0][1] * Math.PI) / 180);
    for (let i = 0; i + 1 < ring.length; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    return (a / 2) * k;
}

export function pointInRing(x: number, y: number, ring: Ring): boolean {
    let inside = false;
    for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
        const xi = ring[i][0], yi = ring[i][1], xj = ring[j][0], yj = ring[j][1];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
}

/** Whether a position lies inside a polygon given as rings (exterior and holes), by the even-odd rule. */
export function pointInPolygon(x: number, y: number, rings: Ring[]): boolean {
    let inside = false;
    for (const ring of rings) if (pointInRing(x, y, ring)) inside = !inside;
    return inside;
}

/** Douglas-Peucker on a closed ring (tolerance in degrees of latitude; longitudes scaled). May return fewer than 4 positions: the caller drops such rings. */
export function simplifyDegreeRing(ring: Ring, tolerance: number): Ring {
    const n = ring.length;
    if (n <= 5) return ring;
    const k = Math.cos((ring[0][1] * Math.PI) / 180);
    const keep = new Uint8Array(n);
    // Split the ring at its first point and the point farthest from it, then simplify both halves.
    let far = 0, farD = -1;
    for (let i = 1; i < n - 1; i++) {
        const dx = (ring[i][0] - ring[0][0]) * k, dy = ring[i][1] - ring[0][1];
        const d = dx * dx + dy * dy;
        if (d > farD) {
            farD = d;
            far = i;
        }
    }
    keep[0] = keep[far] = keep[n - 1] = 1;
    const tol2 = tolerance * tolerance;
    const stack = [0, far, far, n - 1];
    while (stack.length) {
        const last = stack.pop()!, first = stack.pop()!;
        let maxD = -1, index = -1;
        const ax = ring[first][0] * k, ay = ring[first][1], bx = ring[last][0] * k, by = ring[last][1];
        const dx = bx - ax, dy = by - ay;
        for (let i = first + 1; i < last; i++) {
            // Relative to the first point (the same arithmetic as before the distance was shared).
            const d = segmentDistance2(ring[i][0] * k - ax, ring[i][1] - ay, 0, 0, dx, dy);
            if (d > maxD) {
                maxD = d;
                index = i;
            }
        }
        if (maxD > tol2) {
            keep[index] = 1;
            stack.push(first, index, index, last);
        }
    }
    const out: Ring = [];
    for (let i = 0; i < n; i++) if (keep[i]) out.push(ring[i]);
    return out;
}
