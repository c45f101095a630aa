// Trips from one origin to many places, by road (car, foot, bike) and public transport: the
// origin is snapped once per mode, each destination once per mode, and a position asked twice
// (a school that is preschool and elementary school) is measured once.
import {CAR, FOOT, BIKE} from '../graph/profiles.js';
import type {Snap} from '../graph/snap.js';
import type {Region} from '../region/region.js';
import {TransitError} from '../transit/router.js';

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

export class TripMeter {
    private readonly origin: (Snap | null)[] = [null, null, null];
    private readonly memo = new Map<string, Trip | null>();

    constructor(private readonly region: Region, readonly lat: number, readonly lon: number) {
        const router = region.router;
        for (const mode of [CAR, FOOT, BIKE]) this.origin[mode] = router.snap(lat, lon, mode);
    }

    /**
     * Measures the trips to many positions by one mode at once (one one-to-many search per way
     * out of the origin); later trip() calls for them are answered from memory.
     */
    prefetch(tm: number, positions: readonly (readonly [number, number])[]): void {
        const todo: (readonly [number, number])[] = [];
        const seen = new Set<string>();
        for (const p of positions) {
            const key = `${tm}:${p[0]}:${p[1]}`;
            if (this.memo.has(key) || seen.has(key)) continue;
            seen.add(key);
            todo.push(p);
        }
        if (todo.length === 0) return;
        if (tm === TM_TRANSIT) {
            for (const [lat, lon] of todo) this.memo.set(`${tm}:${lat}:${lon}`, this.transit(lat, lon));
            return;
        }
        const mode = ROAD_MODE[tm];
        const from = this.origin[mode];
        const router = this.region.router;
        const snaps = from ? todo.map(([lat, lon]) => router.snap(lat, lon, mode)) : [];
        const measured = from ? router.measureMany(mode, from, snaps) : [];
        for (let i = 0; i < todo.length; i++) {
            const m = measured[i] ?? null;
            this.memo.set(`${tm}:${todo[i][0]}:${todo[i][1]}`, m && {tm, meters: Math.round(m.distance), seconds: Math.round(m.time / 1000)});
        }
    }

    /** The trip to a position by one mode, or null when that mode cannot get there. */
    trip(tm: number, lat: number, lon: number): Trip | null {
        const key = `${tm}:${lat}:${lon}`;
        let found = this.memo.get(key);
        if (found === undefined) {
            if (tm === TM_TRANSIT) this.memo.set(key, found = this.transit(lat, lon));
            else {
                this.prefetch(tm, [[lat, lon]]);
                found = this.memo.get(key)!;
            }
        }
        return found;
    }

    /** Public transport at the reference weekday's 08:00, or the walk when it is faster (the router decides). */
    private transit(lat: number, lon: number): Trip | null {
        if (this.region.transit === null) return null;
        try {
            const r = this.region.transitRouter.route(this.lat, this.lon, lat, lon);
            return {tm: TM_TRANSIT, meters: Math.round(r.distance), seconds: Math.round(r.time / 1000)};
        } catch (err) {
            if (!(err instanceof TransitError)) throw err;
            // Same spot: no trip to make.
            if (err.code === 'same-position') return {tm: TM_TRANSIT, meters: 0, seconds: 0};
            return null;
        }
    }
}
