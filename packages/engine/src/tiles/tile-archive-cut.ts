// The walk over an archive's tiles in key order (tile-archive-layout.ts decides which), shared by the full cut
// (tile-archive-builder.ts) and the patch (tile-patch.ts): each looked-at tile's stored bytes come from the caller.
import type {Coverage} from '../coverage/coverage.js';
import {tileKey} from './tile-archive.js';
import {archiveSection, coverageBounds, tileLookedAt, zoomRange, type ZoomRange} from './tile-archive-layout.js';
import {MAX_TILE_ZOOM} from './tile-frame.js';

/** Per zoom: tiles looked at, tiles stored, gzipped bytes, largest tile, milliseconds. */
export interface ZoomStats {
    zoom: number;
    tiles: number;
    stored: number;
    bytes: number;
    largest: number;
    ms: number;
}

/**
 * The archive's section: `startZoom` is told each zoom's range first, then `storedTile` gives each tile's gzipped
 * bytes (null: nothing of the region there). `world`: with Natural Earth's world around the region.
 */
export function cutArchive(coverage: Coverage, world: boolean, startZoom: (range: ZoomRange) => void,
    storedTile: (z: number, x: number, y: number) => Uint8Array | null): {section: Uint8Array; zooms: ZoomStats[]; bytes: number} {
    const bounds = coverageBounds(coverage);
    const keys: number[] = [];
    const blobs: Uint8Array[] = [];
    const zooms: ZoomStats[] = [];
    let bytes = 0;
    for (let z = 0; z <= MAX_TILE_ZOOM; z++) {
        const started = performance.now();
        const range = zoomRange(z, bounds, world);
        startZoom(range);
        const zoom = {zoom: z, tiles: 0, stored: 0, bytes: 0, largest: 0, ms: 0};
        // x outer, y inner: keys come out sorted.
        for (let x = range.x0; x <= range.x1; x++) {
            for (let y = range.y0; y <= range.y1; y++) {
                if (!tileLookedAt(range, coverage, x, y)) continue;
                zoom.tiles++;
                const gz = storedTile(z, x, y);
                if (gz === null) continue;
                keys.push(tileKey(z, x, y));
                blobs.push(gz);
                zoom.stored++;
                zoom.bytes += gz.length;
                if (gz.length > zoom.largest) zoom.largest = gz.length;
            }
        }
        zoom.ms = Math.round(performance.now() - started);
        zooms.push(zoom);
        bytes += zoom.bytes;
    }
    return {section: archiveSection(bounds, keys, blobs), zooms, bytes};
}
