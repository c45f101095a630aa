// The sorted token dictionary of the geocoding index: every folded word of every name, every
// house number key and every postcode key, once, in UTF-16 code unit order. Terms are stored as
// one flat Uint16Array of code units with start offsets, so exact and prefix lookups are binary
// searches; typos are looked up in an index of the terms' forms with letters deleted (deletions.ts)
// and checked on the code units without building strings.
import {lowerBound} from '../format/growable.js';
import {buildDeletionIndex, formCount, formHashes} from './deletions.js';
import {EditDistance, letterMask, popcount} from './edit-distance.js';

export interface DictionaryArrays {
    termChars: Uint16Array;
    /** Term t is termChars[termStarts[t], termStarts[t + 1]). */
    termStarts: Uint32Array;
    /** Letter-set mask per term (edit-distance.ts), a cheap lower bound before the distance. */
    termLetters: Uint32Array;
    /** Term ids ordered by length; those of length L are byLength[lengthStarts[L], lengthStarts[L + 1]). */
    byLength: Uint32Array;
    lengthStarts: Uint32Array;
    /** Typo index (deletions.ts): hashes of the terms' forms with up to two letters deleted, sorted, and their term * 4 + letters deleted. */
    deletionKeys: Uint32Array;
    deletionEntries: Uint32Array;
}

/** Builds the dictionary arrays from a set of distinct folded terms; ids follow the sorted order. */
export function buildDictionary(terms: Iterable<string>): {sorted: string[]; arrays: DictionaryArrays} {
    const sorted = [...new Set(terms)].sort();
    let chars = 0, maxLen = 0;
    for (const t of sorted) {
        chars += t.length;
        if (t.length > maxLen) maxLen = t.length;
    }
    const termChars = new Uint16Array(chars);
    const termStarts = new Uint32Array(sorted.length + 1);
    const termLetters = new Uint32Array(sorted.length);
    const lengthCounts = new Uint32Array(maxLen + 2);
    let o = 0;
    for (let t = 0; t < sorted.length; t++) {
        const s = sorted[t];
        termStarts[t] = o;
        for (let i = 0; i < s.length; i++) termChars[o++] = s.charCodeAt(i);
        termLetters[t] = letterMask(s);
        lengthCounts[s.length + 1]++;
    }
    termStarts[sorted.length] = o;
    const lengthStarts = new Uint32Array(maxLen + 2);
    for (let l = 1; l < lengthStarts.length; l++) lengthStarts[l] = lengthStarts[l - 1] + lengthCounts[l];
    const fill = lengthStarts.slice();
    const byLength = new Uint32Array(sorted.length);
    for (let t = 0; t < sorted.length; t++) byLength[fill[sorted[t].length]++] = t;
    const deletions = buildDeletionIndex(sorted);
    return {sorted, arrays: {termChars, termStarts, termLetters, byLength, lengthStarts, deletionKeys: deletions.keys, deletionEntries: deletions.entries}};
}

/** Matches of one query word: term ids with an edit count (0 exact) and whether it was a prefix. */
export class TermMatches {
    ids = new Uint32Array(256);
    edits = new Uint8Array(256);
    prefix = new Uint8Array(256);
    length = 0;

    clear(): void {
        this.length = 0;
    }

    has(id: number): boolean {
        for (let i = 0; i < this.length; i++) if (this.ids[i] === id) return true;
        return false;
    }

    /** Appends a match; callers push the best matches first (a term may appear twice). */
    push(id: number, edits: number, prefix: boolean): void {
        if (this.length === this.ids.length) {
            const ids = new Uint32Array(this.length * 2), e = new Uint8Array(this.length * 2), p = new Uint8Array(this.length * 2);
            ids.set(this.ids);
            e.set(this.edits);
            p.set(this.prefix);
            this.ids = ids;
            this.edits = e;
            this.prefix = p;
        }
        this.ids[this.length] = id;
        this.edits[this.length] = edits;
        this.prefix[this.length] = prefix ? 1 : 0;
        this.length++;
    }
}

export class TermDictionary {
    readonly size: number;
    private readonly distance = new EditDistance();
    // fuzzy's scratch: the query word's form hashes, the candidate terms, and per term the lookup that last found it.
    private formHashes = new Uint32Array(64);
    private formDeleted = new Uint8Array(64);
    private candidates = new Float64Array(64);
    private readonly seenIn: Uint32Array;
    private lookup = 0;

    constructor(private readonly a: DictionaryArrays) {
        this.size = a.termStarts.length - 1;
        this.seenIn = new Uint32Array(this.size);
    }

    /** The term as a string (results, debugging; not for hot loops). */
    term(id: number): string {
        const {termChars, termStarts} = this.a;
        return String.fromCharCode(...termChars.subarray(termStarts[id], termStarts[id + 1]));
    }

    /** Length of term `id` in code units. */
    termLength(id: number): number {
        return this.a.termStarts[id + 1] - this.a.termStarts[id];
    }

    /** Code-unit comparison of a string with term `id`: <0, 0, >0. With `prefixOnly`, a term starting with s compares equal. */
    compare(s: string, id: number, prefixOnly = false): number {
        const {termChars, termStarts} = this.a;
        const start = termStarts[id], len = termStarts[id + 1] - start;
        const n = s.length < len ? s.length : len;
        for (let i = 0; i < n; i++) {
            const d = s.charCodeAt(i) - termChars[start + i];
            if (d !== 0) return d;
        }
        if (prefixOnly && s.length <= len) return 0;
        return s.length - len;
    }

