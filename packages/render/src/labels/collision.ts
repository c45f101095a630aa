// Label and icon collisions as MapLibre's collision index (symbol/collision_index.ts over grid_index.ts):
// boxes (point labels, icons) and circles (labels along lines) in a uniform grid, so a new shape is
// tested only against the shapes of the cells it covers. Boxes touching count as a collision (MapLibre
// compares with <= and a small epsilon); a circle meets a box or another circle as geometry says.
// The grid reaches `margin` pixels beyond the frame (MapLibre's viewport padding): a shape that reaches
// into it may be placed, so a label cut by the frame's edge still refuses the labels it would cover.
const CELL = 64;
/** MapLibre's tolerance when boxes computed along different paths should share an edge. */
const EPSILON = 1e-6;

export class CollisionGrid {
    private readonly columns: number;
    private readonly rows: number;
    /** Per cell: the ids of its shapes, a box as its index, a circle as -(index + 1). */
    private readonly cells: number[][];
    private boxes: Float64Array = new Float64Array(4 * 256);
    private boxCount = 0;
    private circles: Float64Array = new Float64Array(3 * 256);
    private circleCount = 0;
    /** The frame (what is drawn) and the margin around it where shapes still count. */
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

    /** Whether a box lies wholly inside the frame (what it stands for can be drawn uncut). */
    inFrame(minX: number, minY: number, maxX: number, maxY: number): boolean {
        return minX >= 0 && minY >= 0 && maxX <= this.width && maxY <= this.height;
    }

    /** Whether a box reaches into the grid, the frame with its margin (MapLibre's isInsideGrid). */
    insideGrid(minX: number, minY: number, maxX: number, maxY: number): boolean {
        const m = this.margin;
        return maxX >= -m && minX < this.width + m && maxY >= -m && minY < this.height + m;
    }

    /** Whether a box can be placed: it reaches into the grid and meets no placed shape (placeCollisionBox). */
    fits(minX: number, minY: number, maxX: number, maxY: number): boolean {
        return this.insideGrid(minX, minY, maxX, maxY) && !this.hitBox(minX, minY, maxX, maxY);
    }

    /** Whether a box meets a placed shape. */
    hitBox(minX: number, minY: number, maxX: number, maxY: number): boolean {
        return this.hit(minX, minY, maxX, maxY, 0, 0, -1);
    }

    /** Whether a circle meets a placed shape (hitTestCircle). */
    hitCircle(x: number, y: number, radius: number): boolean {
        return this.hit(x - radius, y - radius, x + radius, y + radius, x, y, radius);
    }

    /** Whether a box (radius < 0) or the circle (cx, cy, radius) it bounds meets a placed shape in the cells it covers. */
    private hit(minX: number, minY: number, maxX: number, maxY: number, cx: number, cy: number, radius: number): boolean {
        const [c0, r0, c1, r1] = this.cellRange(minX, minY, maxX, maxY);
        const b = this.boxes, o = this.circles;
        for (let r = r0; r <= r1; r++) {
            for (let c = c0; c <= c1; c++) {
                const cell = this.cells[r * this.columns + c];
                for (let k = 0; k < cell.length; k++) {
                    const id = cell[k];
                    let meets: boolean;
                    if (id >= 0) {
                        const i = id * 4;
                        meets = radius < 0
                            ? minX <= b[i + 2] + EPSILON && minY <= b[i + 3] + EPSILON && maxX >= b[i] - EPSILON && maxY >= b[i + 1] - EPSILON
                            : circleMeetsBox(cx, cy, radius, b[i], b[i + 1], b[i + 2], b[i + 3]);
                    } else {
                        const i = (-id - 1) * 3;
                        const dx = o[i] - cx, dy = o[i + 1] - cy, both = o[i + 2] + radius;
                        meets = radius < 0 ? circleMeetsBox(o[i], o[i + 1], o[i + 2], minX, minY, maxX, maxY) : both * both > dx * dx + dy * dy;
                    }
                    if (meets) return true;
                }
            }
        }
        return false;
    }

    /** Places a box. */
    insert(minX: number, minY: number, maxX: number, maxY: number): void {
        if (this.boxCount * 4 === this.boxes.length) this.boxes = grown(this.boxes);
        const id = this.boxCount++;
        this.boxes[id * 4] = minX;
        this.boxes[id * 4 + 1] = minY;
        this.boxes[id * 4 + 2] = maxX;
        this.boxes[id * 4 + 3] = maxY;
        this.addToCells(id, minX, minY, maxX, maxY);
    }

    /** Places a circle. */
    insertCircle(x: number, y: number, radius: number): void {
        if (this.circleCount * 3 === this.circles.length) this.circles = grown(this.circles);
        const id = this.circleCount++;
        this.circles[id * 3] = x;
        this.circles[id * 3 + 1] = y;
        this.circles[id * 3 + 2] = radius;
        this.addToCells(-id - 1, x - radius, y - radius, x + radius, y + radius);
    }

    private addToCells(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
        const [c0, r0, c1, r1] = this.cellRange(minX, minY, maxX, maxY);
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.columns + c].push(id);
    }

    /** The cells a box covers, clamped to the grid: [first column, first row, last column, last row]. */
    private cellRange(minX: number, minY: number, maxX: number, maxY: number): [number, number, number, number] {
        const m = this.margin;
        const clamp = (v: number, last: number) => Math.max(0, Math.min(last, Math.floor((v + m) / CELL)));
        return [clamp(minX, this.columns - 1), clamp(minY, this.rows - 1), clamp(maxX, this.columns - 1), clamp(maxY, this.rows - 1)];
    }
}

function grown(a: Float64Array): Float64Array {
    const next = new Float64Array(a.length * 2);
    next.set(a);
    return next;
}

/** Whether a circle and a box meet (grid_index.ts, _circleAndRectCollide). */
function circleMeetsBox(cx: number, cy: number, radius: number, x1: number, y1: number, x2: number, y2: number): boolean {
    const halfWidth = (x2 - x1) / 2;
    const distX = Math.abs(cx - (x1 + halfWidth));
    if (distX > halfWidth + radius) return false;
    const halfHeight = (y2 - y1) / 2;
    const distY = Math.abs(cy - (y1 + halfHeight));
    if (distY > halfHeight + radius) return false;
    if (distX <= halfWidth || distY <= halfHeight) return true;
    const dx = distX - halfWidth, dy = distY - halfHeight;
    return dx * dx + dy * dy <= radius * radius;
}
