// Contraction hierarchy queries (the hierarchy itself is built by contract.ts). A shortest path
// in a hierarchy goes up in rank from the source and then down to the target, so a query is two
// upward searches, forward from the source over the up arcs and backward from the target over the
// down arcs, meeting at the top. Stall-on-demand prunes them: a node that a higher neighbour already
// reaches more cheaply is not on a shortest up-down path, so its arcs are not relaxed. The
// hierarchy numbers its nodes by rank (hierarchy.ts): the searches run on those numbers, road-graph
// nodes mapped in through `rank` and back through `node`; paths come out as road-graph arcs.
//
// The three kinds of query live in query/: point-to-point.ts (distance, path), buckets.ts (tables)
// and sweep.ts (one to many by a sweep), over the shared state of search-space.ts, the tables and
// sweeps in the passes of passes.ts. One CHQuery owns its scratch arrays (distances, parents, heaps,
// touched lists): it is reused from query to query and allocates nothing but the results. It is not
// reentrant: use one per worker.
import type {Section} from '../format/section.js';
import {INF} from '../graph/road-graph.js';
import type {TurnCosts} from '../graph/turn-costs.js';
import {CHScratch, type ScratchUser} from './scratch.js';
import {ContractionHierarchy, type CHGraph} from './hierarchy.js';
import {BucketTable} from './query/buckets.js';
import {LABELS, PointToPoint, type CHPath} from './query/point-to-point.js';
import {SearchSpace} from './query/search-space.js';
import type {KeptLists} from './query/kept-lists.js';
import {TargetSweep, type SweepResult} from './query/sweep.js';

export type {CHPath} from './query/point-to-point.js';
export type {SweepResult} from './query/sweep.js';
export type {KeptLists} from './query/kept-lists.js';

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

export class CHQuery implements ScratchUser {
    readonly graph: CHGraph;
    readonly ch: ContractionHierarchy;
    private readonly space: SearchSpace;
    private readonly pointToPoint: PointToPoint;
    private readonly buckets: BucketTable;
    private readonly sweep: TargetSweep;

    /**
     * `turns`: the mode's turn costs, added to the times of the tables and sweeps when the hierarchy stores arc bearings.
     * `scratch`: node-sized arrays shared with the thread's other queries on this road graph (its own when not given).
     * `kept`: the sweeps' kept lists the region build made for this hierarchy (query/kept-lists.ts).
     */
    constructor(graph: CHGraph, ch: ContractionHierarchy | Section, turns: TurnCosts | null = null, scratch: CHScratch | null = null,
        kept: KeptLists | null = null) {
        this.graph = graph;
        this.ch = ch instanceof ContractionHierarchy ? ch : new ContractionHierarchy(ch);
        const turnCosts = turns !== null && turns.any && this.ch.turns !== null ? turns : null;
        const n = graph.nodeCount;
        if (this.ch.nodeCount !== n || this.ch.roadArcCount !== graph.arcCount) {
            throw new Error(`contraction hierarchy (${this.ch.nodeCount} nodes, ${this.ch.roadArcCount} arcs) was not built from this road graph (${n} nodes, ${graph.arcCount} arcs)`);
        }
        if (scratch !== null && scratch.nodeCount < n) throw new Error(`scratch for ${scratch.nodeCount} nodes, road graph of ${n}`);
        this.space = new SearchSpace(this.ch, turnCosts, scratch ?? new CHScratch(n), this);
        this.pointToPoint = new PointToPoint(this.space);
        this.buckets = new BucketTable(this.space);
        this.sweep = new TargetSweep(this.space, kept);
    }

    /** Nodes taken from the heaps by the last distance or path query, both directions (stalled ones too). */
    get settledCount(): number {
        return this.space.settledCount;
    }

    /** How many target lists the sweeps searched (those neither kept from an earlier sweep nor the region build's). */
    get keptListsSearched(): number {
        return this.sweep.listsSearched;
    }

    /** Clears this query's state from the shared arrays (distances, buckets) and forgets what it kept there. */
    yieldScratch(): void {
        this.space.resetForward();
        this.space.resetBackward();
        this.buckets.clear();
        this.sweep.forget();
    }

    /** Whether tables and sweeps report turns (the mode has turn costs and the hierarchy stores arc bearings). */
    get hasTurns(): boolean {
        return this.space.turnCosts !== null;
    }

    /** Shortest travel time in ms from source to target, INF if the target cannot be reached. */
    distance(source: number, target: number): number {
        const best = this.pointToPoint.search(this.space.toRank(source), this.space.toRank(target));
        return best === Infinity ? INF : best;
    }

    /** Shortest path as road-graph arcs in travel order, and its weight. */
    path(source: number, target: number): CHPath {
        const s = this.space.toRank(source), t = this.space.toRank(target);
        return this.pointToPoint.unpack(s, t, this.pointToPoint.search(s, t));
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
        const s = this.space.toRank(source), t = this.space.toRank(target);
        const best = this.pointToPoint.search(s, t);
        if (best === Infinity) return {weight: INF, arcs: new Uint32Array(0)};
        const time = this.pointToPoint.pathTied(s, t) ? this.buckets.singlePair(s, t, best) : best;
        return this.pointToPoint.unpack(s, t, time === INF ? Infinity : time);
    }