    /** Id of the exact term, or -1. */
    find(s: string): number {
        let lo = 0, hi = this.size - 1;
        while (lo <= hi) {
            const mid = (lo + hi) >>> 1;
            const c = this.compare(s, mid);
            if (c > 0) lo = mid + 1;
            else if (c < 0) hi = mid - 1;
            else return mid;
        }
        return -1;
    }

    /** First id whose term is >= s. */
    private lowerBound(s: string): number {
        let lo = 0, hi = this.size;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (this.compare(s, mid) > 0) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Terms starting with `s` (s itself included when present), at most `max`, into `out`. */
    prefixes(s: string, max: number, out: TermMatches): void {
        let id = this.lowerBound(s);
        for (let n = 0; id < this.size && n < max; id++, n++) {
            if (this.compare(s, id, true) !== 0) break;
            out.push(id, 0, this.a.termStarts[id + 1] - this.a.termStarts[id] !== s.length);
        }
    }

    /** Terms within `max` edits of `s` (exact excluded), into `out`: shortest first, then in term order. */
    fuzzy(s: string, max: number, out: TermMatches): void {
        if (max <= 0 || this.size === 0) return;
        const {termChars, termStarts, termLetters, deletionKeys, deletionEntries} = this.a;
        const forms = formCount(s.length, max);
        if (forms > this.formHashes.length) {
            this.formHashes = new Uint32Array(forms * 2);
            this.formDeleted = new Uint8Array(forms * 2);
        }
        const count = formHashes(s, max, this.formHashes, this.formDeleted);
        let lookup = ++this.lookup;
        if (lookup === 0xffffffff) {
            this.seenIn.fill(0);
            lookup = this.lookup = 1;
        }
        // Candidates: terms within `max` letters of the word's length with a form the word shares.
        let found = 0;
        for (let k = 0; k < count; k++) {
            const key = this.formHashes[k];
            for (let i = lowerBound(deletionKeys, key); i < deletionKeys.length && deletionKeys[i] === key; i++) {
                const entry = deletionEntries[i], id = entry >>> 2;
                if ((entry & 3) > max || this.seenIn[id] === lookup) continue;
                const length = termStarts[id + 1] - termStarts[id];
                if (length < s.length - max || length > s.length + max) continue;
                this.seenIn[id] = lookup;
                if (found === this.candidates.length) this.growCandidates();
                this.candidates[found++] = length * 2 ** 32 + id;
            }
        }
        // In the order a scan by length, then term, meets them.
        const order = this.candidates.subarray(0, found).sort();
        const letters = letterMask(s), maxLetterDiff = 2 * max;
        for (let k = 0; k < found; k++) {
            const id = order[k] % 2 ** 32;
            // Each edit changes the letter set by at most two letters: a cheap test before the distance.
            if (popcount(letters ^ termLetters[id]) > maxLetterDiff) continue;
            const d = this.distance.bounded(s, termChars, termStarts[id], termStarts[id + 1], max);
            if (d > 0 && d <= max) out.push(id, d, false);
        }
    }

    private growCandidates(): void {
        const grown = new Float64Array(this.candidates.length * 2);
        grown.set(this.candidates);
        this.candidates = grown;
    }

    /** Terms that are `s` with one letter more: the letter a typist dropped ("tiq" → "triq", "gma" → "gama"). */
    withOneMore(s: string, out: TermMatches): void {
        const n = s.length;
        const {termChars, termStarts, byLength, lengthStarts} = this.a;
        if (n < 1 || n + 1 > lengthStarts.length - 2) return;
        for (let k = lengthStarts[n + 1], end = lengthStarts[n + 2]; k < end; k++) {
            const id = byLength[k];
            const at = termStarts[id];
            let i = 0;
            while (i < n && termChars[at + i] === s.charCodeAt(i)) i++;
            let j = i;
            while (j < n && termChars[at + j + 1] === s.charCodeAt(j)) j++;
            if (j === n) out.push(id, 1, false);
        }
    }

    /**
     * Terms that are `s` with two neighbouring letters swapped ("lio" → "loi"), as one edit: the only
     * typo looked for in words too short for other edits (a substituted letter there is another word).
     */
    swaps(s: string, out: TermMatches): void {
        const n = s.length;
        const {termChars, termStarts, byLength, lengthStarts} = this.a;
        if (n < 2 || n > lengthStarts.length - 2) return;
        for (let k = lengthStarts[n], end = lengthStarts[n + 1]; k < end; k++) {
            const id = byLength[k];
            const at = termStarts[id];
            let i = 0;
            while (i < n && termChars[at + i] === s.charCodeAt(i)) i++;
            if (i + 1 >= n || termChars[at + i] !== s.charCodeAt(i + 1) || termChars[at + i + 1] !== s.charCodeAt(i)) continue;
            let j = i + 2;
            while (j < n && termChars[at + j] === s.charCodeAt(j)) j++;
            if (j === n && s.charCodeAt(i) !== s.charCodeAt(i + 1)) out.push(id, 1, false);
        }
    }
}
