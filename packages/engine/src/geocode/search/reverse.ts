// Reverse geocoding: the nearest address, else the nearest named street (where it passes), else
// the town around; and PlaceNames for the summaries.
import type {CountryConfig} from '../../config/regions.js';
import {segmentDistance2, segmentParameter} from '../../geo/planar.js';
import {CITY_TYPES, PLACE_TYPES, type Places} from '../places.js';
import {answerLanguage, type GeocodeResult, type PlaceNames, type ResultWriter, type ReverseResult} from './results.js';

/** Reverse geocoding: an address this close (m) is the answer; a street within STREET_RADIUS (m) otherwise. */
export const REVERSE_ADDRESS_RADIUS = 50;
export const REVERSE_STREET_RADIUS = 150;
/** Without a street, a town within this distance (m) still answers (isLocality). Beyond, null. */
export const REVERSE_LOCALITY_RADIUS = 3000;

export class ReverseGeocoder {
    private lastLineDistance = Infinity;
    private lastLinePoint: [number, number] = [0, 0];

    constructor(private readonly places: Places, private readonly country: CountryConfig, private readonly results: ResultWriter) {}

    /**
     * Reverse geocoding: the nearest address within REVERSE_ADDRESS_RADIUS, else the nearest named
     * street within REVERSE_STREET_RADIUS, else the town around (isLocality) within
     * REVERSE_LOCALITY_RADIUS, else null. City and postcode are those of the address or street piece.
     */
    reverse(lat: number, lon: number, language?: string): ReverseResult | null {
        const P = this.places;
        const lang = answerLanguage(language);
        const x = P.x(lon), y = P.y(lat);
        let address = -1, addressD = Infinity;
        if (P.addrIndex) {
            const near = P.addrIndex.neighbors(x, y, 1, REVERSE_ADDRESS_RADIUS);
            if (near.length) {
                address = near[0];
                addressD = Math.hypot(P.x(P.aLon[address] / 1e7) - x, P.y(P.aLat[address] / 1e7) - y);
            }
        }
        const line = this.nearestLine(x, y, REVERSE_STREET_RADIUS);
        const lineD = this.lastLineDistance;
        let result: ReverseResult;
        if (address >= 0 && (line < 0 || addressD <= lineD + 25)) {
            const f = P.aStreet[address];
            result = this.reverseResult(this.results.result(f, address, lang, 1, lat, lon), f, P.aCity[address] - 1, lang, false);
        } else if (line >= 0) {
            const f = P.lineStreet[line];
            const r = this.results.result(f, -1, lang, 1, lat, lon);
            const city = P.lineCity[line] - 1;
            r.postcode = P.postcode(P.linePostcode[line]);
            r.city = city >= 0 ? P.nameIn(city, lang) : '';
            r.distance = Math.round(lineD);
            // The answer is where the street passes, not the street's middle.
            const snapped = this.lastLinePoint;
            r.lat = snapped[0];
            r.lon = snapped[1];
            result = this.reverseResult(r, f, city, lang, false);
        } else {
            const city = this.localityAround(lat, lon);
            if (city < 0) return null;
            const r = this.results.result(city, -1, lang, 1, lat, lon);
            result = this.reverseResult(r, -1, city, lang, true);
        }
        return result;
    }

    /** The street and town of a position for the summaries; null when reverse finds nothing. */
    placeNames(lat: number, lon: number): PlaceNames | null {
        const r = this.reverse(lat, lon, 'EN');
        if (r === null) return null;
        return {
            streetName: r.streetName, isLocality: r.isLocality, cityName: r.cityName, postcode: r.postcode,
            streetNames: r.streetNames, cityNames: r.cityNames
        };
    }

    private reverseResult(r: GeocodeResult, street: number, city: number, language: string, isLocality: boolean): ReverseResult {
        const P = this.places;
        return {
            ...r,
            streetName: street >= 0 ? P.name(street) : '',
            streetNames: street >= 0 ? this.localized(street) : null,
            cityName: city >= 0 ? P.name(city) : '',
            cityNames: city >= 0 ? this.localized(city) : null,
            isLocality,
            city: city >= 0 ? P.nameIn(city, language) : ''
        };
    }

    /** Names in each language of the country (name:xx, else the default name); null when the data has none. */
    private localized(f: number): Record<string, string> | null {
        const names = this.places.localizedNames(f);
        let any = false;
        const out: Record<string, string> = {};
        const fallback = this.places.name(f);
        for (const l of this.country.languages) {
            if (names[l]) any = true;
            out[l] = names[l] ?? fallback;
        }
        return any ? out : null;
    }

    /** The street line nearest the projected point within maxMeters, or -1 (sets lastLineDistance, lastLinePoint). */
    private nearestLine(x: number, y: number, maxMeters: number): number {
        const P = this.places;
        this.lastLineDistance = Infinity;
        if (!P.segIndex) return -1;
        const found = P.segIndex.search(x - maxMeters, y - maxMeters, x + maxMeters, y + maxMeters);
        let best = -1, bestD = maxMeters * maxMeters, bestSeg = -1;
        for (let k = 0; k < found.length; k++) {
            const s = found[k];
            const l = P.segLine[s], i = P.segCoord[s];
            const j = P.lineStart[l + 1] - P.lineStart[l] === 1 ? i : i + 1;
            const dd = segmentDistance2(x, y, P.x(P.coordLon[i] / 1e7), P.y(P.coordLat[i] / 1e7), P.x(P.coordLon[j] / 1e7), P.y(P.coordLat[j] / 1e7));
            if (dd <= bestD) {
                bestD = dd;
                best = l;
                bestSeg = s;
            }
        }
        if (best >= 0) {
            this.lastLineDistance = Math.sqrt(bestD);
            const i = P.segCoord[bestSeg];
            const j = P.lineStart[best + 1] - P.lineStart[best] === 1 ? i : i + 1;
            const ax = P.x(P.coordLon[i] / 1e7), ay = P.y(P.coordLat[i] / 1e7), bx = P.x(P.coordLon[j] / 1e7), by = P.y(P.coordLat[j] / 1e7);
            const t = segmentParameter(x, y, ax, ay, bx, by);
            this.lastLinePoint = [P.lat0 + (ay + t * (by - ay)) / P.metersPerLat, P.lon0 + (ax + t * (bx - ax)) / P.metersPerLon];
        }
        return best;
    }

    /** The town of the nearest street within the locality radius, else the nearest town within it; -1 when none. */
    private localityAround(lat: number, lon: number): number {
        const P = this.places;
        const line = this.nearestLine(P.x(lon), P.y(lat), REVERSE_LOCALITY_RADIUS);
        if (line >= 0 && P.lineCity[line] > 0) return P.lineCity[line] - 1;
        let best = -1, bestD = REVERSE_LOCALITY_RADIUS;
        for (let f = P.placeOffset; f < P.poiOffset; f++) {
            if (!CITY_TYPES.has(PLACE_TYPES[P.fType[f]])) continue;
            const d = Math.hypot(P.x(P.fLon[f] / 1e7) - P.x(lon), P.y(P.fLat[f] / 1e7) - P.y(lat));
            if (d < bestD) {
                bestD = d;
                best = f;
            }
        }
        return best;
    }
}
