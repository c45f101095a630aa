// The regions served together and what serves them: their view of the routing and render threads and the app over
// them. A region swapped in makes a new set beside the running one (region-swap.ts), on the same threads; the server
// then hands every new request to the new set, while the old one finishes the requests it has and is then dropped
// (the threads let go of its regions, whose buffers are released with the last reference to them).
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Region} from '@quartier/engine';
import type {WorkerPool} from '../workers/pool.js';
import type {ImagePool} from '../image/image-pool.js';
import {until} from '../workers/until.js';
import {collectedHere, type Activity} from '../workers/collect-garbage.js';
import {FORCE_COLLECT_AFTER_MS} from '../workers/region-roster.js';

/** How long a retired set waits for tasks that outlive their requests (a client gone mid-answer), at most. */
const TASKS_AFTER_REQUESTS_MS = 30_000;

export class RegionSet {
    /** Requests handed to this set and not yet answered (or given up by their client). */
    private inFlight = 0;
    private handledCount = 0;
    private drained: (() => void) | null = null;
    private closed: Promise<void> | null = null;
    private readonly requestDone = () => {
        if (--this.inFlight === 0 && this.drained) this.drained();
    };

    constructor(readonly regions: Region[], readonly pool: WorkerPool, readonly imagePool: ImagePool,
        private readonly listener: (req: IncomingMessage, res: ServerResponse) => void) {}

    /** Requests handed to this set so far. */
    get handled(): number {
        return this.handledCount;
    }

    handle(req: IncomingMessage, res: ServerResponse): void {
        this.inFlight++;
        this.handledCount++;
        // 'close' comes once per response; on() spares the wrapper once() allocates per request.
        res.on('close', this.requestDone);
        this.listener(req, res);
    }

    /**
     * Drops the set once its requests are answered: waits for them (no limit: the server's own shutdown bounds
     * them), then for the tasks and renders they left running (at most TASKS_AFTER_REQUESTS_MS), then drops it.
     * Resolves once dropped, with `released`: until the threads have let go of its memory (close()), which
     * holds no reference to the set, so that the main thread's part of it may go meanwhile.
     */
    async retire(): Promise<{released: Promise<void>}> {
        if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
        await until(() => this.pool.tasksInFlight === 0 && this.imagePool.rendersInFlight === 0, TASKS_AFTER_REQUESTS_MS, 50);
        return {released: this.close()};
    }

    /**
     * Drops the set from the threads now (once, however often asked): when it is retired, or at the server's
     * shutdown, after its grace period (the last set dropped stops the threads). The routing and render threads let
     * go of it at once, its memory left to their own collections while they serve (RegionRoster.release).
     */
    close(): Promise<void> {
        this.closed ??= Promise.all([this.pool.close(), this.imagePool.close()]).then(() => {});
        return this.closed;
    }
}

/**
 * Retires `set` (region-swap.ts: swapped out) and resolves once its memory is let go of: by the threads
 * (RegionRoster.release), and by this thread, whose part goes with V8's own collections while requests come, or with
 * one forced when none has come since the last look, or after twice FORCE_COLLECT_AFTER_MS (collect-garbage.ts). `gone`:
 * its regions no set serves any longer, held weakly; `dropped`: called once the set is dropped, after which nothing
 * here holds it (an async function keeps its variables: the set's is cleared).
 */
export async function retireAndFree(set: RegionSet | null, gone: WeakRef<Region>[], dropped: (set: RegionSet) => void, activity: () => Activity): Promise<'by V8' | 'forced'> {
    const {released} = await set!.retire();
    dropped(set!);
    set = null;
    const [, how] = await Promise.all([released, collectedHere(gone, activity, 2 * FORCE_COLLECT_AFTER_MS)]);
    return how;
}
