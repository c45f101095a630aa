// The ends of a trip: from a snapped position to the nodes of the mode's main network (or from
// them to it), over any way the mode may use, including ways it may only start or end on
// (access=private, destination, delivery, customers, permit) and streets one reaches only
// through them. Through traffic never uses those: the contraction hierarchy holds the main
// network without them, and this search stops at the first main-network node it meets. So a
// route is exact under one rule: restricted ways only before the first and after the last node
// of the main network. A position on an ordinary street gives its edge's two ends, as before.
// The search runs over arcs, junction copies included (graph/restricted-junctions.ts), so turn
// restrictions hold on the ways at a trip's ends too.
import {NodeHeap} from '../search/heap.js';
import {INF, REVERSED, type RoadGraph} from '../graph/road-graph.js';
import type {Snap} from '../graph/snap.js';
import {NO_BEARING, turnCosts, type TurnCosts} from '../graph/turn-costs.js';

/** A way out of (or into) a snapped position: a main-network node, the cost and length to it. */
export interface Access {
    node: number;
    /** ms from the position to the node (exits) or from the node to the position (entries) */
    weight: number;
    /** metres, likewise */
    length: number;
    /** true: the position's own edge is left (or entered) along its drawing direction */
    forward: boolean;
    /** ms spent on the position's own edge */
    edgeWeight: number;
    /** Edges between the position's edge and the node in travel order (arcEdge form: REVERSED set when run against the drawing). */
    steps: number[];
    /** ms of the turns between the position and the node (graph/turn-costs.ts). */
    turn: number;
    /** Bearing arriving at the node (ways out) or setting off from it (ways in). */
    bearing: number;
}

/** What one search settled: every node with its cost, for trips that never reach the main network. */
export interface AccessReach {
    ways: Access[];
    /** node → its slot in the arrays below */
    settled: Map<number, number>;
    weights: number[];
    lengths: number[];
    /** Per settled node, the edge step it was reached by (-1: the position's own edge) and its parent's slot. */
    steps: number[];
    parents: number[];
    /** Per settled node, whether the position's edge was left forward. */
    forward: boolean[];
    /** Per settled node, ms on the position's own edge. */
    edgeWeights: number[];
    /** Per settled node, ms of the turns on the way, and the bearing arriving there (out) or setting off (in). */
    turns: number[];
    bearings: number[];
}

/** A search this size means a restricted area larger than any real estate: give up rather than hang. */
export const MAX_ACCESS_NODES = 50000;

/** The node-sized arrays of the access searches on a graph: distances (Infinity), slots (-1), the nodes touched, the heap. */
interface AccessScratch {
    dist: Float64Array;
    slot: Int32Array;
    touched: Uint32Array;
    heap: NodeHeap;
}

const scratch = new WeakMap<RoadGraph, AccessScratch>();

export class AccessSearch {
    private readonly dist: Float64Array;
    private readonly slot: Int32Array;
    private readonly touched: Uint32Array;
    private touchedCount = 0;
    private readonly heap: NodeHeap;
    private readonly mainBit: number;
    private readonly departures: number[] = [];
    private readonly turnCosts: TurnCosts;

    constructor(private readonly graph: RoadGraph, private readonly mode: number) {
        this.turnCosts = turnCosts(graph, mode);
        // Each search leaves the arrays as it found them, so every mode's search (routes and
        // isochrones alike) shares one set per graph, that is per thread.
        let shared = scratch.get(graph);
        if (!shared) {
            shared = {dist: new Float64Array(graph.nodeCount).fill(Infinity), slot: new Int32Array(graph.nodeCount).fill(-1),
                touched: new Uint32Array(graph.nodeCount), heap: new NodeHeap(graph.nodeCount, 64)};
            scratch.set(graph, shared);
        }
        this.dist = shared.dist;
        this.slot = shared.slot;
        this.touched = shared.touched;
        this.heap = shared.heap;
        this.mainBit = 1 << (4 + mode);
    }

