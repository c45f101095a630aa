// What each worker thread holds: its V8 heap and what it reports of its own caches, written by the thread
// itself into a board of shared memory that the main thread reads for /metrics. A worker's heap cannot be
// read from outside on node 20 (Worker.getHeapStatistics came later), and an idle render thread, blocked in
// Piscina's Atomics.wait, runs no timer: each thread writes after its tasks, at most every WRITE_EVERY_MS.
import v8 from 'node:v8';
import {threadId} from 'node:worker_threads';

/** Threads one board follows at once (a pool's threads and their replacements). */
const SLOTS = 64;
/** Per slot: V8 heap committed, V8 heap used, external memory (typed arrays, native objects), the thread's own caches. */
const FIELDS = 4;
const WRITE_EVERY_MS = 250;

export interface ThreadMemory {
    /** Threads counted. */
    threads: number;
    heapTotal: number;
    heapUsed: number;
    external: number;
    /** Bytes the threads' own caches report (e.g. the render threads' decoded tiles). */
    caches: number;
}

export class ThreadMemoryBoard {
    /** Per slot, the thread id writing there (0: free). */
    private readonly ids: Int32Array;
    private readonly values: Float64Array;
    private slot = -1;
    private lastWrite = -Infinity;

    constructor(readonly buffer = new SharedArrayBuffer(SLOTS * 4 + SLOTS * FIELDS * 8)) {
        this.ids = new Int32Array(buffer, 0, SLOTS);
        this.values = new Float64Array(buffer, SLOTS * 4, SLOTS * FIELDS);
    }

    /** In a worker: writes this thread's memory (at most every WRITE_EVERY_MS unless `now`). `caches`: its caches' bytes. */
    write(caches = 0, now = false): void {
        const t = performance.now();
        if (!now && t - this.lastWrite < WRITE_EVERY_MS) return;
        this.lastWrite = t;
        if (this.slot < 0) this.slot = this.claim();
        if (this.slot < 0) return;
        const heap = v8.getHeapStatistics(), at = this.slot * FIELDS;
        this.values[at] = heap.total_heap_size;
        this.values[at + 1] = heap.used_heap_size;
        this.values[at + 2] = heap.external_memory;
        this.values[at + 3] = caches;
    }

    /** A free slot taken for this thread, or -1 when every slot is taken (its memory then goes uncounted). */
    private claim(): number {
        for (let s = 0; s < SLOTS; s++) {
            if (Atomics.compareExchange(this.ids, s, 0, threadId) === 0) return s;
        }
        return -1;
    }

    /** In the main thread: frees the slot of a thread that has stopped. */
    release(id: number): void {
        for (let s = 0; s < SLOTS; s++) {
            if (Atomics.load(this.ids, s) !== id) continue;
            this.values.fill(0, s * FIELDS, (s + 1) * FIELDS);
            Atomics.store(this.ids, s, 0);
        }
    }

    /** In the main thread: the sums over the threads that have written. */
    totals(): ThreadMemory {
        const sum: ThreadMemory = {threads: 0, heapTotal: 0, heapUsed: 0, external: 0, caches: 0};
        for (let s = 0; s < SLOTS; s++) {
            if (Atomics.load(this.ids, s) === 0) continue;
            const at = s * FIELDS;
            sum.threads++;
            sum.heapTotal += this.values[at];
            sum.heapUsed += this.values[at + 1];
            sum.external += this.values[at + 2];
            sum.caches += this.values[at + 3];
        }
        return sum;
    }
}
