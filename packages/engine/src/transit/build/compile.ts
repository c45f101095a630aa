// Compiles a region's GTFS feeds into its transit section (region build only, never on a request).
//
//   1. Each feed is read and checked (gtfs-reader.ts); its ids are namespaced by the feed's file
//      name ("sncb-nmbs-…:8813003"), so several feeds never collide.
//   2. Each feed gets a reference day (service-days.ts) and keeps its whole service calendar.
//   3. Stops farther than AREA_MARGIN_METERS outside the bounding box of the region's road network
//      are dropped, and trips are cut to the stops that remain (a national rail feed keeps its
//      stations around the city); calls where a trip neither picks up nor drops off go too.
//      frequencies.txt trips are expanded into one trip per departure.
//   4. Trips with the same route, shape, stop sequence and pickup/drop-off rules form a pattern;
//      a pattern is split further until no trip overtakes another (RAPTOR needs departures
//      sorted at every stop), and its trips are sorted by departure.
//   5. Stops are attached to the foot network (nearest walkable edge within STOP_SNAP_METERS).
//   6. Footpaths: a walking search from every attached stop, bounded by FOOTPATH_MAX_SECONDS,
//      gives the walks to the stops around it. transfers.txt then adds its transfers (between
//      stations' platforms too), sets minimum change times at a stop, and removes the
//      transfers it marks impossible.
//   7. Ride geometry: each pattern stop is placed on the pattern's shape (a monotone nearest-
//      segment match), or the stop sequence is used when the feed has no shape.
import path from 'node:path';
import {encodeSection} from '../../format/section.js';
import {Growable} from '../../format/growable.js';
import {StringTableBuilder} from '../../format/strings.js';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import {FOOT, FOOT_SPEEDS} from '../../graph/profiles.js';
import {INF, type RoadGraph} from '../../graph/road-graph.js';
import {Snapper} from '../../graph/snap.js';
import {openFeedSource} from '../gtfs/feed-source.js';
import {alongEdge, edgePoint, FootSearch, type EdgePoint} from '../foot-search.js';
import {readGtfsFeed, type GtfsFeed} from '../gtfs/gtfs-reader.js';
import {formatTime, utcOffsetSeconds} from '../gtfs-values.js';
import {NO_DROP_OFF, NO_PICKUP, TRANSIT_KIND, TRANSIT_VERSION, type TransitFeedInfo, type TransitMeta} from '../section-layout.js';
import {chooseReferenceDays, serviceCalendar, tripsPerDay, type ServiceCalendar} from './service-days.js';

/** Footpaths between stops: walks of at most this many seconds (6 min, about 500 m at 5 km/h). */
export const FOOTPATH_MAX_SECONDS = 360;
/** A stop farther than this from every walkable edge is not on the walking network. */
export const STOP_SNAP_METERS = 150;
/** Stops beyond the road network's bounding box grown by this much are dropped. */
export const AREA_MARGIN_METERS = 5000;
/** Walking speed for transfers.txt transfers the foot network does not connect (m/s, 5 km/h). */
const WALK_METERS_PER_SECOND = FOOT_SPEEDS.residential / 3.6;

export interface TransitBuildOptions {
    /** The region's time zone (IANA), which every feed's times are brought to. */
    timezone: string;
    /** Reference day override (YYYY-MM-DD). */
    transitDate?: string;
    onProgress?: (stage: string, done: number) => void;
    log?: (line: string) => void;
}

export interface TransitBuildResult {
    section: Uint8Array;
    meta: TransitMeta;
}

/** One trip as ridden: a feed trip (or one departure of a frequencies.txt trip), its calls kept. */
interface Run {
    feed: number;
    trip: number;
    /** Seconds added to the feed trip's times (frequencies.txt copies, time-zone shift). */
    shift: number;
    /** Into `calls`: the feed's stop-time indices kept, [callFirst, callFirst + callCount). */
    callFirst: number;
    callCount: number;
}

