// The narrative of /summary/text from the neighbourhood data: which facts are worth a sentence,
// in which paragraph, with which trip. Figures are the summary's (minutes rounded the way its
// labels round), so the text and the data always agree.
import type {Fact, FactLines, FactPlace, LineKind, ModeCode, ParagraphFacts, Trip as FactTrip} from '../text/narrative/facts.js';
import {positionSeed, writeNarrative, type NarrativeText} from '../text/narrative/narrative.js';
import {narrativeRules as rules} from '../text/narrative/rules.js';
import type {NearbyPlace, NeighbourhoodData} from './nearby.js';
import {wholeMinutes} from '../text/units.js';
import {TM_BIKE, TM_CAR, TM_TRANSIT, TM_WALK, type Trip} from './trips.js';

const MAX_TOURISM = 6;
const SCHOOLS = ['nursery', 'preschool', 'elementarySchool', 'secondarySchool'];
const MAX_CITIES = 3;
const TRANSPORT_ORDER = ['bikeSharing', 'carSharing', 'trainStation', 'airport', 'chargingStation'];
/** The text's word for a line comes from its route type (OSM route=*), not from the stop's sub-type. */
const ROUTE_LINE_KINDS: Record<string, LineKind> = {
    subway: 'metro', monorail: 'metro', light_rail: 'lightRail', tram: 'tram', bus: 'bus', trolleybus: 'bus', train: 'train'
};

function tripOf(place: NearbyPlace, tm: number): FactTrip | null {
    const t = place.trips.find((x) => x.tm === tm);
    return t ? {mode: tm as ModeCode, minutes: wholeMinutes(t.seconds)} : null;
}

/** The walk to a place when it is within the on-foot limit: near places are given the way people go there. */
function nearWalk(place: NearbyPlace): FactTrip | null {
    const walk = tripOf(place, TM_WALK);
    return walk && walk.minutes <= rules().onFootMinutes ? walk : null;
}

/**
 * The trip that suits an everyday place: a short walk, else a short ride, else the faster of public
 * transport and the car; null (the fact is left out) when only a long walk or ride gets there.
 */
function everydayTrip(place: NearbyPlace): FactTrip | null {
    const walk = nearWalk(place);
    if (walk) return walk;
    const bike = tripOf(place, TM_BIKE);
    if (bike && bike.minutes <= rules().everydayBikeMinutes) return bike;
    const transit = tripOf(place, TM_TRANSIT), car = tripOf(place, TM_CAR);
    if (transit && car) return transit.minutes <= car.minutes ? transit : car;
    return transit ?? car;
}

/** Every figure within the close limit: a sentence may praise proximity. */
function isClose(minutes: readonly (number | null)[]): boolean {
    const limit = rules().closeMinutes;
    return minutes.every((m) => m == null || m <= limit);
}

/** A place fact with its closeness. */
function factPlace(kinds: string[], name: string, trip: FactTrip, alt: FactTrip | null): FactPlace {
    return {kinds, name, trip, alt, close: isClose([trip.minutes, alt?.minutes ?? null])};
}

function firstTrip(place: NearbyPlace, modes: number[]): FactTrip | null {
    for (const tm of modes) {
        const t = tripOf(place, tm);
        if (t) return t;
    }
    return null;
}

