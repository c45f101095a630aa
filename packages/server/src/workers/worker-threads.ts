// The routing threads, started once and serving every region set the server swaps in: the region roster
// (region-roster.ts) hands each thread the sets' SharedArrayBuffers, so the data lives once in memory whatever the
// pool size, and a swap starts no thread (pool.ts: a set's view of them). Piscina starts, replaces and stops the
// threads; the tasks go over each thread's own port (task-dispatch.ts). A task past its time limit is abandoned
// (its worker is stopped and replaced) and answered 503; so is a task whose worker crashed, or one
// that finds the queue full. Workers that cannot start (they die MAX_START_FAILURES times before one of them has
// answered) stop the pool rather than restart for ever: every task then gets 503 at once, and `startError` (shown
// by /health) says why.
import os from 'node:os';
import v8 from 'node:v8';
import {fileURLToPath} from 'node:url';
import {Piscina} from 'piscina';
import {HttpError} from '../http/errors.js';
import type {Task} from './tasks.js';
import {engineFailed, taskAnswer, taskErrorOf} from './task-error.js';
import {until} from './until.js';
import {ThreadMemoryBoard} from './thread-memory.js';
import {TaskCut, TaskDispatch} from './task-dispatch.js';
import {RegionRoster, type RosterTask, type RosterThreads} from './region-roster.js';

/** A task as the threads receive it: naming its region set (region-roster.ts), or one of a swap's own. */
export type ThreadTask = (Task & {set: number}) | RosterTask;

export interface PoolOptions {
    /** Worker threads; default the core count. */
    size?: number;
    /** Milliseconds a task may run before it is abandoned. */
    timeoutMs?: number;
    /** Tasks that may wait for a worker; beyond, 503. */
    maxQueue?: number;
    /**
     * Each worker warms up when it starts (TaskRunner.warm): true, on what a server answers; 'enrichment', on the
     * neighbourhood searches alone (quartier enrich runs nothing else).
     */
    warm?: boolean | 'enrichment';
    /** The module the workers run (default worker.js; tests add test-only tasks with their own). */
    workerFile?: URL;
}

