// Worker threads for /image (Piscina), started on the first image request: rendering takes tens to
// hundreds of milliseconds of CPU, which must not stall the server's other requests. Workers share
// the regions' SharedArrayBuffers.
//
// Admission by cost: a render costs about its device pixels (a 2048 × 2048 image is 4.2 million,
// 12 times an 800 × 450 one). The pool admits a render when the pixels already admitted
// would be drawn, at a conservative rate, within START_WITHIN_MS; otherwise it answers 503 at once
// with the seconds the admitted work needs as Retry-After, instead of letting the request wait for a
// time limit it cannot meet. A render past its time limit is abandoned (503) all the same.
import os from 'node:os';
import {fileURLToPath} from 'node:url';
import {Piscina} from 'piscina';
import type {Region} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import {HttpError} from '../http/errors.js';
import type {RenderAnswer, RenderTask} from './image-worker.js';
import {until} from '../workers/until.js';
import {ThreadMemoryBoard} from '../workers/thread-memory.js';

/** QUARTIER_IMAGE_WORKERS: render threads (default: the core count). */
export const IMAGE_WORKERS = Number(process.env.QUARTIER_IMAGE_WORKERS) || os.availableParallelism();
export const RENDER_TIMEOUT_MS = 30000;
/**
 * Device pixels one render thread draws per second, at the least (maps drawn at their own size: 6-11
 * million in CPU time for 2048 × 2048 on this machine under load, fewer per second than at twice the
 * size, where the same work spread over four times the pixels); QUARTIER_RENDER_PIXELS_PER_SECOND for another machine.
 */
export const RENDER_PIXELS_PER_SECOND = 5_000_000;
/** An admitted render must be able to start within this time (the rest of RENDER_TIMEOUT_MS is for drawing it). */
export const START_WITHIN_MS = 10000;
/** How long start() waits for the threads to load, at most. */
const START_WAIT_MS = 30000;
/** Renders admitted at once, however small. */
export const MAX_WAITING_RENDERS = 64;

export interface ImagePoolOptions {
    size?: number;
    /** Device pixels a thread draws per second (default RENDER_PIXELS_PER_SECOND): sets what is admitted. */
    pixelsPerSecond?: number;
    /** Awaited by every admitted render before it reaches a thread (tests hold renders in flight with it). */
    beforeRender?: () => Promise<void>;
}

/** Device pixels of a render: what admission counts. */
export function renderCost(task: RenderTask): number {
    const ratio = task.options.ratio ?? 1;
    return Math.round(task.options.width * ratio) * Math.round(task.options.height * ratio);
}

/** Device pixels the pool admits at once: what its threads draw within START_WITHIN_MS. */
export function renderCapacity(size: number, pixelsPerSecond = RENDER_PIXELS_PER_SECOND): number {
    return size * pixelsPerSecond * (START_WITHIN_MS / 1000);
}

export class ImagePool {
    private piscina: Piscina | null = null;
    readonly size: number;
    readonly capacity: number;
    readonly pixelsPerSecond: number;
    private inFlight = 0;
    /** Device pixels of the renders admitted and not finished. */
    private admittedPixels = 0;
    /** Threads that have loaded their modules (image-worker.ts adds 1 each). */
    private readonly loaded = new Int32Array(new SharedArrayBuffer(4));
    /** What the threads hold (their heaps and decoded tiles), as they report it (the metrics read it). */
    readonly memory = new ThreadMemoryBoard();

    constructor(private readonly regions: Region[], private readonly options: ImagePoolOptions = {}) {
        this.size = options.size ?? IMAGE_WORKERS;
        this.pixelsPerSecond = options.pixelsPerSecond ?? RENDER_PIXELS_PER_SECOND;
        this.capacity = renderCapacity(this.size, this.pixelsPerSecond);
    }

    async render(task: RenderTask): Promise<Buffer> {
        const cost = renderCost(task);
        // An idle pool takes any render: every image the parameters allow can be drawn.
        if (this.inFlight > 0 && (this.admittedPixels + cost > this.capacity || this.inFlight >= this.size + MAX_WAITING_RENDERS)) {
            const seconds = Math.max(1, Math.ceil(this.admittedPixels / (this.size * this.pixelsPerSecond)));
            throw new HttpError(503, `Too many images are being drawn to start this one in time; retry in ${seconds} s.`, {'Retry-After': String(seconds)});
        }
        this.inFlight++;
        this.admittedPixels += cost;
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS);
        let answer: RenderAnswer;
        try {
            if (this.options.beforeRender) await this.options.beforeRender();
            answer = await this.threads().run(task, {signal: abort.signal});
        } catch (err) {
            if (abort.signal.aborted) throw new HttpError(503, `The image was not drawn within ${RENDER_TIMEOUT_MS / 1000} s; retry later.`);
            process.stderr.write(`render failed: ${(err as Error).message ?? String(err)}\n`);
            throw new HttpError(503, 'Drawing the image failed; retry later.');
        } finally {
            clearTimeout(timer);
            this.inFlight--;
            this.admittedPixels -= cost;
        }
        if ('error' in answer) throw new HttpError(answer.error.status, answer.error.message);
        return Buffer.from(answer.jpeg.buffer, answer.jpeg.byteOffset, answer.jpeg.byteLength);
    }

    /** The threads, started on first use. */
    private threads(): Piscina {
        if (this.piscina) return this.piscina;
        this.piscina = new Piscina({
            filename: fileURLToPath(new URL('./image-worker.js', import.meta.url)),
            minThreads: this.size,
            maxThreads: this.size,
            idleTimeout: Infinity,
            workerData: {regions: this.regions.map((r) => ({manifest: r.manifest, buffers: regionSections(r).buffers})), loaded: this.loaded.buffer, memory: this.memory.buffer}
        });
        this.piscina.on('error', (err) => process.stderr.write(`image worker error: ${(err as Error).message}\n`));
        this.piscina.on('workerDestroy', (worker: {id: number}) => this.memory.release(worker.id));
        return this.piscina;
    }

    /** Whether the threads have been started (by a render, or start()). */
    get started(): boolean {
        return this.piscina !== null;
    }

    /**
     * Starts the threads now and resolves once each has loaded its modules (at most START_WAIT_MS) and drawn a first
     * image: a pool taking over from a started one (a region swapped in) must not make the first images after the
     * switch wait for that.
     */
    async start(): Promise<void> {
        const piscina = this.threads();
        await until(() => Atomics.load(this.loaded, 0) >= this.size, START_WAIT_MS);
        // Then a first image per thread (loaded and idle, each takes one): its first render compiles the drawing code
        // and fills the caches (seconds otherwise, on the first images after a swap).
        const region = this.regions[0];
        const pois = region ? regionSections(region).pois : null;
        if (!pois?.count) return;
        const i = pois.count >> 1;
        const task: RenderTask = {country: region.country.code, marker: null,
            options: {latitude: pois.lat[i], longitude: pois.lon[i], width: 400, height: 300, mapStyle: 1, pinColor: '#428bff', ratio: 1}};
        await Promise.all(Array.from({length: this.size}, () => piscina.run(task).catch(() => null)));
    }

    async close(): Promise<void> {
        await this.piscina?.destroy();
        this.piscina = null;
    }
}
