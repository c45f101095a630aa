// Point-to-point road routes: snap both positions onto the mode's network, search between the
// edge ends (contraction hierarchy), and assemble distance, time, geometry and instructions.
import {flatMeters} from '../geo/distance.js';
import {INF, REVERSED, type RoadGraph} from '../graph/road-graph.js';
import {Snapper, type Snap} from '../graph/snap.js';
import {AccessSearch, type Access, type AccessReach} from './access-search.js';
import {turnCosts, type TurnCosts} from '../graph/turn-costs.js';
import {buildInstructions, type Instruction} from './instructions.js';
import {RoutePieces} from './pieces.js';

/** Shortest node-to-node paths on the road graph for one mode (a CHQuery). */
export interface PathFinder {
    path(source: number, target: number): {weight: number; arcs: Uint32Array};
    /** The path tableWithLengths measures (a CHQuery): routes use it so they equal the tables on ties. */
    tablePath?(source: number, target: number): {weight: number; arcs: Uint32Array};
    /**
     * Times and lengths for all pairs (a CHQuery); without it, measureMany measures pair by pair. With
     * the bearings arriving at the sources and setting off from the targets, the turns of each path too.
     */
    tableWithLengths?(sources: Uint32Array, targets: Uint32Array, sourceBearings?: Uint16Array | null, targetBearings?: Uint16Array | null):
        {times: Float64Array; lengths: Float64Array; turns?: Float64Array | null};
    /** From several seeds at once (a position's ways out, with their times, lengths, bearings and turns) to many targets. */
    sweepFromSeeds?(seeds: Uint32Array, seedTime: Float64Array, seedLength: Float64Array, targets: Uint32Array, seedBearing?: ArrayLike<number> | null, seedTurn?: ArrayLike<number> | null, expectMs?: number):
        {times: Float64Array; lengths: Float64Array; turns?: Float64Array | null; bearings?: Uint16Array | null};
    /** Lets a big table's scratch memory go. */
    releaseScratch?(): void;
    /** The best pair of several sources and targets, each seed with its own time, in one search (a CHQuery); its path tablePath's. */
    bestPairPath?(sources: Uint32Array, sourceTimes: ArrayLike<number>, targets: Uint32Array, targetTimes: ArrayLike<number>, bound: number):
        {source: number; target: number; path: {weight: number; arcs: Uint32Array}; tied: boolean} | null;
}

export type RouteErrorCode = 'from-off-network' | 'to-off-network' | 'unreachable' | 'same-position';

export class RouteError extends Error {
    constructor(readonly code: RouteErrorCode, message: string) {
        super(message);
    }
}

export interface RoadRoute {
    /** metres */
    distance: number;
    /** ms */
    time: number;
    /** flat [lon, lat, lon, lat, ...] */
    points: number[];
    instructions: Instruction[];
    from: Snap;
    to: Snap;
}

interface Search {
    /** ms */
    best: number;
    /** ms along the shared edge, INF when none */
    direct: number;
    starts: Access[];
    ends: Access[];
    /** -1 when the best is along the shared edge, or off the main network (`local`) */
    bestStart: number;
    bestEnd: number;
    bestArcs: Uint32Array | null;
    /** The best when it never reaches the main network: the way out to the node before the destination's edge. */
    local: {start: Access; forward: boolean; weight: number; length: number} | null;
}

/** Node-to-node cells measureTable asks the path finder for at a time (times and lengths: 16 bytes each). */
const TABLE_BLOCK_CELLS = 1 << 20;

/**
 * ms per metre of straight line (car, foot, bike) within which nine trips in ten from a position to the places
 * around it arrive (Brussels, the enrichment's farthest place per search: 165, 894, 355): measureMany's first bound
 * from its farthest destination, so that one pass usually does where the mode's first bound would take two.
 */
const EXPECT_MS_PER_METER = [165, 900, 360];

/** Ways out of (or into) a position one search tells apart (CHQuery's seed labels); more, and each pair is searched alone. */
const SEED_LIMIT = 256;

/** Below this straight-line distance (m) start and end are the same place. */
export const SAME_POSITION_METERS = 1;

