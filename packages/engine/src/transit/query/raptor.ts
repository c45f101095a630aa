// RAPTOR (Delling, Pajor, Werneck 2012): earliest arrival over a timetable in rounds, round k
// holding the best arrivals with exactly k rides. Each round scans, once, every pattern through a
// stop improved in the round before: ride along it, hop onto an earlier trip where one can be
// caught, write the arrivals. Then footpaths are walked from the stops a ride reached.
//
// The model the answers follow (the brute-force test checks it):
// - a journey is: walk to a first stop (access), ride, then any number of (transfer, ride), then
//   walk from the last stop (egress);
// - a transfer is either staying at the stop (after its minimum change time, from transfers.txt)
//   or one footpath to another stop; two footpaths never follow each other;
// - a trip is boarded at a stop only when it departs at or after the moment one is ready there,
//   and only where it picks up; one alights only where it drops off;
// - at most maxRides rides.
// Times are ms after midnight of the service day; the timetable's seconds are scaled on reading.
// Trips of the day before still running after midnight (times past 24:00) are scanned in a
// second pass over the pattern with their times moved back by a day.
//
// Over a departure window (rRAPTOR, Delling et al. 2012, section 4): one run per departure, latest
// first, keeping the labels of the runs before (`keep`). A label reached leaving later is a journey
// one can also make leaving earlier (and waiting), so it stays valid; a run then writes, and scans
// on from, only what leaving earlier improves. Per round the labels stay those of exactly that
// round, so the rides limit holds as in a single run.
import {NO_DROP_OFF, NO_PICKUP} from '../section-layout.js';
import type {TransitNetwork} from './network.js';

/** Rides per journey at most (so at most MAX_RIDES - 1 transfers). */
export const MAX_RIDES = 8;

const DAY_SECONDS = 86400;

/** The trips of each pattern running on one service day (pattern-local indexes, in order). */
export interface DayTrips {
    first: Uint32Array;
    trips: Uint32Array;
}

/** Which trips run on `day` (days since 1970, per feed); with `lateOnly`, only those still running past 24:00. */
export function dayTrips(network: TransitNetwork, days: number[], lateOnly: boolean): DayTrips {
    const first = new Uint32Array(network.patternCount + 1);
    const list: number[] = [];
    for (let p = 0; p < network.patternCount; p++) {
        const n = network.patternStopCount(p);
        const t0 = network.patternTripFirst[p], t1 = network.patternTripFirst[p + 1];
        if (!lateOnly || network.patternLastDeparture[p] >= DAY_SECONDS) {
            for (let t = t0; t < t1; t++) {
                const k = t - t0;
                if (lateOnly && network.departure[network.patternTimeFirst[p] + k * n + n - 1] < DAY_SECONDS) continue;
                if (network.runsOn(t, days[network.tripFeed(t)])) list.push(k);
            }
        }
        first[p + 1] = list.length;
    }
    return {first, trips: Uint32Array.from(list)};
}

/**
 * Queues the patterns through the marked stops (markedList[0..markedCount), unmarking them) after the
 * `queued` already in patternQueue, each with its first marked position in patternFrom (-1: not
 * queued yet), or with `last` its last (a backward scan's start). Returns the new queue length.
 */
export function queuePatterns(net: TransitNetwork, markedList: Uint32Array, markedCount: number, marked: Uint8Array, patternFrom: Int32Array,
    patternQueue: Uint32Array, queued: number, last: boolean): number {
    for (let m = 0; m < markedCount; m++) {
        const s = markedList[m];
        marked[s] = 0;
        for (let i = net.stopPatternFirst[s], end = net.stopPatternFirst[s + 1]; i < end; i++) {
            const p = net.stopPatterns[i], pos = net.stopPatternPos[i];
            const from = patternFrom[p];
            if (from < 0) patternQueue[queued++] = p;
            if (from < 0 || (last ? pos > from : pos < from)) patternFrom[p] = pos;
        }
    }
    return queued;
}

export class Raptor {
    readonly network: TransitNetwork;
    readonly maxRides: number;
    private readonly today: DayTrips;
    private readonly yesterday: DayTrips;
    private readonly stopCount: number;

