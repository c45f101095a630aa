// A region set's routing pool: the routing threads (worker-threads.ts), started once and shared by every set of
// regions the server swaps in, as one set sees them. Its tasks name the set (the threads take its regions in through
// the region roster), and it counts its own tasks in flight, so that a set swapped out is dropped once it has none.
import type {Region} from '@quartier/engine';
import type {Task} from './tasks.js';
import type {ThreadMemoryBoard} from './thread-memory.js';
import {WorkerThreads, type PoolOptions} from './worker-threads.js';

export {DEFAULT_MAX_QUEUE, DEFAULT_TASK_TIMEOUT_MS, WORKER_YOUNG_GENERATION_MB, type PoolOptions} from './worker-threads.js';

export class WorkerPool {
    /** The set's number, which its tasks carry. */
    private readonly set: number;
    /** This set's tasks submitted and not finished. */
    private inFlight = 0;
    private closed: Promise<void> | null = null;

    /** A pool over `regions`, on threads of its own unless given those of another set (a region swapped in: over()). */
    constructor(readonly regions: Region[], options: PoolOptions = {}, readonly threadPool: WorkerThreads = new WorkerThreads(options)) {
        this.set = threadPool.roster.add(regions);
    }

    /** A pool over `regions` on the same threads (no thread started): the set a swap brings. */
    over(regions: Region[]): WorkerPool {
        return new WorkerPool(regions, {}, this.threadPool);
    }

    /**
     * Resolves once every thread has taken the set in (and prepared the regions new to it: worker.ts),
     * or a few seconds at most (RegionRoster.takeIn): a set swapped in takes no request before. Rejects with the
     * reason a thread could not.
     */
    takenIn(): Promise<void> {
        return this.threadPool.roster.takeIn(this.set, this.threadPool);
    }

    /** Runs a task of this set; its answer, or the HttpError (400, 503, ...) to send. */
    async run<T>(task: Task): Promise<T> {
        this.inFlight++;
        try {
            return await this.threadPool.run<T>({...task, set: this.set});
        } finally {
            this.inFlight--;
        }
    }

    /** This set's tasks submitted and not finished. */
    get tasksInFlight(): number {
        return this.inFlight;
    }

    /**
     * Drops the set (once, however often asked): the threads let go of its regions, those no other set serves, and
     * collect them at once. The last set's close stops the threads.
     */
    close(): Promise<void> {
        this.closed ??= this.threadPool.roster.release(this.set, this.threadPool);
        return this.closed;
    }

    get size(): number {
        return this.threadPool.size;
    }

    get timeoutMs(): number {
        return this.threadPool.timeoutMs;
    }

    get maxQueue(): number {
        return this.threadPool.maxQueue;
    }

    get memory(): ThreadMemoryBoard {
        return this.threadPool.memory;
    }

    get ready(): Promise<void> {
        return this.threadPool.ready;
    }

    get startError(): string | null {
        return this.threadPool.startError;
    }

    allStarted(): Promise<void> {
        return this.threadPool.allStarted();
    }

    nextWorkerReady(): Promise<void> {
        return this.threadPool.nextWorkerReady();
    }

    /** Tasks of every set waiting for a thread. */
    get waiting(): number {
        return this.threadPool.waiting;
    }

    /** Tasks of every set running on a thread. */
    get running(): number {
        return this.threadPool.running;
    }

    get restarts(): number {
        return this.threadPool.restarts;
    }

    get loadingWorkers(): number {
        return this.threadPool.loadingWorkers;
    }

    /** The threads (the same for every set). */
    get threads(): number {
        return this.threadPool.threads;
    }

    /** The threads' ids, as Piscina numbers them (a swap changes none). */
    get threadIds(): number[] {
        return this.threadPool.threadIds;
    }

    set onTask(observe: WorkerThreads['onTask']) {
        this.threadPool.onTask = observe;
    }
}
