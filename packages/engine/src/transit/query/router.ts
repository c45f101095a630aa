// Public transport journeys: walk to the stops around the origin, RAPTOR over the timetable, walk
// from the stops around the destination, and keep the direct walk when it is as fast. Also the
// one-to-all search behind transit isochrones: earliest arrival at every stop, then at every node
// of the foot network by a walking search seeded from all of them at once.
//
// Bounds: the access walk reaches the stops within ACCESS_MAX_SECONDS of walking (15 min, about
// 1.25 km at 5 km/h), the egress walk the stops within EGRESS_MAX_SECONDS; the direct walk has no
// bound (foot-access.ts). Footpaths between stops are the section's (FOOTPATH_MAX_SECONDS, see
// ../build/footpaths.ts). The journey found becomes its legs in journey-legs.ts; the types a query
// answers with are in transit-types.ts.
//
// One TransitRouter owns scratch arrays sized to the foot graph and the timetable: make one per
// thread, reuse it for every query. It is not reentrant.
import {FOOT} from '../../graph/profiles.js';
import {INF, type RoadGraph} from '../../graph/road-graph.js';
import type {Snap, Snapper} from '../../graph/snap.js';
import {SAME_POSITION_METERS} from '../../route/road-router.js';
import {edgePoint, type EdgePoint} from '../foot-search.js';
import {parseGtfsDate} from '../gtfs-values.js';
import {ACCESS_MAX_SECONDS, EGRESS_MAX_SECONDS, FootAccess} from './foot-access.js';
import {EgressWalkStore} from './egress-walks.js';
import {JourneyLegs} from './journey-legs.js';
import type {TransitNetwork} from './network.js';
import {dayTrips, MAX_RIDES, Raptor} from './raptor.js';
import {StopBounds} from './stop-bounds.js';
import {NO_ARRIVAL, profileSpanMs, StopProfiles, type BuiltStopProfiles, type StopProfile} from './stop-profiles.js';
import {DEFAULT_DEPARTURE_WINDOW, departureCount, MAX_WINDOW_DEPARTURES, percentileDeparture, WINDOW_STEP_SECONDS, windowProblem, type DepartureWindow} from './departure-window.js';
import {TransitError, type Departure, type EgressTable, type TransitMeasure, type TransitRoute, type TransitRouterOptions, type TransitStopRef, type TransitTargets} from './transit-types.js';

/** 08:00 local time: the centre of the default departure window (SPEC §2.4 rule 3: about 08:00). */
export const DEFAULT_DEPARTURE_SECONDS = 8 * 3600;

/** The departures of one query, in ms: start + m * step for m in [0, count). */
interface Departures {
    startMs: number;
    count: number;
    percentile: number;
}
const STEP_MS = WINDOW_STEP_SECONDS * 1000;

export class TransitRouter {
    readonly graph: RoadGraph;
    readonly snapper: Snapper;
    readonly network: TransitNetwork;
    /** Service day per feed (days since 1970). */
    readonly days: number[];
    readonly raptor: Raptor;
    /** The access, egress and direct walks, and their foot searches. */
    private readonly access: FootAccess;
    /** Turns RAPTOR's labels into a journey's legs. */
    private readonly legs: JourneyLegs;
    /** The egress walks by destination: the build's, or searched and remembered. */
    private readonly egress: EgressWalkStore;
    /** The departures a query without its own leaves at. */
    readonly window: DepartureWindow;
    /** Per departure of a window: travel times, and scratch for picking the percentile. */
    private readonly windowTimes = new Float64Array(MAX_WINDOW_DEPARTURES);
    private readonly windowScratch = new Float64Array(MAX_WINDOW_DEPARTURES);
    private readonly windowSelect = new Float64Array(MAX_WINDOW_DEPARTURES);
    /** Over a window from one origin: per stop, the earliest arrival so far and its travel times by departure. */
    private readonly stopArrival: Float64Array;
    private stopTimes = new Float64Array(0);
    private readonly reachedStops: Uint32Array;
    /** Lower bounds to a route()'s destination, for its window's runs (made on first use). */
    private stopBounds: StopBounds | null = null;
    /** The stops' profiles over the window (the build's, or made on first use), and windowByProfiles' scratch. */
    private readonly builtProfiles: BuiltStopProfiles | null;
    private profiles: StopProfiles | null = null;
    private profileArrival = new Float64Array(0);
    private profileRead = new Int32Array(0);
    /** windowByProfiles' best arrival per access stop and destination from the stop's current boarding moment. */
    private profileBest = new Float64Array(0);
    private profileBestAt = new Int32Array(0);
    /** measureTargets' walkMetersWithin, and the metres of its direct walks known from the walk finder's table (NaN: not known), for the call under way. */
    private walkMetersWithin = Infinity;
    private walkMetersKnown = new Float64Array(0);

