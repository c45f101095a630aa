// Stages of reading a GTFS feed (gtfs-reader.ts): shapes.txt (points sorted by sequence), then
// trips.txt, whose rows refer to routes, services and shapes.
import {Growable} from '../../format/growable.js';
import {c, get, groupAndSort, parseCoordinate, type FeedTables} from './feed-tables.js';

export interface Shapes {
    shapeIds: string[];
    shapeIndex: Map<string, number>;
    /** Points of shape s: [shapeFirst[s], shapeFirst[s + 1]), in shape_pt_sequence order. */
    shapeFirst: Uint32Array;
    shapeLat: Float64Array;
    shapeLon: Float64Array;
}

export function readShapes(r: FeedTables): Shapes {
    const shapeIds: string[] = [];
    const shapeIndex = new Map<string, number>();
    let shapeFirst: Uint32Array = new Uint32Array(1), shapeLat: Float64Array = new Float64Array(0), shapeLon: Float64Array = new Float64Array(0);
    if (r.source.has('shapes.txt')) {
        const pShape = new Growable(Uint32Array), pSeq = new Growable(Float64Array), pLat = new Growable(Float64Array), pLon = new Growable(Float64Array);
        r.table('shapes.txt', [c('shape_id', true), c('shape_pt_lat', true), c('shape_pt_lon', true), c('shape_pt_sequence', true)], (f, line, col) => {
            const lat = parseCoordinate(get(f, col[1])), lon = parseCoordinate(get(f, col[2])), seq = Number(get(f, col[3]));
            if (Number.isNaN(lat) || Number.isNaN(lon) || get(f, col[3]) === '' || !Number.isFinite(seq)) {
                return r.bad('shapes.txt', line, `unparseable shape point ('${get(f, col[1])}', '${get(f, col[2])}', sequence '${get(f, col[3])}')`);
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
    return {shapeIds, shapeIndex, shapeFirst, shapeLat, shapeLon};
}

export interface Trips {
    tripIds: string[];
    tripHeadsign: string[];
    tripRoute: Uint32Array;
    tripService: Uint32Array;
    /** Shape index or -1. */
    tripShape: Int32Array;
    tripIndex: Map<string, number>;
}

export function readTrips(r: FeedTables, routeIndex: Map<string, number>, serviceIndex: Map<string, number>, shapeIndex: Map<string, number>): Trips {
    const tripIds: string[] = [], tripHeadsign: string[] = [];
    const tripRoute = new Growable(Uint32Array), tripService = new Growable(Uint32Array), tripShape = new Growable(Int32Array);
    const tripIndex = new Map<string, number>();
    r.table('trips.txt', [c('route_id', true), c('service_id', true), c('trip_id', true), c('trip_headsign'), c('shape_id')], (f, line, col) => {
        const id = get(f, col[2]);
        if (tripIndex.has(id)) return r.bad('trips.txt', line, `trip_id ${id} appears twice`);
        const route = routeIndex.get(get(f, col[0]));
        if (route === undefined) return r.bad('trips.txt', line, `route_id ${get(f, col[0])} is not in routes.txt`);
        const service = serviceIndex.get(get(f, col[1]));
        if (service === undefined) return r.bad('trips.txt', line, `service_id ${get(f, col[1])} is in neither calendar.txt nor calendar_dates.txt`);
        const shapeId = get(f, col[4]);
        let shape = -1;
        if (shapeId !== '') {
            const s = shapeIndex.get(shapeId);
            if (s === undefined) return r.bad('trips.txt', line, `shape_id ${shapeId} is not in shapes.txt`);
            shape = s;
        }
        tripIndex.set(id, tripIds.length);
        tripIds.push(id);
        tripHeadsign.push(get(f, col[3]));
        tripRoute.push(route);
        tripService.push(service);
        tripShape.push(shape);
    });
    return {tripIds, tripHeadsign, tripRoute: tripRoute.toArray(), tripService: tripService.toArray(), tripShape: tripShape.toArray(), tripIndex};
}
