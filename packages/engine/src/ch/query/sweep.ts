// One source (or a position's several ways out) to many targets by a sweep (RPHAST, Delling et al.
// 2011): select the part of the hierarchy above the targets once, then after one forward upward
// search sweep it by falling rank. The targets share most of their upward search spaces, so this
// costs far less than a backward bucket search per target.
import {concatenated, partStarts} from '../../format/growable.js';
import {INF} from '../../graph/road-graph.js';
import {NO_BEARING} from '../../graph/turn-costs.js';
import {keptListIndex, type KeptLists} from './kept-lists.js';
import {KeptSearches} from './kept-searches.js';
import {allWithin, firstBound, inPasses} from './passes.js';
import {grow, sameTargets, type SearchSpace} from './search-space.js';

/** Times (ms, turns not included) and lengths (m) per target; with turn costs, the turns of each path and its bearing arriving at the target. */
/** A sweep keeps each target's nodes within this many of its mode's first bounds (the next pass's bound, see passes.ts). */
const KEPT_BOUNDS = 4;
/**
 * The highest ranks a sweep within the kept bounds selects whatever its targets: nearly all of them are within
 * the bound of some target, and they were two thirds of the kept nodes read to make a selection (Brussels: 121 of
 * the top 128 and 206 of the top 256 selected; 5,000 of the 7,300 nodes read). A larger selection is no less right
 * (a node's time is the best over the selected nodes above it), and none of these leads out of it.
 */
const TOP_SELECTED = 256;
/** What a view of a built list (two typed array views and their object) is counted as in the kept store. */
const VIEW_BYTES = 256;

export interface SweepResult {
    times: Float64Array;
    lengths: Float64Array;
    turns: Float64Array | null;
    bearings: Uint16Array | null;
}

export class TargetSweep {
    private readonly space: SearchSpace;
    // The nodes from which a target is reached downwards, highest rank first, as a sparse set
    // (selIndex[x] < selCount and selNodes[selIndex[x]] === x); their distances and lengths from
    // the source by position in that order.
    private selTargets: Uint32Array = new Uint32Array(0);
    /**
     * The bound the selection was made within (Infinity: all of it), and whether it left nodes out: null while not
     * known (a selection from the kept lists is checked only when a pass leaves some time past its bound).
     */
    private selBound = Infinity;
    private selCut: boolean | null = false;
    private selNodes: Uint32Array = new Uint32Array(1024);
    private selCount = 0;
    private selDist: Float64Array = new Float64Array(1024);
    private selLen: Float64Array = new Float64Array(1024);
    private selTurn: Float64Array = new Float64Array(1024);
    private selBearing: Uint16Array = new Uint16Array(1024);

    /**
     * Per target, the nodes within KEPT_BOUNDS first bounds of it, nearest first, and their times (whole ms):
     * they depend on the target alone, and the sweeps of a neighbourhood go to the same places position after
     * position. Within the thread's budget (kept-searches.ts); a list the build made (kept-lists.ts) is a view of its
     * section, counted as the view's few bytes.
     */
    private readonly kept = new KeptSearches<{node: Uint32Array; time: Uint32Array}>(
        (k) => (k.node.buffer === this.built?.node.buffer ? VIEW_BYTES : k.node.byteLength + k.time.byteLength));
    /** The nodes the last downSearch settled: [0, foundCount). */
    private found: Uint32Array = new Uint32Array(1024);
    private foundTime: Uint32Array = new Uint32Array(1024);
    private foundCount = 0;

    /** How many lists within() searched (not kept, nor the build's). */
    listsSearched = 0;

    /** The lowest of the ranks every kept-bound selection holds (TOP_SELECTED). */
    private readonly top: number;

    /** `built`: the lists the region build made for its places' ways in (null: none, every list searched here). */
    constructor(space: SearchSpace, private readonly built: KeptLists | null = null) {
        this.space = space;
        this.top = Math.max(0, space.ch.nodeCount - TOP_SELECTED);
    }

    /** The next sweep selects again (another query takes the scratch's selection index). */
    forget(): void {
        this.selTargets = new Uint32Array(0);
    }

