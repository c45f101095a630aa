// The summary payload (COMPAT.md "summary"): the neighbourhood data with labels in one language.
import {round6} from '../geo/distance.js';
import type {PlaceInformation} from '../geocode/index.js';
import {label} from '../poi/catalog.js';
import {loadCategories, type CategoriesFile} from '../poi/categories.js';
import {distanceLabels, durationLabels} from '../text/units.js';
import type {NeighbourhoodData} from './nearby.js';
import type {Trip} from './trips.js';

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

/** COMPAT.md summary (SPEC §2.2 CustomerItemSummary). */
export interface CustomerItemSummary {
    AvailableCategoriesAroundPosition: SummaryCategory[];
    CloseCities: CloseCity[];
    PlaceInformation: PlaceInformation | null;
}

export function travelEntry(trip: Trip, language: string, file: CategoriesFile = loadCategories()): TravelEntry {
    const distance = distanceLabels(trip.meters, language);
    const time = durationLabels(trip.seconds, language);
    return {
        hti: true, tm: trip.tm, ttm: label(file.modes[String(trip.tm)], language),
        ptdd: trip.meters, ptdll: distance.long, ptdsl: distance.short,
        tt: trip.seconds, ttll: time.long, ttsl: time.short, ttesl: time.extraShort
    };
}

export function formatSummary(data: NeighbourhoodData, language: string, file: CategoriesFile = loadCategories()): CustomerItemSummary {
    const categories: SummaryCategory[] = [];
    for (const c of data.categories) {
        const config = file.categories.find((x) => x.ct === c.ct)!;
        const sc: SummarySubcategory[] = [];
        for (const s of c.subcategories) {
            const sub = config.subtypes.find((x) => x.st === s.st)!;
            const lb = (sub as {summaryLb?: string | null}).summaryLb;
            sc.push({
                st: s.st,
                l: label(sub.plural, language),
                lb: lb === 'singular' ? label(sub.singular, language) : lb === 'plural' ? label(sub.plural, language) : null,
                d: s.places.map((p) => ({
                    id: p.id, i: p.icon, si: p.subIcon, la: round6(p.lat), lo: round6(p.lon), n: p.name, sd: p.sd,
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
        PlaceInformation: data.place
    };
}
