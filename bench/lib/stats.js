// The small helpers the benches share: a seeded random number generator, percentiles, a timer.

/** A seeded random number generator (mulberry32): numbers in [0, 1), the same on every run for a seed. */
export {mulberry32} from '@quartier/engine/internal';

/** The q-quantile (0..1) of values sorted ascending (NaN when there are none). */
export function percentile(sorted, q) {
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : NaN;
}

/** The q-quantile (0..1) of values in any order (sorts a copy). */
export function percentileOf(values, q) {
    return percentile(values.slice().sort((a, b) => a - b), q);
}

/** fn's value and the milliseconds it took: [ms, value]. */
export function timed(fn) {
    const t = performance.now();
    const value = fn();
    return [performance.now() - t, value];
}
