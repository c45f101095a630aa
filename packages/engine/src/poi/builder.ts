// Extracts POIs from nodes, ways and multipolygons into the POI section: one record per
// (place, sub-type, variant), positions, names, icons, transit line and motorway badges.
import Flatbush from 'flatbush';
import {Growable} from '../format/growable.js';
import {encodeSection} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import {haversineMeters} from '../geo/distance.js';
import {hilbert16} from '../geo/hilbert.js';
import type {OsmNode, OsmRelation, OsmTags, OsmWay} from '../osm/objects.js';
import type {NodeStore} from '../osm/node-store.js';
import {CategoryMatcher} from './categories.js';
import {POIS_KIND, POIS_VERSION, BADGE_KINDS, LINE_ROUTES, type LineRoute} from './poi-index.js';
import {routeMode, type TransitNetwork} from '../transit/query/network.js';
import {pointInRing, type Ring} from '../geo/ring.js';
import {buildBadges, pushCoord, type Badges, type Line} from './builder/badges.js';
import {OSM_NODE, OSM_RELATION, OSM_WAY, buildRecords, type Draft, type PoiRecords} from './builder/records.js';

/** The same sub-type with the same name within this distance (m) is one place mapped twice. */
const DUPLICATE_RADIUS = 150;
/** Places of a `venueHalls` sub-type with one operator within this distance (m) are halls of one venue. */
const VENUE_RADIUS = 100;

/** Route relation values → badge kind, and the sub-type keys their stops belong to. */
const ROUTE_KIND: Record<string, number> = {
    subway: BADGE_KINDS.metro, light_rail: BADGE_KINDS.metro, monorail: BADGE_KINDS.metro,
    tram: BADGE_KINDS.tram, bus: BADGE_KINDS.bus, trolleybus: BADGE_KINDS.bus,
    train: BADGE_KINDS.train
};

/** GTFS route types (as transit/network routeMode names) → the OSM route value of their lines. */
const GTFS_ROUTE: Record<string, LineRoute> = {
    subway: 'subway', monorail: 'monorail', tram: 'tram', bus: 'bus', trolleybus: 'trolleybus', rail: 'train'
};

/** The `route` values of public transport, whose presence tells which transit modes a region has. */
const TRANSIT_ROUTES = new Set(['subway', 'light_rail', 'monorail', 'tram', 'bus', 'trolleybus', 'train']);

export interface PoiStats {
    records: number;
    places: number;
    byCategory: Record<string, number>;
    lines: number;
    motorways: number;
}

export class PoiBuilder {
    readonly matcher: CategoryMatcher;
    private readonly drafts: Draft[] = [];
    private readonly hits: number[] = [];
    private readonly wantedWays = new Set<number>();
    private readonly wayRefs = new Map<number, Float64Array>();
    private readonly lines: Line[] = [];
    /** Route relation types each member node or way belongs to (key: id * 2 + 0 node / 1 way). */
    private readonly routesOf = new Map<number, Set<string>>();
    /** Members (id * 2 + type) of each public_transport=stop_area relation, until the relation pass ends. */
    private readonly stopAreas: number[][] = [];
    /** The transit `route` values of the extract's route relations (what modes the region has). */
    private readonly transitRoutes = new Set<string>();
    // Nodes of motorways, with the motorway's ref, for the junctions on them.
    private readonly motorwayNodeIds = new Growable(Float64Array);
    private readonly motorwayNodeRef = new Growable(Uint32Array);
    private readonly motorwayRefs = new StringTableBuilder();
    private readonly motorwayRefList: string[] = [];

    /** `country`: the region's country, for brands (a chain is recognised by name only where it trades). */
    constructor(private readonly nodes: NodeStore, matcher = new CategoryMatcher(), private readonly country: string | null = null) {
        this.matcher = matcher;
    }

