// Extracts the map's vector data from OSM in the region build's three passes: land use and land cover,
// parks, water, waterways, buildings (with heights), roads, railways, piers, administrative borders
// (from boundary relations), place labels, and land polygons from the coastline. Each zoom band gets
// its own simplified copy with a Flatbush index over feature boxes (map-data.ts reads it back).
import Flatbush from 'flatbush';
import {Growable} from '../format/growable.js';
import {InputDigest} from '../format/input-digest.js';
import {encodeSection, type TypedArray} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import {hilbert16} from '../geo/hilbert.js';
import type {OsmNode, OsmRelation, OsmWay} from '../osm/objects.js';
import type {NodeStore} from '../osm/node-store.js';
import {clipRing, splitLine} from './clip.js';
import {LandmarksBuilder} from './landmarks.js';
import {BOUNDARY, BUILDING, KINDS, LAND, PLACE, PLACE_CLASS, RAIL, ROAD, buildingHeight, classify, isAreaFeature} from './map-classes.js';
import {MAP_BANDS, MAX_LINE_POINTS, MAX_RING_POINTS, inBand} from './map-bands.js';
import {MAP_KIND, MAP_VERSION} from './map-data.js';
import {mercatorX, mercatorY} from './mercator.js';
import {joinPieces, landRings, orientRings} from './rings.js';
import {RoadNetworks, roadAttributes} from './road-tags.js';
import {ringArea2, simplifyLine, simplifyRing} from '../geo/planar.js';

/** A feature before banding: class, label, height and full-detail parts (interleaved world x, y). */
interface RawFeature {
    kind: number;
    cls: number;
    flags: number;
    name: number;
    height: number;
    minHeight: number;
    /** Roads and railways: ref (string index) and attribute byte (road-tags.ts). */
    ref: number;
    attr: number;
    parts: Int32Array[];
}

interface WayDraft {
    packed: number;
    name: string;
    height: number;
    minHeight: number;
    ref: string;
    attr: number;
    refStart: number;
    refCount: number;
}

interface RelationDraft {
    packed: number;
    name: string;
    height: number;
    minHeight: number;
    members: number[];
}

export interface MapStats {
    features: number[];
    coordinates: number[];
    byKind: Record<string, number>;
    coastline: boolean;
}

export class MapDataBuilder {
    private readonly refs = new Growable(Float64Array, 1 << 16);
    private readonly ways: WayDraft[] = [];
    private readonly relations: RelationDraft[] = [];
    /** Member ways of drawn multipolygons → where their refs are kept ([start, count]). */
    private readonly memberRefs = new Map<number, [number, number]>();
    private readonly wantedWays = new Set<number>();
    /** Way id → lowest administrative level of the boundary relations it belongs to. */
    private readonly boundaryLevel = new Map<number, number>();
    private readonly coastline: [number, number][] = [];
    private readonly places: {cls: number; name: string; lat: number; lon: number}[] = [];
    private readonly networks = new RoadNetworks();
    private readonly landmarks = new LandmarksBuilder();

    constructor(private readonly nodes: NodeStore) {}

    addRelation(rel: OsmRelation): void {
        const tags = rel.tags;
        const type = tags.get('type');
        if (type === 'route') this.networks.addRelation(rel);
        if (type === 'boundary' || type === 'multipolygon') {
            if (tags.get('boundary') === 'administrative') {
                const level = Number(tags.get('admin_level'));
                if (Number.isInteger(level) && level >= 1 && level <= 11) {
                    for (let i = 0; i < rel.memberCount; i++) {
                        if (rel.memberTypes[i] !== 1) continue;
                        const id = rel.memberRefs[i];
                        const old = this.boundaryLevel.get(id);
                        if (old === undefined || level < old) this.boundaryLevel.set(id, level);
                    }
                }
                if (type === 'boundary') return;
            }
        }
        if (type !== 'multipolygon') return;
        const packed = classify(tags, true, true);
        if (packed < 0) return;
        const members: number[] = [];
        for (let i = 0; i < rel.memberCount; i++) {
            if (rel.memberTypes[i] !== 1) continue;
            members.push(rel.memberRefs[i]);
            this.wantedWays.add(rel.memberRefs[i]);
        }
        if (members.length === 0) return;
        const kind = packed >> 16;
        this.relations.push({
            packed, name: tags.get('name') ?? '', members,
            height: kind === BUILDING ? buildingHeight(tags, 'height', 'building:levels') : 0,
            minHeight: kind === BUILDING ? buildingHeight(tags, 'min_height', 'building:min_level') : 0
        });
    }

