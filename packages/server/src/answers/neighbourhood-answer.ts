// The neighbourhood answers' layout: /summary (SPEC §2.2 CustomerItemSummary, COMPAT.md "summary"),
// /summary/text (§2.3 MultiLanguagesText), /summary/text-and-data, /scores and /enrichment (SPEC §2.4, one document per listing of a batch
// too). The engine gives the facts (NeighbourhoodData, EnrichmentData, the scores' values and the
// text); here they get their keys, their labels in one language and their rounding.
import {neighbourhoodScores, type EnrichmentData, type NarrativeText, type NeighbourhoodData, type PlaceNames, type Trip} from '@quartier/engine';
import {SEARCH_RADIUS_METERS, distanceLabels, durationLabels, label, loadCategories, round6, subtypeNumbers, type CategoriesFile, type Labels} from '@quartier/engine/internal';

export interface TravelEntry {
    hti: true;
    tm: number;
    ttm: string;
    ptdd: number;
    ptdll: string;
    ptdsl: string;
    tt: number;
    ttll: string;
    ttsl: string;
    ttesl: string;
}

export interface SummaryPlace {
    id: number;
    i: number;
    si: number;
    la: number;
    lo: number;
    n: string;
    sd: string | null;
    td: TravelEntry[];
}

export interface SummarySubcategory {
    st: number;
    l: string;
    lb: string | null;
    d: SummaryPlace[];
}

export interface SummaryCategory {
    ct: number;
    l: string;
    sc: SummarySubcategory[];
}

export interface CloseCity {
    n: Record<string, string>;
    td: TravelEntry[];
    c: {Latitude: number; Longitude: number};
}

/** COMPAT.md PlaceInformation: the engine's PlaceNames under COMPAT.md's keys. */
export interface PlaceInformation {
    StreetName: PlaceNames['streetName'];
    IsLocality: PlaceNames['isLocality'];
    CityName: PlaceNames['cityName'];
    ZipCode: PlaceNames['postcode'];
    LocalizedStreetNames: PlaceNames['streetNames'];
    LocalizedCityNames: PlaceNames['cityNames'];
}

/** COMPAT.md summary (SPEC §2.2 CustomerItemSummary). */
export interface CustomerItemSummary {
    AvailableCategoriesAroundPosition: SummaryCategory[];
    CloseCities: CloseCity[];
    PlaceInformation: PlaceInformation | null;
}

/** SPEC §2.3: a paragraph of the text, keys in the reference response's order (COMPAT.md). */
export interface MultiLanguagesParagraph {
    Sentences: Record<string, string>[];
    Title: Record<string, string>;
    TitleBis: Record<string, string>;
    TitleTer: Record<string, string>;
    IconId: string;
    List: Record<string, string>[];
}

/** SPEC §2.3 MultiLanguagesText (/summary/text). */
export interface MultiLanguagesText {
    Paragraphs: MultiLanguagesParagraph[];
}

/** /summary/text-and-data. */
export interface TextAndData {
    Data: CustomerItemSummary;
    Summary: CustomerItemSummary;
    Text: MultiLanguagesText;
}

export interface Score {
    k: string;
    l: string;
    v: number;
    iconId: number;
    pt: number;
    st: number[];
}

export interface ScoresDocument {
    scores: Score[];
    language: string;
}

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

/** One trip of the summary: the mode's name and the distance and time with their labels. */
export function travelEntry(trip: Trip, language: string, file: CategoriesFile = loadCategories()): TravelEntry {
    const distance = distanceLabels(trip.meters, language);
    const time = durationLabels(trip.seconds, language);
    return {
        hti: true, tm: trip.tm, ttm: label(file.modes[String(trip.tm)], language),
        ptdd: trip.meters, ptdll: distance.long, ptdsl: distance.short,
        tt: trip.seconds, ttll: time.long, ttsl: time.short, ttesl: time.extraShort
    };
}

