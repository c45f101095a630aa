// A pool thread's side of the region roster (region-roster.ts): the port on which the main thread posts the region
// sets to serve, read when a task names a set this thread has not taken in yet, and when a roster task reaches it.
// A region two sets share is one Region here too (its lazily built parts, warm, serve both); a region no set served
// any longer is let go of, and its sections' memory goes back once no thread holds them.
import {MessageChannel, parentPort, receiveMessageOnPort, threadId, type MessagePort} from 'node:worker_threads';
import {Region} from '@quartier/engine';
import type {TaskError} from './task-error.js';
import {CollectionsSince} from './collect-garbage.js';
import type {RosterCall, RosterData, RosterHello, RosterMessage, RosterRegion} from './region-roster.js';

/** How long a task waits for its set to be announced (the main thread posts it before it sends the task). */
const ANNOUNCEMENT_WAIT_MS = 30_000;
/** Roster calls remembered as answered (a call reaches a thread once, or a few times in a round). */
const CALLS_REMEMBERED = 64;

export class RegionInbox<T> {
    private readonly port: MessagePort;
    private readonly posted: Int32Array;
    /** The sets announced and not dropped: their regions, and what this thread made of them once taken in. */
    private readonly sets = new Map<number, {regions: RosterRegion[]; value: T | null}>();
    /** The regions taken in, by id. */
    private readonly regions = new Map<number, Region>();
    /** The highest set number announced: a lower one not in `sets` was dropped. */
    private last = 0;
    private readonly answered = new Set<number>();
    /** Regions let go of so far. */
    private letGoCount = 0;
    /** The collections since regions were last let go of; null once one has freed them. */
    private collections: CollectionsSince | null = null;

    /**
     * `make`: what the thread serves a set with, from its regions (`fresh`: those the thread had not held before;
     * `held`: the regions it held then, oldest first, among them those the fresh ones replace).
     */
    constructor(data: RosterData, private readonly make: (regions: Region[], fresh: Region[], held: Region[]) => T) {
        const {port1, port2} = new MessageChannel();
        this.port = port1;
        this.posted = new Int32Array(data.posted);
        parentPort!.postMessage({rosterPort: port2, threadId} satisfies RosterHello, [port2]);
    }

    /** What serves `set`, taken in first if need be; throws when the set was dropped or never announced. */
    get(set: number): T {
        const entry = this.sets.get(set) ?? this.announced(set);
        return entry.value ??= this.takeIn(entry.regions);
    }

    /** What serves `set` when this thread has taken it in already, else null (nothing is taken in). */
    takenIn(set: number): T | null {
        this.read();
        return this.sets.get(set)?.value ?? null;
    }

    /** Takes in every set served (waits for the first message: a thread warming up as it starts). */
    takeAll(): void {
        this.announced(0);
        for (const set of this.sets.keys()) this.get(set);
    }

    /**
     * Answers a roster task: acts on its call once (takes its set in; sees the regions let go of collected, or
     * collects them once the call says so), unless as many threads as the call allows are at it already, or the
     * regions are still to be collected (a later round comes back); the reason when the set cannot be taken in.
     */
    answer(call: RosterCall): 'pong' | TaskError {
        this.read();
        if (this.answered.has(call.reach)) return 'pong';
        const counters = new Int32Array(call.acks);
        if (Atomics.add(counters, 1, 1) >= call.atOnce) {
            Atomics.sub(counters, 1, 1);
            return 'pong';
        }
        try {
            if (call.set !== undefined) this.get(call.set);
            if (call.collect && !this.letGo(call.forceAt ?? 0)) return 'pong';
        } catch (err) {
            return {error: {status: 500, message: `a thread cannot take the regions in: ${(err as Error).message}`}};
        } finally {
            Atomics.sub(counters, 1, 1);
        }
        this.answered.add(call.reach);
        if (this.answered.size > CALLS_REMEMBERED) this.answered.delete(this.answered.values().next().value!);
        Atomics.add(counters, 0, 1);
        return 'pong';
    }

    /**
     * Whether the regions let go of are collected: by V8's own collections as the thread serves, or by one forced now
     * when `forceAt` (Date.now() time) has come.
     */
    private letGo(forceAt: number): boolean {
        if (!this.collections) return true;
        if (!this.collections.collected) {
            if (Date.now() < forceAt) return false;
            this.collections.collect();
        }
        this.collections = null;
        return true;
    }

    /** The regions let go of so far, and whether they wait for collections (tests ask). */
    regionsLetGo(): {letGo: number; awaitingCollection: boolean} {
        return {letGo: this.letGoCount, awaitingCollection: this.collections !== null};
    }

    /** The entry of `set` once announced (set 0: once the first message has come), at most ANNOUNCEMENT_WAIT_MS. */
    private announced(set: number): {regions: RosterRegion[]; value: T | null} {
        const deadline = performance.now() + ANNOUNCEMENT_WAIT_MS;
        for (;;) {
            const seen = Atomics.load(this.posted, 0);
            this.read();
            const entry = this.sets.get(set);
            if (entry) return entry;
            if (set === 0 && this.last > 0) return {regions: [], value: null};
            if (set !== 0 && set <= this.last) throw new Error(`region set ${set} has been dropped: its requests are over`);
            const left = deadline - performance.now();
            if (left <= 0) throw new Error(`region set ${set} was not announced to this thread within ${ANNOUNCEMENT_WAIT_MS / 1000} s`);
            Atomics.wait(this.posted, 0, seen, left);
        }
    }

    private read(): void {
        for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
            const message = m.message as RosterMessage;
            if ('drop' in message) this.drop(message.drop);
            else {
                for (const s of message.sets) this.sets.set(s.set, {regions: s.regions, value: null});
                this.last = Math.max(this.last, message.last);
            }
        }
    }

    private takeIn(entries: RosterRegion[]): T {
        const regions: Region[] = [], fresh: Region[] = [], held = [...this.regions.values()];
        for (const e of entries) {
            let region = this.regions.get(e.id);
            if (!region) {
                region = Region.fromBuffers(e.manifest, e.buffers);
                this.regions.set(e.id, region);
                fresh.push(region);
            }
            regions.push(region);
        }
        return this.make(regions, fresh, held);
    }

    /** Forgets the set, and the regions no other set serves. */
    private drop(set: number): void {
        this.sets.delete(set);
        const kept = new Set<number>();
        for (const s of this.sets.values()) for (const e of s.regions) kept.add(e.id);
        const held = this.regions.size;
        for (const id of this.regions.keys()) if (!kept.has(id)) this.regions.delete(id);
        if (this.regions.size === held) return;
        this.letGoCount += held - this.regions.size;
        this.collections?.stop();
        this.collections = new CollectionsSince();
    }
}