    constructor(graph: RoadGraph, snapper: Snapper, network: TransitNetwork, options: TransitRouterOptions = {}) {
        if (network.meta.nodeCount !== graph.nodeCount || network.meta.edgeCount !== graph.edgeCount) {
            throw new Error(`the transit section was built on another road graph (${network.meta.nodeCount} nodes, this one has ${graph.nodeCount}): rebuild the region`);
        }
        this.graph = graph;
        this.snapper = snapper;
        this.network = network;
        if (options.date !== undefined) {
            const day = parseGtfsDate(options.date);
            if (Number.isNaN(day)) throw new Error(`date '${options.date}' is not a date: write it as YYYY-MM-DD`);
            this.days = network.feeds.map(() => day);
        } else {
            this.days = network.feeds.map((f) => f.referenceDay);
        }
        this.raptor = new Raptor(network, dayTrips(network, this.days, false), dayTrips(network, this.days.map((d) => d - 1), true), options.maxRides ?? MAX_RIDES);
        this.access = new FootAccess(graph, network, options.walk ?? null, this.raptor.egressMs);
        this.legs = new JourneyLegs(network, this.raptor, this.days, this.access);
        this.egress = new EgressWalkStore(graph, this.access, this.raptor.egressMs, options.egress ?? null);
        const s = network.stopCount;
        this.window = options.window ?? DEFAULT_DEPARTURE_WINDOW;
        const problem = windowProblem(this.window);
        if (problem) throw new Error(problem);
        this.stopArrival = new Float64Array(s);
        this.reachedStops = new Uint32Array(s);
        this.builtProfiles = options.profiles ?? null;
    }

    /**
     * The departure (index) whose travel time is the percentile's, the time per departure being
     * the faster of the walk and transit[offset + m] (ms, Infinity where none), rounded as shown.
     */
    private pickDeparture(transit: Float64Array, offset: number, walk: number, d: Departures): number {
        const times = this.windowScratch;
        // On the ms the answer shows: of equal times, the latest departure.
        for (let m = 0; m < d.count; m++) times[m] = Math.round(Math.min(walk, transit[offset + m]));
        return percentileDeparture(times, 0, d.count, d.percentile, this.windowSelect);
    }

    /** The departures of a query, checked. */
    private departures(departure: Departure): Departures {
        if (typeof departure === 'number') {
            if (!Number.isFinite(departure)) throw new Error(`departure ${departure} is not a time in seconds`);
            return {startMs: departure * 1000, count: 1, percentile: 50};
        }
        const problem = windowProblem(departure);
        if (problem) throw new Error(problem);
        return {startMs: departure.startSeconds * 1000, count: departureCount(departure), percentile: departure.percentile};
    }

