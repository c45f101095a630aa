// Plain and bidirectional Dijkstra on the road graph for one mode: the one-to-all search of the
// isochrones, the oracle the contraction hierarchy is tested against, and the baseline it is
// measured against. Same scratch-array scheme as CHQuery: reused between queries, distances reset
// through touched lists (DijkstraArrays, which a foot search can share the shape of).
import {INF, REVERSED, type RoadGraph} from '../graph/road-graph.js';
import {NO_BEARING, type TurnCosts} from '../graph/turn-costs.js';
import {NodeHeap} from '../search/heap.js';
import {largestPerThread} from '../util/largest-per-thread.js';

/** What a search reads of the road graph: the arcs of each node and their weights per mode. */
export type SearchGraph = Pick<RoadGraph, 'nodeCount' | 'arcFirst' | 'arcHead' | 'arcEdge' | 'arcOut' | 'arcIn'>;

/**
 * A Dijkstra's node-sized arrays: distances (Infinity where not reached), the nodes reached, the heap; turns on first
 * use. `nodeCount`: at least the graph's of every search using them.
 */
export class DijkstraArrays {
    readonly dist: Float64Array;
    readonly reached: Uint32Array;
    readonly heap: NodeHeap;
    private turns: [Float64Array, Uint16Array, Float64Array] | null = null;

    constructor(readonly nodeCount: number) {
        this.dist = new Float64Array(nodeCount).fill(Infinity);
        this.reached = new Uint32Array(nodeCount);
        this.heap = new NodeHeap(nodeCount);
    }

    /** Forgets a search that reached reached[0..reachedCount): distances back to Infinity, the heap empty. */
    forget(reachedCount: number): void {
        const dist = this.dist, reached = this.reached;
        for (let i = 0; i < reachedCount; i++) dist[reached[i]] = Infinity;
        this.heap.clear();
    }

    /** Turns so far, bearing arriving, arrival time with turns. */
    turnArrays(): [Float64Array, Uint16Array, Float64Array] {
        const n = this.nodeCount;
        return (this.turns ??= [new Float64Array(n), new Uint16Array(n), new Float64Array(n)]);
    }
}

/** Arrays for the searches of a road graph of `nodeCount` nodes, shared with the thread's other regions (each search clears its own). */
export const threadDijkstraArrays = largestPerThread((nodeCount) => new DijkstraArrays(nodeCount));

export class Dijkstra {
    readonly graph: SearchGraph;
    readonly mode: number;
    /** Distances (ms) of the last search; Infinity where not reached. Valid until the next search. */
    readonly dist: Float64Array;
    /** The nodes the last search reached, in the order they were first reached: reached[0..reachedCount). */
    readonly reached: Uint32Array;
    reachedCount = 0;
    /** Nodes settled by the last search. */
    settledCount = 0;
    private readonly heap: NodeHeap;
    private readonly arrays: DijkstraArrays;
    // With turn costs: along the search tree (chosen by time without turns), the turns so far and the
    // bearing arriving at each node; `arrival` = time + turns (graph/turn-costs.ts).
    private readonly turns: TurnCosts | null;
    private readonly turn: Float64Array;
    private readonly bearing: Uint16Array;
    private readonly arrivalTime: Float64Array;
    /** Whether the last search ran backwards (toSeeds): times to the seeds, bearings setting off from each node. */
    private backward = false;

    /**
     * `arrays`: node-sized arrays shared with other searches on the graph (one per mode), each of
     * which clears its search (clear()) before another runs; its own when not given.
     */
    constructor(graph: SearchGraph, mode: number, turns: TurnCosts | null = null, arrays: DijkstraArrays | null = null) {
        this.graph = graph;
        this.mode = mode;
        const shared = (this.arrays = arrays ?? new DijkstraArrays(graph.nodeCount));
        this.dist = shared.dist;
        this.reached = shared.reached;
        this.heap = shared.heap;
        this.turns = turns !== null && turns.any ? turns : null;
        if (this.turns) [this.turn, this.bearing, this.arrivalTime] = shared.turnArrays();
        else [this.turn, this.bearing, this.arrivalTime] = [new Float64Array(0), new Uint16Array(0), new Float64Array(0)];
    }

