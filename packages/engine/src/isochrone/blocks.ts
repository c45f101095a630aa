// Where on an isochrone grid something was reached, at a coarse resolution.
import type {Grid} from './field.js';

/**
 * A coarse map over the grid (blocks of BLOCK lattice points a side) of where something was reached,
 * grown by one block: roads are stamped only near reached places.
 */
const BLOCK = 8;
export class ReachedBlocks {
    private readonly bx: number;
    private readonly by: number;
    private marked: Uint8Array;

    constructor(private readonly grid: Grid, reach: number) {
        this.bx = Math.ceil(grid.nx / BLOCK) + 1;
        this.by = Math.ceil(grid.ny / BLOCK) + 1;
        this.marked = new Uint8Array(this.bx * this.by);
        // One block must cover the stamping reach, or the one-block growth would not suffice.
        if (reach > BLOCK * grid.cell) throw new Error('grid blocks smaller than the stamping reach');
    }

    private index(lon: number, lat: number): number {
        const i = Math.floor(this.grid.x(lon) / this.grid.cell / BLOCK), j = Math.floor(this.grid.y(lat) / this.grid.cell / BLOCK);
        if (i < 0 || j < 0 || i >= this.bx || j >= this.by) return -1;
        return j * this.bx + i;
    }

    mark(lon: number, lat: number): void {
        const k = this.index(lon, lat);
        if (k >= 0) this.marked[k] = 1;
    }

    /** Grows the marked blocks by one block in every direction. */
    dilate(): void {
        const out = new Uint8Array(this.marked.length);
        for (let j = 0; j < this.by; j++) {
            for (let i = 0; i < this.bx; i++) {
                if (!this.marked[j * this.bx + i]) continue;
                for (let dj = -1; dj <= 1; dj++) {
                    for (let di = -1; di <= 1; di++) {
                        const ii = i + di, jj = j + dj;
                        if (ii >= 0 && jj >= 0 && ii < this.bx && jj < this.by) out[jj * this.bx + ii] = 1;
                    }
                }
            }
        }
        this.marked = out;
    }

    near(lon: number, lat: number): boolean {
        const k = this.index(lon, lat);
        return k >= 0 && this.marked[k] === 1;
    }
}