export class RoadRouter {
    readonly snapper: Snapper;
    private readonly accessSearches: (AccessSearch | null)[] = [null, null, null];
    /**
     * Per mode, the ways into a destination by its snap: they depend on the snap alone, and the places
     * the neighbourhood measures keep their snap objects (PlaceSnaps) listing after listing.
     */
    private readonly waysIn = [new WeakMap<Snap, Access[]>(), new WeakMap<Snap, Access[]>(), new WeakMap<Snap, Access[]>()];
    private readonly departures: number[] = [];
    /** wayTurns' path as edge refs, reused. */
    private refs = new Uint32Array(256);
    /** route()'s pieces, reused (made at the first route). */
    private pieces: RoutePieces | null = null;

    /** Whether times include the turns of each path (graph/turn-costs.ts); off only to check the rest against an oracle without them. */
    private readonly turns: boolean;

    constructor(readonly graph: RoadGraph, private readonly finders: (PathFinder | null)[], options: {turns?: boolean} = {}) {
        this.snapper = new Snapper(graph);
        this.turns = options.turns ?? true;
    }

    snap(lat: number, lon: number, mode: number): Snap | null {
        return this.snapper.snap(lat, lon, mode);
    }

    route(mode: number, fromLat: number, fromLon: number, toLat: number, toLon: number, language = 'EN'): RoadRoute {
        const finder = this.finders[mode];
        if (!finder) throw new Error(`no path finder for mode ${mode}`);
        const from = this.snapper.snap(fromLat, fromLon, mode);
        if (!from) throw new RouteError('from-off-network', 'The start is too far from any road this mode may use.');
        const to = this.snapper.snap(toLat, toLon, mode);
        if (!to) throw new RouteError('to-off-network', 'The destination is too far from any road this mode may use.');
        if (from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS) {
            throw new RouteError('same-position', 'Start and destination are the same place.');
        }
        const g = this.graph;
        const found = this.search(finder, mode, from, to);
        if (found === null) throw new RouteError('unreachable', 'No route connects these two positions with this mode.');
        const {best, direct, starts, ends, bestStart, bestEnd, bestArcs, local} = found;
        const [forward, backward] = g.accessWeights(mode);

        // The pieces in flat arrays reused from route to route; the points are the route's own.
        const pieces = (this.pieces ??= new RoutePieces(g)).reset();
        if (local !== null) {
            pieces.add(from.edge, from.offset, local.start.forward ? from.length : 0, local.start.edgeWeight);
            for (const ref of local.start.steps) pieces.addWhole(ref, forward, backward);
            pieces.add(to.edge, local.forward ? 0 : to.length, to.offset, local.weight - local.start.weight);
        } else if (bestStart < 0) {
            pieces.add(from.edge, from.offset, to.offset, direct);
        } else {
            const s = starts[bestStart];
            pieces.add(from.edge, from.offset, s.forward ? from.length : 0, s.edgeWeight);
            for (const ref of s.steps) pieces.addWhole(ref, forward, backward);
            for (let k = 0; k < bestArcs!.length; k++) pieces.addWhole(g.arcEdge[bestArcs![k]], forward, backward);
            const t = ends[bestEnd];
            for (const ref of t.steps) pieces.addWhole(ref, forward, backward);
            pieces.add(to.edge, t.forward ? 0 : to.length, to.offset, t.edgeWeight);
        }
        const distance = pieces.distance();
        const points = pieces.points;
        const turn = this.pathTurns(mode, found, from, to);
        return {distance, time: Math.round(best + turn), points, instructions: buildInstructions(pieces, g.names, language), from, to};
    }

    /**
     * Time (ms) and length (m) of the best route between two snapped positions, without geometry
     * or instructions (the summaries measure hundreds of trips per request); null when unreachable.
     * Two positions on the same spot give 0 and 0.
     */
    measure(mode: number, from: Snap, to: Snap): {time: number; distance: number} | null {
        const finder = this.finders[mode];
        if (!finder) throw new Error(`no path finder for mode ${mode}`);
        if (from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS) return {time: 0, distance: 0};
        const found = this.search(finder, mode, from, to);
        if (found === null) return null;
        const time = Math.round(found.best + this.pathTurns(mode, found, from, to));
        if (found.local !== null) return {time, distance: found.local.length};
        if (found.bestStart < 0) return {time, distance: Math.abs(to.offset - from.offset)};
        const s = found.starts[found.bestStart], t = found.ends[found.bestEnd];
        const g = this.graph;
        let path = 0;
        for (const a of found.bestArcs!) path += g.edgeLength[(g.arcEdge[a] & ~REVERSED) >>> 0];
        return {time, distance: s.length + t.length + path};
    }

