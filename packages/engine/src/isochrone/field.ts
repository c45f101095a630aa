// A grid of distances in a local metric projection around an origin: segments are stamped into
// it (each lattice point keeps its distance to the nearest stamped segment, up to a cap), and the
// isochrone's outline is a contour of such fields.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../geo/distance.js';

export class Grid {
    /** Lattice points per row and per column. */
    readonly nx: number;
    readonly ny: number;
    /** Metres between lattice points. */
    readonly cell: number;
    readonly lon0: number;
    readonly lat0: number;
    readonly kx: number;
    readonly ky = METERS_PER_DEGREE_LAT;

    /** A grid covering the box (degrees) with the given spacing (m) and one cell of margin. */
    constructor(minLon: number, minLat: number, maxLon: number, maxLat: number, cell: number) {
        this.cell = cell;
        this.kx = metersPerDegreeLon((minLat + maxLat) / 2);
        this.lon0 = minLon - cell / this.kx;
        this.lat0 = minLat - cell / this.ky;
        this.nx = Math.ceil(((maxLon - minLon) * this.kx) / cell) + 3;
        this.ny = Math.ceil(((maxLat - minLat) * this.ky) / cell) + 3;
    }

    x(lon: number): number {
        return (lon - this.lon0) * this.kx;
    }

    y(lat: number): number {
        return (lat - this.lat0) * this.ky;
    }

    lon(x: number): number {
        return this.lon0 + x / this.kx;
    }

    lat(y: number): number {
        return this.lat0 + y / this.ky;
    }

    /**
     * Stamps a segment of an edge into a nearest-road field: each lattice point within `reach`
     * metres whose squared distance to the segment (x1,y1)-(x2,y2) (grid metres) is smaller than
     * what it holds takes that distance, the edge id, and the offset along the edge (metres, from
     * `offset1` at the segment's start to `offset2` at its end) of its nearest point. Long segments
     * are cut so the box scanned hugs the segment.
     */
    stampSegment(near: NearestRoad, edge: number, x1: number, y1: number, x2: number, y2: number, offset1: number, offset2: number, reach: number): void {
        const c = this.cell;
        const length = Math.hypot(x2 - x1, y2 - y1);
        const pieces = Math.max(1, Math.ceil(length / (2 * c)));
        for (let p = 0; p < pieces; p++) {
            const a = p / pieces, b = (p + 1) / pieces;
            this.stampShort(near, edge, x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b,
                offset1 + (offset2 - offset1) * a, offset1 + (offset2 - offset1) * b, reach);
        }
    }

    private stampShort(near: NearestRoad, edge: number, x1: number, y1: number, x2: number, y2: number, o1: number, o2: number, reach: number): void {
        const c = this.cell, nx = this.nx;
        const d2 = near.distance2, edges = near.edge, offsets = near.offset;
        const i0 = Math.max(0, Math.floor((Math.min(x1, x2) - reach) / c));
        const i1 = Math.min(nx - 1, Math.ceil((Math.max(x1, x2) + reach) / c));
        const j0 = Math.max(0, Math.floor((Math.min(y1, y2) - reach) / c));
        const j1 = Math.min(this.ny - 1, Math.ceil((Math.max(y1, y2) + reach) / c));
        const dx = x2 - x1, dy = y2 - y1;
        const len2 = dx * dx + dy * dy;
        const inv = len2 > 0 ? 1 / len2 : 0;
        const dOffset = o2 - o1;
        for (let j = j0; j <= j1; j++) {
            const py = j * c - y1;
            let k = j * nx + i0;
            for (let i = i0; i <= i1; i++, k++) {
                const px = i * c - x1;
                let t = (px * dx + py * dy) * inv;
                if (t < 0) t = 0;
                else if (t > 1) t = 1;
                const ex = px - t * dx, ey = py - t * dy;
                const dist2 = ex * ex + ey * ey;
                if (dist2 < d2[k]) {
                    d2[k] = dist2;
                    edges[k] = edge;
                    offsets[k] = o1 + t * dOffset;
                }
            }
        }
    }
}

/** Per lattice point: squared distance to the nearest stamped road, that road's edge (-1: none) and the offset on it. */
export class NearestRoad {
    readonly distance2: Float32Array;
    readonly edge: Int32Array;
    readonly offset: Float32Array;

    constructor(grid: Grid, reach: number) {
        const n = grid.nx * grid.ny;
        this.distance2 = new Float32Array(n).fill(reach * reach);
        this.edge = new Int32Array(n).fill(-1);
        this.offset = new Float32Array(n);
    }
}
