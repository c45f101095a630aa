// The world around the region at zooms 0–5, from Natural Earth (the world-atlas package, public
// domain) as OpenMapTiles has it there: the ocean (the tile minus the land), country borders (the
// arcs two countries share) and country labels. Scales as OpenMapTiles picks them: 1:110m at zooms
// 0–1, 1:50m at 2–3, 1:10m at 4–5 (borders: 110m at 0, 50m at 1–3, 10m at 4–5). Read once per
// process at region-build time; nothing of it is on the request path. Decoding it takes a second and more: the
// build (`npm run build`: tools/prepare-natural-earth.js) writes it decoded next to this module, and a region build
// reads that file when it was prepared from the same data, code and ICU (else it decodes, as before).
import crypto from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import Flatbush from 'flatbush';
import polylabel from 'polylabel';
import {feature, mesh} from 'topojson-client';
import type {GeometryCollection, Topology} from 'topojson-specification';
import type {MultiLineString, MultiPolygon, Polygon, Position} from 'geojson';
import isoCountries from 'i18n-iso-countries';
import {clipRing} from '../map-data/clip.js';
import {mercatorX, mercatorY, WORLD} from '../map-data/mercator.js';
import {insideRing, reverseRing, ringArea2, simplifyLine, simplifyRing} from '../geo/planar.js';
import {loadCountries} from '../config/regions.js';
import {encodeSection, Section, verifySection} from '../format/section.js';
import {moduleClosureHash} from '../util/module-hash.js';
import {EXTENT, LINESTRING, POINT, POLYGON, type MvtWriter} from './mvt-writer.js';
import type {TileFrame} from './tile-frame.js';

/** The last zoom drawn from Natural Earth; the region's own coastline and national borders take over after it. */
export const NATURAL_EARTH_MAX_ZOOM = 5;
const PACKAGE = 'world-atlas';
const SCALES = ['110m', '50m', '10m'] as const;
type ScaleName = typeof SCALES[number];
/** Land (ocean) and border scales per zoom 0–5. */
const LAND_SCALE: ScaleName[] = ['110m', '110m', '50m', '50m', '10m', '10m'];
const BORDER_SCALE: ScaleName[] = ['110m', '50m', '50m', '50m', '10m', '10m'];
/** Each scale is simplified to a tile unit of the last zoom it serves. */
const SCALE_LAST_ZOOM: Record<ScaleName, number> = {'110m': 1, '50m': 3, '10m': 5};
/** Islands (holes in the ocean) smaller than this many tile units² are left out (about 2 px² of a 512-px tile). */
const MIN_AREA = 128;
/** A country's label shows from zoom rank - 1: the largest countries (rank 1) from zoom 0, all of them (rank 6) from 5. */
const LABEL_ZOOM_OFFSET = 1;
/** Country area (km²) from which each rank starts: 1 for the largest. */
const RANK_AREAS = [3e6, 1e6, 3e5, 1e5, 2e4];
const EARTH_RADIUS_KM = 6371.0088;

interface Scale {
    /** Land rings in world units, oriented as parts of the ocean: land outlines turn negatively (holes), lakes in the land positively. */
    land: Int32Array[];
    landIndex: Flatbush;
    /** Lines two countries share. */
    borders: Int32Array[];
    borderIndex: Flatbush | null;
}

export interface CountryLabel {
    x: number;
    y: number;
    /** Natural Earth's (English) name. */
    name: string;
    /** ISO 3166-1 alpha-2. */
    iso: string;
    rank: number;
    /** [language (lower case), name] in the languages quartier speaks, from the Unicode CLDR (Intl.DisplayNames). */
    names: [string, string][];
}

let loaded: NaturalEarth | null = null;

/** The decoded world-atlas written by the build, beside this module (so in the engine's package too). */
export const PREPARED_NATURAL_EARTH = fileURLToPath(new URL('./natural-earth.bin', import.meta.url));
const PREPARED_KIND = 'natural-earth';
const PREPARED_VERSION = 1;

export class NaturalEarth {
    private constructor(private readonly scales: Record<ScaleName, Scale>, readonly labels: readonly CountryLabel[]) {}

    /** The world-atlas data once per process: the build's prepared file when current, else decoded (about a second). */
    static load(): NaturalEarth {
        loaded ??= NaturalEarth.read(PREPARED_NATURAL_EARTH) ?? NaturalEarth.decode();
        return loaded;
    }

    /** The world-atlas package's files decoded: the land and borders of each scale, simplified, and the labels. */
    static decode(): NaturalEarth {
        const scales = {} as Record<ScaleName, Scale>;
        let countries10m: Topology | null = null;
        for (const name of SCALES) {
            const topology = readTopology(name);
            scales[name] = decodeScale(topology, WORLD / 2 ** SCALE_LAST_ZOOM[name] / EXTENT);
            if (name === '10m') countries10m = topology;
        }
        return new NaturalEarth(scales, countryLabels(countries10m!));
    }

