// Per stop, the earliest arrival by ride at every stop as a function of the moment one is ready to
// board there (a profile, from one rRAPTOR over the stop's boarding moments), for a departure
// window. A window search from a position is then, exactly, the best over its access stops s of
// the profile of s read at departure + the walk to s: RAPTOR's earliest arrival with at most
// maxRides rides from several access stops is the least of those from each alone, and from one
// stop it changes only at the moments a trip can be boarded there (Raptor.boardingMoments).
//
// Listings (and a matrix's sources) next to one another share their access stops: on a small
// network (Brussels' test bundle: 247 stops) every stop's profile is made once per thread and read
// by thousands of positions, where each position's own range RAPTOR ran 61 times. A network whose
// profiles would take more than PROFILE_MAX_BYTES gets none (the router runs its range RAPTOR).
//
// The profiles over the region's own window are made once, by the region's build (the stop-profiles section,
// ../build/stop-profiles-build.ts), and read in place by every thread (BuiltStopProfiles): no thread makes them
// again or holds a copy. Only a query's own window other than the region's makes profiles in the thread.
import {Section, type AnyBuffer} from '../../format/section.js';
import {WINDOW_STEP_SECONDS} from './departure-window.js';
import type {Raptor} from './raptor.js';

/** Memory the profiles of all stops may take per router (4 bytes per stop, per stop and boarding moment). */
export const PROFILE_MAX_BYTES = 48 * 1024 * 1024;
/** No arrival (stored whole seconds). */
export const NO_ARRIVAL = 0x7fffffff;

/** One stop's profile: for ready times in (moments[k - 1], moments[k]], the arrivals (s) at every stop in row k. */
export interface StopProfile {
    moments: Float64Array;
    /** Row k * stopCount + stop: earliest arrival by ride, whole seconds (ms / 1000, exact), NO_ARRIVAL where none. */
    arrivals: Int32Array;
}

export const STOP_PROFILES_KIND = 'stop-profiles';
export const STOP_PROFILES_VERSION = 1;

/** The ready times a window's profiles must cover: its first departure to its last plus the longest access walk. */
export function profileSpanMs(startMs: number, departures: number, accessMaxSeconds: number): {fromMs: number; toMs: number} {
    return {fromMs: startMs, toMs: startMs + (departures - 1) * WINDOW_STEP_SECONDS * 1000 + accessMaxSeconds * 1000};
}

/** What a built profiles section was made for: the window's ready times and the raptor's service days and rides. */
export interface StopProfilesMeta {
    fromMs: number;
    toMs: number;
    /** Service day per feed (days since 1970) and the rides allowed, as the raptor had them. */
    days: number[];
    maxRides: number;
    stopCount: number;
    /** The header checksum of the transit section the profiles were made from (hex). */
    transitChecksum: string;
}

/**
 * Every stop's profile over one window, as the region's build wrote them (momentFirst: stop s's moments are
 * moments[momentFirst[s], momentFirst[s + 1]), its rows arrivals[momentFirst[s] * stopCount, ...)).
 */
export class BuiltStopProfiles {
    readonly meta: StopProfilesMeta;
    private readonly momentFirst: Uint32Array;
    private readonly moments: Float64Array;
    private readonly arrivals: Int32Array;

    private constructor(section: Section) {
        this.meta = section.meta as StopProfilesMeta;
        this.momentFirst = section.array('momentFirst', Uint32Array);
        this.moments = section.array('moments', Float64Array);
        this.arrivals = section.array('arrivals', Int32Array);
        const S = this.meta.stopCount;
        if (this.momentFirst.length !== S + 1 || this.momentFirst[S] !== this.moments.length || this.arrivals.length !== this.moments.length * S) {
            throw new Error(`the stop-profiles section's arrays do not match its ${S} stops`);
        }
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength = buffer.byteLength - byteOffset): BuiltStopProfiles {
        return new BuiltStopProfiles(Section.from(buffer, STOP_PROFILES_KIND, STOP_PROFILES_VERSION, byteOffset, byteLength));
    }

