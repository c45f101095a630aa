// Trips from one origin to many places, by road (car, foot, bike) and public transport: the
// origin is snapped once per mode, each destination once per mode, and a position asked twice
// (a school that is preschool and elementary school) is measured once.
import {CAR, FOOT, BIKE} from '../graph/profiles.js';
import type {Snap} from '../graph/snap.js';
import {WALK_STANDS_IN_MS} from '../transit/query/foot-access.js';
import type {TripSources} from './sources.js';

/** Mode codes of the summary payloads (COMPAT.md `tm`). */
export const TM_CAR = 1;
export const TM_WALK = 2;
export const TM_BIKE = 3;
export const TM_TRANSIT = 4;

export interface Trip {
    /** 1 car, 2 walk, 3 bike, 4 public transport */
    tm: number;
    /** metres along the network, whole */
    meters: number;
    /** seconds, whole */
    seconds: number;
}

/** Road mode of a summary mode code. */
const ROAD_MODE = [-1, CAR, FOOT, BIKE];

/** Road snaps kept per finder, at most this many (then forgotten all at once). */
const MAX_PLACE_SNAPS = 1 << 18;

/**
 * Values by position and mode (or mode code), keyed by the numbers themselves: no text made per lookup (a
 * listing looks a few hundred up).
 */
class ByPosition<T> {
    private readonly maps: Map<number, Map<number, T>>[] = [];
    size = 0;

    get(mode: number, lat: number, lon: number): T | undefined {
        return this.maps[mode]?.get(lat)?.get(lon);
    }

    set(mode: number, lat: number, lon: number, value: T): void {
        const byLat = this.maps[mode] ??= new Map();
        let byLon = byLat.get(lat);
        if (byLon === undefined) byLat.set(lat, byLon = new Map());
        if (!byLon.has(lon)) this.size++;
        byLon.set(lon, value);
    }

    clear(): void {
        this.maps.length = 0;
        this.size = 0;
    }
}

/**
 * The road snaps of the places trips go to, by mode and position: listing after listing measures trips to
 * the same few thousand places (2,000 Brussels positions: 24,000 trips to 1,365 places), each snapped once.
 */
export class PlaceSnaps {
    private readonly memo = new ByPosition<Snap | null>();

    constructor(private readonly router: TripSources['router']) {}

    snap(lat: number, lon: number, mode: number): Snap | null {
        let found = this.memo.get(mode, lat, lon);
        if (found === undefined) {
            if (this.memo.size >= MAX_PLACE_SNAPS) this.memo.clear();
            found = this.router.snap(lat, lon, mode);
            this.memo.set(mode, lat, lon, found);
        }
        return found;
    }
}

export class TripMeter {
    private readonly origin: (Snap | null)[] = [null, null, null];
    private readonly memo = new ByPosition<Trip | null>();

    constructor(private readonly region: TripSources, readonly lat: number, readonly lon: number, private readonly places = new PlaceSnaps(region.router)) {
        const router = region.router;
        for (const mode of [CAR, FOOT, BIKE]) this.origin[mode] = router.snap(lat, lon, mode);
    }

    /**
     * Measures the trips to many positions by one mode at once (one one-to-many search per way
     * out of the origin); later trip() calls for them are answered from memory.
     */
    prefetch(tm: number, positions: readonly (readonly [number, number])[]): void {
        const todo: (readonly [number, number])[] = [];
        const seen = new ByPosition<true>();
        for (const p of positions) {
            if (this.memo.get(tm, p[0], p[1]) !== undefined || seen.get(0, p[0], p[1])) continue;
            seen.set(0, p[0], p[1], true);
            todo.push(p);
        }
        if (todo.length === 0) return;
        if (tm === TM_TRANSIT) {
            // One access search and one RAPTOR run for all of them (the same answers as route() one by one).
            const found = this.transitMany(todo);
            for (let i = 0; i < todo.length; i++) this.memo.set(tm, todo[i][0], todo[i][1], found[i]);
            return;
        }
        const mode = ROAD_MODE[tm];
        const from = this.origin[mode];
        const router = this.region.router;
        const snaps = from ? todo.map(([lat, lon]) => this.places.snap(lat, lon, mode)) : [];
        const measured = from ? router.measureMany(mode, from, snaps) : [];
        for (let i = 0; i < todo.length; i++) {
            const m = measured[i] ?? null;
            this.memo.set(tm, todo[i][0], todo[i][1], m && {tm, meters: Math.round(m.distance), seconds: Math.round(m.time / 1000)});
        }
    }

    /** The trip to a position by one mode, or null when that mode cannot get there. */
    trip(tm: number, lat: number, lon: number): Trip | null {
        let found = this.memo.get(tm, lat, lon);
        if (found === undefined) {
            this.prefetch(tm, [[lat, lon]]);
            found = this.memo.get(tm, lat, lon)!;
        }
        return found;
    }

    /**
     * Public transport over the region's departure window (07:30–08:30, the median), or the walk when it is
     * faster (the router decides) and short: SPEC 2.4 rule 3 lets the walk stand in for public transport only a
     * few hundred metres from the place. A walk longer than the walk to a first stop may be (WALK_STANDS_IN_MS)
     * with no ride that beats it is no trip by public transport: null, and the text says nothing of it.
     */
    private transitMany(positions: readonly (readonly [number, number])[]): (Trip | null)[] {
        // The origin off the foot network: no trip by public transport from here (the router's 'from-off-network').
        const from = this.origin[FOOT];
        if (this.region.transit === null || from === null) return positions.map(() => null);
        // The walking snaps of the origin and the places, the roads' own: the router snaps as they do.
        const router = this.region.transitRouter;
        const targets = router.targetsOf(positions.map(([lat, lon]) => this.places.snap(lat, lon, FOOT)), false);
        // A walk over WALK_STANDS_IN_MS is dropped below: its metres are not worked out.
        return router.measureFrom(from, targets, undefined, WALK_STANDS_IN_MS)
            .map((m) => (m === null || (m.walkOnly && m.time > WALK_STANDS_IN_MS) ? null
                : {tm: TM_TRANSIT, meters: Math.round(m.distance), seconds: Math.round(m.time / 1000)}));
    }
}
