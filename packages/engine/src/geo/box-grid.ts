// Boxes filed in the cells of a square grid (flat metres), for the boxes near a small box asked many times over: a few
// cells looked at, no tree walked. Built by counting (no sort); each box in every cell it meets, grown by a margin.
import {Growable} from '../format/growable.js';

/** Cells at most: larger cells when the boxes spread wider. */
const MAX_CELLS = 1 << 24;

export class BoxGrid {
    private readonly x0: number;
    private readonly y0: number;
    private readonly cell: number;
    private readonly cols: number;
    private readonly rows: number;
    /** Cell k holds items[start[k] .. start[k + 1]). */
    private readonly start: Uint32Array;
    private readonly items: Uint32Array;
    /** The search each item was last found by (each found once). */
    private readonly seen: Uint32Array;
    private searches = 0;

    /** Box i: minX[i], minY[i], maxX[i], maxY[i]; margin: how much each is grown (more than any rounding of the boxes asked about). */
    constructor(minX: Float64Array, minY: Float64Array, maxX: Float64Array, maxY: Float64Array, cellSize: number, private readonly margin: number) {
        const n = minX.length;
        const [x0, x1] = span(minX, maxX), [y0, y1] = span(minY, maxY);
        const empty = !(x0 <= x1 && y0 <= y1);
        this.x0 = empty ? 0 : x0 - margin;
        this.y0 = empty ? 0 : y0 - margin;
        const w = empty ? 0 : x1 - x0 + 2 * margin, h = empty ? 0 : y1 - y0 + 2 * margin;
        this.cell = Math.max(cellSize, Math.sqrt((w * h) / MAX_CELLS));
        this.cols = empty ? 0 : Math.floor(w / this.cell) + 1;
        this.rows = empty ? 0 : Math.floor(h / this.cell) + 1;
        const start = this.start = new Uint32Array(this.cols * this.rows + 1);
        const filed = new Growable(Uint32Array);
        // Counted, then filled in item order (a cell's items ascending).
        for (let pass = 0; pass < 2; pass++) {
            const at = pass === 1 ? start.slice() : null;
            if (at) filed.reserve(start[start.length - 1]);
            for (let i = 0; i < n; i++) {
                if (!(minX[i] <= maxX[i] && minY[i] <= maxY[i])) continue;
                const c0 = this.col(minX[i] - margin), c1 = this.col(maxX[i] + margin), r0 = this.row(minY[i] - margin), r1 = this.row(maxY[i] + margin);
                for (let r = r0; r <= r1; r++) {
                    for (let c = c0; c <= c1; c++) {
                        if (at) filed.data[at[r * this.cols + c]++] = i;
                        else start[r * this.cols + c + 1]++;
                    }
                }
            }
            if (pass === 0) for (let k = 0; k + 1 < start.length; k++) start[k + 1] += start[k];
        }
        this.items = filed.data;
        this.seen = new Uint32Array(n);
    }

    private col(x: number): number {
        return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)));
    }

    private row(y: number): number {
        return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)));
    }

    /** Into `out` (cleared first), once each: every item whose box (grown by the margin) meets this box; some others besides. */
    search(minX: number, minY: number, maxX: number, maxY: number, out: number[]): number[] {
        out.length = 0;
        if (this.cols === 0 || !(minX <= maxX && minY <= maxY)) return out;
        const stamp = ++this.searches;
        const c0 = this.col(minX), c1 = this.col(maxX), r0 = this.row(minY), r1 = this.row(maxY);
        for (let r = r0; r <= r1; r++) {
            for (let c = c0; c <= c1; c++) {
                const k = r * this.cols + c;
                for (let j = this.start[k]; j < this.start[k + 1]; j++) {
                    const i = this.items[j];
                    if (this.seen[i] === stamp) continue;
                    this.seen[i] = stamp;
                    out.push(i);
                }
            }
        }
        return out;
    }
}

/** The least of `low` and the greatest of `high` (Infinity, -Infinity when empty). */
function span(low: Float64Array, high: Float64Array): [number, number] {
    let least = Infinity, greatest = -Infinity;
    for (let i = 0; i < low.length; i++) {
        if (low[i] < least) least = low[i];
        if (high[i] > greatest) greatest = high[i];
    }
    return [least, greatest];
}
