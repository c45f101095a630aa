// RAPTOR backwards (arrive-by): for a deadline, the latest time one may be ready to board at each
// stop and still reach a target by then, with the targets given as egress walks from the stops (one
// run serves many targets at once: the nearest of them counts). The model is raptor.ts's, mirrored:
// a journey is a walk to a first stop, rides with transfers between them (staying at the stop after
// its change time, or one footpath to another stop), then the egress walk; at most maxRides rides.
// Round k scans, from their last improved stop down to their first, the patterns through the stops
// whose latest alighting time improved in round k - 1: ride a trip back along the pattern, switch to
// a later trip where one still arrives in time, write the departures. Labels earlier than the
// earliest departure of interest are dropped. Only the service day's own trips are scanned (the
// day before's past-midnight trips are for the small hours, not the morning window).
import {NO_DROP_OFF, NO_PICKUP} from '../section-layout.js';
import type {TransitNetwork} from './network.js';
import {queuePatterns, type DayTrips} from './raptor.js';

export class ReverseRaptor {
    private readonly stopCount: number;
    /** Latest time (ms) one may be ready to board at each stop (any round so far); -Infinity where none. */
    readonly latest: Float64Array;
    /** Latest time one may alight (arrive) at each stop and still make it; -Infinity where none. */
    private readonly ready: Float64Array;
    /** The stops the last run wrote a latest boarding time at: [0, touchedCount). */
    readonly touched: Uint32Array;
    touchedCount = 0;
    private readonly readyTouched: Uint32Array;
    private readyTouchedCount = 0;
    private readonly marked: Uint8Array;
    private readonly markedList: Uint32Array;
    private markedCount = 0;
    private readonly boardList: Uint32Array;
    private readonly boardListed: Int32Array;
    private readonly touchedListed: Int32Array;
    private stamp = 0;
    private readonly patternFrom: Int32Array;
    private readonly patternQueue: Uint32Array;
    /** Footpaths by the stop they lead to: [footIntoFirst[s], footIntoFirst[s + 1]) of footIntoFrom / footIntoMs. */
    private readonly footIntoFirst: Uint32Array;
    private readonly footIntoFrom: Uint32Array;
    private readonly footIntoMs: Uint32Array;

    constructor(private readonly network: TransitNetwork, private readonly today: DayTrips, private readonly maxRides: number) {
        const S = this.stopCount = network.stopCount;
        this.latest = new Float64Array(S).fill(-Infinity);
        this.ready = new Float64Array(S).fill(-Infinity);
        this.touched = new Uint32Array(S);
        this.readyTouched = new Uint32Array(S);
        this.marked = new Uint8Array(S);
        this.markedList = new Uint32Array(S);
        this.boardList = new Uint32Array(S);
        this.boardListed = new Int32Array(S);
        this.touchedListed = new Int32Array(S);
        this.patternFrom = new Int32Array(network.patternCount).fill(-1);
        this.patternQueue = new Uint32Array(network.patternCount);
        // The section lists footpaths by the stop they leave: turned around once here.
        const first = this.footIntoFirst = new Uint32Array(S + 1);
        const count = network.footTo.length;
        for (let i = 0; i < count; i++) first[network.footTo[i] + 1]++;
        for (let s = 0; s < S; s++) first[s + 1] += first[s];
        const next = first.slice(0, S);
        this.footIntoFrom = new Uint32Array(count);
        this.footIntoMs = new Uint32Array(count);
        for (let s = 0; s < S; s++) {
            for (let i = network.footFirst[s], end = network.footFirst[s + 1]; i < end; i++) {
                const at = next[network.footTo[i]]++;
                this.footIntoFrom[at] = s;
                this.footIntoMs[at] = network.footMs[i];
            }
        }
    }