    // Labels per round (index round * stopCount + stop). Ride: arrival by riding, with the trip,
    // where it was boarded and alighted, and which label the boarding came from. Walk: arrival by a
    // footpath (round > 0) or the access walk (round 0), and the stop it started from.
    readonly rideTime: Float64Array;
    readonly rideTrip: Uint32Array;
    readonly rideBoardPos: Uint32Array;
    readonly rideAlightPos: Uint32Array;
    readonly rideBoardRound: Uint8Array;
    readonly rideBoardByRide: Uint8Array;
    /** 1 when the trip is one of the day before (times moved back by 24 h). */
    readonly rideYesterday: Uint8Array;
    readonly walkTime: Float64Array;
    readonly walkFrom: Int32Array;
    /** Best arrivals over all rounds so far, by ride and on foot (local pruning). */
    readonly bestRide: Float64Array;
    readonly bestWalk: Float64Array;
    /** Earliest time one is ready to board at each stop, from the rounds before, and its label. */
    private readonly board: Float64Array;
    private readonly boardRound: Uint8Array;
    private readonly boardByRide: Uint8Array;
    /** Egress walk (ms) from each stop to the destination; Infinity where none. Set by the caller. */
    readonly egressMs: Float64Array;
    /**
     * Optionally, per stop a lower bound on the time from it to the destination (or the nearest of
     * several: StopBounds), so that labels which cannot beat the target or arrive within the limit
     * are not written. Set by the caller.
     */
    targetBound: Float64Array | null = null;
    /**
     * Optionally, per stop the least of (lower bound from it to a destination) - (that destination's
     * direct walk), over several destinations (StopBounds.computeSlack): a label at time t there is
     * of use only when t + slack < the run's departure, i.e. it may still beat some destination's
     * walk. Set by the caller.
     */
    slackBound: Float64Array | null = null;
    /** The departure of the current run (what slackBound is compared with). */
    private slackBefore = Infinity;
    private readonly marked: Uint8Array;
    private readonly markedList: Uint32Array;
    private markedCount = 0;
    private readonly rideList: Uint32Array;
    private readonly walkList: Uint32Array;
    private readonly patternFrom: Int32Array;
    private readonly patternQueue: Uint32Array;
    /** Rounds of the current run (rows 0..rowsUsed-1), and rows holding labels since the last reset. */
    private rowsUsed = 0;
    private rowsWritten = 0;
    /** Per stop, the list (stamp) a stop was last put on: rides and walks of a round, touched of a run. */
    private readonly rideListed: Int32Array;
    private readonly walkListed: Int32Array;
    private readonly touchedListed: Int32Array;
    private stamp = 0;
    /**
     * Over a window (seedWindow): per departure m, the patterns whose first catchable trip at some
     * access stop changes from departure m + 1 to m, and that stop's position, in
     * [seedFirst[m], seedFirst[m + 1]) of seedPattern / seedPos.
     */
    private seedFirst = new Uint32Array(0);
    private seedPattern = new Uint32Array(0);
    private seedPos = new Uint32Array(0);
    /** The stops the last run wrote a label at (ride or walk): bestRide / bestWalk finite there. */
    readonly touched: Uint32Array;
    touchedCount = 0;

    /** Earliest arrival at the destination (ms) and the label it comes from (round -1: none). */
    bestTarget = Infinity;
    bestRound = -1;
    bestStop = -1;
    /** Latest time (ms) worth reaching; labels past it are dropped. */
    private limit = Infinity;
    /** Patterns scanned by the last run (for benchmarks). */
    scannedPatterns = 0;

