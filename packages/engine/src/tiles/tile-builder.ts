// Vector tiles in the OpenMapTiles schema for zooms 0–14, cut from the region's bundle: geometry from
// the map data (map-data/map-data.ts, the zoom band that fits the tile), places, named POIs and house
// numbers from the geocoder's places section (which keeps name:xx names). A builder owns its scratch
// memory: one per thread.
import Flatbush from 'flatbush';
import {PLACE_TYPES, type Places} from '../geocode/places.js';
import {ADDRESS_INTERPOLATED, LANDMARK_IMPORTANCE} from '../geocode/places.js';
import type {MapBand, MapData} from '../map-data/map-data.js';
import {AEROWAY, BOUNDARY, BRIDGE, BUILDING, CLASSES, KINDS, LAND, LANDCOVER, LANDUSE, LINK, ONEWAY, PARK, PIER, RAIL, ROAD, ROAD_AREA, TUNNEL, WATER, WATERWAY, isAreaFeature} from '../map-data/map-classes.js';
import {ringArea2} from '../map-data/simplify.js';
import {latOfY, lonOfX, mercatorX, mercatorY, WORLD} from '../map-data/mercator.js';
import {LINESTRING, MvtWriter, POINT, POLYGON} from './mvt-writer.js';
import {AERODROME_KEY, boundaryMinZoom, LANDCOVER as LANDCOVER_AS, LANDUSE as LANDUSE_OMT, PARK_AS, PEAK_KEYS, PLACE_AS, POI_CLASS,
    RAIL_MINZOOM, ROAD_MINZOOM, TRANSIT_RAIL, WATER as WATER_AS, WATERWAY_MINZOOM} from './omt-schema.js';
import {MAX_TILE_ZOOM, TileFrame} from './tile-frame.js';

/** Areas smaller than this many tile units² are left out below zoom 14 (about 2 px² of a 512-px tile). */
const MIN_AREA = 64 * 2;
/** Named water smaller than this (tile units²) gets no water_name label. */
const MIN_LABELLED_WATER = 256 * 256;

interface PointFeature {
    x: number;
    y: number;
    /** Index into Places features. */
    feature: number;
}

export class TileBuilder {
    private pointIndex: Flatbush | null = null;
    private points: PointFeature[] = [];
    private streetNames: Map<string, number> | null = null;

    constructor(readonly map: MapData, readonly places: Places) {}

    /** Whether z/x/y names a tile of the schema's range (zoom 0–14). */
    static valid(z: number, x: number, y: number): boolean {
        return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= MAX_TILE_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
    }

    /** The encoded tile (uncompressed MVT), or null when nothing of the region falls in it. */
    build(z: number, x: number, y: number): Uint8Array | null {
        const frame = new TileFrame(z, x, y);
        const writer = new MvtWriter();
        // Full detail at 14, the mid band at 13, the coarse band below (its tolerance is under a pixel at 12).
        const band = this.map.bands[Math.min(z >= 14 ? 0 : z === 13 ? 1 : 2, this.map.bands.length - 1)];
        const minArea = z >= 14 ? 0 : MIN_AREA;
        if (this.map.coastline) this.ocean(writer, frame, band);
        const ids = band.search(frame.minX, frame.minY, frame.maxX, frame.maxY);
        ids.sort((a, b) => a - b);
        for (const id of ids) this.mapFeature(writer, frame, band, id, minArea);
        this.placeFeatures(writer, frame);
        if (z >= 14) this.housenumbers(writer, frame);
        return writer.finish();
    }

    /** The sea where the region has a coastline: the data's extent minus its land polygons. */
    private ocean(writer: MvtWriter, frame: TileFrame, band: MapBand): void {
        const bbox = this.map.bbox;
        if (!bbox) return;
        const [x0, y0, x1, y1] = bbox;
        if (x1 < frame.minX || x0 > frame.maxX || y1 < frame.minY || y0 > frame.maxY) return;
        const rings: Int32Array[] = [Int32Array.of(x0, y0, x1, y0, x1, y1, x0, y1, x0, y0)];
        for (const id of band.search(frame.minX, frame.minY, frame.maxX, frame.maxY)) {
            if (band.kind[id] !== LAND) continue;
            for (let p = band.partStart[id]; p < band.partStart[id + 1]; p++) rings.push(reversed(partOf(band, p)));
        }
        writer.begin('water', POLYGON);
        frame.polygon(writer, rings, 0);
        writer.tag('class', 'ocean');
        writer.end();
    }