    /** Forgets the last search: the distance arrays as a new search finds them (for another search sharing them). */
    clear(): void {
        this.arrays.forget(this.reachedCount);
        this.reachedCount = 0;
    }

    /** v reached from x along the edge run `ref`: the turns of x's path, the turn at x onto it, the bearing arriving at v. */
    private turnAlong(x: number, v: number, ref: number): void {
        const tc = this.turns!;
        this.turn[v] = this.turn[x] + tc.at(x, this.bearing[x], tc.enter(ref));
        this.bearing[v] = tc.leave(ref);
    }

    /** x reached from v against the edge run `ref` (v → x travelled): the turn at x onto x's way on, the bearing setting off from v. */
    private turnBack(x: number, v: number, ref: number): void {
        const tc = this.turns!;
        const travel = (ref ^ REVERSED) >>> 0;
        this.turn[v] = this.turn[x] + tc.at(x, tc.leave(travel), this.bearing[x]);
        this.bearing[v] = tc.enter(travel);
    }

    /** With turn costs: the bearing arriving at each node reached by the last search (for the turn onto the next edge); after toSeeds, setting off from it. */
    get turnState(): {costs: TurnCosts; bearing: Uint16Array} | null {
        return this.turns && {costs: this.turns, bearing: this.bearing};
    }

    /**
     * Arrival times (ms) of the last search with the turns of each node's path added (the distances
     * when there are no turn costs); Infinity where not reached.
     */
    get arrival(): Float64Array {
        if (!this.turns) return this.dist;
        const dist = this.dist, turn = this.turn, out = this.arrivalTime;
        out.fill(Infinity);
        for (let i = 0; i < this.reachedCount; i++) {
            const v = this.reached[i];
            out[v] = dist[v] + turn[v];
        }
        return out;
    }

    /** Shortest travel time in ms from source to target, INF if unreachable. Stops at the target. */
    distance(source: number, target: number): number {
        this.run(source, target, Infinity, false);
        const d = this.dist[target];
        return d === Infinity ? INF : d;
    }

    /**
     * Travel times from source to every node within maxWeight ms: read them from `dist` (Infinity
     * beyond) for the `reached` nodes. Returns the number of nodes settled (within maxWeight).
     */
    oneToAll(source: number, maxWeight = Infinity): number {
        this.run(source, -1, maxWeight, false);
        return this.settledCount;
    }

    /**
     * Like oneToAll, from several start nodes each with its own starting time (ms): a position
     * snapped onto an edge starts from both of the edge's ends.
     */
    fromSeeds(nodes: ArrayLike<number>, weights: ArrayLike<number>, maxWeight = Infinity, bearings: ArrayLike<number> | null = null, turns: ArrayLike<number> | null = null): number {
        this.run(-1, -1, maxWeight, false, nodes, weights, bearings, turns);
        return this.settledCount;
    }

    /**
     * fromSeeds backwards, over arcIn: the time (ms) from every node within maxWeight to the nearest
     * seed, each seed's weight being what is left from it (the way into a place); `bearings` are those
     * setting off from the seeds. Many places at once give the time to the nearest of them.
     */
    toSeeds(nodes: ArrayLike<number>, weights: ArrayLike<number>, maxWeight = Infinity, bearings: ArrayLike<number> | null = null, turns: ArrayLike<number> | null = null): number {
        this.run(-1, -1, maxWeight, true, nodes, weights, bearings, turns);
        return this.settledCount;
    }

