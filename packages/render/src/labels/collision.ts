// Label and icon collisions: placed boxes (device pixels) in a uniform grid, so a new box is tested
// only against the boxes of the cells it covers. Like mapbox's grid-index, without the circles.
// As in MapLibre's collision index, the grid reaches `margin` pixels beyond the frame: a label cut by
// the frame's edge still takes its place (it is not drawn, but it refuses the labels it would cover).
const CELL = 64;

export class CollisionGrid {
    private readonly columns: number;
    private readonly rows: number;
    private readonly cells: number[][];
    private boxes = new Float32Array(4 * 256);
    private count = 0;
    /** The frame (what is drawn) and the margin around it where boxes still count. */
    readonly width: number;
    readonly height: number;
    readonly margin: number;

    constructor(width: number, height: number, margin = 0) {
        this.width = width;
        this.height = height;
        this.margin = margin;
        this.columns = Math.max(1, Math.ceil((width + 2 * margin) / CELL));
        this.rows = Math.max(1, Math.ceil((height + 2 * margin) / CELL));
        this.cells = new Array(this.columns * this.rows);
        for (let i = 0; i < this.cells.length; i++) this.cells[i] = [];
    }

    /** Whether a box lies wholly inside the frame (it can be drawn). */
    inFrame(minX: number, minY: number, maxX: number, maxY: number): boolean {
        return minX >= 0 && minY >= 0 && maxX <= this.width && maxY <= this.height;
    }

    /** Whether a box is inside the frame with its margin and free of placed boxes. */
    fits(minX: number, minY: number, maxX: number, maxY: number): boolean {
        const m = this.margin;
        if (minX < -m || minY < -m || maxX > this.width + m || maxY > this.height + m) return false;
        const c0 = Math.floor((minX + m) / CELL), c1 = Math.min(this.columns - 1, Math.floor((maxX + m) / CELL));
        const r0 = Math.floor((minY + m) / CELL), r1 = Math.min(this.rows - 1, Math.floor((maxY + m) / CELL));
        const b = this.boxes;
        for (let r = r0; r <= r1; r++) {
            for (let c = c0; c <= c1; c++) {
                const cell = this.cells[r * this.columns + c];
                for (let k = 0; k < cell.length; k++) {
                    const i = cell[k] * 4;
                    if (minX < b[i + 2] && maxX > b[i] && minY < b[i + 3] && maxY > b[i + 1]) return false;
                }
            }
        }
        return true;
    }

    /** Places a box (clamped to the frame). */
    insert(minX: number, minY: number, maxX: number, maxY: number): void {
        if (this.count * 4 === this.boxes.length) {
            const next = new Float32Array(this.boxes.length * 2);
            next.set(this.boxes);
            this.boxes = next;
        }
        const id = this.count++;
        this.boxes[id * 4] = minX;
        this.boxes[id * 4 + 1] = minY;
        this.boxes[id * 4 + 2] = maxX;
        this.boxes[id * 4 + 3] = maxY;
        const m = this.margin;
        const c0 = Math.max(0, Math.floor((minX + m) / CELL)), c1 = Math.min(this.columns - 1, Math.floor((maxX + m) / CELL));
        const r0 = Math.max(0, Math.floor((minY + m) / CELL)), r1 = Math.min(this.rows - 1, Math.floor((maxY + m) / CELL));
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.columns + c].push(id);
    }
}