    constructor(network: TransitNetwork, today: DayTrips, yesterday: DayTrips, maxRides = MAX_RIDES) {
        this.network = network;
        this.maxRides = maxRides;
        this.today = today;
        this.yesterday = yesterday;
        const s = this.stopCount = network.stopCount;
        const rows = (maxRides + 1) * s;
        this.rideTime = new Float64Array(rows).fill(Infinity);
        this.rideTrip = new Uint32Array(rows);
        this.rideBoardPos = new Uint32Array(rows);
        this.rideAlightPos = new Uint32Array(rows);
        this.rideBoardRound = new Uint8Array(rows);
        this.rideBoardByRide = new Uint8Array(rows);
        this.rideYesterday = new Uint8Array(rows);
        this.walkTime = new Float64Array(rows).fill(Infinity);
        this.walkFrom = new Int32Array(rows);
        this.bestRide = new Float64Array(s).fill(Infinity);
        this.bestWalk = new Float64Array(s).fill(Infinity);
        this.board = new Float64Array(s).fill(Infinity);
        this.boardRound = new Uint8Array(s);
        this.boardByRide = new Uint8Array(s);
        this.egressMs = new Float64Array(s).fill(Infinity);
        this.marked = new Uint8Array(s);
        this.markedList = new Uint32Array(s);
        this.rideList = new Uint32Array(s);
        this.walkList = new Uint32Array(s);
        this.patternFrom = new Int32Array(network.patternCount).fill(-1);
        this.patternQueue = new Uint32Array(network.patternCount);
        this.rideListed = new Int32Array(s);
        this.walkListed = new Int32Array(s);
        this.touchedListed = new Int32Array(s);
        this.touched = new Uint32Array(s);
    }

