// The planar geometry geocoding uses, in one place: distance from a point to a segment in flat
// metres, and flat-Earth distances in metres between positions in degrees. Each keeps its exact
// arithmetic (constants and the order of operations): the built sections and the answers depend on
// it bit for bit.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../geo/distance.js';

/** Squared distance from (px, py) to the segment (ax, ay)-(bx, by). */
export function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const ex = ax + t * dx - px, ey = ay + t * dy - py;
    return ex * ex + ey * ey;
}

/** Where (px, py) projects on the segment (ax, ay)-(bx, by): 0 at a, 1 at b (clamped; 0 for a point). */
export function segmentParameter(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    return len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
}

/** Metres between two positions, flat at their mean latitude. */
export function flatMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dx = (lon2 - lon1) * metersPerDegreeLon((lat1 + lat2) / 2), dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}

/** Metres between two positions in a flat projection of metersPerLat and metersPerLon (a section's, set around its middle). */
export function projectedMeters(lat1: number, lon1: number, lat2: number, lon2: number, metersPerLat: number, metersPerLon: number): number {
    const dx = (lon1 - lon2) * metersPerLon, dy = (lat1 - lat2) * metersPerLat;
    return Math.sqrt(dx * dx + dy * dy);
}

/** Metres from a position to a box (0 inside it), with metersPerLon taken once for the position's latitude. */
export function boxMeters(lat: number, lon: number, minLat: number, minLon: number, maxLat: number, maxLon: number, metersPerLon: number): number {
    const dx = Math.max(0, minLon - lon, lon - maxLon) * metersPerLon;
    const dy = Math.max(0, minLat - lat, lat - maxLat) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Squared metres between two answers, flat at the first one's latitude, with 111195 m a degree
 * (the answers' own rounding; not METERS_PER_DEGREE_LAT, 111194.93).
 */
export function answerMeters2(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dy = (lat1 - lat2) * 111195, dx = (lon1 - lon2) * 111195 * Math.cos(lat1 * Math.PI / 180);
    return dx * dx + dy * dy;
}

/** Metres between two stops (lat1, lon1 the new one: its latitude scales longitude), 111195 m a degree. */
export function stopMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const k = Math.cos(lat1 * Math.PI / 180);
    return Math.hypot((lon2 - lon1) * k, lat2 - lat1) * 111195;
}
