// MapLibre's clipLine (symbol/clip_line.ts), as its symbol layout calls it for line placement: a line
// cut to its tile's own square [x0, x1) × [y0, y1), in pieces. Anchors are then sought on each piece,
// and a piece that starts on the square's edge is one the neighbouring tile continues.

/**
 * Clips the points [c0, c1) of xs, ys to the box; writes the pieces' points to outX, outY from 0 and
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
        let ax = xs[i], ay = ys[i], bx = xs[i + 1], by = ys[i + 1];
        if (ax < x1 && bx < x1) continue;
        if (ax < x1) {
            ay += (by - ay) * ((x1 - ax) / (bx - ax));
            ax = x1;
        } else if (bx < x1) {
            by = ay + (by - ay) * ((x1 - ax) / (bx - ax));
            bx = x1;
        }
        if (ay < y1 && by < y1) continue;
        if (ay < y1) {
            ax += (bx - ax) * ((y1 - ay) / (by - ay));
            ay = y1;
        } else if (by < y1) {
            bx = ax + (bx - ax) * ((y1 - ay) / (by - ay));
            by = y1;
        }
        if (ax >= x2 && bx >= x2) continue;
        if (ax >= x2) {
            ay += (by - ay) * ((x2 - ax) / (bx - ax));
            ax = x2;
        } else if (bx >= x2) {
            by = ay + (by - ay) * ((x2 - ax) / (bx - ax));
            bx = x2;
        }
        if (ay >= y2 && by >= y2) continue;
        if (ay >= y2) {
            ax += (bx - ax) * ((y2 - ay) / (by - ay));
            ay = y2;
        } else if (by >= y2) {
            bx = ax + (bx - ax) * ((y2 - ay) / (by - ay));
            by = y2;
        }
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