    /**
     * The fastest way from one position to another, leaving at one departure (seconds after
     * midnight, local time), or over a window (by default the router's): the journey leaving at
     * the window's departure whose travel time is the percentile of all of them.
     */
    route(fromLat: number, fromLon: number, toLat: number, toLon: number, departure: Departure = this.window): TransitRoute {
        const from = this.snapper.snap(fromLat, fromLon, FOOT);
        if (!from) throw new TransitError('from-off-network', 'The start is too far from any path or street one may walk on.');
        const to = this.snapper.snap(toLat, toLon, FOOT);
        if (!to) throw new TransitError('to-off-network', 'The destination is too far from any path or street one may walk on.');
        if (samePosition(from, to)) throw new TransitError('same-position', 'Start and destination are the same place.');
        const g = this.graph;
        const fp = edgePoint(g, from.edge, from.offset), tp = edgePoint(g, to.edge, to.offset);
        const d = this.departures(departure);

        this.access.findAccess(fp, ACCESS_MAX_SECONDS * 1000);
        const walkKnown = this.access.walkBefore(fp, tp);
        let walk = walkKnown;
        this.access.findEgress(tp, EGRESS_MAX_SECONDS * 1000);
        const raptor = this.raptor;
        // Over a window, first the travel time per departure (latest first, labels kept, each run
        // bounded by the arrival of the one after), then the percentile's departure is routed alone.
        const transit = this.windowTimes;
        let latest = Infinity;
        if (d.count > 1) {
            raptor.seedWindow(this.access.accessStops, this.access.accessMs, this.access.accessCount, d.startMs, d.count, STEP_MS);
            // Only the times count here: prune towards the destination (the journey is routed below).
            this.stopBounds ??= new StopBounds(this.network);
            this.stopBounds.compute(this.access.egressList, this.access.egressCount, raptor.egressMs);
            raptor.targetBound = this.stopBounds.ms;
        }
        for (let m = d.count - 1; m >= 0 && d.count > 1; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            raptor.run(departureMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, Infinity, Math.min(departureMs + walk, latest), m < d.count - 1, m < d.count - 1 ? m : -1);
            if (raptor.bestRound >= 0) latest = raptor.bestTarget;
            transit[m] = latest - departureMs;
        }
        raptor.targetBound = null;
        let pick = 0;
        if (d.count > 1) {
            if (walk === Infinity) {
                // The destination lies beyond the access bound: walk on until transit's slowest time (or everywhere).
                let slowest = 0;
                for (let m = 0; m < d.count; m++) slowest = Math.max(slowest, transit[m]);
                this.access.forward.run(slowest);
                walk = this.access.directWalk(fp, tp);
            }
            pick = this.pickDeparture(transit, 0, walk, d);
        }
        const departureMs = d.startMs + pick * STEP_MS;
        if (d.count > 1 && walk <= transit[pick]) {
            // The walk answers (it is as fast as the percentile's ride), or nothing does.
            this.access.clearEgress();
            if (walk === Infinity) throw new TransitError('unreachable', 'No walk or public transport journey connects these two positions.');
            return this.legs.walkRoute(fp, tp, from, to, departureMs, walk);
        }
        raptor.run(departureMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, Infinity, departureMs + walkKnown);
        this.access.clearEgress();
        const time = raptor.bestRound >= 0 ? raptor.bestTarget - departureMs : Infinity;
        if (walk === Infinity) {
            // The destination lies beyond the access bound: walk on until transit's time (or everywhere).
            this.access.forward.run(time);
            walk = this.access.directWalk(fp, tp);
        }
        if (walk === Infinity && time === Infinity) {
            throw new TransitError('unreachable', 'No walk or public transport journey connects these two positions.');
        }
        if (walk <= time) return this.legs.walkRoute(fp, tp, from, to, departureMs, walk);
        return this.legs.journey(fp, tp, from, to, departureMs);
    }

    /**
     * Snaps destinations (flat lat, lon, lat, lon, …) and finds their egress walks, once, for
     * measureTargets from any number of origins (`shared`: see TransitTargets).
     */
    targets(tos: ArrayLike<number>, shared = true): TransitTargets {
        const snaps: (Snap | null)[] = [];
        for (let j = 0; j < tos.length >> 1; j++) snaps.push(this.snapper.snap(tos[2 * j], tos[2 * j + 1], FOOT));
        return this.targetsOf(snaps, shared);
    }

