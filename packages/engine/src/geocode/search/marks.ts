// What one query marks in the index, in scratch arrays sized to it and reset after each query: per
// name variant, the words it holds (a bit each), their quality and how much of the name they cover;
// per feature, its best variant. The full walk (candidate-search.ts) marks variants from the
// postings; the selective search reads a feature's own variants against the query's terms
// (evaluateOwner), marking them as the walk would.
import {lowerBound} from '../../format/growable.js';
import {TermMatches} from '../dictionary.js';
import type {Places} from '../places.js';
import {MAX_WORDS, matchQuality, type QueryWord} from './query-words.js';

/** ownerBest: a feature not read yet, and one read that no word names. */
export const UNREAD = -1;
const NO_VARIANT = -2;
/** Matches of one word are numbered below this (prefixes: at most MAX_PREFIX_TERMS), to order touches by word then match. */
const MATCHES_PER_WORD = 1 << 20;

/** What rank's steps share about the query. */
export interface RankQuery {
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

export class QueryMarks {
    /** Word i's term matches (query-words.ts fills them). */
    readonly matches: TermMatches[] = [];
    readonly variantMask: Uint32Array;
    readonly variantQuality: Float32Array;
    readonly variantCover: Float32Array;
    readonly touchedVariants: Uint32Array;
    readonly ownerBest: Int32Array;
    readonly touchedOwners: Uint32Array;
    nVariants = 0;
    nOwners = 0;
    /** The first name variant of a place and of a POI (variants go by feature). */
    readonly placeVariants: number;
    readonly poiVariants: number;
    /** The query the selective search is answering: placeMask reads the places it has not read yet against it. */
    lazyQuery: RankQuery | null = null;
    // The selective search's scratch: a slot per term the query matches (termSlot[term], -1: none) with the
    // first match of each word that is the term; per feature read, where the postings walk would
    // first meet it and the words any of its variants hold.
    readonly termSlot: Int32Array;
    slotTerms = new Uint32Array(64);
    slotFirstMatch = new Int32Array(64 * MAX_WORDS);
    slotCount = 0;
    ownerTouchWord = new Float64Array(1024);
    ownerTouchVariant = new Float64Array(1024);
    slotRareRank = new Int32Array(64);
    private readonly firstMatchOf = new Int32Array(MAX_WORDS);

    constructor(private readonly places: Places) {
        this.termSlot = new Int32Array(places.termWeight.length).fill(-1);
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

    /** How many of term id's postings are places' name variants (they lie together: variants go by feature, places after the streets). */
    placePostings(id: number): number {
        const P = this.places, from = P.termPostStart[id], end = P.termPostStart[id + 1];
        return lowerBound(P.termPostings, this.poiVariants, from, end) - lowerBound(P.termPostings, this.placeVariants, from, end);
    }

    /**
     * For each distinct term the query's words match, the first match (k) of each word that is
     * that term (-1: none): a variant's words are then read from its own term list.
     */
    prepareTermSlots(n: number): void {
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
    evaluateOwner(f: number, query: RankQuery): boolean {
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
     * The words naming place p1 (a town or district column: feature index + 1, 0 none); 0 when no word
     * names it. The selective search reads a place the first time a feature asks for it.
     */
    placeMask(p1: number): number {
        if (p1 === 0) return 0;
        if (this.ownerBest[p1 - 1] === UNREAD && this.lazyQuery) this.evaluateOwner(p1 - 1, this.lazyQuery);
        const best = this.ownerBest[p1 - 1];
        return best >= 0 ? this.variantMask[best] : 0;
    }

    /** The first of the query's rare terms (ranked as rankSelective met them: best matches first) that place f's variants hold; -1: none. */
    rareTermRank(f: number): number {
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

    /** Clears the per-query scratch for the next query. */
    resetScratch(): void {
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
}

export function variantScore(quality: number, cover: number, weight: number): number {
    return quality * (0.7 + 0.3 * Math.min(1, cover / weight));
}