    addWay(way: OsmWay): void {
        const n = way.refCount;
        if (n < 2) return;
        const tags = way.tags;
        let kept = -1;
        const keep = (): number => {
            if (kept >= 0) return kept;
            kept = this.refs.reserve(n);
            for (let i = 0; i < n; i++) {
                this.refs.data[kept + i] = way.refs[i];
                this.nodes.need(way.refs[i]);
            }
            return kept;
        };
        if (this.wantedWays.has(way.id)) this.memberRefs.set(way.id, [keep(), n]);
        let level = this.boundaryLevel.get(way.id);
        if (level === undefined && tags.get('boundary') === 'administrative') {
            const l = Number(tags.get('admin_level'));
            if (Number.isInteger(l) && l >= 1 && l <= 11) level = l;
        }
        if (level !== undefined && tags.get('maritime') !== 'yes' && tags.get('natural') !== 'coastline') {
            this.ways.push({packed: (BOUNDARY << 16) | (level << 8), name: '', height: 0, minHeight: 0, ref: '', attr: 0, refStart: keep(), refCount: n});
        }
        if (tags.get('natural') === 'coastline') this.coastline.push([keep(), n]);
        const closed = n >= 4 && way.refs[0] === way.refs[n - 1];
        const packed = classify(tags, closed, false);
        if (packed < 0) return;
        const kind = packed >> 16;
        let ref = '', attr = 0;
        if (kind === ROAD || kind === RAIL) {
            const network = this.networks.ofWay.get(way.id);
            ref = network?.[1] || (tags.get('ref') ?? '');
            attr = roadAttributes(tags, network?.[0] ?? 0);
        }
        if (tags.get('aeroway') === 'aerodrome') {
            keep();
            this.landmarks.addArea(tags, way.refs.subarray(0, n));
        }
        this.ways.push({
            packed, name: tags.get('name') ?? '', refStart: keep(), refCount: n, ref, attr,
            height: kind === BUILDING ? buildingHeight(tags, 'height', 'building:levels') : 0,
            minHeight: kind === BUILDING ? buildingHeight(tags, 'min_height', 'building:min_level') : 0
        });
    }

    addNode(node: OsmNode): void {
        if (node.tags.count === 0) return;
        this.landmarks.addNode(node.tags, node.lat, node.lon);
        const place = node.tags.get('place');
        if (place === undefined) return;
        const cls = PLACE_CLASS[place];
        const name = node.tags.get('name');
        if (cls === undefined || !name) return;
        this.places.push({cls, name, lat: node.lat, lon: node.lon});
    }

    /**
     * SHA-256 of everything build() reads: the ways, multipolygons, member ways, coastline, places and landmarks kept,
     * and the node store (a superset of the map's own nodes: its extent is the map's box). The same digest (and code)
     * gives the same section: a change of POIs and addresses leaves it, and the build reuses the previous bundle's.
     */
    inputDigest(): string {
        const digest = new InputDigest('map').array('refs', this.refs.data, this.refs.length);
        // The ways in chunks: a country keeps millions.
        const CHUNK = 1 << 16;
        for (let start = 0; start < this.ways.length; start += CHUNK) {
            const end = Math.min(this.ways.length, start + CHUNK);
            const numbers = new Float64Array((end - start) * 6);
            const texts: string[] = [];
            for (let i = start, o = 0; i < end; i++, o += 6) {
                const w = this.ways[i];
                numbers[o] = w.packed;
                numbers[o + 1] = w.height;
                numbers[o + 2] = w.minHeight;
                numbers[o + 3] = w.attr;
                numbers[o + 4] = w.refStart;
                numbers[o + 5] = w.refCount;
                texts.push(w.name, w.ref);
            }
            digest.array('ways', numbers).json('way texts', texts);
        }
        digest.json('relations', this.relations).json('members', [...this.memberRefs]).json('coastline', this.coastline).json('places', this.places);
        // The landmarks as build() stores them (positions of aerodrome areas from the store), their strings apart.
        const names = new StringTableBuilder();
        const landmarks = this.landmarks.arrays(names, (id) => {
            const k = this.nodes.indexOf(id);
            return k < 0 ? null : [mercatorX(this.nodes.lon[k] / 1e7), mercatorY(this.nodes.lat[k] / 1e7)];
        });
        for (const [name, a] of Object.entries({...landmarks, ...names.arrays('name')})) digest.array(name, a);
        return digest.store(this.nodes).hex();
    }

