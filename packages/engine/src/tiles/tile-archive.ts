// The region's vector tiles as the tile requests read them: the bundle's 'tiles' section that
// tiles/tile-archive-builder.ts cut at region-build time, gzipped tiles behind a sorted key index.
// Serving a tile is a binary search and a view of the section. Nothing here loads the build side.
import {Section, type AnyBuffer} from '../format/section.js';

export const TILES_KIND = 'tiles';
/**
 * 2: ref, network, surface, service, peak and aerodrome details, merged lines, parks in the park layer.
 * 3: Natural Earth's ocean, country borders and country labels at zooms 0–5, around the region too.
 */
export const TILES_VERSION = 3;

/** One number per tile: z · 2^28 + x · 2^14 + y (x, y < 2^14 up to zoom 14), sorted. */
export function tileKey(z: number, x: number, y: number): number {
    return z * 2 ** 28 + x * 2 ** 14 + y;
}

export class TileArchive {
    readonly count: number;
    /** [west, south, east, north] of the region's coverage. */
    readonly bounds: [number, number, number, number];
    private readonly keys: Float64Array;
    private readonly offsets: Float64Array;
    private readonly data: Uint8Array;

    constructor(section: Section) {
        const meta = section.meta as {bounds: [number, number, number, number]};
        this.bounds = meta.bounds;
        this.keys = section.array('key', Float64Array);
        this.offsets = section.array('offset', Float64Array);
        this.data = section.array('data', Uint8Array);
        this.count = this.keys.length;
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): TileArchive {
        return new TileArchive(Section.from(buffer, TILES_KIND, TILES_VERSION, byteOffset, byteLength));
    }

    /** The gzipped tile (a view of the section), or null when the region has nothing there. */
    get(z: number, x: number, y: number): Uint8Array | null {
        const key = tileKey(z, x, y);
        let lo = 0, hi = this.count - 1;
        while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            const k = this.keys[mid];
            if (k === key) return this.data.subarray(this.offsets[mid], this.offsets[mid + 1]);
            if (k < key) lo = mid + 1;
            else hi = mid - 1;
        }
        return null;
    }
}
