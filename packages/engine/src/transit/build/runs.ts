// Stage 3 of the transit build (compile.ts): the feeds cut to the region. Stops farther than
// AREA_MARGIN_METERS outside the road network's bounding box are dropped, and trips are cut to the
// stops that remain (a national rail feed keeps its stations around the city); calls where a trip
// neither picks up nor drops off go too. frequencies.txt trips are expanded into one run per
// departure. Runs with the same route, shape, stop sequence and pickup/drop-off rules are grouped
// (a pattern to be, stage 4); each feed's stats and warnings are logged and kept for the meta.
import path from 'node:path';
import {Growable} from '../../format/growable.js';
import type {GtfsFeed} from '../gtfs/gtfs-reader.js';
import {utcOffsetSeconds} from '../gtfs-values.js';
import {NO_DROP_OFF, NO_PICKUP, type TransitFeedInfo} from '../section-layout.js';
import type {ReferenceDay, ServiceCalendar} from './service-days.js';

/** One trip as ridden: a feed trip (or one departure of a frequencies.txt trip), its calls kept. */
export interface Run {
    feed: number;
    trip: number;
    /** Seconds added to the feed trip's times (frequencies.txt copies, time-zone shift). */
    shift: number;
    /** Into `calls`: the feed's stop-time indices kept, [callFirst, callFirst + callCount). */
    callFirst: number;
    callCount: number;
}

/** The feeds read, with their calendars and reference days (stages 1 and 2). */
export interface ReadFeeds {
    feeds: GtfsFeed[];
    /** Each feed's id namespace. */
    keys: string[];
    calendars: ServiceCalendar[];
    /** Trips running per day of each feed's calendar. */
    counts: Float64Array[];
    references: ReferenceDay[];
}

/** The area the stops must lie in (degrees). */
export interface Area {
    minLat: number;
    minLon: number;
    maxLat: number;
    maxLon: number;
}

/** The runs kept, grouped by pattern key, and the stops they call at (numbered globally). */
export interface CutRuns {
    /** Stop-time indices of the runs' calls (see Run). */
    calls: Growable<Uint32Array>;
    runs: Run[];
    /** Runs by pattern key, in the order the keys were met. */
    groups: Map<string, number[]>;
    /** Per feed, local stop → global stop (-1: not called at). */
    stopGlobal: Int32Array[];
    /** Per global stop, its feed and local index. */
    stopFeed: number[];
    stopLocal: number[];
    feedInfos: TransitFeedInfo[];
    /** Services of all feeds. */
    serviceCount: number;
}

export function cutRuns(read: ReadFeeds, area: Area, timezone: string, log: (line: string) => void): CutRuns {
    const {feeds, keys, calendars, counts, references} = read;
    const calls = new Growable(Uint32Array);
    const runs: Run[] = [];
    const groups = new Map<string, number[]>();
    const stopGlobal = feeds.map((feed) => new Int32Array(feed.stopIds.length).fill(-1));
    const stopFeed: number[] = [], stopLocal: number[] = [];
    const feedInfos: TransitFeedInfo[] = [];
    let serviceFirst = 0;
    for (let f = 0; f < feeds.length; f++) {
        const feed = feeds[f], cal = calendars[f], ref = references[f];
        const regionOffset = utcOffsetSeconds(timezone, ref.day);
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
    return {calls, runs, groups, stopGlobal, stopFeed, stopLocal, feedInfos, serviceCount: serviceFirst};
}

function countTimedTrips(feed: GtfsFeed): number {
    let n = 0;
    for (let t = 0; t < feed.tripIds.length; t++) if (feed.tripFirst[t + 1] - feed.tripFirst[t] >= 2) n++;
    return n;
}

function sumRows(feed: GtfsFeed, file: string): number {
    return feed.rows[file] ?? 0;
}
