// The geocoding index's worker thread (places-thread.ts): reads the extracts for the places' builder alone, with a
// node store of its own, builds the 'places' section (taking the transit stations when the build comes to them) and
// posts it back.
import {workerData} from 'node:worker_threads';
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder, buildBorderSection} from '../../geo/border.js';
import {Section} from '../../format/section.js';
import {PlacesBuilder} from '../../geocode/index.js';
import type {Station} from '../../geocode/build/stations.js';
import {NodeStore} from '../../osm/node-store.js';
import {Progress} from '../../util/progress.js';
import {PLACES_DONE, postAndRaise, receiveAfter, STATIONS_SENT, type PlacesJob, type PlacesReply} from './places-thread.js';
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
