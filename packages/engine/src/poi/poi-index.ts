// POIs of a region, reopened from their section without copying, with a Flatbush index of every record (boxes)
// and one per sub-type (nearest places).
import Flatbush from 'flatbush';
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';
import {haversineMeters, METERS_PER_DEGREE_LAT} from '../geo/distance.js';
import {typeId} from './categories.js';

export const POIS_KIND = 'pois';
export const POIS_VERSION = 3;
/** What a badge (sub-icon) stands for. */
export const BADGE_KINDS = {metro: 1, tram: 2, bus: 3, train: 4, motorway: 5} as const;
/** The OSM route=* value of a line badge, by code (badgeRoute); 0: not a line. */
export const LINE_ROUTES = ['', 'subway', 'light_rail', 'monorail', 'tram', 'bus', 'trolleybus', 'train'] as const;
export type LineRoute = typeof LINE_ROUTES[number];

export class PoiIndex {
    readonly section: Section;
    readonly count: number;
    readonly lat: Float64Array;
    readonly lon: Float64Array;
    readonly ct: Uint8Array;
    readonly st: Uint8Array;
    readonly variant: Uint32Array;
    readonly icon: Uint16Array;
    readonly subIcon: Uint32Array;
    readonly nameOf: Uint32Array;
    readonly sdOf: Uint32Array;
    readonly osmId: Float64Array;
    readonly osmType: Uint8Array;
    /** Records with the same `place` describe the same OSM object (several sub-types or lines). */
    readonly place: Uint32Array;
    readonly names: StringTable;
    readonly sds: StringTable;
    readonly badgeKind: Uint8Array;
    /** The route type of each line badge: an index into LINE_ROUTES. */
    readonly badgeRoute: Uint8Array;
    readonly badgeColour: Uint32Array;
    readonly badgeText: StringTable;
    readonly badgeLabel: StringTable;
    readonly index: Flatbush;
    /** Per sub-type (ct · 256 + st, ascending) its records and their Flatbush (builder.ts typeTrees). */
    private readonly typeKey: Uint16Array;
    private readonly typeFirst: Uint32Array;
    private readonly typeRecords: Uint32Array;
    private readonly typeTree: Uint8Array;
    private readonly typeTreeAt: Uint32Array;
    /** The sub-type trees' longitudes are degrees times this (the cosine of the POIs' middle latitude). */
    private readonly typeLonScale: number;
    /** The most northern or southern latitude of a record (degrees): where a degree of longitude is shortest. */
    private readonly poleMostLat: number;
    /** The sub-types' trees, opened on first use. */
    private readonly trees: (Flatbush | undefined)[] = [];
    /** The transit `route` values (subway, tram, light_rail, bus, train...) of the extract's route relations. */
    readonly osmTransitRoutes: readonly string[];

    constructor(section: Section) {
        this.section = section;
        this.count = section.meta.count;
        this.lat = section.array('lat', Float64Array);
        this.lon = section.array('lon', Float64Array);
        this.ct = section.array('ct', Uint8Array);
        this.st = section.array('st', Uint8Array);
        this.variant = section.array('variant', Uint32Array);
        this.icon = section.array('icon', Uint16Array);
        this.subIcon = section.array('subIcon', Uint32Array);
        this.nameOf = section.array('nameOf', Uint32Array);
        this.sdOf = section.array('sdOf', Uint32Array);
        this.osmId = section.array('osmId', Float64Array);
        this.osmType = section.array('osmType', Uint8Array);
        this.place = section.array('place', Uint32Array);
        this.names = new StringTable(section, 'name');
        this.sds = new StringTable(section, 'sd');
        this.badgeKind = section.array('badgeKind', Uint8Array);
        this.badgeRoute = section.array('badgeRoute', Uint8Array);
        this.badgeColour = section.array('badgeColour', Uint32Array);
        this.badgeText = new StringTable(section, 'badgeText');
        this.badgeLabel = new StringTable(section, 'badgeLabel');
        const indexBytes = section.array('index', Uint8Array);
        this.index = Flatbush.from(indexBytes.buffer, indexBytes.byteOffset);
        this.typeKey = section.array('typeKey', Uint16Array);
        this.typeFirst = section.array('typeFirst', Uint32Array);
        this.typeRecords = section.array('typeRecords', Uint32Array);
        this.typeTree = section.array('typeTree', Uint8Array);
        this.typeTreeAt = section.array('typeTreeAt', Uint32Array);
        this.typeLonScale = section.meta.typeLonScale ?? 1;
        const bbox = section.meta.bbox as number[] | null;
        this.poleMostLat = bbox ? Math.max(Math.abs(bbox[1]), Math.abs(bbox[3])) : 0;
        this.osmTransitRoutes = section.meta.osmTransitRoutes;
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): PoiIndex {
        return new PoiIndex(Section.from(buffer, POIS_KIND, POIS_VERSION, byteOffset, byteLength));
    }

