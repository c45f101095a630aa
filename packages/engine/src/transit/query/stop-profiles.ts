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

    constructor(private readonly raptor: Raptor) {
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
        let bytes = 0;
        for (let s = 0; s < this.stopCount; s++) bytes += 4 * this.stopCount * this.raptor.boardingMoments(s, fromMs, toMs).length;
        this.fits = bytes <= PROFILE_MAX_BYTES;
        return this.fits;
    }

    /** The profile of stop s (made on first use; the raptor's labels are then overwritten). */
    of(s: number): StopProfile {
        return this.profiles[s] ?? (this.profiles[s] = this.make(s));
    }

    /** rRAPTOR from s alone, latest boarding moment first, labels kept: row k the best over moments k and after. */
    private make(s: number): StopProfile {
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
