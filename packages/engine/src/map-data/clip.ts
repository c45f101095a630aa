// Cutting large geometry into grid cells at build time, so that a view reads only the pieces it
// draws: rings are clipped to each cell (Sutherland–Hodgman, which keeps even-odd fills right for any
// ring), lines are split into runs of bounded length.

/**
 * Clips a closed ring (interleaved, first point repeated last) to a rectangle. Returns the clipped
 * closed ring, or null when nothing is left. Concave rings may come back with zero-width bridges along
 * the rectangle's edges; filled with the even-odd rule they cover exactly the clipped area.
 */
export function clipRing(ring: Int32Array, minX: number, minY: number, maxX: number, maxY: number): Int32Array | null {
    let pts: number[] = [];
    for (let i = 0; i + 1 < ring.length - 2; i += 2) pts.push(ring[i], ring[i + 1]);
    pts = clipEdge(pts, 0, minX, false);
    pts = clipEdge(pts, 0, maxX, true);
    pts = clipEdge(pts, 1, minY, false);
    pts = clipEdge(pts, 1, maxY, true);
    if (pts.length < 6) return null;
    const out = new Int32Array(pts.length + 2);
    for (let i = 0; i < pts.length; i++) out[i] = pts[i];
    out[pts.length] = pts[0];
    out[pts.length + 1] = pts[1];
    return out;
}

/** One half-plane: axis 0 (x) or 1 (y), keeping values >= bound (or <= bound when `upper`). */
function clipEdge(pts: number[], axis: number, bound: number, upper: boolean): number[] {
    const out: number[] = [];
    const n = pts.length >> 1;
    if (n === 0) return out;
    const inside = (i: number) => (upper ? pts[i * 2 + axis] <= bound : pts[i * 2 + axis] >= bound);
    for (let i = 0; i < n; i++) {
        const j = (i + n - 1) % n;
        const inI = inside(i), inJ = inside(j);
        if (inI !== inJ) {
            const ax = pts[j * 2], ay = pts[j * 2 + 1], bx = pts[i * 2], by = pts[i * 2 + 1];
            const a = axis === 0 ? ax : ay, b = axis === 0 ? bx : by;
            const t = (bound - a) / (b - a);
            if (axis === 0) out.push(bound, Math.round(ay + (by - ay) * t));
            else out.push(Math.round(ax + (bx - ax) * t), bound);
        }
        if (inI) out.push(pts[i * 2], pts[i * 2 + 1]);
    }
    return out;
}

/** Splits a line into runs of at most `maxPoints` points that share their end points. */
export function splitLine(line: Int32Array, maxPoints: number): Int32Array[] {
    const n = line.length >> 1;
    if (n <= maxPoints) return [line];
    const out: Int32Array[] = [];
    for (let start = 0; start < n - 1; start += maxPoints - 1) {
        const end = Math.min(n, start + maxPoints);
        out.push(line.slice(start * 2, end * 2));
    }
    return out;
}
