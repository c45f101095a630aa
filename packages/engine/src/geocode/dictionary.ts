// The sorted token dictionary of the geocoding index: every folded word of every name, every
// house number key and every postcode key, once, in UTF-16 code unit order. Terms are stored as
// one flat Uint16Array of code units with start offsets, so exact and prefix lookups are binary
// searches and the typo scan compares code units without building strings.
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
    return {sorted, arrays: {termChars, termStarts, termLetters, byLength, lengthStarts}};
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

    constructor(private readonly a: DictionaryArrays) {
        this.size = a.termStarts.length - 1;
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

    /** Terms within `max` edits of `s` (exact excluded), into `out`. */
    fuzzy(s: string, max: number, out: TermMatches): void {
        if (max <= 0) return;
        const {termChars, termStarts, termLetters, byLength, lengthStarts} = this.a;
        const letters = letterMask(s);
        const minLen = Math.max(1, s.length - max);
        const maxLen = Math.min(lengthStarts.length - 2, s.length + max);
        if (minLen > maxLen) return;
        // Two edits can change the letter set by at most 2 * max letters.
        const maxLetterDiff = 2 * max;
        for (let k = lengthStarts[minLen], end = lengthStarts[maxLen + 1]; k < end; k++) {
            const id = byLength[k];
            if (popcount(letters ^ termLetters[id]) > maxLetterDiff) continue;
            const d = this.distance.bounded(s, termChars, termStarts[id], termStarts[id + 1], max);
            if (d > 0 && d <= max) out.push(id, d, false);
        }
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