    /**
     * measure() from one position to many: one search from all its ways out at once, each seeded with
     * what reaching it costs, swept down to the destinations' ways in (CHQuery.sweepFromSeeds). Times
     * equal measure()'s; on two paths of exactly the same time the distance may be the other one's.
     * Null destinations (not snapped) give null.
     */
    measureMany(mode: number, from: Snap, tos: (Snap | null)[]): ({time: number; distance: number} | null)[] {
        const finder = this.finders[mode];
        if (!finder) throw new Error(`no path finder for mode ${mode}`);
        if (!finder.sweepFromSeeds) return tos.map((to) => to && this.measure(mode, from, to));
        const reach = this.reach(from, mode, false);
        const starts = reach.ways;
        const into = flatWays(this.waysIntoAll(mode, tos));
        // The farthest destination by straight line says how far the search will go: one pass where it goes past the mode's first bound.
        let farthest = 0;
        for (const to of tos) if (to) farthest = Math.max(farthest, flatMeters(from.lat, from.lon, to.lat, to.lon));
        const {times, lengths, turns, bearings} = finder.sweepFromSeeds(Uint32Array.from(starts, (s) => s.node),
            Float64Array.from(starts, (s) => s.weight), Float64Array.from(starts, (s) => s.length), into.node,
            Uint16Array.from(starts, (s) => s.bearing), Float64Array.from(starts, (s) => s.turn), farthest * EXPECT_MS_PER_METER[mode]);
        const tc = turns && this.turns ? turnCosts(this.graph, mode) : null;
        return tos.map((to, j) => {
            if (!to) return null;
            if (from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS) return {time: 0, distance: 0};
            let best = this.alongEdge(mode, from, to), distance = Math.abs(to.offset - from.offset), turn = 0;
            const local = this.offNetwork(reach, to, mode);
            if (local !== null && local.weight < best) {
                best = local.weight;
                distance = local.length;
                turn = this.localTurns(mode, from, to, local);
            }
            for (let t = into.first[j]; t < into.first[j + 1]; t++) {
                if (times[t] >= INF) continue;
                const total = times[t] + into.weight[t];
                const pathTurn = tc ? turns![t] + tc.at(into.node[t], bearings![t], into.bearing[t]) + into.turn[t] : 0;
                if (total < best || (total === best && pathTurn < turn)) {
                    best = total;
                    distance = lengths[t] + into.length[t];
                    turn = pathTurn;
                }
            }
            return best === INF ? null : {time: Math.round(best + turn), distance};
        });
    }

