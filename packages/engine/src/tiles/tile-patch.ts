// The region's vector tiles patched from the previous bundle's archive (a region update, issue 28): only the tiles
// whose query box meets a change of the map data or the places (tile-changes.ts) are cut again, every other tile's
// gzipped bytes are the previous archive's. The caller guarantees that archive was cut by this code from the
// previous map data and places, with the same coverage and Natural Earth (region/build-stages: the tiles' recorded
// inputs), so the result is the archive a full cut gives, byte for byte.
import type {Places} from '../geocode/places.js';
import type {MapData} from '../map-data/map-data.js';
import type {Coverage} from '../coverage/coverage.js';
import {NaturalEarth} from './natural-earth.js';
import {tileKey, type TileArchive} from './tile-archive.js';
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

/** A second thread's share of the tiles cut again (region/build-stages/places-thread.ts). */
export interface TileCutHelper {
    /** Given every tile to cut again (z, x, y triples in the archive's order), starts cutting those at odd positions. */
    start(tiles: Int32Array): void;
    /** What it cut, by tileKey: the stored bytes (null: nothing of the region there). */
    collect(): Map<number, Uint8Array | null>;
}

/**
 * The archive of `map` and `places` made from the previous one, or null when a change reaches every tile (then the
 * caller cuts it whole: tile-archive-builder.ts). `helper`: cuts every other tile on a second thread.
 */
export function patchTileArchive(previous: PreviousTiles, map: MapData, places: Places, coverage: Coverage, onZoom?: (zoom: number) => void,
    world: () => NaturalEarth = NaturalEarth.load, helper: TileCutHelper | null = null): {section: Uint8Array; stats: TilePatchStats} | null {
    const diffStarted = performance.now();
    const boxes = changedBoxes(previous.map, previous.places, map, places);
    if (boxes === null) return null;
    const tiles = tilesToCut(boxes, coverage);
    const diffMs = Math.round(performance.now() - diffStarted);
    helper?.start(tiles);
    const loadStarted = performance.now();
    const builder = new TileBuilder(map, places, world());
    const stats: TilePatchStats = {zooms: [], bytes: 0, naturalEarthMs: Math.round(performance.now() - loadStarted), cut: tiles.length / 3, changes: boxes.length / 4, diffMs};
    const cut = cutTiles(builder, tiles, 0, helper ? 2 : 1);
    if (helper) for (const [key, stored] of helper.collect()) cut.set(key, stored);
    const {section, zooms, bytes} = cutArchive(coverage, true, (range) => onZoom?.(range.z), (z, x, y) => {
        const key = tileKey(z, x, y);
        return cut.has(key) ? cut.get(key)! : previous.archive.get(z, x, y);
    });
    return {section, stats: {...stats, zooms, bytes}};
}

/** The tiles to cut again, z, x, y in the archive's order: those looked at whose query box meets a changed box. */
function tilesToCut(boxes: DirtyBoxes, coverage: Coverage): Int32Array {
    const out: number[] = [];
    let dirty = new Set<number>();
    // The archive's own walk, storing nothing.
    cutArchive(coverage, true, (range) => {
        dirty = dirtyTiles(boxes, range);
    }, (z, x, y) => {
        if (dirty.has(x * 2 ** 14 + y)) out.push(z, x, y);
        return null;
    });
    return Int32Array.from(out);
}

/** The tiles (z, x, y triples) at positions first, first + step, ... cut: their stored bytes by tileKey. */
export function cutTiles(builder: TileBuilder, tiles: Int32Array, first: number, step: number): Map<number, Uint8Array | null> {
    const out = new Map<number, Uint8Array | null>();
    for (let i = first * 3; i < tiles.length; i += step * 3) {
        const raw = builder.build(tiles[i], tiles[i + 1], tiles[i + 2]);
        out.set(tileKey(tiles[i], tiles[i + 1], tiles[i + 2]), raw && storedTile(raw));
    }
    return out;
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
