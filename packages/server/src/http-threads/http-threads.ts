// The HTTP threads: they accept the server's connections (the main thread accepts none), answer GET /route for the
// road modes and the region-only endpoints (http/region-app.ts: tiles, styles, fonts, sprites, /points, categories,
// /geolocation) themselves, and relay every other request to the main thread's server (relay.ts). Each listens on the
// port with a socket of its own (SO_REUSEPORT: Node 22.12 or later), the kernel spreading the connections over them.
// One descriptor shared by the threads would not do: a thread that stops closes it under the others, and the number,
// reused, may then be another file's when the next one closes it.
import type http from 'node:http';
import {MessageChannel, Worker, type MessagePort} from 'node:worker_threads';
import type {Region} from '@quartier/engine';
import {WORKER_YOUNG_GENERATION_MB} from '../workers/worker-threads.js';
import {rosterRegion, type RosterRegion} from '../workers/region-roster.js';
import {acceptRelays} from './relay.js';
import type {SharedKeys} from '../http/keys.js';
import {takeBatch, type BatchMetrics, type RequestBatchMessage} from './request-batch.js';

/** What an HTTP thread is given. */
export interface HttpThreadData {
    control: MessagePort;
    /** The port (0: any free one, for the first thread alone). */
    port: number;
    host: string;
    /** The main thread's keys, their rate buckets shared. */
    keys: SharedKeys;
    defaultCountry?: string;
    /** The regions served when it starts. */
    regions: RosterRegion[];
    /** Whether it answers road routes (not when the routing threads cannot start: the main thread then answers 503, as /health says). */
    answerRoutes: boolean;
    accessLog: boolean;
    /** AppOptions.trustedProxies: the region-only endpoints answered here read the client's address and host. */
    trustedProxies?: string;
}

/**
 * What the main thread tells an HTTP thread: the regions of a set swapped in; to stop accepting and finish its
 * requests within `close` ms (the server's shutdown); to cut its connections at once.
 */
export type HttpThreadCommand = {regions: RosterRegion[]; serial: number} | {close: number} | {cut: true};

/**
 * What an HTTP thread reports: that it listens, and on which port; that it has let go of the regions a set swapped in
 * (`serial`) left out, collected; that it has closed, with the requests it cut.
 */
export type HttpThreadReport = {listening: {port: number}} | {letGo: {serial: number; regions: number}} | {closed: {cut: number}};


