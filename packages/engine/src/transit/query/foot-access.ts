// The walks of a transit query: from the origin to the stops around it (access), from the stops
// around the destination to it (egress), the direct walk from one to the other, and the geometry of
// any of them, over three resumable foot searches (forward from the origin, backward from the
// destination, and a spare one for transfers and isochrones).
//
// Bounds: the access walk reaches the stops within ACCESS_MAX_SECONDS of walking (15 min, about
// 1.25 km at 5 km/h), the egress walk the stops within EGRESS_MAX_SECONDS; the direct walk has no
// bound. Footpaths between stops are the section's (FOOTPATH_MAX_SECONDS, see ../build/footpaths.ts).
import {INF, REVERSED, type RoadGraph} from '../../graph/road-graph.js';
import {appendEdgePoints} from '../../route/geometry.js';
import {alongEdge, FootSearch, type EdgePoint} from '../foot-search.js';
import type {TransitNetwork} from './network.js';
import type {WalkFinder} from './transit-types.js';

export const ACCESS_MAX_SECONDS = 900;
/**
 * The longest walk that stands in for public transport in the neighbourhood's trips and the lifestyle search
 * (ms; SPEC 2.4 rule 3): the walk to a first stop. Past it, a walk with no faster ride is no public transport.
 */
export const WALK_STANDS_IN_MS = ACCESS_MAX_SECONDS * 1000;
export const EGRESS_MAX_SECONDS = 900;

/** One per TransitRouter: scratch sized to the foot graph and the stops, reused by every query. */
export class FootAccess {
    readonly forward: FootSearch;
    readonly backward: FootSearch;
    readonly spare: FootSearch;
    /** The stops the last access walk reached, and the walk (ms) to each: [0, accessCount). */
    readonly accessStops: Uint32Array;
    readonly accessMs: Float64Array;
    accessCount = 0;
    /** The stops the last egress walk reached (their walks in egressMs): [0, egressCount). */
    readonly egressList: Uint32Array;
    egressCount = 0;
    private readonly stamp: Int32Array;
    private query = 0;
    /** The direct walk found by walkFinder: the two nodes it runs between (-1: found by the access search). */
    walkSource = -1;
    walkTarget = -1;
    /** The table cell finderWalk read the best pair's time from (when given a table). */
    private walkCell = 0;

    constructor(private readonly graph: RoadGraph, private readonly network: TransitNetwork,
        private readonly walkFinder: WalkFinder | null, private readonly egressMs: Float64Array) {
        this.forward = new FootSearch(graph, true);
        this.backward = new FootSearch(graph, false);
        this.spare = new FootSearch(graph, true);
        const s = network.stopCount;
        this.accessStops = new Uint32Array(s);
        this.accessMs = new Float64Array(s);
        this.egressList = new Uint32Array(s);
        this.stamp = new Int32Array(s).fill(-1);
    }

    /** Walks from the origin point up to maxMs; the stops reached go to accessStops / accessMs. */
    findAccess(fp: EdgePoint, maxMs: number): void {
        const search = this.forward;
        search.reset();
        search.seedPoint(fp, 0);
        search.run(maxMs);
        const net = this.network, g = this.graph;
        const q = ++this.query;
        let count = 0;
        for (let i = 0; i < search.reachedCount; i++) {
            const x = search.reached[i];
            if (search.dist[x] > maxMs) continue;
            for (let k = net.nodeStopFirst[x], end = net.nodeStopFirst[x + 1]; k < end; k++) {
                const s = net.nodeStops[k];
                if (this.stamp[s] === q) continue;
                this.stamp[s] = q;
                const e = net.stopEdge[s];
                let ms = Math.min(
                    net.stopFromA[s] === INF ? Infinity : search.time(g.edgeFrom[e]) + net.stopFromA[s],
                    net.stopFromB[s] === INF ? Infinity : search.time(g.edgeTo[e]) + net.stopFromB[s]);
                if (e === fp.edge) ms = Math.min(ms, alongEdge(g, e, fp.offset, net.stopOffset[s]));
                if (ms <= maxMs) {
                    this.accessStops[count] = s;
                    this.accessMs[count++] = ms;
                }
            }
        }
        this.accessCount = count;
    }

