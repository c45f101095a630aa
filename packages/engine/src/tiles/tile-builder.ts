// Vector tiles in the OpenMapTiles schema for zooms 0–14, cut from the region's bundle: geometry from
// the map data (map-data/map-data.ts, the zoom band that fits the tile), places, named POIs and house
// numbers from the geocoder's places section (which keeps name:xx names). A builder owns its scratch
// memory: one per thread.
import Flatbush from 'flatbush';
import {PLACE_TYPES, type Places} from '../geocode/places.js';
import {ADDRESS_INTERPOLATED, LANDMARK_IMPORTANCE} from '../geocode/places.js';
import type {MapBand, MapData} from '../map-data/map-data.js';
import {AEROWAY, BOUNDARY, BRIDGE, BUILDING, CLASSES, KINDS, LAND, LANDCOVER, LANDUSE, LINK, ONEWAY, PARK, PIER, RAIL, ROAD, ROAD_AREA, TUNNEL, WATER, WATERWAY, isAreaFeature} from '../map-data/map-classes.js';
import {ringArea2} from '../geo/planar.js';
import {latOfY, lonOfX, mercatorX, mercatorY, WORLD} from '../map-data/mercator.js';
import type {Landmark} from '../map-data/landmarks.js';
import {networkOf, serviceOf, surfaceOf} from '../map-data/road-tags.js';
import {LineMergingWriter} from './line-merger.js';
import {EXTENT, LINESTRING, MvtWriter, POINT, POLYGON} from './mvt-writer.js';
import {AERODROME_KEY, boundaryMinZoom, LANDCOVER as LANDCOVER_AS, LANDUSE as LANDUSE_OMT, PARK_AS, PEAK_KEYS, PLACE_AS, POI_CLASS,
    POI_CLASS_RANK, RAIL_MINZOOM, ROAD_MINZOOM, TRANSIT_RAIL, WATER as WATER_AS, WATERWAY_MINZOOM} from './omt-schema.js';
import {NATURAL_EARTH_MAX_ZOOM, type NaturalEarth} from './natural-earth.js';
import {MAX_TILE_ZOOM, TileFrame} from './tile-frame.js';