/** Whether this Node has reusePort (22.12 and later in 22, 23.1 and later). */
export function hasReusePort(version = process.versions.node): boolean {
    const [major, minor] = version.split('.').map(Number);
    return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

export interface HttpThreadOptions {
    threads: number;
    port: number;
    host: string;
    /** The main thread's server: the relayed requests become its connections. */
    server: http.Server;
    metrics: BatchMetrics;
    /** The access log, when on. */
    accessLog: ((line: object) => void) | null;
    keys: SharedKeys;
    defaultCountry?: string;
    regions: Region[];
    /** HttpThreadData.answerRoutes. */
    answerRoutes: boolean;
    trustedProxies?: string;
    log: (line: string) => void;
    /** The module the threads run (tests: ServerHooks.httpThreadFile); default http-thread.js. */
    threadFile?: URL;
}

export class HttpThreads {
    private workers: Worker[] = [];
    private controls: MessagePort[] = [];
    private closing = false;
    /** Threads starting in the place of those that stopped. */
    private readonly restarting = new Set<Promise<void>>();
    port = 0;
    /** Threads restarted after one stopped. */
    restarts = 0;
    /** Regions the threads have let go of and collected (a thread's each), over every swap. */
    regionsLetGo = 0;
    /** The last set posted (HttpThreadCommand.serial), and the threads whose let-go each awaits. */
    private serial = 0;
    private readonly lettingGo = new Map<number, {pending: Set<Worker>; done: () => void}>();

    private constructor(private options: HttpThreadOptions) {}

    /** Starts the threads; resolves once they all accept on the port. */
    static async start(options: HttpThreadOptions): Promise<HttpThreads> {
        const threads = new HttpThreads(options);
        await threads.startAll();
        return threads;
    }

    /**
     * The threads serve `regions` from now on (a set swapped in). Resolves once each has let go of the regions it
     * served and these leave out, collected (or has stopped): their memory goes back when no thread holds them.
     */
    serve(regions: Region[]): Promise<void> {
        this.options = {...this.options, regions};
        const serial = ++this.serial;
        const letGo = new Promise<void>((resolve) => this.lettingGo.set(serial, {pending: new Set(this.workers), done: resolve}));
        this.tell({regions: regions.map(rosterRegion), serial});
        this.letGo(null, serial, 0);
        return letGo;
    }

    /** `worker` has let go of set `serial`'s left-out regions; with serial 0, it has stopped and holds nothing. */
    private letGo(worker: Worker | null, serial: number, regions: number): void {
        this.regionsLetGo += regions;
        for (const [s, wait] of this.lettingGo) {
            if (worker && (serial === 0 || s === serial)) wait.pending.delete(worker);
            if (wait.pending.size === 0) {
                this.lettingGo.delete(s);
                wait.done();
            }
        }
    }

    /** Stops accepting, lets the requests in flight finish (at most `graceMs`, then they are cut); resolves with the number cut. */
    async close(graceMs: number): Promise<number> {
        this.closing = true;
        await Promise.all(this.restarting);
        // Each thread says when it is done; one that stops meanwhile has nothing left to finish.
        const closed = this.controls.map((control, i) => new Promise<number>((resolve) => {
            control.on('message', (m: Partial<{closed: {cut: number}}>) => {
                if (m.closed) resolve(m.closed.cut);
            });
            this.workers[i].once('exit', () => resolve(0));
        }));
        this.tell({close: graceMs});
        const cut = (await Promise.all(closed)).reduce((a, b) => a + b, 0);
        await Promise.all(this.workers.map((w) => w.terminate()));
        return cut;
    }

    /** Cuts every connection at once (before an immediate exit); the requests cut are counted by the main thread's. */
    cut(): void {
        this.tell({cut: true});
    }

    private tell(command: HttpThreadCommand): void {
        for (const control of this.controls) control.postMessage(command);
    }

    private async startAll(): Promise<void> {
        if (!hasReusePort()) {
            throw new Error(`QUARTIER_HTTP_THREADS needs Node 22.12 or later (each thread listens with reusePort); this is Node ${process.versions.node}: `
                + 'run a newer Node, or set QUARTIER_HTTP_THREADS=0');
        }
        this.port = (await this.startOne()).port;
        for (let i = 1; i < this.options.threads; i++) await this.startOne();
    }

    /** A thread stopped (an exception it did not catch: a bug): its connections are lost; another takes its place. */
    private restart(worker: Worker, control: MessagePort): void {
        if (this.closing) return;
        this.workers = this.workers.filter((w) => w !== worker);
        this.controls = this.controls.filter((c) => c !== control);
        this.restarts++;
        this.options.log('an HTTP thread stopped (its connections are cut): another starts');
        const started = this.startOne().then(() => {}, (err: Error) => this.options.log(`an HTTP thread cannot start: ${err.message}`));
        this.restarting.add(started);
        void started.finally(() => this.restarting.delete(started));
    }

    private startOne(): Promise<{port: number}> {
        // Only what the thread's handlers need: none of them may hold the regions (a set swapped out is freed).
        const {metrics, accessLog, log, server} = this.options;
        const {port1, port2} = new MessageChannel();
        const data: HttpThreadData = {
            control: port2, port: this.port || this.options.port, host: this.options.host, keys: this.options.keys,
            defaultCountry: this.options.defaultCountry, regions: this.options.regions.map(rosterRegion), answerRoutes: this.options.answerRoutes, accessLog: accessLog !== null,
            trustedProxies: this.options.trustedProxies
        };
        const worker = new Worker(this.options.threadFile ?? new URL('./http-thread.js', import.meta.url), {
            workerData: data, transferList: [port2], resourceLimits: {maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB}
        });
        this.workers.push(worker);
        this.controls.push(port1);
        acceptRelays(port1, server);
        port1.unref();
        return new Promise((resolve, reject) => {
            let listening = false;
            worker.on('error', (err) => {
                log(`an HTTP thread failed: ${(err as Error).stack ?? err}`);
                if (!listening) reject(err);
            });
            worker.on('exit', () => {
                // A thread gone holds nothing: a swap does not wait for it (one started in its place takes the new set).
                this.letGo(worker, 0, 0);
                if (listening) this.restart(worker, port1);
            });
            port1.on('message', (m: Partial<{listening: {port: number}; letGo: {serial: number; regions: number}} & RequestBatchMessage>) => {
                if (m.listening) {
                    listening = true;
                    resolve(m.listening);
                } else if (m.letGo) this.letGo(worker, m.letGo.serial, m.letGo.regions);
                else if (m.requests) takeBatch(m as RequestBatchMessage, metrics, accessLog);
            });
        });
    }
}
