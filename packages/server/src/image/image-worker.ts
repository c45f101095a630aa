// A Piscina worker that draws /image maps: it serves the region sets the main thread announces on its port
// (workers/region-inbox.ts), over the SharedArrayBuffers the main thread loaded (no copy), decodes the custom marker
// it is handed, renders, encodes.
import {workerData} from 'node:worker_threads';
import type {Region} from '@quartier/engine';
import {notServed} from '../http/errors.js';
import {MARKER_RATIO} from './image-params.js';
import type {TaskError} from '../workers/task-error.js';
import {MarkerImageError, STYLE_NAMES, carryDecodedTiles, decodeMarkerImage, decodedTileBytes, registerFonts, renderJpeg, styleByIndex, type MapImageOptions} from '@quartier/render';
import {ThreadMemoryBoard} from '../workers/thread-memory.js';
import {RegionInbox} from '../workers/region-inbox.js';
import type {RosterData, RosterTask} from '../workers/region-roster.js';

export interface RenderTask {
    country: string;
    options: Omit<MapImageOptions, 'marker'>;
    /** Marker bytes as fetched (PNG or SVG) and the CSS size to draw them at. */
    marker: {bytes: Uint8Array; width: number; height: number} | null;
}

export type RenderAnswer = {jpeg: Uint8Array} | TaskError;

const data = workerData as {roster: RosterData; memory?: SharedArrayBuffer};
const memory = data.memory ? new ThreadMemoryBoard(data.memory) : null;
/** Tiles changed by a swap that a render thread decodes before the switch, at most (the newest it drew: an image's worth). */
const DECODED_BEFORE_SWITCH = 64;
// Per set, its regions by country. A region swapped in takes over the decoded tiles it shares with the one it
// replaces, and decodes its own of those most drawn that changed (taken in before the switch: image-pool.ts).
const inbox = new RegionInbox(data.roster, (regions, fresh, held) => {
    for (const region of fresh) {
        const replaced = held.filter((r) => r.country.code === region.country.code).at(-1);
        if (replaced) carryDecodedTiles(replaced, region, DECODED_BEFORE_SWITCH);
    }
    return new Map<string, Region>(regions.map((r) => [r.country.code, r]));
});
registerFonts();
for (let s = 1; s <= STYLE_NAMES.length; s++) styleByIndex(s);

export default async function render(task: (RenderTask & {set: number}) | RosterTask): Promise<RenderAnswer | 'pong'> {
    if ('call' in task) return inbox.answer(task.call);
    const region = inbox.get(task.set).get(task.country);
    if (!region) return {error: {status: 404, message: notServed(task.country)}};
    let marker = null;
    if (task.marker) {
        try {
            const image = decodeMarkerImage(Buffer.from(task.marker.bytes.buffer, task.marker.bytes.byteOffset, task.marker.bytes.byteLength),
                task.marker.width * MARKER_RATIO, task.marker.height * MARKER_RATIO);
            marker = {image, width: task.marker.width, height: task.marker.height};
        } catch (err) {
            if (err instanceof MarkerImageError) return {error: {status: 400, message: `Parameter 'customMarkerUrl': ${err.message}.`}};
            throw err;
        }
    }
    const jpeg = await renderJpeg(region, {...task.options, marker});
    memory?.write(decodedTileBytes());
    return {jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)};
}
