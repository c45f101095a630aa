// Public transport journeys: walk to the stops around the origin, RAPTOR over the timetable, walk
// from the stops around the destination, and keep the direct walk when it is as fast. Also the
// one-to-all search behind transit isochrones: earliest arrival at every stop, then at every node
// of the foot network by a walking search seeded from all of them at once.
//
// Bounds: the access walk reaches the stops within ACCESS_MAX_SECONDS of walking (15 min, about
// 1.25 km at 5 km/h), the egress walk the stops within EGRESS_MAX_SECONDS; the direct walk has no
// bound. Footpaths between stops are the section's (FOOTPATH_MAX_SECONDS, see compile.ts).
//
// One TransitRouter owns scratch arrays sized to the foot graph and the timetable: make one per
// thread, reuse it for every query. It is not reentrant.
import {FOOT} from '../../graph/profiles.js';
import {INF, REVERSED, type RoadGraph} from '../../graph/road-graph.js';
import type {Snap, Snapper} from '../../graph/snap.js';
import {SAME_POSITION_METERS} from '../../route/road-router.js';
import {appendEdgePoints} from '../../route/geometry.js';
import {alongEdge, edgePoint, FootSearch, type EdgePoint} from '../foot-search.js';
import {isoLocal, parseGtfsDate} from '../gtfs-values.js';
import {routeMode, type TransitNetwork} from './network.js';
import {dayTrips, MAX_RIDES, Raptor} from './raptor.js';
import {StopBounds} from './stop-bounds.js';
import {DEFAULT_DEPARTURE_WINDOW, departureCount, MAX_WINDOW_DEPARTURES, percentileDeparture, WINDOW_STEP_SECONDS, windowProblem, type DepartureWindow} from './departure-window.js';

export const ACCESS_MAX_SECONDS = 900;
export const EGRESS_MAX_SECONDS = 900;
/** 08:00 local time: the centre of the default departure window (SPEC §2.4 rule 3: about 08:00). */
export const DEFAULT_DEPARTURE_SECONDS = 8 * 3600;

/**
 * When a journey leaves: one departure (seconds after midnight, local time), or a window of
 * departures whose percentile travel time answers (departure-window.ts).
 */
export type Departure = number | DepartureWindow;

/**
 * Memory the remembered egress walks may take per router: an entry costs about 800 bytes (key, object,
 * three typed arrays: measured) and 20 bytes per walk.
 */
const EGRESS_MEMO_BYTES = 64 * 1024 * 1024;
const EGRESS_ENTRY_BYTES = 800, EGRESS_WALK_BYTES = 20;

/** The walks from the stops around one destination to it: stop index (ascending), ms, metres. */
interface EgressWalks {
    stop: Uint32Array;
    ms: Float64Array;
    meters: Float64Array;
}

/** Kinds of the steps traceJourney leaves. */
const STEP_ACCESS = 0, STEP_RIDE = 1, STEP_FOOT = 2;

export type TransitErrorCode = 'no-transit' | 'from-off-network' | 'to-off-network' | 'unreachable' | 'same-position';

export class TransitError extends Error {
    constructor(readonly code: TransitErrorCode, message: string) {
        super(message);
        this.name = 'TransitError';
    }
}

export interface TransitStopRef {
    /** Namespaced id: "<feed>:<stop_id>". */
    id: string;
    name: string;
    lat: number;
    lon: number;
}

export interface TransitStopCall extends TransitStopRef {
    /** Seconds after midnight of the reference day. */
    arrival: number;
    departure: number;
}

interface LegTimes {
    /** Seconds after midnight of the reference day (past 86,400 after midnight). */
    departure: number;
    arrival: number;
    /** The same as ISO 8601 local times with the region's UTC offset. */
    departureTime: string;
    arrivalTime: string;
    /** metres */
    distance: number;
    /** ms */
    time: number;
    /** flat [lon, lat, lon, lat, ...] */
    points: number[];
}

export interface WalkLeg extends LegTimes {
    type: 'walk';
}

export interface RideLeg extends LegTimes {
    type: 'ride';
    routeId: string;
    routeShortName: string;
    routeLongName: string;
    /** tram, subway, rail, bus, ferry, … (from the GTFS route_type) */
    mode: string;
    routeType: number;
    /** route_color (hex without #), '' when absent */
    color: string;
    agency: string;
    tripId: string;
    headsign: string;
    from: TransitStopRef;
    to: TransitStopRef;
    /** Every call from boarding to alighting, both included. */
    stops: TransitStopCall[];
}

export interface TransferLeg extends LegTimes {
    type: 'transfer';
    from: TransitStopRef;
    to: TransitStopRef;
}

export type TransitLeg = WalkLeg | RideLeg | TransferLeg;

