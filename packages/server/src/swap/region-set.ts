// The regions served together and what serves them: their view of the routing and render threads and the app over
// them. A region swapped in makes a new set beside the running one (region-swap.ts), on the same threads; the server
// then hands every new request to the new set, while the old one finishes the requests it has and is then dropped
// (the threads let go of its regions, whose buffers are released with the last reference to them).
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Region} from '@quartier/engine';
import type {WorkerPool} from '../workers/pool.js';
import type {ImagePool} from '../image/image-pool.js';
import {until} from '../workers/until.js';

/** How long a retired set waits for tasks that outlive their requests (a client gone mid-answer), at most. */
const TASKS_AFTER_REQUESTS_MS = 30_000;

export class RegionSet {
    /** Requests handed to this set and not yet answered (or given up by their client). */
    private inFlight = 0;
    private drained: (() => void) | null = null;
    private closed: Promise<void> | null = null;
    private readonly requestDone = () => {
        if (--this.inFlight === 0 && this.drained) this.drained();
    };

    constructor(readonly regions: Region[], readonly pool: WorkerPool, readonly imagePool: ImagePool,
        private readonly listener: (req: IncomingMessage, res: ServerResponse) => void) {}

    handle(req: IncomingMessage, res: ServerResponse): void {
        this.inFlight++;
        // 'close' comes once per response; on() spares the wrapper once() allocates per request.
        res.on('close', this.requestDone);
        this.listener(req, res);
    }

    /**
     * Frees the set once its requests are answered: waits for them (no limit: the server's own shutdown bounds
     * them), then for the tasks and renders they left running (at most TASKS_AFTER_REQUESTS_MS), then drops it.
     */
    async retire(): Promise<void> {
        if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
        await until(() => this.pool.tasksInFlight === 0 && this.imagePool.rendersInFlight === 0, TASKS_AFTER_REQUESTS_MS, 50);
        await this.close();
    }

    /**
     * Drops the set from the threads now (once, however often asked): when it is retired, or at the server's
     * shutdown, after its grace period (the last set dropped stops the threads). The routing threads first, then
     * the render threads: each collects its garbage as it lets go, and fewer collections at once leave more of the
     * cores to the requests.
     */
    close(): Promise<void> {
        this.closed ??= this.pool.close().finally(() => this.imagePool.close());
        return this.closed;
    }
}