export function buildTransitSection(feedPaths: string[], graph: RoadGraph, options: TransitBuildOptions): TransitBuildResult {
    const progress = options.onProgress ?? (() => {});
    const log = options.log ?? (() => {});

    // 1. Read the feeds.
    const feeds: GtfsFeed[] = [];
    const keys: string[] = [];
    feedPaths.forEach((file, i) => {
        progress(`reading ${path.basename(file)}`, i / feedPaths.length * 0.5);
        feeds.push(readGtfsFeed(openFeedSource(file), path.basename(file)));
        let key = feedKey(file);
        while (keys.includes(key)) key += `-${i}`;
        keys.push(key);
    });

    // 2. Calendars and reference days.
    progress('service days', 0.5);
    const calendars = feeds.map(serviceCalendar);
    const counts = feeds.map((feed, f) => {
        const timed = new Uint32Array(feed.tripIds.length);
        for (let t = 0; t < timed.length; t++) timed[t] = feed.tripFirst[t + 1] > feed.tripFirst[t] ? 1 : 0;
        return tripsPerDay(calendars[f], feed.tripService, timed);
    });
    const references = chooseReferenceDays(calendars, counts, options.transitDate);

    // 3. The area, runs (trips cut to it, frequencies expanded), patterns by key.
    const area = graphBox(graph, AREA_MARGIN_METERS);
    const calls = new Growable(Uint32Array);
    const runs: Run[] = [];
    const groups = new Map<string, number[]>();
    const stopGlobal = feeds.map((feed) => new Int32Array(feed.stopIds.length).fill(-1));
    const stopFeed: number[] = [], stopLocal: number[] = [];
    const feedInfos: TransitFeedInfo[] = [];
    let serviceFirst = 0;
    for (let f = 0; f < feeds.length; f++) {
        const feed = feeds[f], cal = calendars[f], ref = references[f];
        const regionOffset = utcOffsetSeconds(options.timezone, ref.day);
        const timeShift = regionOffset - utcOffsetSeconds(feed.timezone, ref.day);
        const inArea = new Uint8Array(feed.stopIds.length);
        for (let s = 0; s < inArea.length; s++) {
            const lat = feed.stopLat[s], lon = feed.stopLon[s];
            inArea[s] = lat >= area.minLat && lat <= area.maxLat && lon >= area.minLon && lon <= area.maxLon ? 1 : 0;
        }
        const serviceRuns = new Uint8Array(feed.serviceIds.length);
        for (let s = 0; s < serviceRuns.length; s++) {
            for (let w = 0; w < cal.words; w++) if (cal.bits[s * cal.words + w] !== 0) serviceRuns[s] = 1;
        }
        // frequencies.txt rows per trip
        const freqFirst = new Uint32Array(feed.tripIds.length + 1);
        for (let i = 0; i < feed.frequencyTrip.length; i++) freqFirst[feed.frequencyTrip[i] + 1]++;
        for (let t = 0; t < feed.tripIds.length; t++) freqFirst[t + 1] += freqFirst[t];
        const freqRows = new Uint32Array(feed.frequencyTrip.length);
        const at = freqFirst.slice(0, feed.tripIds.length);
        for (let i = 0; i < feed.frequencyTrip.length; i++) freqRows[at[feed.frequencyTrip[i]]++] = i;

        let keptTrips = 0, keptCalls = 0, runCount = 0, neverRuns = 0, outside = 0;
        for (let t = 0; t < feed.tripIds.length; t++) {
            const from = feed.tripFirst[t], to = feed.tripFirst[t + 1];
            if (to - from < 2) continue;
            if (!serviceRuns[feed.tripService[t]]) {
                neverRuns++;
                continue;
            }
            const callFirst = calls.length;
            for (let i = from; i < to; i++) {
                const flags = feed.stopTimeFlags[i];
                if (!inArea[feed.stopTimeStop[i]] || flags === (NO_PICKUP | NO_DROP_OFF)) continue;
                calls.push(i);
            }
            const callCount = calls.length - callFirst;
            if (callCount < 2) {
                calls.length = callFirst;
                outside++;
                continue;
            }
            keptTrips++;
            keptCalls += callCount;
            let key = `${f}|${feed.tripRoute[t]}|${feed.tripShape[t]}`;
            for (let i = callFirst; i < calls.length; i++) {
                const st = calls.data[i];
                const local = feed.stopTimeStop[st];
                if (stopGlobal[f][local] < 0) {
                    stopGlobal[f][local] = stopFeed.length;
                    stopFeed.push(f);
                    stopLocal.push(local);
                }
                key += `,${stopGlobal[f][local]}:${feed.stopTimeFlags[st]}`;
            }
            let group = groups.get(key);
            if (!group) groups.set(key, group = []);
            const add = (shift: number) => {
                group!.push(runs.length);
                runs.push({feed: f, trip: t, shift, callFirst, callCount});
                runCount++;
            };
            if (freqFirst[t + 1] === freqFirst[t]) {
                add(timeShift);
            } else {
                // One run per departure of each frequencies.txt window; the trip's own times give the running times.
                const templateStart = feed.stopTimeDeparture[from];
                for (let k = freqFirst[t]; k < freqFirst[t + 1]; k++) {
                    const row = freqRows[k];
                    for (let start = feed.frequencyStart[row]; start < feed.frequencyEnd[row]; start += feed.frequencyHeadway[row]) {
                        add(start - templateStart + timeShift);
                    }
                }
            }
        }
        const tripsWithTimes = countTimedTrips(feed);
        if (keptTrips === 0 && tripsWithTimes > 0) {
            log(`GTFS feed ${path.basename(feed.path)}: no trip stops within the region (its stops lie outside the road network's area)`);
        }
        const warnings = feed.warnings.slice();
        const refIndex = ref.day - cal.firstDay;
        if (cal.dayCount === 0 || refIndex < 0 || refIndex >= cal.dayCount || counts[f][refIndex] === 0) {
            warnings.push({file: 'calendar.txt', count: 1, line: 0, problem: `no trip runs on the reference day ${ref.date}`});
        }
        for (const w of warnings) log(`GTFS feed ${path.basename(feed.path)}: ${w.file}${w.line ? ` line ${w.line}` : ''}: ${w.problem}${w.count > 1 ? ` (${w.count} times)` : ''}`);
        feedInfos.push({
            key: keys[f], path: feed.path, agency: feed.agencyName, timezone: feed.timezone,
            referenceDate: ref.date, referenceDay: ref.day, referenceRule: ref.rule, utcOffset: regionOffset, timeShift,
            firstDay: cal.firstDay, dayCount: cal.dayCount, serviceFirst, serviceCount: feed.serviceIds.length,
            stats: {
                stops: feed.stopIds.length, routes: feed.routeIds.length, trips: feed.tripIds.length, stopTimes: sumRows(feed, 'stop_times.txt'),
                tripsKept: keptTrips, tripsNeverRunning: neverRuns, tripsOutsideArea: outside, runs: runCount, callsKept: keptCalls,
                tripsOnReferenceDay: cal.dayCount > 0 && refIndex >= 0 && refIndex < cal.dayCount ? counts[f][refIndex] : 0,
                shapes: feed.shapeIds.length, transfers: feed.transferFrom.length, frequencies: feed.frequencyTrip.length
            },
            warnings
        });
        serviceFirst += feed.serviceIds.length;
    }
    const stopCount = stopFeed.length;

    // 4. Patterns: each key's runs, sorted, split where one would overtake another.
    progress('patterns', 0.6);
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
    const patternCount = patternRoute.length, tripCount = tripPattern.length;

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
                if (i > feed.shapeFirst[s]) meters += straightMeters(feed.shapeLat[i - 1], feed.shapeLon[i - 1], feed.shapeLat[i], feed.shapeLon[i]);
                shapeLat.push(Math.round(feed.shapeLat[i] * 1e7));
                shapeLon.push(Math.round(feed.shapeLon[i] * 1e7));
                shapeMeters.push(meters);
            }
            shapeFirst.push(shapeLat.length);
        }
        return g;
    }

    // 5. Stops, attached to the foot network.
    progress('stops', 0.7);
    const stopLat = new Int32Array(stopCount), stopLon = new Int32Array(stopCount);
    const stopEdge = new Int32Array(stopCount).fill(-1), stopOffset = new Float32Array(stopCount);
    const stopFromA = new Uint32Array(stopCount).fill(INF), stopToA = new Uint32Array(stopCount).fill(INF);
    const stopFromB = new Uint32Array(stopCount).fill(INF), stopToB = new Uint32Array(stopCount).fill(INF);
    const stopNames = new StringTableBuilder(), stopIds = new StringTableBuilder();
    const points: (EdgePoint | null)[] = [];
    const snapper = new Snapper(graph);
    let attached = 0;
    for (let s = 0; s < stopCount; s++) {
        const feed = feeds[stopFeed[s]], local = stopLocal[s];
        const lat = feed.stopLat[local], lon = feed.stopLon[local];
        stopLat[s] = Math.round(lat * 1e7);
        stopLon[s] = Math.round(lon * 1e7);
        stopNames.add(feed.stopNames[local]);
        stopIds.add(`${keys[stopFeed[s]]}:${feed.stopIds[local]}`);
        const snap = snapper.snap(lat, lon, FOOT, STOP_SNAP_METERS);
        if (!snap) {
            points.push(null);
            continue;
        }
        const p = edgePoint(graph, snap.edge, snap.offset);
        points.push(p);
        attached++;
        stopEdge[s] = snap.edge;
        stopOffset[s] = snap.offset;
        stopFromA[s] = Math.round(p.fromA === INF ? INF : p.fromA);
        stopToA[s] = Math.round(p.toA === INF ? INF : p.toA);
        stopFromB[s] = Math.round(p.fromB === INF ? INF : p.fromB);
        stopToB[s] = Math.round(p.toB === INF ? INF : p.toB);
    }
    // Stops by foot-graph node (both ends of their edge).
    const nodeStopFirst = new Uint32Array(graph.nodeCount + 1);
    for (let s = 0; s < stopCount; s++) {
        if (stopEdge[s] < 0) continue;
        nodeStopFirst[graph.edgeFrom[stopEdge[s]] + 1]++;
        if (graph.edgeTo[stopEdge[s]] !== graph.edgeFrom[stopEdge[s]]) nodeStopFirst[graph.edgeTo[stopEdge[s]] + 1]++;
    }
    for (let i = 0; i < graph.nodeCount; i++) nodeStopFirst[i + 1] += nodeStopFirst[i];
    const nodeStops = new Uint32Array(nodeStopFirst[graph.nodeCount]);
    {
        const fill = nodeStopFirst.slice(0, graph.nodeCount);
        for (let s = 0; s < stopCount; s++) {
            if (stopEdge[s] < 0) continue;
            const a = graph.edgeFrom[stopEdge[s]], b = graph.edgeTo[stopEdge[s]];
            nodeStops[fill[a]++] = s;
            if (b !== a) nodeStops[fill[b]++] = s;
        }
    }
    // Patterns by stop.
    const stopPatternFirst = new Uint32Array(stopCount + 1);
    for (let i = 0; i < patternStops.length; i++) stopPatternFirst[patternStops.data[i] + 1]++;
    for (let s = 0; s < stopCount; s++) stopPatternFirst[s + 1] += stopPatternFirst[s];
    const stopPatterns = new Uint32Array(patternStops.length), stopPatternPos = new Uint32Array(patternStops.length);
    {
        const fill = stopPatternFirst.slice(0, stopCount);
        for (let p = 0; p < patternCount; p++) {
            for (let i = patternStopFirst.data[p]; i < patternStopFirst.data[p + 1]; i++) {
                const k = fill[patternStops.data[i]]++;
                stopPatterns[k] = p;
                stopPatternPos[k] = i - patternStopFirst.data[p];
            }
        }
    }

    // 6. Footpaths by walking, then transfers.txt.
    progress('footpaths', 0.75);
    const footMaxMs = FOOTPATH_MAX_SECONDS * 1000;
    const paths = new Map<number, {ms: number; meters: number}>(); // key from * stopCount + to
    const search = new FootSearch(graph, true);
    const stamp = new Int32Array(stopCount).fill(-1);
    for (let s = 0; s < stopCount; s++) {
        const p = points[s];
        if (!p) continue;
        if ((s & 255) === 0) progress('footpaths', 0.75 + 0.15 * s / stopCount);
        search.reset();
        search.seedPoint(p);
        search.run(footMaxMs);
        stamp[s] = s;
        for (let i = 0; i < search.reachedCount; i++) {
            const x = search.reached[i];
            if (search.time(x) > footMaxMs) continue;
            for (let k = nodeStopFirst[x]; k < nodeStopFirst[x + 1]; k++) {
                const s2 = nodeStops[k];
                if (stamp[s2] === s) continue;
                stamp[s2] = s;
                const q = points[s2]!;
                const via = search.timeAt(q);
                let ms = via.ms, meters = Infinity;
                if (via.end >= 0) {
                    const node = via.end === 0 ? graph.edgeFrom[q.edge] : graph.edgeTo[q.edge];
                    meters = search.meters[node] + (via.end === 0 ? q.offset : graph.edgeLength[q.edge] - q.offset);
                }
                if (q.edge === p.edge) {
                    const along = alongEdge(graph, p.edge, p.offset, q.offset);
                    if (along < ms) {
                        ms = along;
                        meters = Math.abs(q.offset - p.offset);
                    }
                }
                if (ms <= footMaxMs) paths.set(s * stopCount + s2, {ms: Math.round(ms), meters});
            }
        }
    }
    const stopChangeMs = new Uint32Array(stopCount);
    const forbidden = new Set<number>();
    let transfersUsed = 0;
    for (let f = 0; f < feeds.length; f++) {
        const feed = feeds[f];
        // Children of each station, to apply a station's transfers to its platforms.
        const children = new Map<number, number[]>();
        for (let s = 0; s < feed.stopIds.length; s++) {
            if (feed.stopParent[s] < 0) continue;
            let list = children.get(feed.stopParent[s]);
            if (!list) children.set(feed.stopParent[s], list = []);
            list.push(s);
        }
        const expand = (local: number): number[] => {
            const out: number[] = [];
            if (stopGlobal[f][local] >= 0) out.push(stopGlobal[f][local]);
            for (const c of children.get(local) ?? []) if (stopGlobal[f][c] >= 0) out.push(stopGlobal[f][c]);
            return out;
        };
        for (let i = 0; i < feed.transferFrom.length; i++) {
            const type = feed.transferType[i], seconds = feed.transferSeconds[i];
            if (type === 4 || type === 5) continue; // in-seat transfers: not modelled
            for (const a of expand(feed.transferFrom[i])) {
                for (const b of expand(feed.transferTo[i])) {
                    transfersUsed++;
                    if (a === b) {
                        if (type === 2 && seconds > 0) stopChangeMs[a] = Math.max(stopChangeMs[a], seconds * 1000);
                        continue;
                    }
                    const key = a * stopCount + b;
                    if (type === 3) {
                        forbidden.add(key);
                        continue;
                    }
                    const walked = paths.get(key);
                    const meters = walked ? walked.meters : straightMeters(stopLat[a] / 1e7, stopLon[a] / 1e7, stopLat[b] / 1e7, stopLon[b] / 1e7);
                    let ms = walked ? walked.ms : Math.round(meters / WALK_METERS_PER_SECOND * 1000);
                    if (type === 2 && seconds >= 0) ms = seconds * 1000;
                    paths.set(key, {ms, meters});
                }
            }
        }
    }
    for (const key of forbidden) paths.delete(key);
    const footKeys = Array.from(paths.keys()).sort((a, b) => a - b);
    const footFirst = new Uint32Array(stopCount + 1);
    const footTo = new Uint32Array(footKeys.length), footMs = new Uint32Array(footKeys.length), footMeters = new Float32Array(footKeys.length);
    for (let i = 0; i < footKeys.length; i++) {
        const from = Math.floor(footKeys[i] / stopCount);
        footFirst[from + 1]++;
        footTo[i] = footKeys[i] - from * stopCount;
        const v = paths.get(footKeys[i])!;
        footMs[i] = v.ms;
        footMeters[i] = Number.isFinite(v.meters) ? v.meters : 0;
    }
    for (let s = 0; s < stopCount; s++) footFirst[s + 1] += footFirst[s];

    // 7. Where each pattern stop lies along its shape (or its stop sequence).
    progress('shapes', 0.92);
    const totalPatternStops = patternStops.length;
    const patternStopMeters = new Float32Array(totalPatternStops);
    const patternStopShapeSegment = new Uint32Array(totalPatternStops), patternStopShapeShare = new Float32Array(totalPatternStops);
    const shapeFirstArr = shapeFirst.toArray(), shapeLatArr = shapeLat.toArray(), shapeLonArr = shapeLon.toArray(), shapeMetersArr = shapeMeters.toArray();
    for (let p = 0; p < patternCount; p++) {
        const from = patternStopFirst.data[p], to = patternStopFirst.data[p + 1];
        const shape = patternShape.data[p];
        if (shape >= 0 && shapeFirstArr[shape + 1] - shapeFirstArr[shape] >= 2) {
            placeOnShape(patternStops.data, from, to, stopLat, stopLon, shapeLatArr, shapeLonArr, shapeFirstArr[shape], shapeFirstArr[shape + 1],
                patternStopShapeSegment, patternStopShapeShare);
            for (let i = from; i < to; i++) {
                const seg = shapeFirstArr[shape] + patternStopShapeSegment[i];
                const m = shapeMetersArr[seg] + (shapeMetersArr[seg + 1] - shapeMetersArr[seg]) * patternStopShapeShare[i];
                patternStopMeters[i] = i > from ? Math.max(m, patternStopMeters[i - 1]) : m;
            }
            const base = patternStopMeters[from];
            for (let i = from; i < to; i++) patternStopMeters[i] -= base;
        } else {
            let m = 0;
            for (let i = from; i < to; i++) {
                if (i > from) {
                    const a = patternStops.data[i - 1], b = patternStops.data[i];
                    m += straightMeters(stopLat[a] / 1e7, stopLon[a] / 1e7, stopLat[b] / 1e7, stopLon[b] / 1e7);
                }
                patternStopMeters[i] = m;
            }
        }
    }

    // Services: every feed's calendar bits, one run of words per service.
    const serviceCount = serviceFirst;
    const serviceFeed = new Uint16Array(serviceCount), serviceWordFirst = new Uint32Array(serviceCount + 1);
    let words = 0;
    for (let f = 0, s = 0; f < feeds.length; f++) {
        for (let k = 0; k < feeds[f].serviceIds.length; k++, s++) {
            serviceFeed[s] = f;
            serviceWordFirst[s] = words;
            words += calendars[f].words;
        }
    }
    serviceWordFirst[serviceCount] = words;
    const serviceWords = new Uint32Array(words);
    for (let f = 0, at = 0; f < feeds.length; f++) {
        serviceWords.set(calendars[f].bits, at);
        at += calendars[f].bits.length;
    }

    progress('writing', 0.98);
    const meta: TransitMeta = {
        feeds: feedInfos, timezone: options.timezone,
        stopCount, patternCount, tripCount, routeCount: routeShortName.length,
        nodeCount: graph.nodeCount, edgeCount: graph.edgeCount,
        footpathMaxSeconds: FOOTPATH_MAX_SECONDS, stopSnapMeters: STOP_SNAP_METERS, areaMarginMeters: AREA_MARGIN_METERS,
        stats: {stopsAttached: attached, footpaths: footKeys.length, transfersApplied: transfersUsed, shapes: shapeFirst.length - 1}
    };
    const section = encodeSection(TRANSIT_KIND, TRANSIT_VERSION, meta, {
        stopLat, stopLon, stopEdge, stopOffset, stopFromA, stopToA, stopFromB, stopToB, stopChangeMs,
        stopPatternFirst, stopPatterns, stopPatternPos,
        footFirst, footTo, footMs, footMeters,
        nodeStopFirst, nodeStops,
        patternStopFirst: patternStopFirst.toArray(), patternStops: patternStops.toArray(), patternStopFlags: patternStopFlags.toArray(),
        patternStopMeters, patternStopShapeSegment, patternStopShapeShare,
        patternTripFirst: patternTripFirst.toArray(), patternTimeFirst: patternTimeFirst.toArray(), patternRoute: patternRoute.toArray(),
        patternShape: patternShape.toArray(), patternLastDeparture: patternLastDeparture.toArray(),
        arrival: arrival.toArray(), departure: departure.toArray(),
        tripPattern: tripPattern.toArray(), tripService: tripService.toArray(), tripHeadsign: tripHeadsign.toArray(),
        routeShortName: routeShortName.toArray(), routeLongName: routeLongName.toArray(), routeType: routeType.toArray(),
        routeColor: routeColor.toArray(), routeAgency: routeAgency.toArray(), routeFeed: routeFeed.toArray(),
        shapeFirst: shapeFirstArr, shapeLat: shapeLatArr, shapeLon: shapeLonArr, shapeMeters: shapeMetersArr,
        serviceFeed, serviceWordFirst, serviceWords,
        ...stopNames.arrays('stopName'), ...stopIds.arrays('stopId'), ...routeIdTable.arrays('routeId'),
        ...tripIds.arrays('tripId'), ...text.arrays('text')
    });
    return {section, meta};
}