    /**
     * Times and lengths from seeds (ranks) each starting at its own time and length to targets
     * (ranks), the best seed for each; the space keeps lengths. In passes, as the tables: the
     * selection holds only the nodes within the bound of a target, and the forward search stops
     * past it; a target whose time is within the bound has the full sweep's time, length and turns.
     * `expectMs`: how long the caller expects the longest time to be (the first bound when longer than the mode's).
     */
    fromSeeds(from: Uint32Array, seedTime: Float64Array, seedLength: Float64Array, tos: Uint32Array,
        seedBearing: ArrayLike<number> | null, seedTurn: ArrayLike<number> | null, expectMs = 0): SweepResult {
        const times = new Float64Array(tos.length), lengths = new Float64Array(tos.length);
        const turning = this.space.turnCosts !== null;
        const turns = turning ? new Float64Array(tos.length) : null, bearings = turning ? new Uint16Array(tos.length) : null;
        if (from.length === 0) {
            times.fill(INF);
            lengths.fill(Infinity);
            return {times, lengths, turns, bearings};
        }
        const bearing = seedBearing ?? from.map(() => NO_BEARING), turn = seedTurn ?? new Float64Array(from.length);
        inPasses(this.space, times, (bound) => {
            this.prepare(tos, bound);
            this.space.forwardFill(from[0], seedTime, seedLength, from, bearing, turn);
            this.pass(times, lengths, 0, tos, turns, bearings);
            // Whether the selection was cut matters only to a pass that leaves some time past its bound.
            if (this.selCut === null && !this.space.fillCut && !allWithin(times, bound)) this.selCut = this.leaves();
            if (this.selCut === true) this.space.fillCut = true;
        }, expectMs);
        return {times, lengths, turns, bearings};
    }

    /** Sweeps the selection down from the forward search's distances into out[offset + j] per target j. */
    private pass(times: Float64Array, lengths: Float64Array, offset: number, targets: Uint32Array, turns: Float64Array | null, bearings: Uint16Array | null): void {
        const space = this.space;
        const count = this.selCount;
        const ch = space.ch, downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight, downLen = ch.downLength;
        const nodes = this.selNodes, index = space.selIndex, selDist = this.selDist, selLen = this.selLen;
        const dist = space.forwardDist, len = space.forwardLen;
        const tc = turns ? space.turnCosts : null, arcTurns = ch.turns, node = ch.node, selTurn = this.selTurn, selBearing = this.selBearing;
        const turn = space.forwardTurn, bearingOf = space.forwardBearing;
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

    /**
     * Selects the nodes above a target set (every target, and the tails of the down arcs into a
     * selected node), highest rank first; with a bound, only those whose way down to a target takes
     * at most that long (a search from the targets up the down arcs, cut there).
     */
    private prepare(targets: Uint32Array, bound = Infinity): void {
        const space = this.space;
        space.claim();
        if (sameTargets(this.selTargets, targets) && this.selBound >= bound) return;
        const ch = space.ch, downFirst = ch.downFirst, downHead = ch.downHead, members = space.selMembers;
        let count = 0, cut: boolean | null = false;
        try {
            for (let j = 0; j < targets.length; j++) count = this.select(targets[j], count);
            if (bound === Infinity) {
                // Breadth first from the targets, the list itself as the queue.
                for (let q = 0; q < count; q++) {
                    const x = this.selNodes[q];
                    for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) count = this.select(downHead[i], count);
                }
            } else if (bound <= KEPT_BOUNDS * firstBound(ch.mode)) {
                // The nodes within the bound of any target are those within it of some target: the union of
                // each target's, kept (without the top ranks, all selected). Whether a down arc leaves it is asked
                // after the pass, and only if a time is past the bound (fromSeeds): it seldom is.
                for (let x = ch.nodeCount - 1; x >= this.top; x--) count = this.select(x, count);
                for (let j = 0; j < targets.length; j++) {
                    const {node, time} = this.within(targets[j], ch.mode);
                    for (let k = 0; k < node.length && time[k] <= bound; k++) count = this.select(node[k], count);
                }
                cut = null;
            } else {
                cut = this.downSearch(targets, bound);
                for (let k = 0; k < this.foundCount; k++) count = this.select(this.found[k], count);
            }
        } finally {
            // Highest rank first (nodes are numbered by rank); the set emptied whatever happened.
            count = members.drainDescending(this.selNodes, space.selIndex);
        }
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
    }

