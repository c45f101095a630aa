// Reads one GTFS feed into columns (typed arrays and string lists), checking references as it
// goes. Files: agency, stops, routes, trips, stop_times, calendar and/or calendar_dates, and
// frequencies, transfers, shapes when present.
//
// Bad rows (dangling ids, unparseable times or coordinates, times running backwards) are skipped
// and counted when they are few: at most 1% of a file's rows. Past that the feed is broken and the
// import stops with a GtfsError naming the file, the first bad line and the problem.
import {Growable} from '../../format/growable.js';
import {CsvParser} from './csv.js';
import type {FeedSource} from './feed-source.js';
import {parseGtfsDate, parseGtfsTime} from '../gtfs-values.js';
import {NO_DROP_OFF, NO_PICKUP} from '../section-layout.js';

/** Share of a file's rows that may be bad (skipped with a warning) before the feed is refused. */
export const MAX_BAD_ROW_SHARE = 0.01;


export class GtfsError extends Error {
    constructor(readonly feed: string, readonly file: string, readonly line: number, readonly problem: string) {
        super(`GTFS feed ${feed}: ${file}${line > 0 ? ` line ${line}` : ''}: ${problem}`);
        this.name = 'GtfsError';
    }
}

export interface FeedWarning {
    file: string;
    /** Rows skipped for this problem kind. */
    count: number;
    /** The first such row. */
    line: number;
    problem: string;
}

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

interface Column {
    name: string;
    required: boolean;
}

/** Reads and checks a feed. `name` prefixes messages (the feed's file name). */
export function readGtfsFeed(source: FeedSource, name: string): GtfsFeed {
    return new FeedReader(source, name).read();
}

class FeedReader {
    private readonly warnings: FeedWarning[] = [];
    private readonly rows: Record<string, number> = {};
    private badByFile = new Map<string, {count: number; line: number; problem: string}>();

    constructor(private readonly source: FeedSource, private readonly name: string) {}

    private fail(file: string, line: number, problem: string): never {
        throw new GtfsError(this.name, file, line, problem);
    }

    /** Records a skipped row; the file's total is checked against MAX_BAD_ROW_SHARE once it is read. */
    private bad(file: string, line: number, problem: string): void {
        const b = this.badByFile.get(file);
        if (b) b.count++;
        else this.badByFile.set(file, {count: 1, line, problem});
    }

    private warn(file: string, count: number, line: number, problem: string): void {
        if (count > 0) this.warnings.push({file, count, line, problem});
    }

    /** Reads a file row by row; `columns` are looked up in its header (missing optional ones give index -1). */
    private table(file: string, columns: Column[], onRow: (f: string[], line: number, col: Int32Array) => void): number {
        const col = new Int32Array(columns.length).fill(-1);
        let header = true, count = 0;
        const parser = new CsvParser((fields, line) => {
            if (header) {
                header = false;
                const names = fields.map((f) => f.replace(/^\ufeff/, '').trim().toLowerCase());
                for (let i = 0; i < columns.length; i++) {
                    col[i] = names.indexOf(columns[i].name);
                    if (col[i] < 0 && columns[i].required) this.fail(file, line, `no ${columns[i].name} column (the header is: ${fields.join(',')})`);
                }
                return;
            }
            count++;
            onRow(fields, line, col);
        });
        this.source.read(file, (chunk) => parser.push(chunk));
        parser.end();
        if (header) this.fail(file, 0, 'the file is empty (no header row)');
        this.rows[file] = count;
        const b = this.badByFile.get(file);
        if (b) {
            if (b.count > Math.floor(count * MAX_BAD_ROW_SHARE)) {
                this.fail(file, b.line, `${b.problem}${b.count > 1 ? ` (and ${b.count - 1} more bad rows of ${count}: too many to skip; fix the feed)` : ' (fix the feed)'}`);
            }
            this.warn(file, b.count, b.line, `${b.problem} (row skipped)`);
            this.badByFile.delete(file);
        }
        return count;
    }

    private requireFile(file: string): void {
        if (!this.source.has(file)) this.fail(file, 0, `the feed has no ${file}; a GTFS feed needs agency, stops, routes, trips, stop_times and calendar or calendar_dates`);
    }