export const DEFAULT_TASK_TIMEOUT_MS = 10000;
export const DEFAULT_MAX_QUEUE = 256;
const MAX_START_FAILURES = 3;
/**
 * The young generation (MiB) of every thread the server starts (routing, render, bundle opening), see the pool's
 * options: `npm start`'s semi-spaces are the main thread's alone.
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

// V8's --max-semi-space-size, once given (npm start: 8 MiB, for the main thread), wins over a thread's own
// resourceLimits: cleared here, once the main thread's heap is made, every thread started from now on has the young
// generation it asks for (a fuzz of 10,000 requests: the routing threads' heaps 183 MiB with the flag, 86 without).
v8.setFlagsFromString('--max-semi-space-size=0');

export class WorkerThreads implements RosterThreads {
    private readonly piscina: Piscina;
    private readonly dispatch: TaskDispatch;
    readonly size: number;
    readonly timeoutMs: number;
    readonly maxQueue: number;
    /** Tasks submitted and not finished (running or waiting). */
    private inFlight = 0;
    /** Roster tasks finished (Piscina's count of finished tasks holds them too). */
    private rosterTasksDone = 0;
    /** Whether a worker has started and answered. */
    private started = false;
    private startFailures = 0;
    private startErrorMessage: string | null = null;
    private closing = false;
    /** Resolves when a worker has started and answered (never rejects; see startError for the other outcome). */
    readonly ready: Promise<void>;
    /** Workers created, the first `size` included. */
    private created = 0;
    /** Workers that have loaded their modules (each adds 1 once worker.ts has been loaded and run, see there). */
    private readonly loaded = new Int32Array(new SharedArrayBuffer(4));
    /** What the threads hold (their heaps), as they report it (the metrics read it). */
    readonly memory = new ThreadMemoryBoard();
    /** Told of every task when it ends (the metrics' task durations). */
    onTask: ((type: string, outcome: 'ok' | 'error' | 'timeout' | 'failed' | 'busy', seconds: number) => void) | null = null;
    /** The region sets the threads serve. */
    readonly roster = new RegionRoster();

    constructor(options: PoolOptions = {}) {
        this.size = Math.max(1, options.size ?? os.availableParallelism());
        this.timeoutMs = options.timeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
        this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
        this.piscina = new Piscina({
            filename: fileURLToPath(options.workerFile ?? new URL('./worker.js', import.meta.url)),
            minThreads: this.size,
            maxThreads: this.size,
            idleTimeout: Infinity,
            // Piscina's own run and wait time histograms: unused (the metrics time tasks themselves).
            recordTiming: false,
            // The threads take their tasks from their own ports (task-dispatch.ts): an idle thread waits in its event
            // loop, not in Atomics.wait, where it would read no port.
            atomics: 'disabled',
            // A small young generation: V8 grows it to 48 MiB per thread under a steady stream of short-lived
            // answers, and keeps it; 8 MiB costs more frequent (cheap) scavenges (a task's objects die with it) and
            // bounds the threads' heaps however the server is started. The main thread's semi-spaces are npm start's
            // 8 MiB: it scavenges a quarter as often as with 2 MiB, each time copying the connections in flight
            // (docs/operations.md#memory).
            resourceLimits: {maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB},
            workerData: {roster: this.roster.data, warm: options.warm ?? false, loaded: this.loaded.buffer, memory: this.memory.buffer}
        });
        this.roster.attach(this.piscina);
        this.dispatch = new TaskDispatch(this.piscina);
        // A crashed worker surfaces as the failed task's error; Piscina starts a new one, unless none ever started.
        this.piscina.on('error', (err) => {
            const message = (err as Error).message ?? String(err);
            process.stderr.write(`worker error: ${message}\n`);
            if (this.started || this.startErrorMessage !== null || ++this.startFailures < MAX_START_FAILURES) return;
            this.startErrorMessage = `the worker threads cannot start (${this.startFailures} failed): ${message}`;
            process.stderr.write(`${this.startErrorMessage}; not starting more: fix the cause and restart the server\n`);
            this.dispatch.close(this.startErrorMessage);
            this.piscina.destroy().catch(() => {});
        });
        this.piscina.on('workerCreate', () => this.created++);
        this.piscina.on('workerDestroy', (worker: {id: number}) => this.memory.release(worker.id));
        this.ready = this.dispatch.run({type: 'ping'} satisfies Task, 2 ** 31 - 1).then(() => {
            this.started = true;
        }, () => {});
    }

    /** Why the worker threads cannot start, or null (they run, or are starting). */
    get startError(): string | null {
        return this.startErrorMessage;
    }

    /** Runs a task (within `timeoutMs`); its answer, or the HttpError (400, 503, ...) to send. */
    async run<T>(task: ThreadTask, timeoutMs = this.timeoutMs): Promise<T> {
        if (this.startErrorMessage !== null) throw new HttpError(503, 'The routing engine cannot start on this server; its operator must fix it (see /health).');
        // The queue bound is ours: a full pool answers at once rather than letting waits pile up (a swap's roster
        // tasks pass: a busy moment must not refuse a new bundle).
        if (this.inFlight >= this.size + this.maxQueue && task.type !== 'roster') {
            this.onTask?.(task.type, 'busy', 0);
            throw new HttpError(503, 'The routing engine is busy; retry in a few seconds.', {'Retry-After': '2'});
        }
        this.inFlight++;
        const begun = performance.now();
        let result: unknown;
        try {
            result = await this.dispatch.run(task, timeoutMs);
        } catch (err) {
            const timedOut = err instanceof TaskCut && err.timedOut;
            this.onTask?.(task.type, timedOut ? 'timeout' : 'failed', (performance.now() - begun) / 1000);
            if (timedOut) throw new HttpError(503, `The routing engine did not answer within ${timeoutMs / 1000} s; retry later.`);
            const message = (err as Error).message ?? String(err);
            // Tasks the pool's close cuts short are no failure to report.
            if (!this.closing) process.stderr.write(`task failed: ${message}\n`);
            throw engineFailed();
        } finally {
            this.inFlight--;
        }
        this.onTask?.(task.type, taskErrorOf(result) ? 'error' : 'ok', (performance.now() - begun) / 1000);
        return taskAnswer<T>(result);
    }

    /**
     * Resolves once every worker has loaded its modules (and warmed up, when asked), or once the pool has given up
     * starting them: the server opens its port only then.
     */
    async allStarted(): Promise<void> {
        await this.ready;
        await until(() => this.startErrorMessage !== null || Atomics.load(this.loaded, 0) >= this.size);
    }

    /** Tasks submitted and not finished. */
    get tasksInFlight(): number {
        return this.inFlight;
    }

    /** Resolves when the next worker is ready: one started to replace a crashed or abandoned one. */
    nextWorkerReady(): Promise<void> {
        return new Promise((resolve) => this.piscina.once('workerCreate', () => resolve()));
    }

    /** Tasks waiting for a worker. */
    get waiting(): number {
        return this.dispatch.waiting;
    }

    /** Tasks running on a worker. */
    get running(): number {
        return Math.max(0, this.inFlight - this.dispatch.waiting);
    }

    /** Workers started again after one crashed or was stopped at a task's time limit. */
    get restarts(): number {
        return Math.max(0, this.created - this.size);
    }

    /** Workers created that have not finished loading their modules (failed starts aside): close() waits for them. */
    get loadingWorkers(): number {
        return Math.max(0, this.created - this.startFailures - Atomics.load(this.loaded, 0));
    }

    get threads(): number {
        return this.piscina.threads.length;
    }

    get hasThreads(): boolean {
        return this.startErrorMessage === null && !this.closing;
    }

    /** No task of any set running or waiting. */
    get idle(): boolean {
        return this.inFlight === 0;
    }

    /** Tasks of every set finished so far (the roster's aside). */
    get tasksSeen(): number {
        return this.dispatch.completed - this.rosterTasksDone;
    }

    async runRoster(task: RosterTask): Promise<unknown> {
        try {
            return await this.run(task);
        } finally {
            this.rosterTasksDone++;
        }
    }

    /** The threads' ids. */
    get threadIds(): number[] {
        return this.piscina.threads.map((worker) => worker.threadId);
    }

    /**
     * Stops the workers. A worker terminated while it is still loading its modules can abort the whole
     * process (a V8 fatal error, "IsGraphAsync must be used on an instantiated module", seen when a server
     * was stopped right after it started, and right after a worker was replaced at a task's time limit):
     * every worker created is let finish loading first (those that failed to start aside), at most 5 s.
     */
    async close(): Promise<void> {
        this.closing = true;
        if (this.startErrorMessage !== null) return;
        await until(() => this.loadingWorkers === 0, 5000);
        this.dispatch.close('the routing threads are closing');
        await this.piscina.destroy();
    }
}