    /**
     * Earliest arrivals from access stops reached at departureMs + accessMs[i]. With `targetMs`
     * (the destination's best arrival known so far, e.g. by the direct walk), only journeys that
     * beat it are looked for, through egressMs; `limitMs` bounds every label (one-to-all). With
     * `keep`, the labels of the run before (a later departure from the same access stops) stay:
     * bestRide / bestWalk and bestTarget then hold what this run improved, and the labels of all
     * rounds the best arrivals over both.
     */
    run(departureMs: number, accessStops: Uint32Array, accessMs: Float64Array, accessCount: number, limitMs: number, targetMs: number, keep = false, seedMinute = -1): void {
        const S = this.stopCount;
        const net = this.network;
        // Reset what the last run wrote.
        if (!keep) {
            this.rideTime.fill(Infinity, 0, this.rowsWritten * S);
            this.walkTime.fill(Infinity, 0, this.rowsWritten * S);
            this.rowsWritten = 0;
        }
        // The per-run arrays are set only at the stops the last run touched (a window runs many times).
        for (let i = 0; i < this.touchedCount; i++) {
            const s = this.touched[i];
            this.bestRide[s] = this.bestWalk[s] = this.board[s] = Infinity;
        }
        for (let i = 0; i < this.markedCount; i++) this.marked[this.markedList[i]] = 0;
        this.touchedCount = 0;
        const touchedStamp = this.nextStamp();
        this.markedCount = 0;
        this.bestTarget = targetMs;
        this.bestRound = -1;
        this.bestStop = -1;
        this.limit = limitMs;
        // 1 ms of margin: the slack's sums are not added in the journeys' order.
        this.slackBefore = departureMs + 1;
        this.scannedPatterns = 0;

        // Round 0: the access walks.
        for (let i = 0; i < accessCount; i++) {
            const s = accessStops[i];
            const t = departureMs + accessMs[i];
            if (!(t < this.walkTime[s]) || t > limitMs || (this.targetBound !== null && !this.mayReach(t + this.targetBound[s]))) continue;
            if (this.slackBound !== null && !(t + this.slackBound[s] < this.slackBefore)) continue;
            this.walkTime[s] = t;
            this.walkFrom[s] = -1;
            this.bestWalk[s] = t;
            this.touch(s, touchedStamp);
            if (seedMinute < 0) this.improveBoard(s, t, 0, 0);
            else {
                this.board[s] = t;
                this.boardRound[s] = 0;
                this.boardByRide[s] = 0;
            }
        }
        this.rowsUsed = 1;
        this.rowsWritten = Math.max(this.rowsWritten, 1);
        const minBoardSeconds = departureMs / 1000;

        for (let k = 1; k <= this.maxRides && (this.markedCount > 0 || (k === 1 && seedMinute >= 0)); k++) {
            this.rowsUsed = k + 1;
            this.rowsWritten = Math.max(this.rowsWritten, k + 1);
            const roundStamp = this.nextStamp();
            // Patterns through the marked stops, each from its earliest marked position; in a
            // window's first round only the patterns whose catchable trips changed (seedWindow).
            let queued = 0;
            if (k === 1 && seedMinute >= 0) {
                for (let i = this.seedFirst[seedMinute], end = this.seedFirst[seedMinute + 1]; i < end; i++) {
                    const p = this.seedPattern[i], pos = this.seedPos[i];
                    const from = this.patternFrom[p];
                    if (from < 0) this.patternQueue[queued++] = p;
                    if (from < 0 || pos < from) this.patternFrom[p] = pos;
                }
            }
            queued = queuePatterns(net, this.markedList, this.markedCount, this.marked, this.patternFrom, this.patternQueue, queued, false);
            this.markedCount = 0;
            // Patterns in index order and (below) reached stops in index order: equal arrivals are
            // then broken the same way whatever else the run reached, so a run pruned by a target
            // and one without a target give the same journey (TransitRouter.measureMany relies on it).
            this.patternQueue.subarray(0, queued).sort();

            let rideCount = 0;
            for (let q = 0; q < queued; q++) {
                const p = this.patternQueue[q];
                rideCount = this.scan(p, k, this.today, 0, 0, rideCount, roundStamp);
                if (net.patternLastDeparture[p] - DAY_SECONDS >= minBoardSeconds && this.yesterday.first[p + 1] > this.yesterday.first[p]) {
                    rideCount = this.scan(p, k, this.yesterday, -DAY_SECONDS, 1, rideCount, roundStamp);
                }
                this.patternFrom[p] = -1;
            }
            this.scannedPatterns += queued;
            this.rideList.subarray(0, rideCount).sort();

            // The stops a ride reached: the destination, footpaths, boarding in the next round.
            const row = k * S;
            const bound = this.targetBound, slack = this.slackBound;
            let walkCount = 0;
            for (let r = 0; r < rideCount; r++) {
                const s = this.rideList[r];
                const t = this.rideTime[row + s];
                this.touch(s, touchedStamp);
                const egress = this.egressMs[s];
                if (egress !== Infinity && t + egress < this.bestTarget) {
                    this.bestTarget = t + egress;
                    this.bestRound = k;
                    this.bestStop = s;
                }
                for (let i = net.footFirst[s], end = net.footFirst[s + 1]; i < end; i++) {
                    const s2 = net.footTo[i];
                    const w = t + net.footMs[i];
                    if (w < this.bestWalk[s2] && w < this.walkTime[row + s2] && w < this.bestTarget && w <= this.limit && (bound === null || this.mayReach(w + bound[s2]))
                        && (slack === null || w + slack[s2] < this.slackBefore)) {
                        if (this.walkListed[s2] !== roundStamp) {
                            this.walkListed[s2] = roundStamp;
                            this.walkList[walkCount++] = s2;
                        }
                        this.walkTime[row + s2] = w;
                        this.walkFrom[row + s2] = s;
                        this.bestWalk[s2] = w;
                    }
                }
            }
            for (let r = 0; r < rideCount; r++) {
                const s = this.rideList[r];
                this.improveBoard(s, this.rideTime[row + s] + net.stopChangeMs[s], k, 1);
            }
            for (let r = 0; r < walkCount; r++) {
                const s = this.walkList[r];
                this.touch(s, touchedStamp);
                this.improveBoard(s, this.walkTime[row + s], k, 0);
            }
        }
    }

    /**
     * Prepares runs over a window of `count` departures startMs + m * stepMs from the given access
     * stops (run with keep and seedMinute m, latest first): finds, per departure, the patterns
     * where a trip becomes catchable at an access stop, leaving at m and not at m + 1. Only those
     * can ride anywhere new in the first round: elsewhere the same trips are caught as a minute
     * later, so their labels (kept) are already there.
     */
    seedWindow(accessStops: Uint32Array, accessMs: Float64Array, accessCount: number, startMs: number, count: number, stepMs: number): void {
        const minutes: number[] = [], patterns: number[] = [], positions: number[] = [];
        const endMs = startMs + (count - 1) * stepMs;
        for (let a = 0; a < accessCount; a++) {
            const acc = accessMs[a];
            this.boardings(accessStops[a], startMs + acc, endMs + acc, (d, p, i) => {
                minutes.push(Math.floor((d - acc - startMs) / stepMs));
                patterns.push(p);
                positions.push(i);
            });
        }
        // By departure (counting sort).
        const first = this.seedFirst = new Uint32Array(count + 1);
        for (const m of minutes) first[m + 1]++;
        for (let m = 0; m < count; m++) first[m + 1] += first[m];
        const next = first.slice(0, count);
        this.seedPattern = new Uint32Array(minutes.length);
        this.seedPos = new Uint32Array(minutes.length);
        for (let i = 0; i < minutes.length; i++) {
            const at = next[minutes[i]]++;
            this.seedPattern[at] = patterns[i];
            this.seedPos[at] = positions[i];
        }
    }

