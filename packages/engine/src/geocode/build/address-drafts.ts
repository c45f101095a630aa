// The addresses places-builder.ts extracts, one row each in columns: a country has millions, and an object
// per address (with its strings and arrays) took gigabytes. Strings are ids in `strings`; a way's
// nodes and a multipolygon's ways are lists in `lists`. build-index.ts resolves positions in
// place and appends the numbers it interpolates.
import {Growable} from '../../format/growable.js';
import {IdLists} from '../../format/id-lists.js';
import {StringPool} from '../../format/string-pool.js';

/** The street came from addr:place (a hamlet or square rather than a street). */
export const DRAFT_IS_PLACE = 1;
/** Spread along an addr:interpolation line. */
export const DRAFT_INTERPOLATED = 2;

export class AddressDrafts {
    readonly strings = new StringPool();
    readonly lists = new IdLists();
    /** Degrees; NaN until resolved for ways and multipolygons (and when they cannot be). */
    readonly lat = new Growable(Float64Array);
    readonly lon = new Growable(Float64Array);
    /** String ids. */
    readonly number = new Growable(Uint32Array);
    readonly street = new Growable(Uint32Array);
    readonly postcode = new Growable(Uint32Array);
    readonly city = new Growable(Uint32Array);
    readonly flags = new Growable(Uint8Array);
    /** OSM node id (interpolation ends), or -1. */
    readonly nodeId = new Growable(Float64Array);
    /** A way's nodes (a list of `lists`), or -1. */
    readonly refs = new Growable(Int32Array);
    /** A multipolygon's outer ways (a list of `lists`), or -1. */
    readonly wayIds = new Growable(Int32Array);

    get length(): number {
        return this.lat.length;
    }

    /** Appends an address; strings by id (see `strings`). */
    push(lat: number, lon: number, number: number, street: number, postcode: number, city: number, flags: number,
        nodeId: number, refs: number, wayIds: number): void {
        this.lat.push(lat);
        this.lon.push(lon);
        this.number.push(number);
        this.street.push(street);
        this.postcode.push(postcode);
        this.city.push(city);
        this.flags.push(flags);
        this.nodeId.push(nodeId);
        this.refs.push(refs);
        this.wayIds.push(wayIds);
    }

    string(id: number): string {
        return this.strings.values[id];
    }
}