    /** The nodes within KEPT_BOUNDS first bounds of a target by the down arcs, nearest first, and their times (kept), the top ranks left out. */
    private within(target: number, mode: number): {node: Uint32Array; time: Uint32Array} {
        let found = this.kept.get(target);
        if (found === undefined) {
            const i = this.built === null ? -1 : keptListIndex(this.built, target);
            if (i >= 0) {
                const {first, node, time} = this.built!;
                found = {node: node.subarray(first[i], first[i + 1]), time: time.subarray(first[i], first[i + 1])};
            } else {
                found = this.search(target, mode);
                this.listsSearched++;
            }
            this.kept.set(target, found);
        }
        return found;
    }

    /** within()'s list of a target, searched. */
    private search(target: number, mode: number): {node: Uint32Array; time: Uint32Array} {
        this.downSearch([target], KEPT_BOUNDS * firstBound(mode));
        const top = this.top;
        let below = 0;
        for (let k = 0; k < this.foundCount; k++) if (this.found[k] < top) below++;
        const found = {node: new Uint32Array(below), time: new Uint32Array(below)};
        for (let k = 0, at = 0; k < this.foundCount; k++) {
            if (this.found[k] >= top) continue;
            found.node[at] = this.found[k];
            found.time[at++] = this.foundTime[k];
        }
        return found;
    }

    /** The lists within() keeps for these targets (ranks), searched, for the region build to store (kept-lists.ts). */
    keptLists(targets: ArrayLike<number>): KeptLists {
        this.space.claim();
        const target = Uint32Array.from(new Set(Array.from(targets))).sort();
        const lists = Array.from(target, (t) => this.search(t, this.space.ch.mode));
        const nodes = lists.map((l) => l.node);
        return {target, first: partStarts(nodes), node: concatenated(nodes, Uint32Array), time: concatenated(lists.map((l) => l.time), Uint32Array)};
    }

    /**
     * Whether a down arc leads out of the selection (a node above it, not selected, from which a selected one is
     * reached). The top ranks are left out: their arcs come from higher ranks, all selected.
     */
    private leaves(): boolean {
        const ch = this.space.ch, downFirst = ch.downFirst, downHead = ch.downHead, index = this.space.selIndex, nodes = this.selNodes;
        const top = this.top, count = this.selCount;
        for (let p = 0; p < count; p++) {
            const x = nodes[p];
            if (x >= top) continue;
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                const q = index[downHead[i]];
                if (q >= count || nodes[q] !== downHead[i]) return true;
            }
        }
        return false;
    }

    /**
     * Dijkstra from every target at once up the down arcs, in the backward search's arrays (free between
     * calls), stopped past the bound: the nodes it settles in found[0, foundCount), nearest first (their times in foundTime); whether it was cut.
     */
    private downSearch(targets: ArrayLike<number>, bound: number): boolean {
        const space = this.space, ch = space.ch, downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        space.resetBackward();
        const dist = space.backwardDist, touched = space.backwardTouched, heap = space.backwardHeap;
        let reached = 0, found = 0;
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
            if (found === this.found.length) {
                this.found = grow(this.found);
                this.foundTime = grow(this.foundTime);
            }
            this.foundTime[found] = d;
            this.found[found++] = x;
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                const y = downHead[i], nd = d + downWeight[i];
                if (nd >= dist[y]) continue;
                if (dist[y] === Infinity) touched[reached++] = y;
                dist[y] = nd;
                heap.push(y, nd);
            }
        }
        const cut = heap.length > 0;
        this.foundCount = found;
        space.backwardTouchedCount = reached;
        space.resetBackward();
        return cut;
    }

    /** Adds x to the selection unless it is there (its list in the order found, drained in rank order); the new count. */
    private select(x: number, count: number): number {
        if (!this.space.selMembers.add(x)) return count;
        if (count === this.selNodes.length) this.selNodes = grow(this.selNodes);
        this.selNodes[count] = x;
        return count + 1;
    }
}
