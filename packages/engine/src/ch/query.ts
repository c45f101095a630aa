// Contraction hierarchy queries (the hierarchy itself is built by contract.ts). A shortest path
// in a hierarchy goes up in rank from the source and then down to the target, so a query is two
// upward searches, forward from the source over the up arcs and backward from the target over the
// down arcs, meeting at the top. Stall-on-demand prunes them: a node that a higher neighbour already
// reaches more cheaply is not on a shortest up-down path, so its arcs are not relaxed. The
// hierarchy numbers its nodes by rank (hierarchy.ts): the searches run on those numbers, road-graph
// nodes mapped in through `rank` and back through `node`; paths come out as road-graph arcs.
//
// One CHQuery owns its scratch arrays (distances, parents, heaps, touched lists): it is reused from
// query to query and allocates nothing but the results. It is not reentrant: use one per worker.
import type {Section} from '../format/section.js';
import {INF} from '../graph/road-graph.js';
import {NO_BEARING, type TurnCosts} from '../graph/turn-costs.js';
import type {NodeHeap} from '../search/heap.js';
import {CHScratch, type ScratchUser} from './scratch.js';
import {ContractionHierarchy, ORIGINAL, type CHGraph} from './hierarchy.js';

export interface CHPath {
    /** ms; INF when the target cannot be reached. */
    weight: number;
    /** Road-graph arcs from source to target, each owned by the node it leaves (read with arcOut). */
    arcs: Uint32Array;
}

