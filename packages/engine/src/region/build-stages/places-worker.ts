// The geocoding index's worker thread (places-thread.ts): reads the extracts for the places' builder alone, with a
// node store of its own, builds the 'places' section (taking the transit stations when the build comes to them) and
// posts it back; then cuts every other tile of the vector tiles' patch, when asked.
import {workerData} from 'node:worker_threads';
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder, buildBorderSection} from '../../geo/border.js';
import {Section} from '../../format/section.js';
import {PlacesBuilder} from '../../geocode/index.js';
import type {Station} from '../../geocode/build/stations.js';
import {NodeStore} from '../../osm/node-store.js';
import {Progress} from '../../util/progress.js';
import {Places} from '../../geocode/places.js';
import {MapData} from '../../map-data/map-data.js';
import {NaturalEarth} from '../../tiles/natural-earth.js';
import {TileBuilder} from '../../tiles/tile-builder.js';
import {cutTiles} from '../../tiles/tile-patch.js';
import {PLACES_DONE, postAndRaise, receiveAfter, STATIONS_SENT, TILES_ASKED, TILES_DONE, type PlacesJob, type PlacesReply, type TileJob,
    type TilesReply} from './places-thread.js';
import {readSectionFile} from './reuse.js';
import {readPlacesOsm} from './read-osm.js';

const job = workerData as PlacesJob;
let reply: PlacesReply;
const transfer: ArrayBuffer[] = [];
try {
    const nodes = new NodeStore();
    const places = new PlacesBuilder(nodes);
    readPlacesOsm({sources: job.sources, sourceInfo: job.sourceInfo, progress: new Progress('places', process.stderr, true), doneBytes: 0, totalBytes: 1},
        nodes, places);
    const borderSection = buildBorderSection(job.borderCode);
    const border = CountryBorder.from(Section.from(borderSection.buffer as ArrayBuffer, BORDER_SECTION_KIND,
        BORDER_SECTION_VERSION, borderSection.byteOffset, borderSection.byteLength));
    const out = places.build(border, job.cityLevel, () => {
        for (const s of receiveAfter<Station[]>(job.flags, STATIONS_SENT, job.port) ?? []) places.addStation(s.name, s.lat, s.lon);
    });
    reply = out;
    // Moved, not copied, when the section is its buffer's whole.
    if (out.section.byteOffset === 0 && out.section.byteLength === out.section.buffer.byteLength) transfer.push(out.section.buffer as ArrayBuffer);
} catch (err) {
    reply = {error: (err as Error).stack ?? String(err)};
}
postAndRaise(job.flags, PLACES_DONE, job.port, reply, transfer);
cutTileShare();

/** Every other tile of the tiles' patch, when asked (TileJob), from the build's map data and places. */
function cutTileShare(): void {
    const ask = receiveAfter<TileJob | null>(job.flags, TILES_ASKED, job.port);
    if (!ask) return;
    let tiles: TilesReply;
    try {
        const map = MapData.from(readSectionFile(ask.mapFile).buffer), places = Places.from(readSectionFile(ask.placesFile).buffer);
        tiles = cutTiles(new TileBuilder(map, places, NaturalEarth.load()), ask.tiles, 1, 2);
    } catch (err) {
        tiles = {error: (err as Error).stack ?? String(err)};
    }
    postAndRaise(job.flags, TILES_DONE, job.port, tiles);
}