    /** Relation pass: multipolygon POIs and transit lines. */
    addRelation(rel: OsmRelation): void {
        const tags = rel.tags;
        const type = tags.get('type');
        if (type === 'public_transport' && tags.get('public_transport') === 'stop_area') {
            const members: number[] = [];
            for (let i = 0; i < rel.memberCount; i++) if (rel.memberTypes[i] <= 1) members.push(rel.memberRefs[i] * 2 + rel.memberTypes[i]);
            this.stopAreas.push(members);
            return;
        }
        if (type === 'route') {
            const route = tags.get('route') ?? '';
            if (rel.memberCount > 0 && TRANSIT_ROUTES.has(route)) this.transitRoutes.add(route);
            for (let i = 0; i < rel.memberCount; i++) {
                const t = rel.memberTypes[i];
                if (t > 1) continue;
                const key = rel.memberRefs[i] * 2 + t;
                let set = this.routesOf.get(key);
                if (!set) this.routesOf.set(key, set = new Set());
                set.add(route);
            }
            const kind = ROUTE_KIND[route];
            if (kind === undefined) return;
            // A line is named by its reference: a route without one has no name people use
            // (its name is often the operator's, or its terminals').
            const ref = (tags.get('ref') ?? '').trim();
            const name = tags.get('name') ?? '';
            if (ref === '') return;
            const label = lineLabel(ref, name, tags.get('from'), tags.get('to'), [tags.get('network'), tags.get('operator')]);
            const memberNodes: number[] = [];
            for (let i = 0; i < rel.memberCount; i++) {
                if (rel.memberTypes[i] !== 0) continue;
                memberNodes.push(rel.memberRefs[i]);
                this.nodes.need(rel.memberRefs[i]);
            }
            this.lines.push({kind, route: LINE_ROUTES.indexOf(route as typeof LINE_ROUTES[number]), ref, label, colour: tags.get('colour') ?? '',
                memberNodes, memberPoints: []});
            return;
        }
        if (type !== 'multipolygon') return;
        if (this.matcher.match(tags, this.hits) === 0) return;
        const outer: number[] = [];
        for (let i = 0; i < rel.memberCount; i++) {
            if (rel.memberTypes[i] === 1 && rel.memberRole(i) !== 'inner') {
                outer.push(rel.memberRefs[i]);
                this.wantedWays.add(rel.memberRefs[i]);
            }
        }
        if (outer.length) this.addDraft(OSM_RELATION, rel.id, tags, NaN, NaN, Float64Array.from(outer));
    }

    /**
     * The GTFS routes (route_short_name, route_type) as lines at their stops, for stops that no
     * OSM route relation names. Call after the relation pass: a line of the same kind and
     * reference keeps the OSM relation's label.
     */
    addTransitLines(net: TransitNetwork): void {
        const lineOfRoute = new Int32Array(net.routeCount).fill(-2);
        // A stop is served by several patterns of one route: its position goes in once.
        const lastStop = new Int32Array(net.routeCount).fill(-1);
        for (let s = 0; s < net.stopCount; s++) {
            for (let i = net.stopPatternFirst[s]; i < net.stopPatternFirst[s + 1]; i++) {
                const r = net.patternRoute[net.stopPatterns[i]];
                if (lineOfRoute[r] === -2) {
                    const route = GTFS_ROUTE[routeMode(net.routeType[r])];
                    const ref = net.text.get(net.routeShortName[r]).trim();
                    lineOfRoute[r] = route && ref ? this.lines.length : -1;
                    if (route && ref) {
                        this.lines.push({kind: ROUTE_KIND[route], route: LINE_ROUTES.indexOf(route), ref, label: ref,
                            colour: net.text.get(net.routeColor[r]), memberNodes: [], memberPoints: []});
                    }
                }
                if (lineOfRoute[r] >= 0 && lastStop[r] !== s) {
                    lastStop[r] = s;
                    this.lines[lineOfRoute[r]].memberPoints.push(net.stopLat[s] / 1e7, net.stopLon[s] / 1e7);
                }
            }
        }
    }

    /**
     * A station node is rarely a member of the routes that serve it; its stop_area relation joins it to the stop
     * positions and platforms that are. Every member of a stop area gets the route types of all its members.
     */
    private spreadStopAreaRoutes(): void {
        if (this.stopAreas.length === 0) return;
        for (const members of this.stopAreas) {
            const union = new Set<string>();
            for (const m of members) for (const r of this.routesOf.get(m) ?? []) union.add(r);
            if (union.size === 0) continue;
            for (const m of members) {
                let set = this.routesOf.get(m);
                if (!set) this.routesOf.set(m, set = new Set());
                for (const r of union) set.add(r);
            }
        }
        this.stopAreas.length = 0;
    }

