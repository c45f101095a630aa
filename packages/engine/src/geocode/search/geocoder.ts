// Forward and reverse geocoding over a region's 'places' section.
//
// Search: the query is folded and cut into words; each word is looked up in the token dictionary
// exactly, through its abbreviations, as a prefix (the last word, for autocomplete) and within a
// few edits (typos). The postings of the matching terms mark, per name variant, which query words
// it explains and how well. Each feature (street, place, POI) keeps its best variant; the words
// its name does not explain may still be its house number (then the answer is the address, or,
// when the street lacks it, the house placed between its known numbers: interpolation.ts), its
// postcode, or a name of its city or district. Unexplained words cost half their weight.
// Candidates are ranked by that text score (coarse steps), then mapped house over placed house over
// place over landmark over street over other POIs, then importance, then (with a focus position) distance.
//
// The steps, one file each: query-words.ts reads the query, candidate-search.ts finds and scores the
// candidates (marks.ts: its per-query scratch; scoring.ts, housenumbers.ts, top-candidates.ts),
// results.ts writes the answers, reverse.ts answers a position.
//
// A Geocoder keeps per-query scratch arrays sized to the index: make one per thread.
import type {CountryConfig} from '../../config/regions.js';
import {hasSearchableText} from '../fold.js';
import type {Places} from '../places.js';
import {CandidateSearch, DEFAULT_GEOCODER_LIMITS, type GeocoderLimits} from './candidate-search.js';
import {HouseNumbers} from './housenumbers.js';
import {QueryMarks} from './marks.js';
import {QueryReader} from './query-words.js';
import {answerLanguage, ResultWriter, sameAnswer, type GeocodeResult, type PlaceNames, type ReverseResult} from './results.js';
import {ReverseGeocoder} from './reverse.js';
import {Scorer} from './scoring.js';
import type {Candidate} from './top-candidates.js';

export {GEOCODING_LANGUAGES} from './results.js';
export type {Accuracy, GeocodeResult, PlaceNames, ResultKind, ReverseResult} from './results.js';
export {REVERSE_ADDRESS_RADIUS, REVERSE_LOCALITY_RADIUS, REVERSE_STREET_RADIUS} from './reverse.js';
export {DEFAULT_GEOCODER_LIMITS, type GeocoderLimits} from './candidate-search.js';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Longest query, in characters (query-words.ts reads at most MAX_WORDS words of it). */
export const MAX_QUERY_LENGTH = 200;

export interface SearchOptions {
    /** Answer language (EN, FR, DE, IT; others fall back to EN). */
    language?: string;
    /** Focus position (autocomplete near a position): ranks equal matches by distance. */
    lat?: number;
    lon?: number;
    limit?: number;
    /** Let the last word match as a prefix (default true). */
    prefix?: boolean;
}

export class Geocoder {
    readonly places: Places;
    readonly country: CountryConfig;
    private readonly marks: QueryMarks;
    private readonly reader: QueryReader;
    private readonly houses: HouseNumbers;
    private readonly candidates: CandidateSearch;
    private readonly results: ResultWriter;
    private readonly reverseGeocoder: ReverseGeocoder;

    constructor(places: Places, country: CountryConfig, limits: Partial<GeocoderLimits> = {}) {
        this.places = places;
        this.country = country;
        this.marks = new QueryMarks(places);
        this.reader = new QueryReader(places, country, this.marks.matches);
        this.houses = new HouseNumbers(places, this.marks);
        this.candidates = new CandidateSearch(places, {...DEFAULT_GEOCODER_LIMITS, ...limits}, this.marks, new Scorer(places, this.marks, this.houses));
        this.results = new ResultWriter(places, country, this.houses);
        this.reverseGeocoder = new ReverseGeocoder(places, country, this.results);
    }

    /** Features the last search scored: those a word of the query names, of the ones it read. */
    get candidatesScored(): number {
        return this.candidates.candidatesScored;
    }

    /** The answer language for a requested one (EN, FR, DE, IT; others EN). */
    static language(requested: string | undefined): string {
        return answerLanguage(requested);
    }

    /** Forward geocoding: best first, at most `limit`; empty when nothing matches well enough. */
    search(query: string, options: SearchOptions = {}): GeocodeResult[] {
        const language = Geocoder.language(options.language);
        const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? DEFAULT_LIMIT)));
        if (!hasSearchableText(query)) return [];
        const words = this.reader.read(query.slice(0, MAX_QUERY_LENGTH), language, options.prefix !== false);
        if (words.length === 0) return [];
        const focus = options.lat !== undefined && options.lon !== undefined && Number.isFinite(options.lat) && Number.isFinite(options.lon);
        let candidates = this.candidates.rank(words, focus ? options.lat! : NaN, focus ? options.lon! : NaN, limit * 3);
        if (candidates.length === 0 && words.length <= 2 && (words[0].postcode !== 0 || words[0].postcodePair !== 0)) {
            candidates = this.placesWithPostcode(words[0].postcodePair || words[0].postcode);
        }
        const out: GeocodeResult[] = [];
        for (const c of candidates) {
            const r = this.results.result(c.feature, c.address, language, c.score, focus ? options.lat! : NaN, focus ? options.lon! : NaN, c.number);
            // A street with several postcodes answers with the one asked for.
            if (c.address < 0 && c.postcode !== 0) r.postcode = this.places.postcode(c.postcode);
            if (out.some((o) => sameAnswer(o, r))) continue;
            out.push(r);
            if (out.length === limit) break;
        }
        return out;
    }

    /** A postcode on its own ("1050"): the places that carry it, most important first. */
    private placesWithPostcode(postcode: number): Candidate[] {
        const P = this.places;
        const out: Candidate[] = [];
        for (let f = P.placeOffset; f < P.poiOffset; f++) if (P.fPostcode[f] === postcode) out.push({feature: f, address: -1, number: -1, score: 1, postcode});
        return out.sort((a, b) => P.fImportance[b.feature] - P.fImportance[a.feature]);
    }

    /**
     * Reverse geocoding: the nearest address within REVERSE_ADDRESS_RADIUS, else the nearest named
     * street within REVERSE_STREET_RADIUS, else the town around (isLocality) within
     * REVERSE_LOCALITY_RADIUS, else null. City and postcode are those of the address or street piece.
     */
    reverse(lat: number, lon: number, language?: string): ReverseResult | null {
        return this.reverseGeocoder.reverse(lat, lon, language);
    }

    /** The street and town of a position for the summaries; null when reverse finds nothing. */
    placeNames(lat: number, lon: number): PlaceNames | null {
        return this.reverseGeocoder.placeNames(lat, lon);
    }
}
