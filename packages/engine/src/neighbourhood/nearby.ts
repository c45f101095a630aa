// What lies around a position: for every sub-type of the category model its closest places with
// the trips to them, the nearest major cities, and the address. One call does a few dozen
// contraction-hierarchy and RAPTOR queries from one origin; nothing here depends on a language.
import {haversineMeters} from '../geo/distance.js';
import {CITY_TYPES, PLACE_TYPES} from '../geocode/places.js';
import type {PlaceNames} from '../geocode/index.js';
import {loadCategories, splitTypeId, typeId, type CategoriesFile, type SubtypeConfig} from '../poi/categories.js';
import {FOOT_SPEEDS} from '../graph/profiles.js';
import {LINE_ROUTES} from '../poi/poi-index.js';
import {narrativeRules} from '../text/narrative/rules.js';
import type {NeighbourhoodSources} from './sources.js';
import {wholeMinutes} from '../text/units.js';
import {PlaceSnaps, TM_BIKE, TM_CAR, TM_TRANSIT, TM_WALK, TripMeter, type Trip} from './trips.js';

/** Places farther than this as the crow flies are not considered (SPEC §2.4). */
export const SEARCH_RADIUS_METERS = 25000;
/** The nearest place is the nearest on foot (or by car) among this many closest by straight line. */
export const STRAIGHT_LINE_CANDIDATES = 3;
/** Lines listed for the nearest stop of a transit sub-type. */
export const MAX_LINES = 6;
/** Places counted around the position for the scores (straight line). */
export const COUNT_RADIUS_METERS = 1000;
export const LINE_COUNT_RADIUS_METERS = 500;
/** Nearby cities: the nearest places of a city type with at least this population. */
export const CITY_MIN_POPULATION = 20000;
export const MAX_CITIES = 5;
/** Modes in the order of the reference's travel entries. */
const TD_ORDER = [TM_BIKE, TM_CAR, TM_TRANSIT, TM_WALK];
/** The fastest walking speed of the foot profile: no walk is shorter in time than the straight line at it. */
const MAX_FOOT_KMH = Math.max(...Object.values(FOOT_SPEEDS));
/** Places per sub-type in the summary, by the sub-type's kind of variants. */
const PLACES_PER_SUBTYPE: Record<SubtypeConfig['variants'], number> = {none: 1, brand: 3, motorway: 2, line: 1};

export interface NearbyPlace {
    /** 14-digit type id CCCC SSSS VVVVVV */
    id: number;
    icon: number;
    subIcon: number;
    lat: number;
    lon: number;
    /** The place's name; for a transit line, the line ("65 - Gare Centrale - Machelen"). */
    name: string;
    /** The stop's name, for a transit line; else the same as name. */
    placeName: string;
    /** For a transit line: its OSM route type (route=*: bus, tram, light_rail, subway...); '' for any other place or a stop without known lines. */
    route: string;
    /** JSON text of specific data, null when none */
    sd: string | null;
    straightMeters: number;
    /** In the reference's order (bike, car, transit, walk), only the modes of the sub-type that could be routed. */
    trips: Trip[];
}

export interface NearbySubcategory {
    ct: number;
    st: number;
    key: string;
    places: NearbyPlace[];
}

export interface NearbyCategory {
    ct: number;
    key: string;
    subcategories: NearbySubcategory[];
}

export interface NearbyCity {
    /** The name in the data, and by language (name:xx, else the name) for every language we write. */
    name: string;
    names: Record<string, string>;
    lat: number;
    lon: number;
    population: number;
    /** car, then bike, when routable */
    trips: Trip[];
}

export interface NeighbourhoodData {
    lat: number;
    lon: number;
    country: string;
    /** Ranked by proximity: categories by their closest sub-category, sub-categories by their closest place. */
    categories: NearbyCategory[];
    cities: NearbyCity[];
    place: PlaceNames | null;
    /** Distinct places per sub-type key within COUNT_RADIUS_METERS; `lines`: distinct lines within LINE_COUNT_RADIUS_METERS. */
    counts: Record<string, number>;
}

/** The nearest place of one enrichment category, with a trip per mode (null: that mode cannot get there). */
export interface EnrichedPlace {
    name: string;
    lat: number;
    lon: number;
    straightMeters: number;
    walking: Trip | null;
    bicycling: Trip | null;
    driving: Trip | null;
    transit: Trip | null;
}

