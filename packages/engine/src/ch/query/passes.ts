// The pass loop of the tables and sweeps: their searches stop past a bound that grows until every
// time asked for is within it, or no search was cut. A pair of time T is found by any searches that
// go as far as T, with the full searches' own path (tablePath), so a table of nearby places costs
// the ball they span, not every node above them up to the top of a country's hierarchy.
import {INF} from '../../graph/road-graph.js';
import type {SearchSpace} from './search-space.js';

/**
 * The tables' and sweeps' first bound on their searches (ms) per mode (car, foot, bike): about a trip
 * across a town, which most tables of nearby places stay within (a bound too short costs another
 * pass, too long a wider search); and the last bound before none.
 */
const FIRST_BOUND = [600_000, 2_400_000, 1_200_000];
const LAST_BOUND = 4 * 3_600_000;

/** The first bound of a mode's passes (ms). */
export function firstBound(mode: number): number {
    return FIRST_BOUND[mode] ?? LAST_BOUND;
}

/**
 * Runs `pass` with the space's fills stopping past a bound that grows until every time in `times` is within it, or
 * no fill was cut; the first bound the mode's, or `expectMs` when that is longer (a caller that knows its times
 * will be longer saves the pass that would only find so). The times found do not depend on the bounds.
 */
export function inPasses(space: SearchSpace, times: Float64Array, pass: (bound: number) => void, expectMs = 0): void {
    try {
        for (let bound = Math.max(firstBound(space.ch.mode), Math.min(expectMs, LAST_BOUND)); ; bound = nextBound(times, bound)) {
            space.fillBound = bound;
            space.fillCut = false;
            pass(bound);
            if (!space.fillCut || allWithin(times, bound)) return;
        }
    } finally {
        space.fillBound = Infinity;
    }
}

/** Whether every time is at most the bound (INF, unreachable, is not). */
export function allWithin(times: Float64Array, bound: number): boolean {
    for (let i = 0; i < times.length; i++) if (!(times[i] <= bound)) return false;
    return true;
}

/**
 * The bound for the next pass: a pair met beyond the bound is met over a real path, so its time is
 * at most that; with every pair met, the longest of them is enough. Otherwise four times as far.
 */
function nextBound(times: Float64Array, bound: number): number {
    let longest = 0;
    for (let i = 0; i < times.length; i++) {
        if (times[i] >= INF) return bound * 4 > LAST_BOUND ? Infinity : bound * 4;
        if (times[i] > longest) longest = times[i];
    }
    return longest;
}
