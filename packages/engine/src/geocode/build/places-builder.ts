// Extracts what geocoding and the summaries need from the region's OSM passes: addresses (nodes,
// ways, building outlines and multipolygons with addr:*, addr:interpolation lines), named
// streets, places (city, town, village, suburb, ...), named POIs and the administrative and
// postal-code boundaries, with their names in every language the data has. build() hands the
// drafts (drafts.ts) to build-index.ts, which writes the 'places' section. Addresses and street ways, the
// millions of a country, are kept in columns (address-drafts.ts, drafts.ts).
//
// Objects present in several extracts of one region (PT) are kept once: the build's reading passes
// only the first copy on (region/build.ts), so no set of ids seen here (a Set holds 2^24 at most).
import type {CountryBorder} from '../../geo/border.js';
import type {OsmNode, OsmRelation, OsmTags, OsmWay} from '../../osm/objects.js';
import type {NodeStore} from '../../osm/node-store.js';
import {interpolationStep} from '../interpolation.js';
import {PLACE_TYPES} from '../places.js';
import {AddressDrafts, DRAFT_IS_PLACE} from './address-drafts.js';
import {AREA_ADMIN, AREA_POSTAL, type AreaDraft} from './areas.js';
import {buildPlacesIndex, type PlacesStats} from './build-index.js';
import {StreetWayDrafts, type InterpolationDraft, type NameSet, type PlaceDraft, type PlacesDrafts, type PoiDraft} from './drafts.js';

export type {PlacesStats} from './build-index.js';

/** Highways whose name is a street people search for and live on. */
export const STREET_CLASSES = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'unclassified', 'residential',
    'living_street', 'pedestrian', 'service', 'road', 'track', 'footway', 'cycleway', 'path', 'steps', 'motorway_link',
    'trunk_link', 'primary_link', 'secondary_link', 'tertiary_link', 'bridleway']);

/** Keys that make a named object a POI worth finding by name. */
const POI_KEYS = ['amenity', 'shop', 'tourism', 'leisure', 'historic', 'office', 'craft', 'healthcare', 'railway',
    'public_transport', 'aeroway', 'man_made', 'natural', 'building', 'sport', 'club', 'emergency', 'highway'];
const POI_VALUES: Record<string, Set<string>> = {
    railway: new Set(['station', 'halt', 'tram_stop', 'subway_entrance']),
    public_transport: new Set(['station']),
    aeroway: new Set(['aerodrome', 'terminal', 'heliport']),
    natural: new Set(['peak', 'beach', 'bay', 'cape', 'cliff', 'spring', 'cave_entrance', 'volcano', 'hill', 'island']),
    highway: new Set(['bus_stop']),
    man_made: new Set(['tower', 'lighthouse', 'windmill', 'water_tower', 'pier', 'bridge', 'obelisk', 'monument'])
};

/** Name keys searched besides name and name:xx (alt_name may hold several names split by ';'). */
const ALT_NAME_KEYS = ['alt_name', 'official_name', 'short_name', 'loc_name', 'int_name', 'nat_name', 'reg_name'];
/** name:* keys that are not a language. */
const NOT_LANGUAGES = new Set(['left', 'right', 'etymology', 'signed', 'prefix', 'suffix', 'pronunciation', 'source', 'note', 'old']);

const PLACE_TYPE_INDEX = new Map<string, number>(PLACE_TYPES.map((p, i) => [p, i]));

