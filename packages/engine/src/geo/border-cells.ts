// CountryBorder.contains for millions of points (a country's addresses and street pieces at build time): a grid
// over the border's box, each cell that no border edge comes near answered once for all its points.
//
// Why one answer holds for a whole such cell, bit for bit: contains() counts the edges with y0 <= lat < y1 on one
// side of the point. An edge whose box misses the cell lies wholly east or west of it, so its side is the same for
// every point of the cell; as lat moves within the cell, edges enter and leave that count only at the latitude of a
// vertex, itself outside the cell, and the two edges of a vertex lie on its side: both change (parity kept) or one
// hands over to the other. Cells that an edge's box meets, that reach outside the border's box, or where the
// ray's direction (east or west, by the nearer side of the box) changes, are answered point by point.
import type {CountryBorder} from './border.js';

/** Cells at most (about 1 km where the border's box is the size of a country). */
const MAX_CELLS = 1 << 22;
const CELL_DEGREES = 0.01;
const UNKNOWN = 0, INSIDE = 1, OUTSIDE = 2, MIXED = 3;

export class BorderCells {
    private readonly state: Uint8Array;
    private readonly cols: number;
    private readonly rows: number;
    private readonly cell: number;
    private readonly minLon: number;
    private readonly minLat: number;

    constructor(private readonly border: CountryBorder) {
        const [minLon, minLat, maxLon, maxLat] = border.bbox;
        this.minLon = minLon;
        this.minLat = minLat;
        const w = Math.max(0, maxLon - minLon), h = Math.max(0, maxLat - minLat);
        this.cell = Math.max(CELL_DEGREES, Math.sqrt((w * h) / MAX_CELLS));
        this.cols = Math.ceil(w / this.cell) + 1;
        this.rows = Math.ceil(h / this.cell) + 1;
        this.state = new Uint8Array(this.cols * this.rows <= 2 * MAX_CELLS ? this.cols * this.rows : 0);
    }

    /** border.contains(lat, lon), the same answer. */
    contains(lat: number, lon: number): boolean {
        const c = Math.floor((lon - this.minLon) / this.cell), r = Math.floor((lat - this.minLat) / this.cell);
        if (!(c >= 0 && c < this.cols && r >= 0 && r < this.rows) || this.state.length === 0) return this.border.contains(lat, lon);
        const i = r * this.cols + c;
        let s = this.state[i];
        if (s === UNKNOWN) s = this.state[i] = this.cellState(r, c);
        return s === MIXED ? this.border.contains(lat, lon) : s === INSIDE;
    }

    private cellState(r: number, c: number): number {
        const border = this.border, [minLon, minLat, maxLon, maxLat] = border.bbox;
        const lon0 = this.minLon + c * this.cell, lon1 = lon0 + this.cell, lat0 = this.minLat + r * this.cell, lat1 = lat0 + this.cell;
        // A margin over the cell, for the rounding of the point's cell.
        const m = this.cell * 1e-3;
        if (lon0 - m < minLon || lon1 + m > maxLon || lat0 - m < minLat || lat1 + m > maxLat) return MIXED;
        if ((maxLon - (lon0 - m) <= (lon0 - m) - minLon) !== (maxLon - (lon1 + m) <= (lon1 + m) - minLon)) return MIXED;
        if (border.index.search(lon0 - m, lat0 - m, lon1 + m, lat1 + m).length > 0) return MIXED;
        return border.contains((lat0 + lat1) / 2, (lon0 + lon1) / 2) ? INSIDE : OUTSIDE;
    }
}