/** The node a road-graph arc leaves (its owner: a junction, or a copy of one; arcs are grouped by owner). */
export function roadArcTail(graph: CHGraph, arc: number): number {
    const first = graph.arcFirst;
    let lo = 0, hi = graph.nodeCount - 1;
    while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (first[mid] <= arc) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/** Times (ms, turns not included) and lengths (m) per target; with turn costs, the turns of each path and its bearing arriving at the target. */
export interface SweepResult {
    times: Float64Array;
    lengths: Float64Array;
    turns: Float64Array | null;
    bearings: Uint16Array | null;
}

export class CHQuery implements ScratchUser {
    readonly graph: CHGraph;
    readonly ch: ContractionHierarchy;
    private readonly scratch: CHScratch;
    /** Nodes taken from the heaps by the last distance or path query, both directions (stalled ones too). */
    settledCount = 0;
    private readonly nodeCount: number;
    // Forward search (from the source, over up arcs) and backward search (from the target, over
    // down arcs). Distances are Infinity where not reached; touched lists say what to reset.
    private readonly forwardDist: Float64Array;
    private readonly backwardDist: Float64Array;
    private readonly forwardParent: Uint32Array;
    private readonly backwardParent: Uint32Array;
    private readonly forwardTouched: Uint32Array;
    private readonly backwardTouched: Uint32Array;
    private forwardTouchedCount = 0;
    private backwardTouchedCount = 0;
    private readonly forwardHeap: NodeHeap;
    private readonly backwardHeap: NodeHeap;
    private meet = -1;
    // Path unpacking: a stack of (from, to) pairs still to expand, and the road arcs found so far.
    private stackFrom: Uint32Array = new Uint32Array(256);
    private stackTo: Uint32Array = new Uint32Array(256);
    private pathArcs: Uint32Array = new Uint32Array(256);
    // Buckets for one-to-many: for each node reached by a target's backward search, the targets
    // (by index) and their distances, grouped by node; bucketCount[node] = 0 where there is none.
    private bucketTargets: Uint32Array = new Uint32Array(0);
    private readonly bucketStart: Uint32Array;
    private readonly bucketCount: Uint32Array;
    private bucketNodes: Uint32Array = new Uint32Array(1024);
    private bucketNodeCount = 0;
    private entryNode: Uint32Array = new Uint32Array(1024);
    private entryTarget: Uint32Array = new Uint32Array(1024);
    private entryDist: Float64Array = new Float64Array(1024);
    private bucketTarget: Uint32Array = new Uint32Array(1024);
    private bucketDist: Float64Array = new Float64Array(1024);
    private entryCount = 0;
    // Path lengths (metres) beside the times, for tableWithLengths (allocated on first use).
    private keepLength = false;
    private forwardLen: Float64Array = new Float64Array(0);
    private backwardLen: Float64Array = new Float64Array(0);
    private entryLen: Float64Array = new Float64Array(1024);
    private bucketLen: Float64Array = new Float64Array(1024);
    private lengthOut: Float64Array | null = null;
    // Nodes the last forward search settled without stalling, in settling order.
    private readonly forwardSettled: Uint32Array;
    private forwardSettledCount = 0;
    // Target sweep (one source, many targets): the nodes from which a target is reached downwards,
    // highest rank first, as a sparse set (selIndex[x] < selCount and selNodes[selIndex[x]] === x);
    // their distances and lengths from the source by position in that order.
    private selTargets: Uint32Array = new Uint32Array(0);
    /** The bound the selection was made within (Infinity: all of it), and whether it left nodes out. */
    private selBound = Infinity;
    private selCut = false;
    private selNodes: Uint32Array = new Uint32Array(1024);
    private selCount = 0;
    private readonly selIndex: Uint32Array;
    private selDist: Float64Array = new Float64Array(1024);
    private selLen: Float64Array = new Float64Array(1024);
    /** tablePath's one cell. */
    private readonly single = new Float64Array(1);
    /** The fills stop before settling a node farther than this (tablePath's known best time). */
    private fillBound = Infinity;
    /** Whether a fill stopped at the bound with nodes still open. */
    private fillCut = false;
    // Turns of the paths found (graph/turn-costs.ts), when the hierarchy stores its arcs' bearings:
    // along each search tree, the turn costs so far and the bearing arriving at a node (forward) or
    // setting off from it (backward). Paths are chosen by time without turns; their turns are added.
    private readonly turnCosts: TurnCosts | null;
    private forwardTurn: Float64Array = new Float64Array(0);
    private forwardBearing: Uint16Array = new Uint16Array(0);
    private backwardTurn: Float64Array = new Float64Array(0);
    private backwardBearing: Uint16Array = new Uint16Array(0);
    private entryTurn: Float64Array = new Float64Array(1024);
    private entryBearing: Uint16Array = new Uint16Array(1024);
    private bucketTurn: Float64Array = new Float64Array(1024);
    private bucketBearing: Uint16Array = new Uint16Array(1024);
    private bucketBearings: Uint16Array | null = null;
    private turnOut: Float64Array | null = null;
    private selTurn: Float64Array = new Float64Array(1024);
    private selBearing: Uint16Array = new Uint16Array(1024);
    private readonly sourceBearing = new Uint16Array(1);

    /**
     * `turns`: the mode's turn costs, added to the times of the tables and sweeps when the hierarchy stores arc bearings.
     * `scratch`: node-sized arrays shared with the thread's other queries on this road graph (its own when not given).
     */
    constructor(graph: CHGraph, ch: ContractionHierarchy | Section, turns: TurnCosts | null = null, scratch: CHScratch | null = null) {
        this.graph = graph;
        this.ch = ch instanceof ContractionHierarchy ? ch : new ContractionHierarchy(ch);
        this.turnCosts = turns !== null && turns.any && this.ch.turns !== null ? turns : null;
        const n = this.nodeCount = graph.nodeCount;
        if (this.ch.nodeCount !== n || this.ch.roadArcCount !== graph.arcCount) {
            throw new Error(`contraction hierarchy (${this.ch.nodeCount} nodes, ${this.ch.roadArcCount} arcs) was not built from this road graph (${n} nodes, ${graph.arcCount} arcs)`);
        }
        if (scratch !== null && scratch.nodeCount !== n) throw new Error(`scratch for ${scratch.nodeCount} nodes, road graph of ${n}`);
        const s = this.scratch = scratch ?? new CHScratch(n);
        this.forwardDist = s.forwardDist;
        this.backwardDist = s.backwardDist;
        this.forwardParent = s.forwardParent;
        this.backwardParent = s.backwardParent;
        this.forwardTouched = s.forwardTouched;
        this.backwardTouched = s.backwardTouched;
        this.forwardHeap = s.forwardHeap;
        this.backwardHeap = s.backwardHeap;
        this.bucketStart = s.bucketStart;
        this.bucketCount = s.bucketCount;
        this.forwardSettled = s.forwardSettled;
        this.selIndex = s.selIndex;
        if (this.turnCosts) [this.forwardTurn, this.forwardBearing, this.backwardTurn, this.backwardBearing] = s.turnArrays();
    }

    /** Makes the shared arrays this query's: the query that used them last clears its state from them first. */
    private claim(): void {
        const s = this.scratch;
        if (s.owner === this) return;
        s.owner?.yieldScratch();
        s.owner = this;
    }

    /** Clears this query's state from the shared arrays (distances, buckets) and forgets what it kept there. */
    yieldScratch(): void {
        this.resetForward();
        this.resetBackward();
        for (let i = 0; i < this.bucketNodeCount; i++) this.bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        this.bucketTargets = new Uint32Array(0);
        this.bucketBearings = null;
        this.selTargets = new Uint32Array(0);
    }

    /** Whether tables and sweeps report turns (the mode has turn costs and the hierarchy stores arc bearings). */
    get hasTurns(): boolean {
        return this.turnCosts !== null;
    }

    /** Shortest travel time in ms from source to target, INF if the target cannot be reached. */
    distance(source: number, target: number): number {
        const best = this.search(this.toRank(source), this.toRank(target));
        return best === Infinity ? INF : best;
    }

    /** Shortest path as road-graph arcs in travel order, and its weight. */
    path(source: number, target: number): CHPath {
        const s = this.toRank(source), t = this.toRank(target);
        return this.unpack(s, t, this.search(s, t));
    }

    /**
     * The shortest path tableWithLengths measures for the pair: where several paths take the same
     * time, path() may pick another (its bidirectional search meets first elsewhere), this one is
     * the table's (full upward searches both ways, the first best meeting in the forward search's
     * order), so a route drawn from it has the table's length.
     */
    tablePath(source: number, target: number): CHPath {
        // The pruned bidirectional search gives the pair's time first. The table's two searches then
        // stop past it: Dijkstra settles in the same order whatever it would do later, and nothing
        // beyond that time meets better or as well, so the path is the full searches' own, at the
        // cost of the ball the trip spans instead of every node above both ends (a country's top).
        const s = this.toRank(source), t = this.toRank(target);
        const best = this.search(s, t);
        if (best === Infinity) return {weight: INF, arcs: new Uint32Array(0)};
        this.fillBound = best;
        try {
            // Fill again even for the same target: the backward search's parents must be this target's.
            this.bucketTargets = new Uint32Array(0);
            this.prepareBuckets(Uint32Array.of(t));
            this.scanBuckets(s, this.single, 0, 1);
        } finally {
            this.fillBound = Infinity;
            // Buckets cut at a bound serve no other call.
            this.bucketTargets = new Uint32Array(0);
        }
        return this.unpack(s, t, this.single[0] === INF ? Infinity : this.single[0]);
    }

    /** The path of the last search (meeting at `meet`, parents both ways), as road-graph arcs. */
    private unpack(source: number, target: number, best: number): CHPath {
        if (best === Infinity) return {weight: INF, arcs: new Uint32Array(0)};
        // Up-down path as node pairs on the stack, first pair on top: the down part (meet → target)
        // is pushed in order then flipped, the up part (source → meet) is walked back from the meet.
        let top = 0;
        for (let x = this.meet; x !== target; x = this.backwardParent[x]) top = this.pushPair(top, x, this.backwardParent[x]);
        for (let i = 0, j = top - 1; i < j; i++, j--) {
            const f = this.stackFrom[i], t = this.stackTo[i];
            this.stackFrom[i] = this.stackFrom[j];
            this.stackTo[i] = this.stackTo[j];
            this.stackFrom[j] = f;
            this.stackTo[j] = t;
        }
        for (let x = this.meet; x !== source; x = this.forwardParent[x]) top = this.pushPair(top, this.forwardParent[x], x);

        const ch = this.ch;
        let count = 0;
        while (top > 0) {
            top--;
            const u = this.stackFrom[top], v = this.stackTo[top];
            // Arc u → v is an up arc of u, or a down arc of v, whichever end ranks lower.
            let middle = -1;
            if (u < v) {
                for (let i = ch.upFirst[u], end = ch.upFirst[u + 1]; i < end; i++) {
                    if (ch.upHead[i] === v) {
                        middle = ch.upMiddle[i];
                        break;
                    }
                }
            } else {
                for (let i = ch.downFirst[v], end = ch.downFirst[v + 1]; i < end; i++) {
                    if (ch.downHead[i] === u) {
                        middle = ch.downMiddle[i];
                        break;
                    }
                }
            }
            if (middle < 0) throw new Error(`contraction hierarchy has no arc ${u} → ${v}`);
            if (middle >= ORIGINAL) {
                if (count === this.pathArcs.length) this.pathArcs = grow(this.pathArcs);
                this.pathArcs[count++] = middle - ORIGINAL;
            } else {
                // Shortcut u → v over middle m: expand u → m first, so push m → v under it.
                top = this.pushPair(top, middle, v);
                top = this.pushPair(top, u, middle);
            }
        }
        return {weight: best, arcs: this.pathArcs.slice(0, count)};
    }

    /**
     * Travel times from one source to many targets into `out` (INF where unreachable). The targets'
     * backward searches are kept in buckets: calling again with the same targets costs one upward
     * search from the source.
     */
    oneToMany(source: number, targets: Uint32Array, out: Float64Array): void {
        const s = this.toRank(source);
        if (out.length < targets.length) throw new RangeError(`out holds ${out.length} values, ${targets.length} targets`);
        this.prepareBuckets(this.toRanks(targets));
        this.scanBuckets(s, out, 0, targets.length);
    }

    /** Travel times for all pairs, row by source: result[i * targets.length + j] (INF where unreachable). */
    table(sources: Uint32Array, targets: Uint32Array): Float64Array {
        const k = targets.length;
        const result = new Float64Array(sources.length * k);
        const froms = this.toRanks(sources);
        this.prepareBuckets(this.toRanks(targets));
        for (let i = 0; i < froms.length; i++) this.scanBuckets(froms[i], result, i * k, k);
        return result;
    }

    /**
     * Times (ms) and lengths (m, from the arc lengths stored with the hierarchy) of the fastest paths
     * for all pairs, row by source (INF and Infinity where unreachable).
     */
    tableWithLengths(sources: Uint32Array, targets: Uint32Array, sourceBearings: Uint16Array | null = null, targetBearings: Uint16Array | null = null):
        {times: Float64Array; lengths: Float64Array; turns: Float64Array | null} {
        this.keepLengths();
        const froms = this.toRanks(sources), tos = this.toRanks(targets);
        const k = targets.length;
        const lengths = new Float64Array(sources.length * k);
        const turns = this.turnCosts ? new Float64Array(sources.length * k) : null;
        const times = new Float64Array(sources.length * k);
        this.lengthOut = lengths;
        this.turnOut = turns;
        try {
            this.inPasses(times, () => {
                // Buckets cut at a bound serve no other pass, nor any later call.
                this.bucketTargets = new Uint32Array(0);
                this.prepareBuckets(tos, targetBearings);
                for (let i = 0; i < froms.length; i++) this.scanBuckets(froms[i], times, i * k, k, sourceBearings ? sourceBearings[i] : NO_BEARING);
            });
            return {times, lengths, turns};
        } finally {
            this.bucketTargets = new Uint32Array(0);
            this.lengthOut = null;
            this.turnOut = null;
        }
    }

    /**
     * Runs `pass` with the searches stopping past a bound that grows until every time in `times` is
     * within it, or no search was cut. A pair of time T is found by any searches that go as far as T,
     * with the full searches' own path (tablePath), so a table of nearby places costs the ball they
     * span, not every node above them up to the top of a country's hierarchy.
     */
    private inPasses(times: Float64Array, pass: (bound: number) => void): void {
        try {
            for (let bound = FIRST_BOUND[this.ch.mode] ?? LAST_BOUND; ; bound = nextBound(times, bound)) {
                this.fillBound = bound;
                this.fillCut = false;
                pass(bound);
                if (!this.fillCut || allWithin(times, bound)) return;
            }
        } finally {
            this.fillBound = Infinity;
        }
    }

    /** Bidirectional upward search; returns the best distance (Infinity if none) and sets `meet`. */
    private search(source: number, target: number): number {
        this.claim();
        this.resetForward();
        this.resetBackward();
        const ch = this.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const fDist = this.forwardDist, bDist = this.backwardDist;
        const fParent = this.forwardParent, bParent = this.backwardParent;
        const fTouched = this.forwardTouched, bTouched = this.backwardTouched;
        const fHeap = this.forwardHeap, bHeap = this.backwardHeap;
        fDist[source] = 0;
        fTouched[0] = source;
        let fCount = 1;
        fHeap.push(source, 0);
        bDist[target] = 0;
        bTouched[0] = target;
        let bCount = 1;
        bHeap.push(target, 0);
        let best = source === target ? 0 : Infinity;
        let meet = source;
        let settled = 0;

        for (;;) {
            const fKey = fHeap.peekKey(), bKey = bHeap.peekKey();
            if (fKey >= best && bKey >= best) break;
            settled++;
            if (fKey <= bKey) {
                const x = fHeap.pop();
                const d = fDist[x];
                const through = d + bDist[x];
                if (through < best) {
                    best = through;
                    meet = x;
                }
                // Stall: a higher node y reaches x cheaper over its down arc y → x.
                let stalled = false;
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                    if (fDist[downHead[i]] + downWeight[i] < d) {
                        stalled = true;
                        break;
                    }
                }
                if (stalled) continue;
                for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                    const v = upHead[i];
                    const nd = d + upWeight[i];
                    const old = fDist[v];
                    // Not past the best meeting so far: nothing there can improve it.
                    if (nd < old && nd < best) {
                        if (old === Infinity) fTouched[fCount++] = v;
                        fDist[v] = nd;
                        fParent[v] = x;
                        fHeap.push(v, nd);
                    }
                }
            } else {
                const x = bHeap.pop();
                const d = bDist[x];
                const through = d + fDist[x];
                if (through < best) {
                    best = through;
                    meet = x;
                }
                let stalled = false;
                for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                    if (bDist[upHead[i]] + upWeight[i] < d) {
                        stalled = true;
                        break;
                    }
                }
                if (stalled) continue;
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                    const v = downHead[i];
                    const nd = d + downWeight[i];
                    const old = bDist[v];
                    if (nd < old && nd < best) {
                        if (old === Infinity) bTouched[bCount++] = v;
                        bDist[v] = nd;
                        bParent[v] = x;
                        bHeap.push(v, nd);
                    }
                }
            }
        }
        this.forwardTouchedCount = fCount;
        this.backwardTouchedCount = bCount;
        this.meet = meet;
        this.settledCount = settled;
        return best;
    }

    /** Adds x to the selection unless it is there; the new count. */
    private select(x: number, count: number): number {
        const index = this.selIndex;
        if (index[x] < count && this.selNodes[index[x]] === x) return count;
        if (count === this.selNodes.length) this.selNodes = grow(this.selNodes);
        this.selNodes[count] = x;
        index[x] = count;
        return count + 1;
    }

    /**
     * Lets the bucket scratch of a big table go (thousands of destinations: hundreds of MB that would
     * otherwise stay with the query object for good); small buckets are kept for the next call.
     */
    releaseScratch(): void {
        if (this.entryNode.length <= SCRATCH_KEEP_ENTRIES) return;
        for (let i = 0; i < this.bucketNodeCount; i++) this.bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        this.bucketTargets = new Uint32Array(0);
        this.bucketNodes = new Uint32Array(1024);
        this.entryNode = new Uint32Array(1024);
        this.entryTarget = new Uint32Array(1024);
        this.entryDist = new Float64Array(1024);
        this.entryLen = new Float64Array(1024);
        this.bucketTarget = new Uint32Array(1024);
        this.bucketDist = new Float64Array(1024);
        this.bucketLen = new Float64Array(1024);
        this.entryTurn = new Float64Array(1024);
        this.entryBearing = new Uint16Array(1024);
        this.bucketTurn = new Float64Array(1024);
        this.bucketBearing = new Uint16Array(1024);
    }

    /** Fills the buckets for a target set, unless they already hold exactly these targets. */
    private prepareBuckets(targets: Uint32Array, bearings: Uint16Array | null = null): void {
        this.claim();
        if (sameTargets(this.bucketTargets, targets) && sameBearings(this.bucketBearings, bearings)) return;
        for (let i = 0; i < this.bucketNodeCount; i++) this.bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        for (let j = 0; j < targets.length; j++) this.backwardFill(targets[j], j, bearings ? bearings[j] : NO_BEARING);

        // Group the entries by node: start = end of the node's run, then fill it backwards.
        const bucketStart = this.bucketStart, bucketCount = this.bucketCount;
        let at = 0;
        for (let i = 0; i < this.bucketNodeCount; i++) {
            const x = this.bucketNodes[i];
            at += bucketCount[x];
            bucketStart[x] = at;
        }
        if (this.bucketTarget.length < this.entryCount) {
            this.bucketTarget = new Uint32Array(this.entryNode.length);
            this.bucketDist = new Float64Array(this.entryNode.length);
            this.bucketLen = new Float64Array(this.entryNode.length);
            this.bucketTurn = new Float64Array(this.entryNode.length);
            this.bucketBearing = new Uint16Array(this.entryNode.length);
        }
        const keepLength = this.keepLength, turning = this.turnCosts !== null;
        for (let e = 0; e < this.entryCount; e++) {
            const k = --bucketStart[this.entryNode[e]];
            this.bucketTarget[k] = this.entryTarget[e];
            this.bucketDist[k] = this.entryDist[e];
            if (keepLength) this.bucketLen[k] = this.entryLen[e];
            if (turning) {
                this.bucketTurn[k] = this.entryTurn[e];
                this.bucketBearing[k] = this.entryBearing[e];
            }
        }
        this.bucketTargets = targets.slice();
        this.bucketBearings = bearings && bearings.slice();
    }

    /** Full backward upward search from one target, adding each settled, unstalled node to the buckets. */
    private backwardFill(target: number, index: number, bearing: number): void {
        this.resetBackward();
        const ch = this.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const dist = this.backwardDist, touched = this.backwardTouched, heap = this.backwardHeap, parent = this.backwardParent;
        const bucketCount = this.bucketCount;
        const len = this.keepLength ? this.backwardLen : null, downLen = ch.downLength;
        const tc = this.turnCosts, turn = this.backwardTurn, bearingOf = this.backwardBearing, arcTurns = ch.turns, node = ch.node;
        if (len) len[target] = 0;
        if (tc) {
            turn[target] = 0;
            bearingOf[target] = bearing;
        }
        dist[target] = 0;
        touched[0] = target;
        let count = 1;
        heap.push(target, 0);
        const bound = this.fillBound;
        while (heap.length > 0 && heap.peekKey() <= bound) {
            const x = heap.pop();
            const d = dist[x];
            let stalled = false;
            for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                if (dist[upHead[i]] + upWeight[i] < d) {
                    stalled = true;
                    break;
                }
            }
            if (stalled) continue;
            if (this.entryCount === this.entryNode.length) this.growEntries();
            const e = this.entryCount++;
            this.entryNode[e] = x;
            this.entryTarget[e] = index;
            this.entryDist[e] = d;
            if (len) this.entryLen[e] = len[x];
            if (tc) {
                this.entryTurn[e] = turn[x];
                this.entryBearing[e] = bearingOf[x];
            }
            if (bucketCount[x]++ === 0) {
                if (this.bucketNodeCount === this.bucketNodes.length) this.bucketNodes = grow(this.bucketNodes);
                this.bucketNodes[this.bucketNodeCount++] = x;
            }
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                const v = downHead[i];
                const nd = d + downWeight[i];
                const old = dist[v];
                if (nd > old) continue;
                // Down arc i runs v → x: its turns, then the turn at x onto the path on. Of two paths
                // of the same time, the one with fewer turns (while v is still open).
                const vt = tc ? turn[x] + arcTurns!.downTurn[i] + tc.at(node[x], arcTurns!.downLeave[i], bearingOf[x]) : 0;
                if (nd === old && !(tc && heap.has(v) && vt < turn[v])) continue;
                if (old === Infinity) touched[count++] = v;
                dist[v] = nd;
                parent[v] = x;
                if (len) len[v] = len[x] + downLen[i];
                if (tc) {
                    turn[v] = vt;
                    bearingOf[v] = arcTurns!.downEnter[i];
                }
                heap.push(v, nd);
            }
        }
        if (heap.length > 0) this.fillCut = true;
        this.backwardTouchedCount = count;
    }

    /**
     * Full forward upward search from the source, or from several seeds each starting at its own time
     * and length (stall-on-demand): distances (and lengths when kept)
     * of the nodes it reaches; the settled, unstalled ones listed in forwardSettled.
     */
    private forwardFill(source: number, seedTime: ArrayLike<number> = ZERO, seedLength: ArrayLike<number> = ZERO, seeds: ArrayLike<number> | null = null,
        seedBearing: ArrayLike<number> = NONE, seedTurn: ArrayLike<number> = ZERO): void {
        this.claim();
        this.resetForward();
        const ch = this.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const dist = this.forwardDist, touched = this.forwardTouched, heap = this.forwardHeap, settled = this.forwardSettled, parent = this.forwardParent;
        const len = this.keepLength ? this.forwardLen : null, upLen = ch.upLength;
        const tc = this.turnCosts, turn = this.forwardTurn, bearingOf = this.forwardBearing, arcTurns = ch.turns, node = ch.node;
        // Several seeds (a position's ways out, each with what it costs to reach) search as one.
        let count = 0, settledCount = 0;
        for (let i = 0, n = seeds ? seeds.length : 1; i < n; i++) {
            const x = seeds ? seeds[i] : source;
            if (dist[x] === Infinity) touched[count++] = x;
            else if (dist[x] <= seedTime[i]) continue;
            dist[x] = seedTime[i];
            if (len) len[x] = seedLength[i];
            if (tc) {
                turn[x] = seedTurn[i];
                bearingOf[x] = seedBearing[i];
            }
            heap.push(x, seedTime[i]);
        }
        const bound = this.fillBound;
        while (heap.length > 0 && heap.peekKey() <= bound) {
            const x = heap.pop();
            const d = dist[x];
            let stalled = false;
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                if (dist[downHead[i]] + downWeight[i] < d) {
                    stalled = true;
                    break;
                }
            }
            if (stalled) continue;
            settled[settledCount++] = x;
            for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                const v = upHead[i];
                const nd = d + upWeight[i];
                const old = dist[v];
                if (nd > old) continue;
                const vt = tc ? turn[x] + tc.at(node[x], bearingOf[x], arcTurns!.upEnter[i]) + arcTurns!.upTurn[i] : 0;
                if (nd === old && !(tc && heap.has(v) && vt < turn[v])) continue;
                if (old === Infinity) touched[count++] = v;
                dist[v] = nd;
                parent[v] = x;
                if (len) len[v] = len[x] + upLen[i];
                if (tc) {
                    turn[v] = vt;
                    bearingOf[v] = arcTurns!.upLeave[i];
                }
                heap.push(v, nd);
            }
        }
        if (heap.length > 0) this.fillCut = true;
        this.forwardTouchedCount = count;
        this.forwardSettledCount = settledCount;
    }

    /** Forward search from the source, taking the best through each bucket into out[offset + j]. */
    private scanBuckets(source: number, out: Float64Array, offset: number, k: number, bearing: number = NO_BEARING): void {
        out.fill(Infinity, offset, offset + k);
        this.sourceBearing[0] = bearing;
        this.forwardFill(source, ZERO, ZERO, null, this.sourceBearing, ZERO);
        const dist = this.forwardDist, settled = this.forwardSettled;
        const bucketStart = this.bucketStart, bucketCount = this.bucketCount;
        const bucketTarget = this.bucketTarget, bucketDist = this.bucketDist;
        const lengthOut = this.lengthOut, len = lengthOut ? this.forwardLen : null, bucketLen = this.bucketLen;
        const tc = this.turnCosts, turnOut = this.turnOut, turn = this.forwardTurn, bearingOf = this.forwardBearing, node = this.ch.node;
        const bucketTurn = this.bucketTurn, bucketBearing = this.bucketBearing;
        for (let n = 0; n < this.forwardSettledCount; n++) {
            const x = settled[n];
            const entries = bucketCount[x];
            if (entries === 0) continue;
            const d = dist[x];
            for (let e = bucketStart[x], end = e + entries; e < end; e++) {
                const j = offset + bucketTarget[e];
                const through = d + bucketDist[e];
                if (through > out[j]) continue;
                // Of two meetings of the same time, the path with fewer turns.
                const pathTurn = tc && turnOut ? turn[x] + bucketTurn[e] + tc.at(node[x], bearingOf[x], bucketBearing[e]) : 0;
                if (through === out[j] && !(tc && turnOut && pathTurn < turnOut[j])) continue;
                out[j] = through;
                this.meet = x; // for tablePath's single target
                if (len) lengthOut![j] = len[x] + bucketLen[e];
                if (tc && turnOut) turnOut[j] = pathTurn;
            }
        }
        if (lengthOut) for (let j = offset; j < offset + k; j++) if (out[j] === Infinity) lengthOut[j] = Infinity;
        for (let j = offset; j < offset + k; j++) if (out[j] === Infinity) out[j] = INF;
    }

    /**
     * Times and lengths from several seeds at once (a position's ways out) to many targets (the
     * places around it), the best seed for each, its own time and length added: one forward search
     * and one sweep down the part of the hierarchy above the targets (RPHAST, Delling et al. 2011).
     * The targets share most of their upward search spaces, so selecting their union once and
     * sweeping it by falling rank costs far less than a backward bucket search per target. Times are
     * exact; where two paths take exactly the same time, the length may be the other one's.
     */
    sweepFromSeeds(seeds: Uint32Array, seedTime: Float64Array, seedLength: Float64Array, targets: Uint32Array,
        seedBearing: ArrayLike<number> | null = null, seedTurn: ArrayLike<number> | null = null): SweepResult {
        const tos = this.toRanks(targets), from = this.toRanks(seeds);
        this.keepLengths();
        const times = new Float64Array(targets.length), lengths = new Float64Array(targets.length);
        const turning = this.turnCosts !== null;
        const turns = turning ? new Float64Array(targets.length) : null, bearings = turning ? new Uint16Array(targets.length) : null;
        if (seeds.length === 0) {
            times.fill(INF);
            lengths.fill(Infinity);
            return {times, lengths, turns, bearings};
        }
        const bearing = seedBearing ?? seeds.map(() => NO_BEARING), turn = seedTurn ?? new Float64Array(seeds.length);
        // In passes, as tableWithLengths: the selection holds only the nodes within the bound of a
        // target, and the forward search stops past it; a target whose time is within the bound has
        // the full sweep's time, length and turns.
        this.inPasses(times, (bound) => {
            this.prepareSelection(tos, bound);
            this.forwardFill(from[0], seedTime, seedLength, from, bearing, turn);
            this.sweepPass(times, lengths, 0, tos, turns, bearings);
        });
        return {times, lengths, turns, bearings};
    }

    /** Sweeps the selection down from the forward search's distances into out[offset + j] per target j. */
    private sweepPass(times: Float64Array, lengths: Float64Array, offset: number, targets: Uint32Array, turns: Float64Array | null, bearings: Uint16Array | null): void {
        const count = this.selCount;
        const ch = this.ch, downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight, downLen = ch.downLength;
        const nodes = this.selNodes, index = this.selIndex, selDist = this.selDist, selLen = this.selLen;
        const dist = this.forwardDist, len = this.forwardLen;
        const tc = turns ? this.turnCosts : null, arcTurns = ch.turns, node = ch.node, selTurn = this.selTurn, selBearing = this.selBearing;
        const turn = this.forwardTurn, bearingOf = this.forwardBearing;
        for (let p = 0; p < count; p++) {
            const x = nodes[p];
            let d = dist[x], l = len[x];
            let t = tc && d !== Infinity ? turn[x] : 0, b = tc && d !== Infinity ? bearingOf[x] : NO_BEARING;
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                // A selection cut at a bound may lack the arc's tail: nothing through it is within the bound.
                const y = downHead[i], q = index[y];
                if (q >= count || nodes[q] !== y) continue;
                const through = selDist[q] + downWeight[i];
                if (through > d || through === Infinity) continue;
                // Down arc i runs q → x: the turn at q onto it, then its own turns; of two paths of the same time, fewer turns.
                const qt = tc ? selTurn[q] + tc.at(node[y], selBearing[q], arcTurns!.downEnter[i]) + arcTurns!.downTurn[i] : 0;
                if (through === d && !(tc && qt < t)) continue;
                d = through;
                l = selLen[q] + downLen[i];
                if (tc) {
                    t = qt;
                    b = arcTurns!.downLeave[i];
                }
            }
            selDist[p] = d;
            selLen[p] = d === Infinity ? Infinity : l;
            if (tc) {
                selTurn[p] = t;
                selBearing[p] = b;
            }
        }
        for (let j = 0; j < targets.length; j++) {
            const p = index[targets[j]];
            const d = selDist[p];
            times[offset + j] = d === Infinity ? INF : d;
            lengths[offset + j] = selLen[p];
            if (turns) {
                turns[offset + j] = selTurn[p];
                bearings![offset + j] = selBearing[p];
            }
        }
    }

    /** From now on the searches keep path lengths beside the times (the arrays on first use). */
    private keepLengths(): void {
        if (this.keepLength) return;
        this.keepLength = true;
        [this.forwardLen, this.backwardLen] = this.scratch.lengthArrays();
        // Buckets filled before lengths were kept hold none: fill again.
        this.bucketTargets = new Uint32Array(0);
    }

    /**
     * Selects the nodes above a target set (every target, and the tails of the down arcs into a
     * selected node), highest rank first; with a bound, only those whose way down to a target takes
     * at most that long (a search from the targets up the down arcs, cut there).
     */
    private prepareSelection(targets: Uint32Array, bound = Infinity): void {
        this.claim();
        if (sameTargets(this.selTargets, targets) && this.selBound >= bound) {
            if (this.selCut) this.fillCut = true;
            return;
        }
        const ch = this.ch, downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight, index = this.selIndex;
        let count = 0, cut = false;
        for (let j = 0; j < targets.length; j++) count = this.select(targets[j], count);
        if (bound === Infinity) {
            // Breadth first from the targets, the list itself as the queue.
            for (let q = 0; q < count; q++) {
                const x = this.selNodes[q];
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) count = this.select(downHead[i], count);
            }
        } else {
            // Dijkstra from every target at once, in the backward search's arrays (free between calls).
            this.resetBackward();
            const dist = this.backwardDist, touched = this.backwardTouched, heap = this.backwardHeap;
            let reached = 0;
            for (let j = 0; j < targets.length; j++) {
                const t = targets[j];
                if (dist[t] === 0) continue;
                dist[t] = 0;
                touched[reached++] = t;
                heap.push(t, 0);
            }
            while (heap.length > 0 && heap.peekKey() <= bound) {
                const x = heap.pop();
                const d = dist[x];
                count = this.select(x, count);
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                    const y = downHead[i], nd = d + downWeight[i];
                    if (nd >= dist[y]) continue;
                    if (dist[y] === Infinity) touched[reached++] = y;
                    dist[y] = nd;
                    heap.push(y, nd);
                }
            }
            cut = heap.length > 0;
            this.backwardTouchedCount = reached;
            this.resetBackward();
        }
        // Highest rank first (nodes are numbered by rank).
        const ranks = this.selNodes.subarray(0, count).sort();
        ranks.reverse();
        for (let p = 0; p < count; p++) index[ranks[p]] = p;
        this.selCount = count;
        if (this.selDist.length < count) {
            this.selDist = new Float64Array(this.selNodes.length);
            this.selLen = new Float64Array(this.selNodes.length);
            this.selTurn = new Float64Array(this.selNodes.length);
            this.selBearing = new Uint16Array(this.selNodes.length);
        }
        this.selTargets = targets.slice();
        this.selBound = bound;
        this.selCut = cut;
        if (cut) this.fillCut = true;
    }

    private resetForward(): void {
        const dist = this.forwardDist, touched = this.forwardTouched;
        for (let i = 0; i < this.forwardTouchedCount; i++) dist[touched[i]] = Infinity;
        this.forwardTouchedCount = 0;
        this.forwardHeap.clear();
    }

    private resetBackward(): void {
        const dist = this.backwardDist, touched = this.backwardTouched;
        for (let i = 0; i < this.backwardTouchedCount; i++) dist[touched[i]] = Infinity;
        this.backwardTouchedCount = 0;
        this.backwardHeap.clear();
    }

    private pushPair(top: number, from: number, to: number): number {
        if (top === this.stackFrom.length) {
            this.stackFrom = grow(this.stackFrom);
            this.stackTo = grow(this.stackTo);
        }
        this.stackFrom[top] = from;
        this.stackTo[top] = to;
        return top + 1;
    }

    private growEntries(): void {
        this.entryNode = grow(this.entryNode);
        this.entryTarget = grow(this.entryTarget);
        const dist = new Float64Array(this.entryDist.length * 2);
        dist.set(this.entryDist);
        this.entryDist = dist;
        const len = new Float64Array(this.entryLen.length * 2);
        len.set(this.entryLen);
        this.entryLen = len;
        if (this.turnCosts) {
            const turn = new Float64Array(this.entryTurn.length * 2);
            turn.set(this.entryTurn);
            this.entryTurn = turn;
            const bearing = new Uint16Array(this.entryBearing.length * 2);
            bearing.set(this.entryBearing);
            this.entryBearing = bearing;
        }
    }

    /** The hierarchy's number (rank) of a road-graph node; throws a RangeError for a node not in the graph. */
    private toRank(node: number): number {
        if (!(node >= 0 && node < this.nodeCount && Number.isInteger(node))) {
            throw new RangeError(`node ${node} is not in the road graph (0..${this.nodeCount - 1})`);
        }
        return this.ch.rank[node];
    }

    private toRanks(nodes: ArrayLike<number>): Uint32Array {
        const ranks = new Uint32Array(nodes.length);
        for (let i = 0; i < nodes.length; i++) ranks[i] = this.toRank(nodes[i]);
        return ranks;
    }
}