export interface EnrichmentData {
    lat: number;
    lon: number;
    country: string;
    /** The country's categories (data/categories.json `enrichment`), in that order. */
    entries: {key: string; group: string; id: number; ct: number; st: number; nearest: EnrichedPlace | null}[];
    /** How far the region's data reaches around the position, up to SEARCH_RADIUS_METERS (Coverage.dataReachMeters). */
    dataReachMeters: number;
}

/** A sub-type's candidates and, once ranked, the places it shows. */
interface Plan {
    ct: number;
    s: SubtypeConfig;
    candidates: number[];
    picks: Pick[];
}

interface Pick {
    poi: number;
    name: string;
    placeName: string;
}

/** Sub-types reached on foot are ranked by walking; the others (tourism, motorways, airport...) by car. */
function rankMode(s: SubtypeConfig): number {
    return s.modes.includes(TM_WALK) ? TM_WALK : TM_CAR;
}

/** A sub-type's first record per distinct place, closest first (straight line), within the search radius. */
export function closestPlaces(region: {readonly pois: NeighbourhoodSources['pois']}, lat: number, lon: number, ct: number, st: number, count: number, accept?: (i: number) => boolean): number[] {
    const P = region.pois;
    const seen = new Set<number>();
    const filter = (i: number) => {
        if (seen.has(P.place[i])) return false;
        if (accept && !accept(i)) return false;
        seen.add(P.place[i]);
        return true;
    };
    return P.nearestOfType(lat, lon, ct, st, count, filter, SEARCH_RADIUS_METERS).map((i) => firstOfPlace(P, i, accept));
}

/**
 * The first record of i's place (a place's records are consecutive) of i's sub-type that `accept` takes: which of
 * a stop's lines stands for it does not depend on the order the spatial index meets them in.
 */
function firstOfPlace(P: NeighbourhoodSources['pois'], i: number, accept?: (i: number) => boolean): number {
    let j = i;
    while (j > 0 && P.place[j - 1] === P.place[i]) j--;
    for (; j < i; j++) if (P.ct[j] === P.ct[i] && P.st[j] === P.st[i] && (!accept || accept(j))) return j;
    return i;
}

/** The candidates ordered by their trip by `tm` (unreachable last, then by straight line). */
export function byTrip(meter: TripMeter, region: NeighbourhoodSources, candidates: number[], tm: number): {poi: number; trip: Trip | null}[] {
    const P = region.pois;
    const ranked = candidates.map((poi, order) => ({poi, order, trip: meter.trip(tm, P.lat[poi], P.lon[poi])}));
    ranked.sort((a, b) => (a.trip ? a.trip.seconds : Infinity) - (b.trip ? b.trip.seconds : Infinity) || a.order - b.order);
    return ranked;
}

export class NeighbourhoodFinder {
    private readonly file: CategoriesFile;
    /** Every language a name is written in (the narrative's and the labels'). */
    private readonly languages: string[];

    /** Sub-type key by (ct << 8 | st), for the counts. */
    private readonly keyOf = new Map<number, string>();
    /** The places' road snaps, shared by every position's trips. */
    private readonly placeSnaps: PlaceSnaps;

    constructor(private readonly region: NeighbourhoodSources, file: CategoriesFile = loadCategories()) {
        this.file = file;
        this.languages = file.languages;
        this.placeSnaps = new PlaceSnaps(region.router);
        for (const c of file.categories) for (const s of c.subtypes) this.keyOf.set((c.ct << 8) | s.st, s.key);
    }