    /**
     * After fromSeeds: goes on from every node reached into the nodes off the main network (those
     * without `mainBit` in `flags`) over per-arc weights that include the ways one may only start
     * or end on (RoadGraph.accessArcWeight), never back onto the main network: where a trip from the
     * seeds may end. After toSeeds, backwards: the nodes off the main network a trip to the seeds may start from.
     */
    extendOffNetwork(flags: Uint8Array, mainBit: number, access: Pick<RoadGraph, 'accessArcWeight'>, maxWeight = Infinity): void {
        const g = this.graph;
        const arcFirst = g.arcFirst, arcHead = g.arcHead;
        const dist = this.dist, reached = this.reached, heap = this.heap;
        const tc = this.turns, turn = this.turn, bearing = this.bearing, arcEdge = g.arcEdge, backward = this.backward;
        heap.clear();
        let count = this.reachedCount;
        // Relaxes the arcs of x into nodes off the main network.
        const relax = (x: number): void => {
            const d = dist[x];
            for (let a = arcFirst[x], end = arcFirst[x + 1]; a < end; a++) {
                const v = arcHead[a];
                if (flags[v] & mainBit) continue;
                const w = access.accessArcWeight(this.mode, a, backward);
                if (w === INF) continue;
                const nd = d + w;
                if (nd > maxWeight) continue;
                const old = dist[v];
                if (nd < old) {
                    if (old === Infinity) reached[count++] = v;
                    dist[v] = nd;
                    if (tc) {
                        if (backward) this.turnBack(x, v, arcEdge[a]);
                        else this.turnAlong(x, v, arcEdge[a]);
                    }
                    heap.push(v, nd);
                }
            }
        };
        const before = count;
        for (let i = 0; i < before; i++) if (dist[reached[i]] <= maxWeight) relax(reached[i]);
        while (heap.length > 0) relax(heap.pop());
        this.reachedCount = count;
    }

    private run(source: number, target: number, maxWeight: number, backward: boolean, seedNodes?: ArrayLike<number>, seedWeights?: ArrayLike<number>,
        seedBearings: ArrayLike<number> | null = null, seedTurns: ArrayLike<number> | null = null): void {
        const g = this.graph;
        const arcFirst = g.arcFirst, arcHead = g.arcHead, weights = backward ? g.arcIn[this.mode] : g.arcOut[this.mode], arcEdge = g.arcEdge;
        this.backward = backward;
        const dist = this.dist, reached = this.reached, heap = this.heap;
        const tc = this.turns, turn = this.turn, bearing = this.bearing;
        this.arrays.forget(this.reachedCount);
        let count = 0, settled = 0;
        if (seedNodes && seedWeights) {
            for (let i = 0; i < seedNodes.length; i++) {
                const v = seedNodes[i], w = seedWeights[i];
                if (!(w < dist[v])) continue;
                if (dist[v] === Infinity) reached[count++] = v;
                dist[v] = w;
                if (tc) {
                    turn[v] = seedTurns ? seedTurns[i] : 0;
                    bearing[v] = seedBearings ? seedBearings[i] : NO_BEARING;
                }
                heap.push(v, w);
            }
        } else {
            dist[source] = 0;
            reached[count++] = source;
            if (tc) {
                turn[source] = 0;
                bearing[source] = NO_BEARING;
            }
            heap.push(source, 0);
        }
        while (heap.length > 0) {
            if (heap.peekKey() > maxWeight) break;
            const x = heap.pop();
            settled++;
            if (x === target) break;
            const d = dist[x];
            for (let a = arcFirst[x], end = arcFirst[x + 1]; a < end; a++) {
                const w = weights[a];
                if (w === INF) continue;
                const v = arcHead[a];
                const nd = d + w;
                const old = dist[v];
                if (nd < old) {
                    if (old === Infinity) reached[count++] = v;
                    dist[v] = nd;
                    if (tc) {
                        if (backward) this.turnBack(x, v, arcEdge[a]);
                        else this.turnAlong(x, v, arcEdge[a]);
                    }
                    heap.push(v, nd);
                }
            }
        }
        // Beyond maxWeight: tentative distances are not answers.
        if (maxWeight !== Infinity) {
            for (let i = 0; i < count; i++) if (dist[reached[i]] > maxWeight) dist[reached[i]] = Infinity;
        }
        this.reachedCount = count;
        this.settledCount = settled;
    }
}