    /** Way pass: POI areas, members of POI multipolygons, motorways. */
    addWay(way: OsmWay): void {
        this.spreadStopAreaRoutes();
        const tags = way.tags;
        const n = way.refCount;
        if (this.wantedWays.has(way.id)) {
            const refs = way.refs.slice(0, n);
            this.wayRefs.set(way.id, refs);
            for (let i = 0; i < n; i++) this.nodes.need(refs[i]);
        }
        if (tags.get('highway') === 'motorway') {
            const ref = (tags.get('ref') ?? '').split(';').map((s) => s.trim()).filter(Boolean).join(' / ');
            if (ref) {
                const r = this.motorwayRefs.intern(ref);
                if (r === this.motorwayRefList.length) this.motorwayRefList.push(ref);
                for (let i = 0; i < n; i++) {
                    this.motorwayNodeIds.push(way.refs[i]);
                    this.motorwayNodeRef.push(r);
                }
            }
        }
        if (tags.count === 0 || this.matcher.match(tags, this.hits, this.routesOf.get(way.id * 2 + 1) ?? null) === 0) return;
        const refs = way.refs.slice(0, n);
        for (let i = 0; i < n; i++) this.nodes.need(refs[i]);
        this.addDraft(OSM_WAY, way.id, tags, NaN, NaN, refs);
    }

    /** Node pass: POI nodes. */
    addNode(node: OsmNode): void {
        this.spreadStopAreaRoutes();
        if (node.tags.count === 0 || this.matcher.match(node.tags, this.hits, this.routesOf.get(node.id * 2) ?? null) === 0) return;
        this.addDraft(OSM_NODE, node.id, node.tags, node.lat, node.lon, null);
    }

    private addDraft(osmType: number, osmId: number, tags: OsmTags, lat: number, lon: number, refs: Float64Array | null): void {
        const subtypes = this.hits.slice();
        const brand = new Map<number, {variant: number; icon: number}>();
        for (const s of subtypes) {
            const b = this.matcher.brandOf(s, tags, this.country);
            if (b) brand.set(s, {variant: b.variant, icon: b.icon});
        }
        // A shop or a charging point without a name goes by its brand or operator; a transit stop
        // does not: its operator ("AMA") and its ref (a stop code) are not what the stop is called.
        const name = tags.get('name') ?? (isTransitStop(tags) ? '' : tags.get('brand') ?? tags.get('operator') ?? tags.get('ref') ?? '');
        const sd: Record<string, string> = {};
        const iata = tags.get('iata');
        if (iata) sd.iata = iata;
        const icao = tags.get('icao');
        if (icao) sd.icao = icao;
        if (tags.get('highway') === 'motorway_junction') {
            const ref = tags.get('ref');
            if (ref) sd.exit = ref;
        }
        const motorway = tags.get('highway') === 'motorway_junction' ? 'junction' : '';
        this.drafts.push({osmType, osmId, subtypes, name, sd: JSON.stringify(sd), brand, lat, lon, refs, motorway,
            operator: tags.get('operator') ?? ''});
    }

    private subtypeIndex(key: string): number {
        return this.matcher.subtypes.findIndex((s) => s.subtype.key === key);
    }

    /**
     * Animal enclosures and other attractions inside a zoo's outline are part of the zoo, not places of
     * their own (the Aachen Tierpark maps each enclosure as tourism=attraction): they lose the attraction sub-type.
     */
    private dropZooEnclosures(zooRings: Ring[], zoo: number, attraction: number): void {
        for (const d of this.drafts) {
            const a = d.subtypes.indexOf(attraction);
            if (a < 0 || d.subtypes.includes(zoo) || !Number.isFinite(d.lat)) continue;
            for (const ring of zooRings) {
                if (pointInRing(d.lon, d.lat, ring)) {
                    d.subtypes.splice(a, 1);
                    break;
                }
            }
        }
    }

