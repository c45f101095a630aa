// The region's vector tiles, cut at region-build time into the bundle's 'tiles' section: every tile of
// zooms 0–14 that touches the region's coverage, gzipped, behind a sorted key index; at zooms 0–5 also the
// world around it from Natural Earth (tiles/natural-earth.ts): every tile of zooms 0–3, and at 4–5 the
// tiles within WORLD_MARGIN tiles of the region's (a full-HD screen centred on the region). Serving a tile
// is a binary search and a view of the section (bench/RESULTS.md "Vector tiles": a whole region is
// cut in about a second and weighs a few MB, so nothing is left for the request path).
import type {Places} from '../geocode/places.js';
import type {MapData} from '../map-data/map-data.js';
import type {Coverage} from '../coverage/coverage.js';
import {NaturalEarth} from './natural-earth.js';
import {tileKey} from './tile-archive.js';
import {archiveSection, coverageBounds, storedTile, tileLookedAt, zoomRange} from './tile-archive-layout.js';
import {TileBuilder} from './tile-builder.js';
import {MAX_TILE_ZOOM} from './tile-frame.js';

export {coverageBounds} from './tile-archive-layout.js';

export interface TileArchiveStats {
    /** Per zoom: tiles looked at, tiles stored, gzipped bytes, largest tile, milliseconds. */
    zooms: {zoom: number; tiles: number; stored: number; bytes: number; largest: number; ms: number}[];
    bytes: number;
    /** Milliseconds spent reading Natural Earth (world-atlas), 0 when another region's build in this process already did. */
    naturalEarthMs: number;
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
    const keys: number[] = [];
    const blobs: Uint8Array[] = [];
    const stats: TileArchiveStats = {zooms: [], bytes: 0, naturalEarthMs};
    for (let z = 0; z <= MAX_TILE_ZOOM; z++) {
        onZoom?.(z);
        const started = performance.now();
        const range = zoomRange(z, bounds, world !== null);
        const zoom = {zoom: z, tiles: 0, stored: 0, bytes: 0, largest: 0, ms: 0};
        // x outer, y inner: keys come out sorted.
        for (let x = range.x0; x <= range.x1; x++) {
            for (let y = range.y0; y <= range.y1; y++) {
                if (!tileLookedAt(range, coverage, x, y)) continue;
                zoom.tiles++;
                const raw = builder.build(z, x, y);
                if (raw === null) continue;
                const gz = storedTile(raw);
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
    const section = archiveSection(bounds, keys, blobs);
    return {section, stats};
}
