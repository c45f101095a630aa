// A full garbage collection on demand, for a region swapped out: its sections (SharedArrayBuffers) go back once no
// thread holds them, and a thread lets go of its references only at its next major collection, which an idle thread
// never runs. A forced collection is full and blocking (tens of milliseconds on a server's heap, every request of the
// thread waiting), where V8's own, incremental and concurrent, pause for a few: under load, which brings V8's own
// every few seconds, a swap leaves the old set to them, and forces one only when no request waits, or late.
import {setTimeout as delay} from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;

/** How often the main thread looks whether the regions it let go of are collected. */
const LOOK_EVERY_MS = 250;

/** Collects this thread's garbage now (a full, blocking collection: tens of milliseconds on a server's heap). */
export function collectGarbage(): void {
    if (!gc) {
        // V8 gives the function to contexts made once the flag is set; this one only fetches it.
        v8.setFlagsFromString('--expose-gc');
        gc = vm.runInNewContext('gc') as () => void;
    }
    gc();
}

/** What a thread serves: requests running now, and those seen so far (begun or finished). */
export interface Activity {
    running: number;
    seen: number;
}

/**
 * Resolves once the objects of `refs` are collected on this thread: by V8's own collections while requests come,
 * else (none running, and none seen since the last look), or once `forceAfterMs` have passed, by one full collection
 * (after which an object still held is left to whatever holds it). Each look runs in a job of its own: an object
 * looked at stays alive until its job ends, and a collection forced comes without a look.
 */
export async function collectedHere(refs: WeakRef<object>[], activity: () => Activity, forceAfterMs: number): Promise<'by V8' | 'forced'> {
    const forceAt = performance.now() + forceAfterMs;
    let seen = -1;
    for (;;) {
        await delay(LOOK_EVERY_MS, undefined, {ref: false});
        const now = activity();
        const quiet = now.running === 0 && now.seen === seen;
        seen = now.seen;
        if (quiet || performance.now() >= forceAt) {
            collectGarbage();
            return 'forced';
        }
        refs = refs.filter((ref) => ref.deref() !== undefined);
        if (refs.length === 0) return 'by V8';
    }
}

/**
 * Tells whether what was garbage at its making has been collected by this thread's major (mark-compact) collections,
 * where a WeakRef cannot tell (a Piscina thread runs task after task in one job, and an object looked at through a
 * WeakRef stays alive until its job ends). The second of V8's own since has (the first may finish a marking begun
 * before), or one forced. v8.GCProfiler records them in V8's callbacks, without the event loop.
 */
export class CollectionsSince {
    private profiler = new v8.GCProfiler();
    private majors = 0;
    private done = false;

    constructor() {
        this.profiler.start();
    }

    /** Whether a major collection since has freed the garbage. */
    get collected(): boolean {
        if (this.done) return true;
        for (const s of this.profiler.stop().statistics) if (s.gcType === 'MarkSweepCompact') this.majors++;
        if (this.majors >= 2) return (this.done = true);
        this.profiler = new v8.GCProfiler();
        this.profiler.start();
        return false;
    }

    /** Collects now (forced: a full collection, as the roster asks it). */
    collect(): void {
        this.profiler.stop();
        this.done = true;
        collectGarbage();
    }

    /** Stops counting (a later let-go starts a new count). */
    stop(): void {
        if (!this.done) this.profiler.stop();
        this.done = true;
    }
}
