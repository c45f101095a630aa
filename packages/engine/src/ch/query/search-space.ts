// The state the contraction-hierarchy searches of one CHQuery share: the forward search (from the
// source, over up arcs) and the backward search (from the target, over down arcs), their distances,
// parents, heaps and touched lists in the thread's CHScratch, path lengths and turns beside the
// times when asked for, and the bound the fills stop at. The full forward upward search, which the
// bucket tables and the sweeps both start from, is here too.
import {NO_BEARING, type TurnCosts} from '../../graph/turn-costs.js';
import type {NodeHeap} from '../../search/heap.js';
import type {CHScratch, ScratchUser} from '../scratch.js';
import type {ContractionHierarchy} from '../hierarchy.js';
import type {RankSet} from './rank-set.js';

export const ZERO = [0];
const NONE = [NO_BEARING];

export class SearchSpace {
    readonly ch: ContractionHierarchy;
    readonly nodeCount: number;
    /** The mode's turn costs when the hierarchy stores its arcs' bearings, else null. */
    readonly turnCosts: TurnCosts | null;
    private readonly scratch: CHScratch;
    /** The query that owns this state (what the scratch's next user asks to clear it). */
    private readonly user: ScratchUser;
    /** Nodes taken from the heaps by the last distance or path query, both directions (stalled ones too). */
    settledCount = 0;
    // Distances are Infinity where not reached; touched lists say what to reset.
    readonly forwardDist: Float64Array;
    readonly backwardDist: Float64Array;
    readonly forwardParent: Uint32Array;
    readonly backwardParent: Uint32Array;
    readonly forwardTouched: Uint32Array;
    readonly backwardTouched: Uint32Array;
    forwardTouchedCount = 0;
    backwardTouchedCount = 0;
    readonly forwardHeap: NodeHeap;
    readonly backwardHeap: NodeHeap;
    /** Where the last point-to-point search (or tablePath's one-cell table) met. */
    meet = -1;
    // Nodes the last forward search settled without stalling, in settling order.
    readonly forwardSettled: Uint32Array;
    forwardSettledCount = 0;
    // Node-sized arrays of the bucket tables (buckets.ts) and the sweeps' selection (sweep.ts).
    readonly bucketStart: Uint32Array;
    readonly bucketCount: Uint32Array;
    readonly selIndex: Uint32Array;
    readonly selMembers: RankSet;
    // Path lengths (metres) beside the times, for tableWithLengths and sweeps (allocated on first use).
    keepLength = false;
    forwardLen: Float64Array = new Float64Array(0);
    backwardLen: Float64Array = new Float64Array(0);
    /** The fills stop before settling a node farther than this (tablePath's known best time, a pass's bound). */
    fillBound = Infinity;
    /** Whether a fill stopped at the bound with nodes still open. */
    fillCut = false;
    // Turns of the paths found (graph/turn-costs.ts), when the hierarchy stores its arcs' bearings:
    // along each search tree, the turn costs so far and the bearing arriving at a node (forward) or
    // setting off from it (backward). Paths are chosen by time without turns; their turns are added.
    forwardTurn: Float64Array = new Float64Array(0);
    forwardBearing: Uint16Array = new Uint16Array(0);
    backwardTurn: Float64Array = new Float64Array(0);
    backwardBearing: Uint16Array = new Uint16Array(0);

    constructor(ch: ContractionHierarchy, turnCosts: TurnCosts | null, scratch: CHScratch, user: ScratchUser) {
        this.ch = ch;
        this.nodeCount = ch.nodeCount;
        this.turnCosts = turnCosts;
        this.scratch = scratch;
        this.user = user;
        const s = scratch;
        this.forwardDist = s.forwardDist;
        this.backwardDist = s.backwardDist;
        this.forwardParent = s.forwardParent;
        this.backwardParent = s.backwardParent;
        this.forwardTouched = s.forwardTouched;
        this.backwardTouched = s.backwardTouched;
        this.forwardHeap = s.forwardHeap;
        this.backwardHeap = s.backwardHeap;
        this.forwardSettled = s.forwardSettled;
        this.bucketStart = s.bucketStart;
        this.bucketCount = s.bucketCount;
        this.selIndex = s.selIndex;
        this.selMembers = s.selMembers;
        if (turnCosts) [this.forwardTurn, this.forwardBearing, this.backwardTurn, this.backwardBearing] = s.turnArrays();
    }

    /** Makes the shared arrays this query's: the query that used them last clears its state from them first. */
    claim(): void {
        const s = this.scratch;
        if (s.owner === this.user) return;
        s.owner?.yieldScratch();
        s.owner = this.user;
    }

    /** Starts keeping path lengths (the arrays on first use); true when it was not before. */
    startLengths(): boolean {
        if (this.keepLength) return false;
        this.keepLength = true;
        [this.forwardLen, this.backwardLen] = this.scratch.lengthArrays();
        return true;
    }

    /** The seed labels of a search from several seeds (point-to-point.ts), forward and backward; set wherever a distance is. */
    labels(): [Uint8Array, Uint8Array] {
        return this.scratch.labelArrays();
    }

    /** Whether a point-to-point search reached a node as fast two ways, forward and backward; set wherever a distance is. */
    ties(): [Uint8Array, Uint8Array] {
        return this.scratch.tieArrays();
    }

    resetForward(): void {
        const dist = this.forwardDist, touched = this.forwardTouched;
        for (let i = 0; i < this.forwardTouchedCount; i++) dist[touched[i]] = Infinity;
        this.forwardTouchedCount = 0;
        this.forwardHeap.clear();
    }

    resetBackward(): void {
        const dist = this.backwardDist, touched = this.backwardTouched;
        for (let i = 0; i < this.backwardTouchedCount; i++) dist[touched[i]] = Infinity;
        this.backwardTouchedCount = 0;
        this.backwardHeap.clear();
    }

    /** The hierarchy's number (rank) of a road-graph node; throws a RangeError for a node not in the graph. */
    toRank(node: number): number {
        if (!(node >= 0 && node < this.nodeCount && Number.isInteger(node))) {
            throw new RangeError(`node ${node} is not in the road graph (0..${this.nodeCount - 1})`);
        }
        return this.ch.rank[node];
    }

    toRanks(nodes: ArrayLike<number>): Uint32Array {
        const ranks = new Uint32Array(nodes.length);
        for (let i = 0; i < nodes.length; i++) ranks[i] = this.toRank(nodes[i]);
        return ranks;
    }

    /**
     * Full forward upward search from the source, or from several seeds each starting at its own time
     * and length (stall-on-demand): distances (and lengths when kept)
     * of the nodes it reaches; the settled, unstalled ones listed in forwardSettled.
     */
    forwardFill(source: number, seedTime: ArrayLike<number> = ZERO, seedLength: ArrayLike<number> = ZERO, seeds: ArrayLike<number> | null = null,
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
}

export function grow(a: Uint32Array): Uint32Array {
    const b = new Uint32Array(a.length * 2);
    b.set(a);
    return b;
}

export function sameTargets(known: Uint32Array, targets: Uint32Array): boolean {
    if (known.length !== targets.length) return false;
    for (let j = 0; j < targets.length; j++) if (known[j] !== targets[j]) return false;
    return true;
}