/** Areas smaller than this many tile units² are left out below zoom 14 (about 2 px² of a 512-px tile). */
const MIN_AREA = 64 * 2;
/** Named water smaller than this (tile units²) gets no water_name label. */
const MIN_LABELLED_WATER = 256 * 256;
/** Layers whose lines of equal tags are merged below zoom 14 (tiles/line-merger.ts). */
const MERGED_LAYERS = new Set(['transportation', 'transportation_name', 'waterway', 'boundary']);
/** Surface and service show from this zoom (OpenMapTiles), so lower zooms merge across them. */
const DETAIL_ZOOM = 12;
/** Keys of the places POIs that give landmarks and parks their name:xx names. */
export const NAMED_KEYS = new Set([AERODROME_KEY, ...Object.keys(PEAK_KEYS), 'leisure=park', 'leisure=nature_reserve']);
/** A Places POI names a landmark or park when it lies this close (world units, about 1.5 km). */
export const SAME_PLACE = 1 << 16;

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
    private namedPois: Map<string, number[]> | null = null;
    /** The tile's named park-layer areas to label: feature id and area (tile units²). */
    private readonly parkLabels: {id: number; area: number}[] = [];

    /** `world`: Natural Earth for zooms 0–5 (ocean, country borders and labels around the region), or null. */
    constructor(readonly map: MapData, readonly places: Places, readonly world: NaturalEarth | null = null) {}

    /** Whether z/x/y names a tile of the schema's range (zoom 0–14). */
    static valid(z: number, x: number, y: number): boolean {
        return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= MAX_TILE_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
    }

    /** The encoded tile (uncompressed MVT), or null when nothing of the region falls in it. */
    build(z: number, x: number, y: number): Uint8Array | null {
        const frame = new TileFrame(z, x, y);
        const writer = z < MAX_TILE_ZOOM ? new LineMergingWriter(MERGED_LAYERS) : new MvtWriter();
        // Full detail at 14, the mid band at 13, the coarse band below (its tolerance is under a pixel at 12).
        const band = this.map.bands[Math.min(z >= 14 ? 0 : z === 13 ? 1 : 2, this.map.bands.length - 1)];
        const minArea = z >= 14 ? 0 : MIN_AREA;
        // Up to zoom 5 Natural Earth draws the sea and the national borders; the region's own take over after.
        if (this.world !== null && z <= NATURAL_EARTH_MAX_ZOOM) this.world.write(writer, frame);
        else if (this.map.coastline) this.ocean(writer, frame, band);
        const ids = band.search(frame.minX, frame.minY, frame.maxX, frame.maxY);
        ids.sort((a, b) => a - b);
        this.parkLabels.length = 0;
        for (const id of ids) this.mapFeature(writer, frame, band, id, minArea);
        this.parkLabelPoints(writer, frame, band);
        this.placeFeatures(writer, frame);
        this.landmarkFeatures(writer, frame);
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
                const area = this.area(writer, frame, band, id, as[0], minArea);
                if (area < 0) return;
                writer.tag('class', as[1]);
                if (as[2]) writer.tag('subclass', as[2]);
                if (as[0] === 'park' && name) this.nameTags(writer, name, this.namedPoi('leisure=nature_reserve', name, band, id));
                writer.end();
                this.parkLayer(writer, frame, band, id, cls, name, area, minArea);
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
                if (z < boundaryMinZoom(level) || (level <= 2 && this.world !== null && z <= NATURAL_EARTH_MAX_ZOOM)) return;
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
        this.roadTags(writer, band, id, z);
        const ref = this.map.name(band.ref[id]);
        if (!writer.end() || !(name || ref) || polygon || kind !== ROAD) return;
        this.lines(writer, frame, band, id, 'transportation_name');
        writer.tag('class', omtClass);
        if (subclass) writer.tag('subclass', subclass);
        if (brunnel) writer.tag('brunnel', brunnel);
        if (name) this.nameTags(writer, name, this.streetFeature(name));
        this.refTags(writer, ref, band.attr[id]);
        writer.end();
    }

    /** A road's or railway's network, and from zoom 12 its surface and service kind. */
    private roadTags(writer: MvtWriter, band: MapBand, id: number, z: number): void {
        const attr = band.attr[id];
        if (networkOf(attr)) writer.tag('network', networkOf(attr));
        if (z < DETAIL_ZOOM) return;
        if (serviceOf(attr)) writer.tag('service', serviceOf(attr));
        if (surfaceOf(attr)) writer.tag('surface', surfaceOf(attr));
    }

    /** transportation_name's ref, ref_length and network ('road' for a ref outside the route networks we know). */
    private refTags(writer: MvtWriter, ref: string, attr: number): void {
        if (!ref) return;
        writer.tag('ref', ref);
        writer.tag('ref_length', ref.length);
        writer.tag('network', networkOf(attr) || 'road');
    }

    /**
     * Parks (leisure=park) also go to the park layer as OpenMapTiles has them, with their names; named
     * areas of the park layer get a label point where they are large enough to be labelled.
     */
    private parkLayer(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, cls: string, name: string, area: number, minArea: number): void {
        if (cls === 'park') {
            if (this.area(writer, frame, band, id, 'park', minArea) < 0) return;
            writer.tag('class', 'park');
            if (name) this.nameTags(writer, name, this.namedPoi('leisure=park', name, band, id));
            writer.end();
        } else if (PARK_AS[cls]?.[0] !== 'park') {
            return;
        }
        if (name && (area >= MIN_LABELLED_WATER || frame.z >= 14)) this.parkLabels.push({id, area});
    }

    /** Label points of the tile's named parks, largest first: rank 1 is the largest (OpenMapTiles' park rank). */
    private parkLabelPoints(writer: MvtWriter, frame: TileFrame, band: MapBand): void {
        this.parkLabels.sort((a, b) => b.area - a.area || a.id - b.id);
        let rank = 0;
        for (const {id} of this.parkLabels) {
            const [x, y] = middleOf(band, id);
            if (!frame.holds(x, y)) continue;
            const cls = CLASSES.park[band.cls[id]], name = this.map.name(band.name[id]);
            const key = cls === 'park' ? 'leisure=park' : 'leisure=nature_reserve';
            this.labelPoint(writer, frame, band, id, 'park', cls === 'park' ? 'park' : PARK_AS[cls][1], name, this.namedPoi(key, name, band, id), ++rank);
        }
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

    /** A label point for an area (the middle of its box when inside the tile itself); `feature` as in nameTags. */
    private labelPoint(writer: MvtWriter, frame: TileFrame, band: MapBand, id: number, layer: string, cls: string, name: string,
        feature: number | null = null, rank = 0): void {
        const [cx, cy] = middleOf(band, id);
        if (!frame.holds(cx, cy)) return;
        writer.begin(layer, POINT);
        writer.point(frame.tileX(cx), frame.tileY(cy));
        writer.tag('class', cls);
        this.nameTags(writer, name, feature);
        if (rank > 0) writer.tag('rank', rank);
        writer.end();
    }

    /** The Places POI of this key and name nearest to a map feature (for its name:xx names), or null. */
    private namedPoi(key: string, name: string, band: MapBand, id: number): number | null {
        const [x, y] = middleOf(band, id);
        return this.namedPoiAt(key, name, x, y);
    }

    private namedPoiAt(key: string, name: string, x: number, y: number): number | null {
        if (this.namedPois === null) {
            this.namedPois = new Map();
            const P = this.places;
            for (let f = P.poiOffset; f < P.featureCount; f++) {
                const poiKey = P.strings.get(P.poiKey[f - P.poiOffset]);
                if (!NAMED_KEYS.has(poiKey)) continue;
                const k = `${poiKey}\u0000${P.name(f)}`;
                const list = this.namedPois.get(k);
                if (list) list.push(f);
                else this.namedPois.set(k, [f]);
            }
        }
        let best: number | null = null, bestD = SAME_PLACE;
        for (const f of this.namedPois.get(`${key}\u0000${name}`) ?? []) {
            const d = Math.max(Math.abs(mercatorX(this.places.fLon[f] / 1e7) - x), Math.abs(mercatorY(this.places.fLat[f] / 1e7) - y));
            if (d <= bestD) {
                best = f;
                bestD = d;
            }
        }
        return best;
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

    /** Places and named POIs, ranked: places by population in the tile, POIs per label-grid cell. */
    private placeFeatures(writer: MvtWriter, frame: TileFrame): void {
        const index = this.placeIndex();
        if (index === null) return;
        const P = this.places, z = frame.z;
        const size = WORLD / 2 ** z;
        const hits = index.search(frame.x0, frame.y0, frame.x0 + size - 1, frame.y0 + size - 1);
        // Most important first: population for places, importance for POIs.
        hits.sort((a, b) => this.weight(this.points[b].feature) - this.weight(this.points[a].feature) || a - b);
        const ranks = this.poiRanks(hits, z);
        let placeRank = 0;
        for (let h = 0; h < hits.length; h++) {
            const {x, y, feature: f} = this.points[hits[h]];
            if (P.isPlace(f)) {
                const type = PLACE_TYPES[P.fType[f]];
                const as = type ? PLACE_AS[type] : undefined;
                // Below its zoom, a city still shows from zoom 2 when it is the tile's largest place.
                if (!as || (z < as[1] && !(as[0] === 'city' && z >= 2 && placeRank === 0))) continue;
                this.pointFeature(writer, frame, 'place', x, y, f);
                writer.tag('class', as[0]);
                writer.tag('rank', ++placeRank);
                writer.end();
                continue;
            }
            if (ranks[h] === 0) continue;
            const value = this.poiValue(f);
            this.pointFeature(writer, frame, 'poi', x, y, f);
            writer.tag('class', POI_CLASS[value] ?? value);
            writer.tag('subclass', value);
            writer.tag('rank', ranks[h]);
            writer.end();
        }
    }

    /** The OSM value of a POI's key (shop=bakery → bakery). */
    private poiValue(f: number): string {
        const key = this.places.strings.get(this.places.poiKey[f - this.places.poiOffset]);
        return key.slice(key.indexOf('=') + 1);
    }

    /**
     * Per hit, the rank of a POI the tile shows (0: not shown): OpenMapTiles ranks POIs in the cells of
     * a 100-pixel label grid by class (POI_CLASS_RANK), here then by importance.
     */
    private poiRanks(hits: number[], z: number): Int32Array {
        const P = this.places;
        const ranks = new Int32Array(hits.length);
        const shown: number[] = [], cell: number[] = [], classRank: number[] = [];
        const cellSize = WORLD / 2 ** z * 100 / 256;
        for (let h = 0; h < hits.length; h++) {
            const {x, y, feature: f} = this.points[hits[h]];
            if (P.isPlace(f)) continue;
            const key = P.strings.get(P.poiKey[f - P.poiOffset]);
            // Aerodromes and peaks have their own layers; "building=yes" and the like name no kind of place.
            if (key === AERODROME_KEY || PEAK_KEYS[key]) continue;
            const value = key.slice(key.indexOf('=') + 1);
            if (value === 'yes' || z < 12 || (z < 14 && P.fImportance[f] < LANDMARK_IMPORTANCE)) continue;
            shown.push(h);
            cell.push(Math.floor(x / cellSize) * 65536 + Math.floor(y / cellSize));
            classRank.push(POI_CLASS_RANK[POI_CLASS[value] ?? value] ?? 1000);
        }
        const order = shown.map((_, i) => i);
        // Hits come most important first, so equal class ranks keep that order.
        order.sort((a, b) => cell[a] - cell[b] || classRank[a] - classRank[b] || a - b);
        let rank = 0;
        for (let k = 0; k < order.length; k++) {
            rank = k > 0 && cell[order[k]] === cell[order[k - 1]] ? rank + 1 : 1;
            ranks[shown[order[k]]] = rank;
        }
        return ranks;
    }

    /**
     * Named peaks (mountain_peak, from zoom 7, ranked by elevation) and aerodromes (aerodrome_label:
     * international ones from zoom 8, the others from 10) from the map data's landmarks.
     */
    private landmarkFeatures(writer: MvtWriter, frame: TileFrame): void {
        const L = this.map.landmarks, z = frame.z;
        if (z < 7) return;
        const size = frame.unit * EXTENT;
        const inTile = L.within(frame.x0, frame.y0, frame.x0 + size - 1, frame.y0 + size - 1);
        const peaks = inTile.filter((i) => L.isPeak(i)).map((i) => L.get(i));
        peaks.sort((a, b) => (b.ele ?? -1e9) - (a.ele ?? -1e9) || a.x - b.x || a.y - b.y);
        peaks.forEach((peak, i) => {
            this.landmarkPoint(writer, frame, 'mountain_peak', peak, `natural=${peak.cls}`);
            writer.tag('rank', i + 1);
            writer.end();
        });
        for (const i of inTile) {
            if (!L.isAerodrome(i)) continue;
            const aerodrome = L.get(i);
            if (z < (aerodrome.cls === 'international' ? 8 : 10)) continue;
            this.landmarkPoint(writer, frame, 'aerodrome_label', aerodrome, AERODROME_KEY);
            if (aerodrome.iata) writer.tag('iata', aerodrome.iata);
            if (aerodrome.icao) writer.tag('icao', aerodrome.icao);
            writer.end();
        }
    }

    /** Begins a landmark's point with its names, class and elevation (metres and feet). */
    private landmarkPoint(writer: MvtWriter, frame: TileFrame, layer: string, landmark: Landmark, key: string): void {
        writer.begin(layer, POINT);
        writer.point(frame.tileX(landmark.x), frame.tileY(landmark.y));
        this.nameTags(writer, landmark.name, this.namedPoiAt(key, landmark.name, landmark.x, landmark.y));
        writer.tag('class', landmark.cls);
        if (landmark.ele !== null) {
            writer.tag('ele', landmark.ele);
            writer.tag('ele_ft', Math.round(landmark.ele * 3.2808399));
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

/** The middle of a feature's box (world units). */
function middleOf(band: MapBand, id: number): [number, number] {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let c = band.coordStart[band.partStart[id]]; c < band.coordStart[band.partStart[id + 1]]; c++) {
        const x = band.x[c], y = band.y[c];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
    }
    return [Math.round((minX + maxX) / 2), Math.round((minY + maxY) / 2)];
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