    /**
     * Latest boarding times (in `latest`, for the `touched` stops) reaching a target by deadlineMs:
     * egressMs[egressStops[i]] is the walk from that stop to the nearest target. Times before
     * earliestMs are not kept.
     */
    run(deadlineMs: number, egressStops: Uint32Array, egressMs: Float64Array, egressCount: number, earliestMs: number): void {
        const net = this.network;
        for (let i = 0; i < this.touchedCount; i++) this.latest[this.touched[i]] = -Infinity;
        for (let i = 0; i < this.readyTouchedCount; i++) this.ready[this.readyTouched[i]] = -Infinity;
        this.touchedCount = this.readyTouchedCount = this.markedCount = 0;
        const touchedStamp = this.nextStamp();
        for (let i = 0; i < egressCount; i++) {
            const s = egressStops[i];
            this.improveReady(s, deadlineMs - egressMs[s], earliestMs);
        }
        for (let k = 1; k <= this.maxRides && this.markedCount > 0; k++) {
            // Patterns through the marked stops, each from its last marked position.
            const queued = queuePatterns(net, this.markedList, this.markedCount, this.marked, this.patternFrom, this.patternQueue, 0, true);
            this.markedCount = 0;
            const roundStamp = this.nextStamp();
            let boardCount = 0;
            for (let q = 0; q < queued; q++) {
                const p = this.patternQueue[q];
                boardCount = this.scan(p, earliestMs, boardCount, roundStamp, touchedStamp);
                this.patternFrom[p] = -1;
            }
            // Before boarding at s: alight there (its change time before), or at a stop a footpath leads from.
            for (let b = 0; b < boardCount; b++) {
                const s = this.boardList[b];
                const t = this.latest[s];
                this.improveReady(s, t - net.stopChangeMs[s], earliestMs);
                for (let i = this.footIntoFirst[s], end = this.footIntoFirst[s + 1]; i < end; i++) this.improveReady(this.footIntoFrom[i], t - this.footIntoMs[i], earliestMs);
            }
        }
    }

    private improveReady(s: number, t: number, earliestMs: number): void {
        if (!(t > this.ready[s]) || t < earliestMs) return;
        if (this.ready[s] === -Infinity) this.readyTouched[this.readyTouchedCount++] = s;
        this.ready[s] = t;
        if (this.marked[s] === 0) {
            this.marked[s] = 1;
            this.markedList[this.markedCount++] = s;
        }
    }

    private nextStamp(): number {
        if (this.stamp === 0x7fffffff) {
            this.boardListed.fill(0);
            this.touchedListed.fill(0);
            this.stamp = 0;
        }
        return ++this.stamp;
    }

    /** Scans pattern p backwards over the day's trips; returns the new boardList length. */
    private scan(p: number, earliestMs: number, boardCount: number, roundStamp: number, touchedStamp: number): number {
        const day = this.today;
        const lo = day.first[p], hi = day.first[p + 1];
        if (lo === hi) return boardCount;
        const net = this.network;
        const trips = day.trips, arrival = net.arrival, departure = net.departure;
        const stops = net.patternStops, flags = net.patternStopFlags;
        const sBase = net.patternStopFirst[p], n = net.patternStopFirst[p + 1] - sBase;
        const tBase = net.patternTimeFirst[p];
        const latest = this.latest, ready = this.ready;
        let cur = -1, curTimes = 0;
        for (let i = this.patternFrom[p]; i >= 0; i--) {
            const s = stops[sBase + i], f = flags[sBase + i];
            if (cur >= 0 && (f & NO_PICKUP) === 0) {
                const t = departure[curTimes + i] * 1000;
                if (t > latest[s] && t >= earliestMs) {
                    if (this.touchedListed[s] !== touchedStamp) {
                        this.touchedListed[s] = touchedStamp;
                        this.touched[this.touchedCount++] = s;
                    }
                    if (this.boardListed[s] !== roundStamp) {
                        this.boardListed[s] = roundStamp;
                        this.boardList[boardCount++] = s;
                    }
                    latest[s] = t;
                }
            }
            if ((f & NO_DROP_OFF) !== 0) continue;
            const r = ready[s];
            if (r === -Infinity) continue;
            // Alighting here by r: the last trip arriving at or before it (seconds), if later than the current.
            const need = Math.floor(r / 1000);
            let a = cur >= 0 ? cur + 1 : lo;
            if (a >= hi || arrival[tBase + trips[a] * n + i] > need) continue;
            let z = hi;
            while (z - a > 1) {
                const mid = (a + z) >>> 1;
                if (arrival[tBase + trips[mid] * n + i] <= need) a = mid;
                else z = mid;
            }
            cur = a;
            curTimes = tBase + trips[a] * n;
        }
        return boardCount;
    }
}