export function summaryAnswer(data: NeighbourhoodData, language: string, file: CategoriesFile = loadCategories()): CustomerItemSummary {
    const categories: SummaryCategory[] = [];
    const numbers = subtypeNumbers(data.country);
    for (const c of data.categories) {
        const config = file.categories.find((x) => x.ct === c.ct)!;
        const sc: SummarySubcategory[] = [];
        for (const s of c.subcategories) {
            const sub = config.subtypes.find((x) => x.st === s.st)!;
            const lb = (sub as {summaryLb?: string | null}).summaryLb;
            sc.push({
                st: numbers.publicSt(c.ct, s.st),
                l: label(sub.plural, language),
                lb: lb === 'singular' ? label(sub.singular, language) : lb === 'plural' ? label(sub.plural, language) : null,
                d: s.places.map((p) => ({
                    id: numbers.publicId(p.id), i: p.icon, si: p.subIcon, la: round6(p.lat), lo: round6(p.lon), n: p.name, sd: p.sd,
                    td: p.trips.map((t) => travelEntry(t, language, file))
                }))
            });
        }
        categories.push({ct: c.ct, l: label(config.labels, language), sc});
    }
    return {
        AvailableCategoriesAroundPosition: categories,
        CloseCities: data.cities.map((city) => ({
            n: city.names,
            td: city.trips.map((t) => travelEntry(t, language, file)),
            c: {Latitude: city.lat, Longitude: city.lon}
        })),
        PlaceInformation: placeInformation(data.place)
    };
}

function placeInformation(p: PlaceNames | null): PlaceInformation | null {
    if (p === null) return null;
    return {
        StreetName: p.streetName, IsLocality: p.isLocality, CityName: p.cityName, ZipCode: p.postcode,
        LocalizedStreetNames: p.streetNames, LocalizedCityNames: p.cityNames
    };
}

/** /summary/text: the engine's text under SPEC's keys. */
export function textAnswer(text: NarrativeText): MultiLanguagesText {
    return {
        Paragraphs: text.paragraphs.map((p) => ({
            Sentences: p.sentences, Title: p.title, TitleBis: p.titleAround, TitleTer: p.titleIn, IconId: p.id, List: p.list
        }))
    };
}

/** /summary/text-and-data: the summary twice (COMPAT.md: one client reads Data, the published API description says Summary) and the text. */
export function textAndDataAnswer(summary: CustomerItemSummary, text: MultiLanguagesText): TextAndData {
    return {Data: summary, Summary: summary, Text: text};
}

/** /scores: each score's key, label in `language`, value, icon and the sub-types it is made of. */
export function scoresAnswer(data: NeighbourhoodData, language: string, file: CategoriesFile = loadCategories()): ScoresDocument {
    const subtypes = new Map<string, {ct: number; st: number; plural: Labels}>();
    for (const c of file.categories) for (const s of c.subtypes) subtypes.set(s.key, {ct: c.ct, st: s.st, plural: s.plural});
    const numbers = subtypeNumbers(data.country);
    const scores = neighbourhoodScores(data).map(({definition: d, value}) => ({
        k: d.k,
        l: d.labels ? label(d.labels, language) : label(subtypes.get(d.labelFrom ?? '')?.plural, language),
        v: value,
        iconId: d.iconId,
        pt: d.pt,
        st: d.subtypes.map((key) => {
            const s = subtypes.get(key);
            return s ? numbers.publicSt(s.ct, s.st) : 0;
        })
    }));
    return {scores, language};
}

function enrichmentTrip(t: Trip | null): EnrichmentTrip | null {
    if (t === null) return null;
    return {distanceMeters: t.meters, durationSeconds: t.seconds, durationMinutes: Math.ceil(t.seconds / 60)};
}

/**
 * The enrichment document: one entry per category of the country, the nearest place with a trip
 * per mode; null, never 0, where nothing was found or a mode cannot get there; and whether each
 * answer is certain where a city extract ends within the search radius.
 */
export function enrichmentAnswer(data: EnrichmentData, language: string, file: CategoriesFile = loadCategories()): EnrichmentDocument {
    const numbers = subtypeNumbers(data.country);
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
                id: numbers.publicId(e.id), key: e.key, group: e.group, label: label(sub?.singular, language),
                nearest: n && {
                    name: n.name, latitude: round6(n.lat), longitude: round6(n.lon), straightLineDistanceMeters: n.straightMeters,
                    walking: enrichmentTrip(n.walking), bicycling: enrichmentTrip(n.bicycling),
                    driving: enrichmentTrip(n.driving), transit: enrichmentTrip(n.transit)
                },
                // The walk is never shorter than the straight line: a walk within the reach leaves no room for a nearer unknown place.
                complete: n ? (n.walking?.meters ?? n.straightMeters) <= data.dataReachMeters : data.dataReachMeters >= SEARCH_RADIUS_METERS
            };
        })
    };
}