    /** Walks backwards from the destination up to maxMs; egress times go to egressMs (RAPTOR's). */
    findEgress(tp: EdgePoint, maxMs: number): void {
        const search = this.backward;
        search.reset();
        search.seedPoint(tp, 0);
        search.run(maxMs);
        const net = this.network, g = this.graph, egress = this.egressMs;
        const q = ++this.query;
        let count = 0;
        for (let i = 0; i < search.reachedCount; i++) {
            const x = search.reached[i];
            if (search.dist[x] > maxMs) continue;
            for (let k = net.nodeStopFirst[x], end = net.nodeStopFirst[x + 1]; k < end; k++) {
                const s = net.nodeStops[k];
                if (this.stamp[s] === q) continue;
                this.stamp[s] = q;
                const e = net.stopEdge[s];
                let ms = Math.min(
                    net.stopToA[s] === INF ? Infinity : net.stopToA[s] + search.time(g.edgeFrom[e]),
                    net.stopToB[s] === INF ? Infinity : net.stopToB[s] + search.time(g.edgeTo[e]));
                if (e === tp.edge) ms = Math.min(ms, alongEdge(g, e, net.stopOffset[s], tp.offset));
                if (ms <= maxMs) {
                    egress[s] = ms;
                    this.egressList[count++] = s;
                }
            }
        }
        this.egressCount = count;
    }

    clearEgress(): void {
        const egress = this.egressMs;
        for (let i = 0; i < this.egressCount; i++) egress[this.egressList[i]] = Infinity;
        this.egressCount = 0;
    }

    /**
     * The direct walk (ms) known before RAPTOR: settled by the access search, else through the walk
     * finder (which remembers its two nodes in walkSource / walkTarget); Infinity when unknown.
     */
    walkBefore(fp: EdgePoint, tp: EdgePoint): number {
        const walk = this.directWalk(fp, tp);
        this.walkSource = this.walkTarget = -1;
        return walk === Infinity && this.walkFinder ? this.finderWalk(fp, tp) : walk;
    }

    /**
     * walkBefore for many destinations at once: walks[k] and the walk's two nodes in ends[2k], ends[2k + 1]
     * (-1: found by the access search). The walks the access search does not know come from one table of the
     * walk finder, from the origin's edge ends to the destinations' (the same sums as finderWalk's, pair by pair):
     * to those destinations only, or with `meters` (a matrix's) to all of them (the same table for every origin
     * of a matrix, whose backward searches the finder keeps), and then with the metres of those walks in
     * meters[k] (as finderPath gives them, from the table's lengths; NaN for the walks the access search knows).
     */
    walksBefore(fp: EdgePoint, tps: readonly EdgePoint[], walks: Float64Array, ends: Int32Array, meters: Float64Array | null = null): void {
        const g = this.graph, unknown: number[] = [], every = meters !== null;
        for (let k = 0; k < tps.length; k++) {
            walks[k] = this.directWalk(fp, tps[k]);
            ends[2 * k] = ends[2 * k + 1] = -1;
            if (meters) meters[k] = NaN;
            if (walks[k] === Infinity && this.walkFinder) unknown.push(k);
        }
        if (unknown.length === 0) return;
        const sources = Uint32Array.of(g.edgeFrom[fp.edge], g.edgeTo[fp.edge]);
        const column = every ? Int32Array.from(tps, (_, k) => k) : Int32Array.from(unknown);
        const targets = new Uint32Array(2 * column.length);
        for (let c = 0; c < column.length; c++) {
            const e = tps[column[c]].edge;
            targets[2 * c] = g.edgeFrom[e];
            targets[2 * c + 1] = g.edgeTo[e];
        }
        const finder = this.walkFinder!;
        const found = every ? finder.tableWithKeptLengths(sources, targets) : {times: finder.table(sources, targets), lengths: null};
        for (let u = 0; u < unknown.length; u++) {
            const k = unknown[u];
            walks[k] = this.finderWalk(fp, tps[k], found.times, targets.length, 2 * (every ? k : u));
            ends[2 * k] = this.walkSource;
            ends[2 * k + 1] = this.walkTarget;
            if (found.lengths && this.walkSource >= 0) meters![k] = this.finderMeters(fp, tps[k], found.lengths[this.walkCell]);
        }
    }

    /** Metres of the direct walk found last (through the walk finder's nodes, else the forward search). */
    walkMeters(fp: EdgePoint, tp: EdgePoint): number {
        return this.walkSource >= 0 ? this.finderPath(fp, tp, null).meters : this.walkPath(this.forward, fp, tp, null).meters;
    }

