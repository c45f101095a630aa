// The answers: a result object for a feature, one of its addresses or a house placed between its
// street's known numbers, in the language asked for; the answer types (their Photon-style GeoJSON is
// the server's: packages/server/src/answers/geolocation-answer.ts).
import type {CountryConfig} from '../../config/regions.js';
import {ADDRESS_INTERPOLATED, CITY_TYPES, PLACE_TYPES, type Places} from '../places.js';
import {answerMeters2, projectedMeters} from '../../geo/distance.js';
import type {HouseNumbers} from './housenumbers.js';

/** Languages geocoding answers in (SPEC §2.1); others fall back to EN. */
export const GEOCODING_LANGUAGES = ['EN', 'FR', 'DE', 'IT'];

/** The answer language for a requested one (EN, FR, DE, IT; others EN). */
export function answerLanguage(requested: string | undefined): string {
    const l = (requested ?? 'EN').toUpperCase();
    return GEOCODING_LANGUAGES.includes(l) ? l : 'EN';
}

export type ResultKind = 'address' | 'street' | 'place' | 'poi';
/**
 * How exactly the position is the thing asked for: `exact` a mapped address or named object,
 * `interpolated` a house number placed between known numbers of its street (or on an
 * addr:interpolation line), `street` the street (the data cannot place the number asked for),
 * `locality` a town or district.
 */
export type Accuracy = 'exact' | 'interpolated' | 'street' | 'locality';

export interface GeocodeResult {
    kind: ResultKind;
    /** Photon's type: house, street, city, district, locality, other. */
    type: string;
    accuracy: Accuracy;
    lat: number;
    lon: number;
    name: string;
    housenumber: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    countrycode: string;
    /** Text score, 0..1. */
    score: number;
    /** Metres from the focus position (GetClose) or the reverse position; null without one. */
    distance: number | null;
    /** Feature index (places.ts) and address index (-1 unless a mapped address). */
    feature: number;
    address: number;
}

export interface ReverseResult extends GeocodeResult {
    /** Default (data) names and their name:xx forms, for PlaceNames. */
    streetName: string;
    streetNames: Record<string, string> | null;
    cityName: string;
    cityNames: Record<string, string> | null;
    isLocality: boolean;
}

/**
 * Where a position is, for the summaries: its street (none on a locality) and town, their default
 * (data) names and name:xx forms. The summaries' PlaceInformation (COMPAT.md) is written from it by
 * the server (packages/server/src/answers/neighbourhood-answer.ts).
 */
export interface PlaceNames {
    streetName: string;
    /** No street near: the town around answers. */
    isLocality: boolean;
    cityName: string;
    postcode: string;
    streetNames: Record<string, string> | null;
    cityNames: Record<string, string> | null;
}

/** Countries where a house number is written before the street. */
const NUMBER_FIRST = new Set(['FR', 'LU', 'UK', 'IE', 'CA', 'AU', 'MT']);

export class ResultWriter {
    constructor(private readonly places: Places, private readonly country: CountryConfig, private readonly houses: HouseNumbers) {}

    /** A result object for a feature (or one of a street's addresses). */
    result(f: number, address: number, language: string, score: number, focusLat: number, focusLon: number, number = -1): GeocodeResult {
        const P = this.places;
        let lat: number, lon: number, type: string, kind: ResultKind, accuracy: Accuracy;
        let name = P.nameIn(f, language), housenumber = '', street = '', postcode: number, city: number;
        const estimate = number >= 0 ? this.houses.estimate(f, number) : null;
        if (estimate !== null) {
            // A house number the data lacks, placed between its street's known numbers.
            const near = this.houses.near.index;
            kind = 'address';
            type = 'house';
            accuracy = 'interpolated';
            [lat, lon] = estimate;
            street = name;
            housenumber = String(number);
            name = this.addressLabel(street, housenumber);
            postcode = P.aPostcode[near];
            city = P.aCity[near] - 1;
        } else if (address >= 0) {
            kind = 'address';
            type = 'house';
            accuracy = P.aFlags[address] & ADDRESS_INTERPOLATED ? 'interpolated' : 'exact';
            lat = P.aLat[address] / 1e7;
            lon = P.aLon[address] / 1e7;
            street = name;
            housenumber = P.strings.get(P.aNumber[address]);
            name = this.addressLabel(street, housenumber);
            postcode = P.aPostcode[address];
            city = P.aCity[address] - 1;
        } else {
            lat = P.fLat[f] / 1e7;
            lon = P.fLon[f] / 1e7;
            postcode = P.fPostcode[f];
            city = P.fCity[f] - 1;
            if (P.isStreet(f)) {
                kind = 'street';
                type = 'street';
                accuracy = 'street';
                street = name;
            } else if (P.isPlace(f)) {
                kind = 'place';
                accuracy = 'locality';
                const placeType = PLACE_TYPES[P.fType[f]];
                type = CITY_TYPES.has(placeType) ? 'city' : placeType === 'suburb' || placeType === 'quarter' || placeType === 'neighbourhood' || placeType === 'borough' ? 'district' : 'locality';
                if (type === 'city') city = f;
            } else {
                kind = 'poi';
                type = 'other';
                accuracy = 'exact';
                const i = f - P.poiOffset;
                housenumber = P.strings.get(P.poiHousenumber[i]);
                street = P.strings.get(P.poiStreet[i]);
            }
        }
        let distance: number | null = null;
        if (!Number.isNaN(focusLat)) {
            distance = Math.round(projectedMeters(lat, lon, focusLat, focusLon, P.metersPerLat, P.metersPerLon));
        }
        return {
            kind, type, accuracy, lat, lon, name, housenumber, street, postcode: P.postcode(postcode), city: city >= 0 ? P.nameIn(city, language) : '',
            country: this.country.name[language] ?? this.country.name.EN ?? this.country.code, countrycode: this.country.code,
            score: Math.round(score * 1000) / 1000, distance, feature: f, address
        };
    }

    /** "Rue de la Loi 16" or, where the number comes first, "16 Triq il-Kbira". */
    private addressLabel(street: string, housenumber: string): string {
        return NUMBER_FIRST.has(this.country.code) ? `${housenumber} ${street}` : `${street} ${housenumber}`;
    }
}

/** Same kind, name and city within 300 m: one answer (a street mapped twice, a stop and its platform). */
export function sameAnswer(a: GeocodeResult, b: GeocodeResult): boolean {
    if (a.name !== b.name || a.city !== b.city || (a.kind === 'address') !== (b.kind === 'address')) return false;
    return answerMeters2(a.lat, a.lon, b.lat, b.lon) < (a.kind === 'address' ? 100 * 100 : 300 * 300);
}
