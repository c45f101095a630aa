// The enrichment document (SPEC §2.4): one entry per category of the country, the nearest place
// with a trip per mode; null, never 0, where nothing was found or a mode cannot get there; and
// whether each answer is certain where a city extract ends within the search radius.
import {round6} from '../geo/distance.js';
import {label} from '../poi/catalog.js';
import {loadCategories, type CategoriesFile} from '../poi/categories.js';
import {SEARCH_RADIUS_METERS, type EnrichmentData} from './nearby.js';
import type {Trip} from './trips.js';

export interface EnrichmentTrip {
    distanceMeters: number;
    durationSeconds: number;
    /** rounded up: 6 min 10 s gives 7 */
    durationMinutes: number;
}

export interface EnrichmentDocument {
    latitude: number;
    longitude: number;
    country: string;
    language: string;
    searchRadiusMeters: number;
    /** How far the data reaches around the position when less than searchRadiusMeters (a city extract's edge); else null. */
    dataReachMeters: number | null;
    categories: {
        id: number;
        key: string;
        group: string;
        label: string;
        nearest: {
            name: string;
            latitude: number;
            longitude: number;
            straightLineDistanceMeters: number;
            walking: EnrichmentTrip | null;
            bicycling: EnrichmentTrip | null;
            driving: EnrichmentTrip | null;
            transit: EnrichmentTrip | null;
        } | null;
        /**
         * Whether `nearest` is certain: the walk to it stays within the data's reach (nothing beyond
         * the data's edge can be nearer), or, when null, the data covers the whole search radius.
         */
        complete: boolean;
    }[];
}

function trip(t: Trip | null): EnrichmentTrip | null {
    if (t === null) return null;
    return {distanceMeters: t.meters, durationSeconds: t.seconds, durationMinutes: Math.ceil(t.seconds / 60)};
}

export function formatEnrichment(data: EnrichmentData, language: string, file: CategoriesFile = loadCategories()): EnrichmentDocument {
    return {
        latitude: data.lat,
        longitude: data.lon,
        country: data.country,
        language,
        searchRadiusMeters: SEARCH_RADIUS_METERS,
        dataReachMeters: data.dataReachMeters < SEARCH_RADIUS_METERS ? data.dataReachMeters : null,
        categories: data.entries.map((e) => {
            const sub = file.categories.find((c) => c.ct === e.ct)?.subtypes.find((s) => s.st === e.st);
            const n = e.nearest;
            return {
                id: e.id, key: e.key, group: e.group, label: label(sub?.singular, language),
                nearest: n && {
                    name: n.name, latitude: round6(n.lat), longitude: round6(n.lon), straightLineDistanceMeters: n.straightMeters,
                    walking: trip(n.walking), bicycling: trip(n.bicycling), driving: trip(n.driving), transit: trip(n.transit)
                },
                // The walk is never shorter than the straight line: a walk within the reach leaves no room for a nearer unknown place.
                complete: n ? (n.walking?.meters ?? n.straightMeters) <= data.dataReachMeters : data.dataReachMeters >= SEARCH_RADIUS_METERS
            };
        })
    };
}
