// Which tiles the region's archive holds and how they are stored, shared by the full cut
// (tile-archive-builder.ts) and the patch of the previous bundle's archive (tile-patch.ts): every tile of
// zooms 0–14 that touches the region's coverage, gzipped, behind a sorted key index; at zooms 0–5 also the
// world around it from Natural Earth (every tile of zooms 0–3, and at 4–5 the tiles within WORLD_MARGIN
// tiles of the region's: a full-HD screen centred on the region).
import zlib from 'node:zlib';
import {encodeSection} from '../format/section.js';
import type {Coverage} from '../coverage/coverage.js';
import {latOfY, lonOfX, mercatorX, mercatorY, WORLD} from '../map-data/mercator.js';
import {NATURAL_EARTH_MAX_ZOOM} from './natural-earth.js';
import {TILES_KIND, TILES_VERSION} from './tile-archive.js';
import {MAX_TILE_ZOOM} from './tile-frame.js';

/** Zooms whose every tile is stored (85 tiles: the world from Natural Earth). */
const WHOLE_WORLD_MAX_ZOOM = 3;
/** At zooms 4–5, the tiles this many tiles around the region's are stored too. */
const WORLD_MARGIN = 2;

/** The tiles of one zoom looked at: columns x0..x1, rows y0..y1 (the coverage decides when margin is 0). */
export interface ZoomRange {
    z: number;
    /** A tile's side in world units. */
    size: number;
    x0: number;
    x1: number;
    y0: number;
    y1: number;
    margin: number;
}

/** [west, south, east, north] of a coverage outline. */
export function coverageBounds(coverage: Coverage): [number, number, number, number] {
    let w = 180, s = 90, e = -180, n = -90;
    for (const polygon of coverage.outline.coordinates) {
        for (const [lon, lat] of polygon[0]) {
            if (lon < w) w = lon;
            if (lon > e) e = lon;
            if (lat < s) s = lat;
            if (lat > n) n = lat;
        }
    }
    return [w, s, e, n];
}

/** The tiles of zoom z around `bounds`; `world`: with Natural Earth's world around the region. */
export function zoomRange(z: number, [w, s, e, n]: [number, number, number, number], world: boolean): ZoomRange {
    const size = WORLD / 2 ** z;
    const last = 2 ** z - 1;
    const margin = !world ? 0 : z <= WHOLE_WORLD_MAX_ZOOM ? last : z <= NATURAL_EARTH_MAX_ZOOM ? WORLD_MARGIN : 0;
    return {
        z, size, margin,
        x0: Math.max(0, Math.floor(mercatorX(w) / size) - margin), x1: Math.min(last, Math.floor(mercatorX(e) / size) + margin),
        y0: Math.max(0, Math.floor(mercatorY(n) / size) - margin), y1: Math.min(last, Math.floor(mercatorY(s) / size) + margin)
    };
}

/** Whether the archive looks at tile x, y of the range (inside the margin, or touching the coverage). */
export function tileLookedAt(range: ZoomRange, coverage: Coverage, x: number, y: number): boolean {
    const {size} = range;
    return range.margin > 0 || coverage.touches(latOfY((y + 1) * size), lonOfX(x * size), latOfY(y * size), lonOfX((x + 1) * size));
}

/** A tile as stored: gzipped at level 9 (deterministic for the same bytes). */
export function storedTile(raw: Uint8Array): Uint8Array {
    return zlib.gzipSync(raw, {level: 9});
}

/** The section of the stored tiles, `keys` (tile-archive.ts tileKey) sorted, each with its gzipped blob. */
export function archiveSection(bounds: [number, number, number, number], keys: number[], blobs: Uint8Array[]): Uint8Array {
    const offsets = new Float64Array(keys.length + 1);
    let bytes = 0;
    for (const blob of blobs) bytes += blob.length;
    const data = new Uint8Array(bytes);
    let at = 0;
    for (let i = 0; i < blobs.length; i++) {
        offsets[i] = at;
        data.set(blobs[i], at);
        at += blobs[i].length;
    }
    offsets[keys.length] = at;
    return encodeSection(TILES_KIND, TILES_VERSION, {bounds, maxZoom: MAX_TILE_ZOOM}, {key: Float64Array.from(keys), offset: offsets, data});
}
