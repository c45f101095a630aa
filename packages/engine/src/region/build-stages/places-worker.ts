// The geocoding index's worker thread (places-thread.ts): reads the extracts for the places' builder alone, with a
// node store of its own, waits for the transit stations, builds the 'places' section and posts it back.
import {parentPort, workerData} from 'node:worker_threads';
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder, buildBorderSection} from '../../geo/border.js';
import {Section} from '../../format/section.js';
import {PlacesBuilder} from '../../geocode/index.js';
import type {Station} from '../../geocode/build/stations.js';
import {NodeStore} from '../../osm/node-store.js';
import {Progress} from '../../util/progress.js';
import type {PlacesJob, PlacesReply} from './places-thread.js';
import {readPlacesOsm} from './read-osm.js';

const job = workerData as PlacesJob;

function nextMessage(): Promise<Station[]> {
    return new Promise((resolve) => parentPort!.once('message', resolve));
}

async function run(): Promise<void> {
    let reply: PlacesReply;
    const transfer: ArrayBuffer[] = [];
    try {
        const nodes = new NodeStore();
        let places: PlacesBuilder | null = new PlacesBuilder(nodes);
        readPlacesOsm({sources: job.sources, sourceInfo: job.sourceInfo, progress: new Progress('places', process.stderr, true), doneBytes: 0, totalBytes: 1},
            nodes, places);
        for (const s of await nextMessage()) places.addStation(s.name, s.lat, s.lon);
        const borderSection = buildBorderSection(job.borderCode);
        const border = CountryBorder.from(Section.from(borderSection.buffer as ArrayBuffer, BORDER_SECTION_KIND,
            BORDER_SECTION_VERSION, borderSection.byteOffset, borderSection.byteLength));
        const out = places.build(border, job.cityLevel);
        places = null;
        reply = out;
        // Moved, not copied, when the section is its buffer's whole.
        if (out.section.byteOffset === 0 && out.section.byteLength === out.section.buffer.byteLength) transfer.push(out.section.buffer as ArrayBuffer);
    } catch (err) {
        reply = {error: (err as Error).stack ?? String(err)};
    }
    job.port.postMessage(reply, transfer);
    Atomics.store(job.done, 0, 1);
    Atomics.notify(job.done, 0);
}

void run();