    /** targets() of destinations already snapped for FOOT (null: off the foot network). */
    targetsOf(snaps: readonly (Snap | null)[], shared = true): TransitTargets {
        const n = snaps.length;
        const points: (EdgePoint | null)[] = [];
        const egressFirst = new Uint32Array(n + 1);
        const stops: number[] = [], ms: number[] = [], meters: number[] = [];
        for (let j = 0; j < n; j++) {
            const to = snaps[j];
            const tp = to && edgePoint(this.graph, to.edge, to.offset);
            points.push(tp);
            if (to && tp) {
                const walks = this.egress.of(to, tp);
                for (let i = 0; i < walks.stop.length; i++) {
                    stops.push(walks.stop[i]);
                    ms.push(walks.ms[i]);
                    meters.push(walks.meters[i]);
                }
            }
            egressFirst[j + 1] = stops.length;
        }
        // By stop (counting sort): which destinations each stop's rides lead to, and the walk.
        const S = this.network.stopCount;
        const byStopFirst = new Uint32Array(S + 1), byStopTarget = new Uint32Array(stops.length), byStopMs = new Float64Array(stops.length);
        for (const s of stops) byStopFirst[s + 1]++;
        for (let s = 0; s < S; s++) byStopFirst[s + 1] += byStopFirst[s];
        const next = byStopFirst.slice(0, S);
        for (let j = 0; j < n; j++) {
            for (let i = egressFirst[j]; i < egressFirst[j + 1]; i++) {
                const at = next[stops[i]]++;
                byStopTarget[at] = j;
                byStopMs[at] = ms[i];
            }
        }
        return {
            count: n, shared, snaps, points, egressFirst,
            egressStop: Uint32Array.from(stops), egressMs: Float64Array.from(ms), egressMeters: Float64Array.from(meters),
            byStopFirst, byStopTarget, byStopMs
        };
    }

    /**
     * The egress walks of these destinations (snapped for FOOT), searched, as the region build stores them for its
     * POIs (TransitRouterOptions.egress).
     */
    egressTable(snaps: readonly Snap[]): EgressTable {
        return this.egress.table(snaps);
    }

    /**
     * route()'s `time` and `distance` from one position to every destination of `targets`: null
     * where route() finds no journey ('unreachable') or the destination is off the foot network
     * ('to-off-network'); {time: 0, distance: 0} where start and destination are the same place
     * (route() throws 'same-position'). Throws 'from-off-network' like route(). One access search
     * for all of them; over a window, one range RAPTOR (a run per departure, labels kept, bounded by
     * the slowest direct walk) for the times, then per departure some destination's percentile
     * falls on, one RAPTOR run that traces their journeys (as route() does, for the distance).
     * A direct walk answered in more than `walkMetersWithin` ms (its time rounded) has NaN metres:
     * not worked out, for a caller that has no use for such a walk (the neighbourhood's trips).
     */
    measureTargets(fromLat: number, fromLon: number, targets: TransitTargets, departure: Departure = this.window, walkMetersWithin = Infinity): (TransitMeasure | null)[] {
        const from = this.snapper.snap(fromLat, fromLon, FOOT);
        if (!from) throw new TransitError('from-off-network', 'The start is too far from any path or street one may walk on.');
        return this.measureFrom(from, targets, departure, walkMetersWithin);
    }

    /** measureTargets from an origin already snapped for FOOT. */
    measureFrom(from: Snap, targets: TransitTargets, departure: Departure = this.window, walkMetersWithin = Infinity): (TransitMeasure | null)[] {
        this.walkMetersWithin = walkMetersWithin;
        const fp = edgePoint(this.graph, from.edge, from.offset);
        const d = this.departures(departure);
        const n = targets.count;
        const out: (TransitMeasure | null)[] = new Array<TransitMeasure | null>(n).fill(null);
        this.access.findAccess(fp, ACCESS_MAX_SECONDS * 1000);

        // The direct walks known before RAPTOR (NaN: nothing to measure), and the finder's ends.
        const walks = new Float64Array(n).fill(NaN), walkEnds = new Int32Array(2 * n), walkMeters = this.walkMetersKnown = new Float64Array(n).fill(NaN);
        const todo: number[] = [], points: EdgePoint[] = [];
        for (let j = 0; j < n; j++) {
            const to = targets.snaps[j], tp = targets.points[j];
            if (!to || !tp) continue;
            if (samePosition(from, to)) {
                out[j] = {time: 0, distance: 0};
                continue;
            }
            todo.push(j);
            points.push(tp);
        }
        const todoWalks = new Float64Array(todo.length), todoEnds = new Int32Array(2 * todo.length);
        // A matrix's walks come with their metres: no path per walk-only cell.
        const todoMeters = targets.shared ? new Float64Array(todo.length) : null;
        this.access.walksBefore(fp, points, todoWalks, todoEnds, todoMeters);
        for (let k = 0; k < todo.length; k++) {
            const j = todo[k];
            walks[j] = todoWalks[k];
            if (todoMeters) walkMeters[j] = todoMeters[k];
            walkEnds[2 * j] = todoEnds[2 * k];
            walkEnds[2 * j + 1] = todoEnds[2 * k + 1];
        }
        if (d.count === 1) {
            // No journey slower than a direct walk is an answer: bound the run by the slowest one.
            let slowest = 0;
            for (const j of todo) if (walks[j] > slowest) slowest = walks[j];
            this.measureAt(d.startMs, d.startMs + slowest, fp, targets, todo, walks, walkEnds, out);
            return out;
        }

        const transit = this.windowTransit(fp, d, targets, walks);
        // Per departure, the destinations whose percentile falls on it by public transport.
        const byDeparture: number[][] = [], slowest: number[] = [];
        for (const j of todo) {
            const pick = this.pickDeparture(transit, j * d.count, walks[j], d);
            const walk = walks[j], time = transit[j * d.count + pick];
            if (walk === Infinity && time === Infinity) continue;
            if (walk <= time) {
                out[j] = this.walkMeasure(fp, targets.points[j]!, walk, walkEnds, j);
                continue;
            }
            (byDeparture[pick] ??= []).push(j);
            slowest[pick] = Math.max(slowest[pick] ?? 0, time);
        }
        // Each run bounded by its slowest journey: the labels of every journey it traces are kept.
        for (let m = 0; m < d.count; m++) {
            const departureMs = d.startMs + m * STEP_MS;
            if (byDeparture[m]) this.measureAt(departureMs, departureMs + slowest[m], fp, targets, byDeparture[m], walks, walkEnds, out);
        }
        return out;
    }

