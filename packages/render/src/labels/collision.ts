// Label and icon collisions: placed boxes (device pixels) in a uniform grid, so a new box is tested
// only against the boxes of the cells it covers. Like mapbox's grid-index, without the circles.
const CELL = 64;

export class CollisionGrid {
    private readonly columns: number;
    private readonly rows: number;
    private readonly cells: number[][];
    private boxes = new Float32Array(4 * 256);
    private count = 0;
    /** Boxes only count inside this frame; anything reaching outside it is refused. */
    private readonly width: number;
    private readonly height: number;

    constructor(width: number, height: number) {
        this.width = width;
        this.height = height;
        this.columns = Math.max(1, Math.ceil(width / CELL));
        this.rows = Math.max(1, Math.ceil(height / CELL));
        this.cells = new Array(this.columns * this.rows);
        for (let i = 0; i < this.cells.length; i++) this.cells[i] = [];
    }

    /** Whether a box is inside the frame and free of placed boxes. */
    fits(minX: number, minY: number, maxX: number, maxY: number): boolean {
        if (minX < 0 || minY < 0 || maxX > this.width || maxY > this.height) return false;
        const c0 = Math.floor(minX / CELL), c1 = Math.min(this.columns - 1, Math.floor(maxX / CELL));
        const r0 = Math.floor(minY / CELL), r1 = Math.min(this.rows - 1, Math.floor(maxY / CELL));
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
        const c0 = Math.max(0, Math.floor(minX / CELL)), c1 = Math.min(this.columns - 1, Math.floor(maxX / CELL));
        const r0 = Math.max(0, Math.floor(minY / CELL)), r1 = Math.min(this.rows - 1, Math.floor(maxY / CELL));
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.columns + c].push(id);
    }
}