    /**
     * Everything around a position. The searches are grouped: one one-to-many search per mode
     * ranks every sub-type's candidates, then one per mode measures the chosen places and the
     * cities (public transport: one RAPTOR query per place).
     */
    find(lat: number, lon: number): NeighbourhoodData {
        const meter = new TripMeter(this.region, lat, lon, this.placeSnaps);
        const plans: Plan[] = [];
        for (const c of this.file.categories) {
            for (const s of c.subtypes) plans.push({ct: c.ct, s, candidates: this.candidates(c.ct, s, lat, lon), picks: []});
        }
        for (const tm of [TM_WALK, TM_CAR]) meter.prefetch(tm, this.positions(plans.filter((p) => rankMode(p.s) === tm).flatMap((p) => p.candidates)));
        for (const plan of plans) plan.picks = this.choose(meter, plan);
        const place = this.region.geocoder.placeNames(lat, lon);
        const cityCandidates = this.cityCandidates(lat, lon, place);
        const nearOnFoot = this.nearOnFoot(plans, lat, lon);
        for (const tm of TD_ORDER) {
            const pois = plans.filter((p) => p.s.modes.includes(tm)).flatMap((p) => p.picks.map((k) => k.poi));
            if (tm === TM_WALK) pois.push(...nearOnFoot);
            const cities = tm === TM_CAR || tm === TM_BIKE ? cityCandidates.map((f) => this.cityPosition(f)) : [];
            meter.prefetch(tm, this.positions(pois).concat(cities));
        }
        const categories: NearbyCategory[] = [];
        for (const c of this.file.categories) {
            const subcategories: NearbySubcategory[] = [];
            for (const plan of plans) {
                if (plan.ct !== c.ct || plan.picks.length === 0) continue;
                const places = plan.picks.map((k) => this.place(meter, k.poi, plan.s, k.name, k.placeName, lat, lon, nearOnFoot.includes(k.poi)));
                subcategories.push({ct: c.ct, st: plan.s.st, key: plan.s.key, places});
            }
            if (subcategories.length === 0) continue;
            subcategories.sort((a, b) => a.places[0].straightMeters - b.places[0].straightMeters);
            categories.push({ct: c.ct, key: c.key, subcategories});
        }
        categories.sort((a, b) => a.subcategories[0].places[0].straightMeters - b.subcategories[0].places[0].straightMeters);
        return {lat, lon, country: this.region.country.code, categories, cities: this.cities(meter, cityCandidates), place, counts: this.counts(lat, lon)};
    }

    /**
     * The enrichment document's data (SPEC §2.4): per category of the country, the nearest place
     * on foot among the STRAIGHT_LINE_CANDIDATES closest by straight line, then its trips by bike,
     * car and public transport. One walking search ranks every category's candidates; one search
     * per mode measures the winners.
     */
    enrich(lat: number, lon: number): EnrichmentData {
        const list = this.file.enrichment[this.region.country.code] ?? [];
        const meter = new TripMeter(this.region, lat, lon, this.placeSnaps);
        const P = this.region.pois;
        const found = list.map((e) => {
            const {ct, st} = splitTypeId(e.id);
            return {e, ct, st, candidates: closestPlaces(this.region, lat, lon, ct, st, STRAIGHT_LINE_CANDIDATES, (i) => P.nameOf[i] !== 0), winner: -1};
        });
        meter.prefetch(TM_WALK, this.positions(found.flatMap((f) => f.candidates)));
        for (const f of found) if (f.candidates.length) f.winner = byTrip(meter, this.region, f.candidates, TM_WALK)[0].poi;
        const winners = found.filter((f) => f.winner >= 0).map((f) => f.winner);
        for (const tm of [TM_BIKE, TM_CAR, TM_TRANSIT]) meter.prefetch(tm, this.positions(winners));
        const entries: EnrichmentData['entries'] = found.map(({e, ct, st, winner}) => {
            let nearest: EnrichedPlace | null = null;
            if (winner >= 0) {
                const pLat = P.lat[winner], pLon = P.lon[winner];
                nearest = {
                    name: P.name(winner), lat: pLat, lon: pLon,
                    straightMeters: Math.round(haversineMeters(lat, lon, pLat, pLon)),
                    walking: meter.trip(TM_WALK, pLat, pLon),
                    bicycling: meter.trip(TM_BIKE, pLat, pLon),
                    driving: meter.trip(TM_CAR, pLat, pLon),
                    transit: meter.trip(TM_TRANSIT, pLat, pLon)
                };
            }
            return {key: e.key, group: e.group, id: e.id, ct, st, nearest};
        });
        return {lat, lon, country: this.region.country.code, entries, dataReachMeters: Math.floor(this.region.coverage.dataReachMeters(lat, lon, SEARCH_RADIUS_METERS))};
    }

    private positions(pois: number[]): [number, number][] {
        const P = this.region.pois;
        return pois.map((i) => [P.lat[i], P.lon[i]]);
    }