    /**
     * The direct walk (ms) through the walk finder, between the points' edge ends; remembers the best pair
     * (walkSource / walkTarget, -1 when none). With `table`, the finder's times are read there instead
     * (walksBefore's: row i from the origin's edge end i, column column + j to the destination's end j), and
     * the best pair's cell in walkCell.
     */
    finderWalk(fp: EdgePoint, tp: EdgePoint, table: Float64Array | null = null, width = 0, column = 0): number {
        const g = this.graph, finder = this.walkFinder!;
        let best = Infinity;
        this.walkSource = this.walkTarget = -1;
        for (let i = 0; i < 2; i++) {
            const out = i === 0 ? fp.toA : fp.toB;
            if (out === INF) continue;
            const source = i === 0 ? g.edgeFrom[fp.edge] : g.edgeTo[fp.edge];
            for (let j = 0; j < 2; j++) {
                const into = j === 0 ? tp.fromA : tp.fromB;
                if (into === INF || out + into >= best) continue;
                const target = j === 0 ? g.edgeFrom[tp.edge] : g.edgeTo[tp.edge];
                const d = table ? table[i * width + column + j] : finder.distance(source, target);
                if (d === INF) continue;
                if (out + d + into < best) {
                    best = out + d + into;
                    this.walkSource = source;
                    this.walkTarget = target;
                    this.walkCell = i * width + column + j;
                }
            }
        }
        return best;
    }

    /** The direct walk (ms) when the forward search has settled enough to know it; Infinity otherwise. */
    directWalk(fp: EdgePoint, tp: EdgePoint): number {
        const search = this.forward;
        let ms = search.timeAt(tp).ms;
        if (fp.edge === tp.edge) ms = Math.min(ms, alongEdge(this.graph, fp.edge, fp.offset, tp.offset));
        // Through one settled end the walk may still be longer than through the other, unsettled
        // one: it is known only when it fits within the bound.
        return ms <= search.bound || search.exhausted ? ms : Infinity;
    }

    stopPoint(s: number): EdgePoint {
        const net = this.network;
        return {
            edge: net.stopEdge[s], offset: net.stopOffset[s],
            fromA: net.stopFromA[s], toA: net.stopToA[s], fromB: net.stopFromB[s], toB: net.stopToB[s]
        };
    }

    /**
     * A walk between two points: through the search that settled `to` (forward from `from`), or
     * along their shared edge. With `points` null, only metres and time (no geometry).
     */
    walkPath(search: FootSearch, seed: EdgePoint, target: EdgePoint, points: number[] | null = []): {points: number[]; meters: number; ms: number} {
        const g = this.graph;
        const via = search.timeAt(target);
        let along = Infinity;
        if (seed.edge === target.edge) {
            along = search.forward ? alongEdge(g, seed.edge, seed.offset, target.offset) : alongEdge(g, seed.edge, target.offset, seed.offset);
        }
        if (along <= via.ms) {
            if (points !== null && search.forward) appendEdgePoints(g, seed.edge, seed.offset, target.offset, points, true);
            else if (points !== null) appendEdgePoints(g, seed.edge, target.offset, seed.offset, points, true);
            return {points: points ?? [], meters: Math.abs(seed.offset - target.offset), ms: along};
        }
        if (via.end < 0) return {points: [], meters: 0, ms: Infinity};
        const p = search.path(seed, target, via.end, points);
        return {points: p.points, meters: p.meters, ms: via.ms};
    }

    /** Geometry (unless `points` is null) and metres of the walk finderWalk found: the path the finder's tables measure. */
    finderPath(fp: EdgePoint, tp: EdgePoint, points: number[] | null = []): {points: number[]; meters: number} {
        const g = this.graph;
        const found = this.walkFinder!.tablePath(this.walkSource, this.walkTarget);
        if (points) appendEdgePoints(g, fp.edge, fp.offset, this.walkSource === g.edgeFrom[fp.edge] ? 0 : g.edgeLength[fp.edge], points, true);
        let path = 0;
        for (const a of found.arcs) {
            const ref = g.arcEdge[a];
            const e = (ref & ~REVERSED) >>> 0;
            const reversed = (ref & REVERSED) !== 0;
            if (points) appendEdgePoints(g, e, reversed ? g.edgeLength[e] : 0, reversed ? 0 : g.edgeLength[e], points, false);
            path += g.edgeLength[e];
        }
        if (points) appendEdgePoints(g, tp.edge, this.walkTarget === g.edgeFrom[tp.edge] ? 0 : g.edgeLength[tp.edge], tp.offset, points, false);
        return {points: points ?? [], meters: this.finderMeters(fp, tp, path)};
    }

    /**
     * Metres of the walk through the finder's nodes walkSource and walkTarget, `path` m apart: from the origin
     * along its edge to the first, then the path, then along the destination's edge (finderPath and a
     * matrix's table add them in this one order, so both give the same metres).
     */
    private finderMeters(fp: EdgePoint, tp: EdgePoint, path: number): number {
        const g = this.graph;
        const startEnd = this.walkSource === g.edgeFrom[fp.edge] ? 0 : g.edgeLength[fp.edge];
        const endEnd = this.walkTarget === g.edgeFrom[tp.edge] ? 0 : g.edgeLength[tp.edge];
        return Math.abs(fp.offset - startEnd) + path + Math.abs(tp.offset - endEnd);
    }
}