    private mapFeature(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, minArea: number): void {
        const kind = band.kind[id], flags = band.flags[id], z = frame.z;
        const cls = CLASSES[KINDS[kind]][band.cls[id]] ?? '';
        const name = band.name[id] === 0 ? '' : this.map.name(band.name[id]);
        const brunnel = flags & BRIDGE ? 'bridge' : flags & TUNNEL ? 'tunnel' : '';
        switch (kind) {
            case WATER: {
                const area = this.area(writer, frame, band, id, 'water', minArea);
                if (area < 0) return;
                writer.tag('class', WATER_AS[cls] ?? 'lake');
                if (brunnel) writer.tag('brunnel', brunnel);
                if (!writer.end() || !name || z < 9) return;
                if (area >= MIN_LABELLED_WATER || z >= 14) this.labelPoint(writer, frame, band, id, 'water_name', WATER_AS[cls] ?? 'lake', name);
                return;
            }
            case WATERWAY: {
                if (z < (WATERWAY_MINZOOM[cls] ?? 13)) return;
                this.lines(writer, frame, band, id, 'waterway');
                writer.tag('class', cls);
                if (brunnel) writer.tag('brunnel', brunnel);
                if (name) this.nameTags(writer, name, null);
                writer.end();
                return;
            }
            case LANDCOVER: {
                const as = LANDCOVER_AS[cls];
                if (!as || z < 7 || this.area(writer, frame, band, id, 'landcover', minArea) < 0) return;
                writer.tag('class', as[0]);
                writer.tag('subclass', as[1]);
                writer.end();
                return;
            }
            case LANDUSE: {
                if (!LANDUSE_OMT.has(cls) || z < (cls === 'residential' ? 6 : 9)) return;
                if (this.area(writer, frame, band, id, 'landuse', minArea) < 0) return;
                writer.tag('class', cls);
                writer.end();
                return;
            }
            case PARK: {
                const as = PARK_AS[cls];
                if (!as || z < (as[0] === 'landuse' ? 9 : as[0] === 'landcover' ? 7 : 6)) return;
                if (this.area(writer, frame, band, id, as[0], minArea) < 0) return;
                writer.tag('class', as[1]);
                if (as[2]) writer.tag('subclass', as[2]);
                if (as[0] === 'park' && name) this.nameTags(writer, name, null);
                writer.end();
                return;
            }
            case BUILDING: {
                if (z < 13 || this.area(writer, frame, band, id, 'building', z >= 14 ? 0 : MIN_AREA * 4) < 0) return;
                const height = band.height[id] / 10, minHeight = band.minHeight[id] / 10;
                writer.tag('render_height', Math.round(Math.max(height > 0 ? height : 5, minHeight)));
                writer.tag('render_min_height', Math.round(minHeight));
                writer.end();
                return;
            }
            case ROAD:
            case RAIL:
            case PIER:
            case ROAD_AREA:
                this.transportation(writer, frame, band, id, kind, cls, flags, brunnel, name);
                return;
            case AEROWAY: {
                // Aerodrome grounds from 10, runways 11, the rest 13 (OpenMapTiles' aeroway zooms).
                if (z < (cls === 'aerodrome' ? 10 : cls === 'runway' ? 11 : 13)) return;
                if (isAreaFeature(kind, flags)) {
                    if (this.area(writer, frame, band, id, 'aeroway', minArea) < 0) return;
                } else {
                    this.lines(writer, frame, band, id, 'aeroway');
                }
                writer.tag('class', cls);
                writer.end();
                return;
            }
            case BOUNDARY: {
                const level = band.cls[id];
                if (z < boundaryMinZoom(level)) return;
                this.lines(writer, frame, band, id, 'boundary');
                writer.tag('admin_level', level);
                writer.tag('maritime', 0);
                writer.tag('disputed', 0);
                writer.end();
                return;
            }
        }
    }