    /** The closest few places of a sub-type by straight line, to be ranked by trip. */
    private candidates(ct: number, s: SubtypeConfig, lat: number, lon: number): number[] {
        const P = this.region.pois;
        if (s.variants === 'line') {
            return closestPlaces(this.region, lat, lon, ct, s.st, STRAIGHT_LINE_CANDIDATES, (i) => P.nameOf[i] !== 0 || P.variant[i] !== 0);
        }
        if (s.variants === 'motorway') {
            // Junctions of a known motorway (its reference is the badge): the closest few, then the fastest per motorway.
            return closestPlaces(this.region, lat, lon, ct, s.st, 12, (i) => P.variant[i] !== 0);
        }
        return closestPlaces(this.region, lat, lon, ct, s.st, STRAIGHT_LINE_CANDIDATES * PLACES_PER_SUBTYPE[s.variants], (i) => P.nameOf[i] !== 0);
    }

    /** The places a sub-type shows, from its ranked candidates. */
    private choose(meter: TripMeter, plan: Plan): Pick[] {
        const P = this.region.pois;
        const {ct, s} = plan;
        const ranked = byTrip(meter, this.region, plan.candidates, rankMode(s));
        if (ranked.length === 0) return [];
        if (s.variants === 'line') {
            // The stop nearest on foot, one entry per line (every record of that stop, found in a tiny box).
            const stop = ranked[0].poi;
            const d = 1e-6;
            const records = P.inBox(P.lat[stop] - d, P.lon[stop] - d, P.lat[stop] + d, P.lon[stop] + d)
                .filter((i) => P.place[i] === P.place[stop] && P.ct[i] === ct && P.st[i] === s.st)
                .sort((a, b) => P.variant[a] - P.variant[b])
                .slice(0, MAX_LINES);
            return records.map((i) => {
                const line = P.subIcon[i] ? P.badgeLabel.get(P.subIcon[i]) : '';
                return {poi: i, name: line || P.name(i), placeName: P.name(i)};
            });
        }
        const n = PLACES_PER_SUBTYPE[s.variants];
        const out: Pick[] = [];
        const motorways = new Set<number>();
        for (const {poi, trip} of ranked) {
            if (out.length >= n) break;
            if (trip === null && out.length > 0) break;
            if (s.variants === 'motorway') {
                if (motorways.has(P.variant[poi])) continue;
                motorways.add(P.variant[poi]);
            }
            const name = s.variants === 'motorway' ? motorwayName(P.badgeLabel.get(P.subIcon[poi]), P.name(poi)) : P.name(poi);
            out.push({poi, name, placeName: P.name(poi)});
        }
        return out;
    }

    /**
     * The chosen places reached by car (tourism) that may be within the narrative's on-foot limit
     * (data/narrative.json) as the crow flies: they are measured on foot too, and keep the walk
     * when it is within the limit, so that the text gives them on foot with the summary's figure.
     */
    private nearOnFoot(plans: Plan[], lat: number, lon: number): number[] {
        const rules = narrativeRules(), P = this.region.pois;
        const meters = (rules.onFootMinutes + 1) * 60 * MAX_FOOT_KMH / 3.6;
        const out: number[] = [];
        for (const c of this.file.categories) {
            if (!rules.onFootCategories.includes(c.key)) continue;
            for (const plan of plans) {
                if (plan.ct !== c.ct || plan.s.modes.includes(TM_WALK)) continue;
                for (const k of plan.picks) if (haversineMeters(lat, lon, P.lat[k.poi], P.lon[k.poi]) <= meters) out.push(k.poi);
            }
        }
        return out;
    }

    private place(meter: TripMeter, poi: number, s: SubtypeConfig, name: string, placeName: string, lat: number, lon: number,
        nearOnFoot = false): NearbyPlace {
        const P = this.region.pois;
        const trips: Trip[] = [];
        for (const tm of TD_ORDER) {
            if (!s.modes.includes(tm)) continue;
            const trip = meter.trip(tm, P.lat[poi], P.lon[poi]);
            if (trip) trips.push(trip);
        }
        if (nearOnFoot) {
            // Walk is last in TD_ORDER: the reference's order holds.
            const walk = meter.trip(TM_WALK, P.lat[poi], P.lon[poi]);
            if (walk && wholeMinutes(walk.seconds) <= narrativeRules().onFootMinutes) trips.push(walk);
        }
        const sd = P.sd(poi);
        return {
            id: typeId(P.ct[poi], P.st[poi], P.variant[poi]), icon: P.icon[poi], subIcon: P.subIcon[poi],
            lat: P.lat[poi], lon: P.lon[poi], name, placeName, route: s.variants === 'line' ? LINE_ROUTES[P.badgeRoute[P.subIcon[poi]]] ?? '' : '', sd: sd === '{}' || sd === '' ? null : sd,
            straightMeters: Math.round(haversineMeters(lat, lon, P.lat[poi], P.lon[poi])), trips
        };
    }

