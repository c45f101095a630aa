// Point-to-point contraction-hierarchy queries: the bidirectional upward search, pruned by
// stall-on-demand and by the best meeting so far, and the unpacking of its up-down path (shortcuts
// expanded over their middle nodes) into road-graph arcs. A route's positions lie on edges, with a
// way out (or in) at each end: the search starts from all of them at once, each seed with its own
// time and a label, and meets at the best pair (one search where there were up to four).
import {INF} from '../../graph/road-graph.js';
import {ORIGINAL} from '../hierarchy.js';
import type {NodeHeap} from '../../search/heap.js';
import {grow, type SearchSpace} from './search-space.js';

/** Seeds a search can tell apart: a label is a byte (a position has a handful of ways out). */
export const LABELS = 256;
const ZERO_TIME = [0];
// The running search's numbers: touched counts forward and backward, whether two seeds tied (1), and whether
// another meeting was as fast as the best (1).
const FORWARD_COUNT = 0, BACKWARD_COUNT = 1, TIED = 2, MEET_TIED = 3;

/**
 * Puts a search's seeds in its arrays and heap, each labelled with its index (the first of equal ones on a
 * node); returns the touched count, and notes in `state` two seeds on one node at the same time.
 */
function seed(nodes: Uint32Array, times: ArrayLike<number>, dist: Float64Array, label: Uint8Array, tie: Uint8Array, touched: Uint32Array, heap: NodeHeap, state: Uint32Array): number {
    let count = 0;
    for (let i = 0; i < nodes.length; i++) {
        const x = nodes[i], time = times[i];
        if (dist[x] === Infinity) touched[count++] = x;
        else if (dist[x] <= time) {
            if (dist[x] === time) state[TIED] = tie[x] = 1;
            continue;
        }
        dist[x] = time;
        label[x] = i;
        tie[x] = 0;
        heap.push(x, time);
    }
    return count;
}

export interface CHPath {
    /** ms; INF when the target cannot be reached. */
    weight: number;
    /** Road-graph arcs from source to target, each owned by the node it leaves (read with arcOut). */
    arcs: Uint32Array;
}

export class PointToPoint {
    private readonly space: SearchSpace;
    // Path unpacking: a stack of (from, to) pairs still to expand, and the road arcs found so far.
    private stackFrom: Uint32Array = new Uint32Array(256);
    private stackTo: Uint32Array = new Uint32Array(256);
    private pathArcs: Uint32Array = new Uint32Array(256);
    private readonly oneSource = new Uint32Array(1);
    private readonly oneTarget = new Uint32Array(1);
    /** The touched counts of the running search, forward and backward. */
    private readonly state = new Uint32Array(4);

    constructor(space: SearchSpace) {
        this.space = space;
    }

    /** Bidirectional upward search; returns the best distance (Infinity if none) and sets the space's `meet`. */
    search(source: number, target: number): number {
        this.oneSource[0] = source;
        this.oneTarget[0] = target;
        return this.searchSeeded(this.oneSource, ZERO_TIME, this.oneTarget, ZERO_TIME, Infinity);
    }

    /**
     * search() from several sources to several targets (ranks) at once, each seed starting at its own time
     * (a position's ways out and in): the best total below `bound`, or `bound` itself when no pair does
     * better (a way that needs no search, which wins ties). Sets the space's `meet`, and `meetSource` and
     * `meetTarget` to the seeds' indices (-1 when no pair beat the bound). Of pairs taking exactly the same
     * time, the first source, then the first target, in the order given: as tables combine the ways'
     * cells. Each node's label is the first seed among those reaching it fastest.
     */
    searchSeeded(sources: Uint32Array, sourceTimes: ArrayLike<number>, targets: Uint32Array, targetTimes: ArrayLike<number>, bound: number): number {
        const space = this.space;
        space.claim();
        space.resetForward();
        space.resetBackward();
        const ch = space.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const fDist = space.forwardDist, bDist = space.backwardDist;
        const fParent = space.forwardParent, bParent = space.backwardParent;
        const fTouched = space.forwardTouched, bTouched = space.backwardTouched;
        const fHeap = space.forwardHeap, bHeap = space.backwardHeap;
        const [fLabel, bLabel] = space.labels();
        const [fTie, bTie] = space.ties();
        const state = this.state;
        state[TIED] = state[MEET_TIED] = 0;
        const fCount = seed(sources, sourceTimes, fDist, fLabel, fTie, fTouched, fHeap, state);
        const bCount = seed(targets, targetTimes, bDist, bLabel, bTie, bTouched, bHeap, state);
        state[FORWARD_COUNT] = fCount;
        state[BACKWARD_COUNT] = bCount;
        // The best so far, and its pair as source * LABELS + target (-1: the bound, no pair).
        let best = bound, bestPair = -1, meet = sources[0];
        let settled = 0;

        for (;;) {
            const fKey = fHeap.peekKey(), bKey = bHeap.peekKey();
            // Past the best, not at it: a node at the best time may still tie it with an earlier pair.
            if ((fKey > best && bKey > best) || (fHeap.length === 0 && bHeap.length === 0)) break;
            settled++;
            const forward = fKey <= bKey;
            const x = forward ? fHeap.pop() : bHeap.pop();
            const through = fDist[x] + bDist[x];
            if (through <= best) {
                const pair = fLabel[x] * LABELS + bLabel[x];
                if (through === best && bestPair >= 0 && x !== meet) {
                    state[MEET_TIED] = 1;
                    if (pair !== bestPair) state[TIED] = 1;
                }
                if (through < best) state[MEET_TIED] = 0;
                if (through < best || (bestPair >= 0 && pair < bestPair)) {
                    best = through;
                    bestPair = pair;
                    meet = x;
                }
            }
            if (forward) this.relax(x, fDist, fLabel, fTie, fParent, fTouched, fHeap, downFirst, downHead, downWeight, upFirst, upHead, upWeight, best, FORWARD_COUNT);
            else this.relax(x, bDist, bLabel, bTie, bParent, bTouched, bHeap, upFirst, upHead, upWeight, downFirst, downHead, downWeight, best, BACKWARD_COUNT);
        }
        space.forwardTouchedCount = state[FORWARD_COUNT];
        space.backwardTouchedCount = state[BACKWARD_COUNT];
        space.meet = meet;
        space.settledCount = settled;
        this.meetSource = bestPair < 0 ? -1 : Math.floor(bestPair / LABELS);
        this.meetTarget = bestPair < 0 ? -1 : bestPair % LABELS;
        this.tied = state[TIED] === 1;
        return best;
    }