    private transportation(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, kind: number, cls: string, flags: number, brunnel: string, name: string): void {
        const z = frame.z;
        let omtClass = cls, subclass = '', minZoom: number;
        if (kind === ROAD) {
            minZoom = ROAD_MINZOOM[cls] ?? 14;
            if (flags & LINK) minZoom = Math.max(minZoom, 11);
            if (cls === 'pedestrian') {
                omtClass = 'path';
                subclass = 'pedestrian';
            }
        } else if (kind === RAIL) {
            minZoom = RAIL_MINZOOM[cls] ?? 13;
            omtClass = TRANSIT_RAIL.has(cls) ? 'transit' : 'rail';
            subclass = cls;
        } else if (kind === PIER) {
            minZoom = 13;
            omtClass = 'pier';
        } else {
            minZoom = 13;
            omtClass = 'path';
            subclass = 'pedestrian';
        }
        if (z < minZoom) return;
        const polygon = isAreaFeature(kind, flags);
        if (polygon) {
            if (this.area(writer, frame, band, id, 'transportation', z >= 14 ? 0 : MIN_AREA) < 0) return;
        } else {
            this.lines(writer, frame, band, id, 'transportation');
        }
        writer.tag('class', omtClass);
        if (subclass) writer.tag('subclass', subclass);
        if (brunnel) writer.tag('brunnel', brunnel);
        if (flags & ONEWAY) writer.tag('oneway', 1);
        if (flags & LINK) writer.tag('ramp', 1);
        if (!writer.end() || !name || polygon || kind !== ROAD) return;
        this.lines(writer, frame, band, id, 'transportation_name');
        writer.tag('class', omtClass);
        if (subclass) writer.tag('subclass', subclass);
        if (brunnel) writer.tag('brunnel', brunnel);
        this.nameTags(writer, name, this.streetFeature(name));
        writer.end();
    }

    /** Begins a polygon feature and writes its rings; returns its area in tile units² or -1 (feature dropped). */
    private area(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, layer: string, minArea: number): number {
        const parts: Int32Array[] = [];
        for (let p = band.partStart[id]; p < band.partStart[id + 1]; p++) parts.push(partOf(band, p));
        writer.begin(layer, POLYGON);
        if (frame.polygon(writer, parts, minArea) === 0) {
            writer.end();
            return -1;
        }
        let area = 0;
        for (const part of parts) area += Math.abs(ringArea2(part)) / 2;
        return area / (frame.unit * frame.unit);
    }

    private lines(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, layer: string): void {
        writer.begin(layer, LINESTRING);
        for (let p = band.partStart[id]; p < band.partStart[id + 1]; p++) frame.line(writer, partOf(band, p));
    }