    /**
     * The travel time by public transport (ms, Infinity where none) from the origin the access
     * search left to each destination j for each departure m of the window, at [j * count + m]:
     * rRAPTOR, latest departure first, each run bounded by the slowest direct walk. Direct walks
     * unknown (Infinity, no walk finder) are found on the way, into walks.
     */
    private windowTransit(fp: EdgePoint, d: Departures, targets: TransitTargets, walks: Float64Array): Float64Array {
        const n = targets.count, count = d.count, raptor = this.raptor;
        const transit = new Float64Array(n * count).fill(Infinity);
        const arrival = new Float64Array(n).fill(Infinity);
        // Unknown walks (Infinity) leave the runs unbounded.
        let slowest = 0;
        for (let j = 0; j < n; j++) if (walks[j] > slowest) slowest = walks[j];
        if (slowest < Infinity && this.windowByProfiles(d, targets, transit)) return transit;
        const first = targets.byStopFirst, target = targets.byStopTarget, egress = targets.byStopMs;
        raptor.seedWindow(this.access.accessStops, this.access.accessMs, this.access.accessCount, d.startMs, count, STEP_MS);
        // Only the times count here: prune what cannot reach any destination within the limit.
        this.stopBounds ??= new StopBounds(this.network);
        this.stopBounds.computeNearest(first, egress);
        raptor.targetBound = this.stopBounds.ms;
        // And what cannot beat any destination's direct walk (8% fewer patterns scanned on Brussels listings).
        if (this.stopBounds.computeSlack(first, target, egress, walks)) raptor.slackBound = this.stopBounds.slack;
        for (let m = count - 1; m >= 0; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            // Nothing later than every destination's walk or arrival leaving a minute later matters.
            let limit = m === count - 1 ? departureMs + slowest : 0;
            for (let j = 0; j < n && m < count - 1; j++) if (!Number.isNaN(walks[j])) limit = Math.max(limit, Math.min(departureMs + walks[j], arrival[j]));
            raptor.run(departureMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, limit, Infinity, m < count - 1, m < count - 1 ? m : -1);
            // Only what this departure improved can lower a destination's arrival.
            for (let i = 0; i < raptor.touchedCount; i++) {
                const s = raptor.touched[i];
                const ride = raptor.bestRide[s];
                if (ride === Infinity) continue;
                for (let e = first[s]; e < first[s + 1]; e++) {
                    const j = target[e];
                    if (ride + egress[e] < arrival[j]) arrival[j] = ride + egress[e];
                }
            }
            for (let j = 0; j < n; j++) transit[j * count + m] = arrival[j] - departureMs;
        }
        raptor.targetBound = raptor.slackBound = null;
        if (slowest === Infinity) {
            // Destinations beyond the access bound without a walk finder: walk on, as route() does.
            let extendTo = 0;
            for (let j = 0; j < n; j++) {
                if (walks[j] !== Infinity) continue;
                for (let m = 0; m < count; m++) extendTo = Math.max(extendTo, transit[j * count + m]);
            }
            this.access.forward.run(extendTo);
            for (let j = 0; j < n; j++) if (walks[j] === Infinity) walks[j] = this.access.directWalk(fp, targets.points[j]!);
        }
        return transit;
    }