export interface TransitRoute {
    /**
     * ms from the departure to the arrival, waiting for the first vehicle included: over a window,
     * the percentile (median) of the per-minute times, and this journey is the one leaving at
     * `departure` that takes it.
     */
    time: number;
    /** metres, all legs */
    distance: number;
    /** Seconds after midnight of the reference day: the journey's real departure. */
    departure: number;
    arrival: number;
    /** Rides minus one (0 for a walk). */
    transfers: number;
    /** True when the direct walk is the answer (as fast as any public transport). */
    walkOnly: boolean;
    legs: TransitLeg[];
    /** flat [lon, lat, ...] of the whole journey */
    points: number[];
    from: Snap;
    to: Snap;
}

/** Time and distance of the fastest journey, without its legs (route()'s `time` and `distance`). */
export interface TransitMeasure {
    /** ms */
    time: number;
    /** metres */
    distance: number;
}

/**
 * Destinations prepared once for measuring from many origins (TransitRouter.targets): their foot
 * snaps and their egress walks to the stops around them.
 */
export interface TransitTargets {
    readonly count: number;
    /** Per destination, where it lies on the foot network; null when too far from any path. */
    readonly snaps: (Snap | null)[];
    readonly points: (EdgePoint | null)[];
    /**
     * Destination j's egress walks, i in [egressFirst[j], egressFirst[j + 1]): from stop
     * egressStop[i] (ascending) in egressMs[i] ms over egressMeters[i] metres.
     */
    readonly egressFirst: Uint32Array;
    readonly egressStop: Uint32Array;
    readonly egressMs: Float64Array;
    readonly egressMeters: Float64Array;
    /** The same walks by stop: entries [byStopFirst[s], byStopFirst[s + 1]) of byStopTarget / byStopMs. */
    readonly byStopFirst: Uint32Array;
    readonly byStopTarget: Uint32Array;
    readonly byStopMs: Float64Array;
}

/** Node-to-node walking times and paths on the foot graph (a CHQuery over the foot hierarchy). */
export interface WalkFinder {
    distance(source: number, target: number): number;
    path(source: number, target: number): {weight: number; arcs: Uint32Array};
}

