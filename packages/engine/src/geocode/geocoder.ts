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
// A Geocoder keeps per-query scratch arrays sized to the index: make one per thread.
import {lowerBound} from '../format/growable.js';
import type {CountryConfig} from '../config/regions.js';
import {Abbreviations} from './abbreviations.js';
import {TermMatches} from './dictionary.js';
import {SWAP_LENGTH, maxEditsFor} from './edit-distance.js';
import {hasSearchableText, looksLikeHousenumber, postcodeKey, tokenize} from './fold.js';
import {segmentDistance2} from './index-builder.js';
import {estimateHouse} from './interpolation.js';
import {ADDRESS_INTERPOLATED, CITY_TYPES, LANDMARK_IMPORTANCE, PLACE_TYPES, type Places} from './places.js';

/** Languages geocoding answers in (SPEC §2.1); others fall back to EN. */
export const GEOCODING_LANGUAGES = ['EN', 'FR', 'DE', 'IT'];
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Longest query, in characters, and most words looked at. */
export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 20;
/** Terms a prefix may expand to (a single letter reaches a few thousand). */
const MAX_PREFIX_TERMS = 8192;
/** Below this text score (0..1) a candidate is not an answer. */
const MIN_SCORE = 0.3;
/** Share of its weight a word earns by naming the result's town or district: it confirms, the name decides. */
const CONTEXT_SHARE = 0.6;
/** Weight of a house number or postcode word. */
const NUMBER_WEIGHT = 0.6;
/** Weight of a word found nowhere in the index. */
const UNKNOWN_WEIGHT = 1;
/** Share of an unexplained word's weight taken off the score (a number the street lacks, or a town other than the data's, costs less). */
const UNEXPLAINED_COST = 0.5;
const UNEXPLAINED_NUMBER_COST = 0.2;

/** Reverse geocoding: an address this close (m) is the answer; a street within STREET_RADIUS (m) otherwise. */
export const REVERSE_ADDRESS_RADIUS = 50;
export const REVERSE_STREET_RADIUS = 150;
/** Without a street, a town within this distance (m) still answers (IsLocality). Beyond, null. */
export const REVERSE_LOCALITY_RADIUS = 3000;

export type ResultKind = 'address' | 'street' | 'place' | 'poi';
/**
 * How exactly the position is the thing asked for: `exact` a mapped address or named object,
 * `interpolated` a house number placed between known numbers of its street (or on an
 * addr:interpolation line), `street` the street (the data cannot place the number asked for),
 * `locality` a town or district.
 */
export type Accuracy = 'exact' | 'interpolated' | 'street' | 'locality';
/** A number is placed between known ones only on a street whose name the query matches this much (share of its weight). */
const ESTIMATE_MIN_COVER = 0.6;
/** What a house number the street lacks counts for the street, of what the house would. */
const LACKED_NUMBER_SHARE = 0.5;

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

/** A candidate answer: a feature, one of its addresses, or a house number estimated on it (number >= 0). */
interface Candidate {
    feature: number;
    address: number;
    number: number;
    score: number;
    postcode: number;
}

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

export interface ReverseResult extends GeocodeResult {
    /** Default (data) names and their name:xx forms, for PlaceInformation. */
    streetName: string;
    streetNames: Record<string, string> | null;
    cityName: string;
    cityNames: Record<string, string> | null;
    isLocality: boolean;
}

/** COMPAT.md PlaceInformation. */
export interface PlaceInformation {
    StreetName: string;
    IsLocality: boolean;
    CityName: string;
    ZipCode: string;
    LocalizedStreetNames: Record<string, string> | null;
    LocalizedCityNames: Record<string, string> | null;
}

/**
 * How much a search reads. A query whose words' postings hold more than fullWalkPostings entries
 * scores only the features that can be the answer (Geocoder.rankSelective): words with more than
 * selectivePostings postings ("rue", "de", "gare" in a country) do not bring their features in,
 * except the frequentCandidates most important holding the rarest of them (and as many places).
 */
export interface GeocoderLimits {
    fullWalkPostings: number;
    selectivePostings: number;
    frequentCandidates: number;
    /** Features read from the towns the rare terms name, best-named town first (a town is read whole). */
    memberFeatures: number;
}

/**
 * A city's queries stay under fullWalkPostings (Brussels: "rue" has about 1,800 postings); 2,048
 * postings read as candidates cost well under a millisecond; 512 same-named features fill the
 * answers' tail (30 kept) with the most important of them; 4,096 features: the towns a prefix names, best-named first (a town is read whole).
 */
export const DEFAULT_GEOCODER_LIMITS: GeocoderLimits = {fullWalkPostings: 16384, selectivePostings: 2048, frequentCandidates: 512, memberFeatures: 4096};
/** Name variants are numbered below this (134M: a country has a few million), to sort features by touch in one number. */
const VARIANT_RANGE = 2 ** 27;
/** Places a query touches are numbered below this, to sort them by rank then touch. */
const MAX_PLACES = 2 ** 24;

/** ownerBest: a feature not read yet, and one read that no word names. */
const UNREAD = -1;
const NO_VARIANT = -2;
/** Matches of one word are numbered below this (prefixes: at most MAX_PREFIX_TERMS), to order touches by word then match. */
const MATCHES_PER_WORD = 1 << 20;

/** What rank's steps share about the query. */
interface RankQuery {
    words: QueryWord[];
    totalWeight: number;
    allBits: number;
    focusLat: number;
    focusLon: number;
    /** Words that fully name some place. */
    placeWords: number;
    /** Words that name some place at all: the only ones a result's town or district can explain. */
    placeBits: number;
    /** Words that may be a house number, and words a neighbour may take with it (a postcode's half, "12 a"'s letter). */
    numberBits: number;
    removableBits: number;
    /** Words that are, exactly, a word of some place's name: only a place named so explains them. */
    exactPlaceBits: number;
}

/**
 * The best `keep` candidates by key, then by the order the postings walk meets them (`touch`, the
 * smaller first): the same as offering them in that order and keeping the first of equals, without
 * sorting them first.
 */
class TopCandidates {
    private readonly key: Float64Array;
    private readonly touch: Float64Array;
    private readonly feature: Int32Array;
    private readonly address: Int32Array;
    private readonly score: Float64Array;
    private readonly postcode: Uint32Array;
    private readonly number: Int32Array;

    constructor(private readonly keep: number) {
        this.key = new Float64Array(keep).fill(-Infinity);
        this.touch = new Float64Array(keep).fill(Infinity);
        this.feature = new Int32Array(keep).fill(-1);
        this.address = new Int32Array(keep).fill(-1);
        this.score = new Float64Array(keep);
        this.postcode = new Uint32Array(keep);
        this.number = new Int32Array(keep).fill(-1);
    }