    build(): {section: Uint8Array; stats: MapStats} {
        const store = this.nodes;
        // World coordinates of every stored node, once.
        const nodeX = new Int32Array(store.ids.length), nodeY = new Int32Array(store.ids.length);
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
        for (let i = 0; i < store.ids.length; i++) {
            if (!store.found[i]) continue;
            const x = mercatorX(store.lon[i] / 1e7), y = mercatorY(store.lat[i] / 1e7);
            nodeX[i] = x;
            nodeY[i] = y;
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
        const refs = this.refs.data;
        const resolve = (ids: ArrayLike<number>, start = 0, count = ids.length - start): Int32Array => {
            const out = new Int32Array(count * 2);
            let o = 0;
            for (let i = 0; i < count; i++) {
                const k = store.indexOf(ids[start + i]);
                if (k < 0) continue;
                out[o++] = nodeX[k];
                out[o++] = nodeY[k];
            }
            return o === out.length ? out : out.slice(0, o);
        };

        const names = new StringTableBuilder();
        names.intern('');
        const raw: RawFeature[] = [];
        // Lines of the same kind, class, flags and name are joined end to end first: a street is one
        // line however many ways it was mapped as, so its name can be placed along it.
        const lines = new Map<string, Float64Array[]>();
        for (const w of this.ways) {
            const kind = w.packed >> 16, cls = (w.packed >> 8) & 0xff, flags = w.packed & 0xff;
            const area = isAreaFeature(kind, flags);
            if (!area) {
                const key = `${w.packed}\u0000${w.attr}\u0000${w.ref}\u0000${w.name}`;
                const list = lines.get(key);
                const piece = refs.subarray(w.refStart, w.refStart + w.refCount);
                if (list) list.push(piece);
                else lines.set(key, [piece]);
                continue;
            }
            const coords = resolve(refs, w.refStart, w.refCount);
            if (coords.length < 8 || coords[0] !== coords[coords.length - 2] || coords[1] !== coords[coords.length - 1]) continue;
            raw.push({kind, cls, flags, name: names.intern(w.name), height: w.height, minHeight: w.minHeight, ref: 0, attr: 0, parts: [coords]});
        }
        for (const [key, pieces] of lines) {
            const [packedKey, attrKey, refKey] = key.split('\u0000', 3);
            const packed = Number(packedKey), attr = Number(attrKey), ref = names.intern(refKey);
            const name = names.intern(key.slice(packedKey.length + attrKey.length + refKey.length + 3));
            const joined = joinPieces(pieces, false);
            for (const chain of joined.closed.concat(joined.open)) {
                const coords = resolve(chain);
                if (coords.length < 4) continue;
                raw.push({kind: packed >> 16, cls: (packed >> 8) & 0xff, flags: packed & 0xff, name, height: 0, minHeight: 0, ref, attr, parts: [coords]});
            }
        }
        for (const r of this.relations) {
            const pieces: Float64Array[] = [];
            for (const id of r.members) {
                const at = this.memberRefs.get(id);
                if (at) pieces.push(refs.subarray(at[0], at[0] + at[1]));
            }
            const joined = joinPieces(pieces, false);
            const parts: Int32Array[] = [];
            for (const ring of joined.closed) {
                const coords = resolve(ring);
                if (coords.length >= 8) parts.push(coords);
            }
            if (parts.length === 0) continue;
            const kind = r.packed >> 16;
            raw.push({kind, cls: (r.packed >> 8) & 0xff, flags: r.packed & 0xff, name: names.intern(r.name), height: r.height, minHeight: r.minHeight, ref: 0, attr: 0, parts});
        }
        let coastline = false;
        if (this.coastline.length && Number.isFinite(minX)) {
            const joined = joinPieces(this.coastline.map(([s, n]) => refs.subarray(s, s + n)), true);
            const closed = joined.closed.map((r) => resolve(r)).filter((c) => c.length >= 8);
            const open = joined.open.map((r) => resolve(r)).filter((c) => c.length >= 4);
            const land = landRings(closed, open, minX, minY, maxX, maxY);
            if (land.length) {
                coastline = true;
                raw.push({kind: LAND, cls: 0, flags: 0, name: 0, height: 0, minHeight: 0, ref: 0, attr: 0, parts: land});
            }
        }
        for (const p of this.places) {
            raw.push({kind: PLACE, cls: p.cls, flags: 0, name: names.intern(p.name), height: 0, minHeight: 0, ref: 0, attr: 0,
                parts: [Int32Array.of(mercatorX(p.lon), mercatorY(p.lat))]});
        }

        // Every area is drawn with the non-zero rule (neighbours and overlapping cells add up).
        for (const f of raw) {
            if (isAreaFeature(f.kind, f.flags)) orientRings(f.parts);
        }
        const arrays: Record<string, TypedArray> = {};
        const stats: MapStats = {features: [], coordinates: [], byKind: {}, coastline};
        for (const f of raw) stats.byKind[KINDS[f.kind]] = (stats.byKind[KINDS[f.kind]] ?? 0) + 1;
        const bandMeta: {minZoom: number; count: number}[] = [];
        for (let b = 0; b < MAP_BANDS.length; b++) {
            const band = bandFeatures(raw, b);
            Object.assign(arrays, encodeBand(band, `b${b}`));
            bandMeta.push({minZoom: MAP_BANDS[b].minZoom, count: band.length});
            stats.features.push(band.length);
            stats.coordinates.push(band.reduce((s, f) => s + f.parts.reduce((t, p) => t + p.length / 2, 0), 0));
        }
        Object.assign(arrays, this.landmarks.arrays(names, (id) => {
            const k = store.indexOf(id);
            return k < 0 ? null : [nodeX[k], nodeY[k]];
        }));
        Object.assign(arrays, names.arrays('name'));
        const meta = {bands: bandMeta, coastline, bbox: Number.isFinite(minX) ? [minX, minY, maxX, maxY] : null};
        return {section: encodeSection(MAP_KIND, MAP_VERSION, meta, arrays), stats};
    }
}

/** The features of one band: filtered, simplified, with large rings cut into cells and long lines split. */
function bandFeatures(raw: RawFeature[], b: number): RawFeature[] {
    const spec = MAP_BANDS[b];
    const out: RawFeature[] = [];
    for (const f of raw) {
        if (!inBand(b, f.kind, f.cls)) continue;
        const area = isAreaFeature(f.kind, f.flags);
        if (f.kind === PLACE) {
            out.push(f);
            continue;
        }
        if (!area) {
            for (const part of f.parts) {
                const line = simplifyLine(part, spec.tolerance);
                if (line.length < 4) continue;
                for (const run of splitLine(line, MAX_LINE_POINTS)) out.push({...f, parts: [run]});
            }
            continue;
        }
        const rings: Int32Array[] = [];
        let points = 0;
        for (const part of f.parts) {
            const ring = simplifyRing(part, spec.tolerance);
            if (ring === null) continue;
            // The land is kept whatever its size: islets matter where the sea is drawn.
            if (f.kind !== LAND && Math.abs(ringArea2(ring)) / 2 < spec.minRingArea) continue;
            rings.push(ring);
            points += ring.length / 2;
        }
        if (rings.length === 0) continue;
        const [x0, y0, x1, y1] = boxOf(rings);
        if (points <= MAX_RING_POINTS || (x1 - x0 <= spec.cell && y1 - y0 <= spec.cell)) {
            out.push({...f, parts: rings});
            continue;
        }
        // Cells overlap by a little, so that antialiased edges of neighbouring pieces never show a seam.
        const cell = spec.cell, pad = cell >> 6;
        for (let cy = Math.floor(y0 / cell) * cell; cy < y1; cy += cell) {
            for (let cx = Math.floor(x0 / cell) * cell; cx < x1; cx += cell) {
                const parts: Int32Array[] = [];
                for (const ring of rings) {
                    const clipped = clipRing(ring, cx - pad, cy - pad, cx + cell + pad, cy + cell + pad);
                    if (clipped) parts.push(clipped);
                }
                if (parts.length) out.push({...f, parts});
            }
        }
    }
    return out;
}

function boxOf(parts: Int32Array[]): [number, number, number, number] {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const p of parts) {
        for (let i = 0; i < p.length; i += 2) {
            const x = p[i], y = p[i + 1];
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
    }
    return [minX, minY, maxX, maxY];
}

/** Typed arrays of one band, features in Hilbert order of their box centres, with the Flatbush index. */
function encodeBand(features: RawFeature[], prefix: string): Record<string, TypedArray> {
    const n = features.length;
    const boxes = features.map((f) => boxOf(f.parts));
    const keys = new Uint32Array(n);
    // Hilbert keys on the band's own extent.
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const b of boxes) {
        minX = Math.min(minX, b[0]);
        minY = Math.min(minY, b[1]);
        maxX = Math.max(maxX, b[2]);
        maxY = Math.max(maxY, b[3]);
    }
    const sx = 0xffff / Math.max(1, maxX - minX), sy = 0xffff / Math.max(1, maxY - minY);
    for (let i = 0; i < n; i++) {
        const b = boxes[i];
        keys[i] = hilbert16(Math.floor(((b[0] + b[2]) / 2 - minX) * sx), Math.floor(((b[1] + b[3]) / 2 - minY) * sy));
    }
    const order = Array.from({length: n}, (_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);
    let partCount = 0, coordCount = 0;
    for (const f of features) {
        partCount += f.parts.length;
        for (const p of f.parts) coordCount += p.length >> 1;
    }
    const kind = new Uint8Array(n), cls = new Uint8Array(n), flags = new Uint8Array(n), name = new Uint32Array(n);
    const height = new Uint16Array(n), minHeight = new Uint16Array(n), ref = new Uint32Array(n), attr = new Uint8Array(n);
    const partStart = new Uint32Array(n + 1), coordStart = new Uint32Array(partCount + 1);
    const x = new Int32Array(coordCount), y = new Int32Array(coordCount);
    const index = new Flatbush(Math.max(1, n), 16, Int32Array);
    let part = 0, coord = 0;
    for (let k = 0; k < n; k++) {
        const f = features[order[k]];
        kind[k] = f.kind;
        cls[k] = f.cls;
        flags[k] = f.flags;
        name[k] = f.name;
        height[k] = f.height;
        minHeight[k] = f.minHeight;
        ref[k] = f.ref;
        attr[k] = f.attr;
        partStart[k] = part;
        for (const p of f.parts) {
            coordStart[part++] = coord;
            for (let i = 0; i < p.length; i += 2) {
                x[coord] = p[i];
                y[coord++] = p[i + 1];
            }
        }
        const b = boxes[order[k]];
        index.add(b[0], b[1], b[2], b[3]);
    }
    partStart[n] = part;
    coordStart[part] = coord;
    if (n === 0) index.add(0, 0, 0, 0);
    index.finish();
    return {
        [`${prefix}Kind`]: kind, [`${prefix}Cls`]: cls, [`${prefix}Flags`]: flags, [`${prefix}Name`]: name,
        [`${prefix}Height`]: height, [`${prefix}MinHeight`]: minHeight, [`${prefix}Ref`]: ref, [`${prefix}Attr`]: attr, [`${prefix}PartStart`]: partStart,
        [`${prefix}CoordStart`]: coordStart, [`${prefix}X`]: x, [`${prefix}Y`]: y,
        [`${prefix}Index`]: new Uint8Array(index.data as ArrayBuffer)
    };
}
