// The collision circles of a label along a line, as MapLibre's placeCollisionCircles
// (symbol/collision_index.ts) makes them: the line from the first glyph's centre to the last's, cut
// to the screen and its margin, each piece covered by evenly spread circles at most 2.5 radii apart,
// a quarter radius in from each end. The radius is half the label's line height (1.2 em at the layout
// size) plus text-padding.
import {clipLine} from './clip-line.js';
import type {ProjectedLine} from './line-anchors.js';

const MAX_POINTS = 4096;
/** Scratch: the path under the label, and its pieces on screen. */
const PATH_X = new Float64Array(MAX_POINTS);
const PATH_Y = new Float64Array(MAX_POINTS);
/** The path's bounds: min x, min y, max x, max y. */
const PATH_BOUNDS = new Float64Array(4);
const PIECES = {x: new Float64Array(MAX_POINTS), y: new Float64Array(MAX_POINTS), starts: [] as number[]};

/** Circles' centres (device pixels), how many, and whether the screen's edge cut the path. */
export interface Circles {
    x: Float64Array;
    y: Float64Array;
    count: number;
    clipped: boolean;
}

/**
 * Writes to `out` the circles of radius `radius` along the projected line from `from` to `to` pixels,
 * the path first cut to `screen` [x1, y1, x2, y2] (the frame with MapLibre's viewport padding).
 */
export function lineCircles(line: ProjectedLine, n: number, from: number, to: number, radius: number, screen: readonly number[], out: Circles): void {
    out.count = 0;
    out.clipped = false;
    const m = pathBetween(line, n, from, to);
    const [minX, minY, maxX, maxY] = PATH_BOUNDS;
    const [x1, y1, x2, y2] = screen;
    if (minX >= x1 && maxX <= x2 && minY >= y1 && maxY <= y2) {
        piece(PATH_X, PATH_Y, 0, m, radius, out);
        return;
    }
    out.clipped = true;
    if (maxX < x1 || minX > x2 || maxY < y1 || minY > y2) return;
    const pieces = clipLine(PATH_X, PATH_Y, 0, m, [x1, y1, x2, y2], PIECES);
    for (let q = 0; q < pieces; q++) piece(PIECES.x, PIECES.y, PIECES.starts[q], PIECES.starts[q + 1], radius, out);
}

/** Copies the line from `from` to `to` pixels along it into PATH_X, PATH_Y (bounds to PATH_BOUNDS); returns the point count. */
function pathBetween(line: ProjectedLine, n: number, from: number, to: number): number {
    const {px, py, cum} = line;
    let i = 1;
    while (i < n - 1 && cum[i] < from) i++;
    let m = 0;
    PATH_BOUNDS.set([Infinity, Infinity, -Infinity, -Infinity]);
    const put = (x: number, y: number) => {
        PATH_X[m] = x;
        PATH_Y[m++] = y;
        PATH_BOUNDS[0] = Math.min(PATH_BOUNDS[0], x);
        PATH_BOUNDS[1] = Math.min(PATH_BOUNDS[1], y);
        PATH_BOUNDS[2] = Math.max(PATH_BOUNDS[2], x);
        PATH_BOUNDS[3] = Math.max(PATH_BOUNDS[3], y);
    };
    const at = (k: number, s: number) => {
        const seg = cum[k] - cum[k - 1];
        const t = seg > 0 ? Math.min(1, Math.max(0, (s - cum[k - 1]) / seg)) : 0;
        put(px[k - 1] + (px[k] - px[k - 1]) * t, py[k - 1] + (py[k] - py[k - 1]) * t);
    };
    at(i, from);
    for (; i < n - 1 && cum[i] < to && m < MAX_POINTS - 1; i++) put(px[i], py[i]);
    at(i, to);
    return m;
}

/** Circles along the points [s, e) of xs, ys (PathInterpolator with a quarter radius of padding). */
function piece(xs: Float64Array, ys: Float64Array, s: number, e: number, radius: number, out: Circles): void {
    if (e - s < 1) return;
    let length = 0;
    for (let i = s + 1; i < e; i++) length += Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]);
    const padding = Math.min(radius * 0.25, length * 0.5), padded = length - 2 * padding;
    const count = length <= 0.5 * radius ? 1 : Math.ceil(padded / (radius * 2.5)) + 1;
    let i = s + 1, before = 0;
    for (let k = 0; k < count && out.count < out.x.length; k++) {
        const target = (k / Math.max(count - 1, 1)) * padded + padding;
        if (e - s === 1) {
            out.x[out.count] = xs[s];
            out.y[out.count++] = ys[s];
            continue;
        }
        // The segment holding the target distance (targets only grow).
        let seg = Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]);
        while (before + seg < target && i < e - 1) {
            before += seg;
            i++;
            seg = Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]);
        }
        const t = seg > 0 ? (target - before) / seg : 0;
        out.x[out.count] = xs[i - 1] + (xs[i] - xs[i - 1]) * t;
        out.y[out.count++] = ys[i - 1] + (ys[i] - ys[i - 1]) * t;
    }
}
