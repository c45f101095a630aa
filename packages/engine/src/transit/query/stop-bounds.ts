// Lower bounds on the time from each stop to one destination, for pruning a range RAPTOR towards
// it: a label at stop s reached at time v cannot arrive before v + bound[s], so where that is no
// better than the best arrival known the label is dropped. The bound comes from one backward
// Dijkstra over a relaxed network: every hop of a pattern takes its fastest time over all trips,
// with no waiting and no change time, footpaths as they are (one after another allowed), and the
// egress walks; everything a journey can do it can do, so the bound never exceeds the truth
// (Infinity: the destination cannot be reached from that stop at all).
import {NodeHeap} from '../../search/heap.js';
import type {TransitNetwork} from './network.js';

export class StopBounds {
    /** Per stop, ms to the destination at least (after compute). */
    readonly ms: Float64Array;
    /** Per stop, after computeSlack: the least bound to a destination less that destination's direct walk, ms. */
    readonly slack: Float64Array;
    private readonly network: TransitNetwork;
    /** Per pattern hop (patternStopFirst index of its first stop): the fastest ride over its trips, ms. */
    private readonly hopMs: Float64Array;
    /** Footpaths reversed: into stop s from [footIntoFirst[s], footIntoFirst[s + 1]) of footFrom / footIntoMs. */
    private readonly footIntoFirst: Uint32Array;
    private readonly footFrom: Uint32Array;
    private readonly footIntoMs: Float64Array;
    private readonly heap: NodeHeap;
    private readonly settled: Uint8Array;

    constructor(network: TransitNetwork) {
        this.network = network;
        const S = network.stopCount;
        this.ms = new Float64Array(S);
        this.slack = new Float64Array(S);
        this.heap = new NodeHeap(S);
        this.settled = new Uint8Array(S);
        this.hopMs = new Float64Array(network.patternStopFirst[network.patternCount]).fill(Infinity);
        for (let p = 0; p < network.patternCount; p++) {
            const n = network.patternStopCount(p), first = network.patternStopFirst[p], tBase = network.patternTimeFirst[p];
            const trips = network.patternTripFirst[p + 1] - network.patternTripFirst[p];
            for (let k = 0; k < trips; k++) {
                const times = tBase + k * n;
                for (let i = 0; i + 1 < n; i++) {
                    const ms = Math.max(0, network.arrival[times + i + 1] - network.departure[times + i]) * 1000;
                    if (ms < this.hopMs[first + i]) this.hopMs[first + i] = ms;
                }
            }
        }
        const footCount = network.footFirst[S];
        this.footIntoFirst = new Uint32Array(S + 1);
        for (let i = 0; i < footCount; i++) this.footIntoFirst[network.footTo[i] + 1]++;
        for (let s = 0; s < S; s++) this.footIntoFirst[s + 1] += this.footIntoFirst[s];
        const next = this.footIntoFirst.slice(0, S);
        this.footFrom = new Uint32Array(footCount);
        this.footIntoMs = new Float64Array(footCount);
        for (let s = 0; s < S; s++) {
            for (let i = network.footFirst[s]; i < network.footFirst[s + 1]; i++) {
                const at = next[network.footTo[i]]++;
                this.footFrom[at] = s;
                this.footIntoMs[at] = network.footMs[i];
            }
        }
    }

    /** Bounds towards a destination reached from stops[i] (i < count) by a walk of egressMs[stops[i]]. */
    compute(stops: Uint32Array, count: number, egressMs: Float64Array): void {
        this.start();
        for (let i = 0; i < count; i++) this.relax(this.ms, stops[i], egressMs[stops[i]]);
        this.settle();
    }

    /**
     * Bounds towards the nearest of several destinations, reached from stop s by the walks
     * [first[s], first[s + 1]) of ms (TransitTargets' byStop lists).
     */
    computeNearest(first: Uint32Array, ms: Float64Array): void {
        this.start();
        for (let s = 0; s < this.network.stopCount; s++) {
            for (let i = first[s]; i < first[s + 1]; i++) this.relax(this.ms, s, ms[i]);
        }
        this.settle();
    }

    /**
     * Per stop s, min over destinations j of (bound from s to j) - walks[j] (Dijkstra from every
     * destination's egress stops at once, each seeded with its walk less the destination's direct
     * walk: the relaxed network's arcs are never negative, so the seeds may be): a label at s is of
     * use to some destination only if it arrives before the departure less this. TransitTargets'
     * byStop lists; destinations with a NaN walk (not measured) are left out. False when some walk
     * is unknown (Infinity: nothing can be pruned).
     */
    computeSlack(first: Uint32Array, target: Uint32Array, ms: Float64Array, walks: Float64Array): boolean {
        for (let j = 0; j < walks.length; j++) if (walks[j] === Infinity) return false;
        this.start(this.slack);
        for (let s = 0; s < this.network.stopCount; s++) {
            for (let i = first[s]; i < first[s + 1]; i++) {
                const walk = walks[target[i]];
                if (!Number.isNaN(walk)) this.relax(this.slack, s, ms[i] - walk);
            }
        }
        this.settle(this.slack);
        return true;
    }

    private start(bound = this.ms): void {
        bound.fill(Infinity);
        this.settled.fill(0);
        this.heap.clear();
    }

    private settle(bound = this.ms): void {
        const net = this.network, heap = this.heap, settled = this.settled;
        while (heap.length > 0) {
            const u = heap.pop();
            settled[u] = 1;
            const d = bound[u];
            // Riding into u: from the stop before it on each pattern.
            for (let e = net.stopPatternFirst[u]; e < net.stopPatternFirst[u + 1]; e++) {
                const pos = net.stopPatternPos[e];
                if (pos === 0) continue;
                const at = net.patternStopFirst[net.stopPatterns[e]] + pos - 1;
                this.relax(bound, net.patternStops[at], d + this.hopMs[at]);
            }
            // Walking into u.
            for (let i = this.footIntoFirst[u]; i < this.footIntoFirst[u + 1]; i++) this.relax(bound, this.footFrom[i], d + this.footIntoMs[i]);
        }
    }

    private relax(bound: Float64Array, v: number, ms: number): void {
        if (this.settled[v] === 1 || !(ms < bound[v])) return;
        bound[v] = ms;
        this.heap.set(v, ms);
    }
}
