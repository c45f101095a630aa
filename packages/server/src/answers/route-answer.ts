// /route's answer in GraphHopper's shape (COMPAT.md), written on the worker that found the route: one
// envelope for both kinds, key by key with its coordinates digit by digit (JsonWriter, json-answer.ts);
// a road route adds its instructions, a public transport route its legs and stops.
import type {Instruction, RoadRoute, TransitLeg, TransitRoute} from '@quartier/engine';
import {round6} from '@quartier/engine/internal';
import {JsonWriter} from './json-answer.js';

/** What both kinds of route put in GraphHopper's envelope. */
interface RoutePath {
    /** m */
    distance: number;
    /** ms */
    time: number;
    /** lon, lat, lon, lat, … */
    points: ArrayLike<number>;
    from: {lat: number; lon: number};
    to: {lat: number; lon: number};
}

const ROAD_COPYRIGHTS = '["quartier","OpenStreetMap contributors"]';
const TRANSIT_COPYRIGHTS = '["quartier","OpenStreetMap contributors","the transit agencies of the region"]';

/**
 * One path in GraphHopper's envelope, in `writer` (reset here; one route at a time per thread), key by
 * key with the coordinates digit by digit; a road route's `instructions` field by field, or none
 * (an empty list); `legs` as JSON text. `started`: when the search began (info.took).
 */
function writeRoute(writer: JsonWriter, r: RoutePath, transfers: number, instructions: Instruction[] | null, legs: string, copyrights: string, started: number): Uint8Array {
    const {points} = r;
    // The bbox of the rounded coordinates is the rounded bbox: rounding keeps the order.
    let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
    for (let i = 0; i < points.length; i += 2) {
        const lon = points[i], lat = points[i + 1];
        if (lon < minLon) minLon = lon;
        if (lon > maxLon) maxLon = lon;
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
    }
    const w = writer.reset();
    w.raw(`{"paths":[{"distance":${Math.round(r.distance * 1000) / 1000},"weight":${r.time / 1000},"time":${r.time},"transfers":${transfers},"points_encoded":false,"bbox":[`);
    w.degrees(minLon).char(44).degrees(minLat).char(44).degrees(maxLon).char(44).degrees(maxLat);
    w.raw('],"points":{"type":"LineString","coordinates":[');
    for (let i = 0; i < points.length; i += 2) {
        if (i > 0) w.char(44);
        w.position(points[i], points[i + 1]);
    }
    w.ascii(']},"instructions":');
    if (instructions === null) w.ascii('[]');
    else writeInstructions(w, instructions);
    // One raw() for the legs and what follows: each call costs an encodeInto and a subarray.
    w.raw(`,"legs":${legs},"details":{},"ascend":0,"descend":0,"snapped_waypoints":{"type":"LineString","coordinates":[`);
    w.position(r.from.lon, r.from.lat).char(44).position(r.to.lon, r.to.lat);
    w.raw(`]}}],"info":{"copyrights":${copyrights},"took":${Math.round(performance.now() - started)}}}`);
    return w.take();
}

/** A road route's answer bytes, in `writer`. `started`: when the search began (info.took). */
export function writeRoadRoute(writer: JsonWriter, r: RoadRoute, started: number): Uint8Array {
    return writeRoute(writer, r, 0, r.instructions, '[]', ROAD_COPYRIGHTS, started);
}

/**
 * GraphHopper's instructions: its keys, in its order; the heading on the departure alone. Written field
 * by field, the same text JSON.stringify gives for the objects (distance to the millimetre, heading
 * to 1/100 degree, the rest whole), without the objects, the string and its encoding.
 */
function writeInstructions(w: JsonWriter, instructions: Instruction[]): void {
    w.char(91);
    for (let k = 0; k < instructions.length; k++) {
        const ins = instructions[k];
        w.ascii(k === 0 ? '{"distance":' : ',{"distance":').fixed(Math.round(ins.distance * 1000), 3);
        if (ins.heading !== undefined) w.ascii(',"heading":').fixed(Math.round(ins.heading * 100), 2);
        w.ascii(',"sign":').int(ins.sign).ascii(',"interval":[').int(ins.firstPoint).char(44).int(ins.lastPoint)
            .ascii('],"text":').string(ins.text).ascii(',"time":').int(ins.time).ascii(',"street_name":').string(ins.streetName).char(125);
    }
    w.char(93);
}

/** A public transport route's answer bytes, with its legs and stops. `started`: when the search began (info.took). */
export function transitRouteAnswer(r: TransitRoute, started: number, writer: JsonWriter = new JsonWriter()): Uint8Array {
    return writeRoute(writer, r, r.transfers, null, JSON.stringify(r.legs.map(legJson)), TRANSIT_COPYRIGHTS, started);
}

/** A leg in GraphHopper's public transport shape. */
function legJson(leg: TransitLeg): object {
    const base = {
        type: leg.type === 'ride' ? 'pt' : leg.type,
        departure_time: leg.departureTime,
        arrival_time: leg.arrivalTime,
        distance: Math.round(leg.distance * 10) / 10,
        travel_time: leg.time,
        geometry: lineString(leg.points)
    };
    if (leg.type === 'walk') return base;
    if (leg.type === 'transfer') return {...base, departure_location: leg.from.name, arrival_location: leg.to.name};
    return {
        ...base,
        route_id: leg.routeId, route_short_name: leg.routeShortName, route_long_name: leg.routeLongName,
        route_type: leg.routeType, mode: leg.mode, route_color: leg.color, agency: leg.agency,
        trip_id: leg.tripId, trip_headsign: leg.headsign,
        departure_location: leg.from.name, arrival_location: leg.to.name,
        num_stops: leg.stops.length - 1,
        stops: leg.stops.map((stop) => ({
            stop_id: stop.id, stop_name: stop.name,
            geometry: {type: 'Point', coordinates: [round6(stop.lon), round6(stop.lat)]},
            arrival_time: stop.arrival, departure_time: stop.departure
        }))
    };
}

function lineString(points: number[]): object {
    const coordinates: [number, number][] = [];
    for (let i = 0; i < points.length; i += 2) coordinates.push([round6(points[i]), round6(points[i + 1])]);
    return {type: 'LineString', coordinates};
}