const ZERO = [0];
const NONE = [NO_BEARING];
/**
 * The tables' and sweeps' first bound on their searches (ms) per mode (car, foot, bike): about a trip
 * across a town, which most tables of nearby places stay within (a bound too short costs another
 * pass, too long a wider search); and the last bound before none.
 */
const FIRST_BOUND = [600_000, 2_400_000, 1_200_000];
const LAST_BOUND = 4 * 3_600_000;

/** Whether every time is at most the bound (INF, unreachable, is not). */
function allWithin(times: Float64Array, bound: number): boolean {
    for (let i = 0; i < times.length; i++) if (!(times[i] <= bound)) return false;
    return true;
}

/**
 * The bound for the next pass: a pair met beyond the bound is met over a real path, so its time is
 * at most that; with every pair met, the longest of them is enough. Otherwise four times as far.
 */
function nextBound(times: Float64Array, bound: number): number {
    let longest = 0;
    for (let i = 0; i < times.length; i++) {
        if (times[i] >= INF) return bound * 4 > LAST_BOUND ? Infinity : bound * 4;
        if (times[i] > longest) longest = times[i];
    }
    return longest;
}

function sameBearings(known: Uint16Array | null, bearings: Uint16Array | null): boolean {
    if (known === null || bearings === null) return known === bearings;
    return sameTargets(known as unknown as Uint32Array, bearings as unknown as Uint32Array);
}


/** Bucket entries kept between calls by releaseScratch (about 28 bytes each). */
const SCRATCH_KEEP_ENTRIES = 1 << 20;

function sameTargets(known: Uint32Array, targets: Uint32Array): boolean {
    if (known.length !== targets.length) return false;
    for (let j = 0; j < targets.length; j++) if (known[j] !== targets[j]) return false;
    return true;
}

function grow(a: Uint32Array): Uint32Array {
    const b = new Uint32Array(a.length * 2);
    b.set(a);
    return b;
}