    /** Whether a candidate with this key (or any smaller one) and touch order would be left out. */
    rejects(key: number, touch: number): boolean {
        const last = this.keep - 1;
        return key < this.key[last] || (key === this.key[last] && touch >= this.touch[last]);
    }

    offer(key: number, touch: number, feature: number, address: number, score: number, postcode: number, number: number): void {
        if (this.rejects(key, touch)) return;
        let at = this.keep - 1;
        while (at > 0 && (this.key[at - 1] < key || (this.key[at - 1] === key && this.touch[at - 1] > touch))) {
            this.key[at] = this.key[at - 1];
            this.touch[at] = this.touch[at - 1];
            this.feature[at] = this.feature[at - 1];
            this.address[at] = this.address[at - 1];
            this.score[at] = this.score[at - 1];
            this.postcode[at] = this.postcode[at - 1];
            this.number[at] = this.number[at - 1];
            at--;
        }
        this.key[at] = key;
        this.touch[at] = touch;
        this.feature[at] = feature;
        this.address[at] = address;
        this.score[at] = score;
        this.postcode[at] = postcode;
        this.number[at] = number;
    }

    candidates(): Candidate[] {
        const out: Candidate[] = [];
        for (let i = 0; i < this.keep && this.feature[i] >= 0; i++) {
            out.push({feature: this.feature[i], address: this.address[i], number: this.number[i], score: this.score[i], postcode: this.postcode[i]});
        }
        return out;
    }
}

/** The first word from `from` on left (in rest) that is a plain house number and not a postcode; -1: none. */
function plainHousenumber(words: QueryWord[], rest: number, from = 0): number {
    for (let i = from; i < words.length; i++) if (rest & (1 << i) && words[i].plainNumber >= 0 && words[i].postcode === 0) return i;
    return -1;
}

/** A house number or postcode (or a postcode's second half): explained by the address, not a name; never a search's starting point. */
function isNumberLike(words: QueryWord[], i: number): boolean {
    const w = words[i];
    return w.numeric || w.housenumbers.length > 0 || w.postcode !== 0 || w.postcodePair !== 0 || w.plainNumber >= 0 || (i > 0 && words[i - 1].postcodePair !== 0);
}

/** Word roles found while reading the query. */
interface QueryWord {
    text: string;
    weight: number;
    /** Best quality of any match (1 exact ... 0.65 two edits), 0 when none. */
    quality: number;
    /** House number term ids this word (alone, or with the next letter) can be. */
    housenumbers: number[];
    /** The next word is the letter of this house number ("12 a"). */
    housenumberTakesNext: boolean[];
    /** Postcode index + 1 of this word and the next together ("FGR 1080"), and of this word alone; 0 when none. */
    postcodePair: number;
    postcode: number;
    /** Holds a digit: a house number or postcode the data may lack costs less when unexplained. */
    numeric: boolean;
    /** The word as a plain house number ("16"), to place when the street lacks it; -1 when it is not one. */
    plainNumber: number;
}

export class Geocoder {
    readonly places: Places;
    readonly country: CountryConfig;
    private readonly countryWords: string[][];
    private readonly abbreviations = new Map<string, Abbreviations>();
    private readonly postcodeOfTerm = new Map<number, number>();
    // Per-query scratch, reset after each query.
    private readonly matches: TermMatches[] = [];
    private readonly variantMask: Uint32Array;
    private readonly variantQuality: Float32Array;
    private readonly variantCover: Float32Array;
    private readonly touchedVariants: Uint32Array;
    private readonly ownerBest: Int32Array;
    private readonly touchedOwners: Uint32Array;
    private nVariants = 0;
    private nOwners = 0;
    /** The first name variant of a place and of a POI (variants go by feature). */
    private readonly placeVariants: number;
    private readonly poiVariants: number;
    /** The query rankSelective is answering: placeMask reads the places it has not read yet against it. */
    private lazyQuery: RankQuery | null = null;
    // rankSelective's scratch: a slot per term the query matches (termSlot[term], -1: none) with the
    // first match of each word that is the term; per feature read, where the postings walk would
    // first meet it and the words any of its variants hold.
    private readonly termSlot: Int32Array;
    private slotTerms = new Uint32Array(64);
    private slotFirstMatch = new Int32Array(64 * MAX_WORDS);
    private slotCount = 0;
    private ownerTouchWord = new Float64Array(1024);
    private ownerTouchVariant = new Float64Array(1024);
    private slotRareRank = new Int32Array(64);
    private readonly firstMatchOf = new Int32Array(MAX_WORDS);
    // scoreBound's per-word gains (prepareBounds).
    private readonly wordWeight = new Float64Array(MAX_WORDS);
    private readonly contextGain = new Float64Array(MAX_WORDS);
    private readonly unexplainedGain = new Float64Array(MAX_WORDS);
    private readonly postcodeGain = new Float64Array(MAX_WORDS);
    private readonly limits: GeocoderLimits;
    /** Features the last search scored: those a word of the query names, of the ones it read. */
    candidatesScored = 0;


    constructor(places: Places, country: CountryConfig, limits: Partial<GeocoderLimits> = {}) {
        this.places = places;
        this.country = country;
        this.limits = {...DEFAULT_GEOCODER_LIMITS, ...limits};
        this.termSlot = new Int32Array(places.termWeight.length).fill(-1);
        this.countryWords = Object.values(country.name).map((n) => tokenize(n)).filter((t) => t.length > 0);
        for (let p = 0; p < places.pcTerm.length; p++) this.postcodeOfTerm.set(places.pcTerm[p], p + 1);
        const V = places.variantOwner.length;
        this.placeVariants = lowerBound(places.variantOwner, places.placeOffset);
        this.poiVariants = lowerBound(places.variantOwner, places.poiOffset);
        this.variantMask = new Uint32Array(V);
        this.variantQuality = new Float32Array(V);
        this.variantCover = new Float32Array(V);
        this.touchedVariants = new Uint32Array(V);
        this.ownerBest = new Int32Array(places.featureCount).fill(UNREAD);
        this.touchedOwners = new Uint32Array(places.featureCount);
        for (let i = 0; i < MAX_WORDS; i++) this.matches.push(new TermMatches());
    }

    /** The answer language for a requested one (EN, FR, DE, IT; others EN). */
    static language(requested: string | undefined): string {
        const l = (requested ?? 'EN').toUpperCase();
        return GEOCODING_LANGUAGES.includes(l) ? l : 'EN';
    }

