// Lists of OSM ids (a way's nodes, a multipolygon's ways) end to end in one Float64Array, a list
// found by its number: millions of short lists without an array object each.
import {Growable} from './growable.js';

export class IdLists {
    readonly ids = new Growable(Float64Array, 1 << 16);
    /** List i is ids[starts[i], starts[i + 1]). */
    readonly starts = new Growable(Uint32Array);

    constructor() {
        this.starts.push(0);
    }

    get length(): number {
        return this.starts.length - 1;
    }

    /** Appends values[0, count) as a new list; returns its number. */
    add(values: ArrayLike<number>, count = values.length): number {
        const at = this.ids.reserve(count);
        for (let i = 0; i < count; i++) this.ids.data[at + i] = values[i];
        this.starts.push(this.ids.length);
        return this.starts.length - 2;
    }

    start(list: number): number {
        return this.starts.data[list];
    }

    end(list: number): number {
        return this.starts.data[list + 1];
    }

    /** List i as a view (valid until the next add). */
    view(list: number): Float64Array {
        return this.ids.data.subarray(this.starts.data[list], this.starts.data[list + 1]);
    }
}
