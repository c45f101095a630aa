// A stage of reading a GTFS feed (gtfs-reader.ts): stop_times.txt, grouped by trip and sorted by
// stop_sequence; per trip, missing times are interpolated and the order checked, and a bad trip
// loses its stop times (a feed with too many bad trips is refused).
import {Growable} from '../../format/growable.js';
import {flatMetersRounded} from '../../geo/distance.js';
import {parseGtfsTime} from '../gtfs-values.js';
import {NO_DROP_OFF, NO_PICKUP} from '../section-layout.js';
import {c, get, groupAndSort, MAX_BAD_ROW_SHARE, type FeedTables} from './feed-tables.js';
import type {Stops} from './read-stops.js';

export interface StopTimes {
    /** Stop times of trip t: [tripFirst[t], tripFirst[t + 1]), in stop_sequence order; empty for a skipped trip. */
    tripFirst: Uint32Array;
    stopTimeStop: Uint32Array;
    /** Seconds (past 24:00 allowed), interpolated where the feed leaves them empty. */
    stopTimeArrival: Int32Array;
    stopTimeDeparture: Int32Array;
    stopTimeFlags: Uint8Array;
}

export function readStopTimes(r: FeedTables, stops: Stops, tripIds: string[], tripIndex: Map<string, number>): StopTimes {
    const {stopIndex, stopLat, stopLon} = stops;
    // Rows come grouped by trip in practice: remember the last trip id to skip most map lookups.
    let lastTripId = '', lastTrip: number | undefined;
    const stTrip = new Growable(Uint32Array), stSeq = new Growable(Float64Array), stStop = new Growable(Uint32Array);
    const stArr = new Growable(Int32Array), stDep = new Growable(Int32Array), stFlags = new Growable(Uint8Array), stLine = new Growable(Uint32Array);
    r.table('stop_times.txt', [c('trip_id', true), c('arrival_time', true), c('departure_time', true), c('stop_id', true), c('stop_sequence', true), c('pickup_type'), c('drop_off_type')], (f, line, col) => {
        const tripId = get(f, col[0]);
        if (tripId !== lastTripId) {
            lastTripId = tripId;
            lastTrip = tripIndex.get(tripId);
        }
        const trip = lastTrip;
        if (trip === undefined) return r.bad('stop_times.txt', line, `trip_id ${tripId} is not in trips.txt`);
        const stop = stopIndex.get(get(f, col[3]));
        if (stop === undefined) return r.bad('stop_times.txt', line, `stop_id ${get(f, col[3])} is not in stops.txt`);
        if (Number.isNaN(stopLat[stop])) return r.bad('stop_times.txt', line, `stop ${get(f, col[3])} has no coordinates`);
        let arr = parseGtfsTime(get(f, col[1])), dep = parseGtfsTime(get(f, col[2]));
        if (Number.isNaN(arr)) return r.bad('stop_times.txt', line, `unparseable arrival_time '${get(f, col[1])}' (expected H:MM:SS)`);
        if (Number.isNaN(dep)) return r.bad('stop_times.txt', line, `unparseable departure_time '${get(f, col[2])}' (expected H:MM:SS)`);
        if (arr < 0) arr = dep;
        else if (dep < 0) dep = arr;
        const seqText = get(f, col[4]), seq = Number(seqText);
        if (seqText === '' || !Number.isInteger(seq) || seq < 0) return r.bad('stop_times.txt', line, `stop_sequence '${seqText}' is not a non-negative integer`);
        const pickup = get(f, col[5]), dropOff = get(f, col[6]);
        stTrip.push(trip);
        stSeq.push(seq);
        stStop.push(stop);
        stArr.push(arr);
        stDep.push(dep);
        stFlags.push((pickup === '1' ? NO_PICKUP : 0) | (dropOff === '1' ? NO_DROP_OFF : 0));
        stLine.push(line);
    });
    const tripCount = tripIds.length;
    const order = groupAndSort(stTrip.data, stSeq.data, stTrip.length, tripCount);
    const n = stTrip.length;
    const stopTimeStop = new Uint32Array(n), stopTimeArrival = new Int32Array(n), stopTimeDeparture = new Int32Array(n), stopTimeFlags = new Uint8Array(n);
    const lines = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
        const r = order.rows[i];
        stopTimeStop[i] = stStop.data[r];
        stopTimeArrival[i] = stArr.data[r];
        stopTimeDeparture[i] = stDep.data[r];
        stopTimeFlags[i] = stFlags.data[r];
        lines[i] = stLine.data[r];
    }
    // Per trip: interpolate missing times, check the order; a bad trip loses its stop times.
    const tripFirst = new Uint32Array(tripCount + 1);
    let out = 0, badTrips = 0, badLine = 0, badProblem = '', lonely = 0, lonelyLine = 0;
    const sortedSeq = order.keys;
    for (let t = 0; t < tripCount; t++) {
        const from = order.first[t], to = order.first[t + 1];
        tripFirst[t] = out;
        if (to - from < 2) {
            if (to - from === 1 && lonely++ === 0) lonelyLine = lines[from];
            continue;
        }
        const problem = checkTrip(stopTimeStop, stopTimeArrival, stopTimeDeparture, sortedSeq, stopLat, stopLon, from, to, lines);
        if (problem) {
            if (badTrips++ === 0) {
                badLine = problem.line;
                badProblem = `trip ${tripIds[t]}: ${problem.text}`;
            }
            continue;
        }
        for (let i = from; i < to; i++, out++) {
            stopTimeStop[out] = stopTimeStop[i];
            stopTimeArrival[out] = stopTimeArrival[i];
            stopTimeDeparture[out] = stopTimeDeparture[i];
            stopTimeFlags[out] = stopTimeFlags[i];
        }
    }
    tripFirst[tripCount] = out;
    if (badTrips > Math.max(0, Math.floor(tripCount * MAX_BAD_ROW_SHARE))) {
        r.fail('stop_times.txt', badLine, `${badProblem}${badTrips > 1 ? ` (and ${badTrips - 1} more bad trips of ${tripCount}: too many to skip; fix the feed)` : ' (fix the feed)'}`);
    }
    r.warn('stop_times.txt', badTrips, badLine, `${badProblem} (trip skipped)`);
    r.warn('stop_times.txt', lonely, lonelyLine, 'a trip with a single stop time (trip skipped)');
    return {
        tripFirst, stopTimeStop: stopTimeStop.slice(0, out), stopTimeArrival: stopTimeArrival.slice(0, out),
        stopTimeDeparture: stopTimeDeparture.slice(0, out), stopTimeFlags: stopTimeFlags.slice(0, out)
    };
}