    /**
     * measure() for every pair of sources and destinations, row by source: time (ms, rounded) and
     * distance (m) of pair (i, j) at [i * tos.length + j], NaN where a pair cannot be routed or a
     * position is null (not snapped); 0 and 0 for the same place. One backward search per way into
     * each destination, kept in buckets, then one forward search per way out of each source
     * (contraction hierarchy buckets), sources taken in blocks so the scratch table stays small.
     */
    measureTable(mode: number, froms: (Snap | null)[], tos: (Snap | null)[]): {times: Float64Array; distances: Float64Array} {
        const finder = this.finders[mode];
        if (!finder) throw new Error(`no path finder for mode ${mode}`);
        const n = froms.length, m = tos.length;
        const times = new Float64Array(n * m).fill(NaN), distances = new Float64Array(n * m).fill(NaN);
        if (!finder.tableWithLengths) {
            for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) {
                const from = froms[i], to = tos[j];
                const found = from && to && this.measure(mode, from, to);
                if (found) {
                    times[i * m + j] = found.time;
                    distances[i * m + j] = found.distance;
                }
            }
            return {times, distances};
        }
        const reaches = froms.map((from) => (from ? this.reach(from, mode, false) : null));
        const out = flatWays(reaches.map((reach) => (reach ? reach.ways : []))), into = flatWays(this.waysIntoAll(mode, tos));
        const k = into.node.length;
        // A trip off the main network (offNetwork) reaches a target only from a node its source's access search
        // settled: those few nodes pick the targets to try (asking every cell cost more than a 100 × 100 table's searches).
        const byDeparture = this.targetsByDeparture(mode, tos), near = new Uint8Array(m);
        // Sources per block: about TABLE_BLOCK_CELLS node-to-node cells at a time.
        const block = Math.max(1, Math.floor(TABLE_BLOCK_CELLS / Math.max(1, 2 * k)));
        for (let i0 = 0; i0 < n; i0 += block) {
            const i1 = Math.min(n, i0 + block), s0 = out.first[i0], s1 = out.first[i1];
            const table = k > 0 && s1 > s0 ? finder.tableWithLengths(out.node.subarray(s0, s1), into.node, out.bearing.subarray(s0, s1), into.bearing) : null;
            for (let i = i0; i < i1; i++) {
                if (!froms[i]) continue;
                const marked = markTargets(reaches[i]!, byDeparture, near, 1);
                this.tableRow(mode, froms[i]!, reaches[i]!, tos, out, into, i, s0, table, near, times.subarray(i * m, (i + 1) * m), distances.subarray(i * m, (i + 1) * m));
                if (marked) markTargets(reaches[i]!, byDeparture, near, 0);
            }
        }
        finder.releaseScratch?.();
        return {times, distances};
    }

    /**
     * One source's row of measureTable: per destination the best of the shared edge, the trip off the main network
     * (tried where `near` marks the destination) and each way out joined to each way in through the table (`s0`:
     * the block's first way out, the table's first row).
     */
    private tableRow(mode: number, from: Snap, reach: AccessReach, tos: (Snap | null)[], out: FlatWays, into: FlatWays, i: number, s0: number,
        table: {times: ArrayLike<number>; lengths: ArrayLike<number>; turns?: ArrayLike<number> | null} | null, near: Uint8Array,
        times: Float64Array, distances: Float64Array): void {
        const k = into.node.length, tableTurns = table?.turns && this.turns ? table.turns : null;
        for (let j = 0; j < tos.length; j++) {
            const to = tos[j];
            if (!to) continue;
            if (from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS) {
                times[j] = distances[j] = 0;
                continue;
            }
            // As search() and measure() combine them: the shared edge, then each way out and in.
            let best = this.alongEdge(mode, from, to), distance = Math.abs(to.offset - from.offset), turn = 0;
            const local = near[j] === 1 ? this.offNetwork(reach, to, mode) : null;
            if (local !== null && local.weight < best) {
                best = local.weight;
                distance = local.length;
                turn = this.localTurns(mode, from, to, local);
            }
            for (let s = out.first[i]; s < out.first[i + 1] && table; s++) {
                const row = (s - s0) * k;
                for (let e = into.first[j]; e < into.first[j + 1]; e++) {
                    const t = row + e, via = table.times[t];
                    if (via >= INF) continue;
                    const total = out.weight[s] + into.weight[e] + via;
                    const pathTurn = tableTurns ? out.turn[s] + tableTurns[t] + into.turn[e] : 0;
                    if (total < best || (total === best && pathTurn < turn)) {
                        best = total;
                        distance = out.length[s] + into.length[e] + table.lengths[t];
                        turn = pathTurn;
                    }
                }
            }
            if (best === INF) continue;
            times[j] = Math.round(best + turn);
            distances[j] = distance;
        }
    }

    /** The nodes a trip to a snapped position arrives by (its ways in): the targets of measureMany's sweep. */
    arrivalNodes(mode: number, to: Snap): number[] {
        return this.waysInto(to, mode).map((a) => a.node);
    }

    /** The ways into each destination (none for one not snapped). */
    private waysIntoAll(mode: number, tos: (Snap | null)[]): Access[][] {
        return tos.map((to) => (to ? this.waysInto(to, mode) : []));
    }

    /** The best of the searches between the ways out of `from` and into `to` (and along a shared edge). */
    private search(finder: PathFinder, mode: number, from: Snap, to: Snap): Search | null {
        const reach = this.reach(from, mode, false);
        const starts = reach.ways;
        const ends = this.reach(to, mode, true).ways;
        let bestStart = -1, bestEnd = -1;
        let bestArcs: Uint32Array | null = null;
        const direct = this.alongEdge(mode, from, to);
        let best = direct;
        let local = this.offNetwork(reach, to, mode);
        if (local !== null && local.weight < best) best = local.weight;
        else local = null;
        // One search from all ways out to all ways in. Of pairs exactly as fast, the one with fewer turns
        // (as the tables and one-to-many choose): where turns count and another pair may tie, each pair alone.
        const found = finder.bestPairPath && starts.length <= SEED_LIMIT && ends.length <= SEED_LIMIT ?
            finder.bestPairPath(Uint32Array.from(starts, (a) => a.node), starts.map((a) => a.weight),
                Uint32Array.from(ends, (a) => a.node), ends.map((a) => a.weight), best) : undefined;
        if (found !== undefined && !(found?.tied && this.turnsCount(mode))) {
            if (found !== null && found.path.weight !== INF) {
                best = starts[found.source].weight + ends[found.target].weight + found.path.weight;
                bestStart = found.source;
                bestEnd = found.target;
                bestArcs = found.path.arcs;
                local = null;
            }
        } else {
            for (let s = 0; s < starts.length; s++) {
                for (let t = 0; t < ends.length; t++) {
                    const base = starts[s].weight + ends[t].weight;
                    if (base > best || (base === best && bestStart < 0)) continue;
                    const pair = finder.tablePath ? finder.tablePath(starts[s].node, ends[t].node) : finder.path(starts[s].node, ends[t].node);
                    if (pair.weight === INF) continue;
                    const total = base + pair.weight;
                    const better = total < best || (total === best && bestStart >= 0 &&
                        this.wayTurns(mode, starts[s], pair.arcs, ends[t]) < this.wayTurns(mode, starts[bestStart], bestArcs!, ends[bestEnd]));
                    if (better) {
                        best = total;
                        bestStart = s;
                        bestEnd = t;
                        bestArcs = pair.arcs.slice();
                        local = null;
                    }
                }
            }
        }
        if (best === INF) return null;
        return {best, direct, starts, ends, bestStart, bestEnd, bestArcs, local};
    }

    /**
     * ms of the turns of a search's best path (graph/turn-costs.ts): from the start's edge through the
     * ways out, the path and the ways in onto the destination's edge. None along a shared edge.
     */
    private pathTurns(mode: number, found: Search, from: Snap, to: Snap): number {
        if (found.local !== null) return this.localTurns(mode, from, to, found.local);
        if (found.bestStart < 0) return 0;
        return this.wayTurns(mode, found.starts[found.bestStart], found.bestArcs!, found.ends[found.bestEnd]);
    }

    /** Whether the turns of a path count in this mode's times (not for walkers, nor when turned off). */
    private turnsCount(mode: number): boolean {
        return this.turns && turnCosts(this.graph, mode).any;
    }

    /** ms of the turns of a way out, a path of arcs and a way in (the position's own edges counted through the ways' bearings). */
    private wayTurns(mode: number, start: Access, arcs: Uint32Array, end: Access): number {
        const tc = turnCosts(this.graph, mode);
        if (!tc.any || !this.turns) return 0;
        const g = this.graph;
        if (arcs.length === 0) return start.turn + tc.at(start.node, start.bearing, end.bearing) + end.turn;
        const first = arcs[0], last = arcs[arcs.length - 1];
        // A view of reused memory (turn-costs.ts is part of the hierarchies' build: left as it is).
        if (this.refs.length < arcs.length) this.refs = new Uint32Array(2 * arcs.length);
        const refs = this.refs;
        for (let k = 0; k < arcs.length; k++) refs[k] = g.arcEdge[arcs[k]];
        return start.turn + tc.at(start.node, start.bearing, tc.enter(g.arcEdge[first])) + tc.along(refs.subarray(0, arcs.length), g) +
            tc.at(end.node, tc.leave(g.arcEdge[last]), end.bearing) + end.turn;
    }

    /** ms of the turns of a way that never reaches the main network (offNetwork). */
    private localTurns(mode: number, from: Snap, to: Snap, local: {start: Access; forward: boolean}): number {
        const tc: TurnCosts = turnCosts(this.graph, mode);
        return tc.any && this.turns ? tc.along([edgeRef(from.edge, local.start.forward), ...local.start.steps, edgeRef(to.edge, local.forward)], this.graph) : 0;
    }

    /** Time (ms) from one snapped position to another along their shared edge, when its direction allows; INF otherwise. */
    private alongEdge(mode: number, from: Snap, to: Snap): number {
        if (from.edge !== to.edge) return INF;
        const [forward, backward] = this.graph.accessWeights(mode);
        const fw = forward[from.edge], bw = backward[from.edge];
        const len = Math.max(from.length, 1e-9);
        if (to.offset >= from.offset) return fw === INF ? INF : fw * (to.offset - from.offset) / len;
        return bw === INF ? INF : bw * (from.offset - to.offset) / len;
    }

    /** The ways into a snapped position (reach's), remembered for its snap object. */
    private waysInto(snap: Snap, mode: number): Access[] {
        let ways = this.waysIn[mode].get(snap);
        if (ways === undefined) {
            ways = this.reach(snap, mode, true).ways;
            this.waysIn[mode].set(snap, ways);
        }
        return ways;
    }

    /** The ways out of (`into` false) or into a snapped position, and what its search settled. */
    private reach(snap: Snap, mode: number, into: boolean): AccessReach {
        const search = (this.accessSearches[mode] ??= new AccessSearch(this.graph, mode));
        return search.search(snap, into);
    }

    /** Per node, the targets (indices into tos) whose edge a trip off the main network may set off onto from it (offNetwork's nodes). */
    private targetsByDeparture(mode: number, tos: (Snap | null)[]): Map<number, number[]> {
        const byNode = new Map<number, number[]>();
        const nodes = this.departures;
        for (let j = 0; j < tos.length; j++) {
            const to = tos[j];
            if (!to) continue;
            for (const forwardWay of [true, false]) {
                nodes.length = 0;
                for (const node of this.graph.departureNodes(to.edge, forwardWay, mode, nodes)) {
                    const list = byNode.get(node);
                    if (list === undefined) byNode.set(node, [j]);
                    else if (list[list.length - 1] !== j) list.push(j);
                }
            }
        }
        return byNode;
    }

    /**
     * The best way from a start's search to a destination without the main network: the start
     * reached one end of the destination's edge (a private estate, streets behind one). Null when
     * it reached neither.
     */
    private offNetwork(reach: AccessReach, to: Snap, mode: number): {start: Access; forward: boolean; weight: number; length: number} | null {
        const g = this.graph;
        const [forward, backward] = g.accessWeights(mode);
        const len = Math.max(to.length, 1e-9);
        let best: {start: Access; forward: boolean; weight: number; length: number} | null = null;
        // From the junction at either end of the edge, or a copy of it whose turn restrictions allow the edge.
        for (const forwardWay of [true, false]) {
            const whole = forwardWay ? forward[to.edge] : backward[to.edge];
            if (whole === INF) continue;
            const length = forwardWay ? to.offset : to.length - to.offset;
            const nodes = this.departures;
            nodes.length = 0;
            for (const node of g.departureNodes(to.edge, forwardWay, mode, nodes)) {
                const start = AccessSearch.settledAt(reach, node);
                if (start === null) continue;
                const weight = start.weight + whole * length / len;
                if (best === null || weight < best.weight) best = {start, forward: forwardWay, weight, length: start.length + length};
            }
        }
        return best;
    }
}