    /**
     * Makes every stop's profile over the router's window now (StopProfiles; Brussels: about 0.8 s of CPU), so that
     * the first queries from a new thread do not pay for those of their access stops. Nothing when
     * the network's profiles would not fit in memory, next to nothing when the region's build made them.
     */
    prepareWindow(): void {
        const d = this.departures(this.window);
        const profiles = this.stopProfiles();
        if (!profiles.cover(d.startMs, profileEnd(d))) return;
        for (let s = 0; s < this.network.stopCount; s++) profiles.of(s);
    }

    private stopProfiles(): StopProfiles {
        return (this.profiles ??= new StopProfiles(this.raptor, this.builtProfiles, this.days));
    }

    /**
     * windowTransit's times from the stops' profiles (StopProfiles): per departure and destination, the
     * best over the access stops and the destination's egress walks of the profile's arrival + the walk.
     * The same times wherever they beat the direct walk (elsewhere the range RAPTOR may leave Infinity).
     * False, with nothing written, when the network's profiles do not fit in memory.
     */
    private windowByProfiles(d: Departures, targets: TransitTargets, transit: Float64Array): boolean {
        const profiles = this.stopProfiles();
        if (!profiles.cover(d.startMs, profileEnd(d))) return false;
        const access = this.access, S = this.network.stopCount, n = targets.count, count = d.count;
        const egressFirst = targets.egressFirst, egressStop = targets.egressStop, egressMs = targets.egressMs;
        const arrival = this.profileArrival.length >= n ? this.profileArrival : (this.profileArrival = new Float64Array(n));
        const A = access.accessCount;
        const read = this.profileRead.length >= A ? this.profileRead : (this.profileRead = new Int32Array(A));
        const bestAt = this.profileBestAt.length >= A ? this.profileBestAt : (this.profileBestAt = new Int32Array(A));
        const best = this.profileBest.length >= A * n ? this.profileBest : (this.profileBest = new Float64Array(A * n));
        const used: StopProfile[] = [];
        for (let a = 0; a < A; a++) {
            used.push(profiles.of(access.accessStops[a]));
            read[a] = 0;
            bestAt[a] = -1;
        }
        for (let m = 0; m < count; m++) {
            const departureMs = d.startMs + m * STEP_MS;
            arrival.fill(Infinity, 0, n);
            for (let a = 0; a < A; a++) {
                // The first boarding moment at or after the time one is ready there (later for later departures).
                const {moments, arrivals} = used[a];
                const ready = departureMs + access.accessMs[a];
                let k = read[a];
                while (k < moments.length && moments[k] < ready) k++;
                read[a] = k;
                if (k === moments.length) continue;
                // The stop's best arrivals hold until its boarding moment moves on (every few departures).
                if (bestAt[a] !== k) {
                    bestAt[a] = k;
                    const row = k * S;
                    for (let j = 0; j < n; j++) {
                        let b = Infinity;
                        for (let e = egressFirst[j]; e < egressFirst[j + 1]; e++) {
                            const seconds = arrivals[row + egressStop[e]];
                            if (seconds === NO_ARRIVAL) continue;
                            const t = seconds * 1000 + egressMs[e];
                            if (t < b) b = t;
                        }
                        best[a * n + j] = b;
                    }
                }
                for (let j = 0, at = a * n; j < n; j++) if (best[at + j] < arrival[j]) arrival[j] = best[at + j];
            }
            for (let j = 0; j < n; j++) transit[j * count + m] = arrival[j] - departureMs;
        }
        return true;
    }

    /** The direct walk as a measure (route()'s time and distance for a walk). */
    private walkMeasure(fp: EdgePoint, tp: EdgePoint, walk: number, walkEnds: Int32Array, j: number): TransitMeasure {
        const time = Math.round(walk);
        if (time > this.walkMetersWithin) return {time, distance: NaN, walkOnly: true};
        if (!Number.isNaN(this.walkMetersKnown[j])) return {time, distance: this.walkMetersKnown[j], walkOnly: true};
        this.access.walkSource = walkEnds[2 * j];
        this.access.walkTarget = walkEnds[2 * j + 1];
        return {time, distance: this.access.walkMeters(fp, tp), walkOnly: true};
    }