    /**
     * A prepared file's data (its rings are views of the file's buffer), or null when there is none, it is damaged,
     * or it was prepared from another world-atlas, engine code, ICU or set of languages (preparedKey).
     */
    static read(file: string): NaturalEarth | null {
        let section: Section;
        try {
            const bytes = fs.readFileSync(file);
            verifySection(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            section = Section.from(bytes.buffer, PREPARED_KIND, PREPARED_VERSION, bytes.byteOffset, bytes.byteLength);
        } catch {
            return null;
        }
        if (section.meta?.key !== preparedKey()) return null;
        const scales = {} as Record<ScaleName, Scale>;
        for (const name of SCALES) {
            const land = splitParts(section.array(`land${name}`, Int32Array), section.array(`landEnds${name}`, Uint32Array));
            const borders = splitParts(section.array(`borders${name}`, Int32Array), section.array(`borderEnds${name}`, Uint32Array));
            scales[name] = {land, landIndex: boxIndex(land), borders, borderIndex: borders.length > 0 ? boxIndex(borders) : null};
        }
        return new NaturalEarth(scales, section.meta.labels as CountryLabel[]);
    }

    /**
     * Writes the decoded data to `file` (a temporary name, then renamed) unless the file there is current.
     * Returns whether it wrote.
     */
    static prepare(file = PREPARED_NATURAL_EARTH): boolean {
        if (NaturalEarth.read(file) !== null) return false;
        const world = NaturalEarth.decode();
        const arrays: Record<string, Int32Array | Uint32Array> = {};
        for (const name of SCALES) {
            const scale = world.scales[name];
            [arrays[`land${name}`], arrays[`landEnds${name}`]] = joinParts(scale.land);
            [arrays[`borders${name}`], arrays[`borderEnds${name}`]] = joinParts(scale.borders);
        }
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, encodeSection(PREPARED_KIND, PREPARED_VERSION, {key: preparedKey(), labels: world.labels}, arrays));
        fs.renameSync(tmp, file);
        return true;
    }

