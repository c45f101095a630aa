// Region build, the geocoding index on the machine's second core: a worker thread (places-worker.ts) reads the
// extracts for the places' builder alone and builds the 'places' section while this thread builds the rest (the
// roads, POIs, map data). The build is synchronous: the section comes back through a message port read without the
// event loop (receiveMessageOnPort) once the worker flags it done (Atomics). Used when a previous bundle is
// replaced (an update: the roads and their hierarchies mostly reused, so the geocoding index is most of the work).
import os from 'node:os';
import {MessageChannel, receiveMessageOnPort, Worker, type MessagePort} from 'node:worker_threads';
import type {PlacesStats} from '../../geocode/index.js';
import type {Station} from '../../geocode/build/stations.js';
import type {SourceInfo} from './state.js';

/** What the worker is given (workerData). */
export interface PlacesJob {
    sources: string[];
    sourceInfo: SourceInfo[];
    borderCode: string;
    cityLevel: number | undefined;
    /** Where the section (or the error) is posted. */
    port: MessagePort;
    /** [0] set to 1 once posted. */
    done: Int32Array;
}

/** What the worker posts: the section and its stats, or why it failed. */
export type PlacesReply = {section: Uint8Array; stats: PlacesStats} | {error: string};

export class PlacesThread {
    private readonly worker: Worker;
    private readonly port: MessagePort;
    private readonly done = new Int32Array(new SharedArrayBuffer(4));

    constructor(job: Omit<PlacesJob, 'port' | 'done'>) {
        const channel = new MessageChannel();
        this.port = channel.port1;
        const data: PlacesJob = {...job, port: channel.port2, done: this.done};
        this.worker = new Worker(new URL('./places-worker.js', import.meta.url), {workerData: data, transferList: [channel.port2]});
        // Never what keeps the process alive (a build that failed before collecting it).
        this.worker.unref();
    }

    /** Whether to build the geocoding index on a thread: a previous bundle replaced, on a machine of two cores or more. */
    static wanted(previous: unknown): boolean {
        return previous !== null && os.availableParallelism() > 1;
    }

    /** The transit stations (the places' last input) sent, the section waited for. */
    finish(stations: Station[]): {section: Uint8Array; stats: PlacesStats} {
        this.worker.postMessage(stations);
        Atomics.wait(this.done, 0, 0);
        const reply = receiveMessageOnPort(this.port)?.message as PlacesReply | undefined;
        this.port.close();
        if (!reply) throw new Error('the geocoding index thread posted nothing');
        if ('error' in reply) throw new Error(`the geocoding index thread failed: ${reply.error}`);
        return reply;
    }

    /** Stops the worker (a build that failed). */
    stop(): void {
        void this.worker.terminate();
        this.port.close();
    }
}