    /**
     * route()'s answer leaving at departureMs for the destinations `js`: one RAPTOR run (bounded by
     * limitMs, without a target), then per destination the best ride and egress that beats its walk,
     * picked as route()'s run picks it, and the journey traced for its metres.
     */
    private measureAt(departureMs: number, limitMs: number, fp: EdgePoint, targets: TransitTargets, js: number[], walks: Float64Array, walkEnds: Int32Array, out: (TransitMeasure | null)[]): void {
        const raptor = this.raptor;
        raptor.run(departureMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, limitMs, Infinity);

        const transits = new Float64Array(js.length), rounds = new Int32Array(js.length), lastStops = new Int32Array(js.length);
        let extendTo = -1;
        for (let i = 0; i < js.length; i++) {
            const j = js[i];
            raptor.pickTarget(targets.egressStop, targets.egressMs, targets.egressFirst[j], targets.egressFirst[j + 1], departureMs + walks[j]);
            transits[i] = raptor.bestRound >= 0 ? raptor.bestTarget - departureMs : Infinity;
            rounds[i] = raptor.bestRound;
            lastStops[i] = raptor.bestStop;
            if (walks[j] === Infinity) extendTo = Math.max(extendTo, transits[i]);
        }
        if (extendTo >= 0) {
            // Destinations beyond the access bound without a walk finder: walk on, as route() does.
            this.access.forward.run(extendTo);
            for (const j of js) if (walks[j] === Infinity) walks[j] = this.access.directWalk(fp, targets.points[j]!);
        }

        for (let i = 0; i < js.length; i++) {
            const j = js[i];
            const walk = walks[j], transit = transits[i];
            if (walk === Infinity && transit === Infinity) continue;
            if (walk <= transit) {
                out[j] = this.walkMeasure(fp, targets.points[j]!, walk, walkEnds, j);
                continue;
            }
            let egressMeters = 0;
            for (let e = targets.egressFirst[j]; e < targets.egressFirst[j + 1]; e++) {
                if (targets.egressStop[e] === lastStops[i]) egressMeters = targets.egressMeters[e];
            }
            const steps = this.legs.traceJourney(rounds[i], lastStops[i]);
            out[j] = {time: Math.round(transit), distance: this.legs.journeyMeters(fp, steps, egressMeters)};
        }
    }

    /**
     * route()'s `time` and `distance` from one position to many (flat lat, lon, lat, lon, …). See
     * measureTargets for what each gives.
     */
    measureMany(fromLat: number, fromLon: number, tos: ArrayLike<number>, departure: Departure = this.window, walkMetersWithin = Infinity): (TransitMeasure | null)[] {
        return this.measureTargets(fromLat, fromLon, this.targets(tos, false), departure, walkMetersWithin);
    }

    /**
     * Travel time to every stop, as ms (INF where not reached within maxSeconds): from one
     * departure, or over a window the percentile of the per-departure times (each from rRAPTOR).
     */
    oneToAllStops(lat: number, lon: number, maxSeconds: number, departure: Departure = this.window, out = new Uint32Array(this.network.stopCount)): Uint32Array {
        const from = this.snapper.snap(lat, lon, FOOT);
        if (!from) throw new TransitError('from-off-network', 'The start is too far from any path or street one may walk on.');
        const fp = edgePoint(this.graph, from.edge, from.offset);
        this.stopArrivals(fp, maxSeconds * 1000, this.departures(departure), out);
        return out;
    }

