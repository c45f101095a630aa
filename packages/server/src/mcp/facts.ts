// The tools' facts from the engine's data: the neighbourhood data behind /summary (nearest places
// and their trips, the lines counted around, the address) and the /enrichment document. The same
// places, distances and modes as those endpoints: nothing is measured here.
import type {NearbyPlace, NeighbourhoodData, Trip} from '@quartier/engine';
import {round6, subtypeNumbers, typeId} from '@quartier/engine/internal';
import type {EnrichmentDocument, EnrichmentTrip} from '../answers/neighbourhood-answer.js';
import {tokenSubtypes, type CategoryToken} from './categories.js';

export type TravelMode = 'walking' | 'cycling' | 'driving' | 'transit';

/** The summary's mode codes (trips.ts: 1 car, 2 walk, 3 bike, 4 public transport) as MCP.md names them. */
export const MODE_NAMES: Record<number, TravelMode> = {1: 'driving', 2: 'walking', 3: 'cycling', 4: 'transit'};
const TM_WALK = 2;
const TM_CAR = 1;

export interface NearestPlace {
    name: string;
    distanceMeters: number;
    travelMode: TravelMode;
    latitude: number;
    longitude: number;
    travelTimeMinutes: number;
    /** The sub-type key of data/categories.json (for the text's label). */
    kind: string;
}

export interface SummaryFacts {
    nearestSchool: {name: string; distanceMeters: number; travelMode: TravelMode} | null;
    nearestNursery: {name: string; distanceMeters: number; travelMode: TravelMode} | null;
    nearestSupermarket: {name: string; distanceMeters: number; travelMode: TravelMode} | null;
    transport: {linesCount: number; nearestStopDistanceMeters: number | null; nearestStopTravelMode: TravelMode | null};
    place: {street: string | null; city: string | null; zip: string | null} | null;
}

export interface AccessibilityFacts {
    publicTransportLinesCount: number;
    nearestPublicTransportStopDistanceMeters: number | null;
    nearestPublicTransportStopTravelMode: TravelMode | null;
    nearestTrainStationDistanceMeters: number | null;
    nearestMotorwayAccessDistanceMeters: number | null;
    nearestTrainStation: Omit<NearestPlace, 'kind'> | null;
    nearestMotorwayAccess: Omit<NearestPlace, 'kind'> | null;
}

/** Whole minutes of a trip as /enrichment gives them (rounded up). */
function minutesUp(seconds: number): number {
    return Math.ceil(seconds / 60);
}

/**
 * The nearest place of a token in the neighbourhood data: the first place of each of its sub-types
 * (each is the nearest of its sub-type by `tm`, as the summary ranks it), the shortest trip by `tm`.
 * A place that mode cannot reach is given by its first trip.
 */
export function nearestInSummary(data: NeighbourhoodData, token: CategoryToken, tm = token === 'motorway' ? TM_CAR : TM_WALK): NearestPlace | null {
    const keys = new Set(tokenSubtypes(token).map((s) => s.key));
    let best: {place: NearbyPlace; trip: Trip; kind: string} | null = null;
    for (const c of data.categories) {
        for (const s of c.subcategories) {
            if (!keys.has(s.key) || s.places.length === 0) continue;
            const place = s.places[0];
            const trip = place.trips.find((t) => t.tm === tm) ?? place.trips[0];
            if (!trip) continue;
            if (best === null || rank(trip, tm) < rank(best.trip, tm)) best = {place, trip, kind: s.key};
        }
    }
    if (best === null) return null;
    const {place, trip} = best;
    return {
        name: token === 'public_transport' ? place.placeName : place.name, distanceMeters: trip.meters, travelMode: MODE_NAMES[trip.tm],
        latitude: round6(place.lat), longitude: round6(place.lon), travelTimeMinutes: minutesUp(trip.seconds), kind: best.kind
    };
}

/** Trips by the ranking mode first, by distance; others after them. */
function rank(trip: Trip, tm: number): number {
    return (trip.tm === tm ? 0 : 1e9) + trip.meters;
}

