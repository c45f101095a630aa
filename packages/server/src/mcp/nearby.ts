// yatmo_get_nearby_pois: the places of some categories around a position, nearest first by the
// network. Candidates are the closest by straight line (the network is never shorter), measured
// from the position by /matrix's task (its cells are /route's), then kept within the radius: on
// foot, by car for motorway accesses.
import {CAR, FOOT, type Region} from '@quartier/engine';
import {closestPlaces, haversineMeters, regionSections, round6} from '@quartier/engine/internal';
import type {WorkerPool} from '../workers/pool.js';
import {HttpError} from '../http/errors.js';
import type {MatrixPart} from '../answers/matrix-answer.js';
import {tokenSubtypes, type CategoryToken} from './categories.js';
import type {NearestPlace} from './facts.js';

/** Candidates measured at most, whatever maxResults: the closest by straight line. */
const MAX_CANDIDATES = 300;
/** Candidates per sub-type, per result asked for. */
const PER_RESULT = 2;

/** A place of the list: a nearest place's fields but the time, and its token. */
export type NearbyPoi = Omit<NearestPlace, 'travelTimeMinutes'> & {category: CategoryToken};

interface Candidate {
    poi: number;
    token: CategoryToken;
    kind: string;
    straight: number;
}

/**
 * Each token's places within `radius` by straight line, one per place, closest first over all
 * tokens; `certain`: the straight-line distance up to which no place was left out (a sub-type's list
 * or the whole list cut short), so that a network distance up to it is certainly among the nearest.
 */
function candidates(region: Region, lat: number, lon: number, tokens: CategoryToken[], radius: number, max: number): {found: Candidate[]; certain: number} {
    const sections = regionSections(region), P = sections.pois;
    const found: Candidate[] = [];
    let certain = radius;
    for (const token of tokens) {
        // A place of two sub-types of a token (a preschool and elementary school) is listed once.
        const seen = new Set<number>();
        for (const s of tokenSubtypes(token)) {
            // Stops are known by their lines when unnamed; motorway accesses by their motorway.
            const accept = token === 'public_transport' ? (i: number) => P.nameOf[i] !== 0 || P.variant[i] !== 0
                : token === 'motorway' ? (i: number) => P.variant[i] !== 0 : (i: number) => P.nameOf[i] !== 0;
            const closest = closestPlaces(sections, lat, lon, s.ct, s.st, max, accept);
            if (closest.length === max) certain = Math.min(certain, haversineMeters(lat, lon, P.lat[closest[max - 1]], P.lon[closest[max - 1]]));
            for (const poi of closest) {
                const straight = haversineMeters(lat, lon, P.lat[poi], P.lon[poi]);
                if (straight > radius || seen.has(P.place[poi])) continue;
                seen.add(P.place[poi]);
                found.push({poi, token, kind: s.key, straight});
            }
        }
    }
    found.sort((a, b) => a.straight - b.straight);
    if (found.length > MAX_CANDIDATES) certain = Math.min(certain, found[MAX_CANDIDATES].straight);
    return {found: found.slice(0, MAX_CANDIDATES), certain};
}

function nameOf(region: Region, poi: number, token: CategoryToken): string {
    const P = regionSections(region).pois;
    const name = P.name(poi);
    if (token !== 'motorway') return name;
    const ref = P.subIcon[poi] ? P.badgeLabel.get(P.subIcon[poi]) : '';
    return ref && name ? `${ref} : ${name}` : ref || name;
}

/**
 * Metres from the position to each place by one road mode (null: no way there). A place the mode
 * cannot snap to is left out of the task (it would refuse the whole table) and gets null.
 */
async function metresFrom(pool: WorkerPool, region: Region, mode: number, lat: number, lon: number, places: [number, number][]): Promise<(number | null)[]> {
    const snapper = region.router.snapper;
    const on = places.map(([pLat, pLon]) => snapper.snap(pLat, pLon, mode) !== null);
    const destinations = places.filter((_, i) => on[i]).flat();
    if (destinations.length === 0 || snapper.snap(lat, lon, mode) === null) return places.map(() => null);
    const part = await pool.run<MatrixPart>({type: 'matrix', country: region.country.code, mode, sources: [lat, lon], destinations, sourceOffset: 0, destinationOffset: 0});
    const cells = JSON.parse(`[${part.distances[0]}]`) as (number | null)[];
    let j = 0;
    return on.map((snapped) => (snapped ? cells[j++] : null));
}

/**
 * The places, nearest first by the network, at most `maxResults`. `reach`: how far the list is
 * certain to be complete (the radius, unless too many places lie within it to measure them all).
 */
export async function nearbyPois(pool: WorkerPool | undefined, region: Region, lat: number, lon: number,
    tokens: CategoryToken[], radius: number, maxResults: number): Promise<{pois: NearbyPoi[]; reach: number}> {
    if (!pool) throw new HttpError(503, 'The routing engine is not running.');
    const {found, certain} = candidates(region, lat, lon, tokens, radius, maxResults * PER_RESULT);
    const reach = Math.floor(certain);
    const P = regionSections(region).pois;
    const byCar = found.map((c) => c.token === 'motorway');
    const positions = (car: boolean) => found.filter((_, i) => byCar[i] === car).map((c): [number, number] => [P.lat[c.poi], P.lon[c.poi]]);
    const [walks, drives] = await Promise.all([metresFrom(pool, region, FOOT, lat, lon, positions(false)), metresFrom(pool, region, CAR, lat, lon, positions(true))]);
    const pois: NearbyPoi[] = [];
    let w = 0, d = 0;
    found.forEach((c, i) => {
        const meters = byCar[i] ? drives[d++] : walks[w++];
        if (meters === null || meters > reach) return;
        pois.push({
            category: c.token, name: nameOf(region, c.poi, c.token), distanceMeters: Math.round(meters), travelMode: byCar[i] ? 'driving' : 'walking',
            latitude: round6(P.lat[c.poi]), longitude: round6(P.lon[c.poi]), kind: c.kind
        });
    });
    pois.sort((a, b) => a.distanceMeters - b.distanceMeters);
    return {pois: pois.slice(0, maxResults), reach};
}
