// Stations of the region's public transport feeds (rail, metro, tram), searchable by name like the
// OSM's own: an extract may lack a station its GTFS feed has (Porto's metro station "Casa da Música").
// Bus stops are left out: thousands, named after the street they stand in.
import {routeMode, type TransitNetwork} from '../../transit/query/network.js';
import {fold} from '../fold.js';
import {stopMeters} from '../../geo/distance.js';

/** A feed's stops of one name this close (m) are one station (its platforms, its entrances). */
const SAME_STATION_METERS = 300;

export interface Station {
    name: string;
    lat: number;
    lon: number;
}

const RAIL_MODES = new Set(['tram', 'subway', 'rail', 'monorail', 'funicular', 'cable_tram']);

/** Whether a GTFS route_type (basic or extended) runs on rails, by the transit network's one classification. */
function railRouteType(type: number): boolean {
    return RAIL_MODES.has(routeMode(type));
}

/** The named stops served by a rail route, one per name within SAME_STATION_METERS. */
export function transitStations(network: TransitNetwork): Station[] {
    const out: Station[] = [];
    const byName = new Map<string, number[]>();
    for (let s = 0; s < network.stopCount; s++) {
        let rail = false;
        for (let k = network.stopPatternFirst[s]; k < network.stopPatternFirst[s + 1] && !rail; k++) {
            rail = railRouteType(network.routeType[network.patternRoute[network.stopPatterns[k]]]);
        }
        const name = network.stopNames.get(s).trim();
        if (!rail || name === '') continue;
        const lat = network.stopLat[s] / 1e7, lon = network.stopLon[s] / 1e7;
        const key = fold(name);
        const same = byName.get(key) ?? [];
        if (same.some((i) => stopMeters(lat, lon, out[i].lat, out[i].lon) < SAME_STATION_METERS)) continue;
        same.push(out.length);
        byName.set(key, same);
        out.push({name, lat, lon});
    }
    return out;
}