    /** Positions of ways and multipolygons; the outlines of zoos, whose enclosures are no attractions of their own; the drafts placed, deduplicated. */
    private placeDrafts(): Draft[] {
        const store = this.nodes;
        const zoo = this.subtypeIndex('zoo'), attraction = this.subtypeIndex('attraction');
        const zooRings: Ring[] = [];
        for (const d of this.drafts) {
            if (d.osmType === OSM_NODE || d.refs === null) continue;
            const rings: number[][] = [];
            if (d.osmType === OSM_WAY) {
                const pts: number[] = [];
                for (const id of d.refs) pushCoord(store, id, pts);
                rings.push(pts);
            } else {
                for (const wid of d.refs) {
                    const refs = this.wayRefs.get(wid);
                    if (!refs) continue;
                    const pts: number[] = [];
                    for (const id of refs) pushCoord(store, id, pts);
                    rings.push(pts);
                }
            }
            const c = placeOf(rings);
            d.lat = c[0];
            d.lon = c[1];
            if (d.subtypes.includes(zoo)) {
                for (const pts of rings) {
                    const ring: Ring = [];
                    for (let i = 0; i < pts.length; i += 2) ring.push([pts[i + 1], pts[i]]);
                    const closed = pts.length >= 8 && pts[0] === pts[pts.length - 2] && pts[1] === pts[pts.length - 1];
                    if (closed) zooRings.push(ring);
                }
            }
        }
        if (zooRings.length > 0) this.dropZooEnclosures(zooRings, zoo, attraction);
        const venueHalls = new Set(this.matcher.subtypes.flatMap((s, i) => (s.subtype.venueHalls ? [i] : [])));
        return dedupe(this.drafts.filter((d) => Number.isFinite(d.lat) && Number.isFinite(d.lon) && d.subtypes.length > 0), venueHalls);
    }

    /**
     * The section, in stages: the drafts placed and deduplicated (placeDrafts), the badges of lines and
     * motorways (builder/badges.ts), the records (builder/records.ts), then in spatial order, encoded.
     */
    build(): {section: Uint8Array; stats: PoiStats} {
        const drafts = this.placeDrafts();
        const badges = buildBadges(this.nodes, this.lines, this.motorwayRefList, this.motorwayNodeIds, this.motorwayNodeRef);
        const records = buildRecords(drafts, this.matcher, badges);
        return this.encode(records, badges);
    }

    /** The records in spatial order (Hilbert) so that nearby records sit together, their index, and the section. */
    private encode(records: PoiRecords, badges: Badges): {section: Uint8Array; stats: PoiStats} {
        const {rec, names, sds, byCategory, placeCount} = records;
        const {badgeText, badgeLabel, badgeKind, badgeRoute, badgeColour, lineCount} = badges;
        const n = rec.lat.length;
        const lat = rec.lat.data, lon = rec.lon.data;
        let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
        for (let i = 0; i < n; i++) {
            minLat = Math.min(minLat, lat[i]);
            maxLat = Math.max(maxLat, lat[i]);
            minLon = Math.min(minLon, lon[i]);
            maxLon = Math.max(maxLon, lon[i]);
        }
        const keys = new Uint32Array(n);
        const sx = 0xffff / Math.max(1e-9, maxLon - minLon), sy = 0xffff / Math.max(1e-9, maxLat - minLat);
        for (let i = 0; i < n; i++) keys[i] = hilbert16(Math.floor((lon[i] - minLon) * sx), Math.floor((lat[i] - minLat) * sy));
        const order = Array.from({length: n}, (_, i) => i);
        // Records of one place stay together (same coordinates give the same key; tie-break on place).
        order.sort((a, b) => keys[a] - keys[b] || rec.place.data[a] - rec.place.data[b] || a - b);
        const arrays: Record<string, any> = {};
        for (const [k, g] of Object.entries(rec)) {
            const src = g.data as any;
            const dst = new (src.constructor)(n);
            for (let i = 0; i < n; i++) dst[i] = src[order[i]];
            arrays[k] = dst;
        }
        const index = new Flatbush(Math.max(1, n));
        for (let i = 0; i < n; i++) index.add(arrays.lon[i], arrays.lat[i], arrays.lon[i], arrays.lat[i]);
        if (n === 0) index.add(0, 0, 0, 0);
        index.finish();
        Object.assign(arrays, names.arrays('name'), sds.arrays('sd'), badgeText.arrays('badgeText'), badgeLabel.arrays('badgeLabel'));
        arrays.badgeKind = badgeKind.toArray();
        arrays.badgeRoute = badgeRoute.toArray();
        arrays.badgeColour = badgeColour.toArray();
        arrays.index = new Uint8Array(index.data as ArrayBuffer);
        const typeLonScale = Math.cos((minLat + maxLat) / 2 * Math.PI / 180) || 1;
        Object.assign(arrays, typeTrees(arrays.ct, arrays.st, arrays.lat, arrays.lon, typeLonScale));
        // `name`/`sd` string tables share names with record arrays; rename the record columns.
        arrays.nameOf = arrays.name;
        arrays.sdOf = arrays.sd;
        delete arrays.name;
        delete arrays.sd;
        const meta = {count: n, places: placeCount, bbox: n ? [minLon, minLat, maxLon, maxLat] : null, typeLonScale, categoriesVersion: this.matcher.file.version,
            osmTransitRoutes: [...this.transitRoutes].sort()};
        const stats: PoiStats = {records: n, places: placeCount, byCategory, lines: lineCount, motorways: this.motorwayRefList.length};
        return {section: encodeSection(POIS_KIND, POIS_VERSION, meta, arrays), stats};
    }
}

