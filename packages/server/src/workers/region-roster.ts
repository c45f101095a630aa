// The region sets a pool's threads serve (issue 28: a swap without new threads). A pool's threads start once and
// serve every set of regions the server swaps in. Each thread, as it starts, hands the pool a MessagePort of its own
// (region-inbox.ts); the roster posts there every set it holds, then each set it adds or drops, with the regions'
// sections as SharedArrayBuffers (shared, never copied). A task names its set; a thread that has not taken that set
// in reads its port then. A thread busy on a task handles no message event, nor does an idle render thread (it waits
// in Piscina's Atomics.wait; an idle routing thread reads its ports: task-port.ts), so the roster reaches
// every thread with roster tasks (reachEvery) when each must act now: take a new set in (and prepare it) before the
// switch, or let go of a dropped set's memory; half of a pool's threads at most at once, the others serving.
// A dropped set's memory is left to the threads' own collections while they serve (V8 runs one every few seconds
// under load, a few milliseconds of pause where a forced one holds the thread for tens): a thread collects itself
// only when its pool is quiet (no task since the roster's last round), or once FORCE_COLLECT_AFTER_MS have passed
// with the set still held.
import {setTimeout as delay} from 'node:timers/promises';
import type {MessagePort} from 'node:worker_threads';
import type {Piscina} from 'piscina';
import type {Region, RegionBuffers} from '@quartier/engine';
import {regionSections, type RegionManifest} from '@quartier/engine/internal';

/** A region as a thread receives it; `id` names the main thread's Region, which two sets may share. */
export interface RosterRegion {
    id: number;
    manifest: RegionManifest;
    buffers: RegionBuffers;
}

/** What the roster posts to a thread: sets to serve (`last`: the highest set number given so far), or a set dropped. */
export type RosterMessage = {sets: {set: number; regions: RosterRegion[]}[]; last: number} | {drop: number};

/** A thread's first message to the pool (through Piscina's worker messages): its port. */
export interface RosterHello {
    rosterPort: MessagePort;
    threadId: number;
}

/** Given to every thread of the pool (workerData.roster): bumped and notified after every message posted. */
export interface RosterData {
    posted: SharedArrayBuffer;
}

/** What each thread does once when reached: take `set` in, and/or see the garbage a dropped set left collected. */
export interface RosterCall {
    reach: number;
    /** Two counters: the threads that have answered this call (each once), and those at work on it now. */
    acks: SharedArrayBuffer;
    /** Threads at work on the call at once, at most: one that finds them all busy leaves it to a later round. */
    atOnce: number;
    set?: number;
    /**
     * Let go of the sets dropped; answered once the regions let go of are collected. From `forceAt` on (Date.now()
     * time; 0: at once, the pool being quiet) the thread collects them itself; before, it leaves them to V8's own
     * collections, and a later round comes back.
     */
    collect?: boolean;
    forceAt?: number;
}

/** The task that carries a roster call to a thread. */
export interface RosterTask {
    type: 'roster';
    call: RosterCall;
}

/** The threads a roster reaches (a routing or a render pool). */
export interface RosterThreads {
    /** Threads the pool keeps. */
    readonly size: number;
    /** Whether threads run (render threads start with the first image; routing threads that cannot start do not). */
    readonly hasThreads: boolean;
    /** Whether no task of any set runs or waits. */
    readonly idle: boolean;
    /** Tasks of every set begun or finished so far (the roster's aside): unchanged from one round to the next, and idle, the pool is quiet. */
    readonly tasksSeen: number;
    /** Runs a roster task on a thread. */
    runRoster(task: RosterTask): Promise<unknown>;
    /** Stops the threads. */
    close(): Promise<void>;
}

/** How long a swap waits for every thread to take the new set in, at most. */
const TAKE_IN_WAIT_MS = 5000;
/** How long a set's release waits for every thread to let go of it, at most. */
const RELEASE_WAIT_MS = 60_000;
/** A pause between rounds whose tasks all reached threads that had answered already (one thread busy on a long task). */
const ROUND_PAUSE_MS = 20;
/** Between two rounds asking whether a dropped set is collected (a task per thread, of microseconds). */
const COLLECT_PAUSE_MS = 250;
/**
 * How long threads busy serving leave a dropped set to V8's own collections before they collect it themselves (a
 * full collection holds a thread for tens of milliseconds, its requests waiting). The main thread waits twice as long
 * (swap/region-set.ts): its keep-alive connections idle since their last request on the old set hold it up to their
 * 5 s timeout, and V8 collects it there every few seconds under load.
 */
export const FORCE_COLLECT_AFTER_MS = 10_000;

/** Threads of a pool of `size` at work on a roster call at once: half of them at most (one of two), the others serve. */
const atOnce = (size: number) => Math.max(1, size >> 1);

/** Per Region of the main thread, its id (a region unchanged by a swap is the same object in both sets). */
const regionIds = new WeakMap<Region, number>();
let nextRegionId = 1;

/** A region as a thread takes it in (Region.fromBuffers): its sections shared, never copied. */
export function rosterRegion(region: Region): RosterRegion {
    let id = regionIds.get(region);
    if (id === undefined) regionIds.set(region, id = nextRegionId++);
    return {id, manifest: region.manifest, buffers: regionSections(region).buffers};
}

