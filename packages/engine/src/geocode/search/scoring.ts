// Scoring a feature against the query: its best name variant's words, then the words its name
// leaves, which may be its house number, its postcode or a name of its town or district;
// unexplained words cost part of their weight. scoreBound is the most a feature can score, to
// leave it before its addresses are read when that would not be kept.
import {projectedMeters} from '../../geo/distance.js';
import {ADDRESS_INTERPOLATED, LANDMARK_IMPORTANCE, type Places} from '../places.js';
import type {HouseNumbers} from './housenumbers.js';
import type {QueryMarks, RankQuery} from './marks.js';
import {MAX_WORDS, plainHousenumber, type QueryWord} from './query-words.js';
import {candidateKey, type TopCandidates} from './top-candidates.js';

/** Below this text score (0..1) a candidate is not an answer. */
const MIN_SCORE = 0.3;
/** Share of its weight a word earns by naming the result's town or district: it confirms, the name decides. */
const CONTEXT_SHARE = 0.6;
/** Share of an unexplained word's weight taken off the score (a number the street lacks, or a town other than the data's, costs less). */
const UNEXPLAINED_COST = 0.5;
const UNEXPLAINED_NUMBER_COST = 0.2;
/** A number is placed between known ones only on a street whose name the query matches this much (share of its weight). */
const ESTIMATE_MIN_COVER = 0.6;
/** What a house number the street lacks counts for the street, of what the house would. */
const LACKED_NUMBER_SHARE = 0.5;

export class Scorer {
    // scoreBound's per-word gains (prepareBounds).
    private readonly wordWeight = new Float64Array(MAX_WORDS);
    private readonly contextGain = new Float64Array(MAX_WORDS);
    private readonly unexplainedGain = new Float64Array(MAX_WORDS);
    private readonly postcodeGain = new Float64Array(MAX_WORDS);

    constructor(private readonly places: Places, private readonly marks: QueryMarks, private readonly houses: HouseNumbers) {}

    /**
     * The words that name places among touched owners [from, to) (query.placeBits), and those that
     * fully name one (query.placeWords): a town the query adds (maybe not the data's) costs less unexplained.
     */
    readPlaces(query: RankQuery, from: number, to: number): void {
        const P = this.places;
        let placeWords = 0, placeBits = 0;
        for (let k = from; k < to; k++) {
            const f = this.marks.touchedOwners[k];
            if (!P.isPlace(f)) continue;
            const v = this.marks.ownerBest[f];
            if (v < 0) continue;
            placeBits |= this.marks.variantMask[v];
            if (this.marks.variantCover[v] >= P.variantWeight[v] * 0.99) placeWords |= this.marks.variantMask[v];
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
     * Scores feature f (its best variant set) and offers it to the top list; `touch` orders equals
     * (the first met first). A feature whose best possible score would not be kept is left before
     * its addresses are read.
     */
    offer(f: number, touch: number, query: RankQuery, top: TopCandidates): void {
        const P = this.places, words = query.words, n = words.length;
        const {variantMask, variantQuality, variantCover, ownerBest} = this.marks;
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
            address = this.houses.findHousenumber(f, words, rest);
            let i = -1;
            if (address >= 0) {
                i = this.houses.housenumberWord;
                if (this.houses.housenumberTookNext) rest &= ~(1 << (i + 1));
            } else if (variantCover[v] >= vWeight[v] * ESTIMATE_MIN_COVER) {
                // A number the data lacks: placed between the known ones, when the street has them.
                i = this.houses.estimatedHousenumber(f, words, rest);
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
            if (number >= 0) address = this.houses.near.index;
            const postcode = address >= 0 ? P.aPostcode[address] : P.fPostcode[f];
            const city = address >= 0 ? P.aCity[address] : P.fCity[f], district = address >= 0 ? P.aDistrict[address] : P.fDistrict[f];
            const cityMask = this.marks.placeMask(city), districtMask = this.marks.placeMask(district), context = cityMask | districtMask;
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
            tail = 99999 - Math.min(99999, Math.round(projectedMeters(lat, lon, query.focusLat, query.focusLon, P.metersPerLat, P.metersPerLon) / 5));
        } else {
            tail = Math.round(Math.min(1, score) * 50000) + Math.round(Math.min(1, importance / 2) * 49999);
        }
        top.offer(candidateKey(score, kindRank, importance, tail, focus), touch, f, address, score, matchedPostcode, number);
    }

    /**
     * How well the words of `mask` name place p1 (a town or district column): the mean quality of
     * their matches (1 exact, 0.8 one edit ...), to four places so that equal names score equal.
     */
    private placeQuality(p1: number, mask: number, words: QueryWord[]): number {
        if (mask === 0) return 0;
        let weight = 0;
        for (let bits = mask; bits !== 0; bits &= bits - 1) weight += words[31 - Math.clz32(bits & -bits)].weight;
        return Math.round(this.marks.variantQuality[this.marks.ownerBest[p1 - 1]] / weight * 1e4) / 1e4;
    }

    /**
     * No less than the score offer gives feature f (best variant v, rest: the words its name leaves):
     * each word left counts as the most it can (a house number of a street, a postcode, a town's
     * name, or removed with its neighbour), else as unexplained.
     */
    private scoreBound(f: number, v: number, rest: number, query: RankQuery): number {
        const P = this.places, nameMask = this.marks.variantMask[v];
        const quality = this.marks.variantQuality[v], cover = Math.min(1, this.marks.variantCover[v] / P.variantWeight[v]);
        const street = P.isStreet(f);
        // The words a town or district of f (or of one of its addresses) can explain.
        let context = this.marks.placeMask(P.fCity[f]) | this.marks.placeMask(P.fDistrict[f]);
        if (street && (rest & query.placeBits & ~context) !== 0) {
            for (let a = P.streetAddrStart[f], end = P.streetAddrStart[f + 1]; a < end; a++) context |= this.marks.placeMask(P.aCity[a]) | this.marks.placeMask(P.aDistrict[a]);
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
}
