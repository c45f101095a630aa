// Stage 4 of the transit build (compile.ts): patterns. Each group of runs (same route, shape, stop
// sequence and pickup/drop-off rules) is sorted by departure and split, first fit, into chains where
// no run overtakes another (RAPTOR needs departures sorted at every stop); each chain is a pattern.
// Routes and shapes are numbered globally as patterns first use them; trip headsigns and route
// names go to one text table.
import {Growable} from '../../format/growable.js';
import {StringTableBuilder} from '../../format/strings.js';
import {formatTime} from '../gtfs-values.js';
import {flatMeters} from '../../geo/distance.js';
import type {CutRuns, ReadFeeds, Run} from './runs.js';

/** The section's pattern, trip, route and shape columns, as stage 4 fills them. */
export interface PatternTables {
    text: StringTableBuilder;
    tripIds: StringTableBuilder;
    routeIdTable: StringTableBuilder;
    routeShortName: Growable<Uint32Array>;
    routeLongName: Growable<Uint32Array>;
    routeType: Growable<Uint16Array>;
    routeColor: Growable<Uint32Array>;
    routeAgency: Growable<Uint32Array>;
    routeFeed: Growable<Uint8Array>;
    shapeFirst: Growable<Uint32Array>;
    shapeLat: Growable<Int32Array>;
    shapeLon: Growable<Int32Array>;
    shapeMeters: Growable<Float32Array>;
    patternStopFirst: Growable<Uint32Array>;
    patternStops: Growable<Uint32Array>;
    patternStopFlags: Growable<Uint8Array>;
    patternTripFirst: Growable<Uint32Array>;
    patternTimeFirst: Growable<Uint32Array>;
    patternRoute: Growable<Uint32Array>;
    patternShape: Growable<Int32Array>;
    patternLastDeparture: Growable<Int32Array>;
    arrival: Growable<Int32Array>;
    departure: Growable<Int32Array>;
    tripPattern: Growable<Uint32Array>;
    tripService: Growable<Uint32Array>;
    tripHeadsign: Growable<Uint32Array>;
}

