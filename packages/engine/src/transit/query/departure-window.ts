// The departures a public transport time stands for. Leaving at one exact minute, a trip can
// include minutes of waiting for the first vehicle that leaving a little later would not have, so
// a time is measured for every minute of a window (07:30–08:30 by default) and one of them
// answers: the given percentile of the per-minute times (nearest rank; 50, the median, by
// default), so it is always a real departure's time. Among the departures with that time the
// latest is the one reported (leaving later for the same trip).
export interface DepartureWindow {
    /** First and last departure, seconds after midnight local time, both included (one per minute). */
    startSeconds: number;
    endSeconds: number;
    /** Which of the per-minute travel times answers, 1–100 (50: the median, 100: the slowest). */
    percentile: number;
}

export const WINDOW_STEP_SECONDS = 60;
/** 07:30–08:30, the median. */
export const DEFAULT_DEPARTURE_WINDOW: DepartureWindow = {startSeconds: 7.5 * 3600, endSeconds: 8.5 * 3600, percentile: 50};
/** Departures per window at most (four hours). */
export const MAX_WINDOW_DEPARTURES = 241;

/** Why a window cannot be used (a sentence for the user), or null when it can. */
export function windowProblem(w: DepartureWindow): string | null {
    if (!Number.isInteger(w.startSeconds) || !Number.isInteger(w.endSeconds) || w.startSeconds < 0 || w.endSeconds > 48 * 3600) {
        return 'the departure window must run between 00:00 and 48:00 in whole seconds';
    }
    if (w.endSeconds < w.startSeconds) return 'the departure window ends before it starts: write it as HH:MM-HH:MM, earliest first';
    if (departureCount(w) > MAX_WINDOW_DEPARTURES) return `the departure window holds at most ${MAX_WINDOW_DEPARTURES} departures (four hours, one per minute)`;
    if (typeof w.percentile !== 'number' || !(w.percentile >= 1 && w.percentile <= 100)) return 'the percentile must be a number from 1 to 100 (50: the median)';
    return null;
}

/** Reads "HH:MM-HH:MM" (e.g. "07:30-08:30") and a percentile; throws with what to write instead. */
export function parseDepartureWindow(text: string, percentile = 50): DepartureWindow {
    const m = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
    if (!m || Number(m[2]) > 59 || Number(m[4]) > 59) throw new Error(`departure window '${text}' is not HH:MM-HH:MM (e.g. 07:30-08:30)`);
    const w = {startSeconds: Number(m[1]) * 3600 + Number(m[2]) * 60, endSeconds: Number(m[3]) * 3600 + Number(m[4]) * 60, percentile};
    const problem = windowProblem(w);
    if (problem) throw new Error(`departure window '${text}' (percentile ${percentile}): ${problem}`);
    return w;
}

/** How many departures (one per minute from the start) the window holds. */
export function departureCount(w: DepartureWindow): number {
    return Math.floor((w.endSeconds - w.startSeconds) / WINDOW_STEP_SECONDS) + 1;
}

/**
 * Of the travel times times[offset + m] (departure m of count, Infinity where none), the index m
 * of the departure that answers: the percentile's value by nearest rank, the latest departure on a
 * tie. scratch holds at least count numbers.
 */
export function percentileDeparture(times: Float64Array, offset: number, count: number, percentile: number, scratch: Float64Array): number {
    for (let m = 0; m < count; m++) scratch[m] = times[offset + m];
    const value = kthSmallest(scratch, count, Math.max(0, Math.ceil((percentile / 100) * count) - 1));
    for (let m = count - 1; m > 0; m--) if (times[offset + m] === value) return m;
    return 0;
}

/** The k-th smallest (from 0) of a[0..n), reordering a (Hoare's selection). */
function kthSmallest(a: Float64Array, n: number, k: number): number {
    let lo = 0, hi = n - 1;
    while (lo < hi) {
        const pivot = a[(lo + hi) >>> 1];
        let i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) {
                const x = a[i];
                a[i] = a[j];
                a[j] = x;
                i++;
                j--;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else return a[k];
    }
    return a[k];
}