export class RegionRoster {
    /** Per thread id, its port. */
    private readonly ports = new Map<number, MessagePort>();
    /** The sets served (not yet dropped). */
    private readonly sets = new Map<number, RosterRegion[]>();
    private last = 0;
    private reaches = 0;
    private readonly posted = new Int32Array(new SharedArrayBuffer(4));

    get data(): RosterData {
        return {posted: this.posted.buffer as SharedArrayBuffer};
    }

    /** Follows the pool's threads: each announces its port as it starts, and a thread stopped takes its port along. */
    attach(piscina: Piscina): void {
        piscina.on('message', (m: Partial<RosterHello> | null) => {
            if (m?.rosterPort) this.welcome(m as RosterHello);
        });
        piscina.on('workerDestroy', (worker: {id: number}) => {
            this.ports.get(worker.id)?.close();
            this.ports.delete(worker.id);
        });
    }

    /** A new set of regions for the threads; its number, which its tasks carry. */
    add(regions: Region[]): number {
        const set = ++this.last;
        const entries = regions.map(rosterRegion);
        this.sets.set(set, entries);
        for (const port of this.ports.values()) this.post(port, {sets: [{set, regions: entries}], last: set});
        return set;
    }

    private drop(set: number): void {
        if (!this.sets.delete(set)) return;
        for (const port of this.ports.values()) this.post(port, {drop: set});
    }

    /**
     * Resolves once every thread has taken `set` in (the routing threads prepare the regions new to them), or after
     * TAKE_IN_WAIT_MS (a thread busy longer, on a long task, takes it in on its first task of the set): before the
     * switch to a set swapped in. Rejects with the reason a thread could not.
     */
    async takeIn(set: number, threads: RosterThreads): Promise<void> {
        if (threads.hasThreads) await this.reachEvery(threads, {set}, TAKE_IN_WAIT_MS);
    }

    /**
     * Drops `set` (its tasks are over): the threads let go of its regions (those no other set serves), and the roster
     * asks them every COLLECT_PAUSE_MS whether these are collected: by V8 as the threads serve, by the threads
     * themselves when the pool is quiet or after FORCE_COLLECT_AFTER_MS (resolves once every thread has seen them go,
     * or after RELEASE_WAIT_MS); the last set's release stops the threads.
     */
    async release(set: number, threads: RosterThreads): Promise<void> {
        this.drop(set);
        if (this.sets.size === 0) return threads.close();
        const forceAt = Date.now() + FORCE_COLLECT_AFTER_MS;
        if (threads.hasThreads) await this.reachEvery(threads, {collect: true, forceAt}, RELEASE_WAIT_MS, COLLECT_PAUSE_MS).catch(() => {});
    }

    /**
     * Sends `call` (a task per thread, in rounds) until every thread has answered it, or for `limitMs` (the tasks
     * still queued then run later); rejects with the reason a thread failed. Half the threads at most act on it at
     * once (RosterCall.atOnce), so that the others go on serving: taking a set in and collecting hold a thread for
     * milliseconds to tens.
     */
    private async reachEvery(threads: RosterThreads, call: {set?: number; collect?: boolean; forceAt?: number}, limitMs: number, pauseMs = 0): Promise<void> {
        const acks = new Int32Array(new SharedArrayBuffer(8));
        const base: RosterCall = {...call, reach: ++this.reaches, acks: acks.buffer as SharedArrayBuffer, atOnce: atOnce(threads.size)};
        const deadline = performance.now() + limitMs;
        let seen = -1;
        // Until every thread has answered, or the threads are stopped (the server's shutdown).
        while (threads.hasThreads && Atomics.load(acks, 0) < threads.size && performance.now() < deadline) {
            const before = Atomics.load(acks, 0);
            // A pool quiet since the last round collects at once: no request waits for it.
            const quiet = threads.idle && threads.tasksSeen === seen;
            seen = threads.tasksSeen;
            const task: RosterTask = {type: 'roster', call: base.collect && quiet ? {...base, forceAt: 0} : base};
            // A task per thread (Piscina hands an idle pool's tasks to its first threads): those that answered pass.
            const round = Promise.all(Array.from({length: threads.size}, () => threads.runRoster(task)));
            round.catch(() => {}); // when left to run past the deadline
            const late = await Promise.race([round.then(() => false), delay(deadline - performance.now(), true, {ref: false})]);
            const after = Atomics.load(acks, 0);
            if (pauseMs > 0 && after < threads.size) await delay(pauseMs);
            else if (!late && after === before) await delay(ROUND_PAUSE_MS);
        }
    }

    /** A thread started: it gets every set served. */
    private welcome(hello: RosterHello): void {
        this.ports.set(hello.threadId, hello.rosterPort);
        this.post(hello.rosterPort, {sets: [...this.sets].map(([set, regions]) => ({set, regions})), last: this.last});
    }

    private post(port: MessagePort, message: RosterMessage): void {
        port.postMessage(message);
        Atomics.add(this.posted, 0, 1);
        Atomics.notify(this.posted, 0);
    }
}