/** Ways out of (or into) many positions in flat arrays, position p's at [first[p], first[p + 1]): a table's cells read them without objects. */
interface FlatWays {
    first: Uint32Array;
    node: Uint32Array;
    bearing: Uint16Array;
    weight: Float64Array;
    length: Float64Array;
    turn: Float64Array;
}

function flatWays(ways: readonly (readonly Access[])[]): FlatWays {
    const first = new Uint32Array(ways.length + 1);
    for (let p = 0; p < ways.length; p++) first[p + 1] = first[p] + ways[p].length;
    const count = first[ways.length];
    const flat = {first, node: new Uint32Array(count), bearing: new Uint16Array(count), weight: new Float64Array(count), length: new Float64Array(count), turn: new Float64Array(count)};
    for (let p = 0; p < ways.length; p++) {
        for (let w = 0; w < ways[p].length; w++) {
            const way = ways[p][w], at = first[p] + w;
            flat.node[at] = way.node;
            flat.bearing[at] = way.bearing;
            flat.weight[at] = way.weight;
            flat.length[at] = way.length;
            flat.turn[at] = way.turn;
        }
    }
    return flat;
}

/** Marks (1) or clears (0) in `marks` the targets a reach's settled nodes set off to (targetsByDeparture); whether any. */
function markTargets(reach: AccessReach, byDeparture: Map<number, number[]>, marks: Uint8Array, mark: number): boolean {
    let any = false;
    for (const node of reach.settled.keys()) {
        const targets = byDeparture.get(node);
        if (targets === undefined) continue;
        for (let t = 0; t < targets.length; t++) marks[targets[t]] = mark;
        any = true;
    }
    return any;
}

/** An edge run forwards (along its drawing) or backwards, in arcEdge form. */
function edgeRef(edge: number, forward: boolean): number {
    return forward ? edge : (edge | REVERSED) >>> 0;
}
