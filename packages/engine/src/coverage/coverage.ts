// A region's coverage as the queries read it, reopened from the section coverage/coverage-builder.ts wrote: the
// point test of every position-based request (one bit of a grid) and the outline /health lists.
import type {Section} from '../format/section.js';
import {segmentDistance2} from '../geo/planar.js';
import type {MultiPolygonGeometry} from '../geo/ring.js';
import {MAX_SNAP_METERS} from '../graph/snap.js';

export const COVERAGE_SECTION_KIND = 'coverage';
export const COVERAGE_SECTION_VERSION = 1;

/** A region's coverage reopened from its section: the point test reads one bit. */
export class Coverage {
    readonly outline: MultiPolygonGeometry;
    readonly stats: {cellMeters: number; columns: number; rows: number};
    /** The extracts hold the whole country: the outline is coasts and borders, not the end of the data. */
    readonly wholeCountry: boolean;
    private readonly bits: Uint8Array;
    private readonly coords: Float64Array;
    private readonly ringStarts: Uint32Array;
    private readonly lon0: number;
    private readonly lat0: number;
    private readonly kx: number;
    private readonly ky: number;
    private readonly cell: number;
    private readonly nx: number;
    private readonly ny: number;

    constructor(section: Section) {
        const m = section.meta;
        this.lon0 = m.lon0;
        this.lat0 = m.lat0;
        this.kx = m.kx;
        this.ky = m.ky;
        this.cell = m.cell;
        this.nx = m.nx;
        this.ny = m.ny;
        this.outline = outlineFrom(section);
        this.stats = {cellMeters: m.cell, columns: m.nx, rows: m.ny};
        this.bits = section.array('bits', Uint8Array);
        this.coords = section.array('coords', Float64Array);
        this.ringStarts = section.array('ringStarts', Uint32Array);
        this.wholeCountry = m.wholeCountry === true;
    }

    /**
     * How far (m) the data reaches around a covered position in every direction: the distance to the
     * outline less the snapping limit the covered area was widened by (the last mapped roads lie that
     * far inside it), at most `limit`; `limit` when the region holds the whole country. Places beyond
     * it are unknown, so "nothing nearer than this" holds only within it.
     */
    dataReachMeters(lat: number, lon: number, limit: number): number {
        if (this.wholeCountry) return limit;
        if (!this.contains(lat, lon)) return 0;
        const kx = Math.cos((lat * Math.PI) / 180) * 111320, ky = 111320;
        let best = limit * limit;
        const c = this.coords;
        for (let r = 0; r + 1 < this.ringStarts.length; r++) {
            for (let i = this.ringStarts[r]; i + 1 < this.ringStarts[r + 1]; i++) {
                // Segment (x1, y1)-(x2, y2) in metres around the position.
                const x1 = (c[2 * i] - lon) * kx, y1 = (c[2 * i + 1] - lat) * ky;
                const x2 = (c[2 * i + 2] - lon) * kx, y2 = (c[2 * i + 3] - lat) * ky;
                const d2 = segmentDistance2(0, 0, x1, y1, x2, y2);
                if (d2 < best) best = d2;
            }
        }
        return Math.max(0, Math.sqrt(best) - MAX_SNAP_METERS);
    }

    /**
     * Whether the region's data covers the position: a lattice point of its grid cell is covered. Any
     * of the four, not the nearest: the lattice was clipped to the border, and a position just inside
     * a land border may have its nearest lattice point just outside.
     */
    contains(lat: number, lon: number): boolean {
        const x = ((lon - this.lon0) * this.kx) / this.cell, y = ((lat - this.lat0) * this.ky) / this.cell;
        // written so that NaN is outside
        if (!(x >= 0 && y >= 0 && x <= this.nx - 1 && y <= this.ny - 1)) return false;
        const i = Math.floor(x), j = Math.floor(y);
        const i1 = Math.min(i + 1, this.nx - 1), j1 = Math.min(j + 1, this.ny - 1);
        return this.bit(j * this.nx + i) || this.bit(j * this.nx + i1) || this.bit(j1 * this.nx + i) || this.bit(j1 * this.nx + i1);
    }

    private bit(k: number): boolean {
        return (this.bits[k >> 3] & (1 << (k & 7))) !== 0;
    }

    /** Whether any covered lattice point lies in the box (degrees), or is the nearest one of a position in it. */
    touches(minLat: number, minLon: number, maxLat: number, maxLon: number): boolean {
        const i0 = Math.max(0, Math.floor(((minLon - this.lon0) * this.kx) / this.cell));
        const i1 = Math.min(this.nx - 1, Math.ceil(((maxLon - this.lon0) * this.kx) / this.cell));
        const j0 = Math.max(0, Math.floor(((minLat - this.lat0) * this.ky) / this.cell));
        const j1 = Math.min(this.ny - 1, Math.ceil(((maxLat - this.lat0) * this.ky) / this.cell));
        for (let j = j0; j <= j1; j++) {
            for (let k = j * this.nx + i0, end = j * this.nx + i1; k <= end; k++) {
                if ((this.bits[k >> 3] & (1 << (k & 7))) !== 0) return true;
            }
        }
        return false;
    }
}

/** The stored outline as a GeoJSON MultiPolygon (built once, when the region opens). */
function outlineFrom(section: Section): MultiPolygonGeometry {
    const coords = section.array('coords', Float64Array);
    const ringStarts = section.array('ringStarts', Uint32Array);
    const polygonStarts = section.array('polygonStarts', Uint32Array);
    const polygons: MultiPolygonGeometry['coordinates'] = [];
    for (let p = 0; p + 1 < polygonStarts.length; p++) {
        const rings = [];
        for (let r = polygonStarts[p]; r < polygonStarts[p + 1]; r++) {
            const ring = [];
            for (let i = ringStarts[r]; i < ringStarts[r + 1]; i++) ring.push([coords[2 * i], coords[2 * i + 1]]);
            rings.push(ring);
        }
        polygons.push(rings);
    }
    return {type: 'MultiPolygon', coordinates: polygons};
}