    /** Whether these were made by a raptor like `raptor` over the service days `days` (then for [fromMs, toMs] they are its). */
    madeBy(raptor: Raptor, days: number[]): boolean {
        const m = this.meta;
        return m.maxRides === raptor.maxRides && m.stopCount === raptor.network.stopCount
            && m.days.length === days.length && m.days.every((d, i) => d === days[i]);
    }

    /** Stop s's profile: views of the section, no copy. */
    of(s: number): StopProfile {
        const first = this.momentFirst[s], end = this.momentFirst[s + 1], S = this.meta.stopCount;
        return {moments: this.moments.subarray(first, end), arrivals: this.arrivals.subarray(first * S, end * S)};
    }
}

export class StopProfiles {
    private readonly stopCount: number;
    private readonly profiles: (StopProfile | null)[];
    /** The ready times the profiles cover, and whether this network's fit in memory (null: not known yet). */
    private fromMs = NaN;
    private toMs = NaN;
    private fits: boolean | null = null;
    private readonly arrival: Float64Array;
    private readonly one = new Uint32Array(1);
    private readonly zero = new Float64Array(1);
    /** The build's profiles, when they are the raptor's (its days and rides), and whether they cover the current window. */
    private readonly built: BuiltStopProfiles | null;
    private useBuilt = false;

    constructor(private readonly raptor: Raptor, built: BuiltStopProfiles | null = null, days: number[] = []) {
        this.built = built?.madeBy(raptor, days) ? built : null;
        this.stopCount = raptor.network.stopCount;
        this.profiles = new Array<StopProfile | null>(this.stopCount).fill(null);
        this.arrival = new Float64Array(this.stopCount);
    }

    /**
     * Makes ready times in [fromMs, toMs] readable (forgetting profiles made for other times); false
     * when this network's profiles would take more than PROFILE_MAX_BYTES.
     */
    cover(fromMs: number, toMs: number): boolean {
        if (fromMs === this.fromMs && toMs === this.toMs && this.fits !== null) return this.fits;
        this.fromMs = fromMs;
        this.toMs = toMs;
        this.profiles.fill(null);
        this.useBuilt = this.built !== null && this.built.meta.fromMs === fromMs && this.built.meta.toMs === toMs;
        if (this.useBuilt) return (this.fits = true);
        let bytes = 0;
        for (let s = 0; s < this.stopCount; s++) bytes += 4 * this.stopCount * this.raptor.boardingMoments(s, fromMs, toMs).length;
        this.fits = bytes <= PROFILE_MAX_BYTES;
        return this.fits;
    }

    /** The profile of stop s (the build's, or made on first use: the raptor's labels are then overwritten). */
    of(s: number): StopProfile {
        return this.profiles[s] ?? (this.profiles[s] = this.useBuilt ? this.built!.of(s) : this.make(s));
    }

    /**
     * rRAPTOR from s alone over the covered window, latest boarding moment first, labels kept: row k the best over
     * moments k and after. Not kept (of() keeps what it makes).
     */
    make(s: number): StopProfile {
        const raptor = this.raptor, S = this.stopCount, arrival = this.arrival;
        const moments = raptor.boardingMoments(s, this.fromMs, this.toMs);
        const K = moments.length;
        const arrivals = new Int32Array(K * S);
        arrival.fill(Infinity);
        this.one[0] = s;
        for (let k = K - 1; k >= 0; k--) {
            raptor.run(moments[k], this.one, this.zero, 1, Infinity, Infinity, k < K - 1);
            for (let i = 0; i < raptor.touchedCount; i++) {
                const x = raptor.touched[i], ride = raptor.bestRide[x];
                if (ride < arrival[x]) arrival[x] = ride;
            }
            const row = k * S;
            for (let x = 0; x < S; x++) arrivals[row + x] = arrival[x] === Infinity ? NO_ARRIVAL : arrival[x] / 1000;
        }
        return {moments, arrivals};
    }
}