    /** Places of a city type with CITY_MIN_POPULATION people, other than the position's own town, nearest first. */
    private cityCandidates(lat: number, lon: number, place: PlaceNames | null): number[] {
        const Pl = this.region.places;
        const found: {f: number; d: number}[] = [];
        for (let f = Pl.placeOffset; f < Pl.placeOffset + Pl.placeCount; f++) {
            if (!CITY_TYPES.has(PLACE_TYPES[Pl.fType[f]])) continue;
            if (Pl.placePopulation[f - Pl.placeOffset] < CITY_MIN_POPULATION) continue;
            if (place && Pl.name(f) === place.cityName) continue;
            const d = haversineMeters(lat, lon, Pl.fLat[f] / 1e7, Pl.fLon[f] / 1e7);
            if (d > SEARCH_RADIUS_METERS * 4) continue;
            found.push({f, d});
        }
        found.sort((a, b) => a.d - b.d);
        return found.slice(0, MAX_CITIES * 2).map((x) => x.f);
    }

    private cityPosition(f: number): [number, number] {
        const Pl = this.region.places;
        return [Pl.fLat[f] / 1e7, Pl.fLon[f] / 1e7];
    }

    /** The MAX_CITIES nearest candidates that car or bike can reach. */
    private cities(meter: TripMeter, candidates: number[]): NearbyCity[] {
        const Pl = this.region.places;
        const out: NearbyCity[] = [];
        for (const f of candidates) {
            if (out.length >= MAX_CITIES) break;
            const [cLat, cLon] = this.cityPosition(f);
            const trips: Trip[] = [];
            for (const tm of [TM_CAR, TM_BIKE]) {
                const t = meter.trip(tm, cLat, cLon);
                if (t) trips.push(t);
            }
            if (trips.length === 0) continue;
            const localized = Pl.localizedNames(f);
            const name = Pl.name(f);
            const names: Record<string, string> = {};
            for (const l of this.languages) names[l] = localized[l] ?? name;
            out.push({name, names, lat: round5(cLat), lon: round5(cLon), population: Pl.placePopulation[f - Pl.placeOffset], trips});
        }
        return out;
    }

    /** Distinct places per sub-type within COUNT_RADIUS_METERS, and distinct lines within LINE_COUNT_RADIUS_METERS. */
    private counts(lat: number, lon: number): Record<string, number> {
        const P = this.region.pois;
        const dLat = COUNT_RADIUS_METERS / 111320, dLon = dLat / Math.cos(lat * Math.PI / 180);
        const keyOf = this.keyOf;
        const counts: Record<string, number> = {lines: 0};
        for (const key of keyOf.values()) counts[key] = 0;
        const places = new Set<string>(), lines = new Set<number>();
        for (const i of P.inBox(lat - dLat, lon - dLon, lat + dLat, lon + dLon)) {
            const key = keyOf.get((P.ct[i] << 8) | P.st[i]);
            if (key === undefined) continue;
            const d = haversineMeters(lat, lon, P.lat[i], P.lon[i]);
            if (d > COUNT_RADIUS_METERS) continue;
            if (P.badgeKind[P.subIcon[i]] >= 1 && P.badgeKind[P.subIcon[i]] <= 4 && d <= LINE_COUNT_RADIUS_METERS) lines.add(P.subIcon[i]);
            const placeKey = `${key}:${P.place[i]}`;
            if (places.has(placeKey)) continue;
            places.add(placeKey);
            counts[key]++;
        }
        counts.lines = lines.size;
        return counts;
    }
}

/** "E40 : Evere" from the motorway's reference and the junction's name (a bare exit number is left out). */
function motorwayName(ref: string, junction: string): string {
    if (!/\p{L}/u.test(junction)) junction = '';
    if (ref && junction) return `${ref} : ${junction}`;
    return ref || junction;
}

function round5(x: number): number {
    return Math.round(x * 1e5) / 1e5;
}