    read(): GtfsFeed {
        for (const f of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt']) this.requireFile(f);
        if (!this.source.has('calendar.txt') && !this.source.has('calendar_dates.txt')) {
            this.fail('calendar.txt', 0, 'the feed has neither calendar.txt nor calendar_dates.txt, so no trip ever runs');
        }

        // agency.txt
        const agencyNames = new Map<string, string>();
        let timezone = '', agencyName = '';
        this.table('agency.txt', [c('agency_id'), c('agency_name'), c('agency_timezone', true)], (f, line, col) => {
            const tz = get(f, col[2]);
            if (!isTimeZone(tz)) this.fail('agency.txt', line, `agency_timezone '${tz}' is not a time zone (expected e.g. Europe/Brussels)`);
            if (timezone === '') {
                timezone = tz;
                agencyName = get(f, col[1]);
            } else if (tz !== timezone) {
                this.warn('agency.txt', 1, line, `agency_timezone ${tz} differs from ${timezone}; ${timezone} is used`);
            }
            agencyNames.set(get(f, col[0]), get(f, col[1]));
        });
        if (timezone === '') this.fail('agency.txt', 0, 'no agency row');

        // stops.txt
        const stopIds: string[] = [], stopNames: string[] = [], parentIds: string[] = [];
        const stopLat = new Growable(Float64Array), stopLon = new Growable(Float64Array), stopType = new Growable(Uint8Array);
        const stopIndex = new Map<string, number>();
        const parentLines: number[] = [];
        this.table('stops.txt', [c('stop_id', true), c('stop_name'), c('stop_lat'), c('stop_lon'), c('location_type'), c('parent_station')], (f, line, col) => {
            const id = get(f, col[0]);
            if (id === '') return this.bad('stops.txt', line, 'empty stop_id');
            if (stopIndex.has(id)) return this.bad('stops.txt', line, `stop_id ${id} appears twice`);
            const type = get(f, col[4]) === '' ? 0 : Number(get(f, col[4]));
            if (!(type >= 0 && type <= 4 && Number.isInteger(type))) return this.bad('stops.txt', line, `location_type '${get(f, col[4])}' is not 0 to 4`);
            let lat = parseCoordinate(get(f, col[2])), lon = parseCoordinate(get(f, col[3]));
            const located = !Number.isNaN(lat) && !Number.isNaN(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (lat !== 0 || lon !== 0);
            if (!located) {
                // Generic nodes and boarding areas may lack coordinates; stops and stations may not.
                if (type <= 2) return this.bad('stops.txt', line, `stop ${id} has no usable stop_lat/stop_lon ('${get(f, col[2])}', '${get(f, col[3])}')`);
                lat = lon = NaN;
            }
            stopIndex.set(id, stopIds.length);
            stopIds.push(id);
            stopNames.push(get(f, col[1]));
            stopLat.push(lat);
            stopLon.push(lon);
            stopType.push(type);
            parentIds.push(get(f, col[5]));
            parentLines.push(line);
        });
        const stopParent = new Int32Array(stopIds.length).fill(-1);
        let danglingParents = 0, danglingLine = 0;
        for (let s = 0; s < stopIds.length; s++) {
            if (parentIds[s] === '') continue;
            const p = stopIndex.get(parentIds[s]);
            if (p === undefined) {
                if (danglingParents++ === 0) danglingLine = parentLines[s];
            } else {
                stopParent[s] = p;
            }
        }
        this.warn('stops.txt', danglingParents, danglingLine, 'parent_station is not a stop_id of stops.txt (parent ignored)');
        // A stop without a name takes its station's.
        for (let s = 0; s < stopIds.length; s++) if (stopNames[s] === '' && stopParent[s] >= 0) stopNames[s] = stopNames[stopParent[s]];

        // routes.txt
        const routeIds: string[] = [], routeShortName: string[] = [], routeLongName: string[] = [], routeColor: string[] = [], routeAgency: string[] = [];
        const routeType = new Growable(Int32Array);
        const routeIndex = new Map<string, number>();
        this.table('routes.txt', [c('route_id', true), c('agency_id'), c('route_short_name'), c('route_long_name'), c('route_type', true), c('route_color')], (f, line, col) => {
            const id = get(f, col[0]);
            if (routeIndex.has(id)) return this.bad('routes.txt', line, `route_id ${id} appears twice`);
            const type = Number(get(f, col[4]));
            if (get(f, col[4]) === '' || !Number.isInteger(type) || type < 0) return this.bad('routes.txt', line, `route_type '${get(f, col[4])}' is not a GTFS route type`);
            const agency = get(f, col[1]);
            if (agency !== '' && agencyNames.size > 1 && !agencyNames.has(agency)) return this.bad('routes.txt', line, `agency_id ${agency} is not in agency.txt`);
            routeIndex.set(id, routeIds.length);
            routeIds.push(id);
            routeShortName.push(get(f, col[2]));
            routeLongName.push(get(f, col[3]));
            routeType.push(type);
            routeColor.push(get(f, col[5]));
            routeAgency.push(agencyNames.get(agency) ?? agencyName);
        });

        // calendar.txt and calendar_dates.txt
        const serviceIds: string[] = [];
        const serviceIndex = new Map<string, number>();
        const serviceWeekdays = new Growable(Uint8Array), serviceStart = new Growable(Float64Array), serviceEnd = new Growable(Float64Array);
        const service = (id: string): number => {
            let s = serviceIndex.get(id);
            if (s === undefined) {
                s = serviceIds.length;
                serviceIndex.set(id, s);
                serviceIds.push(id);
                serviceWeekdays.push(0);
                serviceStart.push(NaN);
                serviceEnd.push(NaN);
            }
            return s;
        };
        const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
        if (this.source.has('calendar.txt')) {
            this.table('calendar.txt', [c('service_id', true), ...DAYS.map((d) => c(d, true)), c('start_date', true), c('end_date', true)], (f, line, col) => {
                const id = get(f, col[0]);
                if (serviceIndex.has(id) && !Number.isNaN(serviceStart.data[serviceIndex.get(id)!])) return this.bad('calendar.txt', line, `service_id ${id} appears twice`);
                let bits = 0;
                for (let d = 0; d < 7; d++) {
                    const v = get(f, col[1 + d]);
                    if (v !== '0' && v !== '1' && v !== '') return this.bad('calendar.txt', line, `${DAYS[d]} is '${v}', expected 0 or 1`);
                    if (v === '1') bits |= 1 << d;
                }
                const start = parseGtfsDate(get(f, col[8])), end = parseGtfsDate(get(f, col[9]));
                if (Number.isNaN(start) || Number.isNaN(end)) return this.bad('calendar.txt', line, `unparseable start_date/end_date '${get(f, col[8])}'/'${get(f, col[9])}' (expected YYYYMMDD)`);
                const s = service(id);
                serviceWeekdays.data[s] = bits;
                serviceStart.data[s] = start;
                serviceEnd.data[s] = end;
            });
        }
        const exceptionService = new Growable(Uint32Array), exceptionDay = new Growable(Int32Array), exceptionType = new Growable(Uint8Array);
        if (this.source.has('calendar_dates.txt')) {
            this.table('calendar_dates.txt', [c('service_id', true), c('date', true), c('exception_type', true)], (f, line, col) => {
                const day = parseGtfsDate(get(f, col[1]));
                if (Number.isNaN(day)) return this.bad('calendar_dates.txt', line, `unparseable date '${get(f, col[1])}' (expected YYYYMMDD)`);
                const type = get(f, col[2]);
                if (type !== '1' && type !== '2') return this.bad('calendar_dates.txt', line, `exception_type '${type}' is not 1 or 2`);
                exceptionService.push(service(get(f, col[0])));
                exceptionDay.push(day);
                exceptionType.push(+type);
            });
        }

        // shapes.txt (before trips, which refer to them)
        const shapeIds: string[] = [];
        const shapeIndex = new Map<string, number>();
        let shapeFirst: Uint32Array = new Uint32Array(1), shapeLat: Float64Array = new Float64Array(0), shapeLon: Float64Array = new Float64Array(0);
        if (this.source.has('shapes.txt')) {
            const pShape = new Growable(Uint32Array), pSeq = new Growable(Float64Array), pLat = new Growable(Float64Array), pLon = new Growable(Float64Array);
            this.table('shapes.txt', [c('shape_id', true), c('shape_pt_lat', true), c('shape_pt_lon', true), c('shape_pt_sequence', true)], (f, line, col) => {
                const lat = parseCoordinate(get(f, col[1])), lon = parseCoordinate(get(f, col[2])), seq = Number(get(f, col[3]));
                if (Number.isNaN(lat) || Number.isNaN(lon) || get(f, col[3]) === '' || !Number.isFinite(seq)) {
                    return this.bad('shapes.txt', line, `unparseable shape point ('${get(f, col[1])}', '${get(f, col[2])}', sequence '${get(f, col[3])}')`);
                }
                const id = get(f, col[0]);
                let s = shapeIndex.get(id);
                if (s === undefined) {
                    s = shapeIds.length;
                    shapeIndex.set(id, s);
                    shapeIds.push(id);
                }
                pShape.push(s);
                pSeq.push(seq);
                pLat.push(lat);
                pLon.push(lon);
            });
            const order = groupAndSort(pShape.data, pSeq.data, pShape.length, shapeIds.length);
            shapeFirst = order.first;
            shapeLat = new Float64Array(pShape.length);
            shapeLon = new Float64Array(pShape.length);
            for (let i = 0; i < pShape.length; i++) {
                shapeLat[i] = pLat.data[order.rows[i]];
                shapeLon[i] = pLon.data[order.rows[i]];
            }
        }

        // trips.txt
        const tripIds: string[] = [], tripHeadsign: string[] = [];
        const tripRoute = new Growable(Uint32Array), tripService = new Growable(Uint32Array), tripShape = new Growable(Int32Array);
        const tripIndex = new Map<string, number>();
        this.table('trips.txt', [c('route_id', true), c('service_id', true), c('trip_id', true), c('trip_headsign'), c('shape_id')], (f, line, col) => {
            const id = get(f, col[2]);
            if (tripIndex.has(id)) return this.bad('trips.txt', line, `trip_id ${id} appears twice`);
            const route = routeIndex.get(get(f, col[0]));
            if (route === undefined) return this.bad('trips.txt', line, `route_id ${get(f, col[0])} is not in routes.txt`);
            const service = serviceIndex.get(get(f, col[1]));
            if (service === undefined) return this.bad('trips.txt', line, `service_id ${get(f, col[1])} is in neither calendar.txt nor calendar_dates.txt`);
            const shapeId = get(f, col[4]);
            let shape = -1;
            if (shapeId !== '') {
                const s = shapeIndex.get(shapeId);
                if (s === undefined) return this.bad('trips.txt', line, `shape_id ${shapeId} is not in shapes.txt`);
                shape = s;
            }
            tripIndex.set(id, tripIds.length);
            tripIds.push(id);
            tripHeadsign.push(get(f, col[3]));
            tripRoute.push(route);
            tripService.push(service);
            tripShape.push(shape);
        });

        // stop_times.txt
        // Rows come grouped by trip in practice: remember the last trip id to skip most map lookups.
        let lastTripId = '', lastTrip: number | undefined;
        const stTrip = new Growable(Uint32Array), stSeq = new Growable(Float64Array), stStop = new Growable(Uint32Array);
        const stArr = new Growable(Int32Array), stDep = new Growable(Int32Array), stFlags = new Growable(Uint8Array), stLine = new Growable(Uint32Array);
        this.table('stop_times.txt', [c('trip_id', true), c('arrival_time', true), c('departure_time', true), c('stop_id', true), c('stop_sequence', true), c('pickup_type'), c('drop_off_type')], (f, line, col) => {
            const tripId = get(f, col[0]);
            if (tripId !== lastTripId) {
                lastTripId = tripId;
                lastTrip = tripIndex.get(tripId);
            }
            const trip = lastTrip;
            if (trip === undefined) return this.bad('stop_times.txt', line, `trip_id ${tripId} is not in trips.txt`);
            const stop = stopIndex.get(get(f, col[3]));
            if (stop === undefined) return this.bad('stop_times.txt', line, `stop_id ${get(f, col[3])} is not in stops.txt`);
            if (Number.isNaN(stopLat.data[stop])) return this.bad('stop_times.txt', line, `stop ${get(f, col[3])} has no coordinates`);
            let arr = parseGtfsTime(get(f, col[1])), dep = parseGtfsTime(get(f, col[2]));
            if (Number.isNaN(arr)) return this.bad('stop_times.txt', line, `unparseable arrival_time '${get(f, col[1])}' (expected H:MM:SS)`);
            if (Number.isNaN(dep)) return this.bad('stop_times.txt', line, `unparseable departure_time '${get(f, col[2])}' (expected H:MM:SS)`);
            if (arr < 0) arr = dep;
            else if (dep < 0) dep = arr;
            const seqText = get(f, col[4]), seq = Number(seqText);
            if (seqText === '' || !Number.isInteger(seq) || seq < 0) return this.bad('stop_times.txt', line, `stop_sequence '${seqText}' is not a non-negative integer`);
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
            const problem = this.checkTrip(stopTimeStop, stopTimeArrival, stopTimeDeparture, sortedSeq, stopLat.data, stopLon.data, from, to, lines);
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
            this.fail('stop_times.txt', badLine, `${badProblem}${badTrips > 1 ? ` (and ${badTrips - 1} more bad trips of ${tripCount}: too many to skip; fix the feed)` : ' (fix the feed)'}`);
        }
        this.warn('stop_times.txt', badTrips, badLine, `${badProblem} (trip skipped)`);
        this.warn('stop_times.txt', lonely, lonelyLine, 'a trip with a single stop time (trip skipped)');

        // frequencies.txt
        const fTrip = new Growable(Uint32Array), fStart = new Growable(Int32Array), fEnd = new Growable(Int32Array), fHeadway = new Growable(Int32Array);
        if (this.source.has('frequencies.txt')) {
            this.table('frequencies.txt', [c('trip_id', true), c('start_time', true), c('end_time', true), c('headway_secs', true)], (f, line, col) => {
                const trip = tripIndex.get(get(f, col[0]));
                if (trip === undefined) return this.bad('frequencies.txt', line, `trip_id ${get(f, col[0])} is not in trips.txt`);
                const start = parseGtfsTime(get(f, col[1])), end = parseGtfsTime(get(f, col[2])), headway = Number(get(f, col[3]));
                if (!(start >= 0) || !(end >= 0)) return this.bad('frequencies.txt', line, `unparseable start_time/end_time '${get(f, col[1])}'/'${get(f, col[2])}'`);
                if (!(headway > 0) || !Number.isInteger(headway)) return this.bad('frequencies.txt', line, `headway_secs '${get(f, col[3])}' is not a positive integer`);
                fTrip.push(trip);
                fStart.push(start);
                fEnd.push(end);
                fHeadway.push(headway);
            });
        }

        // transfers.txt
        const trFrom = new Growable(Uint32Array), trTo = new Growable(Uint32Array), trType = new Growable(Uint8Array), trSeconds = new Growable(Int32Array);
        if (this.source.has('transfers.txt')) {
            let specific = 0, specificLine = 0;
            this.table('transfers.txt', [c('from_stop_id', true), c('to_stop_id', true), c('transfer_type'), c('min_transfer_time'),
                c('from_trip_id'), c('to_trip_id'), c('from_route_id'), c('to_route_id')], (f, line, col) => {
                if (get(f, col[4]) !== '' || get(f, col[5]) !== '' || get(f, col[6]) !== '' || get(f, col[7]) !== '') {
                    if (specific++ === 0) specificLine = line;
                    return;
                }
                const from = stopIndex.get(get(f, col[0])), to = stopIndex.get(get(f, col[1]));
                if (from === undefined) return this.bad('transfers.txt', line, `from_stop_id ${get(f, col[0])} is not in stops.txt`);
                if (to === undefined) return this.bad('transfers.txt', line, `to_stop_id ${get(f, col[1])} is not in stops.txt`);
                const typeText = get(f, col[2]), type = typeText === '' ? 0 : Number(typeText);
                if (!(type >= 0 && type <= 5 && Number.isInteger(type))) return this.bad('transfers.txt', line, `transfer_type '${typeText}' is not 0 to 5`);
                const secondsText = get(f, col[3]), seconds = secondsText === '' ? -1 : Number(secondsText);
                if (secondsText !== '' && !(seconds >= 0 && Number.isInteger(seconds))) return this.bad('transfers.txt', line, `min_transfer_time '${secondsText}' is not a number of seconds`);
                trFrom.push(from);
                trTo.push(to);
                trType.push(type);
                trSeconds.push(seconds);
            });
            this.warn('transfers.txt', specific, specificLine, 'trip- or route-specific transfers are not used');
        }

        return {
            path: this.source.path, timezone, agencyName,
            stopIds, stopNames, stopLat: stopLat.toArray(), stopLon: stopLon.toArray(), stopParent, stopLocationType: stopType.toArray(), stopIndex,
            routeIds, routeShortName, routeLongName, routeType: routeType.toArray(), routeColor, routeAgency,
            serviceIds, serviceWeekdays: serviceWeekdays.toArray(), serviceStart: serviceStart.toArray(), serviceEnd: serviceEnd.toArray(),
            exceptionService: exceptionService.toArray(), exceptionDay: exceptionDay.toArray(), exceptionType: exceptionType.toArray(),
            tripIds, tripRoute: tripRoute.toArray(), tripService: tripService.toArray(), tripHeadsign, tripShape: tripShape.toArray(),
            tripFirst, stopTimeStop: stopTimeStop.slice(0, out), stopTimeArrival: stopTimeArrival.slice(0, out),
            stopTimeDeparture: stopTimeDeparture.slice(0, out), stopTimeFlags: stopTimeFlags.slice(0, out),
            frequencyTrip: fTrip.toArray(), frequencyStart: fStart.toArray(), frequencyEnd: fEnd.toArray(), frequencyHeadway: fHeadway.toArray(),
            transferFrom: trFrom.toArray(), transferTo: trTo.toArray(), transferType: trType.toArray(), transferSeconds: trSeconds.toArray(),
            shapeIds, shapeFirst, shapeLat, shapeLon,
            warnings: this.warnings, rows: this.rows
        };
    }

    /**
     * Fills empty times of one trip's stop times [from, to) by distance between the timed stops
     * around them, and checks that times never run backwards. Returns the problem, or null.
     */
    private checkTrip(stop: Uint32Array, arr: Int32Array, dep: Int32Array, seq: Float64Array, lat: Float64Array, lon: Float64Array,
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
            for (let k = i; k <= j; k++) total += straightMeters(lat, lon, stop[k - 1], stop[k]);
            let along = 0;
            const t0 = dep[i - 1], t1 = arr[j];
            for (let k = i; k < j; k++) {
                along += straightMeters(lat, lon, stop[k - 1], stop[k]);
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
}

function c(name: string, required = false): Column {
    return {name, required};
}

function get(fields: string[], index: number): string {
    return index >= 0 && index < fields.length ? fields[index] : '';
}

function parseCoordinate(s: string): number {
    return s === '' ? NaN : Number(s);
}

function fmt(seconds: number): string {
    const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function isTimeZone(tz: string): boolean {
    if (tz === '') return false;
    try {
        new Intl.DateTimeFormat('en-US', {timeZone: tz});
        return true;
    } catch {
        return false;
    }
}

function straightMeters(lat: Float64Array, lon: Float64Array, a: number, b: number): number {
    const ky = 111195, kx = ky * Math.cos(((lat[a] + lat[b]) / 2) * Math.PI / 180);
    const dx = (lon[b] - lon[a]) * kx, dy = (lat[b] - lat[a]) * ky;
    return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Rows grouped by owner (counting sort), each group sorted by key: rows[i] is the original row at
 * sorted position i, group g is [first[g], first[g + 1]), keys[i] the sorted keys.
 */
function groupAndSort(owner: Uint32Array, key: Float64Array, n: number, groups: number): {rows: Uint32Array; first: Uint32Array; keys: Float64Array} {
    const first = new Uint32Array(groups + 1);
    for (let i = 0; i < n; i++) first[owner[i] + 1]++;
    for (let g = 0; g < groups; g++) first[g + 1] += first[g];
    const at = first.slice(0, groups);
    const rows = new Uint32Array(n);
    for (let i = 0; i < n; i++) rows[at[owner[i]]++] = i;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = key[rows[i]];
    // Insertion sort per group: feeds almost always list rows in order already.
    for (let g = 0; g < groups; g++) {
        for (let i = first[g] + 1; i < first[g + 1]; i++) {
            const k = keys[i], r = rows[i];
            let j = i - 1;
            if (keys[j] <= k) continue;
            while (j >= first[g] && keys[j] > k) {
                keys[j + 1] = keys[j];
                rows[j + 1] = rows[j];
                j--;
            }
            keys[j + 1] = k;
            rows[j + 1] = r;
        }
    }
    return {rows, first, keys};
}
