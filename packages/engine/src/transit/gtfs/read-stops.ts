// Stages of reading a GTFS feed (gtfs-reader.ts): agency.txt (the feed's time zone and agency
// names), stops.txt (stations' children linked to their parents), routes.txt.
import {Growable} from '../../format/growable.js';
import {c, get, parseCoordinate, type FeedTables} from './feed-tables.js';

export interface Agencies {
    timezone: string;
    agencyName: string;
    /** agency_id → agency_name */
    agencyNames: Map<string, string>;
}

export function readAgencies(r: FeedTables): Agencies {
    const agencyNames = new Map<string, string>();
    let timezone = '', agencyName = '';
    r.table('agency.txt', [c('agency_id'), c('agency_name'), c('agency_timezone', true)], (f, line, col) => {
        const tz = get(f, col[2]);
        if (!isTimeZone(tz)) r.fail('agency.txt', line, `agency_timezone '${tz}' is not a time zone (expected e.g. Europe/Brussels)`);
        if (timezone === '') {
            timezone = tz;
            agencyName = get(f, col[1]);
        } else if (tz !== timezone) {
            r.warn('agency.txt', 1, line, `agency_timezone ${tz} differs from ${timezone}; ${timezone} is used`);
        }
        agencyNames.set(get(f, col[0]), get(f, col[1]));
    });
    if (timezone === '') r.fail('agency.txt', 0, 'no agency row');
    return {timezone, agencyName, agencyNames};
}

export interface Stops {
    stopIds: string[];
    stopNames: string[];
    stopLat: Float64Array;
    stopLon: Float64Array;
    /** Parent station (stop index) or -1. */
    stopParent: Int32Array;
    stopLocationType: Uint8Array;
    stopIndex: Map<string, number>;
}

export function readStops(r: FeedTables): Stops {
    const stopIds: string[] = [], stopNames: string[] = [], parentIds: string[] = [];
    const stopLat = new Growable(Float64Array), stopLon = new Growable(Float64Array), stopType = new Growable(Uint8Array);
    const stopIndex = new Map<string, number>();
    const parentLines: number[] = [];
    r.table('stops.txt', [c('stop_id', true), c('stop_name'), c('stop_lat'), c('stop_lon'), c('location_type'), c('parent_station')], (f, line, col) => {
        const id = get(f, col[0]);
        if (id === '') return r.bad('stops.txt', line, 'empty stop_id');
        if (stopIndex.has(id)) return r.bad('stops.txt', line, `stop_id ${id} appears twice`);
        const type = get(f, col[4]) === '' ? 0 : Number(get(f, col[4]));
        if (!(type >= 0 && type <= 4 && Number.isInteger(type))) return r.bad('stops.txt', line, `location_type '${get(f, col[4])}' is not 0 to 4`);
        let lat = parseCoordinate(get(f, col[2])), lon = parseCoordinate(get(f, col[3]));
        const located = !Number.isNaN(lat) && !Number.isNaN(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (lat !== 0 || lon !== 0);
        if (!located) {
            // Generic nodes and boarding areas may lack coordinates; stops and stations may not.
            if (type <= 2) return r.bad('stops.txt', line, `stop ${id} has no usable stop_lat/stop_lon ('${get(f, col[2])}', '${get(f, col[3])}')`);
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
    r.warn('stops.txt', danglingParents, danglingLine, 'parent_station is not a stop_id of stops.txt (parent ignored)');
    // A stop without a name takes its station's.
    for (let s = 0; s < stopIds.length; s++) if (stopNames[s] === '' && stopParent[s] >= 0) stopNames[s] = stopNames[stopParent[s]];
    return {stopIds, stopNames, stopLat: stopLat.toArray(), stopLon: stopLon.toArray(), stopParent, stopLocationType: stopType.toArray(), stopIndex};
}

export interface Routes {
    routeIds: string[];
    routeShortName: string[];
    routeLongName: string[];
    routeType: Int32Array;
    routeColor: string[];
    routeAgency: string[];
    routeIndex: Map<string, number>;
}

export function readRoutes(r: FeedTables, agencies: Agencies): Routes {
    const {agencyNames, agencyName} = agencies;
    const routeIds: string[] = [], routeShortName: string[] = [], routeLongName: string[] = [], routeColor: string[] = [], routeAgency: string[] = [];
    const routeType = new Growable(Int32Array);
    const routeIndex = new Map<string, number>();
    r.table('routes.txt', [c('route_id', true), c('agency_id'), c('route_short_name'), c('route_long_name'), c('route_type', true), c('route_color')], (f, line, col) => {
        const id = get(f, col[0]);
        if (routeIndex.has(id)) return r.bad('routes.txt', line, `route_id ${id} appears twice`);
        const type = Number(get(f, col[4]));
        if (get(f, col[4]) === '' || !Number.isInteger(type) || type < 0) return r.bad('routes.txt', line, `route_type '${get(f, col[4])}' is not a GTFS route type`);
        const agency = get(f, col[1]);
        if (agency !== '' && agencyNames.size > 1 && !agencyNames.has(agency)) return r.bad('routes.txt', line, `agency_id ${agency} is not in agency.txt`);
        routeIndex.set(id, routeIds.length);
        routeIds.push(id);
        routeShortName.push(get(f, col[2]));
        routeLongName.push(get(f, col[3]));
        routeType.push(type);
        routeColor.push(get(f, col[5]));
        routeAgency.push(agencyNames.get(agency) ?? agencyName);
    });
    return {routeIds, routeShortName, routeLongName, routeType: routeType.toArray(), routeColor, routeAgency, routeIndex};
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
