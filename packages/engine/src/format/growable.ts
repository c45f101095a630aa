// Append-only typed arrays that double when full: the build collects into these, then trims.
import type {TypedArray} from './section.js';

type Ctor<T extends TypedArray> = { new(length: number): T };

export class Growable<T extends TypedArray> {
    data: T;
    length = 0;
    private readonly ctor: Ctor<T>;

    constructor(ctor: Ctor<T>, capacity = 1024) {
        this.ctor = ctor;
        this.data = new ctor(capacity);
    }

    push(v: number): void {
        if (this.length === this.data.length) this.grow(this.length + 1);
        (this.data as any)[this.length++] = v;
    }

    /** Makes room for n more values and returns the index of the first. */
    reserve(n: number): number {
        if (this.length + n > this.data.length) this.grow(this.length + n);
        const at = this.length;
        this.length += n;
        return at;
    }

    private grow(min: number): void {
        let cap = this.data.length * 2;
        while (cap < min) cap *= 2;
        const next = new this.ctor(cap);
        (next as any).set(this.data);
        this.data = next;
    }

    /** A copy holding exactly the values pushed. */
    toArray(): T {
        return this.data.slice(0, this.length) as T;
    }
}

/** Index of `value` in a sorted Float64Array, or -1. */
export function binarySearch(sorted: Float64Array, value: number, length = sorted.length): number {
    let lo = 0, hi = length - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = sorted[mid];
        if (v < value) lo = mid + 1;
        else if (v > value) hi = mid - 1;
        else return mid;
    }
    return -1;
}

/** First index in sorted[from, to) (ascending) whose value is >= `value`; `to` when none. */
export function lowerBound(sorted: Float64Array | Uint32Array, value: number, from = 0, to = sorted.length): number {
    let lo = from, hi = to;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < value) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/** Sorts a Float64Array of ids and removes duplicates; returns the unique prefix as a new array. */
export function sortedUnique(ids: Float64Array): Float64Array {
    ids.sort();
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
        if (i === 0 || ids[i] !== ids[i - 1]) ids[n++] = ids[i];
    }
    return ids.slice(0, n);
}

/** Where each part starts when parts are laid end to end: part i at [first[i], first[i + 1]). */
export function partStarts(parts: readonly {length: number}[]): Uint32Array {
    const first = new Uint32Array(parts.length + 1);
    for (let i = 0; i < parts.length; i++) first[i + 1] = first[i] + parts[i].length;
    return first;
}

/** The parts laid end to end in one array of their type, at partStarts(parts). */
export function concatenated<T extends Uint32Array | Float64Array>(parts: readonly T[], type: {new(length: number): T}): T {
    const out = new type(parts.reduce((n, p) => n + p.length, 0));
    for (let i = 0, at = 0; i < parts.length; at += parts[i].length, i++) out.set(parts[i], at);
    return out;
}
