// The region's vector tiles, cut at region-build time into the bundle's 'tiles' section: every tile of
// zooms 0–14 that touches the region's coverage, gzipped, behind a sorted key index; at zooms 0–5 also the
// world around it from Natural Earth (tiles/natural-earth.ts): every tile of zooms 0–3, and at 4–5 the
// tiles within WORLD_MARGIN tiles of the region's (a full-HD screen centred on the region). Serving a tile
// is a binary search and a view of the section (bench/RESULTS.md "Vector tiles": a whole region is
// cut in about a second and weighs a few MB, so nothing is left for the request path).
import zlib from 'node:zlib';
import {encodeSection} from '../format/section.js';
import type {Places} from '../geocode/places.js';
import type {MapData} from '../map-data/map-data.js';
import {latOfY, lonOfX, mercatorX, mercatorY, WORLD} from '../map-data/mercator.js';
import type {Coverage} from '../coverage/coverage.js';
import {NATURAL_EARTH_MAX_ZOOM, NaturalEarth} from './natural-earth.js';
import {tileKey, TILES_KIND, TILES_VERSION} from './tile-archive.js';
import {TileBuilder} from './tile-builder.js';
import {MAX_TILE_ZOOM} from './tile-frame.js';

/** Zooms whose every tile is stored (85 tiles: the world from Natural Earth). */
const WHOLE_WORLD_MAX_ZOOM = 3;
/** At zooms 4–5, the tiles this many tiles around the region's are stored too. */
const WORLD_MARGIN = 2;

export interface TileArchiveStats {
    /** Per zoom: tiles looked at, tiles stored, gzipped bytes, largest tile, milliseconds. */
    zooms: {zoom: number; tiles: number; stored: number; bytes: number; largest: number; ms: number}[];
    bytes: number;
    /** Milliseconds spent reading Natural Earth (world-atlas), 0 when another region's build in this process already did. */
    naturalEarthMs: number;
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

/**
 * Cuts every tile of the region (onZoom reports progress). `world`: Natural Earth for zooms 0–5, or
 * null for the region's own tiles alone (what bench/tiles-world.js compares against).
 */
export function buildTileArchive(map: MapData, places: Places, coverage: Coverage, onZoom?: (zoom: number) => void,
    world: (() => NaturalEarth) | null = NaturalEarth.load): {section: Uint8Array; stats: TileArchiveStats} {
    const loadStarted = performance.now();
    const builder = new TileBuilder(map, places, world && world());
    const naturalEarthMs = Math.round(performance.now() - loadStarted);
    const bounds = coverageBounds(coverage);
    const [w, s, e, n] = bounds;
    const keys: number[] = [];
    const blobs: Uint8Array[] = [];
    const stats: TileArchiveStats = {zooms: [], bytes: 0, naturalEarthMs};
    for (let z = 0; z <= MAX_TILE_ZOOM; z++) {
        onZoom?.(z);
        const started = performance.now();
        const size = WORLD / 2 ** z;
        const last = 2 ** z - 1;
        const margin = world === null ? 0 : z <= WHOLE_WORLD_MAX_ZOOM ? last : z <= NATURAL_EARTH_MAX_ZOOM ? WORLD_MARGIN : 0;
        const x0 = Math.max(0, Math.floor(mercatorX(w) / size) - margin), x1 = Math.min(last, Math.floor(mercatorX(e) / size) + margin);
        const y0 = Math.max(0, Math.floor(mercatorY(n) / size) - margin), y1 = Math.min(last, Math.floor(mercatorY(s) / size) + margin);
        const zoom = {zoom: z, tiles: 0, stored: 0, bytes: 0, largest: 0, ms: 0};
        // x outer, y inner: keys come out sorted.
        for (let x = x0; x <= x1; x++) {
            for (let y = y0; y <= y1; y++) {
                if (margin === 0 && !coverage.touches(latOfY((y + 1) * size), lonOfX(x * size), latOfY(y * size), lonOfX((x + 1) * size))) continue;
                zoom.tiles++;
                const raw = builder.build(z, x, y);
                if (raw === null) continue;
                const gz = zlib.gzipSync(raw, {level: 9});
                keys.push(tileKey(z, x, y));
                blobs.push(gz);
                zoom.stored++;
                zoom.bytes += gz.length;
                if (gz.length > zoom.largest) zoom.largest = gz.length;
            }
        }
        zoom.ms = Math.round(performance.now() - started);
        stats.zooms.push(zoom);
        stats.bytes += zoom.bytes;
    }
    const offsets = new Float64Array(keys.length + 1);
    const data = new Uint8Array(stats.bytes);
    let at = 0;
    for (let i = 0; i < blobs.length; i++) {
        offsets[i] = at;
        data.set(blobs[i], at);
        at += blobs[i].length;
    }
    offsets[keys.length] = at;
    const section = encodeSection(TILES_KIND, TILES_VERSION, {bounds, maxZoom: MAX_TILE_ZOOM}, {
        key: Float64Array.from(keys), offset: offsets, data
    });
    return {section, stats};
}