    /** The version of the world-atlas package (part of the region build's input hash). */
    static version(): string {
        return JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`), 'utf8')).version;
    }

    /** Writes the tile's ocean, country borders and country labels (zooms 0–5; nothing above). */
    write(writer: MvtWriter, frame: TileFrame): void {
        if (frame.z > NATURAL_EARTH_MAX_ZOOM) return;
        this.ocean(writer, frame);
        this.borders(writer, frame);
        this.countries(writer, frame);
    }

    /** water class=ocean: the buffered tile box minus the land, lakes of the land (the Caspian) as ocean too. */
    private ocean(writer: MvtWriter, frame: TileFrame): void {
        const scale = this.scales[LAND_SCALE[frame.z]];
        const {minX, minY, maxX, maxY} = frame;
        const box = Int32Array.of(minX, minY, maxX, minY, maxX, maxY, minX, maxY, minX, minY);
        const boxArea2 = ringArea2(box);
        const islands: Int32Array[] = [], lakes: Int32Array[][] = [];
        let covered = false;
        for (const id of scale.landIndex.search(minX, minY, maxX, maxY)) {
            const ring = clipRing(scale.land[id], minX, minY, maxX, maxY);
            if (ring === null) continue;
            const area2 = ringArea2(ring);
            if (area2 < 0) {
                // Land over the whole tile: no sea but the lakes the land holds.
                if (-area2 >= boxArea2 * 0.999999) covered = true;
                else islands.push(ring);
            } else if (area2 > 0) {
                lakes.push([ring]);
            }
        }
        writer.begin('water', POLYGON);
        // One call per outer ring with its own holes (frame.polygon): the box with the islands of the
        // sea, each lake with the islands in it.
        const ofBox: Int32Array[] = [box];
        for (const island of islands) (lakes.find((lake) => insideRing(lake[0], island[0], island[1])) ?? ofBox).push(island);
        if (!covered) frame.polygon(writer, ofBox, MIN_AREA);
        for (const lake of lakes) frame.polygon(writer, lake, MIN_AREA);
        writer.tag('class', 'ocean');
        writer.end();
    }

    /** boundary admin_level=2: land borders between countries (Natural Earth has no maritime or disputed flags: 0). */
    private borders(writer: MvtWriter, frame: TileFrame): void {
        const scale = this.scales[BORDER_SCALE[frame.z]];
        if (scale.borderIndex === null) return;
        writer.begin('boundary', LINESTRING);
        for (const id of scale.borderIndex.search(frame.minX, frame.minY, frame.maxX, frame.maxY)) frame.line(writer, scale.borders[id]);
        writer.tag('admin_level', 2);
        writer.tag('maritime', 0);
        writer.tag('disputed', 0);
        writer.end();
    }

    /** place class=country at a point inside each country, largest first, from zoom rank - 1. */
    private countries(writer: MvtWriter, frame: TileFrame): void {
        for (const label of this.labels) {
            if (label.rank > frame.z + LABEL_ZOOM_OFFSET || !frame.holds(label.x, label.y)) continue;
            writer.begin('place', POINT);
            writer.point(frame.tileX(label.x), frame.tileY(label.y));
            writer.tag('class', 'country');
            writer.tag('name', label.name);
            writer.tag('name_en', label.name);
            writer.tag('name_de', label.names.find(([lang]) => lang === 'de')?.[1] ?? label.name);
            writer.tag('name:en', label.name);
            for (const [lang, name] of label.names) if (lang !== 'en') writer.tag(`name:${lang}`, name);
            writer.tag('iso_a2', label.iso);
            writer.tag('rank', label.rank);
            writer.end();
        }
    }
}

/** What the decoded data depends on: world-atlas, this module and what it imports, ICU's names and the languages. */
function preparedKey(): string {
    const require = createRequire(import.meta.url);
    const version = (pkg: string) => JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version as string;
    const self = fileURLToPath(import.meta.url);
    return crypto.createHash('sha256')
        .update(JSON.stringify([version(PACKAGE), version('i18n-iso-countries'), process.versions.icu, process.versions.unicode, languages()]))
        .update(moduleClosureHash([self], path.dirname(path.dirname(self))))
        .digest('hex');
}

/** Rings or lines one after another in one array, with the end of each. */
function joinParts(parts: Int32Array[]): [Int32Array, Uint32Array] {
    const ends = new Uint32Array(parts.length);
    let n = 0;
    parts.forEach((part, i) => (ends[i] = n += part.length));
    const all = new Int32Array(n);
    parts.forEach((part, i) => all.set(part, ends[i] - part.length));
    return [all, ends];
}

function splitParts(all: Int32Array, ends: Uint32Array): Int32Array[] {
    const parts: Int32Array[] = [];
    for (let i = 0; i < ends.length; i++) parts.push(all.subarray(i === 0 ? 0 : ends[i - 1], ends[i]));
    return parts;
}

function readTopology(scale: ScaleName): Topology {
    const file = createRequire(import.meta.url).resolve(`${PACKAGE}/countries-${scale}.json`);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Topology;
}

/** A ring or line of [lon, lat] in world units, longitudes shifted by `shift` degrees (latitudes past Mercator's limit are clamped). */
function toWorld(points: Position[], shift = 0): Int32Array {
    const out = new Int32Array(points.length * 2);
    for (let i = 0; i < points.length; i++) {
        out[i * 2] = mercatorX(points[i][0] + shift);
        out[i * 2 + 1] = mercatorY(points[i][1]);
    }
    return out;
}

/**
 * world-atlas is stitched for drawing on the sphere: a ring may cross the antimeridian (Chukotka, Fiji)
 * or go round a pole (Antarctica). On the flat map, longitudes are made continuous (each step under
 * 180°) and a ring round a pole is closed along the pole's edge of the map; copies() then places it
 * once or twice so that it covers -180..180.
 */
function unwrap(points: Position[], ring: boolean): Position[] {
    const out: Position[] = [];
    let shift = 0;
    for (let i = 0; i < points.length; i++) {
        if (i > 0) {
            const step = points[i][0] + shift - out[i - 1][0];
            if (step > 180) shift -= 360;
            else if (step < -180) shift += 360;
        }
        out.push([points[i][0] + shift, points[i][1]]);
    }
    if (ring && shift !== 0) {
        const first = out[0], last = out[out.length - 1];
        const poleLat = first[1] < 0 ? -90 : 90;
        out.push([last[0], poleLat], [first[0], poleLat], first);
    }
    return out;
}

/** The longitude shifts (degrees) that bring an unwrapped ring or line onto -180..180: 0, and ±360 where it runs past. */
function copies(points: Position[]): number[] {
    let min = Infinity, max = -Infinity;
    for (const [lon] of points) {
        if (lon < min) min = lon;
        if (lon > max) max = lon;
    }
    const shifts = [0];
    if (min < -180) shifts.push(360);
    if (max > 180) shifts.push(-360);
    return shifts;
}

function boxIndex(parts: Int32Array[]): Flatbush {
    const index = new Flatbush(Math.max(1, parts.length));
    for (const part of parts) {
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (let i = 0; i < part.length; i += 2) {
            if (part[i] < x0) x0 = part[i];
            if (part[i] > x1) x1 = part[i];
            if (part[i + 1] < y0) y0 = part[i + 1];
            if (part[i + 1] > y1) y1 = part[i + 1];
        }
        index.add(x0, y0, x1, y1);
    }
    if (parts.length === 0) index.add(0, 0, 0, 0);
    index.finish();
    return index;
}

function decodeScale(topology: Topology, tolerance: number): Scale {
    const objects = topology.objects as Record<string, GeometryCollection>;
    const land: Int32Array[] = [];
    const landShape = feature(topology, objects.land);
    for (const f of 'features' in landShape ? landShape.features : [landShape]) {
        const g = f.geometry as Polygon | MultiPolygon;
        const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
        for (const polygon of polygons) {
            polygon.forEach((points, r) => {
                const flat = unwrap(points, true);
                for (const shift of copies(flat)) {
                    const ring = simplifyRing(toWorld(flat, shift), tolerance);
                    if (ring === null) continue;
                    const area2 = ringArea2(ring);
                    // Land outlines become holes of the ocean (negative), a lake in the land its outer ring (positive).
                    if (area2 === 0) continue;
                    if ((r === 0) === (area2 > 0)) reverseRing(ring);
                    land.push(ring);
                }
            });
        }
    }
    const borders: Int32Array[] = [];
    const shared = mesh(topology, objects.countries, (a, b) => a !== b) as MultiLineString;
    for (const line of shared.coordinates) {
        const flat = unwrap(line, false);
        for (const shift of copies(flat)) {
            const part = simplifyLine(toWorld(flat, shift), tolerance);
            if (part.length >= 4) borders.push(part);
        }
    }
    return {land, landIndex: boxIndex(land), borders, borderIndex: borders.length > 0 ? boxIndex(borders) : null};
}

/** Languages quartier speaks (the names data/countries.json gives), lower case. */
function languages(): string[] {
    const all = new Set<string>();
    for (const country of Object.values(loadCountries())) for (const lang of Object.keys(country.name)) all.add(lang.toLowerCase());
    return [...all].sort();
}

/** A label per country of the 1:10m set: inside its largest part, ranked by its area. */
function countryLabels(topology: Topology): CountryLabel[] {
    const objects = topology.objects as Record<string, GeometryCollection>;
    const langs = languages();
    const displayNames = langs.map((lang) => new Intl.DisplayNames([lang], {type: 'region', fallback: 'none'}));
    const labels: (CountryLabel & {area: number})[] = [];
    const collection = feature(topology, objects.countries);
    for (const f of 'features' in collection ? collection.features : [collection]) {
        const g = f.geometry as Polygon | MultiPolygon | null;
        const name = String((f.properties as {name?: string} | null)?.name ?? '');
        // Areas without an ISO 3166-1 code (military bases, reefs, Kosovo, Somaliland) keep their borders but get no label.
        const iso = f.id !== undefined ? isoCountries.numericToAlpha2(String(f.id)) ?? '' : '';
        if (!g || !name || !iso) continue;
        const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map((polygon) => polygon.map((ring) => unwrap(ring, true)));
        let area = 0, largest = polygons[0], largestArea = -1;
        for (const polygon of polygons) {
            let a = Math.abs(sphericalArea(polygon[0]));
            for (let h = 1; h < polygon.length; h++) a -= Math.abs(sphericalArea(polygon[h]));
            area += a;
            if (a > largestArea) {
                largestArea = a;
                largest = polygon;
            }
        }
        const rings = largest.map((ring) => ring.map(([lon, lat]) => [mercatorX(lon), mercatorY(lat)]));
        // Precision of a tile unit at zoom 5: finer than any zoom shows the label at.
        const [x, y] = polylabel(rings, WORLD / 2 ** NATURAL_EARTH_MAX_ZOOM / EXTENT);
        const names: [string, string][] = [];
        langs.forEach((lang, i) => {
            const local = displayNames[i].of(iso);
            if (local && local !== iso) names.push([lang, local]);
        });
        let rank = 1;
        while (rank <= RANK_AREAS.length && area < RANK_AREAS[rank - 1]) rank++;
        // An unwrapped polygon's label may lie past ±180°: back onto the map.
        labels.push({x: ((Math.round(x) % WORLD) + WORLD) % WORLD, y: Math.round(y), name, iso, rank, names, area});
    }
    labels.sort((a, b) => b.area - a.area || a.name.localeCompare(b.name));
    return labels.map(({area: _, ...label}) => label);
}

/** Area of a ring of [lon, lat] on the sphere in km² (signed; the spherical excess formula of a small polygon). */
function sphericalArea(ring: Position[]): number {
    let sum = 0;
    const rad = Math.PI / 180;
    for (let i = 0; i + 1 < ring.length; i++) {
        const [lon1, lat1] = ring[i], [lon2, lat2] = ring[i + 1];
        sum += (lon2 - lon1) * rad * (2 + Math.sin(lat1 * rad) + Math.sin(lat2 * rad));
    }
    return sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM / 2;
}
