// The /route answer of a road mode as JSON text (COMPAT.md: the GraphHopper shape), written straight
// from the engine's route: the text JSON.stringify gives of that object, without building the object
// and its thousands of two-number coordinate arrays first (the worker's share of a route answer).
import {round6, type RoadRoute} from '@quartier/engine/internal';

export const ROAD_COPYRIGHTS = ['quartier', 'OpenStreetMap contributors'];

/** `took`: the ms the route took, for info.took. */
export function roadRouteJson(r: RoadRoute, took: number): string {
    const points = r.points;
    let coordinates = '';
    let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
    for (let i = 0; i < points.length; i += 2) {
        const lon = round6(points[i]), lat = round6(points[i + 1]);
        coordinates += (i === 0 ? '[' : ',[') + lon + ',' + lat + ']';
        if (lon < minLon) minLon = lon;
        if (lon > maxLon) maxLon = lon;
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
    }
    // JSON.stringify for every value that is not a plain finite number (an empty bbox's infinities become null).
    const snapped = `[[${round6(r.from.lon)},${round6(r.from.lat)}],[${round6(r.to.lon)},${round6(r.to.lat)}]]`;
    return '{"paths":[{'
        + `"distance":${Math.round(r.distance * 1000) / 1000},"weight":${r.time / 1000},"time":${r.time},"transfers":0,"points_encoded":false,`
        + `"bbox":${JSON.stringify([minLon, minLat, maxLon, maxLat])},`
        + `"points":{"type":"LineString","coordinates":[${coordinates}]},`
        + `"instructions":${JSON.stringify(r.instructions)},"legs":[],"details":{},"ascend":0,"descend":0,`
        + `"snapped_waypoints":{"type":"LineString","coordinates":${snapped}}}],`
        + `"info":{"copyrights":${JSON.stringify(ROAD_COPYRIGHTS)},"took":${took}}}`;
}