/** The facts of every paragraph, with names in `language`. */
export function narrativeFacts(data: NeighbourhoodData, language: string): ParagraphFacts[] {
    const sub = new Map<string, NearbyPlace[]>();
    for (const c of data.categories) for (const s of c.subcategories) sub.set(s.key, s.places);
    const first = (key: string) => sub.get(key)?.[0];
    const street = localized(data.place?.streetNames, data.place?.streetName, language);
    const paragraphs: ParagraphFacts[] = [];

    // Tourism: the closest place of each kind, on foot when near, else by car; nearest first.
    const tourism: Fact[] = [];
    const sights: {place: FactPlace; order: number}[] = [];
    for (const c of data.categories) {
        if (c.key !== 'tourism') continue;
        for (const s of c.subcategories) {
            const p = s.places[0];
            const car = tripOf(p, TM_CAR);
            const trip = nearWalk(p) ?? car;
            if (trip) sights.push({place: factPlace([s.key], p.name, trip, null), order: car?.minutes ?? 0});
        }
    }
    sights.sort((a, b) => a.order - b.order);
    // The introduction says shops and transport are close at hand: only when a supermarket and a stop are.
    const nearEverything = closeAtHand(data);
    if (sights.length && street && nearEverything) tourism.push({type: 'intro', street});
    for (const {place} of sights.slice(0, MAX_TOURISM)) tourism.push({type: 'tourism', place});
    paragraphs.push({id: 'tourism', facts: tourism});

    // Transports: shared vehicles, stations, the airport, charging, motorways.
    const transports: Fact[] = [];
    for (const key of TRANSPORT_ORDER) {
        const p = first(key);
        if (!p) continue;
        let trip: FactTrip | null, alt: FactTrip | null = null;
        if (key === 'bikeSharing' || key === 'carSharing') trip = everydayTrip(p);
        else if (key === 'chargingStation') trip = tripOf(p, TM_CAR);
        else {
            trip = nearWalk(p) ?? firstTrip(p, [TM_CAR, TM_TRANSIT, TM_BIKE]);
            alt = trip && trip.mode === TM_CAR ? tripOf(p, TM_TRANSIT) : null;
        }
        if (trip) transports.push({type: 'transport', place: factPlace([key], p.name, trip, alt)});
    }
    const motorways = (sub.get('motorway') ?? []).filter((p) => p.trips.length > 0)
        .map((p) => ({name: p.name, minutes: wholeMinutes(p.trips[0].seconds)}));
    if (motorways.length) transports.push({type: 'motorways', motorways, close: isClose(motorways.map((m) => m.minutes))});
    paragraphs.push({id: 'transports', facts: transports});

    // Education: one sentence per school, naming every kind it is (a preschool and elementary school).
    const education: Fact[] = [];
    const schools = new Map<string, FactPlace>();
    for (const key of SCHOOLS) {
        const p = first(key);
        if (!p) continue;
        const seen = schools.get(p.placeName);
        if (seen) {
            seen.kinds.push(key);
            continue;
        }
        const trip = everydayTrip(p);
        if (trip) schools.set(p.placeName, factPlace([key], p.placeName, trip, null));
    }
    for (const place of schools.values()) education.push({type: 'education', place});
    paragraphs.push({id: 'education', facts: education});

    // Shopping: the supermarkets, on foot (or by car when far), with the car as the alternative.
    const markets: FactPlace[] = [];
    for (const p of sub.get('supermarket') ?? []) {
        const trip = everydayTrip(p);
        if (!trip) continue;
        const car = tripOf(p, TM_CAR);
        markets.push(factPlace(['supermarket'], p.name, trip, car && trip.mode !== TM_CAR ? car : null));
    }
    paragraphs.push({id: 'shopping', facts: markets.length ? [{type: 'supermarkets', places: markets}] : []});

    // Cities: the nearest few, by car and by bike.
    // A city no trip reaches is left out: the text would call it near without a figure.
    const cities = data.cities.filter((c) => c.trips.some((t) => t.tm === TM_CAR || t.tm === TM_BIKE)).slice(0, MAX_CITIES).map((c) => {
        const car = c.trips.find((t) => t.tm === TM_CAR), bike = c.trips.find((t) => t.tm === TM_BIKE);
        const carMinutes = car ? wholeMinutes(car.seconds) : null, bikeMinutes = bike ? wholeMinutes(bike.seconds) : null;
        return {name: c.names[language] ?? c.name, car: carMinutes, bike: bikeMinutes, close: isClose([carMinutes, bikeMinutes])};
    });
    paragraphs.push({id: 'cities', facts: cities.length ? [{type: 'cities', cities}] : []});

    // Public transport: the lines at the nearest stop of each kind, named by their reference, with
    // the mode word of their route type; a stop beyond the serving limit, or without known lines, is left out.
    // Light-rail lines belong to metro and tram stops alike: one sentence per mode word.
    const lines: Fact[] = [];
    const kinds = new Set<LineKind>();
    for (const key of ['bus', 'tram', 'metro']) {
        const fact = stopLines(sub.get(key));
        if (fact && !kinds.has(fact.kind)) lines.push({type: 'lines', lines: fact});
        if (fact) kinds.add(fact.kind);
    }
    if (lines.length && nearEverything) lines.push({type: 'outro'});
    paragraphs.push({id: 'publictransports', facts: lines});
    return paragraphs;
}

/** The lines of the nearest stop of one sub-type, or null when the text has nothing true to say of them. */
function stopLines(places: NearbyPlace[] | undefined): FactLines | null {
    const served = (places ?? []).filter((p) => ROUTE_LINE_KINDS[p.route]);
    if (served.length === 0) return null;
    const walk = served[0].trips.find((t: Trip) => t.tm === TM_WALK);
    if (!walk) return null;
    const walkMinutes = wholeMinutes(walk.seconds);
    if (walkMinutes > rules().stopServingMinutes) return null;
    const kind = ROUTE_LINE_KINDS[served[0].route];
    const names = served.filter((p) => ROUTE_LINE_KINDS[p.route] === kind).map((p) => p.name);
    return {kind, lines: names, walkMinutes, close: isClose([walkMinutes])};
}

/**
 * A supermarket, a school, a transit stop and a place to visit, each within the on-foot limit: the
 * general sentences ("shops, schools, transport and leisure are all close at hand") are true.
 */
function closeAtHand(data: NeighbourhoodData): boolean {
    let shop = false, school = false, stop = false, leisure = false;
    for (const c of data.categories) {
        for (const s of c.subcategories) {
            const near = s.places.some((p) => nearWalk(p) !== null);
            if (s.key === 'supermarket') shop ||= near;
            else if (SCHOOLS.includes(s.key)) school ||= near;
            else if (s.key === 'bus' || s.key === 'tram' || s.key === 'metro') stop ||= near;
            else if (c.key === 'tourism') leisure ||= near;
        }
    }
    return shop && school && stop && leisure;
}

/** The text of /summary/text: every language of the country, in the country's order. */
export function neighbourhoodText(data: NeighbourhoodData, languages: readonly string[]): NarrativeText {
    const place = data.place;
    return writeNarrative({
        seed: positionSeed(data.lat, data.lon),
        paragraphs: (language) => narrativeFacts(data, language),
        street: (language) => localized(place?.streetNames, place?.streetName, language),
        city: (language) => localized(place?.cityNames, place?.cityName, language)
    }, languages);
}

function localized(names: Record<string, string> | null | undefined, fallback: string | undefined, language: string): string | null {
    return names?.[language] || fallback || null;
}