/**
 * Fills empty times of one trip's stop times [from, to) by distance between the timed stops
 * around them, and checks that times never run backwards. Returns the problem, or null.
 */
function checkTrip(stop: Uint32Array, arr: Int32Array, dep: Int32Array, seq: Float64Array, lat: Float64Array, lon: Float64Array,
    from: number, to: number, lines: Uint32Array): {line: number; text: string} | null {
    for (let i = from + 1; i < to; i++) {
        if (seq[i] === seq[i - 1]) return {line: lines[i], text: `stop_sequence ${seq[i]} appears twice`};
    }
    if (arr[from] < 0) return {line: lines[from], text: 'the first stop has no time'};
    if (arr[to - 1] < 0) return {line: lines[to - 1], text: 'the last stop has no time'};
    let i = from + 1;
    while (i < to) {
        if (arr[i] >= 0) {
            i++;
            continue;
        }
        // A run of untimed stops [i, j) between timed stops i - 1 and j: share the time by distance.
        let j = i;
        while (arr[j] < 0) j++;
        let total = 0;
        for (let k = i; k <= j; k++) total += flatMetersRounded(lat[stop[k - 1]], lon[stop[k - 1]], lat[stop[k]], lon[stop[k]]);
        let along = 0;
        const t0 = dep[i - 1], t1 = arr[j];
        for (let k = i; k < j; k++) {
            along += flatMetersRounded(lat[stop[k - 1]], lon[stop[k - 1]], lat[stop[k]], lon[stop[k]]);
            const t = Math.round(t0 + (t1 - t0) * (total > 0 ? along / total : (k - i + 1) / (j - i + 1)));
            arr[k] = dep[k] = t;
        }
        i = j + 1;
    }
    for (let k = from; k < to; k++) {
        if (dep[k] < arr[k]) return {line: lines[k], text: `departure_time ${fmt(dep[k])} is before arrival_time ${fmt(arr[k])}`};
        if (k > from && arr[k] < dep[k - 1]) return {line: lines[k], text: `arrival_time ${fmt(arr[k])} is before the previous stop's departure ${fmt(dep[k - 1])}`};
    }
    return null;
}

function fmt(seconds: number): string {
    const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