export class PlacesBuilder {
    private readonly addresses = new AddressDrafts();
    private readonly streetWays = new StreetWayDrafts();
    private readonly squares: PlaceDraft[] = [];
    private readonly places: PlaceDraft[] = [];
    private readonly pois: PoiDraft[] = [];
    private readonly stations: PoiDraft[] = [];
    private readonly interpolations: InterpolationDraft[] = [];
    private readonly areas: AreaDraft[] = [];
    /** Member ways of boundaries and multipolygons, with their node ids once the way pass saw them. */
    private readonly wantedWays = new Set<number>();
    private readonly wayRefs = new Map<number, Float64Array>();
    /** Street name of associatedStreet members (key: id * 2 + 0 node / 1 way). */
    private readonly associatedStreet = new Map<number, string>();
    private readonly extent: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];

    constructor(private readonly nodes: NodeStore) {}

    /** Relation pass: boundaries, associatedStreet, multipolygon buildings and POIs. */
    addRelation(rel: OsmRelation): void {
        const tags = rel.tags;
        if (tags.count === 0) return;
        const type = tags.get('type');
        if (type === 'associatedStreet' || type === 'street') {
            const name = tags.get('name');
            if (name === undefined) return;
            for (let i = 0; i < rel.memberCount; i++) {
                const t = rel.memberTypes[i];
                const role = rel.memberRole(i);
                if (t <= 1 && (role === 'house' || role === 'address' || role === 'addr')) this.associatedStreet.set(rel.memberRefs[i] * 2 + t, name);
            }
            return;
        }
        if (type !== 'boundary' && type !== 'multipolygon') return;
        const boundary = tags.get('boundary');
        const level = parseInt(tags.get('admin_level') ?? '', 10);
        if (boundary === 'postal_code' || (boundary === 'administrative' && level >= 7 && level <= 10)) {
            const wayIds: number[] = [];
            const centreNodes: number[] = [];
            for (let i = 0; i < rel.memberCount; i++) {
                const t = rel.memberTypes[i];
                const role = rel.memberRole(i);
                if (t === 1 && (role === 'outer' || role === 'inner' || role === '')) {
                    wayIds.push(rel.memberRefs[i]);
                    this.wantedWays.add(rel.memberRefs[i]);
                } else if (t === 0 && (role === 'admin_centre' || role === 'label')) {
                    if (role === 'admin_centre') centreNodes.unshift(rel.memberRefs[i]);
                    else centreNodes.push(rel.memberRefs[i]);
                    this.nodes.need(rel.memberRefs[i]);
                }
            }
            this.areas.push({kind: boundary === 'postal_code' ? AREA_POSTAL : AREA_ADMIN, level: boundary === 'postal_code' ? 0 : level,
                tags: areaTags(tags), wayIds, refs: null, centreNodes});
            return;
        }
        if (type !== 'multipolygon') return;
        const number = tags.get('addr:housenumber');
        const name = tags.get('name');
        const poiKey = name !== undefined ? poiKeyOf(tags) : '';
        if (number === undefined && poiKey === '') return;
        const outer: number[] = [];
        for (let i = 0; i < rel.memberCount; i++) {
            if (rel.memberTypes[i] === 1 && rel.memberRole(i) !== 'inner') {
                outer.push(rel.memberRefs[i]);
                this.wantedWays.add(rel.memberRefs[i]);
            }
        }
        if (outer.length === 0) return;
        if (number !== undefined) this.pushAddresses(tags, NaN, NaN, -1, -1, this.addresses.lists.add(outer), this.associatedStreet.get(rel.id * 2 + 1));
        if (poiKey !== '') this.pois.push(poiDraft(tags, poiKey, NaN, NaN, null, outer));
    }

    /** Way pass: streets, squares, addressed buildings, interpolation lines, boundary members, POI areas. */
    addWay(way: OsmWay): void {
        const tags = way.tags;
        const wanted = this.wantedWays.has(way.id);
        if (tags.count === 0 && !wanted) return;
        const name = tags.get('name');
        const highway = tags.get('highway');
        const place = tags.get('place');
        const number = tags.get('addr:housenumber');
        // A building with its own number and addr:interpolation (copied tags) is an address, not a line.
        const interpolation = number === undefined ? tags.get('addr:interpolation') : undefined;
        const boundary = tags.get('boundary');
        const level = parseInt(tags.get('admin_level') ?? '', 10);
        const closed = way.refCount > 3 && way.refs[0] === way.refs[way.refCount - 1];
        const step = interpolation !== undefined && way.refCount >= 2 ? interpolationStep(interpolation) : 0;
        const street = name !== undefined && highway !== undefined && STREET_CLASSES.has(highway);
        const square = name !== undefined && place === 'square';
        const placeArea = name !== undefined && place !== undefined && closed && PLACE_TYPE_INDEX.has(place);
        const area = closed && (boundary === 'postal_code' || (boundary === 'administrative' && level >= 7 && level <= 10));
        const poiKey = name !== undefined && highway === undefined && interpolation === undefined ? poiKeyOf(tags) : '';
        if (!wanted && step === 0 && number === undefined && !street && !square && !placeArea && !area && poiKey === '') return;

        for (let i = 0; i < way.refCount; i++) this.nodes.need(way.refs[i]);
        // Addresses and streets keep the nodes in their columns; the few others an array each.
        const refs = wanted || step > 0 || (!street && (square || placeArea)) || area || poiKey !== '' ? way.refs.slice(0, way.refCount) : null;
        if (wanted) this.wayRefs.set(way.id, refs!);
        if (interpolation !== undefined) {
            if (step > 0) {
                this.interpolations.push({refs: refs!, step, street: tags.get('addr:street') ?? '',
                    postcode: tags.get('addr:postcode') ?? '', city: tags.get('addr:city') ?? ''});
            }
            return;
        }
        if (number !== undefined) {
            this.pushAddresses(tags, NaN, NaN, -1, this.addresses.lists.add(way.refs, way.refCount), -1, this.associatedStreet.get(way.id * 2 + 1));
        }
        if (street) {
            this.streetWays.push(way.refs, way.refCount, nameSet(tags), highway!);
        } else if (square) {
            this.squares.push({nodeId: -1, lat: NaN, lon: NaN, refs, type: 0, names: nameSet(tags), population: 0, postcode: tags.get('addr:postcode') ?? ''});
        } else if (placeArea) {
            this.places.push(placeDraft(tags, place!, -1, NaN, NaN, refs));
        }
        if (area) {
            this.areas.push({kind: boundary === 'postal_code' ? AREA_POSTAL : AREA_ADMIN, level: boundary === 'postal_code' ? 0 : level,
                tags: areaTags(tags), wayIds: [], refs: refs!, centreNodes: []});
        }
        if (poiKey !== '') this.pois.push(poiDraft(tags, poiKey, NaN, NaN, refs, null));
    }

    /** Node pass: addresses, places, squares and POIs. */
    addNode(node: OsmNode): void {
        // The extract's box: boundaries cut by it are closed along it.
        if (node.lon < this.extent[0]) this.extent[0] = node.lon;
        if (node.lat < this.extent[1]) this.extent[1] = node.lat;
        if (node.lon > this.extent[2]) this.extent[2] = node.lon;
        if (node.lat > this.extent[3]) this.extent[3] = node.lat;
        const tags = node.tags;
        if (tags.count === 0) return;
        const number = tags.get('addr:housenumber');
        const name = tags.get('name');
        const place = tags.get('place');
        if (number !== undefined) this.pushAddresses(tags, node.lat, node.lon, node.id, -1, -1, this.associatedStreet.get(node.id * 2));
        if (name !== undefined && place !== undefined) {
            if (place === 'square') {
                this.squares.push({nodeId: node.id, lat: node.lat, lon: node.lon, refs: null, type: 0, names: nameSet(tags), population: 0, postcode: tags.get('addr:postcode') ?? ''});
            } else if (PLACE_TYPE_INDEX.has(place)) {
                this.places.push(placeDraft(tags, place, node.id, node.lat, node.lon, null));
            }
        }
        if (name !== undefined && place === undefined) {
            const key = poiKeyOf(tags);
            if (key !== '') this.pois.push(poiDraft(tags, key, node.lat, node.lon, null, null));
        }
    }

    /** refs, wayIds: lists of this.addresses.lists, or -1. */
    private pushAddresses(tags: OsmTags, lat: number, lon: number, nodeId: number, refs: number, wayIds: number,
        associated: string | undefined): void {
        const a = this.addresses, pool = a.strings;
        const street = tags.get('addr:street');
        const addrPlace = tags.get('addr:place');
        const streetId = pool.id(street ?? addrPlace ?? associated ?? '');
        const flags = street === undefined && addrPlace !== undefined ? DRAFT_IS_PLACE : 0;
        const postcode = pool.id(tags.get('addr:postcode') ?? ''), city = pool.id(tags.get('addr:city') ?? '');
        // "33;35;37" and "12, 14" are several addresses at one place.
        const parts = tags.get('addr:housenumber')!.split(/[;,]/);
        for (let i = 0; i < parts.length && i < 10; i++) {
            const number = parts[i].trim();
            if (number !== '') a.push(lat, lon, pool.id(number), streetId, postcode, city, flags, nodeId, refs, wayIds);
        }
    }

    /** A station of the region's public transport feeds (stations.ts). */
    addStation(name: string, lat: number, lon: number): void {
        this.stations.push({lat, lon, refs: null, wayIds: null, names: {name, names: {}, alt: []}, key: 'public_transport=station',
            housenumber: '', street: '', postcode: ''});
    }

    /**
     * Builds the 'places' section. `border` drops what lies outside the country (neighbours inside the extract);
     * cityLevel: admin_level of the country's municipalities (see buildPlacesIndex). beforePois: called before the
     * stations are read (a station added then is in the section).
     */
    build(border?: CountryBorder | null, cityLevel?: number, beforePois?: () => void): {section: Uint8Array; stats: PlacesStats} {
        const drafts: PlacesDrafts = {
            nodes: this.nodes, addresses: this.addresses, streetWays: this.streetWays, squares: this.squares, places: this.places,
            pois: this.pois, stations: this.stations, interpolations: this.interpolations, areas: this.areas, wayRefs: this.wayRefs,
            extent: this.extent[0] <= this.extent[2] ? this.extent : null
        };
        return buildPlacesIndex(drafts, border ?? null, cityLevel, beforePois);
    }
}

