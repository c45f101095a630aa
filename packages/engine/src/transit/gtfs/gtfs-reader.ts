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
import {readServices, type Services} from './read-calendar.js';
import {readFrequencies, readTransfers, type Frequencies, type Transfers} from './read-frequencies-transfers.js';
import {readStopTimes, type StopTimes} from './read-stop-times.js';
import {readAgencies, readRoutes, readStops, type Routes, type Stops} from './read-stops.js';
import {readShapes, readTrips, type Shapes, type Trips} from './read-trips.js';

/** A feed read: each stage's columns (without the id lookups trips.txt needed), and what the read found. */
export interface GtfsFeed extends Stops, Omit<Routes, 'routeIndex'>, Omit<Services, 'serviceIndex'>, Omit<Shapes, 'shapeIndex'>,
    Omit<Trips, 'tripIndex'>, StopTimes, Frequencies, Transfers {
    path: string;
    timezone: string;
    agencyName: string;
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
