// Extracts what geocoding and the summaries need later: addresses (nodes, ways, building
// outlines with addr:*), named streets, and places (city, town, village, suburb, ...), with
// their names in every language the data has.
import {Growable} from '../format/growable.js';
import {encodeSection} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import type {OsmNode, OsmTags, OsmWay} from '../osm/pbf.js';
import type {NodeStore} from '../region/node-store.js';
import {PLACES_KIND, PLACES_VERSION, PLACE_TYPES} from './places.js';

const PLACE_TYPE_INDEX = new Map<string, number>(PLACE_TYPES.map((p, i) => [p, i]));
const STREET_CLASSES = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'unclassified', 'residential',
    'living_street', 'pedestrian', 'service', 'road', 'track', 'footway', 'cycleway', 'path', 'steps', 'motorway_link',
    'trunk_link', 'primary_link', 'secondary_link', 'tertiary_link']);

interface WayDraft {
    refs: Float64Array;
}

export class PlacesBuilder {
    private readonly strings = new StringTableBuilder();
    private readonly addr = {lat: new Growable(Int32Array), lon: new Growable(Int32Array), number: new Growable(Uint32Array),
        street: new Growable(Uint32Array), postcode: new Growable(Uint32Array), city: new Growable(Uint32Array)};
    private readonly addrWays: {draft: WayDraft; number: number; street: number; postcode: number; city: number}[] = [];
    private readonly streetWays: {draft: WayDraft; name: number; names: number}[] = [];
    private readonly place = {lat: new Growable(Int32Array), lon: new Growable(Int32Array), name: new Growable(Uint32Array),
        names: new Growable(Uint32Array), type: new Growable(Uint8Array), population: new Growable(Uint32Array)};
    private readonly street = {lat: new Growable(Int32Array), lon: new Growable(Int32Array), name: new Growable(Uint32Array),
        names: new Growable(Uint32Array), minLat: new Growable(Int32Array), minLon: new Growable(Int32Array),
        maxLat: new Growable(Int32Array), maxLon: new Growable(Int32Array)};

    constructor(private readonly nodes: NodeStore) {
        this.strings.intern('');
    }

    addWay(way: OsmWay): void {
        const tags = way.tags;
        if (tags.count === 0) return;
        const number = tags.get('addr:housenumber');
        const highway = tags.get('highway');
        const name = tags.get('name');
        if (number === undefined && !(highway !== undefined && name !== undefined && STREET_CLASSES.has(highway))) return;
        const refs = way.refs.slice(0, way.refCount);
        for (let i = 0; i < refs.length; i++) this.nodes.need(refs[i]);
        if (number !== undefined) {
            const a = this.addressFields(tags);
            this.addrWays.push({draft: {refs}, number: this.strings.intern(number), ...a});
        } else {
            this.streetWays.push({draft: {refs}, name: this.strings.intern(name!), names: this.strings.intern(localizedNames(tags))});
        }
    }

    addNode(node: OsmNode): void {
        const tags = node.tags;
        if (tags.count === 0) return;
        const number = tags.get('addr:housenumber');
        if (number !== undefined) {
            const a = this.addressFields(tags);
            this.pushAddress(Math.round(node.lat * 1e7), Math.round(node.lon * 1e7), this.strings.intern(number), a.street, a.postcode, a.city);
        }
        const placeType = tags.get('place');
        const name = tags.get('name');
        if (placeType !== undefined && name !== undefined) {
            const t = PLACE_TYPE_INDEX.get(placeType);
            if (t === undefined) return;
            const population = parseInt((tags.get('population') ?? '').replace(/[\s.,]/g, ''), 10);
            const p = this.place;
            p.lat.push(Math.round(node.lat * 1e7));
            p.lon.push(Math.round(node.lon * 1e7));
            p.name.push(this.strings.intern(name));
            p.names.push(this.strings.intern(localizedNames(tags)));
            p.type.push(t);
            p.population.push(Number.isFinite(population) && population > 0 ? population : 0);
        }
    }

    private addressFields(tags: OsmTags): {street: number; postcode: number; city: number} {
        return {
            street: this.strings.intern(tags.get('addr:street') ?? tags.get('addr:place') ?? ''),
            postcode: this.strings.intern(tags.get('addr:postcode') ?? ''),
            city: this.strings.intern(tags.get('addr:city') ?? '')
        };
    }

    private pushAddress(lat: number, lon: number, number: number, street: number, postcode: number, city: number): void {
        const a = this.addr;
        a.lat.push(lat);
        a.lon.push(lon);
        a.number.push(number);
        a.street.push(street);
        a.postcode.push(postcode);
        a.city.push(city);
    }

    build(): {section: Uint8Array; stats: {addresses: number; streets: number; places: number}} {
        const store = this.nodes;
        // Address ways (buildings): the mean of their nodes.
        for (const w of this.addrWays) {
            let sLat = 0, sLon = 0, n = 0;
            const refs = w.draft.refs;
            const last = refs.length > 1 && refs[0] === refs[refs.length - 1] ? refs.length - 1 : refs.length;
            for (let i = 0; i < last; i++) {
                const k = store.indexOf(refs[i]);
                if (k < 0) continue;
                sLat += store.lat[k];
                sLon += store.lon[k];
                n++;
            }
            if (n) this.pushAddress(Math.round(sLat / n), Math.round(sLon / n), w.number, w.street, w.postcode, w.city);
        }
        // Street ways: the middle node and the bounding box.
        for (const w of this.streetWays) {
            const refs = w.draft.refs;
            let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity, mid = -1;
            for (let i = 0; i < refs.length; i++) {
                const k = store.indexOf(refs[i]);
                if (k < 0) continue;
                if (mid < 0 || i <= refs.length / 2) mid = k;
                minLat = Math.min(minLat, store.lat[k]);
                maxLat = Math.max(maxLat, store.lat[k]);
                minLon = Math.min(minLon, store.lon[k]);
                maxLon = Math.max(maxLon, store.lon[k]);
            }
            if (mid < 0) continue;
            const s = this.street;
            s.lat.push(store.lat[mid]);
            s.lon.push(store.lon[mid]);
            s.name.push(w.name);
            s.names.push(w.names);
            s.minLat.push(minLat);
            s.minLon.push(minLon);
            s.maxLat.push(maxLat);
            s.maxLon.push(maxLon);
        }
        const arrays: Record<string, any> = {...this.strings.arrays('str')};
        for (const [k, g] of Object.entries(this.addr)) arrays[`address_${k}`] = g.toArray();
        for (const [k, g] of Object.entries(this.street)) arrays[`street_${k}`] = g.toArray();
        for (const [k, g] of Object.entries(this.place)) arrays[`place_${k}`] = g.toArray();
        const stats = {addresses: this.addr.lat.length, streets: this.street.lat.length, places: this.place.lat.length};
        return {section: encodeSection(PLACES_KIND, PLACES_VERSION, {...stats, placeTypes: PLACE_TYPES}, arrays), stats};
    }
}

/** `name:xx` tags as a JSON object keyed by upper-case language code ("{}" when none). */
function localizedNames(tags: OsmTags): string {
    const out: Record<string, string> = {};
    for (let i = 0; i < tags.count; i++) {
        const k = tags.key(i);
        if (k.length === 7 && k.startsWith('name:')) out[k.slice(5).toUpperCase()] = tags.value(i);
    }
    return JSON.stringify(out);
}
