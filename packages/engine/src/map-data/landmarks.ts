// Named summits and aerodromes with what their map labels show: a peak's class and elevation, an
// aerodrome's IATA and ICAO codes, elevation and kind (OpenMapTiles mountain_peak and aerodrome_label).
// Collected in the region build's passes (aerodromes mapped as areas take the middle of their box) and
// stored in the map section as flat arrays.
import type {TypedArray} from '../format/section.js';
import type {Section} from '../format/section.js';
import type {StringTable} from '../format/strings.js';
import type {StringTableBuilder} from '../format/strings.js';
import type {OsmTags} from '../osm/objects.js';
import {mercatorX, mercatorY} from './mercator.js';

export const PEAK_CLASSES = ['', 'peak', 'volcano', 'saddle'] as const;
/** OpenMapTiles' aerodrome classes. */
export const AERODROME_CLASSES = ['other', 'international', 'public', 'regional', 'military', 'private'] as const;
/** Elevation not tagged (or not a number). */
export const NO_ELEVATION = -32768;

const PEAK = 1, AERODROME = 2;

/** Metres from an OSM ele tag ("331", "1 234.5", "1234 m"), rounded; NO_ELEVATION when unreadable. */
export function parseElevation(v: string | undefined): number {
    if (v === undefined) return NO_ELEVATION;
    const m = /^\s*(-?[0-9]+(?:[.,][0-9]+)?)\s*(m|ft)?\s*$/i.exec(v.replace(/(\d)[\s\u00a0'](?=\d{3}\b)/g, '$1'));
    if (!m) return NO_ELEVATION;
    let n = Number(m[1].replace(',', '.'));
    if (m[2]?.toLowerCase() === 'ft') n *= 0.3048;
    return Number.isFinite(n) && n > -500 && n < 9000 ? Math.round(n) : NO_ELEVATION;
}

/** The aerodrome class as OpenMapTiles derives it from aerodrome, aerodrome:type and military; 0 (other) when none says. */
export function aerodromeClass(tags: OsmTags): number {
    const aerodrome = tags.get('aerodrome'), type = tags.get('aerodrome:type') ?? '';
    if (aerodrome === 'international' || type === 'international') return 1;
    if (aerodrome === 'public' || type.includes('public') || type === 'civil') return 2;
    if (aerodrome === 'regional' || type === 'regional') return 3;
    if (aerodrome === 'military' || type.includes('military') || tags.get('military') === 'airfield') return 4;
    if (aerodrome === 'private' || type === 'private') return 5;
    return 0;
}

interface Draft {
    type: number;
    cls: number;
    name: string;
    ele: number;
    iata: string;
    icao: string;
    x: number;
    y: number;
}

export class LandmarksBuilder {
    private readonly drafts: Draft[] = [];
    /** Aerodromes mapped as ways: their draft waits for the middle of their box. */
    private readonly pending: {draft: Draft; refs: Float64Array}[] = [];

    /** A node: a named peak, volcano or saddle, or an aerodrome. */
    addNode(tags: OsmTags, lat: number, lon: number): void {
        const draft = this.draft(tags);
        if (draft === null) return;
        draft.x = mercatorX(lon);
        draft.y = mercatorY(lat);
        this.drafts.push(draft);
    }

    /** A way (or a multipolygon's outer ways, joined): an aerodrome area, placed at the middle of its box. */
    addArea(tags: OsmTags, refs: Float64Array): void {
        if (tags.get('aeroway') !== 'aerodrome') return;
        const draft = this.draft(tags);
        if (draft !== null) this.pending.push({draft, refs: refs.slice()});
    }

    /** Node ids whose positions addArea needs. */
    *neededNodes(): Iterable<number> {
        for (const p of this.pending) yield* p.refs;
    }

    private draft(tags: OsmTags): Draft | null {
        const name = tags.get('name');
        if (!name) return null;
        const natural = tags.get('natural');
        const peak = PEAK_CLASSES.indexOf(natural as typeof PEAK_CLASSES[number]);
        if (peak > 0) return {type: PEAK, cls: peak, name, ele: parseElevation(tags.get('ele')), iata: '', icao: '', x: 0, y: 0};
        if (tags.get('aeroway') !== 'aerodrome') return null;
        return {type: AERODROME, cls: aerodromeClass(tags), name, ele: parseElevation(tags.get('ele')),
            iata: tags.get('iata') ?? '', icao: tags.get('icao') ?? '', x: 0, y: 0};
    }

    /** The arrays (prefix lm), given world coordinates of nodes by id (NaN when not found). */
    arrays(names: StringTableBuilder, position: (id: number) => [number, number] | null): Record<string, TypedArray> {
        const all = this.drafts.slice();
        for (const {draft, refs} of this.pending) {
            let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
            for (const id of refs) {
                const p = position(id);
                if (p === null) continue;
                minX = Math.min(minX, p[0]);
                maxX = Math.max(maxX, p[0]);
                minY = Math.min(minY, p[1]);
                maxY = Math.max(maxY, p[1]);
            }
            if (!Number.isFinite(minX)) continue;
            draft.x = Math.round((minX + maxX) / 2);
            draft.y = Math.round((minY + maxY) / 2);
            all.push(draft);
        }
        const n = all.length;
        const type = new Uint8Array(n), cls = new Uint8Array(n), ele = new Int16Array(n), x = new Int32Array(n), y = new Int32Array(n);
        const name = new Uint32Array(n), iata = new Uint32Array(n), icao = new Uint32Array(n);
        all.forEach((d, i) => {
            type[i] = d.type;
            cls[i] = d.cls;
            ele[i] = d.ele;
            x[i] = d.x;
            y[i] = d.y;
            name[i] = names.intern(d.name);
            iata[i] = names.intern(d.iata);
            icao[i] = names.intern(d.icao);
        });
        return {lmType: type, lmCls: cls, lmEle: ele, lmX: x, lmY: y, lmName: name, lmIata: iata, lmIcao: icao};
    }
}

/** One landmark as the tiles show it. */
export interface Landmark {
    x: number;
    y: number;
    name: string;
    /** peak, volcano, saddle; or the aerodrome class. */
    cls: string;
    /** Metres, or null when not tagged. */
    ele: number | null;
    iata: string;
    icao: string;
}

/** The landmarks of a map section. */
export class Landmarks {
    readonly count: number;
    private readonly type: Uint8Array;
    private readonly cls: Uint8Array;
    private readonly ele: Int16Array;
    private readonly x: Int32Array;
    private readonly y: Int32Array;
    private readonly name: Uint32Array;
    private readonly iata: Uint32Array;
    private readonly icao: Uint32Array;

    constructor(section: Section, private readonly names: StringTable) {
        this.type = section.array('lmType', Uint8Array);
        this.cls = section.array('lmCls', Uint8Array);
        this.ele = section.array('lmEle', Int16Array);
        this.x = section.array('lmX', Int32Array);
        this.y = section.array('lmY', Int32Array);
        this.name = section.array('lmName', Uint32Array);
        this.iata = section.array('lmIata', Uint32Array);
        this.icao = section.array('lmIcao', Uint32Array);
        this.count = this.type.length;
    }

    /** Landmarks inside a box (world units): a scan, as a region has few. */
    within(minX: number, minY: number, maxX: number, maxY: number): number[] {
        const out: number[] = [];
        for (let i = 0; i < this.count; i++) {
            if (this.x[i] >= minX && this.x[i] <= maxX && this.y[i] >= minY && this.y[i] <= maxY) out.push(i);
        }
        return out;
    }

    isPeak(i: number): boolean {
        return this.type[i] === PEAK;
    }

    isAerodrome(i: number): boolean {
        return this.type[i] === AERODROME;
    }

    get(i: number): Landmark {
        const ele = this.ele[i];
        return {
            x: this.x[i], y: this.y[i], name: this.names.get(this.name[i]),
            cls: this.type[i] === PEAK ? PEAK_CLASSES[this.cls[i]] : AERODROME_CLASSES[this.cls[i]],
            ele: ele === NO_ELEVATION ? null : ele, iata: this.names.get(this.iata[i]), icao: this.names.get(this.icao[i])
        };
    }
}