    /** Record ids inside a box (degrees). */
    inBox(minLat: number, minLon: number, maxLat: number, maxLon: number): number[] {
        if (this.count === 0) return [];
        return this.index.search(minLon, minLat, maxLon, maxLat);
    }

    /** The 14-digit type id of a record. */
    typeId(i: number): number {
        return typeId(this.ct[i], this.st[i], this.variant[i]);
    }

    name(i: number): string {
        return this.names.get(this.nameOf[i]);
    }

    /** Specific data as JSON text, "{}" when empty. */
    sd(i: number): string {
        return this.sds.get(this.sdOf[i]);
    }

    /**
     * The k records of a sub-type nearest to a point by great-circle distance, optionally filtered and within
     * maxMeters. The sub-type's tree ranks by planar distance (longitudes scaled, see typeLonScale), so candidates
     * are over-fetched and re-ranked.
     */
    nearestOfType(lat: number, lon: number, ct: number, st: number, k: number, filter?: (i: number) => boolean, maxMeters = Infinity): number[] {
        const t = this.typeOf(ct, st);
        if (t < 0 || k <= 0) return [];
        const tree = this.trees[t] ??= Flatbush.from(this.typeTree.buffer, this.typeTree.byteOffset + this.typeTreeAt[t]);
        const records = this.typeRecords, first = this.typeFirst[t];
        // In the tree a degree of longitude counts typeLonScale degrees of latitude: it overstates a distance east or
        // west where a degree of longitude is shorter than that, by at most typeLonScale / cos(latitude) on the way
        // to a record. A planar radius that much longer than maxMeters never misses a record within maxMeters.
        const cosPoleMost = Math.cos(Math.max(Math.abs(lat), this.poleMostLat) * Math.PI / 180);
        const maxDeg = maxMeters === Infinity ? Infinity : maxMeters / METERS_PER_DEGREE_LAT * Math.max(1, this.typeLonScale / cosPoleMost);
        const candidates = tree.neighbors(lon * this.typeLonScale, lat, k * 2 + 4, maxDeg, filter && ((j) => filter(records[first + j])));
        const ranked = candidates
            .map((j) => {
                const i = records[first + j];
                return {i, d: haversineMeters(lat, lon, this.lat[i], this.lon[i])};
            })
            .filter((c) => c.d <= maxMeters)
            .sort((a, b) => a.d - b.d);
        return ranked.slice(0, k).map((c) => c.i);
    }

    /** The sub-type's place in typeKey, -1 when the region has no record of it. */
    private typeOf(ct: number, st: number): number {
        const key = ct * 256 + st, keys = this.typeKey;
        let lo = 0, hi = keys.length - 1;
        while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            if (keys[mid] < key) lo = mid + 1;
            else if (keys[mid] > key) hi = mid - 1;
            else return mid;
        }
        return -1;
    }
}
