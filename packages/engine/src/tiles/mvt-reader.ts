// Reading a Mapbox Vector Tile (the counterpart of mvt-writer.ts) into flat arrays in world units
// (map-data/mercator.ts): one coordinate array for every feature of every layer, parts and features as
// ranges of it, tags as (key, value) index pairs into the layer's tables. No object per point or per
// feature, so a renderer can walk a tile the way it walks the map data.
import {PbfReader} from 'pbf';
import {WORLD} from '../map-data/mercator.js';

export type TileValue = string | number | boolean;

interface Draft {
    names: string[];
    keys: string[][];
    values: TileValue[][];
    extent: number[];
    featureLayer: number[];
    featureType: number[];
    tagEnd: number[];
    tags: number[];
    partEnd: number[];
    coordEnd: number[];
    x: number[];
    y: number[];
    /** Per layer: its features' geometry as read (tile units), converted once the layer's extent is known. */
    layerCoordStart: number[];
}

export class VectorTileData {
    readonly z: number;
    readonly x: number;
    readonly y: number;
    readonly layerNames: readonly string[];
    readonly layerKeys: readonly (readonly string[])[];
    readonly layerValues: readonly (readonly TileValue[])[];
    /** Features of layer l: layerFeatureStart[l] .. layerFeatureStart[l + 1] (features are grouped by layer). */
    readonly layerFeatureStart: Uint32Array;
    /** 1 point, 2 line, 3 polygon (the tile's geometry type). */
    readonly featureType: Uint8Array;
    readonly featureLayer: Uint16Array;
    /** Tags of feature f: tags[2 * i], tags[2 * i + 1] (key, value) for i in tagStart[f] .. tagStart[f + 1]. */
    readonly tagStart: Uint32Array;
    readonly tags: Uint32Array;
    /** Parts of feature f: partStart[f] .. partStart[f + 1]; coordinates of part p: coordStart[p] .. coordStart[p + 1]. */
    readonly partStart: Uint32Array;
    readonly coordStart: Uint32Array;
    /** World units; rings are not closed (the last point is not the first again). */
    readonly xs: Int32Array;
    readonly ys: Int32Array;
    /** Bytes held, for caches. */
    readonly byteSize: number;

    constructor(z: number, x: number, y: number, d: Draft) {
        this.z = z;
        this.x = x;
        this.y = y;
        this.layerNames = d.names;
        this.layerKeys = d.keys;
        this.layerValues = d.values;
        this.featureType = Uint8Array.from(d.featureType);
        this.featureLayer = Uint16Array.from(d.featureLayer);
        const n = d.featureType.length;
        this.layerFeatureStart = new Uint32Array(d.names.length + 1);
        for (let f = 0; f < n; f++) this.layerFeatureStart[d.featureLayer[f] + 1]++;
        for (let l = 0; l < d.names.length; l++) this.layerFeatureStart[l + 1] += this.layerFeatureStart[l];
        this.tagStart = startsOf(d.tagEnd);
        this.tags = Uint32Array.from(d.tags);
        this.partStart = startsOf(d.partEnd);
        this.coordStart = startsOf(d.coordEnd);
        this.xs = Int32Array.from(d.x);
        this.ys = Int32Array.from(d.y);
        this.byteSize = this.xs.byteLength * 2 + this.tags.byteLength + this.coordStart.byteLength + this.partStart.byteLength + n * 8 + 1024;
    }

    /** Index of a layer by name, or -1. */
    layer(name: string): number {
        return this.layerNames.indexOf(name);
    }

    /** A feature's value of a key, or undefined. */
    get(f: number, key: string): TileValue | undefined {
        const l = this.featureLayer[f];
        const keys = this.layerKeys[l];
        for (let i = this.tagStart[f], end = this.tagStart[f + 1]; i < end; i++) {
            if (keys[this.tags[2 * i]] === key) return this.layerValues[l][this.tags[2 * i + 1]];
        }
        return undefined;
    }

    /** A feature's tags as an object (for style expressions). */
    properties(f: number): Record<string, TileValue> {
        const l = this.featureLayer[f];
        const keys = this.layerKeys[l], values = this.layerValues[l];
        const out: Record<string, TileValue> = {};
        for (let i = this.tagStart[f], end = this.tagStart[f + 1]; i < end; i++) out[keys[this.tags[2 * i]]] = values[this.tags[2 * i + 1]];
        return out;
    }
}

function startsOf(ends: number[]): Uint32Array {
    const out = new Uint32Array(ends.length + 1);
    for (let i = 0; i < ends.length; i++) out[i + 1] = ends[i];
    return out;
}