    /** Forward geocoding: best first, at most `limit`; empty when nothing matches well enough. */
    search(query: string, options: SearchOptions = {}): GeocodeResult[] {
        const language = Geocoder.language(options.language);
        const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? DEFAULT_LIMIT)));
        if (!hasSearchableText(query)) return [];
        const words = this.readQuery(query.slice(0, MAX_QUERY_LENGTH), language, options.prefix !== false);
        if (words.length === 0) return [];
        const focus = options.lat !== undefined && options.lon !== undefined && Number.isFinite(options.lat) && Number.isFinite(options.lon);
        let candidates = this.rank(words, focus ? options.lat! : NaN, focus ? options.lon! : NaN, limit * 3);
        if (candidates.length === 0 && words.length <= 2 && (words[0].postcode !== 0 || words[0].postcodePair !== 0)) {
            candidates = this.placesWithPostcode(words[0].postcodePair || words[0].postcode);
        }
        const out: GeocodeResult[] = [];
        for (const c of candidates) {
            const r = this.result(c.feature, c.address, language, c.score, focus ? options.lat! : NaN, focus ? options.lon! : NaN, c.number);
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

    /** Folds and splits the query, drops the country's name, finds each word's terms. */
    private readQuery(query: string, language: string, prefix: boolean): QueryWord[] {
        let tokens = tokenize(query).slice(0, MAX_WORDS);
        tokens = this.withoutCountryName(tokens);
        const dict = this.places.dictionary;
        const abbreviations = this.abbreviationsFor(language);
        const lastIsPartial = prefix && /[\p{L}\p{N}]$/u.test(query);
        const words: QueryWord[] = [];
        for (let i = 0; i < tokens.length; i++) {
            const t = tokens[i];
            const m = this.matches[i];
            m.clear();
            const numeric = /^\d/.test(t);
            const exact = dict.find(t);
            if (exact >= 0) m.push(exact, 0, false);
            for (const alt of abbreviations.expand(t)) {
                const id = dict.find(alt);
                if (id >= 0) m.push(id, 0, false);
            }
            const exactCount = m.length;
            if (i === tokens.length - 1 && lastIsPartial && !numeric) dict.prefixes(t, MAX_PREFIX_TERMS, m);
            if (!numeric && t.length === SWAP_LENGTH && maxEditsFor(t.length) === 0) {
                dict.swaps(t, m);
                // A short word the data does not know: maybe a longer one with a letter dropped.
                if (exact < 0) dict.withOneMore(t, m);
            } else if (!numeric) {
                dict.fuzzy(t, maxEditsFor(t.length), m);
            }
            // The word's weight: its own term's, else its abbreviations' best, else that of its best
            // typo or prefix matches; a word found nowhere weighs most (it is what the data lacks).
            let quality = 0;
            for (let k = 0; k < m.length; k++) quality = Math.max(quality, matchQuality(t.length, m, k));
            let weight = exact >= 0 ? this.places.termWeight[exact] : 0;
            for (let k = 0; exact < 0 && k < m.length; k++) {
                if (k < exactCount || (exactCount === 0 && matchQuality(t.length, m, k) === quality)) weight = Math.max(weight, this.places.termWeight[m.ids[k]]);
            }
            if (m.length === 0) weight = UNKNOWN_WEIGHT;
            const hasDigit = /\d/.test(t);
            const word: QueryWord = {text: t, weight, quality, housenumbers: [], housenumberTakesNext: [], postcodePair: 0, postcode: 0, numeric: hasDigit,
                plainNumber: /^\d{1,5}$/.test(t) ? Number(t) : -1};
            if (hasDigit) word.weight = NUMBER_WEIGHT;
            // House numbers: "12a" or "12 a", and "Blk A2" (a word and a number written apart).
            const next = tokens[i + 1];
            if (next !== undefined && /\d/.test(t + next) && (t + next).length <= 10) {
                const id = dict.find(t + next);
                if (id >= 0) {
                    word.housenumbers.push(id);
                    word.housenumberTakesNext.push(true);
                }
            }
            if (looksLikeHousenumber(t) && exact >= 0) {
                word.housenumbers.push(exact);
                word.housenumberTakesNext.push(false);
            }
            if (next !== undefined) word.postcodePair = this.postcodeOfTerm.get(dict.find(postcodeKey(t + next))) ?? 0;
            word.postcode = this.postcodeOfTerm.get(dict.find(postcodeKey(t))) ?? 0;
            if (word.postcode !== 0 || word.postcodePair !== 0) word.weight = NUMBER_WEIGHT;
            words.push(word);
        }
        // A two-word postcode weighs as one.
        for (let i = 0; i + 1 < words.length; i++) if (words[i].postcodePair !== 0) words[i + 1].weight = Math.min(words[i + 1].weight, 0.1);
        // A house number weighs no more than the query's heaviest name word: in a country "rue",
        // "des" and a town's name weigh little, and a number must not outweigh the town.
        let heaviestName = 0;
        for (const w of words) if (!w.numeric) heaviestName = Math.max(heaviestName, w.weight);
        for (const w of words) if (w.numeric && w.postcode === 0 && w.postcodePair === 0 && heaviestName > 0) w.weight = Math.min(w.weight, heaviestName);
        return words;
    }

    /** The query without the country's name in any language ("..., Belgique"), unless that is all it says. */
    private withoutCountryName(tokens: string[]): string[] {
        for (const name of this.countryWords) {
            for (let i = 0; i + name.length <= tokens.length; i++) {
                let same = true;
                for (let k = 0; k < name.length && same; k++) same = tokens[i + k] === name[k];
                if (same && tokens.length > name.length) return tokens.slice(0, i).concat(tokens.slice(i + name.length));
            }
        }
        return tokens;
    }

    private abbreviationsFor(language: string): Abbreviations {
        let a = this.abbreviations.get(language);
        if (!a) {
            a = new Abbreviations([...this.country.languages, language, 'EN']);
            this.abbreviations.set(language, a);
        }
        return a;
    }

    /**
     * Scores the features some word names; returns the best `keep`, best first. A query whose words
     * are rare walks all their postings (rankAll). One with common words ("rue", "de", "gare": every
     * town has a Rue de la Gare) in a country-sized index scores only the features that can be the
     * answer (rankSelective), so its work does not grow with the number of same-named streets.
     */
    private rank(words: QueryWord[], focusLat: number, focusLon: number, keep: number): Candidate[] {
        let totalWeight = 0, postings = 0;
        for (let i = 0; i < words.length; i++) {
            totalWeight += words[i].weight;
            postings += this.postingsOfWord(i);
        }
        const query: RankQuery = {words, totalWeight, allBits: words.length >= 32 ? 0xffffffff : (1 << words.length) - 1, focusLat, focusLon, placeWords: 0, placeBits: 0,
            numberBits: 0, removableBits: 0, exactPlaceBits: this.exactPlaceBits(words)};
        const top = new TopCandidates(keep);
        // With a focus position the nearest of the same-named streets may be any of them: all are scored.
        if (postings > this.limits.fullWalkPostings && Number.isNaN(focusLat)) this.rankSelective(query, top);
        else this.rankAll(query, top);
        this.resetScratch();
        return top.candidates();
    }

    /** The words whose exact term (or abbreviation) some place's name holds. */
    private exactPlaceBits(words: QueryWord[]): number {
        let bits = 0;
        for (let i = 0; i < words.length; i++) {
            const m = this.matches[i];
            for (let k = 0; k < m.length && !(bits & (1 << i)); k++) {
                if (m.edits[k] === 0 && !m.prefix[k] && this.placePostings(m.ids[k]) > 0) bits |= 1 << i;
            }
        }
        return bits;
    }

    /** How many of term id's postings are places' name variants (they lie together: variants go by feature, places after the streets). */
    private placePostings(id: number): number {
        const P = this.places, from = P.termPostStart[id], end = P.termPostStart[id + 1];
        return lowerBound(P.termPostings, this.poiVariants, from, end) - lowerBound(P.termPostings, this.placeVariants, from, end);
    }

    /** Postings the matches of word i hold. */
    private postingsOfWord(i: number): number {
        const m = this.matches[i], postStart = this.places.termPostStart;
        let count = 0;
        for (let k = 0; k < m.length; k++) count += postStart[m.ids[k] + 1] - postStart[m.ids[k]];
        return count;
    }

    /** Every feature some word names, from the postings. */
    private rankAll(query: RankQuery, top: TopCandidates): void {
        const P = this.places, words = query.words;
        const {variantMask, variantQuality, variantCover, touchedVariants, ownerBest, touchedOwners} = this;
        const postStart = P.termPostStart, postings = P.termPostings, termWeight = P.termWeight;
        const dict = P.dictionary;
        let nVariants = 0, nOwners = 0;
        const n = words.length;

        // 1. Postings: which words each variant explains, with their quality.
        for (let i = 0; i < n; i++) {
            const bit = 1 << i;
            const w = words[i].weight;
            const m = this.matches[i];
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k];
                const q = matchQuality(words[i].text.length, m, k);
                // A prefix covers the share of the word typed so far ("lau" of "lausanne").
                const tw = m.prefix[k] ? termWeight[id] * words[i].text.length / dict.termLength(id) : termWeight[id];
                for (let p = postStart[id], end = postStart[id + 1]; p < end; p++) {
                    const v = postings[p];
                    const mask = variantMask[v];
                    if (mask & bit) continue;
                    if (mask === 0) touchedVariants[nVariants++] = v;
                    variantMask[v] = mask | bit;
                    variantQuality[v] += w * q;
                    variantCover[v] += tw;
                }
            }
        }
        // 2. Each feature's best variant: most quality, then most of its name covered.
        const owner = P.variantOwner, vWeight = P.variantWeight;
        for (let k = 0; k < nVariants; k++) {
            const v = touchedVariants[k];
            const f = owner[v];
            const best = ownerBest[f];
            if (best < 0) {
                touchedOwners[nOwners++] = f;
                ownerBest[f] = v;
            } else if (variantScore(variantQuality[v], variantCover[v], vWeight[v]) > variantScore(variantQuality[best], variantCover[best], vWeight[best])) {
                ownerBest[f] = v;
            }
        }
        this.nVariants = nVariants;
        this.nOwners = nOwners;
        this.readPlaces(query, 0, nOwners);
        // 3. Each feature, in the order the postings named it (the first of equals stays first).
        for (let k = 0; k < nOwners; k++) this.offer(touchedOwners[k], k, query, top);
        this.candidatesScored = nOwners;
    }

    /**
     * Only the features that can be the answer: every place the query may name in full, the
     * features holding a rare word (rarer than limits.selectivePostings), the features in a place a
     * rare word names (a street of the town the query names), and of the features that hold only
     * common words, the limits.frequentCandidates most important holding the rarest of them (and as
     * many places), with the towns and districts of all of these. Each
     * is scored as rankAll scores it (its variants' words read from their term lists), in the order
     * rankAll would meet it: among these candidates the ranking is rankAll's.
     */
    private rankSelective(query: RankQuery, top: TopCandidates): void {
        const P = this.places, words = query.words, n = words.length;
        const postStart = P.termPostStart, postings = P.termPostings, owner = P.variantOwner;
        if (owner.length > VARIANT_RANGE) throw new Error(`${owner.length} name variants: the index holds at most ${VARIANT_RANGE}`);
        this.prepareTermSlots(n);
        this.nVariants = 0;
        this.nOwners = 0;
        // 1. The places the query may name in full: each place is keyed by the rarest term of each of
        // its variants, so a query holds that term of every place it names in full (placeWords). Other
        // places are read when a rare term names them (2), as the town or district of a feature read
        // (placeMask), or among the most important holding a common word (3); not every place
        // holding "de". placeBits: the words some place holds (no fewer than its towns can explain).
        this.lazyQuery = query;
        const keyStart = P.placeKeyStart, keys = P.placeKeys;
        let placeBits = 0;
        for (let i = 0; i < n; i++) {
            const m = this.matches[i], bit = 1 << i;
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k];
                for (let p = keyStart[id], end = keyStart[id + 1]; p < end; p++) this.evaluateOwner(keys[p], query);
                if (!(placeBits & bit) && this.placePostings(id) > 0) placeBits |= bit;
            }
        }
        this.readPlaces(query, 0, this.nOwners);
        query.placeBits = placeBits;
        // 2. The features a rare term names, and those in the places a rare term names (a word may
        // match a common street word exactly and a town within two edits: "fontaine", "Fontairo").
        let rarest = -1, rarestPostings = Infinity, rareCount = 0;
        for (let i = 0; i < n; i++) {
            if (isNumberLike(words, i)) continue;
            const m = this.matches[i];
            let common = 0;
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k], count = postStart[id + 1] - postStart[id];
                if (count > this.limits.selectivePostings) {
                    common += count;
                    continue;
                }
                const slot = this.termSlot[id];
                if (this.slotRareRank[slot] < 0) this.slotRareRank[slot] = rareCount++;
                for (let p = postStart[id], end = postStart[id + 1]; p < end; p++) this.evaluateOwner(owner[postings[p]], query);
            }
            if (common > 0 && common < rarestPostings) {
                rarest = i;
                rarestPostings = common;
            }
        }
        // Towns by how well a rare term names them (its rank among the rare terms: exact matches come
        // before prefixes and typos), their features read while the budget lasts ("Belmon" as a prefix
        // names hundreds of towns; the one named exactly is read first).
        const named: number[] = [];
        for (let k = 0, read = this.nOwners; k < read; k++) {
            if (!P.isPlace(this.touchedOwners[k])) continue;
            const rank = this.rareTermRank(this.touchedOwners[k]);
            if (rank >= 0) named.push(rank * MAX_PLACES + k);
        }
        named.sort((a, b) => a - b);
        let budget = this.limits.memberFeatures;
        for (let j = 0; j < named.length && budget > 0; j++) {
            const place = this.touchedOwners[named[j] % MAX_PLACES], count = P.members.count(place);
            for (let m = 0; m < count; m++) this.evaluateOwner(P.members.member(place, m), query);
            budget -= count;
        }
        // 3. The most important features holding the rarest common word's common terms, and apart
        // from them (places come last in each term's list) the most important places holding them.
        if (rarest >= 0) {
            const m = this.matches[rarest], byImportance = P.termPostingsByImportance;
            let left = this.limits.frequentCandidates, placesLeft = this.limits.frequentCandidates;
            for (let k = 0; k < m.length && (left > 0 || placesLeft > 0); k++) {
                const id = m.ids[k], from = postStart[id], end = postStart[id + 1];
                if (end - from <= this.limits.selectivePostings) continue;
                const placesFrom = end - this.placePostings(id);
                for (let p = from; p < placesFrom && left > 0; p++) if (this.evaluateOwner(owner[byImportance[p]], query)) left--;
                for (let p = placesFrom; p < end && placesLeft > 0; p++) if (this.evaluateOwner(owner[byImportance[p]], query)) placesLeft--;
            }
        }
        // 4. Scored with the order rankAll's postings walk would have met them in (one number per
        // feature: word and match above the variant) breaking ties, as rankAll's offers do.
        const touchWord = this.ownerTouchWord, touchVariant = this.ownerTouchVariant;
        let scored = 0;
        for (let k = 0; k < this.nOwners; k++) {
            const f = this.touchedOwners[k];
            if (this.ownerBest[f] < 0) continue;
            this.offer(f, touchWord[k] * VARIANT_RANGE + touchVariant[k], query, top);
            scored++;
        }
        this.candidatesScored = scored;
        this.lazyQuery = null;
    }

    /** The first of the query's rare terms (ranked as rankSelective met them: best matches first) that place f's variants hold; -1: none. */
    private rareTermRank(f: number): number {
        const P = this.places, termStart = P.variantTermStart, terms = P.variantTerms;
        let best = -1;
        for (let v = P.featureVariantStart[f], vEnd = P.featureVariantStart[f + 1]; v < vEnd; v++) {
            for (let t = termStart[v], end = termStart[v + 1]; t < end; t++) {
                const slot = this.termSlot[terms[t]];
                const rank = slot < 0 ? -1 : this.slotRareRank[slot];
                if (rank >= 0 && (best < 0 || rank < best)) best = rank;
            }
        }
        return best;
    }

    /**
     * The words that name places among touched owners [from, to) (query.placeBits), and those that
     * fully name one (query.placeWords): a town the query adds (maybe not the data's) costs less unexplained.
     */
    private readPlaces(query: RankQuery, from: number, to: number): void {
        const P = this.places;
        let placeWords = 0, placeBits = 0;
        for (let k = from; k < to; k++) {
            const f = this.touchedOwners[k];
            if (!P.isPlace(f)) continue;
            const v = this.ownerBest[f];
            if (v < 0) continue;
            placeBits |= this.variantMask[v];
            if (this.variantCover[v] >= P.variantWeight[v] * 0.99) placeWords |= this.variantMask[v];
        }
        query.placeWords = placeWords;
        query.placeBits = placeBits;
        this.prepareBounds(query);
    }

    /** What each word can add to a score, for scoreBound: as a town's name, unexplained, as a postcode. */
    private prepareBounds(query: RankQuery): void {
        const words = query.words;
        query.numberBits = 0;
        query.removableBits = 0;
        for (let i = 0; i < words.length; i++) {
            const word = words[i], bit = 1 << i;
            this.wordWeight[i] = word.weight;
            this.contextGain[i] = word.weight * word.quality * CONTEXT_SHARE;
            this.unexplainedGain[i] = -word.weight * (word.numeric || query.placeWords & bit ? UNEXPLAINED_NUMBER_COST : UNEXPLAINED_COST);
            this.postcodeGain[i] = word.postcode !== 0 || word.postcodePair !== 0 ? word.weight + (i + 1 < words.length ? words[i + 1].weight : 0) : -Infinity;
            if (word.housenumbers.length > 0 || word.plainNumber >= 0) query.numberBits |= bit;
            if (i > 0 && (words[i - 1].postcodePair !== 0 || words[i - 1].housenumberTakesNext.includes(true))) query.removableBits |= bit;
        }
    }

    /**
     * For each distinct term the query's words match, the first match (k) of each word that is
     * that term (-1: none): a variant's words are then read from its own term list.
     */
    private prepareTermSlots(n: number): void {
        let slots = 0;
        for (let i = 0; i < n; i++) {
            const m = this.matches[i];
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k];
                let s = this.termSlot[id];
                if (s < 0) {
                    s = this.termSlot[id] = slots++;
                    if (slots > this.slotTerms.length) this.growSlots(slots);
                    this.slotTerms[s] = id;
                    this.slotRareRank[s] = -1;
                    this.slotFirstMatch.fill(-1, s * MAX_WORDS, (s + 1) * MAX_WORDS);
                }
                if (this.slotFirstMatch[s * MAX_WORDS + i] < 0) this.slotFirstMatch[s * MAX_WORDS + i] = k;
            }
        }
        this.slotCount = slots;
    }

    private growSlots(needed: number): void {
        const size = Math.max(needed, this.slotTerms.length * 2);
        const terms = new Uint32Array(size), first = new Int32Array(size * MAX_WORDS), rank = new Int32Array(size);
        terms.set(this.slotTerms);
        first.set(this.slotFirstMatch);
        rank.set(this.slotRareRank);
        this.slotTerms = terms;
        this.slotFirstMatch = first;
        this.slotRareRank = rank;
    }

    /**
     * Reads feature f's variants against the query (as rankAll's postings walk would mark them) and
     * keeps its best, unless f was read already. True when f was read now and some word names it.
     */
    private evaluateOwner(f: number, query: RankQuery): boolean {
        if (this.ownerBest[f] !== UNREAD) return false;
        const P = this.places, words = query.words, n = words.length, dict = P.dictionary;
        const termStart = P.variantTermStart, terms = P.variantTerms, termWeight = P.termWeight, vWeight = P.variantWeight;
        const slot = this.termSlot, firstMatch = this.slotFirstMatch, variantStart = P.featureVariantStart;
        const k = this.nOwners++;
        this.touchedOwners[k] = f;
        let best = NO_VARIANT, bestWord = Infinity, bestVariant = Infinity;
        let touchWord = Infinity, touchVariant = Infinity;
        const first = this.firstMatchOf;
        for (let v = variantStart[f], vEnd = variantStart[f + 1]; v < vEnd; v++) {
            // Per word, the first of its matches that is one of the variant's terms: the one the walk marks it with.
            let any = false;
            for (let t = termStart[v], end = termStart[v + 1]; t < end; t++) {
                const s = slot[terms[t]];
                if (s < 0) continue;
                if (!any) {
                    for (let i = 0; i < n; i++) first[i] = -1;
                    any = true;
                }
                for (let i = 0, row = s * MAX_WORDS; i < n; i++) {
                    const at = firstMatch[row + i];
                    if (at >= 0 && (first[i] < 0 || at < first[i])) first[i] = at;
                }
            }
            if (!any) continue;
            let mask = 0, quality = 0, cover = 0, firstWord = Infinity;
            for (let i = 0; i < n; i++) {
                const match = first[i];
                if (match < 0) continue;
                const m = this.matches[i], id = m.ids[match];
                if (mask === 0) firstWord = i * MATCHES_PER_WORD + match;
                mask |= 1 << i;
                // Float32 sums, as the walk's scratch arrays hold them.
                quality = Math.fround(quality + words[i].weight * matchQuality(words[i].text.length, m, match));
                cover = Math.fround(cover + (m.prefix[match] ? termWeight[id] * words[i].text.length / dict.termLength(id) : termWeight[id]));
            }
            if (mask === 0) continue;
            this.variantMask[v] = mask;
            this.variantQuality[v] = quality;
            this.variantCover[v] = cover;
            this.touchedVariants[this.nVariants++] = v;
            if (firstWord < touchWord || (firstWord === touchWord && v < touchVariant)) {
                touchWord = firstWord;
                touchVariant = v;
            }
            // The walk keeps the first variant it meets of those scoring best.
            const score = variantScore(quality, cover, vWeight[v]);
            const bestScore = best === NO_VARIANT ? -Infinity : variantScore(this.variantQuality[best], this.variantCover[best], vWeight[best]);
            if (score > bestScore || (score === bestScore && (firstWord < bestWord || (firstWord === bestWord && v < bestVariant)))) {
                best = v;
                bestWord = firstWord;
                bestVariant = v;
            }
        }
        this.ownerBest[f] = best;
        if (k >= this.ownerTouchWord.length) this.growOwnerScratch();
        this.ownerTouchWord[k] = touchWord;
        this.ownerTouchVariant[k] = touchVariant;
        return best !== NO_VARIANT;
    }

    private growOwnerScratch(): void {
        const size = this.ownerTouchWord.length * 2;
        const word = new Float64Array(size), variant = new Float64Array(size);
        word.set(this.ownerTouchWord);
        variant.set(this.ownerTouchVariant);
        this.ownerTouchWord = word;
        this.ownerTouchVariant = variant;
    }

    /**
     * Scores feature f (its best variant set) and offers it to the top list; `touch` orders equals
     * (the first met first). A feature whose best possible score would not be kept is left before
     * its addresses are read.
     */
    private offer(f: number, touch: number, query: RankQuery, top: TopCandidates): void {
        const P = this.places, words = query.words, n = words.length;
        const {variantMask, variantQuality, variantCover, ownerBest} = this;
        const v = ownerBest[f];
        const nameMask = variantMask[v];
        let explained = variantQuality[v];
        const vWeight = P.variantWeight;
        const cover = Math.min(1, variantCover[v] / vWeight[v]);
        let rest = query.allBits & ~nameMask;
        const focus = !Number.isNaN(query.focusLat);
        if (rest !== 0) {
            const bound = this.scoreBound(f, v, rest, query);
            if (bound < MIN_SCORE || top.rejects(candidateKey(bound, 4, P.fImportance[f], 99999, focus), touch)) return;
        }
        let address = -1, matchedPostcode = 0, number = -1, numberShare = 1;
        if (rest !== 0 && P.isStreet(f)) {
            address = this.findHousenumber(f, words, rest);
            let i = -1;
            if (address >= 0) {
                i = this.housenumberWord;
                if (this.housenumberTookNext) rest &= ~(1 << (i + 1));
            } else if (variantCover[v] >= vWeight[v] * ESTIMATE_MIN_COVER) {
                // A number the data lacks: placed between the known ones, when the street has them.
                i = this.estimatedHousenumber(f, words, rest);
                if (i >= 0) number = words[i].plainNumber;
                // Else the street is the answer, honestly without the house: the number counts half
                // (in a country "rue", "des" and "écoles" weigh little beside a number, and the
                // street the query names must not lose to a house of another street).
                else if ((i = plainHousenumber(words, rest)) >= 0) numberShare = LACKED_NUMBER_SHARE;
            }
            if (i >= 0) {
                rest &= ~(1 << i);
                // A house number is worth as much as the street's name is matched: "Rue de la Gare 16"
                // must not win "Rue de la Loi 16" on the number when the street has none.
                let nameWeight = 0;
                for (let j = 0; j < n; j++) if (nameMask & (1 << j)) nameWeight += words[j].weight;
                explained += numberShare * words[i].weight * cover * (nameWeight > 0 ? variantQuality[v] / nameWeight : 0);
            }
        }
        if (rest !== 0) {
            const street = address < 0 && P.isStreet(f);
            // An estimated house takes the postcode and town of the known house nearest in number.
            if (number >= 0) address = this.near.index;
            const postcode = address >= 0 ? P.aPostcode[address] : P.fPostcode[f];
            const city = address >= 0 ? P.aCity[address] : P.fCity[f], district = address >= 0 ? P.aDistrict[address] : P.fDistrict[f];
            const cityMask = this.placeMask(city), districtMask = this.placeMask(district), context = cityMask | districtMask;
            const cityQuality = this.placeQuality(city, cityMask, words), districtQuality = this.placeQuality(district, districtMask, words);
            for (let i = 0; i < n; i++) {
                const bit = 1 << i;
                if (!(rest & bit)) continue;
                const word = words[i];
                const pair = word.postcodePair, single = word.postcode;
                if (pair !== 0 && (rest & (bit << 1)) && (pair === postcode || (street && P.streetHasPostcode(f, pair)))) {
                    matchedPostcode = pair;
                    explained += word.weight + words[i + 1].weight;
                    rest &= ~(bit | (bit << 1));
                } else if (single !== 0 && (single === postcode || (street && P.streetHasPostcode(f, single)))) {
                    matchedPostcode = single;
                    explained += word.weight;
                    rest &= ~bit;
                } else if (context & bit) {
                    // As well as the town or district is named; a word that names some place exactly
                    // ("Verboistairo") does not name another one within a typo of it (Verboistai).
                    const quality = Math.max(cityMask & bit ? cityQuality : 0, districtMask & bit ? districtQuality : 0);
                    if (quality < 1 && query.exactPlaceBits & bit) continue;
                    explained += word.weight * Math.min(word.quality, quality) * CONTEXT_SHARE;
                    rest &= ~bit;
                }
            }
        }
        let unexplained = 0;
        for (let i = 0; i < n; i++) {
            if (rest & (1 << i)) unexplained += words[i].weight * (words[i].numeric || query.placeWords & (1 << i) ? UNEXPLAINED_NUMBER_COST : UNEXPLAINED_COST);
        }
        const score = (explained - unexplained) / query.totalWeight * (0.7 + 0.3 * cover);
        if (score < MIN_SCORE) return;
        // Among equals: the mapped house, the estimated one, the town (a town named is the town, not
        // a street named after it), a landmark (a station, a museum), the street, then other named places.
        const kindRank = number >= 0 ? 3 : address >= 0 ? (P.aFlags[address] & ADDRESS_INTERPOLATED ? 3 : 4) : P.isPlace(f) ? 2
            : P.isStreet(f) ? 1 : P.fImportance[f] >= LANDMARK_IMPORTANCE ? 1.5 : 0;
        const importance = P.fImportance[f];
        let tail: number;
        if (number >= 0) address = -1;
        if (focus) {
            const lat = (address >= 0 ? P.aLat[address] : P.fLat[f]) / 1e7, lon = (address >= 0 ? P.aLon[address] : P.fLon[f]) / 1e7;
            const dx = (lon - query.focusLon) * P.metersPerLon, dy = (lat - query.focusLat) * P.metersPerLat;
            tail = 99999 - Math.min(99999, Math.round(Math.sqrt(dx * dx + dy * dy) / 5));
        } else {
            tail = Math.round(Math.min(1, score) * 50000) + Math.round(Math.min(1, importance / 2) * 49999);
        }
        top.offer(candidateKey(score, kindRank, importance, tail, focus), touch, f, address, score, matchedPostcode, number);
    }

    /**
     * The words naming place p1 (a town or district column: feature index + 1, 0 none); 0 when no word
     * names it. The selective search reads a place the first time a feature asks for it.
     */
    private placeMask(p1: number): number {
        if (p1 === 0) return 0;
        if (this.ownerBest[p1 - 1] === UNREAD && this.lazyQuery) this.evaluateOwner(p1 - 1, this.lazyQuery);
        const best = this.ownerBest[p1 - 1];
        return best >= 0 ? this.variantMask[best] : 0;
    }

    /**
     * How well the words of `mask` name place p1 (a town or district column): the mean quality of
     * their matches (1 exact, 0.8 one edit ...), to four places so that equal names score equal.
     */
    private placeQuality(p1: number, mask: number, words: QueryWord[]): number {
        if (mask === 0) return 0;
        let weight = 0;
        for (let bits = mask; bits !== 0; bits &= bits - 1) weight += words[31 - Math.clz32(bits & -bits)].weight;
        return Math.round(this.variantQuality[this.ownerBest[p1 - 1]] / weight * 1e4) / 1e4;
    }

    /**
     * No less than the score offer gives feature f (best variant v, rest: the words its name leaves):
     * each word left counts as the most it can (a house number of a street, a postcode, a town's
     * name, or removed with its neighbour), else as unexplained.
     */
    private scoreBound(f: number, v: number, rest: number, query: RankQuery): number {
        const P = this.places, nameMask = this.variantMask[v];
        const quality = this.variantQuality[v], cover = Math.min(1, this.variantCover[v] / P.variantWeight[v]);
        const street = P.isStreet(f);
        // The words a town or district of f (or of one of its addresses) can explain.
        let context = this.placeMask(P.fCity[f]) | this.placeMask(P.fDistrict[f]);
        if (street && (rest & query.placeBits & ~context) !== 0) {
            for (let a = P.streetAddrStart[f], end = P.streetAddrStart[f + 1]; a < end; a++) context |= this.placeMask(P.aCity[a]) | this.placeMask(P.aDistrict[a]);
        }
        let numberShare = 0;
        if (street) {
            let nameWeight = 0;
            for (let bits = nameMask; bits !== 0; bits &= bits - 1) nameWeight += this.wordWeight[31 - Math.clz32(bits & -bits)];
            numberShare = cover * (nameWeight > 0 ? quality / nameWeight : 0);
        }
        let bound = quality;
        for (let bits = rest; bits !== 0; bits &= bits - 1) {
            const i = 31 - Math.clz32(bits & -bits), bit = 1 << i;
            let gain = context & bit ? this.contextGain[i] : this.unexplainedGain[i];
            if (street && query.numberBits & bit) gain = Math.max(gain, this.wordWeight[i] * numberShare);
            gain = Math.max(gain, this.postcodeGain[i]);
            if (query.removableBits & bit) gain = Math.max(gain, 0);
            bound += gain;
        }
        // The margin covers sums taken in another order.
        return bound / query.totalWeight * (0.7 + 0.3 * cover) + 1e-9;
    }

    /** Clears the per-query scratch for the next query. */
    private resetScratch(): void {
        for (let k = 0; k < this.nVariants; k++) {
            const v = this.touchedVariants[k];
            this.variantMask[v] = 0;
            this.variantQuality[v] = 0;
            this.variantCover[v] = 0;
        }
        for (let k = 0; k < this.nOwners; k++) this.ownerBest[this.touchedOwners[k]] = UNREAD;
        for (let s = 0; s < this.slotCount; s++) this.termSlot[this.slotTerms[s]] = -1;
        this.nVariants = 0;
        this.nOwners = 0;
        this.slotCount = 0;
    }

    private housenumberWord = -1;
    private housenumberTookNext = false;

    /**
     * The address of street f with a house number the query names (a word not used by the name),
     * preferring words that are not also a postcode. Sets housenumberWord / housenumberTookNext.
     */
    private findHousenumber(f: number, words: QueryWord[], rest: number): number {
        const P = this.places;
        const start = P.streetAddrStart[f], end = P.streetAddrStart[f + 1];
        if (start === end) return -1;
        for (let pass = 0; pass < 2; pass++) {
            for (let i = 0; i < words.length; i++) {
                const word = words[i];
                if (!(rest & (1 << i)) || word.housenumbers.length === 0 || (word.postcode !== 0) !== (pass === 1)) continue;
                for (let h = 0; h < word.housenumbers.length; h++) {
                    const key = word.housenumbers[h];
                    if (word.housenumberTakesNext[h] && !(rest & (1 << (i + 1)))) continue;
                    // Several addresses may carry the number (two towns, a node and its building): the one
                    // whose postcode or town the query names, else a tagged one before an interpolated one.
                    let best = -1, bestFit = -1;
                    for (let a = start; a < end; a++) {
                        if (P.aKey[a] !== key) continue;
                        const fit = this.addressFit(a, words, rest & ~(1 << i));
                        if (fit > bestFit) {
                            best = a;
                            bestFit = fit;
                        }
                    }
                    if (best >= 0) {
                        this.housenumberWord = i;
                        this.housenumberTookNext = word.housenumberTakesNext[h];
                        return best;
                    }
                }
            }
        }
        return -1;
    }

    /** The known house nearest in number to the last estimate (estimateHouse sets it). */
    private readonly near = {index: -1};

    /**
     * A word of the query (not used by the name) that is a plain house number street f lacks but can
     * place between its known numbers; -1 when none. Leaves near.index at the known house nearest in number.
     */
    private estimatedHousenumber(f: number, words: QueryWord[], rest: number): number {
        for (let i = plainHousenumber(words, rest); i >= 0; i = plainHousenumber(words, rest, i + 1)) {
            if (this.estimate(f, words[i].plainNumber) !== null) return i;
        }
        return -1;
    }

    /** Position of house `number` on street f from its known numbers (interpolation.ts), or null; sets near.index to an address. */
    private estimate(f: number, number: number): [number, number] | null {
        const P = this.places;
        return estimateHouse(P, P.streetAddrStart[f], P.streetAddrStart[f + 1], number, P, P, this.near);
    }

    /** How well an address fits the query's other words: its postcode (2), its town or district (1), tagged (0.5). */
    private addressFit(a: number, words: QueryWord[], rest: number): number {
        const P = this.places;
        let fit = P.aFlags[a] & ADDRESS_INTERPOLATED ? 0 : 0.5;
        const postcode = P.aPostcode[a];
        if ((this.placeMask(P.aCity[a]) | this.placeMask(P.aDistrict[a])) & rest) fit += 1;
        for (let i = 0; i < words.length; i++) {
            if (!(rest & (1 << i))) continue;
            if (postcode !== 0 && (words[i].postcode === postcode || words[i].postcodePair === postcode)) {
                fit += 2;
                break;
            }
        }
        return fit;
    }

    /** A result object for a feature (or one of a street's addresses). */
    private result(f: number, address: number, language: string, score: number, focusLat: number, focusLon: number, number = -1): GeocodeResult {
        const P = this.places;
        let lat: number, lon: number, type: string, kind: ResultKind, accuracy: Accuracy;
        let name = P.nameIn(f, language), housenumber = '', street = '', postcode: number, city: number;
        const estimate = number >= 0 ? this.estimate(f, number) : null;
        if (estimate !== null) {
            // A house number the data lacks, placed between its street's known numbers.
            const near = this.near.index;
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
            const dx = (lon - focusLon) * P.metersPerLon, dy = (lat - focusLat) * P.metersPerLat;
            distance = Math.round(Math.sqrt(dx * dx + dy * dy));
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

    /**
     * Reverse geocoding: the nearest address within REVERSE_ADDRESS_RADIUS, else the nearest named
     * street within REVERSE_STREET_RADIUS, else the town around (IsLocality) within
     * REVERSE_LOCALITY_RADIUS, else null. City and postcode are those of the address or street piece.
     */
    reverse(lat: number, lon: number, language?: string): ReverseResult | null {
        const P = this.places;
        const lang = Geocoder.language(language);
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
            result = this.reverseResult(this.result(f, address, lang, 1, lat, lon), f, P.aCity[address] - 1, lang, false);
        } else if (line >= 0) {
            const f = P.lineStreet[line];
            const r = this.result(f, -1, lang, 1, lat, lon);
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
            const r = this.result(city, -1, lang, 1, lat, lon);
            result = this.reverseResult(r, -1, city, lang, true);
        }
        return result;
    }

    /** PlaceInformation for the summaries (COMPAT.md); null when reverse finds nothing. */
    placeInformation(lat: number, lon: number): PlaceInformation | null {
        const r = this.reverse(lat, lon, 'EN');
        if (r === null) return null;
        return {
            StreetName: r.streetName, IsLocality: r.isLocality, CityName: r.cityName, ZipCode: r.postcode,
            LocalizedStreetNames: r.streetNames, LocalizedCityNames: r.cityNames
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

    private lastLineDistance = Infinity;
    private lastLinePoint: [number, number] = [0, 0];

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
            const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
            const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
            this.lastLinePoint = [P.lat0 + (ay + t * dy) / P.metersPerLat, P.lon0 + (ax + t * dx) / P.metersPerLon];
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

/** Countries where a house number is written before the street. */
const NUMBER_FIRST = new Set(['FR', 'LU', 'UK', 'IE', 'CA', 'AU', 'MT']);

/** Quality of match k of a word: 1 exact or abbreviation, 0.7..1 prefix by how much is typed, 0.8 / 0.65 with one / two edits. */
function matchQuality(wordLength: number, m: TermMatches, k: number): number {
    if (m.prefix[k]) return 0.7 + 0.3 * Math.min(1, wordLength / (wordLength + 3));
    const e = m.edits[k];
    return e === 0 ? 1 : e === 1 ? 0.8 : 0.65;
}

/**
 * One number orders everything: score step, kind, importance step, then the tail. With a focus
 * (autocomplete) the steps are coarser, so that distance orders more of the answers. It grows with
 * each of its arguments (kindRank at most 4, tail at most 99,999).
 */
function candidateKey(score: number, kindRank: number, importance: number, tail: number, focus: boolean): number {
    return Math.round(score * (focus ? 10 : 20)) * 1e8 + kindRank * 1e7 + Math.min(20, Math.round(importance * 10)) * 1e5 + tail;
}

function variantScore(quality: number, cover: number, weight: number): number {
    return quality * (0.7 + 0.3 * Math.min(1, cover / weight));
}

/** Same kind, name and city within 300 m: one answer (a street mapped twice, a stop and its platform). */
function sameAnswer(a: GeocodeResult, b: GeocodeResult): boolean {
    if (a.name !== b.name || a.city !== b.city || (a.kind === 'address') !== (b.kind === 'address')) return false;
    const dy = (a.lat - b.lat) * 111195, dx = (a.lon - b.lon) * 111195 * Math.cos(a.lat * Math.PI / 180);
    return dx * dx + dy * dy < (a.kind === 'address' ? 100 * 100 : 300 * 300);
}

/** Photon-style GeoJSON of results (COMPAT.md): string properties, [lon, lat]. */
export function featureCollection(results: GeocodeResult[]): {type: 'FeatureCollection'; features: object[]} {
    return {
        type: 'FeatureCollection',
        features: results.map((r) => ({
            type: 'Feature',
            geometry: {type: 'Point', coordinates: [Math.round(r.lon * 1e7) / 1e7, Math.round(r.lat * 1e7) / 1e7]},
            properties: {
                name: r.name, street: r.street, housenumber: r.housenumber, postcode: r.postcode, city: r.city,
                country: r.country, countrycode: r.countrycode, type: r.type, accuracy: r.accuracy
            }
        }))
    };
}