/**
 * One Flatbush per sub-type over its records (in record order), for the neighbourhood's nearest places of a sub-type:
 * the index of every record made such a search walk past the other sub-types' records, most of them for a rare one.
 * Longitudes are scaled by `lonScale` (the cosine of the region's middle latitude), so that distances in the tree are
 * in proportion to metres: in plain degrees a place 6 km north ranked before one 4 km west.
 * typeKey: the sub-types (ct · 256 + st), ascending; typeFirst: where each one's records start in typeRecords;
 * typeTree: the trees one after the other, each from typeTreeAt (a multiple of 8 bytes, as Flatbush.from needs).
 */
function typeTrees(ct: Uint8Array, st: Uint8Array, lat: Float64Array, lon: Float64Array, lonScale: number): Record<string, ArrayBufferView> {
    const n = ct.length;
    const key = (i: number) => ct[i] * 256 + st[i];
    const typeRecords = Uint32Array.from({length: n}, (_, i) => i).sort((a, b) => key(a) - key(b) || a - b);
    const keys: number[] = [], first: number[] = [];
    for (let k = 0; k < n; k++) {
        if (k === 0 || key(typeRecords[k]) !== key(typeRecords[k - 1])) {
            keys.push(key(typeRecords[k]));
            first.push(k);
        }
    }
    first.push(n);
    const trees: Uint8Array[] = [], at = [0];
    for (let t = 0; t < keys.length; t++) {
        const tree = new Flatbush(first[t + 1] - first[t]);
        for (let k = first[t]; k < first[t + 1]; k++) {
            const i = typeRecords[k], x = lon[i] * lonScale;
            tree.add(x, lat[i], x, lat[i]);
        }
        tree.finish();
        trees.push(new Uint8Array(tree.data as ArrayBuffer));
        at.push(at[t] + Math.ceil(trees[t].byteLength / 8) * 8);
    }
    const typeTree = new Uint8Array(at[keys.length]);
    trees.forEach((tree, t) => typeTree.set(tree, at[t]));
    return {typeKey: Uint16Array.from(keys), typeFirst: Uint32Array.from(first), typeRecords, typeTree, typeTreeAt: Uint32Array.from(at)};
}

/** A representative point: area-weighted centroid of closed rings, else the middle of the points. */
function placeOf(rings: number[][]): [number, number] {
    let area = 0, cx = 0, cy = 0, count = 0, sx = 0, sy = 0;
    for (const pts of rings) {
        const m = pts.length / 2;
        for (let i = 0; i < m; i++) {
            sx += pts[i * 2];
            sy += pts[i * 2 + 1];
            count++;
        }
        if (m < 4 || pts[0] !== pts[pts.length - 2] || pts[1] !== pts[pts.length - 1]) continue;
        let a = 0, x = 0, y = 0;
        for (let i = 0; i < m - 1; i++) {
            const y0 = pts[i * 2], x0 = pts[i * 2 + 1], y1 = pts[i * 2 + 2], x1 = pts[i * 2 + 3];
            const f = x0 * y1 - x1 * y0;
            a += f;
            x += (x0 + x1) * f;
            y += (y0 + y1) * f;
        }
        if (a === 0) continue;
        area += a;
        cx += x;
        cy += y;
    }
    if (area !== 0) return [cy / (3 * area), cx / (3 * area)];
    if (count === 0) return [NaN, NaN];
    // Open ways: the vertex nearest the mean (a point on the way itself).
    const my = sy / count, mx = sx / count;
    let best = Infinity, by = NaN, bx = NaN;
    for (const pts of rings) {
        for (let i = 0; i < pts.length; i += 2) {
            const d = (pts[i] - my) ** 2 + (pts[i + 1] - mx) ** 2;
            if (d < best) {
                best = d;
                by = pts[i];
                bx = pts[i + 1];
            }
        }
    }
    return [by, bx];
}