/** name, name:xx (language codes upper case) and the alternative names of an object. */
export function nameSet(tags: OsmTags): NameSet {
    const names: Record<string, string> = {};
    const alt: string[] = [];
    for (let i = 0; i < tags.count; i++) {
        const k = tags.key(i);
        if (k.startsWith('name:')) {
            const lang = k.slice(5);
            if (NOT_LANGUAGES.has(lang) || !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(lang)) continue;
            names[lang.toUpperCase()] = tags.value(i);
        } else if (ALT_NAME_KEYS.includes(k) || (k.startsWith('alt_name:') && k.length <= 12)) {
            for (const v of tags.value(i).split(';')) if (v.trim() !== '') alt.push(v.trim());
        }
    }
    return {name: tags.get('name') ?? '', names, alt};
}

function placeDraft(tags: OsmTags, place: string, nodeId: number, lat: number, lon: number, refs: Float64Array | null): PlaceDraft {
    const population = parseInt((tags.get('population') ?? '').replace(/[\s.,]/g, ''), 10);
    return {
        nodeId, lat, lon, refs, type: PLACE_TYPE_INDEX.get(place)!, names: nameSet(tags),
        population: Number.isFinite(population) && population > 0 ? population : 0,
        postcode: tags.get('addr:postcode') ?? tags.get('postal_code') ?? ''
    };
}

/** `key=value` of the tag that makes a named object a POI, or ''. */
function poiKeyOf(tags: OsmTags): string {
    for (let i = 0; i < POI_KEYS.length; i++) {
        const key = POI_KEYS[i];
        const value = tags.get(key);
        if (value === undefined || value === 'no') continue;
        const allowed = POI_VALUES[key];
        if (allowed && !allowed.has(value)) continue;
        return `${key}=${value}`;
    }
    return '';
}

function poiDraft(tags: OsmTags, key: string, lat: number, lon: number, refs: Float64Array | null, wayIds: number[] | null): PoiDraft {
    return {
        lat, lon, refs, wayIds, names: nameSet(tags), key, housenumber: tags.get('addr:housenumber') ?? '',
        street: tags.get('addr:street') ?? '', postcode: tags.get('addr:postcode') ?? ''
    };
}

/** The tags of a boundary that the index keeps. */
function areaTags(tags: OsmTags): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i < tags.count; i++) {
        const k = tags.key(i);
        if (k === 'name' || k.startsWith('name:') || k === 'postal_code' || k === 'addr:postcode' || k === 'population' || ALT_NAME_KEYS.includes(k)) {
            out[k] = tags.value(i);
        }
    }
    return out;
}
