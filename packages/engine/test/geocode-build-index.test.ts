// What the build stores in the places section so that a search reads it instead of making it (on a
// worker's first query, or by scanning the whole vocabulary): on the real extracts, the typo index
// finds exactly the terms a scan of every term finds, in the scan's order; each place's members are
// the features in it; each word's postings by importance are its postings, places last, most
// important first; each place is keyed by the rarest term of each of its variants.
import t from 'tap';
import {TermMatches} from '../src/geocode/dictionary.js';
import {EditDistance} from '../src/geocode/edit-distance.js';
import {testRegion} from './helpers.js';
import {regionSections} from '../src/internal.js';

/** A deterministic stream in [0, 1). */
function lcg(seed: number): () => number {
    let x = seed >>> 0;
    return () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

t.test('the typo index finds what a scan of every term finds', async (t) => {
    for (const cc of ['BE', 'PT']) {
        const dict = regionSections(testRegion(cc)).places.dictionary;
        const terms: string[] = [];
        for (let id = 0; id < dict.size; id++) terms.push(dict.term(id));
        // The scan's order: by length, then term.
        const byLength = terms.map((_, id) => id).sort((a, b) => terms[a].length - terms[b].length || a - b);
        const random = lcg(cc === 'BE' ? 7 : 11), letters = 'abcdeilnorstuéè-1';
        const distance = new EditDistance(), m = new TermMatches();
        let matches = 0;
        for (let w = 0; w < 1000; w++) {
            // A term with up to three random edits (insert, delete, substitute, swap).
            let word = terms[Math.floor(random() * terms.length)];
            for (let e = Math.floor(random() * 4); e > 0; e--) {
                const at = Math.floor(random() * (word.length + 1)), c = letters[Math.floor(random() * letters.length)], kind = Math.floor(random() * 4);
                word = kind === 0 ? word.slice(0, at) + c + word.slice(at) : kind === 1 ? word.slice(0, at) + word.slice(at + 1)
                    : kind === 2 ? word.slice(0, at) + c + word.slice(at + 1) : word.slice(0, at) + word.slice(at + 1, at + 2) + word.slice(at, at + 1) + word.slice(at + 2);
            }
            if (word.length === 0) continue;
            for (const max of [1, 2]) {
                const expected: string[] = [];
                for (const id of byLength) {
                    const d = distance.between(word, terms[id], max);
                    if (d > 0 && d <= max) expected.push(`${terms[id]}/${d}`);
                }
                m.clear();
                dict.fuzzy(word, max, m);
                const found = Array.from(m.ids.subarray(0, m.length), (id, k) => `${terms[id]}/${m.edits[k]}`);
                if (found.join() !== expected.join()) t.same(found, expected, `${cc} '${word}' within ${max}`);
                matches += expected.length;
            }
        }
        t.ok(matches > 1000, `${cc}: ${matches} typo matches of ${terms.length} terms, all as the scan finds them`);
    }
});

t.test('each place\'s members are the features in it, and postings by importance are the postings, places last, most important first', async (t) => {
    for (const cc of ['BE', 'MT', 'PT']) {
        const P = regionSections(testRegion(cc)).places;
        // The features in each place: its town or district, or (a street) an address's.
        const inPlace: number[][] = Array.from({length: P.placeCount}, () => []);
        const add = (p1: number, f: number) => {
            const p = p1 - 1 - P.placeOffset;
            if (p >= 0 && p < P.placeCount && inPlace[p][inPlace[p].length - 1] !== f) inPlace[p].push(f);
        };
        for (let f = 0; f < P.featureCount; f++) {
            add(P.fCity[f], f);
            add(P.fDistrict[f], f);
            for (let a = P.streetAddrStart[f]; P.isStreet(f) && a < P.streetAddrStart[f + 1]; a++) {
                add(P.aCity[a], f);
                add(P.aDistrict[a], f);
            }
        }
        let members = 0, differing = 0;
        for (let p = 0; p < P.placeCount; p++) {
            const f = P.placeOffset + p, expected = [...new Set(inPlace[p])].sort((a, b) => a - b);
            const stored = Array.from({length: P.members.count(f)}, (_, i) => P.members.member(f, i));
            if (stored.join() !== expected.join()) differing++;
            members += stored.length;
        }
        t.equal(differing, 0, `${cc}: ${P.placeCount} places, ${members} members`);
        t.ok(members > 0, `${cc}: places have members`);
        let unordered = 0, lists = 0;
        for (let id = 0; id < P.dictionary.size; id++) {
            const from = P.termPostStart[id], to = P.termPostStart[id + 1];
            if (to - from < 2) continue;
            lists++;
            const sorted = P.termPostingsByImportance.subarray(from, to);
            if (Array.from(sorted).sort((a, b) => a - b).join() !== Array.from(P.termPostings.subarray(from, to)).join()) unordered++;
            for (let i = 1; i < sorted.length; i++) {
                const a = P.variantOwner[sorted[i - 1]], b = P.variantOwner[sorted[i]];
                const placeA = P.isPlace(a) ? 1 : 0, placeB = P.isPlace(b) ? 1 : 0;
                const before = P.fImportance[a], here = P.fImportance[b];
                if (placeA > placeB || (placeA === placeB && (before < here || (before === here && sorted[i - 1] > sorted[i])))) unordered++;
            }
        }
        t.equal(unordered, 0, `${cc}: ${lists} words' postings by importance`);
    }
});

t.test('each place is keyed by the rarest term of each of its variants, and only by those', async (t) => {
    for (const cc of ['BE', 'MT', 'PT']) {
        const P = regionSections(testRegion(cc)).places;
        const expected = new Set<string>();
        for (let f = P.placeOffset; f < P.poiOffset; f++) {
            for (let v = P.featureVariantStart[f]; v < P.featureVariantStart[f + 1]; v++) {
                let key = -1;
                for (let i = P.variantTermStart[v]; i < P.variantTermStart[v + 1]; i++) {
                    const id = P.variantTerms[i];
                    // The rarest: the fewest postings (the highest weight), then the first term.
                    if (key < 0 || P.termWeight[id] > P.termWeight[key] || (P.termWeight[id] === P.termWeight[key] && id < key)) key = id;
                }
                if (key >= 0) expected.add(`${key} ${f}`);
            }
        }
        const stored: string[] = [];
        let unordered = 0;
        for (let id = 0; id < P.dictionary.size; id++) {
            for (let k = P.placeKeyStart[id]; k < P.placeKeyStart[id + 1]; k++) {
                stored.push(`${id} ${P.placeKeys[k]}`);
                if (k > P.placeKeyStart[id] && P.placeKeys[k - 1] >= P.placeKeys[k]) unordered++;
            }
        }
        t.same(stored.sort(), [...expected].sort(), `${cc}: ${P.placeCount} places, ${stored.length} keys`);
        t.equal(unordered, 0, `${cc}: each term's places once, in order`);
    }
});
