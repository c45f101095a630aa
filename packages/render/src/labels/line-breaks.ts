// MapLibre's line breaking of point labels (shaping.ts, determineLineBreaks): not greedy, but the
// breaks that make the lines closest to the average width, the number of lines being what
// text-max-width asks for. Breaks may follow a space or one of a few punctuation marks; spaces add
// no width to a line's length, and a break before ")" or after "(" costs more.

/** Characters a line may break after (MapLibre's `breakable`). */
const BREAKABLE = new Set([0x0a, 0x20, 0x26, 0x29, 0x2b, 0x2d, 0x2f, 0xad, 0xb7, 0x200b, 0x2010, 0x2013, 0x2027]);
const WHITESPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);
/** Breaks a label longer than this is left on one line (the search is quadratic in breaks). */
const MAX_BREAKS = 64;

function badness(lineWidth: number, target: number, penalty: number, last: boolean): number {
    const ragged = (lineWidth - target) ** 2;
    if (last) return lineWidth < target ? ragged / 2 : ragged * 2;
    return ragged + (penalty < 0 ? -(penalty ** 2) : penalty ** 2);
}

interface Breaks {index: number[]; xs: number[]; prior: number[]; bad: number[]}

/** Adds a candidate break at `at` (x wide so far), linked to the prior break that makes it least bad. */
function evaluate(breaks: Breaks, target: number, at: number, x: number, penalty: number, last: boolean): void {
    const {index, xs, prior, bad} = breaks;
    let best = -1, bestBad = badness(x, target, penalty, last);
    for (let k = 0; k < index.length; k++) {
        const b = badness(x - xs[k], target, penalty, last) + bad[k];
        if (b <= bestBad) {
            best = k;
            bestBad = b;
        }
    }
    index.push(at);
    xs.push(x);
    prior.push(best);
    bad.push(bestBad);
}

/**
 * The text with "\n" at the chosen breaks. `advances[i]` is the width of chars[i] in the same unit
 * as maxWidth.
 */
export function breakLines(chars: string[], advances: Float64Array, maxWidth: number): string {
    const n = chars.length;
    let total = 0;
    for (let i = 0; i < n; i++) total += advances[i];
    if (total <= maxWidth || n < 2) return chars.join('');
    const target = total / Math.max(1, Math.ceil(total / maxWidth));
    // Candidate breaks: index (break before chars[index]), x, the best prior break and the badness.
    const breaks: Breaks = {index: [], xs: [], prior: [], bad: []};
    let x = 0;
    for (let i = 0; i < n; i++) {
        const code = chars[i].codePointAt(0)!;
        if (!WHITESPACE.has(code)) x += advances[i];
        if (i < n - 1 && BREAKABLE.has(code) && breaks.index.length < MAX_BREAKS) {
            const next = chars[i + 1].codePointAt(0)!;
            const penalty = (code === 0x0a ? -10000 : 0) + (code === 0x28 || code === 0xff08 ? 50 : 0) + (next === 0x29 || next === 0xff09 ? 50 : 0);
            evaluate(breaks, target, i + 1, x, penalty, false);
        }
    }
    evaluate(breaks, target, n, x, 0, true);
    const {index, prior} = breaks;
    const chosen: number[] = [];
    for (let k = prior[prior.length - 1]; k >= 0; k = prior[k]) chosen.push(index[k]);
    chosen.reverse();
    const lines: string[] = [];
    let start = 0;
    for (const b of chosen) {
        lines.push(chars.slice(start, b).join('').trim());
        start = b;
    }
    lines.push(chars.slice(start).join('').trim());
    return lines.filter((l) => l !== '').join('\n');
}
