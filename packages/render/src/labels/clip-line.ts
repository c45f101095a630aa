// MapLibre's clipLine (symbol/clip_line.ts), as its symbol layout calls it for line placement: a line
// cut to its tile's own square [x0, x1) × [y0, y1), in pieces. Anchors are then sought on each piece,
// and a piece that starts on the square's edge is one the neighbouring tile continues.

/**
 * Clips the points [c0, c1) of xs, ys to the box; writes the pieces' points to out.x, out.y from 0 and
 * each piece's start to starts (with the end after the last). Returns the number of pieces.
 */
export function clipLine(xs: Float64Array, ys: Float64Array, c0: number, c1: number, box: [number, number, number, number],
    out: {x: Float64Array; y: Float64Array; starts: number[]}): number {
    const [x1, y1, x2, y2] = box;
    let n = 0, pieces = 0;
    out.starts.length = 0;
    const push = (x: number, y: number) => {
        if (n >= out.x.length) return;
        out.x[n] = x;
        out.y[n] = y;
        n++;
    };
    for (let i = c0; i < c1 - 1; i++) {
        SEG[0] = xs[i];
        SEG[1] = ys[i];
        SEG[2] = xs[i + 1];
        SEG[3] = ys[i + 1];
        // MapLibre's order: the left edge, the top, the right, the bottom.
        if (!cutAt(0, x1, true) || !cutAt(1, y1, true) || !cutAt(0, x2, false) || !cutAt(1, y2, false)) continue;
        const ax = SEG[0], ay = SEG[1], bx = SEG[2], by = SEG[3];
        // A new piece unless this segment starts where the last one ended.
        if (pieces === 0 || n === 0 || out.x[n - 1] !== ax || out.y[n - 1] !== ay) {
            out.starts.push(n);
            pieces++;
            push(ax, ay);
        }
        push(bx, by);
    }
    out.starts.push(n);
    return pieces;
}

/** The segment being cut: ax, ay, bx, by. */
const SEG = new Float64Array(4);

/**
 * Cuts SEG to one side of an edge x = bound (axis 0) or y = bound (axis 1), keeping coordinates
 * >= bound (`min`) or < bound; false when the whole segment lies beyond it.
 */
function cutAt(axis: 0 | 1, bound: number, min: boolean): boolean {
    const a = SEG[axis], b = SEG[2 + axis];
    const outA = min ? a < bound : a >= bound, outB = min ? b < bound : b >= bound;
    if (outA && outB) return false;
    if (outA || outB) {
        const o = 1 - axis;
        const other = SEG[o] + (SEG[2 + o] - SEG[o]) * ((bound - a) / (b - a));
        const end = outA ? 0 : 2;
        SEG[end + axis] = bound;
        SEG[end + o] = other;
    }
    return true;
}