export function buildPatterns(read: ReadFeeds, cut: CutRuns): PatternTables {
    const {feeds, keys} = read;
    const {calls, runs, groups, stopGlobal, feedInfos} = cut;
    const text = new StringTableBuilder();
    const tripIds = new StringTableBuilder(), routeIdTable = new StringTableBuilder();
    const routeGlobal = new Map<string, number>();
    const routeShortName = new Growable(Uint32Array), routeLongName = new Growable(Uint32Array), routeType = new Growable(Uint16Array);
    const routeColor = new Growable(Uint32Array), routeAgency = new Growable(Uint32Array), routeFeed = new Growable(Uint8Array);
    const shapeGlobal = new Map<string, number>();
    const shapeFirst = new Growable(Uint32Array), shapeLat = new Growable(Int32Array), shapeLon = new Growable(Int32Array), shapeMeters = new Growable(Float32Array);
    shapeFirst.push(0);
    const patternStopFirst = new Growable(Uint32Array), patternStops = new Growable(Uint32Array), patternStopFlags = new Growable(Uint8Array);
    const patternTripFirst = new Growable(Uint32Array), patternTimeFirst = new Growable(Uint32Array), patternRoute = new Growable(Uint32Array);
    const patternShape = new Growable(Int32Array), patternLastDeparture = new Growable(Int32Array);
    const arrival = new Growable(Int32Array), departure = new Growable(Int32Array);
    const tripPattern = new Growable(Uint32Array), tripService = new Growable(Uint32Array), tripHeadsign = new Growable(Uint32Array);
    patternStopFirst.push(0);
    patternTripFirst.push(0);

    const time = (run: Run, i: number, which: Int32Array) => which[calls.data[run.callFirst + i]] + run.shift;
    for (const members of groups.values()) {
        const first = runs[members[0]], feed = feeds[first.feed];
        const n = first.callCount;
        members.sort((a, b) => {
            const ra = runs[a], rb = runs[b];
            return (time(ra, 0, feed.stopTimeDeparture) - time(rb, 0, feed.stopTimeDeparture)) ||
                (time(ra, n - 1, feed.stopTimeArrival) - time(rb, n - 1, feed.stopTimeArrival)) || a - b;
        });
        // First-fit into chains where each run is at or after the previous one at every stop.
        const chains: number[][] = [];
        for (const r of members) {
            let placed = false;
            for (const chain of chains) {
                const last = runs[chain[chain.length - 1]], run = runs[r];
                let ok = true;
                for (let i = 0; i < n && ok; i++) {
                    if (time(run, i, feed.stopTimeArrival) < time(last, i, feed.stopTimeArrival) ||
                        time(run, i, feed.stopTimeDeparture) < time(last, i, feed.stopTimeDeparture)) ok = false;
                }
                if (ok) {
                    chain.push(r);
                    placed = true;
                    break;
                }
            }
            if (!placed) chains.push([r]);
        }
        const f = first.feed;
        const route = globalRoute(f, feed.tripRoute[first.trip]);
        const shape = feed.tripShape[first.trip] >= 0 ? globalShape(f, feed.tripShape[first.trip]) : -1;
        for (const chain of chains) {
            const p = patternRoute.length;
            patternRoute.push(route);
            patternShape.push(shape);
            for (let i = 0; i < n; i++) {
                const st = calls.data[first.callFirst + i];
                patternStops.push(stopGlobal[f][feed.stopTimeStop[st]]);
                patternStopFlags.push(feed.stopTimeFlags[st]);
            }
            patternStopFirst.push(patternStops.length);
            patternTimeFirst.push(arrival.length);
            let last = -Infinity;
            for (const r of chain) {
                const run = runs[r];
                for (let i = 0; i < n; i++) {
                    arrival.push(time(run, i, feed.stopTimeArrival));
                    departure.push(time(run, i, feed.stopTimeDeparture));
                }
                last = Math.max(last, time(run, n - 1, feed.stopTimeDeparture));
                tripPattern.push(p);
                tripService.push(feedInfos[f].serviceFirst + feed.tripService[run.trip]);
                tripHeadsign.push(text.intern(feed.tripHeadsign[run.trip]));
                const shifted = run.shift - feedInfos[f].timeShift;
                tripIds.add(`${keys[f]}:${feed.tripIds[run.trip]}${shifted !== 0 ? `@${formatTime(feed.stopTimeDeparture[feed.tripFirst[run.trip]] + shifted)}` : ''}`);
            }
            patternLastDeparture.push(last);
            patternTripFirst.push(tripPattern.length);
        }
    }

    function globalRoute(f: number, r: number): number {
        const k = `${f}:${r}`;
        let g = routeGlobal.get(k);
        if (g === undefined) {
            const feed = feeds[f];
            g = routeShortName.length;
            routeGlobal.set(k, g);
            routeIdTable.add(`${keys[f]}:${feed.routeIds[r]}`);
            routeShortName.push(text.intern(feed.routeShortName[r]));
            routeLongName.push(text.intern(feed.routeLongName[r]));
            routeType.push(Math.min(65535, feed.routeType[r]));
            routeColor.push(text.intern(feed.routeColor[r]));
            routeAgency.push(text.intern(feed.routeAgency[r]));
            routeFeed.push(f);
        }
        return g;
    }

    function globalShape(f: number, s: number): number {
        const k = `${f}:${s}`;
        let g = shapeGlobal.get(k);
        if (g === undefined) {
            const feed = feeds[f];
            g = shapeFirst.length - 1;
            shapeGlobal.set(k, g);
            let meters = 0;
            for (let i = feed.shapeFirst[s]; i < feed.shapeFirst[s + 1]; i++) {
                if (i > feed.shapeFirst[s]) meters += flatMeters(feed.shapeLat[i - 1], feed.shapeLon[i - 1], feed.shapeLat[i], feed.shapeLon[i]);
                shapeLat.push(Math.round(feed.shapeLat[i] * 1e7));
                shapeLon.push(Math.round(feed.shapeLon[i] * 1e7));
                shapeMeters.push(meters);
            }
            shapeFirst.push(shapeLat.length);
        }
        return g;
    }

    return {
        text, tripIds, routeIdTable, routeShortName, routeLongName, routeType, routeColor, routeAgency, routeFeed,
        shapeFirst, shapeLat, shapeLon, shapeMeters,
        patternStopFirst, patternStops, patternStopFlags, patternTripFirst, patternTimeFirst, patternRoute, patternShape, patternLastDeparture,
        arrival, departure, tripPattern, tripService, tripHeadsign
    };
}