/** The feed's namespace: its file or folder name without .zip / .gtfs. */
function feedKey(file: string): string {
    return path.basename(file).replace(/\.zip$/i, '').replace(/\.gtfs$/i, '') || 'feed';
}

function countTimedTrips(feed: GtfsFeed): number {
    let n = 0;
    for (let t = 0; t < feed.tripIds.length; t++) if (feed.tripFirst[t + 1] - feed.tripFirst[t] >= 2) n++;
    return n;
}

function sumRows(feed: GtfsFeed, file: string): number {
    return feed.rows[file] ?? 0;
}

function graphBox(g: RoadGraph, marginMeters: number): {minLat: number; minLon: number; maxLat: number; maxLon: number} {
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (let i = 0; i < g.nodeCount; i++) {
        const lat = g.nodeLat[i], lon = g.nodeLon[i];
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
        if (lon < minLon) minLon = lon;
        if (lon > maxLon) maxLon = lon;
    }
    if (g.nodeCount === 0) return {minLat: 0, minLon: 0, maxLat: -1, maxLon: -1};
    minLat /= 1e7;
    maxLat /= 1e7;
    minLon /= 1e7;
    maxLon /= 1e7;
    const dLat = marginMeters / METERS_PER_DEGREE_LAT;
    const dLon = marginMeters / metersPerDegreeLon(Math.max(Math.abs(minLat), Math.abs(maxLat)));
    return {minLat: minLat - dLat, maxLat: maxLat + dLat, minLon: minLon - dLon, maxLon: maxLon + dLon};
}

function straightMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const kx = metersPerDegreeLon((lat1 + lat2) / 2);
    const dx = (lon2 - lon1) * kx, dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Places a pattern's stops [from, to) on a shape (points [first, end)): for each stop a segment
 * index (relative to `first`) and a share along it, never going backwards along the shape, with
 * the smallest sum of stop-to-segment distances (dynamic programming over stops × segments).
 */
function placeOnShape(stops: Uint32Array, from: number, to: number, stopLat: Int32Array, stopLon: Int32Array,
    shapeLat: Int32Array, shapeLon: Int32Array, first: number, end: number,
    outSegment: Uint32Array, outShare: Float32Array): void {
    const n = to - from, m = end - first - 1;
    const ky = METERS_PER_DEGREE_LAT / 1e7, kx = metersPerDegreeLon(shapeLat[first] / 1e7) / 1e7;
    let prev = new Float64Array(m), cur = new Float64Array(m);
    const choice = new Int32Array(n * m);
    const shares = new Float32Array(n * m);
    for (let i = 0; i < n; i++) {
        const s = stops[from + i];
        const px = stopLon[s] * kx, py = stopLat[s] * ky;
        let bestPrev = Infinity, bestPrevAt = -1;
        for (let j = 0; j < m; j++) {
            if (i > 0 && prev[j] < bestPrev) {
                bestPrev = prev[j];
                bestPrevAt = j;
            }
            const ax = shapeLon[first + j] * kx, ay = shapeLat[first + j] * ky;
            const bx = shapeLon[first + j + 1] * kx, by = shapeLat[first + j + 1] * ky;
            const dx = bx - ax, dy = by - ay;
            const len2 = dx * dx + dy * dy;
            let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
            if (t < 0) t = 0;
            else if (t > 1) t = 1;
            const cx = ax + t * dx - px, cy = ay + t * dy - py;
            cur[j] = Math.sqrt(cx * cx + cy * cy) + (i > 0 ? bestPrev : 0);
            choice[i * m + j] = bestPrevAt;
            shares[i * m + j] = t;
        }
        const swap = prev;
        prev = cur;
        cur = swap;
    }
    let j = 0;
    for (let k = 1; k < m; k++) if (prev[k] < prev[j]) j = k;
    for (let i = n - 1; i >= 0; i--) {
        outSegment[from + i] = j;
        outShare[from + i] = shares[i * m + j];
        if (i > 0) j = choice[i * m + j];
    }
    // Same segment, stops in order: keep the shares from going backwards.
    for (let i = from + 1; i < to; i++) {
        if (outSegment[i] === outSegment[i - 1] && outShare[i] < outShare[i - 1]) outShare[i] = outShare[i - 1];
    }
}
