// Finding the features a query may mean and scoring them: every feature some word names when the
// words are rare (rankAll walks their postings), only those that can be the answer when they are
// common (rankSelective), so that a country's thousand Rue de la Gare do not all get read.
import type {Places} from '../places.js';
import {QueryMarks, variantScore, type RankQuery} from './marks.js';
import {isNumberLike, matchQuality, type QueryWord} from './query-words.js';
import type {Scorer} from './scoring.js';
import {TopCandidates, type Candidate} from './top-candidates.js';

/**
 * How much a search reads. A query whose words' postings hold more than fullWalkPostings entries
 * scores only the features that can be the answer (CandidateSearch.rankSelective): words with more than
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

export class CandidateSearch {
    /** Features the last search scored: those a word of the query names, of the ones it read. */
    candidatesScored = 0;

    constructor(private readonly places: Places, private readonly limits: GeocoderLimits, private readonly marks: QueryMarks,
        private readonly scorer: Scorer) {}

    /**
     * Scores the features some word names; returns the best `keep`, best first. A query whose words
     * are rare walks all their postings (rankAll). One with common words ("rue", "de", "gare": every
     * town has a Rue de la Gare) in a country-sized index scores only the features that can be the
     * answer (rankSelective), so its work does not grow with the number of same-named streets.
     */
    rank(words: QueryWord[], focusLat: number, focusLon: number, keep: number): Candidate[] {
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
        this.marks.resetScratch();
        return top.candidates();
    }

    /** The words whose exact term (or abbreviation) some place's name holds. */
    private exactPlaceBits(words: QueryWord[]): number {
        let bits = 0;
        for (let i = 0; i < words.length; i++) {
            const m = this.marks.matches[i];
            for (let k = 0; k < m.length && !(bits & (1 << i)); k++) {
                if (m.edits[k] === 0 && !m.prefix[k] && this.marks.placePostings(m.ids[k]) > 0) bits |= 1 << i;
            }
        }
        return bits;
    }

    /** Postings the matches of word i hold. */
    private postingsOfWord(i: number): number {
        const m = this.marks.matches[i], postStart = this.places.termPostStart;
        let count = 0;
        for (let k = 0; k < m.length; k++) count += postStart[m.ids[k] + 1] - postStart[m.ids[k]];
        return count;
    }

    /** Every feature some word names, from the postings. */
    private rankAll(query: RankQuery, top: TopCandidates): void {
        const P = this.places, words = query.words;
        const {variantMask, variantQuality, variantCover, touchedVariants, ownerBest, touchedOwners} = this.marks;
        const postStart = P.termPostStart, postings = P.termPostings, termWeight = P.termWeight;
        const dict = P.dictionary;
        let nVariants = 0, nOwners = 0;
        const n = words.length;

        // 1. Postings: which words each variant explains, with their quality.
        for (let i = 0; i < n; i++) {
            const bit = 1 << i;
            const w = words[i].weight;
            const m = this.marks.matches[i];
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
        this.marks.nVariants = nVariants;
        this.marks.nOwners = nOwners;
        this.scorer.readPlaces(query, 0, nOwners);
        // 3. Each feature, in the order the postings named it (the first of equals stays first).
        for (let k = 0; k < nOwners; k++) this.scorer.offer(touchedOwners[k], k, query, top);
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
        this.marks.prepareTermSlots(n);
        this.marks.nVariants = 0;
        this.marks.nOwners = 0;
        // 1. The places the query may name in full: each place is keyed by the rarest term of each of
        // its variants, so a query holds that term of every place it names in full (placeWords). Other
        // places are read when a rare term names them (2), as the town or district of a feature read
        // (placeMask), or among the most important holding a common word (3); not every place
        // holding "de". placeBits: the words some place holds (no fewer than its towns can explain).
        this.marks.lazyQuery = query;
        const keyStart = P.placeKeyStart, keys = P.placeKeys;
        let placeBits = 0;
        for (let i = 0; i < n; i++) {
            const m = this.marks.matches[i], bit = 1 << i;
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k];
                for (let p = keyStart[id], end = keyStart[id + 1]; p < end; p++) this.marks.evaluateOwner(keys[p], query);
                if (!(placeBits & bit) && this.marks.placePostings(id) > 0) placeBits |= bit;
            }
        }
        this.scorer.readPlaces(query, 0, this.marks.nOwners);
        query.placeBits = placeBits;
        // 2. The features a rare term names, and those in the places a rare term names (a word may
        // match a common street word exactly and a town within two edits: "fontaine", "Fontairo").
        let rarest = -1, rarestPostings = Infinity, rareCount = 0;
        for (let i = 0; i < n; i++) {
            if (isNumberLike(words, i)) continue;
            const m = this.marks.matches[i];
            let common = 0;
            for (let k = 0; k < m.length; k++) {
                const id = m.ids[k], count = postStart[id + 1] - postStart[id];
                if (count > this.limits.selectivePostings) {
                    common += count;
                    continue;
                }
                const slot = this.marks.termSlot[id];
                if (this.marks.slotRareRank[slot] < 0) this.marks.slotRareRank[slot] = rareCount++;
                for (let p = postStart[id], end = postStart[id + 1]; p < end; p++) this.marks.evaluateOwner(owner[postings[p]], query);
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
        for (let k = 0, read = this.marks.nOwners; k < read; k++) {
            if (!P.isPlace(this.marks.touchedOwners[k])) continue;
            const rank = this.marks.rareTermRank(this.marks.touchedOwners[k]);
            if (rank >= 0) named.push(rank * MAX_PLACES + k);
        }
        named.sort((a, b) => a - b);
        let budget = this.limits.memberFeatures;
        for (let j = 0; j < named.length && budget > 0; j++) {
            const place = this.marks.touchedOwners[named[j] % MAX_PLACES], count = P.members.count(place);
            for (let m = 0; m < count; m++) this.marks.evaluateOwner(P.members.member(place, m), query);
            budget -= count;
        }
        // 3. The most important features holding the rarest common word's common terms, and apart
        // from them (places come last in each term's list) the most important places holding them.
        if (rarest >= 0) {
            const m = this.marks.matches[rarest], byImportance = P.termPostingsByImportance;
            let left = this.limits.frequentCandidates, placesLeft = this.limits.frequentCandidates;
            for (let k = 0; k < m.length && (left > 0 || placesLeft > 0); k++) {
                const id = m.ids[k], from = postStart[id], end = postStart[id + 1];
                if (end - from <= this.limits.selectivePostings) continue;
                const placesFrom = end - this.marks.placePostings(id);
                for (let p = from; p < placesFrom && left > 0; p++) if (this.marks.evaluateOwner(owner[byImportance[p]], query)) left--;
                for (let p = placesFrom; p < end && placesLeft > 0; p++) if (this.marks.evaluateOwner(owner[byImportance[p]], query)) placesLeft--;
            }
        }
        // 4. Scored with the order rankAll's postings walk would have met them in (one number per
        // feature: word and match above the variant) breaking ties, as rankAll's offers do.
        const touchWord = this.marks.ownerTouchWord, touchVariant = this.marks.ownerTouchVariant;
        let scored = 0;
        for (let k = 0; k < this.marks.nOwners; k++) {
            const f = this.marks.touchedOwners[k];
            if (this.marks.ownerBest[f] < 0) continue;
            this.scorer.offer(f, touchWord[k] * VARIANT_RANGE + touchVariant[k], query, top);
            scored++;
        }
        this.candidatesScored = scored;
        this.marks.lazyQuery = null;
    }
}
