// House numbers in a query: the address of a street that carries the number a word names, or a
// number the street lacks placed between its known ones (interpolation.ts), and how well an
// address fits the query's other words (its postcode, its town).
import {estimateHouse} from '../interpolation.js';
import {ADDRESS_INTERPOLATED, type Places} from '../places.js';
import type {QueryMarks} from './marks.js';
import {plainHousenumber, type QueryWord} from './query-words.js';

export class HouseNumbers {
    /** The word findHousenumber matched, and whether it took the next word with it ("12 a"). */
    housenumberWord = -1;
    housenumberTookNext = false;
    /** The known house nearest in number to the last estimate (estimateHouse sets it). */
    readonly near = {index: -1};

    constructor(private readonly places: Places, private readonly marks: QueryMarks) {}

    /**
     * The address of street f with a house number the query names (a word not used by the name),
     * preferring words that are not also a postcode. Sets housenumberWord / housenumberTookNext.
     */
    findHousenumber(f: number, words: QueryWord[], rest: number): number {
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

    /**
     * A word of the query (not used by the name) that is a plain house number street f lacks but can
     * place between its known numbers; -1 when none. Leaves near.index at the known house nearest in number.
     */
    estimatedHousenumber(f: number, words: QueryWord[], rest: number): number {
        for (let i = plainHousenumber(words, rest); i >= 0; i = plainHousenumber(words, rest, i + 1)) {
            if (this.estimate(f, words[i].plainNumber) !== null) return i;
        }
        return -1;
    }

    /** Position of house `number` on street f from its known numbers (interpolation.ts), or null; sets near.index to an address. */
    estimate(f: number, number: number): [number, number] | null {
        const P = this.places;
        return estimateHouse(P, P.streetAddrStart[f], P.streetAddrStart[f + 1], number, P, P, this.near);
    }

    /** How well an address fits the query's other words: its postcode (2), its town or district (1), tagged (0.5). */
    addressFit(a: number, words: QueryWord[], rest: number): number {
        const P = this.places;
        let fit = P.aFlags[a] & ADDRESS_INTERPOLATED ? 0 : 0.5;
        const postcode = P.aPostcode[a];
        if ((this.marks.placeMask(P.aCity[a]) | this.marks.placeMask(P.aDistrict[a])) & rest) fit += 1;
        for (let i = 0; i < words.length; i++) {
            if (!(rest & (1 << i))) continue;
            if (postcode !== 0 && (words[i].postcode === postcode || words[i].postcodePair === postcode)) {
                fit += 2;
                break;
            }
        }
        return fit;
    }
}
