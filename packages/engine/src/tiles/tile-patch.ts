// The region's vector tiles patched from the previous bundle's archive (a region update, issue 28): only the tiles
// whose query box meets a change of the map data or the places (tile-changes.ts) are cut again, every other tile's
// gzipped bytes are the previous archive's. The caller guarantees that archive was cut by this code from the
// previous map data and places, with the same coverage and Natural Earth (region/build-stages: the tiles' recorded
// inputs), so the result is the archive a full cut gives, byte for byte.
import type {Places} from '../geocode/places.js';
import type {MapData} from '../map-data/map-data.js';
import type {Coverage} from '../coverage/coverage.js';
import {NaturalEarth} from './natural-earth.js';
import type {TileArchive} from './tile-archive.js';
import {storedTile, type ZoomRange} from './tile-archive-layout.js';
import {cutArchive} from './tile-archive-cut.js';
import type {TileArchiveStats} from './tile-archive-builder.js';
import {TileBuilder} from './tile-builder.js';
import {changedBoxes, type DirtyBoxes} from './tile-changes.js';
import {TILE_BUFFER} from './tile-frame.js';
import {EXTENT} from './mvt-writer.js';

/** The previous bundle's map data, places and tiles. */
export interface PreviousTiles {
    map: MapData;
    places: Places;
    archive: TileArchive;
}

export interface TilePatchStats extends TileArchiveStats {
    /** Tiles cut again (the rest copied from the previous archive). */
    cut: number;
    /** Boxes of changed features found, and the milliseconds spent finding them. */
    changes: number;
    diffMs: number;
}

/**
 * The archive of `map` and `places` made from the previous one, or null when a change reaches every tile (then the
 * caller cuts it whole: tile-archive-builder.ts).
 */
export function patchTileArchive(previous: PreviousTiles, map: MapData, places: Places, coverage: Coverage, onZoom?: (zoom: number) => void,
    world: () => NaturalEarth = NaturalEarth.load): {section: Uint8Array; stats: TilePatchStats} | null {
    const diffStarted = performance.now();
    const boxes = changedBoxes(previous.map, previous.places, map, places);
    if (boxes === null) return null;
    const diffMs = Math.round(performance.now() - diffStarted);
    const loadStarted = performance.now();
    const builder = new TileBuilder(map, places, world());
    const stats: TilePatchStats = {zooms: [], bytes: 0, naturalEarthMs: Math.round(performance.now() - loadStarted), cut: 0, changes: boxes.length / 4, diffMs};
    let dirty = new Set<number>();
    const {section, zooms, bytes} = cutArchive(coverage, true, (range) => {
        onZoom?.(range.z);
        dirty = dirtyTiles(boxes, range);
    }, (z, x, y) => {
        if (!dirty.has(x * 2 ** 14 + y)) return previous.archive.get(z, x, y);
        stats.cut++;
        const raw = builder.build(z, x, y);
        return raw && storedTile(raw);
    });
    return {section, stats: {...stats, zooms, bytes}};
}

/**
 * The tiles of a zoom (x · 2^14 + y) whose query box, buffer included, meets a changed box (the cutter's other
 * queries, points in the tile itself, look at less).
 */
function dirtyTiles(boxes: DirtyBoxes, range: ZoomRange): Set<number> {
    const out = new Set<number>();
    const pad = TILE_BUFFER * range.size / EXTENT;
    for (let k = 0; k < boxes.length; k += 4) {
        // Tile x's buffered box [x·size − pad, (x + 1)·size + pad] meets [minX, maxX], bounds included (as Flatbush's search).
        const x0 = Math.max(range.x0, Math.ceil((boxes[k] - pad) / range.size) - 1), x1 = Math.min(range.x1, Math.floor((boxes[k + 2] + pad) / range.size));
        const y0 = Math.max(range.y0, Math.ceil((boxes[k + 1] - pad) / range.size) - 1), y1 = Math.min(range.y1, Math.floor((boxes[k + 3] + pad) / range.size));
        for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.add(x * 2 ** 14 + y);
    }
    return out;
}