    /**
     * Travel time to every node of the foot graph, as ms (INF where not reached within
     * maxSeconds): walking all the way, or riding and then walking from any stop, with the stops'
     * times of oneToAllStops. Over a window a node's time is then the faster of the walk and, over
     * the stops, a stop's percentile time plus the walk from it: a place is reached within that
     * time at least at the percentile's share of the departures (it may be more often: an upper
     * bound on its own percentile time, which one foot search per departure would give).
     */
    oneToAll(lat: number, lon: number, maxSeconds: number, departure: Departure = this.window, out = new Uint32Array(this.graph.nodeCount)): Uint32Array {
        const from = this.snapper.snap(lat, lon, FOOT);
        if (!from) throw new TransitError('from-off-network', 'The start is too far from any path or street one may walk on.');
        const g = this.graph, net = this.network;
        const fp = edgePoint(g, from.edge, from.offset);
        const maxMs = maxSeconds * 1000;
        const stops = new Uint32Array(net.stopCount);
        this.stopArrivals(fp, maxMs, this.departures(departure), stops);
        const search = this.access.spare;
        search.reset();
        search.seedPoint(fp, 0);
        for (let s = 0; s < net.stopCount; s++) {
            const t = stops[s];
            if (t === INF || net.stopEdge[s] < 0) continue;
            const e = net.stopEdge[s];
            if (net.stopToA[s] !== INF) search.seed(g.edgeFrom[e], t + net.stopToA[s], 0);
            if (net.stopToB[s] !== INF) search.seed(g.edgeTo[e], t + net.stopToB[s], 0);
        }
        search.run(maxMs);
        out.fill(INF);
        for (let i = 0; i < search.reachedCount; i++) {
            const x = search.reached[i];
            const t = search.dist[x];
            if (t <= maxMs) out[x] = Math.round(t);
        }
        return out;
    }

    /** RAPTOR from a position without a destination; travel times per stop (ms) into out. */
    private stopArrivals(fp: EdgePoint, maxMs: number, d: Departures, out: Uint32Array): void {
        this.access.findAccess(fp, Math.min(ACCESS_MAX_SECONDS * 1000, maxMs));
        const raptor = this.raptor;
        out.fill(INF);
        if (d.count === 1) {
            raptor.run(d.startMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, d.startMs + maxMs, Infinity);
            for (let s = 0; s < this.network.stopCount; s++) {
                const t = Math.min(raptor.bestRide[s], raptor.bestWalk[s]) - d.startMs;
                if (t <= maxMs) out[s] = Math.round(t);
            }
            return;
        }
        // rRAPTOR: per stop reached, its time for each departure (Infinity before it is first
        // reached, i.e. for the later departures, and beyond maxMs), then the percentile's.
        const count = d.count, arrival = this.stopArrival, reached = this.reachedStops;
        if (this.stopTimes.length < arrival.length * count) this.stopTimes = new Float64Array(arrival.length * count);
        const times = this.stopTimes;
        arrival.fill(Infinity);
        let reachedCount = 0;
        raptor.seedWindow(this.access.accessStops, this.access.accessMs, this.access.accessCount, d.startMs, count, STEP_MS);
        for (let m = count - 1; m >= 0; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            raptor.run(departureMs, this.access.accessStops, this.access.accessMs, this.access.accessCount, departureMs + maxMs, Infinity, m < count - 1, m < count - 1 ? m : -1);
            for (let i = 0; i < raptor.touchedCount; i++) {
                const s = raptor.touched[i];
                const t = Math.min(raptor.bestRide[s], raptor.bestWalk[s]);
                if (!(t < arrival[s])) continue;
                if (arrival[s] === Infinity) {
                    reached[reachedCount++] = s;
                    times.fill(Infinity, s * count + m + 1, (s + 1) * count);
                }
                arrival[s] = t;
            }
            for (let i = 0; i < reachedCount; i++) {
                const s = reached[i];
                const t = arrival[s] - departureMs;
                times[s * count + m] = t <= maxMs ? t : Infinity;
            }
        }
        for (let i = 0; i < reachedCount; i++) {
            const s = reached[i];
            const t = times[s * count + percentileDeparture(times, s * count, count, d.percentile, this.windowSelect)];
            if (t <= maxMs) out[s] = Math.round(t);
        }
    }

    stopRef(s: number): TransitStopRef {
        return this.legs.stopRef(s);
    }
}

/** The latest moment one may be ready at an access stop over a window: its last departure and the longest access walk. */
function profileEnd(d: Departures): number {
    return profileSpanMs(d.startMs, d.count, ACCESS_MAX_SECONDS).toMs;
}

/** Whether two snaps are the same place (route() refuses them, the measures give 0). */
function samePosition(from: Snap, to: Snap): boolean {
    return from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS;
}