export interface TransitRouterOptions {
    /** Run every feed's timetable of this date (YYYY-MM-DD) instead of its reference day. */
    date?: string;
    maxRides?: number;
    /**
     * Finds direct walks longer than the access bound quickly (Region passes its foot CHQuery);
     * without it the access search is extended until it reaches the destination.
     */
    walk?: WalkFinder;
    /** The departures a query leaves at when it names none (default 07:30–08:30, the median). */
    window?: DepartureWindow;
}

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
    private readonly forward: FootSearch;
    private readonly backward: FootSearch;
    private readonly spare: FootSearch;
    private readonly accessStops: Uint32Array;
    private readonly accessMs: Float64Array;
    private accessCount = 0;
    private readonly egressList: Uint32Array;
    private egressCount = 0;
    private readonly stamp: Int32Array;
    private query = 0;
    private readonly walkFinder: WalkFinder | null;
    /** The direct walk found by walkFinder: the two nodes it runs between (-1: found by the access search). */
    private walkSource = -1;
    private walkTarget = -1;
    /** The journey traceJourney follows, in travel order: kind, stop or label, footpath end and arrival. */
    private readonly stepKind: Uint8Array;
    private readonly stepA: Int32Array;
    private readonly stepB: Int32Array;
    private readonly stepAt: Float64Array;
    /** Egress walks by destination (see egressWalks), in the order they were found, and their estimated bytes. */
    private readonly egressMemo = new Map<string, EgressWalks>();
    private egressMemoBytes = 0;
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
        this.walkFinder = options.walk ?? null;
        this.forward = new FootSearch(graph, true);
        this.backward = new FootSearch(graph, false);
        this.spare = new FootSearch(graph, true);
        const s = network.stopCount;
        this.accessStops = new Uint32Array(s);
        this.accessMs = new Float64Array(s);
        this.egressList = new Uint32Array(s);
        this.stamp = new Int32Array(s).fill(-1);
        const steps = 2 * this.raptor.maxRides + 1;
        this.stepKind = new Uint8Array(steps);
        this.stepA = new Int32Array(steps);
        this.stepB = new Int32Array(steps);
        this.stepAt = new Float64Array(steps);
        this.window = options.window ?? DEFAULT_DEPARTURE_WINDOW;
        const problem = windowProblem(this.window);
        if (problem) throw new Error(problem);
        this.stopArrival = new Float64Array(s);
        this.reachedStops = new Uint32Array(s);
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

        this.findAccess(fp, ACCESS_MAX_SECONDS * 1000);
        const walkKnown = this.walkBefore(fp, tp);
        let walk = walkKnown;
        this.findEgress(tp, EGRESS_MAX_SECONDS * 1000);
        const raptor = this.raptor;
        // Over a window, first the travel time per departure (latest first, labels kept, each run
        // bounded by the arrival of the one after), then the percentile's departure is routed alone.
        const transit = this.windowTimes;
        let latest = Infinity;
        if (d.count > 1) {
            raptor.seedWindow(this.accessStops, this.accessMs, this.accessCount, d.startMs, d.count, STEP_MS);
            // Only the times count here: prune towards the destination (the journey is routed below).
            this.stopBounds ??= new StopBounds(this.network);
            this.stopBounds.compute(this.egressList, this.egressCount, raptor.egressMs);
            raptor.targetBound = this.stopBounds.ms;
        }
        for (let m = d.count - 1; m >= 0 && d.count > 1; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            raptor.run(departureMs, this.accessStops, this.accessMs, this.accessCount, Infinity, Math.min(departureMs + walk, latest), m < d.count - 1, m < d.count - 1 ? m : -1);
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
                this.forward.run(slowest);
                walk = this.directWalk(fp, tp);
            }
            pick = this.pickDeparture(transit, 0, walk, d);
        }
        const departureMs = d.startMs + pick * STEP_MS;
        if (d.count > 1 && walk <= transit[pick]) {
            // The walk answers (it is as fast as the percentile's ride), or nothing does.
            this.clearEgress();
            if (walk === Infinity) throw new TransitError('unreachable', 'No walk or public transport journey connects these two positions.');
            return this.walkRoute(fp, tp, from, to, departureMs, walk);
        }
        raptor.run(departureMs, this.accessStops, this.accessMs, this.accessCount, Infinity, departureMs + walkKnown);
        this.clearEgress();
        const time = raptor.bestRound >= 0 ? raptor.bestTarget - departureMs : Infinity;
        if (walk === Infinity) {
            // The destination lies beyond the access bound: walk on until transit's time (or everywhere).
            this.forward.run(time);
            walk = this.directWalk(fp, tp);
        }
        if (walk === Infinity && time === Infinity) {
            throw new TransitError('unreachable', 'No walk or public transport journey connects these two positions.');
        }
        if (walk <= time) return this.walkRoute(fp, tp, from, to, departureMs, walk);
        return this.journey(fp, tp, from, to, departureMs);
    }

    /**
     * Snaps destinations (flat lat, lon, lat, lon, …) and finds their egress walks, once, for
     * measureTargets from any number of origins.
     */
    targets(tos: ArrayLike<number>): TransitTargets {
        const n = tos.length >> 1;
        const snaps: (Snap | null)[] = [], points: (EdgePoint | null)[] = [];
        const egressFirst = new Uint32Array(n + 1);
        const stops: number[] = [], ms: number[] = [], meters: number[] = [];
        for (let j = 0; j < n; j++) {
            const to = this.snapper.snap(tos[2 * j], tos[2 * j + 1], FOOT);
            const tp = to && edgePoint(this.graph, to.edge, to.offset);
            snaps.push(to);
            points.push(tp);
            if (to && tp) {
                const walks = this.egressWalks(to, tp);
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
            count: n, snaps, points, egressFirst,
            egressStop: Uint32Array.from(stops), egressMs: Float64Array.from(ms), egressMeters: Float64Array.from(meters),
            byStopFirst, byStopTarget, byStopMs
        };
    }

    /**
     * The walks from the stops within EGRESS_MAX_SECONDS of a destination to it, by stop index. They
     * depend on the destination alone, and the places measured from listing after listing are mostly
     * the same few (2,000 Brussels positions: 24,000 trips to 1,365 places), so they are remembered,
     * up to EGRESS_MEMO_BYTES (the oldest destinations forgotten first; a destination with no stop in
     * reach counts too).
     */
    private egressWalks(to: Snap, tp: EdgePoint): EgressWalks {
        const key = `${to.edge}:${to.offset}`;
        const known = this.egressMemo.get(key);
        if (known) return known;
        this.findEgress(tp, EGRESS_MAX_SECONDS * 1000);
        const stop = this.egressList.slice(0, this.egressCount).sort();
        const ms = new Float64Array(stop.length), meters = new Float64Array(stop.length);
        for (let i = 0; i < stop.length; i++) {
            ms[i] = this.raptor.egressMs[stop[i]];
            meters[i] = this.walkPath(this.backward, tp, this.stopPoint(stop[i]), null).meters;
        }
        this.clearEgress();
        const walks = {stop, ms, meters};
        const bytes = (w: EgressWalks) => EGRESS_ENTRY_BYTES + EGRESS_WALK_BYTES * w.stop.length;
        this.egressMemoBytes += bytes(walks);
        for (const [oldKey, old] of this.egressMemo) {
            if (this.egressMemoBytes <= EGRESS_MEMO_BYTES) break;
            this.egressMemo.delete(oldKey);
            this.egressMemoBytes -= bytes(old);
        }
        this.egressMemo.set(key, walks);
        return walks;
    }

    /**
     * route()'s `time` and `distance` from one position to every destination of `targets`: null
     * where route() finds no journey ('unreachable') or the destination is off the foot network
     * ('to-off-network'); {time: 0, distance: 0} where start and destination are the same place
     * (route() throws 'same-position'). Throws 'from-off-network' like route(). One access search
     * for all of them; over a window, one range RAPTOR (a run per departure, labels kept, bounded by
     * the slowest direct walk) for the times, then per departure some destination's percentile
     * falls on, one RAPTOR run that traces their journeys (as route() does, for the distance).
     */
    measureTargets(fromLat: number, fromLon: number, targets: TransitTargets, departure: Departure = this.window): (TransitMeasure | null)[] {
        const from = this.snapper.snap(fromLat, fromLon, FOOT);
        if (!from) throw new TransitError('from-off-network', 'The start is too far from any path or street one may walk on.');
        const fp = edgePoint(this.graph, from.edge, from.offset);
        const d = this.departures(departure);
        const n = targets.count;
        const out: (TransitMeasure | null)[] = new Array<TransitMeasure | null>(n).fill(null);
        this.findAccess(fp, ACCESS_MAX_SECONDS * 1000);

        // The direct walks known before RAPTOR (NaN: nothing to measure), and the finder's ends.
        const walks = new Float64Array(n), walkEnds = new Int32Array(2 * n);
        const todo: number[] = [];
        for (let j = 0; j < n; j++) {
            const to = targets.snaps[j], tp = targets.points[j];
            walks[j] = NaN;
            if (!to || !tp) continue;
            if (samePosition(from, to)) {
                out[j] = {time: 0, distance: 0};
                continue;
            }
            walks[j] = this.walkBefore(fp, tp);
            walkEnds[2 * j] = this.walkSource;
            walkEnds[2 * j + 1] = this.walkTarget;
            todo.push(j);
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
        const first = targets.byStopFirst, target = targets.byStopTarget, egress = targets.byStopMs;
        raptor.seedWindow(this.accessStops, this.accessMs, this.accessCount, d.startMs, count, STEP_MS);
        // Only the times count here: prune what cannot reach any destination within the limit.
        this.stopBounds ??= new StopBounds(this.network);
        this.stopBounds.computeNearest(first, egress);
        raptor.targetBound = this.stopBounds.ms;
        for (let m = count - 1; m >= 0; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            // Nothing later than every destination's walk or arrival leaving a minute later matters.
            let limit = m === count - 1 ? departureMs + slowest : 0;
            for (let j = 0; j < n && m < count - 1; j++) if (!Number.isNaN(walks[j])) limit = Math.max(limit, Math.min(departureMs + walks[j], arrival[j]));
            raptor.run(departureMs, this.accessStops, this.accessMs, this.accessCount, limit, Infinity, m < count - 1, m < count - 1 ? m : -1);
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
        raptor.targetBound = null;
        if (slowest === Infinity) {
            // Destinations beyond the access bound without a walk finder: walk on, as route() does.
            let extendTo = 0;
            for (let j = 0; j < n; j++) {
                if (walks[j] !== Infinity) continue;
                for (let m = 0; m < count; m++) extendTo = Math.max(extendTo, transit[j * count + m]);
            }
            this.forward.run(extendTo);
            for (let j = 0; j < n; j++) if (walks[j] === Infinity) walks[j] = this.directWalk(fp, targets.points[j]!);
        }
        return transit;
    }

    /** The direct walk as a measure (route()'s time and distance for a walk). */
    private walkMeasure(fp: EdgePoint, tp: EdgePoint, walk: number, walkEnds: Int32Array, j: number): TransitMeasure {
        this.walkSource = walkEnds[2 * j];
        this.walkTarget = walkEnds[2 * j + 1];
        return {time: Math.round(walk), distance: this.walkMeters(fp, tp)};
    }

    /**
     * route()'s answer leaving at departureMs for the destinations `js`: one RAPTOR run (bounded by
     * limitMs, without a target), then per destination the best ride and egress that beats its walk,
     * picked as route()'s run picks it, and the journey traced for its metres.
     */
    private measureAt(departureMs: number, limitMs: number, fp: EdgePoint, targets: TransitTargets, js: number[], walks: Float64Array, walkEnds: Int32Array, out: (TransitMeasure | null)[]): void {
        const raptor = this.raptor;
        raptor.run(departureMs, this.accessStops, this.accessMs, this.accessCount, limitMs, Infinity);

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
            this.forward.run(extendTo);
            for (const j of js) if (walks[j] === Infinity) walks[j] = this.directWalk(fp, targets.points[j]!);
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
            const steps = this.traceJourney(rounds[i], lastStops[i]);
            out[j] = {time: Math.round(transit), distance: this.journeyMeters(fp, steps, egressMeters)};
        }
    }

    /**
     * route()'s `time` and `distance` from one position to many (flat lat, lon, lat, lon, …). See
     * measureTargets for what each gives.
     */
    measureMany(fromLat: number, fromLon: number, tos: ArrayLike<number>, departure: Departure = this.window): (TransitMeasure | null)[] {
        return this.measureTargets(fromLat, fromLon, this.targets(tos), departure);
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
        const search = this.spare;
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
        this.findAccess(fp, Math.min(ACCESS_MAX_SECONDS * 1000, maxMs));
        const raptor = this.raptor;
        out.fill(INF);
        if (d.count === 1) {
            raptor.run(d.startMs, this.accessStops, this.accessMs, this.accessCount, d.startMs + maxMs, Infinity);
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
        raptor.seedWindow(this.accessStops, this.accessMs, this.accessCount, d.startMs, count, STEP_MS);
        for (let m = count - 1; m >= 0; m--) {
            const departureMs = d.startMs + m * STEP_MS;
            raptor.run(departureMs, this.accessStops, this.accessMs, this.accessCount, departureMs + maxMs, Infinity, m < count - 1, m < count - 1 ? m : -1);
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

    /** Walks from the origin point up to maxMs; the stops reached go to accessStops / accessMs. */
    private findAccess(fp: EdgePoint, maxMs: number): void {
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

    /** Walks backwards from the destination up to maxMs; egress times go to raptor.egressMs. */
    private findEgress(tp: EdgePoint, maxMs: number): void {
        const search = this.backward;
        search.reset();
        search.seedPoint(tp, 0);
        search.run(maxMs);
        const net = this.network, g = this.graph, egress = this.raptor.egressMs;
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

    private clearEgress(): void {
        const egress = this.raptor.egressMs;
        for (let i = 0; i < this.egressCount; i++) egress[this.egressList[i]] = Infinity;
        this.egressCount = 0;
    }

    /**
     * The direct walk (ms) known before RAPTOR: settled by the access search, else through the walk
     * finder (which remembers its two nodes in walkSource / walkTarget); Infinity when unknown.
     */
    private walkBefore(fp: EdgePoint, tp: EdgePoint): number {
        const walk = this.directWalk(fp, tp);
        this.walkSource = this.walkTarget = -1;
        return walk === Infinity && this.walkFinder ? this.finderWalk(fp, tp) : walk;
    }

    /** Metres of the direct walk found last (through the walk finder's nodes, else the forward search). */
    private walkMeters(fp: EdgePoint, tp: EdgePoint): number {
        return this.walkSource >= 0 ? this.finderPath(fp, tp, null).meters : this.walkPath(this.forward, fp, tp, null).meters;
    }

    /** The direct walk (ms) through the walk finder, between the points' edge ends; remembers the best pair. */
    private finderWalk(fp: EdgePoint, tp: EdgePoint): number {
        const g = this.graph, finder = this.walkFinder!;
        let best = Infinity;
        for (let i = 0; i < 2; i++) {
            const out = i === 0 ? fp.toA : fp.toB;
            if (out === INF) continue;
            const source = i === 0 ? g.edgeFrom[fp.edge] : g.edgeTo[fp.edge];
            for (let j = 0; j < 2; j++) {
                const into = j === 0 ? tp.fromA : tp.fromB;
                if (into === INF || out + into >= best) continue;
                const target = j === 0 ? g.edgeFrom[tp.edge] : g.edgeTo[tp.edge];
                const d = finder.distance(source, target);
                if (d === INF) continue;
                if (out + d + into < best) {
                    best = out + d + into;
                    this.walkSource = source;
                    this.walkTarget = target;
                }
            }
        }
        return best;
    }

    /** The direct walk (ms) when the forward search has settled enough to know it; Infinity otherwise. */
    private directWalk(fp: EdgePoint, tp: EdgePoint): number {
        const search = this.forward;
        let ms = search.timeAt(tp).ms;
        if (fp.edge === tp.edge) ms = Math.min(ms, alongEdge(this.graph, fp.edge, fp.offset, tp.offset));
        // Through one settled end the walk may still be longer than through the other, unsettled
        // one: it is known only when it fits within the bound.
        return ms <= search.bound || search.exhausted ? ms : Infinity;
    }

    private stopPoint(s: number): EdgePoint {
        const net = this.network;
        return {
            edge: net.stopEdge[s], offset: net.stopOffset[s],
            fromA: net.stopFromA[s], toA: net.stopToA[s], fromB: net.stopFromB[s], toB: net.stopToB[s]
        };
    }

    stopRef(s: number): TransitStopRef {
        const net = this.network;
        return {id: net.stopIds.get(s), name: net.stopNames.get(s), lat: net.stopLat[s] / 1e7, lon: net.stopLon[s] / 1e7};
    }

    /**
     * A walk between two points: through the search that settled `to` (forward from `from`), or
     * along their shared edge. With `points` null, only metres and time (no geometry).
     */
    private walkPath(search: FootSearch, seed: EdgePoint, target: EdgePoint, points: number[] | null = []): {points: number[]; meters: number; ms: number} {
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

    private walkRoute(fp: EdgePoint, tp: EdgePoint, from: Snap, to: Snap, departureMs: number, walk: number): TransitRoute {
        const w = this.walkSource >= 0 ? this.finderPath(fp, tp) : this.walkPath(this.forward, fp, tp);
        const day = this.days[0] ?? 0, offset = this.network.feeds[0]?.utcOffset ?? 0;
        const leg: WalkLeg = {type: 'walk', ...this.times(departureMs, departureMs + walk, day, offset), distance: w.meters, time: Math.round(walk), points: w.points};
        return {
            time: Math.round(walk), distance: w.meters, departure: departureMs / 1000, arrival: (departureMs + walk) / 1000,
            transfers: 0, walkOnly: true, legs: [leg], points: w.points.slice(), from, to
        };
    }

    /** Geometry (unless `points` is null) and metres of the walk finderWalk found. */
    private finderPath(fp: EdgePoint, tp: EdgePoint, points: number[] | null = []): {points: number[]; meters: number} {
        const g = this.graph;
        const found = this.walkFinder!.path(this.walkSource, this.walkTarget);
        const startEnd = this.walkSource === g.edgeFrom[fp.edge] ? 0 : g.edgeLength[fp.edge];
        if (points) appendEdgePoints(g, fp.edge, fp.offset, startEnd, points, true);
        let meters = Math.abs(fp.offset - startEnd);
        for (const a of found.arcs) {
            const ref = g.arcEdge[a];
            const e = (ref & ~REVERSED) >>> 0;
            const reversed = (ref & REVERSED) !== 0;
            if (points) appendEdgePoints(g, e, reversed ? g.edgeLength[e] : 0, reversed ? 0 : g.edgeLength[e], points, false);
            meters += g.edgeLength[e];
        }
        const endEnd = this.walkTarget === g.edgeFrom[tp.edge] ? 0 : g.edgeLength[tp.edge];
        if (points) appendEdgePoints(g, tp.edge, endEnd, tp.offset, points, false);
        meters += Math.abs(tp.offset - endEnd);
        return {points: points ?? [], meters};
    }

    private times(departureMs: number, arrivalMs: number, day: number, offset: number): {departure: number; arrival: number; departureTime: string; arrivalTime: string} {
        return {
            departure: departureMs / 1000, arrival: arrivalMs / 1000,
            departureTime: isoLocal(day, departureMs / 1000, offset), arrivalTime: isoLocal(day, arrivalMs / 1000, offset)
        };
    }

    /**
     * Follows the labels of the last run back from the ride reaching stop s in round k to the
     * access walk; the steps go, in travel order, to step*[0..count) (returned).
     */
    private traceJourney(k: number, s: number): number {
        const raptor = this.raptor, net = this.network, S = net.stopCount;
        const kind = this.stepKind, a = this.stepA, b = this.stepB;
        // Newest first, reversed at the end.
        let count = 0, byRide = true;
        for (;;) {
            if (byRide) {
                const idx = k * S + s;
                kind[count] = STEP_RIDE;
                a[count++] = idx;
                const p = net.tripPattern[raptor.rideTrip[idx]];
                s = net.patternStops[net.patternStopFirst[p] + raptor.rideBoardPos[idx]];
                byRide = raptor.rideBoardByRide[idx] === 1;
                k = raptor.rideBoardRound[idx];
            } else if (k === 0) {
                kind[count] = STEP_ACCESS;
                a[count++] = s;
                break;
            } else {
                const idx = k * S + s;
                const from = raptor.walkFrom[idx];
                kind[count] = STEP_FOOT;
                a[count] = from;
                b[count++] = s;
                this.stepAt[count - 1] = raptor.walkTime[idx];
                s = from;
                byRide = true;
            }
        }
        kind.subarray(0, count).reverse();
        a.subarray(0, count).reverse();
        b.subarray(0, count).reverse();
        this.stepAt.subarray(0, count).reverse();
        return count;
    }

    /**
     * Metres of the journey traceJourney left in the steps, summed leg by leg as journey() sums
     * them; egressMeters: the walk from its last stop to the destination.
     */
    private journeyMeters(fp: EdgePoint, count: number, egressMeters: number): number {
        let distance = 0;
        for (let i = 0; i < count; i++) {
            const kind = this.stepKind[i];
            if (kind === STEP_ACCESS) distance += this.walkPath(this.forward, fp, this.stopPoint(this.stepA[i]), null).meters;
            else if (kind === STEP_RIDE) distance += this.rideMeters(this.stepA[i]);
            else distance += this.footpathMeters(this.stepA[i], this.stepB[i]);
        }
        return distance + egressMeters;
    }

    /** Rebuilds the journey RAPTOR found, from its last ride back to the access walk. */
    private journey(fp: EdgePoint, tp: EdgePoint, from: Snap, to: Snap, departureMs: number): TransitRoute {
        const raptor = this.raptor, net = this.network;
        const count = this.traceJourney(raptor.bestRound, raptor.bestStop);
        const legs: TransitLeg[] = [];
        const feedOf = (idx: number) => net.tripFeed(raptor.rideTrip[idx]);
        // The day and offset for a leg's ISO times: those of the nearest ride's feed.
        let rideFeed = 0;
        for (let i = 0; i < count; i++) if (this.stepKind[i] === STEP_RIDE) {
            rideFeed = feedOf(this.stepA[i]);
            break;
        }
        let clock = departureMs;
        let rides = 0;
        for (let i = 0; i < count; i++) {
            const kind = this.stepKind[i], a = this.stepA[i];
            if (kind === STEP_ACCESS) {
                const w = this.walkPath(this.forward, fp, this.stopPoint(a));
                legs.push({type: 'walk', ...this.times(clock, clock + w.ms, this.days[rideFeed], net.feeds[rideFeed].utcOffset), distance: w.meters, time: Math.round(w.ms), points: w.points});
                clock += w.ms;
            } else if (kind === STEP_RIDE) {
                rideFeed = feedOf(a);
                legs.push(this.rideLeg(a));
                clock = raptor.rideTime[a];
                rides++;
            } else {
                legs.push(this.transferLeg(a, this.stepB[i], clock, this.stepAt[i], rideFeed));
                clock = this.stepAt[i];
            }
        }
        // Egress: from the last stop to the destination, over the backward search.
        const last = raptor.bestStop;
        const e = this.walkPath(this.backward, tp, this.stopPoint(last));
        const arrivalMs = raptor.bestTarget;
        legs.push({type: 'walk', ...this.times(clock, arrivalMs, this.days[rideFeed], net.feeds[rideFeed].utcOffset), distance: e.meters, time: Math.round(arrivalMs - clock), points: e.points});

        const points: number[] = [];
        let distance = 0;
        for (const leg of legs) {
            distance += leg.distance;
            appendPoints(points, leg.points);
        }
        return {
            time: Math.round(arrivalMs - departureMs), distance, departure: departureMs / 1000, arrival: arrivalMs / 1000,
            transfers: Math.max(0, rides - 1), walkOnly: false, legs, points, from, to
        };
    }

    private rideLeg(idx: number): RideLeg {
        const raptor = this.raptor, net = this.network;
        const trip = raptor.rideTrip[idx];
        const p = net.tripPattern[trip];
        const n = net.patternStopCount(p), sBase = net.patternStopFirst[p];
        const times = net.patternTimeFirst[p] + (trip - net.patternTripFirst[p]) * n;
        const shift = raptor.rideYesterday[idx] ? -86400 : 0;
        const board = raptor.rideBoardPos[idx], alight = raptor.rideAlightPos[idx];
        const route = net.patternRoute[p];
        const feed = net.routeFeed[route];
        const day = this.days[feed] + (shift < 0 ? -1 : 0), offset = net.feeds[feed].utcOffset;
        const stops: TransitStopCall[] = [];
        for (let i = board; i <= alight; i++) {
            stops.push({...this.stopRef(net.patternStops[sBase + i]), arrival: net.arrival[times + i] + shift, departure: net.departure[times + i] + shift});
        }
        const departure = net.departure[times + board] + shift, arrival = net.arrival[times + alight] + shift;
        return {
            type: 'ride',
            departure, arrival,
            departureTime: isoLocal(day, departure - shift, offset), arrivalTime: isoLocal(day, arrival - shift, offset),
            distance: this.rideMeters(idx),
            time: (arrival - departure) * 1000,
            points: this.ridePoints(p, board, alight),
            routeId: net.routeIds.get(route),
            routeShortName: net.text.get(net.routeShortName[route]),
            routeLongName: net.text.get(net.routeLongName[route]),
            mode: routeMode(net.routeType[route]),
            routeType: net.routeType[route],
            color: net.text.get(net.routeColor[route]),
            agency: net.text.get(net.routeAgency[route]),
            tripId: net.tripIds.get(trip),
            // Without a trip_headsign, the trip's last stop says where it goes.
            headsign: net.text.get(net.tripHeadsign[trip]) || net.stopNames.get(net.patternStops[sBase + n - 1]),
            from: this.stopRef(net.patternStops[sBase + board]),
            to: this.stopRef(net.patternStops[sBase + alight]),
            stops
        };
    }

    /** Metres ridden by the ride label idx (round * stopCount + stop). */
    private rideMeters(idx: number): number {
        const raptor = this.raptor, net = this.network;
        const sBase = net.patternStopFirst[net.tripPattern[raptor.rideTrip[idx]]];
        return net.patternStopMeters[sBase + raptor.rideAlightPos[idx]] - net.patternStopMeters[sBase + raptor.rideBoardPos[idx]];
    }

    /** Metres of the footpath from stop a to stop b. */
    private footpathMeters(a: number, b: number): number {
        const net = this.network;
        let meters = 0;
        for (let i = net.footFirst[a]; i < net.footFirst[a + 1]; i++) if (net.footTo[i] === b) meters = net.footMeters[i];
        return meters;
    }

    /** A ride's geometry: along the shape between the two stops' places on it, else stop to stop. */
    private ridePoints(p: number, board: number, alight: number): number[] {
        const net = this.network;
        const sBase = net.patternStopFirst[p];
        const shape = net.patternShape[p];
        const points: number[] = [];
        if (shape < 0) {
            for (let i = board; i <= alight; i++) {
                const s = net.patternStops[sBase + i];
                points.push(net.stopLon[s] / 1e7, net.stopLat[s] / 1e7);
            }
            return points;
        }
        const first = net.shapeFirst[shape];
        const at = (i: number): [number, number] => {
            const seg = first + net.patternStopShapeSegment[sBase + i], t = net.patternStopShapeShare[sBase + i];
            return [
                (net.shapeLon[seg] + (net.shapeLon[seg + 1] - net.shapeLon[seg]) * t) / 1e7,
                (net.shapeLat[seg] + (net.shapeLat[seg + 1] - net.shapeLat[seg]) * t) / 1e7
            ];
        };
        const a = at(board), b = at(alight);
        points.push(a[0], a[1]);
        const segA = net.patternStopShapeSegment[sBase + board], segB = net.patternStopShapeSegment[sBase + alight];
        for (let j = segA + 1; j <= segB; j++) points.push(net.shapeLon[first + j] / 1e7, net.shapeLat[first + j] / 1e7);
        points.push(b[0], b[1]);
        return points;
    }

    private transferLeg(a: number, b: number, startMs: number, endMs: number, feed: number): TransferLeg {
        const net = this.network;
        let points: number[] = [];
        const meters = this.footpathMeters(a, b);
        if (net.stopEdge[a] >= 0 && net.stopEdge[b] >= 0) {
            const pa = this.stopPoint(a), pb = this.stopPoint(b);
            const search = this.spare;
            search.reset();
            search.seedPoint(pa, 0);
            search.run(endMs - startMs + 1);
            const w = this.walkPath(search, pa, pb);
            if (w.ms !== Infinity) points = w.points;
        }
        if (points.length === 0) points = [net.stopLon[a] / 1e7, net.stopLat[a] / 1e7, net.stopLon[b] / 1e7, net.stopLat[b] / 1e7];
        return {
            type: 'transfer', ...this.times(startMs, endMs, this.days[feed], net.feeds[feed].utcOffset),
            distance: meters, time: Math.round(endMs - startMs), points, from: this.stopRef(a), to: this.stopRef(b)
        };
    }
}

/** Appends a leg's points, skipping the first when it repeats the last one there. */
function appendPoints(out: number[], points: number[]): void {
    let i = 0;
    if (out.length >= 2 && points.length >= 2 && out[out.length - 2] === points[0] && out[out.length - 1] === points[1]) i = 2;
    for (; i < points.length; i++) out.push(points[i]);
}

/** Whether two snaps are the same place (route() refuses them, the measures give 0). */
function samePosition(from: Snap, to: Snap): boolean {
    return from.edge === to.edge && Math.abs(from.offset - to.offset) < SAME_POSITION_METERS;
}
