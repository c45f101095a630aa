// A journey RAPTOR found, as the route a query answers: its steps traced back through the labels
// (access walk, rides, footpaths), then each leg with its times, stops, metres and geometry.
import type {Snap} from '../../graph/snap.js';
import type {EdgePoint} from '../foot-search.js';
import {isoLocal} from '../gtfs-values.js';
import type {FootAccess} from './foot-access.js';
import {routeMode, type TransitNetwork} from './network.js';
import type {Raptor} from './raptor.js';
import type {RideLeg, TransferLeg, TransitLeg, TransitRoute, TransitStopCall, TransitStopRef, WalkLeg} from './transit-types.js';

/** Kinds of the steps traceJourney leaves. */
const STEP_ACCESS = 0, STEP_RIDE = 1, STEP_FOOT = 2;

/** One per TransitRouter: the step arrays are sized to the rides limit once and reused. */
export class JourneyLegs {
    /** The journey traceJourney follows, in travel order: kind, stop or label, footpath end and arrival. */
    private readonly stepKind: Uint8Array;
    private readonly stepA: Int32Array;
    private readonly stepB: Int32Array;
    private readonly stepAt: Float64Array;

    constructor(private readonly network: TransitNetwork, private readonly raptor: Raptor, private readonly days: number[], private readonly access: FootAccess) {
        const steps = 2 * raptor.maxRides + 1;
        this.stepKind = new Uint8Array(steps);
        this.stepA = new Int32Array(steps);
        this.stepB = new Int32Array(steps);
        this.stepAt = new Float64Array(steps);
    }

    stopRef(s: number): TransitStopRef {
        const net = this.network;
        return {id: net.stopIds.get(s), name: net.stopNames.get(s), lat: net.stopLat[s] / 1e7, lon: net.stopLon[s] / 1e7};
    }

    walkRoute(fp: EdgePoint, tp: EdgePoint, from: Snap, to: Snap, departureMs: number, walk: number): TransitRoute {
        const w = this.access.walkSource >= 0 ? this.access.finderPath(fp, tp) : this.access.walkPath(this.access.forward, fp, tp);
        const day = this.days[0] ?? 0, offset = this.network.feeds[0]?.utcOffset ?? 0;
        const leg: WalkLeg = {type: 'walk', ...this.times(departureMs, departureMs + walk, day, offset), distance: w.meters, time: Math.round(walk), points: w.points};
        return {
            time: Math.round(walk), distance: w.meters, departure: departureMs / 1000, arrival: (departureMs + walk) / 1000,
            transfers: 0, walkOnly: true, legs: [leg], points: w.points.slice(), from, to
        };
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
    traceJourney(k: number, s: number): number {
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
    journeyMeters(fp: EdgePoint, count: number, egressMeters: number): number {
        let distance = 0;
        for (let i = 0; i < count; i++) {
            const kind = this.stepKind[i];
            if (kind === STEP_ACCESS) distance += this.access.walkPath(this.access.forward, fp, this.access.stopPoint(this.stepA[i]), null).meters;
            else if (kind === STEP_RIDE) distance += this.rideMeters(this.stepA[i]);
            else distance += this.footpathMeters(this.stepA[i], this.stepB[i]);
        }
        return distance + egressMeters;
    }

    /** Rebuilds the journey RAPTOR found, from its last ride back to the access walk. */
    journey(fp: EdgePoint, tp: EdgePoint, from: Snap, to: Snap, departureMs: number): TransitRoute {
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
                const w = this.access.walkPath(this.access.forward, fp, this.access.stopPoint(a));
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
        const e = this.access.walkPath(this.access.backward, tp, this.access.stopPoint(last));
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
            const pa = this.access.stopPoint(a), pb = this.access.stopPoint(b);
            const search = this.access.spare;
            search.reset();
            search.seedPoint(pa, 0);
            search.run(endMs - startMs + 1);
            const w = this.access.walkPath(search, pa, pb);
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
