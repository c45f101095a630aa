// Where a partial re-contraction (recontract.ts) has found the graph worse than the previous build's: positions
// marked in a pyramid of grids over the road graph's box (level 0: cells of 2^cellBits raw units, at least 2^11,
// about 23 m of latitude, and at most 4,096 per axis: 16 MB; each level above halves the cells per axis), and the
// question asked once per node: is any marked position inside this square? The pyramid answers it from the
// coarsest level the square spans in a few cells, going down only into marked cells, so a large square with
// nothing marked costs a few reads.
const MIN_CELL_BITS = 11;
const MAX_SIDE = 4096;

export class DirtyGrid {
    private readonly minLat: number;
    private readonly minLon: number;
    private readonly cellSize: number;
    /** Cells per axis at level 0. */
    private readonly side: number;
    /** Per level, its cells (row-major, `side >> level` per axis, at least 1): 1 where a marked position lies. */
    private readonly levels: Uint8Array[] = [];
    /** Positions marked (each counted once per call of mark). */
    marked = 0;

    constructor(nodeLat: Int32Array, nodeLon: Int32Array) {
        let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
        for (let i = 0; i < nodeLat.length; i++) {
            if (nodeLat[i] < minLat) minLat = nodeLat[i];
            if (nodeLat[i] > maxLat) maxLat = nodeLat[i];
            if (nodeLon[i] < minLon) minLon = nodeLon[i];
            if (nodeLon[i] > maxLon) maxLon = nodeLon[i];
        }
        if (nodeLat.length === 0) minLat = maxLat = minLon = maxLon = 0;
        this.minLat = minLat;
        this.minLon = minLon;
        const extent = Math.max(maxLat - minLat, maxLon - minLon) + 1;
        this.cellSize = 2 ** Math.max(MIN_CELL_BITS, Math.ceil(Math.log2(extent / MAX_SIDE)));
        const cells = extent / this.cellSize + 1;
        // A power of two, so that a cell's parent is its coordinates halved.
        this.side = 2 ** Math.ceil(Math.log2(Math.max(1, cells)));
        for (let s = this.side; ; s >>= 1) {
            this.levels.push(new Uint8Array(s * s));
            if (s === 1) break;
        }
    }

    private cellOf(value: number, min: number): number {
        return Math.min(this.side - 1, Math.max(0, Math.floor((value - min) / this.cellSize)));
    }

    mark(lat: number, lon: number): void {
        let y = this.cellOf(lat, this.minLat), x = this.cellOf(lon, this.minLon);
        this.marked++;
        for (let level = 0, s = this.side; level < this.levels.length; level++, s >>= 1, y >>= 1, x >>= 1) {
            this.levels[level][y * s + x] = 1;
        }
    }

    /** Whether a marked position may lie within `reach` (raw units, both axes) of (lat, lon): never a false no. */
    hits(lat: number, lon: number, reach: number): boolean {
        if (this.marked === 0) return false;
        const y0 = this.cellOf(lat - reach, this.minLat), y1 = this.cellOf(lat + reach, this.minLat);
        const x0 = this.cellOf(lon - reach, this.minLon), x1 = this.cellOf(lon + reach, this.minLon);
        // The lowest level where the square spans at most 2 cells per axis.
        let level = 0;
        while ((y1 >> level) - (y0 >> level) > 1 || (x1 >> level) - (x0 >> level) > 1) level++;
        return this.hitsAt(level, y0, y1, x0, x1);
    }

    /** Any marked level-0 cell in [y0, y1] × [x0, x1], looked for through the marked cells of `level`. */
    private hitsAt(level: number, y0: number, y1: number, x0: number, x1: number): boolean {
        const cells = this.levels[level], s = this.side >> level;
        for (let y = y0 >> level; y <= y1 >> level; y++) {
            for (let x = x0 >> level; x <= x1 >> level; x++) {
                if (cells[y * s + x] === 0) continue;
                if (level === 0) return true;
                // Down into this cell: its part of the square.
                const cy0 = Math.max(y0, y << level), cy1 = Math.min(y1, ((y + 1) << level) - 1);
                const cx0 = Math.max(x0, x << level), cx1 = Math.min(x1, ((x + 1) << level) - 1);
                if (this.hitsAt(level - 1, cy0, cy1, cx0, cx1)) return true;
            }
        }
        return false;
    }
}
