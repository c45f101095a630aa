// One tile's frame: its box in world units (map-data/mercator.ts) with a buffer, and the conversion of
// world geometry into the tile's 4096-unit grid: lines clipped to the buffered box, rings clipped,
// snapped to the grid and grouped outer ring first with its holes, as the vector tile spec wants.
import {clipRing} from '../map-data/clip.js';
import {WORLD} from '../map-data/mercator.js';
import {insideRing, ringArea2} from '../geo/planar.js';
import {EXTENT, type MvtWriter} from './mvt-writer.js';

/** Buffer around each tile, in tile units (of EXTENT): lines and rings run this far past the edge. */
export const TILE_BUFFER = 64;
export const MAX_TILE_ZOOM = 14;

export class TileFrame {
    readonly z: number;
    readonly x: number;
    readonly y: number;
    /** World units per tile unit. */
    readonly unit: number;
    readonly x0: number;
    readonly y0: number;
    /** The buffered box in world units. */
    readonly minX: number;
    readonly minY: number;
    readonly maxX: number;
    readonly maxY: number;
    /** Scratch for one part in tile units. */
    private scratch = new Int32Array(1024);
    private rings: Int32Array[] = [];
    private areas: number[] = [];

    constructor(z: number, x: number, y: number) {
        this.z = z;
        this.x = x;
        this.y = y;
        const size = WORLD / 2 ** z;
        this.unit = size / EXTENT;
        this.x0 = x * size;
        this.y0 = y * size;
        const pad = TILE_BUFFER * this.unit;
        this.minX = this.x0 - pad;
        this.minY = this.y0 - pad;
        this.maxX = this.x0 + size + pad;
        this.maxY = this.y0 + size + pad;
    }

    tileX(worldX: number): number {
        return Math.round((worldX - this.x0) / this.unit);
    }

    tileY(worldY: number): number {
        return Math.round((worldY - this.y0) / this.unit);
    }

    /** Whether a world point lies in the tile itself (not its buffer): points are kept in one tile only. */
    holds(worldX: number, worldY: number): boolean {
        const size = this.unit * EXTENT;
        return worldX >= this.x0 && worldX < this.x0 + size && worldY >= this.y0 && worldY < this.y0 + size;
    }

    /**
     * Writes the parts of a line (world units) clipped to the buffered box as runs of a LineString
     * feature already begun on `writer`. Returns the number of runs written.
     */
    line(writer: MvtWriter, part: Int32Array): number {
        let runs = 0, n = 0;
        const flush = () => {
            if (n >= 2) {
                writer.path(this.scratch, 0, n, false);
                runs++;
            }
            n = 0;
        };
        const push = (wx: number, wy: number) => {
            const tx = this.tileX(wx), ty = this.tileY(wy);
            if (n > 0 && this.scratch[n * 2 - 2] === tx && this.scratch[n * 2 - 1] === ty) return;
            if ((n + 1) * 2 > this.scratch.length) {
                const grown = new Int32Array(this.scratch.length * 2);
                grown.set(this.scratch);
                this.scratch = grown;
            }
            this.scratch[n * 2] = tx;
            this.scratch[n * 2 + 1] = ty;
            n++;
        };
        // Liang–Barsky: the part of segment a→b inside the box is t0..t1.
        let t0 = 0, t1 = 1;
        const edge = (p: number, q: number): boolean => {
            if (p === 0) return q >= 0;
            const t = q / p;
            if (p < 0) {
                if (t > t1) return false;
                if (t > t0) t0 = t;
            } else {
                if (t < t0) return false;
                if (t < t1) t1 = t;
            }
            return true;
        };
        for (let i = 0; i + 3 < part.length; i += 2) {
            const ax = part[i], ay = part[i + 1], bx = part[i + 2], by = part[i + 3];
            const dx = bx - ax, dy = by - ay;
            t0 = 0;
            t1 = 1;
            if (!(edge(-dx, ax - this.minX) && edge(dx, this.maxX - ax) && edge(-dy, ay - this.minY) && edge(dy, this.maxY - ay))) {
                flush();
                continue;
            }
            if (t0 > 0) flush();
            push(ax + dx * t0, ay + dy * t0);
            push(ax + dx * t1, ay + dy * t1);
            if (t1 < 1) flush();
        }
        flush();
        return runs;
    }

    /**
     * Writes the rings of an area (world units, outer rings turning positively, holes negatively:
     * map-data/rings.ts orientRings) clipped to the buffered box, into a Polygon feature already begun.
     * Rings smaller than `minArea` tile units² are dropped. Returns the number of rings written.
     */
    polygon(writer: MvtWriter, parts: readonly Int32Array[], minArea: number): number {
        const rings = this.rings, areas = this.areas;
        rings.length = 0;
        areas.length = 0;
        for (const part of parts) {
            const clipped = clipRing(part, this.minX, this.minY, this.maxX, this.maxY);
            if (clipped === null) continue;
            const ring = this.snapRing(clipped);
            if (ring === null) continue;
            const area2 = ringArea2(ring);
            if (area2 === 0 || Math.abs(area2) / 2 < minArea) continue;
            rings.push(ring);
            areas.push(area2);
        }
        let written = 0;
        for (let o = 0; o < rings.length; o++) {
            if (areas[o] < 0) continue;
            writer.path(rings[o], 0, (rings[o].length >> 1) - 1, true);
            written++;
            for (let h = 0; h < rings.length; h++) {
                if (areas[h] > 0 || !this.holeOf(h, o)) continue;
                writer.path(rings[h], 0, (rings[h].length >> 1) - 1, true);
                written++;
            }
        }
        return written;
    }

    /** Whether hole h belongs to outer ring o: the only outer, or the one holding its first point. */
    private holeOf(h: number, o: number): boolean {
        let outers = 0;
        for (const a of this.areas) if (a > 0) outers++;
        if (outers === 1) return true;
        const hole = this.rings[h];
        return insideRing(this.rings[o], hole[0], hole[1]);
    }

    /** A clipped world ring in tile units without repeated points; null when fewer than 3 corners remain. */
    private snapRing(ring: Int32Array): Int32Array | null {
        const out = new Int32Array(ring.length);
        let n = 0;
        for (let i = 0; i < ring.length; i += 2) {
            const tx = this.tileX(ring[i]), ty = this.tileY(ring[i + 1]);
            if (n > 0 && out[n * 2 - 2] === tx && out[n * 2 - 1] === ty) continue;
            out[n * 2] = tx;
            out[n * 2 + 1] = ty;
            n++;
        }
        if (n < 4) return null;
        if (out[0] !== out[n * 2 - 2] || out[1] !== out[n * 2 - 1]) return null;
        return out.subarray(0, n * 2);
    }
}
