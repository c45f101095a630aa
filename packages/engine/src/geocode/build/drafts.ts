// What places-builder.ts extracts from the OSM passes for build-index.ts: the drafts of streets,
// places, POIs, interpolation lines and boundaries. The named street ways are kept in columns (a
// country has millions of them): their nodes are lists in `lists`; a name set shared by many ways
// (every piece of a street, most streets' plain `name`) is stored once. Addresses: address-drafts.ts.
import {Growable} from '../../format/growable.js';
import {IdLists} from '../../format/id-lists.js';
import {StringPool} from '../../format/string-pool.js';
import type {NodeStore} from '../../osm/node-store.js';
import type {AddressDrafts} from './address-drafts.js';
import type {AreaDraft} from './areas.js';

/** A feature's names: `name`, name:xx by language (upper case), and alternative names. */
export interface NameSet {
    name: string;
    names: Record<string, string>;
    alt: string[];
}

/**
 * Every name of a feature, and (streets, places) each half of the bilingual ones ("Rue de la Loi -
 * Wetstraat"); a shop's "Media Markt - Woluwe" is not two names.
 */
export function nameStrings(names: NameSet, extra: string[] = [], split = true): string[] {
    const out: string[] = [];
    const add = (s: string) => {
        if (s === '' || out.includes(s)) return;
        out.push(s);
        const parts = split ? s.split(/\s+[-–/]\s+/) : [];
        if (parts.length > 1) for (const p of parts) if (p.trim() !== '' && !out.includes(p.trim())) out.push(p.trim());
    };
    add(names.name);
    for (const k in names.names) add(names.names[k]);
    for (const a of names.alt) add(a);
    for (const e of extra) add(e);
    return out;
}

export interface PlaceDraft {
    nodeId: number;
    lat: number;
    lon: number;
    refs: Float64Array | null;
    type: number;
    names: NameSet;
    population: number;
    postcode: string;
}

export interface PoiDraft {
    lat: number;
    lon: number;
    refs: Float64Array | null;
    wayIds: number[] | null;
    names: NameSet;
    key: string;
    housenumber: string;
    street: string;
    postcode: string;
}

export interface InterpolationDraft {
    refs: Float64Array;
    step: number;
    street: string;
    postcode: string;
    city: string;
}

/** Everything extracted, for build-index.ts. */
export interface PlacesDrafts {
    nodes: NodeStore;
    addresses: AddressDrafts;
    streetWays: StreetWayDrafts;
    squares: PlaceDraft[];
    places: PlaceDraft[];
    pois: PoiDraft[];
    /** Stations of the GTFS feeds (stations.ts), kept where the OSM data has no POI of their name. */
    stations: PoiDraft[];
    interpolations: InterpolationDraft[];
    areas: AreaDraft[];
    wayRefs: Map<number, Float64Array>;
    /** Box of every node read [minLon, minLat, maxLon, maxLat], or null when none. */
    extent: [number, number, number, number] | null;
}


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
