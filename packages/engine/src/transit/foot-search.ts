// Walking on the foot network for transit: a bounded, resumable, multi-source Dijkstra (forward
// over arcOut, or backward over arcIn to find times *to* a place), with parents and metres walked
// so a leg's geometry can be rebuilt. Positions on an edge (a snapped point, a stop) enter and
// leave the node graph through the edge's two ends at a share of the edge's weight.
import {DijkstraArrays} from '../search/dijkstra.js';
import type {NodeHeap} from '../search/heap.js';
import {FOOT} from '../graph/profiles.js';
import {INF, REVERSED, type RoadGraph} from '../graph/road-graph.js';
import {appendEdgePoints} from '../route/geometry.js';

/** [forward, backward] walking weight (ms) of a whole edge; INF where walking that way is not allowed. */
export function edgeFootWeights(g: RoadGraph, edge: number): [number, number] {
    const [forward, backward] = g.edgeWeights(FOOT);
    return [forward[edge], backward[edge]];
}

/**
 * A point on an edge and the walking costs (ms) between it and the edge's two ends: A = edgeFrom,
 * B = edgeTo. INF where the edge may not be walked that way.
 */
export interface EdgePoint {
    edge: number;
    /** metres from A */
    offset: number;
    /** A → point, point → A, B → point, point → B */
    fromA: number;
    toA: number;
    fromB: number;
    toB: number;
}

export function edgePoint(g: RoadGraph, edge: number, offset: number): EdgePoint {
    const [fw, bw] = edgeFootWeights(g, edge);
    const length = g.edgeLength[edge];
    const share = length > 0 ? Math.min(1, Math.max(0, offset / length)) : 0;
    return {
        edge, offset,
        fromA: fw === INF ? INF : fw * share,
        toA: bw === INF ? INF : bw * share,
        fromB: bw === INF ? INF : bw * (1 - share),
        toB: fw === INF ? INF : fw * (1 - share)
    };
}

/** Walking time (ms) from offset `from` to offset `to` along one edge, without leaving it; INF if not allowed. */
export function alongEdge(g: RoadGraph, edge: number, from: number, to: number): number {
    const [fw, bw] = edgeFootWeights(g, edge);
    const length = g.edgeLength[edge];
    if (length <= 0) return 0;
    if (to >= from) return fw === INF ? INF : fw * (to - from) / length;
    return bw === INF ? INF : bw * (from - to) / length;
}

export class FootSearch {
    readonly graph: RoadGraph;
    /** true: times from the seeds (arcOut); false: times to the seeds (arcIn). */
    readonly forward: boolean;
    /** ms; tentative beyond `bound`, Infinity where not reached. Read through time(). */
    readonly dist: Float64Array;
    /** Metres walked along the path to each reached node. */
    readonly meters: Float64Array;
    /** The arc the node was reached over (owned by the previous node), -1 at a seed. */
    readonly parentArc: Int32Array;
    readonly parentNode: Int32Array;
    /** Reached nodes: reached[0..reachedCount). */
    readonly reached: Uint32Array;
    reachedCount = 0;
    /** Nodes up to this time (ms) are settled. */
    bound = 0;
    private readonly heap: NodeHeap;
    /** dist, reached and the heap: the state every Dijkstra of the engine keeps (search/dijkstra.ts). */
    private readonly arrays: DijkstraArrays;

    constructor(graph: RoadGraph, forward: boolean) {
        this.graph = graph;
        this.forward = forward;
        const n = graph.nodeCount;
        this.arrays = new DijkstraArrays(n);
        this.dist = this.arrays.dist;
        this.reached = this.arrays.reached;
        this.heap = this.arrays.heap;
        this.meters = new Float64Array(n);
        this.parentArc = new Int32Array(n);
        this.parentNode = new Int32Array(n);
    }

    reset(): void {
        this.arrays.forget(this.reachedCount);
        this.reachedCount = 0;
        this.bound = 0;
    }

    /** Adds a start (forward) or end (backward) node at a time and a walked length. */
    seed(node: number, ms: number, meters: number): void {
        if (!(ms < this.dist[node])) return;
        if (this.dist[node] === Infinity) this.reached[this.reachedCount++] = node;
        this.dist[node] = ms;
        this.meters[node] = meters;
        this.parentArc[node] = -1;
        this.parentNode[node] = -1;
        this.heap.push(node, ms);
    }

    /** Seeds the two ends of the edge a point lies on (the ways out of it, or into it when backward). */
    seedPoint(p: EdgePoint, ms = 0): void {
        const g = this.graph, length = g.edgeLength[p.edge];
        const a = g.edgeFrom[p.edge], b = g.edgeTo[p.edge];
        const toA = this.forward ? p.toA : p.fromA, toB = this.forward ? p.toB : p.fromB;
        if (toA !== INF) this.seed(a, ms + toA, p.offset);
        if (toB !== INF) this.seed(b, ms + toB, length - p.offset);
    }

