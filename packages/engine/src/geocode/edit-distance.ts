// Bounded edit distance for typo tolerance: Damerau-Levenshtein in its "optimal string alignment"
// form (insert, delete, substitute, swap two neighbours: one edit each), computed on three rolling
// rows and abandoned as soon as every cell of a row exceeds the bound.

/** Edits allowed for a query word of this length: none up to 3 letters (but see SWAP_LENGTH), 1 up to 7, then 2. */
export function maxEditsFor(length: number): number {
    return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/**
 * Words this short allow one typo only if it is two neighbouring letters swapped ("Lio" for "Loi"),
 * or, when the word is no term of the data, a letter dropped ("Tiq" for "Triq"): a different letter
 * in a word this short is another word.
 */
export const SWAP_LENGTH = 3;

/** Reusable rows; one per thread (the geocoder owns one). */
export class EditDistance {
    private prev2 = new Int32Array(64);
    private prev = new Int32Array(64);
    private row = new Int32Array(64);

    /**
     * Distance between `a` and b[bStart, bEnd) (UTF-16 code units), or max + 1 when it is larger than `max`.
     */
    bounded(a: string, b: Uint16Array, bStart: number, bEnd: number, max: number): number {
        const n = a.length;
        const m = bEnd - bStart;
        if (Math.abs(n - m) > max) return max + 1;
        if (m + 1 > this.row.length) this.grow(m + 1);
        let prev2 = this.prev2, prev = this.prev, row = this.row;
        for (let j = 0; j <= m; j++) prev[j] = j;
        for (let i = 1; i <= n; i++) {
            const ca = a.charCodeAt(i - 1);
            row[0] = i;
            let rowMin = i;
            for (let j = 1; j <= m; j++) {
                const cb = b[bStart + j - 1];
                let d = prev[j - 1] + (ca === cb ? 0 : 1);
                const del = prev[j] + 1;
                if (del < d) d = del;
                const ins = row[j - 1] + 1;
                if (ins < d) d = ins;
                if (i > 1 && j > 1 && ca === b[bStart + j - 2] && a.charCodeAt(i - 2) === cb) {
                    const swap = prev2[j - 2] + 1;
                    if (swap < d) d = swap;
                }
                row[j] = d;
                if (d < rowMin) rowMin = d;
            }
            if (rowMin > max) return max + 1;
            const t = prev2;
            prev2 = prev;
            prev = row;
            row = t;
        }
        this.prev2 = prev2;
        this.prev = prev;
        this.row = row;
        const d = prev[m];
        return d > max ? max + 1 : d;
    }

    /** Same on two strings (tests, tools). */
    between(a: string, b: string, max = Math.max(a.length, b.length)): number {
        const codes = new Uint16Array(b.length);
        for (let i = 0; i < b.length; i++) codes[i] = b.charCodeAt(i);
        return this.bounded(a, codes, 0, codes.length, max);
    }

    private grow(n: number): void {
        this.prev2 = new Int32Array(n * 2);
        this.prev = new Int32Array(n * 2);
        this.row = new Int32Array(n * 2);
    }
}

/** Bit i set when the word holds letter 'a' + i (other characters share bit 26..31 by code). */
export function letterMask(s: string): number {
    let mask = 0;
    for (let i = 0; i < s.length; i++) mask |= 1 << letterBit(s.charCodeAt(i));
    return mask >>> 0;
}

export function letterBit(code: number): number {
    return code >= 97 && code <= 122 ? code - 97 : 26 + (code % 6);
}

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
