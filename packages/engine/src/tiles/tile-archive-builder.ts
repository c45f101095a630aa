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
import {storedTile} from './tile-archive-layout.js';
import {cutArchive, type ZoomStats} from './tile-archive-cut.js';
import {TileBuilder} from './tile-builder.js';

export {coverageBounds} from './tile-archive-layout.js';

export interface TileArchiveStats {
    zooms: ZoomStats[];
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
    const {section, zooms, bytes} = cutArchive(coverage, world !== null, (range) => onZoom?.(range.z), (z, x, y) => {
        const raw = builder.build(z, x, y);
        return raw && storedTile(raw);
    });
    return {section, stats: {zooms, bytes, naturalEarthMs}};
}