/**
 * Drops a place when the same sub-types under the same name lie within DUPLICATE_RADIUS (node kept over area).
 * For `venueHalls` sub-types, the rooms of one venue mapped apart (the Eurogress halls "Berlin", "Brüssel"
 * and "Europa", each amenity=theatre with one operator) are one place, named after the operator.
 */
function dedupe(drafts: Draft[], venueHalls: ReadonlySet<number>): Draft[] {
    const groups = new Map<string, Draft[]>();
    const add = (key: string, d: Draft) => {
        let g = groups.get(key);
        if (!g) groups.set(key, g = []);
        g.push(d);
    };
    for (const d of drafts) {
        if (d.name !== '') add(`${d.subtypes.join(',')}|${d.name.toLowerCase()}`, d);
        if (d.operator !== '' && d.subtypes.length === 1 && venueHalls.has(d.subtypes[0])) add(`${d.subtypes[0]}|operator|${d.operator.toLowerCase()}`, d);
    }
    const dropped = new Set<Draft>();
    for (const [key, g] of groups) {
        if (g.length < 2) continue;
        const halls = key.includes('|operator|');
        const radius = halls ? VENUE_RADIUS : DUPLICATE_RADIUS;
        g.sort((a, b) => a.osmType - b.osmType || a.osmId - b.osmId);
        for (let i = 0; i < g.length; i++) {
            if (dropped.has(g[i])) continue;
            for (let j = i + 1; j < g.length; j++) {
                if (dropped.has(g[j])) continue;
                if (haversineMeters(g[i].lat, g[i].lon, g[j].lat, g[j].lon) > radius) continue;
                dropped.add(g[j]);
                if (halls && g[j].name !== g[i].name) g[i].name = g[i].operator;
            }
        }
    }
    return drafts.filter((d) => !dropped.has(d));
}

/**
 * A transit line as people read it, "65 - Gare Centrale - Machelen": the reference, then the
 * terminals (from/to), else the relation's name without the network prefix and mode word that
 * many route names carry ("STIB/MIVB 22 Luxembourg - Montgomery", "Bus 65: A => B").
 */
export function lineLabel(ref: string, name: string, from: string | undefined, to: string | undefined, prefixes: (string | undefined)[]): string {
    if (from && to) return `${ref || name} - ${from} - ${to}`;
    let rest = name.trim();
    for (const prefix of prefixes) {
        if (prefix && rest.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) rest = rest.slice(prefix.length + 1).trim();
    }
    const withoutMode = rest.replace(/^(bus|tram|metro|métro|trolleybus|train|ligne|lijn|linea|línea|linha)\s+/i, '');
    if (ref && withoutMode.startsWith(ref)) rest = withoutMode;
    if (ref && rest.startsWith(ref)) rest = rest.slice(ref.length).replace(/^\s*[:\-–]?\s*/, '');
    rest = rest.replace(/\s*(<=>|<->|↔|=>|→|->)\s*/g, ' - ');
    if (!ref) return rest || name;
    return rest ? `${ref} - ${rest}` : ref;
}

/** A stop, platform or station of public transport (its name is its own or none). */
function isTransitStop(tags: OsmTags): boolean {
    const pt = tags.get('public_transport'), railway = tags.get('railway');
    return tags.get('highway') === 'bus_stop' || tags.get('amenity') === 'bus_station'
        || pt === 'platform' || pt === 'stop_position' || pt === 'station'
        || railway === 'tram_stop' || railway === 'station' || railway === 'halt' || railway === 'platform';
}
