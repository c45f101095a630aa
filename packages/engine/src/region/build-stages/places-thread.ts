// Region build, the geocoding index on the machine's second core: a worker thread (places-worker.ts) reads the
// extracts for the places' builder alone and builds the 'places' section while this thread builds the rest (the
// roads, POIs, map data). Both sides are synchronous: each message through the port is read without the event loop
// (receiveMessageOnPort) once the other side raised its flag (Atomics). Used when a previous bundle is replaced (an
// update: the roads and their hierarchies mostly reused, so the geocoding index is most of the work). Then the
// worker cuts every other tile of the vector tiles' patch (tiles/tile-patch.ts) beside this thread.
import os from 'node:os';
import {MessageChannel, receiveMessageOnPort, Worker, type MessagePort} from 'node:worker_threads';
import type {PlacesStats} from '../../geocode/index.js';
import type {Station} from '../../geocode/build/stations.js';
import type {TileCutHelper} from '../../tiles/tile-patch.js';

/** Flags (an Int32Array over shared memory): set to 1 once the message is posted. */
export const STATIONS_SENT = 0, PLACES_DONE = 1, TILES_ASKED = 2, TILES_DONE = 3;

/** What the worker is given (workerData). */
export interface PlacesJob {
    sources: string[];
    /** The extracts' sizes (region/build.ts's SourceInfo), for the passes' progress. */
    sourceInfo: {path: string; bytes: number; sha256: string}[];
    borderCode: string;
    cityLevel: number | undefined;
    /**
     * The worker's end: the stations come in (STATIONS_SENT), the section (or the error) goes out (PLACES_DONE); then
     * its share of the tiles to cut (TILES_ASKED: a TileJob, or null for none) and the tiles cut (TILES_DONE).
     */
    port: MessagePort;
    flags: Int32Array;
}

/** What the worker posts: the section and its stats, or why it failed. */
export type PlacesReply = {section: Uint8Array; stats: PlacesStats} | {error: string};

/** The vector tiles' patch asks the worker to cut every other tile (tiles/tile-patch.ts), from the build's sections. */
export interface TileJob {
    tiles: Int32Array;
    mapFile: string;
    placesFile: string;
}

export type TilesReply = Map<number, Uint8Array | null> | {error: string};

/** Waits for a flag the other thread raises, then reads the message it posted before. */
export function receiveAfter<T>(flags: Int32Array, flag: number, port: MessagePort): T | undefined {
    Atomics.wait(flags, flag, 0);
    return receiveMessageOnPort(port)?.message as T | undefined;
}

/** Posts a message, then raises the flag the other thread waits for. */
export function postAndRaise(flags: Int32Array, flag: number, port: MessagePort, message: unknown, transfer: ArrayBuffer[] = []): void {
    port.postMessage(message, transfer);
    Atomics.store(flags, flag, 1);
    Atomics.notify(flags, flag);
}

export class PlacesThread {
    private readonly worker: Worker;
    private readonly port: MessagePort;
    private readonly flags = new Int32Array(new SharedArrayBuffer(16));

    constructor(job: Omit<PlacesJob, 'port' | 'flags'>) {
        const channel = new MessageChannel();
        this.port = channel.port1;
        const data: PlacesJob = {...job, port: channel.port2, flags: this.flags};
        this.worker = new Worker(new URL('./places-worker.js', import.meta.url), {workerData: data, transferList: [channel.port2]});
        // Never what keeps the process alive (a build that failed before collecting it).
        this.worker.unref();
    }

    /** Whether to build the geocoding index on a thread: a previous bundle replaced, on a machine of two cores or more. */
    static wanted(previous: unknown): boolean {
        return previous !== null && os.availableParallelism() > 1;
    }

    /** The transit stations, the places' last input (needed only after the streets, addresses and localities). */
    sendStations(stations: Station[]): void {
        postAndRaise(this.flags, STATIONS_SENT, this.port, stations);
    }

    /** The section, waited for. */
    finish(): {section: Uint8Array; stats: PlacesStats} {
        return this.answer<{section: Uint8Array; stats: PlacesStats}>(PLACES_DONE, 'nothing', '');
    }

    /** The worker as the tiles' patch's second thread, cutting from the build's map data and places files. */
    tileHelper(mapFile: string, placesFile: string): TileCutHelper {
        return {
            start: (tiles) => postAndRaise(this.flags, TILES_ASKED, this.port, {tiles, mapFile, placesFile} satisfies TileJob),
            collect: () => this.answer<Map<number, Uint8Array | null>>(TILES_DONE, 'no tiles', ' cutting tiles')
        };
    }

    /** The worker let go of: told there are no tiles to cut, if it was not asked. */
    release(): void {
        this.declineTiles();
        this.port.close();
    }

    /** Stops the worker (a build that failed), waking it should it wait. */
    stop(): void {
        if (Atomics.load(this.flags, STATIONS_SENT) === 0) this.sendStations([]);
        this.declineTiles();
        void this.worker.terminate();
        this.port.close();
    }

    /** Tells the worker there are no tiles to cut, unless it was asked already. */
    private declineTiles(): void {
        if (Atomics.load(this.flags, TILES_ASKED) === 0) postAndRaise(this.flags, TILES_ASKED, this.port, null);
    }

    /** The worker's answer posted under `flag`, waited for; its error (or nothing posted) thrown. */
    private answer<T extends object>(flag: number, missing: string, doing: string): T {
        const reply = receiveAfter<T | {error: string}>(this.flags, flag, this.port);
        if (!reply) throw new Error(`the geocoding index thread posted ${missing}`);
        if ('error' in reply) throw new Error(`the geocoding index thread failed${doing}: ${reply.error}`);
        return reply as T;
    }
}
