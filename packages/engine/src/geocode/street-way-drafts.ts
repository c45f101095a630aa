// The named street ways builder.ts extracts, in columns: a country has millions of them. Their
// nodes are lists in `lists`; a name set shared by many ways (every piece of a street, most
// streets' plain `name`) is stored once.
import {Growable} from '../format/growable.js';
import {IdLists} from '../format/id-lists.js';
import {StringPool} from '../format/string-pool.js';
import type {NameSet} from './builder.js';

export class StreetWayDrafts {
    /** Way i's nodes are list i. */
    readonly lists = new IdLists();
    /** Distinct name sets, by id. */
    readonly nameSets: NameSet[] = [];
    readonly names = new Growable(Uint32Array);
    /** The highway=* value, by id in `highways`. */
    readonly highways = new StringPool();
    readonly highway = new Growable(Uint8Array);
    private readonly nameSetIds = new Map<string, number>();

    get length(): number {
        return this.names.length;
    }

    push(refs: ArrayLike<number>, refCount: number, names: NameSet, highway: string): void {
        const key = JSON.stringify(names);
        let id = this.nameSetIds.get(key);
        if (id === undefined) {
            id = this.nameSets.length;
            this.nameSets.push(names);
            this.nameSetIds.set(key, id);
        }
        this.lists.add(refs, refCount);
        this.names.push(id);
        this.highway.push(this.highways.id(highway));
    }
}