/** Decodes an uncompressed tile z/x/y; throws on a malformed one. */
export function readVectorTile(bytes: Uint8Array, z: number, x: number, y: number): VectorTileData {
    const d: Draft = {names: [], keys: [], values: [], extent: [], featureLayer: [], featureType: [], tagEnd: [], tags: [],
        partEnd: [], coordEnd: [], x: [], y: [], layerCoordStart: []};
    const pbf = new PbfReader(bytes);
    pbf.readFields((tag, draft, p) => {
        if (tag === 3) readLayer(p, draft);
    }, d);
    // Tile units to world units, layer by layer (each layer has its own extent).
    const size = WORLD / 2 ** z;
    const x0 = x * size, y0 = y * size;
    for (let l = 0; l < d.names.length; l++) {
        const unit = size / d.extent[l];
        const end = l + 1 < d.names.length ? d.layerCoordStart[l + 1] : d.x.length;
        for (let c = d.layerCoordStart[l]; c < end; c++) {
            d.x[c] = Math.round(x0 + d.x[c] * unit);
            d.y[c] = Math.round(y0 + d.y[c] * unit);
        }
    }
    return new VectorTileData(z, x, y, d);
}

function readLayer(pbf: PbfReader, d: Draft): void {
    const l = d.names.length;
    d.names.push('');
    d.keys.push([]);
    d.values.push([]);
    d.extent.push(4096);
    d.layerCoordStart.push(d.x.length);
    const end = pbf.readVarint() + pbf.pos;
    pbf.readFields((tag, draft, p) => {
        if (tag === 1) draft.names[l] = p.readString();
        else if (tag === 2) readFeature(p, draft, l);
        else if (tag === 3) draft.keys[l].push(p.readString());
        else if (tag === 4) draft.values[l].push(readValue(p));
        else if (tag === 5) draft.extent[l] = p.readVarint();
    }, d, end);
}

function readValue(pbf: PbfReader): TileValue {
    let value: TileValue = '';
    const end = pbf.readVarint() + pbf.pos;
    while (pbf.pos < end) {
        const tag = pbf.readVarint() >> 3;
        value = tag === 1 ? pbf.readString()
            : tag === 2 ? pbf.readFloat()
            : tag === 3 ? pbf.readDouble()
            : tag === 4 || tag === 5 ? pbf.readVarint(true)
            : tag === 6 ? pbf.readSVarint()
            : tag === 7 ? pbf.readBoolean()
            : value;
        if (tag < 1 || tag > 7) throw new Error(`vector tile: unknown value field ${tag}`);
    }
    return value;
}

function readFeature(pbf: PbfReader, d: Draft, layer: number): void {
    const end = pbf.readVarint() + pbf.pos;
    let type = 0, geometryAt = -1;
    while (pbf.pos < end) {
        const val = pbf.readVarint();
        const tag = val >> 3;
        if (tag === 2) {
            const tagsEnd = pbf.readVarint() + pbf.pos;
            while (pbf.pos < tagsEnd) d.tags.push(pbf.readVarint());
        } else if (tag === 3) {
            type = pbf.readVarint();
        } else if (tag === 4) {
            geometryAt = pbf.pos;
            pbf.pos = pbf.readVarint() + pbf.pos;
        } else {
            pbf.skip(val);
        }
    }
    d.featureLayer.push(layer);
    d.featureType.push(type);
    d.tagEnd.push(d.tags.length / 2);
    if (geometryAt >= 0) {
        pbf.pos = geometryAt;
        readGeometry(pbf, d);
        pbf.pos = end;
    }
    d.partEnd.push(d.coordEnd.length);
}

function readGeometry(pbf: PbfReader, d: Draft): void {
    const end = pbf.readVarint() + pbf.pos;
    let cmd = 0, length = 0, x = 0, y = 0, open = false;
    while (pbf.pos < end) {
        if (length <= 0) {
            const c = pbf.readVarint();
            cmd = c & 7;
            length = c >> 3;
        }
        length--;
        if (cmd === 1 || cmd === 2) {
            x += pbf.readSVarint();
            y += pbf.readSVarint();
            if (cmd === 1) {
                if (open) d.coordEnd.push(d.x.length);
                open = true;
            }
            d.x.push(x);
            d.y.push(y);
        } else if (cmd === 7) {
            // ClosePath: the ring ends here; tracing closes it.
            if (open) d.coordEnd.push(d.x.length);
            open = false;
        } else {
            throw new Error(`vector tile: unknown geometry command ${cmd}`);
        }
    }
    if (open) d.coordEnd.push(d.x.length);
}
