// Witness search: a small Dijkstra in the graph left during contraction, from an in-neighbour u of
// the node x being contracted, that never passes through x. If it finds a path u → v no heavier than
// u → x → v, no shortcut is needed for that pair. The search is bounded, so it may miss a witness:
// that only costs an unneeded shortcut, never a wrong distance.
//
// Bounds: it stops once every target is settled, once the next node is further than the heaviest
// u → x → v, or once `settledLimit` nodes are settled; and it does not relax arcs out of a node reached
// over `hopLimit` arcs. Tentative distances count as witnesses too: each is the weight of a real path.
import type {DynamicGraph} from './dynamic-graph.js';
import {NodeHeap} from '../search/heap.js';

export class WitnessSearch {
    settledLimit = 500;
    /** At most 255 (hop counts are bytes). */
    hopLimit = 16;
    /** Distance from the last source; Infinity where not reached. */
    readonly dist: Float64Array;
    private readonly hops: Uint8Array;
    private readonly heap: NodeHeap;
    private readonly touched: Uint32Array;
    private touchedCount = 0;
    /** The nodes whose arcs the last search relaxed. */
    private readonly expanded: Uint32Array;
    private expandedCount = 0;
    private readonly targetStamp: Uint32Array;
    private stamp = 0;
    private targetCount = 0;

    constructor(nodeCount: number) {
        this.dist = new Float64Array(nodeCount).fill(Infinity);
        this.hops = new Uint8Array(nodeCount);
        this.heap = new NodeHeap(nodeCount);
        this.touched = new Uint32Array(nodeCount);
        this.expanded = new Uint32Array(nodeCount);
        this.targetStamp = new Uint32Array(nodeCount);
    }

    /** Starts a new target set. */
    clearTargets(): void {
        if (++this.stamp === 0xffffffff) {
            this.targetStamp.fill(0);
            this.stamp = 1;
        }
        this.targetCount = 0;
    }

    addTarget(node: number): void {
        if (this.targetStamp[node] === this.stamp) return;
        this.targetStamp[node] = this.stamp;
        this.targetCount++;
    }

    /** Searches from `source` over out-lists, avoiding `avoid`, up to distance `maxWeight`. */
    run(graph: DynamicGraph, source: number, avoid: number, maxWeight: number): void {
        const dist = this.dist, hops = this.hops, heap = this.heap, touched = this.touched;
        for (let i = 0; i < this.touchedCount; i++) dist[touched[i]] = Infinity;
        heap.clear();
        dist[source] = 0;
        hops[source] = 0;
        touched[0] = source;
        let touchedCount = 1;
        heap.push(source, 0);
        const first = graph.first, count = graph.count, head = graph.head, weight = graph.weight;
        const targetStamp = this.targetStamp, stamp = this.stamp, hopLimit = Math.min(this.hopLimit, 255);
        let targetsLeft = this.targetCount, settled = 0, expandedCount = 0;
        const expanded = this.expanded;
        const settledLimit = this.settledLimit;
        while (heap.length > 0) {
            if (heap.peekKey() > maxWeight) break;
            const x = heap.pop();
            if (targetStamp[x] === stamp && --targetsLeft === 0) break;
            if (++settled >= settledLimit) break;
            const h = hops[x];
            if (h >= hopLimit) continue;
            expanded[expandedCount++] = x;
            const d = dist[x];
            const list = x * 2;
            const start = first[list], end = start + count[list];
            for (let i = start; i < end; i++) {
                const v = head[i];
                if (v === avoid) continue;
                const nd = d + weight[i];
                if (nd > maxWeight) continue;
                const old = dist[v];
                if (nd < old) {
                    if (old === Infinity) touched[touchedCount++] = v;
                    dist[v] = nd;
                    hops[v] = h + 1;
                    heap.push(v, nd);
                }
            }
        }
        this.touchedCount = touchedCount;
        this.expandedCount = expandedCount;
    }

    /**
     * How far the last search reached from a position: the largest of |Δlat| and |Δlon| (raw units) between it and
     * any node whose arcs the search relaxed. What it found depends on no other arcs, so on nothing outside that
     * square (recontract.ts).
     */
    reachFrom(lat: number, lon: number, nodeLat: Int32Array, nodeLon: Int32Array): number {
        const expanded = this.expanded;
        let reach = 0;
        for (let i = 0; i < this.expandedCount; i++) {
            const v = expanded[i];
            const dLat = Math.abs(nodeLat[v] - lat), dLon = Math.abs(nodeLon[v] - lon);
            if (dLat > reach) reach = dLat;
            if (dLon > reach) reach = dLon;
        }
        return reach;
    }
}
