// Distances on a spherical Earth, in metres, for coordinates in degrees.
//
// Which one to use:
// - haversineMeters: the distance to show or store, at any range (great circle on a sphere, which
//   is off from the WGS84 ellipsoid by up to ~0.5%).
// - equirectangularSquaredMeters with a precomputed metersPerDegreeLon: the inner loop of
//   "is it within r metres" and "which is nearest" (compare against r * r, no sqrt, no trig).
//   A flat-Earth approximation around a reference latitude. Measured against haversine: with the
//   reference at the query point, off by up to 0.04% at 10 km and 0.4% at 100 km (latitude 50; about
//   twice that at 70); with the reference at the pair's mid-latitude (the default, one cos per
//   call), under 0.01% up to 100 km. Fine for a city-scale radius; use haversine beyond a few
//   hundred km, near the poles, or for distances that are displayed.

/**
 * Mean Earth radius in metres: 6371 km, the radius geokdbush uses, so its around(maxDistance)
 * and haversineMeters agree on what is within a distance.
 */
export const EARTH_RADIUS_M = 6371000;

const RAD = Math.PI / 180;

/** Metres per degree of latitude (and per degree of longitude on the equator). */
export const METERS_PER_DEGREE_LAT = EARTH_RADIUS_M * RAD;

/** Great-circle distance in metres. */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const sinDLat = Math.sin((lat2 - lat1) * RAD / 2);
    const sinDLon = Math.sin((lon2 - lon1) * RAD / 2);
    const h = sinDLat * sinDLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sinDLon * sinDLon;
    // min guards asin against h creeping past 1 by rounding for antipodal points
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per degree of longitude at a latitude. Compute once per query, not per candidate. */
export function metersPerDegreeLon(lat: number): number {
    return METERS_PER_DEGREE_LAT * Math.cos(lat * RAD);
}

/**
 * Squared equirectangular distance in square metres: compare with radius * radius.
 * In a loop, pass metersPerLon = metersPerDegreeLon(query latitude) once so the loop does no trig;
 * left out, it is computed at the mid-latitude of the two points (more exact, one cos per call).
 * Longitude differences are wrapped across the antimeridian.
 */
export function equirectangularSquaredMeters(
    lat1: number, lon1: number, lat2: number, lon2: number,
    metersPerLon = metersPerDegreeLon((lat1 + lat2) / 2)
): number {
    let dLon = lon2 - lon1;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    const dx = dLon * metersPerLon;
    const dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return dx * dx + dy * dy;
}

/** Flat-Earth (equirectangular) metres, longitude measured at the pair's mid-latitude; for short hops. */
export function flatMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dx = (lon2 - lon1) * metersPerDegreeLon((lat1 + lat2) / 2), dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}

// Older forms of flatMeters, kept bit for bit because built sections and answers depend on them: 111195 m per
// degree, and the cosine of (mid-latitude * pi) / 180 (rounded differently from mid-latitude * RAD).

/** Metres per degree of the two forms below (METERS_PER_DEGREE_LAT rounded to the metre). */
const METERS_PER_DEGREE_ROUNDED = 111195;

/** Flat metres as the GTFS reader measures stop to stop: sqrt of the scaled squares. */
export function flatMetersRounded(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const ky = METERS_PER_DEGREE_ROUNDED, kx = ky * Math.cos(((lat1 + lat2) / 2) * Math.PI / 180);
    const dx = (lon2 - lon1) * kx, dy = (lat2 - lat1) * ky;
    return Math.sqrt(dx * dx + dy * dy);
}

/** Flat metres as turn costs measure along an edge: the hypotenuse in degrees, then scaled. */
export function flatHypotMetersRounded(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dx = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * Math.PI / 180);
    return Math.hypot(dx, lat2 - lat1) * METERS_PER_DEGREE_ROUNDED;
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

/** Squared metres between two geocoding answers, flat at the first one's latitude (the rounded metres per degree). */
export function answerMeters2(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dy = (lat1 - lat2) * METERS_PER_DEGREE_ROUNDED, dx = (lon1 - lon2) * METERS_PER_DEGREE_ROUNDED * Math.cos(lat1 * Math.PI / 180);
    return dx * dx + dy * dy;
}

/** Metres between two stops, the first one's latitude scaling longitude (the rounded metres per degree). */
export function stopMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const k = Math.cos(lat1 * Math.PI / 180);
    return Math.hypot((lon2 - lon1) * k, lat2 - lat1) * METERS_PER_DEGREE_ROUNDED;
}

/** A coordinate to 6 decimals (~0.1 m), as the API writes positions. */
export function round6(x: number): number {
    return Math.round(x * 1e6) / 1e6;
}
