// The region's map data, reopened from its section without copying: per zoom band, features
// (kind, class, flags, name, building heights) with parts and integer world coordinates, and a
// Flatbush index over feature boxes so a view reads only what it draws.
import Flatbush from 'flatbush';
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';
import {Landmarks} from './landmarks.js';
import {bandForZoom} from './map-bands.js';

export const MAP_KIND = 'map';
/** 2: roads' ref and attribute byte, and the landmarks (peaks, aerodromes). */
export const MAP_VERSION = 2;

export class MapBand {
    readonly count: number;
    readonly minZoom: number;
    readonly kind: Uint8Array;
    readonly cls: Uint8Array;
    readonly flags: Uint8Array;
    readonly name: Uint32Array;
    /** Building heights in decimetres (0 = not tagged). */
    readonly height: Uint16Array;
    readonly minHeight: Uint16Array;
    /** Roads and railways: the ref (index into the names) and the attribute byte (road-tags.ts). */
    readonly ref: Uint32Array;
    readonly attr: Uint8Array;
    /** Parts of feature i: partStart[i] .. partStart[i + 1]. */
    readonly partStart: Uint32Array;
    /** Coordinates of part p: coordStart[p] .. coordStart[p + 1]. */
    readonly coordStart: Uint32Array;
    /** World coordinates (mercator.ts units). */
    readonly x: Int32Array;
    readonly y: Int32Array;
    readonly index: Flatbush;

    constructor(section: Section, prefix: string, meta: {minZoom: number; count: number}) {
        this.count = meta.count;
        this.minZoom = meta.minZoom;
        this.kind = section.array(`${prefix}Kind`, Uint8Array);
        this.cls = section.array(`${prefix}Cls`, Uint8Array);
        this.flags = section.array(`${prefix}Flags`, Uint8Array);
        this.name = section.array(`${prefix}Name`, Uint32Array);
        this.height = section.array(`${prefix}Height`, Uint16Array);
        this.minHeight = section.array(`${prefix}MinHeight`, Uint16Array);
        this.ref = section.array(`${prefix}Ref`, Uint32Array);
        this.attr = section.array(`${prefix}Attr`, Uint8Array);
        this.partStart = section.array(`${prefix}PartStart`, Uint32Array);
        this.coordStart = section.array(`${prefix}CoordStart`, Uint32Array);
        this.x = section.array(`${prefix}X`, Int32Array);
        this.y = section.array(`${prefix}Y`, Int32Array);
        const bytes = section.array(`${prefix}Index`, Uint8Array);
        this.index = Flatbush.from(bytes.buffer as ArrayBuffer, bytes.byteOffset);
    }

    /** Ids of the features whose boxes meet the box (world units). */
    search(minX: number, minY: number, maxX: number, maxY: number): number[] {
        if (this.count === 0) return [];
        return this.index.search(minX, minY, maxX, maxY);
    }
}

export class MapData {
    readonly section: Section;
    readonly bands: MapBand[];
    readonly names: StringTable;
    /** Named peaks and aerodromes with their labels' details. */
    readonly landmarks: Landmarks;
    /** Whether the region has a coastline: then the sea is the background and land polygons are drawn. */
    readonly coastline: boolean;
    /** Extent of the data in world units, or null when empty. */
    readonly bbox: [number, number, number, number] | null;

    constructor(section: Section) {
        this.section = section;
        const meta = section.meta as {bands: {minZoom: number; count: number}[]; coastline: boolean; bbox: [number, number, number, number] | null};
        this.bands = meta.bands.map((m, b) => new MapBand(section, `b${b}`, m));
        this.names = new StringTable(section, 'name');
        this.landmarks = new Landmarks(section, this.names);
        this.coastline = meta.coastline;
        this.bbox = meta.bbox;
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): MapData {
        return new MapData(Section.from(buffer, MAP_KIND, MAP_VERSION, byteOffset, byteLength));
    }

    /** The band drawn at a zoom. */
    band(zoom: number): MapBand {
        return this.bands[Math.min(bandForZoom(zoom), this.bands.length - 1)];
    }

    name(i: number): string {
        return i === 0 ? '' : this.names.get(i);
    }
}