    /**
     * Calls visit(ms, pattern, position) for every trip that may be boarded at stop s leaving in [fromMs, toMs),
     * today's and the day before's still running (times moved back a day), pattern by pattern in order of
     * departure; returns the first such departure at or after toMs (Infinity: none).
     */
    private boardings(s: number, fromMs: number, toMs: number, visit: (ms: number, pattern: number, position: number) => void): number {
        const net = this.network;
        let after = Infinity;
        for (let e = net.stopPatternFirst[s], end = net.stopPatternFirst[s + 1]; e < end; e++) {
            const p = net.stopPatterns[e], i = net.stopPatternPos[e];
            if ((net.patternStopFlags[net.patternStopFirst[p] + i] & NO_PICKUP) !== 0) continue;
            const n = net.patternStopCount(p), tBase = net.patternTimeFirst[p];
            for (let day = 0; day < 2; day++) {
                const trips = day === 0 ? this.today : this.yesterday;
                const offsetMs = day === 0 ? 0 : -DAY_SECONDS * 1000;
                // The trips leave in order: from the first catchable at fromMs.
                const from = Math.ceil((fromMs - offsetMs) / 1000);
                let x = trips.first[p], z = trips.first[p + 1];
                while (x < z) {
                    const mid = (x + z) >>> 1;
                    if (net.departure[tBase + trips.trips[mid] * n + i] < from) x = mid + 1;
                    else z = mid;
                }
                for (; x < trips.first[p + 1]; x++) {
                    const d = net.departure[tBase + trips.trips[x] * n + i] * 1000 + offsetMs;
                    if (d >= toMs) {
                        after = Math.min(after, d);
                        break;
                    }
                    visit(d, p, i);
                }
            }
        }
        return after;
    }

    /**
     * The moments (ms, ascending, distinct) at which a trip may be boarded at stop s, today's and the
     * day before's still running, from fromMs to the first at or after toMs: what one ready at s can
     * catch changes only there (ready at r, the trips leaving at the first moment >= r and after).
     */
    boardingMoments(s: number, fromMs: number, toMs: number): Float64Array {
        const found: number[] = [];
        const after = this.boardings(s, fromMs, toMs, (d) => found.push(d));
        if (after !== Infinity) found.push(after);
        const sorted = Float64Array.from(found).sort();
        let count = 0;
        for (let i = 0; i < sorted.length; i++) if (count === 0 || sorted[i] !== sorted[count - 1]) sorted[count++] = sorted[i];
        return sorted.slice(0, count);
    }

    /**
     * The best arrival of the last run through egress walks (stops[i] within ms[i] of the
     * destination, for i in [first, end), stops ascending) that beats boundMs, picked as the run's
     * own egress check picks it (earliest round, then lowest stop): sets bestTarget, bestRound and
     * bestStop (bestRound -1: none beats the bound). For a run without a target (one-to-all).
     */
    pickTarget(stops: Uint32Array, ms: Float64Array, first: number, end: number, boundMs: number): void {
        const S = this.stopCount, rideTime = this.rideTime;
        this.bestTarget = boundMs;
        this.bestRound = -1;
        this.bestStop = -1;
        for (let k = 1; k < this.rowsWritten; k++) {
            const row = k * S;
            for (let i = first; i < end; i++) {
                const s = stops[i];
                const t = rideTime[row + s];
                if (t !== Infinity && t + ms[i] < this.bestTarget) {
                    this.bestTarget = t + ms[i];
                    this.bestRound = k;
                    this.bestStop = s;
                }
            }
        }
    }

