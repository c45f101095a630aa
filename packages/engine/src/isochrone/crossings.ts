// Whether the rings of a polygon cross themselves or each other: simplifying a contour that runs
// along a narrow arm can fold a ring over itself, which GeoJSON readers reject. Segments are
// bucketed on a grid over the rings' box, so the check costs about the segment count, not its square.
import type {Ring} from '../geo/ring.js';

export function ringsCross(rings: Ring[]): boolean {
    let count = 0, minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const ring of rings) {
        count += Math.max(0, ring.length - 1);
        for (const [x, y] of ring) {
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
    }
    if (count < 4) return false;
    // Segment s: ring ringOf[s], from point indexOf[s] to the next.
    const ringOf = new Uint32Array(count), indexOf = new Uint32Array(count);
    let s = 0;
    for (let r = 0; r < rings.length; r++) for (let i = 0; i + 1 < rings[r].length; i++, s++) {
        ringOf[s] = r;
        indexOf[s] = i;
    }
    const side = Math.max(1, Math.ceil(Math.sqrt(count / 2)));
    const sx = side / Math.max(maxX - minX, 1e-12), sy = side / Math.max(maxY - minY, 1e-12);
    const cell = (v: number, min: number, scale: number) => Math.min(side - 1, Math.floor((v - min) * scale));
    const buckets: number[][] = Array.from({length: side * side}, () => []);
    for (let k = 0; k < count; k++) {
        const ring = rings[ringOf[k]], a = ring[indexOf[k]], b = ring[indexOf[k] + 1];
        const x0 = cell(Math.min(a[0], b[0]), minX, sx), x1 = cell(Math.max(a[0], b[0]), minX, sx);
        const y0 = cell(Math.min(a[1], b[1]), minY, sy), y1 = cell(Math.max(a[1], b[1]), minY, sy);
        for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) buckets[y * side + x].push(k);
    }
    for (const bucket of buckets) {
        for (let i = 0; i < bucket.length; i++) {
            for (let j = i + 1; j < bucket.length; j++) {
                const p = bucket[i], q = bucket[j];
                const rp = rings[ringOf[p]], rq = rings[ringOf[q]];
                if (segmentsCross(rp[indexOf[p]], rp[indexOf[p] + 1], rq[indexOf[q]], rq[indexOf[q] + 1])) return true;
            }
        }
    }
    return false;
}

/** Proper crossing: each segment's ends strictly on both sides of the other (shared ends do not count). */
function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
    const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    return o1 * o2 < 0 && o3 * o4 < 0;
}

function orient(p: number[], q: number[], r: number[]): number {
    return Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
}