    /**
     * The best path from any of several sources to any of several targets (road-graph nodes), each with
     * the time (ms) it adds at its end (a position's ways out and in), when it beats `bound`: the seeds'
     * indices, the pair's own time and its path as tablePath draws it; null when none beats the bound.
     * Of pairs as fast, the first source, then the first target: as a table's cells combine. One search
     * instead of one per pair (at most LABELS seeds each way). `tied`: another pair may be as fast.
     */
    bestPairPath(sources: Uint32Array, sourceTimes: ArrayLike<number>, targets: Uint32Array, targetTimes: ArrayLike<number>, bound: number):
        {source: number; target: number; path: CHPath; tied: boolean} | null {
        if (sources.length > LABELS || targets.length > LABELS) throw new RangeError(`at most ${LABELS} sources and targets, not ${sources.length} and ${targets.length}`);
        const p2p = this.pointToPoint;
        const froms = this.space.toRanks(sources), tos = this.space.toRanks(targets);
        const total = p2p.searchSeeded(froms, sourceTimes, tos, targetTimes, bound);
        const i = p2p.meetSource, j = p2p.meetTarget;
        if (i < 0) return null;
        // The pair's time is a sum of whole arc weights: rounding undoes the seeds' fractions.
        const pairTime = Math.round(total - sourceTimes[i] - targetTimes[j]);
        // The table's path (tablePath), searched for only where another may be as fast.
        const time = p2p.pathTied(froms[i], tos[j]) ? this.buckets.singlePair(froms[i], tos[j], pairTime) : pairTime;
        return {source: i, target: j, path: p2p.unpack(froms[i], tos[j], time === INF ? Infinity : time), tied: p2p.tied};
    }

    /**
     * Travel times from one source to many targets into `out` (INF where unreachable). The targets'
     * backward searches are kept in buckets: calling again with the same targets costs one upward
     * search from the source.
     */
    oneToMany(source: number, targets: Uint32Array, out: Float64Array): void {
        const s = this.space.toRank(source);
        if (out.length < targets.length) throw new RangeError(`out holds ${out.length} values, ${targets.length} targets`);
        this.buckets.oneToMany(s, this.space.toRanks(targets), out);
    }

    /** Travel times for all pairs, row by source: result[i * targets.length + j] (INF where unreachable). */
    table(sources: Uint32Array, targets: Uint32Array): Float64Array {
        const froms = this.space.toRanks(sources);
        return this.buckets.table(froms, this.space.toRanks(targets));
    }

    /**
     * table() with the lengths (m) of the paths tablePath draws, row by source (Infinity where unreachable):
     * the targets' backward searches kept for the next call with the same targets (a transit matrix's walks,
     * origin after origin). The lengths are sums of the same arc lengths as a path's, only grouped otherwise:
     * the same metres (no rounding while a sum stays below 2^53 of its smallest arc's last bit).
     */
    tableWithKeptLengths(sources: Uint32Array, targets: Uint32Array): {times: Float64Array; lengths: Float64Array} {
        return this.buckets.tableKeptWithLengths(this.space.toRanks(sources), this.space.toRanks(targets));
    }

    /**
     * Times (ms) and lengths (m, from the arc lengths stored with the hierarchy) of the fastest paths
     * for all pairs, row by source (INF and Infinity where unreachable).
     */
    tableWithLengths(sources: Uint32Array, targets: Uint32Array, sourceBearings: Uint16Array | null = null, targetBearings: Uint16Array | null = null):
        {times: Float64Array; lengths: Float64Array; turns: Float64Array | null} {
        this.keepLengths();
        const froms = this.space.toRanks(sources), tos = this.space.toRanks(targets);
        return this.buckets.tableWithLengths(froms, tos, sourceBearings, targetBearings);
    }

    /**
     * Times and lengths from several seeds at once (a position's ways out) to many targets (the
     * places around it), the best seed for each, its own time and length added: one forward search
     * and one sweep down the part of the hierarchy above the targets (RPHAST, Delling et al. 2011).
     * Times are exact; where two paths take exactly the same time, the length may be the other one's.
     * `expectMs`: the longest time the caller expects (the searches' first bound when longer than the mode's).
     */
    sweepFromSeeds(seeds: Uint32Array, seedTime: Float64Array, seedLength: Float64Array, targets: Uint32Array,
        seedBearing: ArrayLike<number> | null = null, seedTurn: ArrayLike<number> | null = null, expectMs = 0): SweepResult {
        const tos = this.space.toRanks(targets), from = this.space.toRanks(seeds);
        this.keepLengths();
        return this.sweep.fromSeeds(from, seedTime, seedLength, tos, seedBearing, seedTurn, expectMs);
    }

    /** The lists a sweep keeps for these targets (nodes), searched, for the region build to store (query/kept-lists.ts). */
    keptLists(targets: ArrayLike<number>): KeptLists {
        return this.sweep.keptLists(this.space.toRanks(targets));
    }

    /**
     * Lets the bucket scratch of a big table go (thousands of destinations: hundreds of MB that would
     * otherwise stay with the query object for good); small buckets are kept for the next call.
     */
    releaseScratch(): void {
        this.buckets.release();
    }

    /** From now on the searches keep path lengths beside the times (the arrays on first use). */
    private keepLengths(): void {
        // Buckets filled before lengths were kept hold none: fill again.
        if (this.space.startLengths()) this.buckets.forget();
    }
}