    /** Index of the source seed (and target seed) of the last searchSeeded's best pair, -1 when none. */
    meetSource = -1;
    meetTarget = -1;
    /**
     * Whether, in the last searchSeeded, two seeds reached a node at the same time or two pairs met at the
     * best time: only then may another pair be exactly as fast as the one chosen (false for one seed each way).
     */
    tied = false;

    /**
     * Whether another path from `source` to `target` may be exactly as fast as the last search's (its parents'):
     * another meeting as fast as the best, or a node on the path reached as fast two ways. When not, the path is
     * the only shortest up-down path between them, so every search that finds the pair's time draws this one
     * (a table's too). Nodes on any path as fast were all settled: the search stops only past the best both ways,
     * and stall-on-demand stalls a node only when a faster way to it exists.
     */
    pathTied(source: number, target: number): boolean {
        if (this.state[MEET_TIED] === 1) return true;
        const space = this.space, meet = space.meet;
        const [fTie, bTie] = space.ties();
        const forwardParent = space.forwardParent, backwardParent = space.backwardParent;
        for (let x = meet; ; x = forwardParent[x]) {
            if (fTie[x] === 1) return true;
            if (x === source) break;
        }
        for (let x = meet; ; x = backwardParent[x]) {
            if (bTie[x] === 1) return true;
            if (x === target) break;
        }
        return false;
    }

    /**
     * One settled node's step in either direction: stalled when a higher node reaches it cheaper over an
     * arc of the other kind (stall-on-demand), else its arcs relaxed up to the best so far (ties too,
     * for an earlier seed's label). The touched count lives in `state` (one number per direction).
     */
    private relax(x: number, dist: Float64Array, label: Uint8Array, tie: Uint8Array, parent: Uint32Array, touched: Uint32Array, heap: NodeHeap,
        stallFirst: Uint32Array, stallHead: Uint32Array, stallWeight: Uint32Array,
        first: Uint32Array, head: Uint32Array, weight: Uint32Array, best: number, countAt: number): void {
        const d = dist[x], l = label[x];
        for (let i = stallFirst[x], end = stallFirst[x + 1]; i < end; i++) {
            if (dist[stallHead[i]] + stallWeight[i] < d) return;
        }
        let count = this.state[countAt];
        for (let i = first[x], end = first[x + 1]; i < end; i++) {
            const v = head[i];
            const nd = d + weight[i];
            const old = dist[v];
            // Not past the best meeting so far: nothing there can improve it.
            if (nd > best || nd > old) continue;
            if (nd === old) {
                tie[v] = 1;
                if (l === label[v]) continue;
                this.state[TIED] = 1;
                if (l > label[v]) continue;
            } else tie[v] = 0;
            if (old === Infinity) touched[count++] = v;
            dist[v] = nd;
            label[v] = l;
            parent[v] = x;
            heap.push(v, nd);
        }
        this.state[countAt] = count;
    }

    /** The path of the last search (meeting at the space's `meet`, parents both ways), as road-graph arcs. */
    unpack(source: number, target: number, best: number): CHPath {
        if (best === Infinity) return {weight: INF, arcs: new Uint32Array(0)};
        const space = this.space, meet = space.meet, forwardParent = space.forwardParent, backwardParent = space.backwardParent;
        // Up-down path as node pairs on the stack, first pair on top: the down part (meet → target)
        // is pushed in order then flipped, the up part (source → meet) is walked back from the meet.
        let top = 0;
        for (let x = meet; x !== target; x = backwardParent[x]) top = this.pushPair(top, x, backwardParent[x]);
        for (let i = 0, j = top - 1; i < j; i++, j--) {
            const f = this.stackFrom[i], t = this.stackTo[i];
            this.stackFrom[i] = this.stackFrom[j];
            this.stackTo[i] = this.stackTo[j];
            this.stackFrom[j] = f;
            this.stackTo[j] = t;
        }
        for (let x = meet; x !== source; x = forwardParent[x]) top = this.pushPair(top, forwardParent[x], x);

        const ch = space.ch;
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

    private pushPair(top: number, from: number, to: number): number {
        if (top === this.stackFrom.length) {
            this.stackFrom = grow(this.stackFrom);
            this.stackTo = grow(this.stackTo);
        }
        this.stackFrom[top] = from;
        this.stackTo[top] = to;
        return top + 1;
    }
}
