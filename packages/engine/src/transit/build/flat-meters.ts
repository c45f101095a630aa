// Metres between two points on a flat earth around their mean latitude: enough for stop spacing,
// shape lengths and transfers nobody walked.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';

export function straightMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const kx = metersPerDegreeLon((lat1 + lat2) / 2);
    const dx = (lon2 - lon1) * kx, dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}