    /** Settles every node up to `maxMs`; may be called again with a larger bound to go on. */
    run(maxMs: number): void {
        const g = this.graph;
        const arcFirst = g.arcFirst, arcHead = g.arcHead, arcEdge = g.arcEdge, edgeLength = g.edgeLength;
        const weights = this.forward ? g.arcOut[FOOT] : g.arcIn[FOOT];
        const dist = this.dist, meters = this.meters, parentArc = this.parentArc, parentNode = this.parentNode;
        const reached = this.reached, heap = this.heap;
        let count = this.reachedCount;
        while (heap.length > 0 && heap.peekKey() <= maxMs) {
            const x = heap.pop();
            const d = dist[x], m = meters[x];
            for (let a = arcFirst[x], end = arcFirst[x + 1]; a < end; a++) {
                const w = weights[a];
                if (w === INF) continue;
                const v = arcHead[a];
                const nd = d + w;
                const old = dist[v];
                if (nd < old) {
                    if (old === Infinity) reached[count++] = v;
                    dist[v] = nd;
                    meters[v] = m + edgeLength[(arcEdge[a] & ~REVERSED) >>> 0];
                    parentArc[v] = a;
                    parentNode[v] = x;
                    heap.push(v, nd);
                }
            }
        }
        this.reachedCount = count;
        if (maxMs > this.bound) this.bound = maxMs;
    }

    /** Whether nothing is left to settle (every reachable node has its final time). */
    get exhausted(): boolean {
        return this.heap.length === 0;
    }

    /** Settled time of a node (ms), Infinity when beyond the bound or not reached. */
    time(node: number): number {
        const d = this.dist[node];
        return d <= this.bound || this.exhausted ? d : Infinity;
    }

    /**
     * Time (ms) between the seeds and a point on an edge, through either end (INF-safe), and which
     * end: 0 = A, 1 = B, -1 none. For a forward search: seeds → point; backward: point → seeds.
     */
    timeAt(p: EdgePoint): {ms: number; end: number} {
        const g = this.graph;
        const viaA = this.forward ? p.fromA : p.toA, viaB = this.forward ? p.fromB : p.toB;
        const ta = viaA === INF ? Infinity : this.time(g.edgeFrom[p.edge]) + viaA;
        const tb = viaB === INF ? Infinity : this.time(g.edgeTo[p.edge]) + viaB;
        if (ta === Infinity && tb === Infinity) return {ms: Infinity, end: -1};
        return ta <= tb ? {ms: ta, end: 0} : {ms: tb, end: 1};
    }

    /**
     * The walk's geometry (flat lon, lat) and metres between the seeded point `seedPoint` and the
     * point `p` reached through its end `end` (0 = A, 1 = B), in walking order. With `points`
     * null, only the metres (no geometry is drawn).
     */
    path(seedPoint: EdgePoint, p: EdgePoint, end: number, points: number[] | null = []): {points: number[]; meters: number} {
        const g = this.graph;
        const node = end === 0 ? g.edgeFrom[p.edge] : g.edgeTo[p.edge];
        const pEnd = end === 0 ? 0 : g.edgeLength[p.edge];
        let meters = this.meters[node] + Math.abs(pEnd - p.offset);
        if (!Number.isFinite(meters)) meters = 0;
        if (points === null) return {points: [], meters};
        // Arcs from the reached node back to a seed.
        const arcs: number[] = [];
        let x = node;
        while (this.parentArc[x] >= 0) {
            arcs.push(this.parentArc[x]);
            x = this.parentNode[x];
        }
        const root = x;
        const seedEnd = root === g.edgeFrom[seedPoint.edge] ? 0 : g.edgeLength[seedPoint.edge];
        if (this.forward) {
            // seed point → root … node → p
            appendEdgePoints(g, seedPoint.edge, seedPoint.offset, seedEnd, points, true);
            for (let i = arcs.length - 1; i >= 0; i--) appendArc(g, arcs[i], points, false);
            appendEdgePoints(g, p.edge, pEnd, p.offset, points, false);
        } else {
            // p → node … root → seed point; arcs were relaxed backwards, so each runs node → parent.
            appendEdgePoints(g, p.edge, p.offset, pEnd, points, true);
            for (let i = 0; i < arcs.length; i++) appendArc(g, arcs[i], points, true);
            appendEdgePoints(g, seedPoint.edge, seedEnd, seedPoint.offset, points, false);
        }
        return {points, meters};
    }
}

/** Appends an arc's edge geometry: in the arc's direction (owner → head), or against it. */
function appendArc(g: RoadGraph, arc: number, out: number[], against: boolean): void {
    const ref = g.arcEdge[arc];
    const e = (ref & ~REVERSED) >>> 0;
    let reversed = (ref & REVERSED) !== 0;
    if (against) reversed = !reversed;
    const length = g.edgeLength[e];
    appendEdgePoints(g, e, reversed ? length : 0, reversed ? 0 : length, out, false);
}
