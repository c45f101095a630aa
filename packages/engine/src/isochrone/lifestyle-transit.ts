// The public transport part of a lifestyle search: from the walking times to the nearest place of a
// category (a backward foot search from all its places), the stops' egress walks; then over the
// departure window of /isochrone's public transport (transit/query/departure-window.ts: a departure
// a minute, the percentile's travel time) one arrive-by RAPTOR per departure with the deadline that
// departure + the limit (ReverseRaptor); per stop, the time its latest boarding leaves for the walk
// to it, taken at the window's percentile. Those become seeds of a last backward foot search, with
// the places themselves (walking all the way), so a position's time is the faster of the two.
import {INF, type RoadGraph} from '../graph/road-graph.js';
import {EGRESS_MAX_SECONDS} from '../transit/query/foot-access.js';
import {dayTrips, MAX_RIDES} from '../transit/query/raptor.js';
import {ReverseRaptor} from '../transit/query/reverse-raptor.js';
import {departureCount, MAX_WINDOW_DEPARTURES, percentileDeparture, WINDOW_STEP_SECONDS} from '../transit/query/departure-window.js';
import type {TransitRouter} from '../transit/query/router.js';

/** The walk to a place from a stop counts up to this (ms), as a journey's egress walk does. */
export const LIFESTYLE_EGRESS_MS = EGRESS_MAX_SECONDS * 1000;

export class LifestyleTransit {
    private readonly raptor: ReverseRaptor;
    private readonly egressStops: Uint32Array;
    private readonly egressMs: Float64Array;
    /** Per stop and departure (stop * count + m): the limit less the time from leaving to the stop's latest boarding (Infinity: none). */
    private costs = new Float64Array(0);
    private readonly select = new Float64Array(MAX_WINDOW_DEPARTURES);

    constructor(private readonly router: TransitRouter, private readonly graph: RoadGraph) {
        const net = router.network;
        this.raptor = new ReverseRaptor(net, dayTrips(net, router.days, false), MAX_RIDES);
        this.egressStops = new Uint32Array(net.stopCount);
        this.egressMs = new Float64Array(net.stopCount).fill(Infinity);
    }

    /**
     * Seeds (foot-graph nodes and ms) for the last foot search: per stop from which, for the window's
     * percentile share of its departures, a place is reached within limitMs after leaving, the cost of
     * the limit its latest boarding leaves for the walk to it (limitMs - slack), plus the edge's part.
     * `walk`: ms from each node to the nearest place on foot (Infinity where not reached).
     */
    stopSeeds(walk: ArrayLike<number>, limitMs: number): {nodes: number[]; weights: number[]} {
        const g = this.graph, net = this.router.network;
        // Egress: the walk from each stop to the nearest place, through either end of its edge.
        let egressCount = 0;
        for (let s = 0; s < net.stopCount; s++) {
            const e = net.stopEdge[s];
            if (e < 0) continue;
            const a = net.stopToA[s] === INF ? Infinity : net.stopToA[s] + walk[g.edgeFrom[e]];
            const b = net.stopToB[s] === INF ? Infinity : net.stopToB[s] + walk[g.edgeTo[e]];
            const ms = Math.min(a, b);
            if (ms <= Math.min(LIFESTYLE_EGRESS_MS, limitMs)) {
                this.egressMs[s] = ms;
                this.egressStops[egressCount++] = s;
            }
        }
        const window = this.router.window, count = departureCount(window);
        const S = net.stopCount;
        if (this.costs.length < S * count) this.costs = new Float64Array(S * count);
        const costs = this.costs.fill(Infinity, 0, S * count);
        const raptor = this.raptor;
        for (let m = 0; m < count; m++) {
            const leave = (window.startSeconds + m * WINDOW_STEP_SECONDS) * 1000;
            raptor.run(leave + limitMs, this.egressStops, this.egressMs, egressCount, leave);
            for (let i = 0; i < raptor.touchedCount; i++) {
                const s = raptor.touched[i];
                costs[s * count + m] = limitMs - (raptor.latest[s] - leave);
            }
        }
        for (let i = 0; i < egressCount; i++) this.egressMs[this.egressStops[i]] = Infinity;
        const nodes: number[] = [], weights: number[] = [];
        for (let s = 0; s < S; s++) {
            const e = net.stopEdge[s];
            if (e < 0) continue;
            const cost = costs[s * count + percentileDeparture(costs, s * count, count, window.percentile, this.select)];
            if (!(cost <= limitMs)) continue;
            if (net.stopFromA[s] !== INF) {
                nodes.push(g.edgeFrom[e]);
                weights.push(cost + net.stopFromA[s]);
            }
            if (net.stopFromB[s] !== INF) {
                nodes.push(g.edgeTo[e]);
                weights.push(cost + net.stopFromB[s]);
            }
        }
        return {nodes, weights};
    }
}