    /**
     * From the position (`into` false: ways out) or to it (`into` true: ways in). Each main-network
     * node reached ends a way; nodes off the main network are passed through.
     */
    search(snap: Snap, into: boolean): AccessReach {
        const g = this.graph;
        const [forward, backward] = g.accessWeights(this.mode);
        const reach: AccessReach = {ways: [], settled: new Map(), weights: [], lengths: [], steps: [], parents: [], forward: [], edgeWeights: [], turns: [], bearings: []};
        const tc = this.turnCosts;
        const len = Math.max(snap.length, 1e-9);
        const fw = forward[snap.edge], bw = backward[snap.edge];
        // Ways out leave forward to edgeTo or backward to edgeFrom (the node arriving there: a copy
        // where a turn restriction starts with this edge); ways in arrive from edgeFrom forward or
        // from edgeTo backward (the junction, or any copy of it whose restrictions allow the edge).
        const tailLength = snap.length - snap.offset;
        for (const forwardWay of [true, false]) {
            const whole = forwardWay ? fw : bw;
            if (whole === INF) continue;
            const length = forwardWay === into ? snap.offset : tailLength;
            const w = whole * length / len;
            const ref = forwardWay ? snap.edge : (snap.edge | REVERSED) >>> 0;
            // A position at the node itself has no heading yet (or any longer): no turn there.
            if (!into) {
                this.seed(g.arrivalNode(snap.edge, forwardWay, this.mode), w, length, forwardWay, length > 0 ? tc.leave(ref) : NO_BEARING, reach);
                continue;
            }
            const nodes = this.departures;
            nodes.length = 0;
            for (const node of g.departureNodes(snap.edge, forwardWay, this.mode, nodes)) this.seed(node, w, length, forwardWay, length > 0 ? tc.enter(ref) : NO_BEARING, reach);
        }
        const dist = this.dist, slot = this.slot, heap = this.heap, flags = g.nodeFlags;
        const arcFirst = g.arcFirst, arcHead = g.arcHead, arcEdge = g.arcEdge, edgeLength = g.edgeLength;
        let settledCount = 0;
        while (heap.length > 0 && settledCount < MAX_ACCESS_NODES) {
            const u = heap.pop();
            settledCount++;
            const su = slot[u];
            reach.settled.set(u, su);
            if (flags[u] & this.mainBit) {
                reach.ways.push(this.way(u, su, reach, into));
                continue;
            }
            const d = dist[u];
            for (let a = arcFirst[u], end = arcFirst[u + 1]; a < end; a++) {
                // Out: u → head along the arc (its out weight); in: head → u (its in weight).
                const w = g.accessArcWeight(this.mode, a, into);
                if (w === INF) continue;
                const ref = arcEdge[a];
                const e = (ref & ~REVERSED) >>> 0;
                const v = arcHead[a];
                const nd = d + w;
                if (nd >= dist[v]) continue;
                let sv = slot[v];
                if (sv < 0) {
                    sv = slot[v] = reach.weights.length;
                    this.touched[this.touchedCount++] = v;
                    reach.weights.push(0);
                    reach.lengths.push(0);
                    reach.steps.push(0);
                    reach.parents.push(0);
                    reach.forward.push(false);
                    reach.edgeWeights.push(0);
                    reach.turns.push(0);
                    reach.bearings.push(0);
                }
                dist[v] = nd;
                // The turn at u: out, from the way into u onto this edge; in, from this edge (run towards u) onto the way on.
                const travel = into ? (ref ^ REVERSED) >>> 0 : ref;
                reach.turns[sv] = reach.turns[su] + (into ? tc.at(u, tc.leave(travel), reach.bearings[su]) : tc.at(u, reach.bearings[su], tc.enter(travel)));
                reach.bearings[sv] = into ? tc.enter(travel) : tc.leave(travel);
                reach.weights[sv] = nd;
                reach.lengths[sv] = reach.lengths[su] + edgeLength[e];
                reach.steps[sv] = travel;
                reach.parents[sv] = su;
                reach.forward[sv] = reach.forward[su];
                reach.edgeWeights[sv] = reach.edgeWeights[su];
                heap.push(v, nd);
            }
        }
        for (let i = 0; i < this.touchedCount; i++) {
            dist[this.touched[i]] = Infinity;
            slot[this.touched[i]] = -1;
        }
        this.touchedCount = 0;
        heap.clear();
        return reach;
    }

    /** ms and metres from the search's position to node `node` (ways out), or null when not settled. */
    static settledAt(reach: AccessReach, node: number): Access | null {
        const s = reach.settled.get(node);
        if (s === undefined) return null;
        return wayAt(reach, node, s, false);
    }

    private seed(node: number, weight: number, length: number, forward: boolean, bearing: number, reach: AccessReach): void {
        if (weight >= this.dist[node]) return;
        let s = this.slot[node];
        if (s < 0) {
            s = this.slot[node] = reach.weights.length;
            this.touched[this.touchedCount++] = node;
            reach.weights.push(0);
            reach.lengths.push(0);
            reach.steps.push(-1);
            reach.parents.push(-1);
            reach.forward.push(false);
            reach.edgeWeights.push(0);
            reach.turns.push(0);
            reach.bearings.push(0);
        }
        this.dist[node] = weight;
        reach.turns[s] = 0;
        reach.bearings[s] = bearing;
        reach.weights[s] = weight;
        reach.lengths[s] = length;
        reach.steps[s] = -1;
        reach.parents[s] = -1;
        reach.forward[s] = forward;
        reach.edgeWeights[s] = weight;
        this.heap.push(node, weight);
    }

    private way(node: number, s: number, reach: AccessReach, into: boolean): Access {
        return wayAt(reach, node, s, into);
    }
}

function wayAt(reach: AccessReach, node: number, s: number, into: boolean): Access {
    return {
        node, weight: reach.weights[s], length: reach.lengths[s], forward: reach.forward[s], edgeWeight: reach.edgeWeights[s],
        steps: stepsTo(reach, s, into), turn: reach.turns[s], bearing: reach.bearings[s]
    };
}

/**
 * The edge steps between the position's edge and settled slot s, in travel order: a search out of
 * a position recorded them from the position outwards (so they are reversed here), a search into
 * one from the position backwards, already in travel order towards it.
 */
function stepsTo(reach: AccessReach, s: number, into: boolean): number[] {
    const steps: number[] = [];
    for (let i = s; reach.parents[i] >= 0; i = reach.parents[i]) steps.push(reach.steps[i]);
    if (!into) steps.reverse();
    return steps;
}
