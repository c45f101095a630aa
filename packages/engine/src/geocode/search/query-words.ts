// Reading a query: folded and cut into words, the country's name dropped, each word looked up in the
// token dictionary exactly, through its abbreviations, as a prefix (the last word, for
// autocomplete) and within a few edits (typos); each word's weight, and what else it may be: a
// house number ("12a", "12 a"), a postcode ("1050", "FGR 1080").
import type {CountryConfig} from '../../config/regions.js';
import {Abbreviations} from '../abbreviations.js';
import type {TermMatches} from '../dictionary.js';
import {SWAP_LENGTH, maxEditsFor} from '../edit-distance.js';
import {looksLikeHousenumber, postcodeKey, tokenize} from '../fold.js';
import type {Places} from '../places.js';

/** Most words of a query looked at. */
export const MAX_WORDS = 20;
/** Terms a prefix may expand to (a single letter reaches a few thousand). */
const MAX_PREFIX_TERMS = 8192;
/** Weight of a house number or postcode word. */
const NUMBER_WEIGHT = 0.6;
/** Weight of a word found nowhere in the index. */
const UNKNOWN_WEIGHT = 1;

/** Word roles found while reading the query. */
export interface QueryWord {
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

/** The first word from `from` on left (in rest) that is a plain house number and not a postcode; -1: none. */
export function plainHousenumber(words: QueryWord[], rest: number, from = 0): number {
    for (let i = from; i < words.length; i++) if (rest & (1 << i) && words[i].plainNumber >= 0 && words[i].postcode === 0) return i;
    return -1;
}

/** A house number or postcode (or a postcode's second half): explained by the address, not a name; never a search's starting point. */
export function isNumberLike(words: QueryWord[], i: number): boolean {
    const w = words[i];
    return w.numeric || w.housenumbers.length > 0 || w.postcode !== 0 || w.postcodePair !== 0 || w.plainNumber >= 0 || (i > 0 && words[i - 1].postcodePair !== 0);
}

/** Quality of match k of a word: 1 exact or abbreviation, 0.7..1 prefix by how much is typed, 0.8 / 0.65 with one / two edits. */
export function matchQuality(wordLength: number, m: TermMatches, k: number): number {
    if (m.prefix[k]) return 0.7 + 0.3 * Math.min(1, wordLength / (wordLength + 3));
    const e = m.edits[k];
    return e === 0 ? 1 : e === 1 ? 0.8 : 0.65;
}

/** Reads queries against one places section; word i's matches go to matches[i] (the search's scratch). */
export class QueryReader {
    private readonly countryWords: string[][];
    private readonly abbreviations = new Map<string, Abbreviations>();
    private readonly postcodeOfTerm = new Map<number, number>();

    constructor(private readonly places: Places, private readonly country: CountryConfig, private readonly matches: TermMatches[]) {
        this.countryWords = Object.values(country.name).map((n) => tokenize(n)).filter((t) => t.length > 0);
        for (let p = 0; p < places.pcTerm.length; p++) this.postcodeOfTerm.set(places.pcTerm[p], p + 1);
    }

    /** Folds and splits the query, drops the country's name, finds each word's terms. */
    read(query: string, language: string, prefix: boolean): QueryWord[] {
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
    withoutCountryName(tokens: string[]): string[] {
        for (const name of this.countryWords) {
            for (let i = 0; i + name.length <= tokens.length; i++) {
                let same = true;
                for (let k = 0; k < name.length && same; k++) same = tokens[i + k] === name[k];
                if (same && tokens.length > name.length) return tokens.slice(0, i).concat(tokens.slice(i + name.length));
            }
        }
        return tokens;
    }

    abbreviationsFor(language: string): Abbreviations {
        let a = this.abbreviations.get(language);
        if (!a) {
            a = new Abbreviations([...this.country.languages, language, 'EN']);
            this.abbreviations.set(language, a);
        }
        return a;
    }
}