function brief(p: NearestPlace | null): {name: string; distanceMeters: number; travelMode: TravelMode} | null {
    return p && {name: p.name, distanceMeters: p.distanceMeters, travelMode: p.travelMode};
}

function withoutKind(p: NearestPlace | null): Omit<NearestPlace, 'kind'> | null {
    if (p === null) return null;
    const {kind: _kind, ...rest} = p;
    return rest;
}

/** yatmo_get_location_summary's facts (and each position's in the comparison). */
export function summaryFacts(data: NeighbourhoodData, language: string): SummaryFacts {
    const stop = nearestInSummary(data, 'public_transport');
    const place = data.place;
    return {
        nearestSchool: brief(nearestInSummary(data, 'school')),
        nearestNursery: brief(nearestInSummary(data, 'nursery')),
        nearestSupermarket: brief(nearestInSummary(data, 'supermarket')),
        transport: {linesCount: data.counts.lines ?? 0, nearestStopDistanceMeters: stop?.distanceMeters ?? null, nearestStopTravelMode: stop?.travelMode ?? null},
        place: place && {
            street: place.streetNames?.[language] || place.streetName || null,
            city: place.cityNames?.[language] || place.cityName || null,
            zip: place.postcode || null
        }
    };
}

/** yatmo_get_accessibility_profile's facts. */
export function accessibilityFacts(data: NeighbourhoodData): AccessibilityFacts {
    const stop = nearestInSummary(data, 'public_transport');
    const station = nearestInSummary(data, 'train_station');
    const motorway = nearestInSummary(data, 'motorway');
    return {
        publicTransportLinesCount: data.counts.lines ?? 0,
        nearestPublicTransportStopDistanceMeters: stop?.distanceMeters ?? null,
        nearestPublicTransportStopTravelMode: stop?.travelMode ?? null,
        nearestTrainStationDistanceMeters: station?.distanceMeters ?? null,
        nearestMotorwayAccessDistanceMeters: motorway?.distanceMeters ?? null,
        nearestTrainStation: withoutKind(station),
        nearestMotorwayAccess: withoutKind(motorway)
    };
}

/** The enrichment's trips in the order a nearest place is given by: on foot (how it was chosen), else the others. */
const ENRICHMENT_MODES: [keyof NonNullable<EnrichmentDocument['categories'][number]['nearest']>, TravelMode][] =
    [['walking', 'walking'], ['driving', 'driving'], ['bicycling', 'cycling'], ['transit', 'transit']];

/**
 * The nearest place of a token in the /enrichment document: among the country's enrichment
 * categories of the token's sub-types, the shortest walk. `available`: whether the country has
 * any such category (Malta has no train stations).
 */
export function nearestInEnrichment(doc: EnrichmentDocument, token: CategoryToken): {nearest: NearestPlace | null; available: boolean; complete: boolean} {
    const numbers = subtypeNumbers(doc.country);
    const ids = new Map(tokenSubtypes(token).map((s) => [typeId(s.ct, numbers.publicSt(s.ct, s.st), 0), s.key]));
    let best: NearestPlace | null = null, available = false, complete = true;
    for (const entry of doc.categories) {
        if (!ids.has(entry.id)) continue;
        available = true;
        complete &&= entry.complete;
        const n = entry.nearest;
        if (!n) continue;
        for (const [field, mode] of ENRICHMENT_MODES) {
            const trip = n[field] as EnrichmentTrip | null;
            if (!trip) continue;
            const candidate: NearestPlace = {
                name: n.name, distanceMeters: trip.distanceMeters, travelTimeMinutes: trip.durationMinutes, travelMode: mode,
                latitude: n.latitude, longitude: n.longitude, kind: ids.get(entry.id)!
            };
            if (best === null || better(candidate, best)) best = candidate;
            break;
        }
    }
    return {nearest: best, available, complete};
}

/** A walk beats any other mode; then the shorter distance. */
function better(a: NearestPlace, b: NearestPlace): boolean {
    const wa = a.travelMode === 'walking' ? 0 : 1, wb = b.travelMode === 'walking' ? 0 : 1;
    return wa !== wb ? wa < wb : a.distanceMeters < b.distanceMeters;
}