/**
 * Bidirectional Dijkstra: forward from the source over arcOut, backward from the target over arcIn
 * (arc a of node x with arcIn[a] is the way head → x), until the two frontiers' keys add up to the
 * best meeting found.
 */
export class BidirectionalDijkstra {
    readonly graph: SearchGraph;
    readonly mode: number;
    /** Nodes settled by the last query, both directions. */
    settledCount = 0;
    private readonly forwardDist: Float64Array;
    private readonly backwardDist: Float64Array;
    private readonly forwardTouched: Uint32Array;
    private readonly backwardTouched: Uint32Array;
    private forwardCount = 0;
    private backwardCount = 0;
    private readonly forwardHeap: NodeHeap;
    private readonly backwardHeap: NodeHeap;

    constructor(graph: SearchGraph, mode: number) {
        this.graph = graph;
        this.mode = mode;
        const n = graph.nodeCount;
        this.forwardDist = new Float64Array(n).fill(Infinity);
        this.backwardDist = new Float64Array(n).fill(Infinity);
        this.forwardTouched = new Uint32Array(n);
        this.backwardTouched = new Uint32Array(n);
        this.forwardHeap = new NodeHeap(n);
        this.backwardHeap = new NodeHeap(n);
    }

    /** Shortest travel time in ms from source to target, INF if unreachable. */
    distance(source: number, target: number): number {
        const g = this.graph;
        const arcFirst = g.arcFirst, arcHead = g.arcHead;
        const outWeights = g.arcOut[this.mode], inWeights = g.arcIn[this.mode];
        const fDist = this.forwardDist, bDist = this.backwardDist;
        const fTouched = this.forwardTouched, bTouched = this.backwardTouched;
        const fHeap = this.forwardHeap, bHeap = this.backwardHeap;
        for (let i = 0; i < this.forwardCount; i++) fDist[fTouched[i]] = Infinity;
        for (let i = 0; i < this.backwardCount; i++) bDist[bTouched[i]] = Infinity;
        fHeap.clear();
        bHeap.clear();
        fDist[source] = 0;
        fTouched[0] = source;
        let fCount = 1;
        fHeap.push(source, 0);
        bDist[target] = 0;
        bTouched[0] = target;
        let bCount = 1;
        bHeap.push(target, 0);
        let best = source === target ? 0 : Infinity;
        let settled = 0;
        while (fHeap.length > 0 && bHeap.length > 0 && fHeap.peekKey() + bHeap.peekKey() < best) {
            settled++;
            // Expand the side with the smaller frontier, to keep the two balls about even.
            if (fHeap.length <= bHeap.length) {
                const x = fHeap.pop();
                const d = fDist[x];
                for (let a = arcFirst[x], end = arcFirst[x + 1]; a < end; a++) {
                    const w = outWeights[a];
                    if (w === INF) continue;
                    const v = arcHead[a];
                    const nd = d + w;
                    const old = fDist[v];
                    if (nd < old) {
                        if (old === Infinity) fTouched[fCount++] = v;
                        fDist[v] = nd;
                        fHeap.push(v, nd);
                        const through = nd + bDist[v];
                        if (through < best) best = through;
                    }
                }
            } else {
                const x = bHeap.pop();
                const d = bDist[x];
                for (let a = arcFirst[x], end = arcFirst[x + 1]; a < end; a++) {
                    const w = inWeights[a];
                    if (w === INF) continue;
                    const v = arcHead[a];
                    const nd = d + w;
                    const old = bDist[v];
                    if (nd < old) {
                        if (old === Infinity) bTouched[bCount++] = v;
                        bDist[v] = nd;
                        bHeap.push(v, nd);
                        const through = nd + fDist[v];
                        if (through < best) best = through;
                    }
                }
            }
        }
        this.forwardCount = fCount;
        this.backwardCount = bCount;
        this.settledCount = settled;
        return best === Infinity ? INF : best;
    }
}
