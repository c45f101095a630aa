// Worker threads for /image (Piscina), started on the first image request and kept for every region set the server
// swaps in (image-pool.ts: a set's view of them): rendering takes tens to hundreds of milliseconds of CPU, which must
// not stall the server's other requests. Workers share the regions' SharedArrayBuffers (the region roster hands
// them over, workers/region-roster.ts).
//
// Admission by cost: a render costs about its device pixels (a 2048 × 2048 image is 4.2 million,
// 12 times an 800 × 450 one). The pool admits a render when the pixels already admitted
// would be drawn, at a conservative rate, within START_WITHIN_MS; otherwise it answers 503 at once
// with the seconds the admitted work needs as Retry-After, instead of letting the request wait for a
// time limit it cannot meet. A render past its time limit is abandoned (503) all the same.
import os from 'node:os';
import {fileURLToPath} from 'node:url';
import {Piscina} from 'piscina';
import {HttpError} from '../http/errors.js';
import type {RenderAnswer, RenderTask} from './image-worker.js';
import {ThreadMemoryBoard} from '../workers/thread-memory.js';
import {RegionRoster, type RosterTask, type RosterThreads} from '../workers/region-roster.js';
import {WORKER_YOUNG_GENERATION_MB} from '../workers/worker-threads.js';

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

/** A render task as the threads receive it: naming its region set (workers/region-roster.ts). */
export type RenderThreadTask = RenderTask & {set: number};

export class ImageThreads implements RosterThreads {
    private piscina: Piscina | null = null;
    readonly size: number;
    readonly capacity: number;
    readonly pixelsPerSecond: number;
    private inFlight = 0;
    private rendersBegun = 0;
    /** Device pixels of the renders admitted and not finished. */
    private admittedPixels = 0;
    /** What the threads hold (their heaps and decoded tiles), as they report it (the metrics read it). */
    readonly memory = new ThreadMemoryBoard();
    /** The region sets the threads serve. */
    readonly roster = new RegionRoster();

    constructor(private readonly options: ImagePoolOptions = {}) {
        this.size = options.size ?? IMAGE_WORKERS;
        this.pixelsPerSecond = options.pixelsPerSecond ?? RENDER_PIXELS_PER_SECOND;
        this.capacity = renderCapacity(this.size, this.pixelsPerSecond);
    }

    async render(task: RenderThreadTask): Promise<Buffer> {
        const cost = renderCost(task);
        // An idle pool takes any render: every image the parameters allow can be drawn.
        if (this.inFlight > 0 && (this.admittedPixels + cost > this.capacity || this.inFlight >= this.size + MAX_WAITING_RENDERS)) {
            const seconds = Math.max(1, Math.ceil(this.admittedPixels / (this.size * this.pixelsPerSecond)));
            throw new HttpError(503, `Too many images are being drawn to start this one in time; retry in ${seconds} s.`, {'Retry-After': String(seconds)});
        }
        this.inFlight++;
        this.rendersBegun++;
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
            resourceLimits: {maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB},
            workerData: {roster: this.roster.data, memory: this.memory.buffer}
        });
        this.roster.attach(this.piscina);
        this.piscina.on('error', (err) => process.stderr.write(`image worker error: ${(err as Error).message}\n`));
        this.piscina.on('workerDestroy', (worker: {id: number}) => this.memory.release(worker.id));
        return this.piscina;
    }

    /** Whether the threads have been started (by a first render). */
    get hasThreads(): boolean {
        return this.piscina !== null;
    }

    /** No render running or waiting. */
    get idle(): boolean {
        return this.inFlight === 0;
    }

    /** Renders begun so far. */
    get tasksSeen(): number {
        return this.rendersBegun;
    }

    /** A roster task, outside admission (it draws nothing); none when the threads are not running. */
    async runRoster(task: RosterTask): Promise<void> {
        if (!this.piscina) return;
        const answer = await this.piscina.run(task) as RenderAnswer | 'pong';
        if (typeof answer === 'object' && 'error' in answer) throw new Error(answer.error.message);
    }

    /** The threads' ids (none before the first render). */
    get threadIds(): number[] {
        return this.piscina?.threads.map((worker) => worker.threadId) ?? [];
    }

    async close(): Promise<void> {
        await this.piscina?.destroy();
        this.piscina = null;
    }
}