    /** Whether the destination, reached at ms at the earliest, may still beat the target within the limit. */
    private mayReach(ms: number): boolean {
        return ms < this.bestTarget && ms <= this.limit;
    }

    /** A stamp no list holds yet (the lists are cleared when the counter would overflow). */
    private nextStamp(): number {
        if (this.stamp === 0x7fffffff) {
            this.rideListed.fill(0);
            this.walkListed.fill(0);
            this.touchedListed.fill(0);
            this.stamp = 0;
        }
        return ++this.stamp;
    }

    private touch(s: number, stamp: number): void {
        if (this.touchedListed[s] === stamp) return;
        this.touchedListed[s] = stamp;
        this.touched[this.touchedCount++] = s;
    }

    private improveBoard(s: number, t: number, round: number, byRide: number): void {
        if (!(t < this.board[s])) return;
        this.board[s] = t;
        this.boardRound[s] = round;
        this.boardByRide[s] = byRide;
        if (this.marked[s] === 0) {
            this.marked[s] = 1;
            this.markedList[this.markedCount++] = s;
        }
    }

    /** Scans pattern p in round k over one day's trips (times moved by offsetSeconds); returns the new rideList length. */
    private scan(p: number, k: number, day: DayTrips, offsetSeconds: number, yesterday: number, rideCount: number, stamp: number): number {
        const lo = day.first[p], hi = day.first[p + 1];
        if (lo === hi) return rideCount;
        const net = this.network;
        const trips = day.trips, arrival = net.arrival, departure = net.departure;
        const stops = net.patternStops, flags = net.patternStopFlags;
        const sBase = net.patternStopFirst[p], n = net.patternStopFirst[p + 1] - sBase;
        const tBase = net.patternTimeFirst[p], tripBase = net.patternTripFirst[p];
        const row = k * this.stopCount;
        const board = this.board, bestRide = this.bestRide, rideTime = this.rideTime, bound = this.targetBound, slack = this.slackBound;
        const offsetMs = offsetSeconds * 1000;
        let cur = -1, curTimes = 0, boardPos = 0, srcRound = 0, srcByRide = 0;
        for (let i = this.patternFrom[p]; i < n; i++) {
            const s = stops[sBase + i], f = flags[sBase + i];
            if (cur >= 0 && (f & NO_DROP_OFF) === 0) {
                const t = arrival[curTimes + i] * 1000 + offsetMs;
                const idx = row + s;
                if (t < bestRide[s] && t < rideTime[idx] && t < this.bestTarget && t <= this.limit && (bound === null || this.mayReach(t + bound[s]))
                    && (slack === null || t + slack[s] < this.slackBefore)) {
                    if (this.rideListed[s] !== stamp) {
                        this.rideListed[s] = stamp;
                        this.rideList[rideCount++] = s;
                    }
                    rideTime[idx] = t;
                    bestRide[s] = t;
                    this.rideTrip[idx] = tripBase + trips[cur];
                    this.rideBoardPos[idx] = boardPos;
                    this.rideAlightPos[idx] = i;
                    this.rideBoardRound[idx] = srcRound;
                    this.rideBoardByRide[idx] = srcByRide;
                    this.rideYesterday[idx] = yesterday;
                }
            }
            if ((f & NO_PICKUP) !== 0) continue;
            const b = board[s];
            if (!(b < this.bestTarget) || b > this.limit) continue;
            // Ready at b: the first trip departing at or after it (seconds, in this day's times).
            const need = Math.ceil((b - offsetMs) / 1000);
            if (cur >= 0 && need > departure[curTimes + i]) continue; // not even the current trip is catchable earlier
            let a = lo, z = cur >= 0 ? cur : hi;
            while (a < z) {
                const mid = (a + z) >>> 1;
                if (departure[tBase + trips[mid] * n + i] < need) a = mid + 1;
                else z = mid;
            }
            if (a < (cur >= 0 ? cur : hi)) {
                cur = a;
                curTimes = tBase + trips[a] * n;
                boardPos = i;
                srcRound = this.boardRound[s];
                srcByRide = this.boardByRide[s];
            }
        }
        return rideCount;
    }
}

