// What a transit query answers, and with what: the journey and its legs, the measures of
// measureMany, the destinations prepared for it, the router's options and its errors.
import type {Snap} from '../../graph/snap.js';
import type {EdgePoint} from '../foot-search.js';
import type {DepartureWindow} from './departure-window.js';
import type {BuiltStopProfiles} from './stop-profiles.js';

/**
 * When a journey leaves: one departure (seconds after midnight, local time), or a window of
 * departures whose percentile travel time answers (departure-window.ts).
 */
export type Departure = number | DepartureWindow;

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
    /** The direct walk is the answer: no ride is faster. */
    walkOnly?: true;
}

/**
 * Destinations prepared once for measuring from many origins (TransitRouter.targets): their foot
 * snaps and their egress walks to the stops around them.
 */
export interface TransitTargets {
    readonly count: number;
    /**
     * Made for many origins (a matrix): each origin's direct walks come from one table of the walk finder
     * over every destination, the same for all, so the finder's backward searches are done once.
     */
    readonly shared: boolean;
    /** Per destination, where it lies on the foot network; null when too far from any path. */
    readonly snaps: readonly (Snap | null)[];
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
    /** The path the tables measure (of paths as fast, the one tableWithKeptLengths' lengths are of): /route's walk. */
    tablePath(source: number, target: number): {weight: number; arcs: Uint32Array};
    /** table() and the lengths (m) of tablePath's paths, the targets' searches kept for the next call with the same targets. */
    tableWithKeptLengths(sources: Uint32Array, targets: Uint32Array): {times: Float64Array; lengths: Float64Array};
    /** distance() for all pairs, row by source (INF where unreachable): one upward search per node instead of one per pair. */
    table(sources: Uint32Array, targets: Uint32Array): Float64Array;
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
    /** The stops' profiles over that window made by the region's build (used when made for this router's days and rides). */
    profiles?: BuiltStopProfiles | null;
    /** The egress walks of the region's POIs, made by its build (TransitRouter.egressTable). */
    egress?: EgressTable | null;
}

/**
 * Egress walks by destination snap (edge, offset: ascending by edge, then offset): destination i's walks are
 * stop / ms / meters [first[i], first[i + 1]), by stop index (ascending), as TransitRouter finds them.
 */
export interface EgressTable {
    readonly edge: Uint32Array;
    readonly offset: Float64Array;
    readonly first: Uint32Array;
    readonly stop: Uint32Array;
    readonly ms: Float64Array;
    readonly meters: Float64Array;
}
