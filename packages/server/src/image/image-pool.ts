// A region set's render pool: the render threads (image-threads.ts), started on the first image and shared by every
// set of regions the server swaps in, as one set sees them. Its renders name the set, and it counts its own renders in
// flight, so that a set swapped out is dropped once it has none.
import type {Region} from '@quartier/engine';
import type {RenderTask} from './image-worker.js';
import {ImageThreads, type ImagePoolOptions} from './image-threads.js';
import type {ThreadMemoryBoard} from '../workers/thread-memory.js';

export {IMAGE_WORKERS, MAX_WAITING_RENDERS, RENDER_PIXELS_PER_SECOND, RENDER_TIMEOUT_MS, START_WITHIN_MS, renderCapacity, renderCost, type ImagePoolOptions} from './image-threads.js';

export class ImagePool {
    /** The set's number, which its renders carry. */
    private readonly set: number;
    /** This set's renders admitted and not finished. */
    private inFlight = 0;
    private closed: Promise<void> | null = null;

    /** A pool over `regions`, on threads of its own unless given those of another set (a region swapped in: over()). */
    constructor(readonly regions: Region[], options: ImagePoolOptions = {}, private readonly pool: ImageThreads = new ImageThreads(options)) {
        this.set = pool.roster.add(regions);
    }

    /** A pool over `regions` on the same threads (none started): the set a swap brings. */
    over(regions: Region[]): ImagePool {
        return new ImagePool(regions, {}, this.pool);
    }

    /**
     * Resolves once every render thread has taken the set in (a region swapped in: the tiles it shares with the one
     * it replaces handed over, those most drawn that changed decoded), or a few seconds at most (RegionRoster.takeIn);
     * at once when no thread runs yet (no image drawn). Rejects with the reason a thread could not.
     */
    takenIn(): Promise<void> {
        return this.pool.roster.takeIn(this.set, this.pool);
    }

    async render(task: RenderTask): Promise<Buffer> {
        this.inFlight++;
        try {
            return await this.pool.render({...task, set: this.set});
        } finally {
            this.inFlight--;
        }
    }

    /** This set's renders admitted and not finished. */
    get rendersInFlight(): number {
        return this.inFlight;
    }

    /** What the threads hold (the same for every set). */
    get memory(): ThreadMemoryBoard {
        return this.pool.memory;
    }

    /** The threads' ids (none before the first image). */
    get threadIds(): number[] {
        return this.pool.threadIds;
    }

    /** Drops the set (once, however often asked): see RegionRoster.release. The last set's close stops the threads. */
    close(): Promise<void> {
        this.closed ??= this.pool.roster.release(this.set, this.pool);
        return this.closed;
    }
}