    /** A label point for an area (the middle of its box when inside the tile itself). */
    private labelPoint(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, layer: string, cls: string, name: string): void {
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
        for (let c = band.coordStart[band.partStart[id]]; c < band.coordStart[band.partStart[id + 1]]; c++) {
            const x = band.x[c], y = band.y[c];
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
        const cx = Math.round((minX + maxX) / 2), cy = Math.round((minY + maxY) / 2);
        if (!frame.holds(cx, cy)) return;
        writer.begin(layer, POINT);
        writer.point(frame.tileX(cx), frame.tileY(cy));
        writer.tag('class', cls);
        this.nameTags(writer, name, null);
        writer.end();
    }

    /** name, name_en, name_de and name:xx of a feature; `feature` is a Places feature carrying name:xx, or null. */
    private nameTags(writer: MvtWriter, name: string, feature: number | null): void {
        writer.tag('name', name);
        const localized = feature === null ? null : this.places.localizedNames(feature);
        let en = name, de = name;
        if (localized) {
            for (const [lang, value] of Object.entries(localized)) {
                const code = lang.toLowerCase();
                writer.tag(`name:${code}`, value);
                if (code === 'en') en = value;
                if (code === 'de') de = value;
            }
        }
        writer.tag('name_en', en);
        writer.tag('name_de', de);
    }

    /** The geocoder's street of this name (for its name:xx names), or null. Built once. */
    private streetFeature(name: string): number | null {
        if (this.streetNames === null) {
            this.streetNames = new Map();
            const P = this.places;
            for (let s = 0; s < P.streetCount; s++) {
                if (P.strings.get(P.fNames[s]).length > 2 && !this.streetNames.has(P.name(s))) this.streetNames.set(P.name(s), s);
            }
        }
        return this.streetNames.get(name) ?? null;
    }

    /** Places and named POIs (place, poi, aerodrome_label, mountain_peak), ranked within the tile. */
    private placeFeatures(writer: MvtWriter, frame: TileFrame): void {
        const index = this.placeIndex();
        if (index === null) return;
        const P = this.places, z = frame.z;
        const size = WORLD / 2 ** z;
        const hits = index.search(frame.x0, frame.y0, frame.x0 + size - 1, frame.y0 + size - 1);
        // Most important first: population for places, importance for POIs.
        hits.sort((a, b) => this.weight(this.points[b].feature) - this.weight(this.points[a].feature) || a - b);
        let placeRank = 0, poiRank = 0;
        for (const h of hits) {
            const {x, y, feature: f} = this.points[h];
            if (P.isPlace(f)) {
                const type = PLACE_TYPES[P.fType[f]];
                const as = type ? PLACE_AS[type] : undefined;
                if (!as || z < as[1]) continue;
                this.pointFeature(writer, frame, 'place', x, y, f);
                writer.tag('class', as[0]);
                writer.tag('rank', ++placeRank);
                writer.end();
                continue;
            }
            const key = P.strings.get(P.poiKey[f - P.poiOffset]);
            const value = key.slice(key.indexOf('=') + 1);
            if (key === AERODROME_KEY) {
                if (z < 10) continue;
                this.pointFeature(writer, frame, 'aerodrome_label', x, y, f);
                writer.tag('class', 'other');
                writer.end();
            } else if (PEAK_KEYS[key]) {
                if (z < 7) continue;
                this.pointFeature(writer, frame, 'mountain_peak', x, y, f);
                writer.tag('class', PEAK_KEYS[key]);
                writer.end();
            } else {
                // "building=yes" and the like name no kind of place.
                if (value === 'yes' || z < 12 || (z < 14 && P.fImportance[f] < LANDMARK_IMPORTANCE)) continue;
                this.pointFeature(writer, frame, 'poi', x, y, f);
                writer.tag('class', POI_CLASS[value] ?? value);
                writer.tag('subclass', value);
                writer.tag('rank', ++poiRank);
                writer.end();
            }
        }
    }

    private weight(f: number): number {
        const P = this.places;
        return P.isPlace(f) ? 1 + P.placePopulation[f - P.placeOffset] : P.fImportance[f];
    }

    private pointFeature(writer: MvtWriter, frame: TileFrame, layer: string, x: number, y: number, f: number): void {
        writer.begin(layer, POINT);
        writer.point(frame.tileX(x), frame.tileY(y));
        this.nameTags(writer, this.places.name(f), f);
    }

    /** Flatbush over the places and named POIs in world units, built on first use. */
    private placeIndex(): Flatbush | null {
        if (this.pointIndex !== null || this.points.length > 0) return this.pointIndex;
        const P = this.places;
        for (let f = P.placeOffset; f < P.featureCount; f++) {
            if (!P.name(f)) continue;
            this.points.push({x: mercatorX(P.fLon[f] / 1e7), y: mercatorY(P.fLat[f] / 1e7), feature: f});
        }
        if (this.points.length === 0) return null;
        const index = new Flatbush(this.points.length);
        for (const p of this.points) index.add(p.x, p.y, p.x, p.y);
        index.finish();
        this.pointIndex = index;
        return index;
    }

    /** OSM house numbers (not interpolated ones) in the tile itself. */
    private housenumbers(writer: MvtWriter, frame: TileFrame): void {
        const P = this.places;
        if (P.addrIndex === null) return;
        const size = WORLD / 2 ** frame.z;
        const west = lonOfX(frame.x0), east = lonOfX(frame.x0 + size), north = latOfY(frame.y0), south = latOfY(frame.y0 + size);
        const found = P.addrIndex.search(P.x(west), P.y(south), P.x(east), P.y(north));
        found.sort((a, b) => a - b);
        for (const a of found) {
            if (P.aFlags[a] & ADDRESS_INTERPOLATED) continue;
            const number = P.strings.get(P.aNumber[a]);
            if (!number) continue;
            const x = mercatorX(P.aLon[a] / 1e7), y = mercatorY(P.aLat[a] / 1e7);
            if (!frame.holds(x, y)) continue;
            writer.begin('housenumber', POINT);
            writer.point(frame.tileX(x), frame.tileY(y));
            writer.tag('housenumber', number);
            writer.end();
        }
    }
}

function partOf(band: MapBand, p: number): Int32Array {
    const start = band.coordStart[p], end = band.coordStart[p + 1];
    const out = new Int32Array((end - start) * 2);
    for (let c = start; c < end; c++) {
        out[(c - start) * 2] = band.x[c];
        out[(c - start) * 2 + 1] = band.y[c];
    }
    return out;
}

function reversed(ring: Int32Array): Int32Array {
    const out = new Int32Array(ring.length);
    for (let i = 0; i < ring.length; i += 2) {
        out[ring.length - 2 - i] = ring[i];
        out[ring.length - 1 - i] = ring[i + 1];
    }
    return out;
}

