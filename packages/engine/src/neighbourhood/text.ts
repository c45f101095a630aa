// The narrative of /summary/text from the neighbourhood data: which facts are worth a sentence,
// in which paragraph, with which trip. Figures are the summary's (minutes rounded the way its
// labels round), so the text and the data always agree.
import type {Fact, FactLines, FactPlace, ModeCode, ParagraphFacts, Trip as FactTrip} from '../text/narrative/facts.js';
import {positionSeed, writeNarrative, type MultiLanguagesText} from '../text/narrative/narrative.js';
import type {NearbyPlace, NeighbourhoodData} from './nearby.js';
import {TM_BIKE, TM_CAR, TM_TRANSIT, TM_WALK, type Trip} from './trips.js';

/** Whole minutes of a trip, at least 1 (the summary labels round the same way from 3 minutes). */
export function wholeMinutes(seconds: number): number {
    return Math.max(1, Math.round(seconds / 60));
}

/** Walks up to this many minutes are what the text names for everyday places. */
const WALK_MINUTES = 15;
const BIKE_MINUTES = 20;
const MAX_TOURISM = 6;
const MAX_CITIES = 3;
const TRANSPORT_ORDER = ['bikeSharing', 'carSharing', 'trainStation', 'airport', 'chargingStation'];
const LINE_KINDS: Record<string, FactLines['kind']> = {bus: 'bus', tram: 'tram', metro: 'metro'};

function tripOf(place: NearbyPlace, tm: number): FactTrip | null {
    const t = place.trips.find((x) => x.tm === tm);
    return t ? {mode: tm as ModeCode, minutes: wholeMinutes(t.seconds)} : null;
}

/** The trip that suits an everyday place: a short walk, else a short ride, else public transport, else the car. */
function everydayTrip(place: NearbyPlace): FactTrip | null {
    const walk = tripOf(place, TM_WALK);
    if (walk && walk.minutes <= WALK_MINUTES) return walk;
    const bike = tripOf(place, TM_BIKE);
    if (bike && bike.minutes <= BIKE_MINUTES) return bike;
    return tripOf(place, TM_TRANSIT) ?? tripOf(place, TM_CAR) ?? bike ?? walk;
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
    const street = localized(data.place?.LocalizedStreetNames, data.place?.StreetName, language);
    const paragraphs: ParagraphFacts[] = [];

    // Tourism: the closest place of each kind, by car, nearest first.
    const tourism: Fact[] = [];
    const sights: FactPlace[] = [];
    for (const c of data.categories) {
        if (c.key !== 'tourism') continue;
        for (const s of c.subcategories) {
            const p = s.places[0];
            const trip = tripOf(p, TM_CAR);
            if (trip) sights.push({kinds: [s.key], name: p.name, trip, alt: null});
        }
    }
    sights.sort((a, b) => a.trip.minutes - b.trip.minutes);
    if (sights.length && street) tourism.push({type: 'intro', street});
    for (const place of sights.slice(0, MAX_TOURISM)) tourism.push({type: 'tourism', place});
    paragraphs.push({id: 'tourism', facts: tourism});

    // Transports: shared vehicles, stations, the airport, charging, motorways.
    const transports: Fact[] = [];
    for (const key of TRANSPORT_ORDER) {
        const p = first(key);
        if (!p) continue;
        let trip: FactTrip | null, alt: FactTrip | null = null;
        if (key === 'bikeSharing') trip = tripOf(p, TM_WALK);
        else if (key === 'carSharing') trip = everydayTrip(p);
        else if (key === 'chargingStation') trip = tripOf(p, TM_CAR);
        else {
            trip = firstTrip(p, [TM_CAR, TM_TRANSIT, TM_BIKE]);
            alt = trip && trip.mode === TM_CAR ? tripOf(p, TM_TRANSIT) : null;
        }
        if (trip) transports.push({type: 'transport', place: {kinds: [key], name: p.name, trip, alt}});
    }
    const motorways = (sub.get('motorway') ?? []).filter((p) => p.trips.length > 0)
        .map((p) => ({name: p.name, minutes: wholeMinutes(p.trips[0].seconds)}));
    if (motorways.length) transports.push({type: 'motorways', motorways});
    paragraphs.push({id: 'transports', facts: transports});

    // Education: one sentence per school, naming every kind it is (a preschool and elementary school).
    const education: Fact[] = [];
    const schools = new Map<string, FactPlace>();
    for (const key of ['nursery', 'preschool', 'elementarySchool', 'secondarySchool']) {
        const p = first(key);
        if (!p) continue;
        const seen = schools.get(p.placeName);
        if (seen) {
            seen.kinds.push(key);
            continue;
        }
        const trip = everydayTrip(p);
        if (trip) schools.set(p.placeName, {kinds: [key], name: p.placeName, trip, alt: null});
    }
    for (const place of schools.values()) education.push({type: 'education', place});
    paragraphs.push({id: 'education', facts: education});

    // Shopping: the supermarkets, on foot (or by car when far), with the car as the alternative.
    const markets: FactPlace[] = [];
    for (const p of sub.get('supermarket') ?? []) {
        const trip = everydayTrip(p);
        if (!trip) continue;
        const car = tripOf(p, TM_CAR);
        markets.push({kinds: ['supermarket'], name: p.name, trip, alt: car && trip.mode !== TM_CAR ? car : null});
    }
    paragraphs.push({id: 'shopping', facts: markets.length ? [{type: 'supermarkets', places: markets}] : []});

    // Cities: the nearest few, by car and by bike.
    const cities = data.cities.slice(0, MAX_CITIES).map((c) => {
        const car = c.trips.find((t) => t.tm === TM_CAR), bike = c.trips.find((t) => t.tm === TM_BIKE);
        return {name: c.names[language] ?? c.name, car: car ? wholeMinutes(car.seconds) : null, bike: bike ? wholeMinutes(bike.seconds) : null};
    });
    paragraphs.push({id: 'cities', facts: cities.length ? [{type: 'cities', cities}] : []});

    // Public transport: the lines at the nearest stop of each kind.
    const lines: Fact[] = [];
    for (const key of ['bus', 'tram', 'metro']) {
        const places = sub.get(key);
        if (!places?.length) continue;
        const walk = places[0].trips.find((t: Trip) => t.tm === TM_WALK);
        if (!walk) continue;
        lines.push({type: 'lines', lines: {kind: LINE_KINDS[key], lines: places.map((p) => p.name), walkMinutes: wholeMinutes(walk.seconds)}});
    }
    if (lines.length) lines.push({type: 'outro'});
    paragraphs.push({id: 'publictransports', facts: lines});
    return paragraphs;
}

/** /summary/text: every language of the country, in the country's order. */
export function formatText(data: NeighbourhoodData, languages: readonly string[]): MultiLanguagesText {
    const place = data.place;
    return writeNarrative({
        seed: positionSeed(data.lat, data.lon),
        paragraphs: (language) => narrativeFacts(data, language),
        street: (language) => localized(place?.LocalizedStreetNames, place?.StreetName, language),
        city: (language) => localized(place?.LocalizedCityNames, place?.CityName, language)
    }, languages);
}

function localized(names: Record<string, string> | null | undefined, fallback: string | undefined, language: string): string | null {
    return names?.[language] || fallback || null;
}
