// Reads one GTFS feed into columns (typed arrays and string lists), checking references as it
// goes. Files: agency, stops, routes, trips, stop_times, calendar and/or calendar_dates, and
// frequencies, transfers, shapes when present.
//
// Bad rows (dangling ids, unparseable times or coordinates, times running backwards) are skipped
// and counted when they are few: at most 1% of a file's rows. Past that the feed is broken and the
// import stops with a GtfsError naming the file, the first bad line and the problem.
//
// The files are read in stages, each a function of its own: read-stops.ts (agency, stops, routes),
// read-calendar.ts, read-trips.ts (shapes, trips), read-stop-times.ts, read-frequencies-transfers.ts;
// feed-tables.ts reads a file as a table and keeps the bad-row counts.
import type {FeedSource} from './feed-source.js';
import {FeedTables, type FeedWarning} from './feed-tables.js';
import {readServices} from './read-calendar.js';
import {readFrequencies, readTransfers} from './read-frequencies-transfers.js';
import {readStopTimes} from './read-stop-times.js';
import {readAgencies, readRoutes, readStops} from './read-stops.js';
import {readShapes, readTrips} from './read-trips.js';

export interface GtfsFeed {
    path: string;
    timezone: string;
    agencyName: string;
    stopIds: string[];
    stopNames: string[];
    stopLat: Float64Array;
    stopLon: Float64Array;
    /** Parent station (stop index) or -1. */
    stopParent: Int32Array;
    stopLocationType: Uint8Array;
    stopIndex: Map<string, number>;
    routeIds: string[];
    routeShortName: string[];
    routeLongName: string[];
    routeType: Int32Array;
    routeColor: string[];
    routeAgency: string[];
    serviceIds: string[];
    /** Bit d (0 = Monday) set when calendar.txt runs the service on that weekday. */
    serviceWeekdays: Uint8Array;
    /** Days since 1970 (inclusive); NaN without a calendar.txt row. */
    serviceStart: Float64Array;
    serviceEnd: Float64Array;
    /** calendar_dates.txt: service, day, 1 added / 2 removed. */
    exceptionService: Uint32Array;
    exceptionDay: Int32Array;
    exceptionType: Uint8Array;
    tripIds: string[];
    tripRoute: Uint32Array;
    tripService: Uint32Array;
    tripHeadsign: string[];
    /** Shape index or -1. */
    tripShape: Int32Array;
    /** Stop times of trip t: [tripFirst[t], tripFirst[t + 1]), in stop_sequence order; empty for a skipped trip. */
    tripFirst: Uint32Array;
    stopTimeStop: Uint32Array;
    /** Seconds (past 24:00 allowed), interpolated where the feed leaves them empty. */
    stopTimeArrival: Int32Array;
    stopTimeDeparture: Int32Array;
    stopTimeFlags: Uint8Array;
    /** frequencies.txt: trip, start, end (seconds), headway (seconds). */
    frequencyTrip: Uint32Array;
    frequencyStart: Int32Array;
    frequencyEnd: Int32Array;
    frequencyHeadway: Int32Array;
    /** transfers.txt between stops (trip- and route-specific rows are left out, with a warning). */
    transferFrom: Uint32Array;
    transferTo: Uint32Array;
    transferType: Uint8Array;
    /** Seconds, -1 when not given. */
    transferSeconds: Int32Array;
    shapeIds: string[];
    /** Points of shape s: [shapeFirst[s], shapeFirst[s + 1]), in shape_pt_sequence order. */
    shapeFirst: Uint32Array;
    shapeLat: Float64Array;
    shapeLon: Float64Array;
    warnings: FeedWarning[];
    rows: Record<string, number>;
}

/** Reads and checks a feed. `name` prefixes messages (the feed's file name). */
export function readGtfsFeed(source: FeedSource, name: string): GtfsFeed {
    const r = new FeedTables(source, name);
    for (const f of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt']) r.requireFile(f);
    if (!r.source.has('calendar.txt') && !r.source.has('calendar_dates.txt')) {
        r.fail('calendar.txt', 0, 'the feed has neither calendar.txt nor calendar_dates.txt, so no trip ever runs');
    }
    const {timezone, agencyName, agencyNames} = readAgencies(r);
    const stops = readStops(r);
    const {routeIndex, ...routes} = readRoutes(r, {timezone, agencyName, agencyNames});
    const {serviceIndex, ...services} = readServices(r);
    // shapes.txt before trips.txt, which refers to them
    const {shapeIndex, ...shapes} = readShapes(r);
    const {tripIndex, ...trips} = readTrips(r, routeIndex, serviceIndex, shapeIndex);
    const stopTimes = readStopTimes(r, stops, trips.tripIds, tripIndex);
    const frequencies = readFrequencies(r, tripIndex);
    const transfers = readTransfers(r, stops.stopIndex);
    return {
        path: source.path, timezone, agencyName,
        ...stops, ...routes, ...services, ...trips, ...stopTimes,
        ...frequencies, ...transfers,
        ...shapes,
        warnings: r.warnings, rows: r.rows
    };
}
