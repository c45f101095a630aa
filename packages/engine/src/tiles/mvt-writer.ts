// Mapbox Vector Tile 2.1 encoding (https://github.com/mapbox/vector-tile-spec) with `pbf`, the
// protocol-buffer library we already read OSM extracts with. Geometry arrives as flat integer tile
// coordinates, so the writer emits command integers straight from them: no per-point objects.
import {PbfWriter as Pbf} from 'pbf';

export const POINT = 1, LINESTRING = 2, POLYGON = 3;
export const EXTENT = 4096;

export type TagValue = string | number | boolean;

class LayerDraft {
    readonly keys = new Map<string, number>();
    readonly values = new Map<string, number>();
    readonly valueList: TagValue[] = [];
    /** Per feature: type, then its tags and geometry as ranges of `tags` and `geometry`. */
    readonly featureType: number[] = [];
    readonly tagEnd: number[] = [];
    readonly geometryEnd: number[] = [];
    readonly tags: number[] = [];
    readonly geometry: number[] = [];

    constructor(readonly name: string) {}
}

const zigzag = (n: number): number => (n << 1) ^ (n >> 31);

/** One tile being written: features are added layer by layer; finish() returns the encoded tile. */
export class MvtWriter {
    private readonly layers = new Map<string, LayerDraft>();
    private layer: LayerDraft | null = null;
    private cursorX = 0;
    private cursorY = 0;
    /** The feature being written has this many geometry commands so far (0: none, drop it). */
    private parts = 0;

    /** Starts a feature of a geometry type in a layer. Add its parts, then its tags, then end it. */
    begin(layerName: string, type: number): void {
        let layer = this.layers.get(layerName);
        if (!layer) {
            layer = new LayerDraft(layerName);
            this.layers.set(layerName, layer);
        }
        this.layer = layer;
        layer.featureType.push(type);
        this.cursorX = 0;
        this.cursorY = 0;
        this.parts = 0;
    }

    /** A point (tile coordinates). */
    point(x: number, y: number): void {
        const g = this.layer!.geometry;
        g.push((1 << 3) | 1, zigzag(x - this.cursorX), zigzag(y - this.cursorY));
        this.cursorX = x;
        this.cursorY = y;
        this.parts++;
    }

    /**
     * A line (count points from `coords[start]`, interleaved) or, when `ring`, a polygon ring without
     * its repeated last point (closed by a ClosePath command).
     */
    path(coords: ArrayLike<number>, start: number, count: number, ring: boolean): void {
        const g = this.layer!.geometry;
        let x = coords[start], y = coords[start + 1];
        g.push((1 << 3) | 1, zigzag(x - this.cursorX), zigzag(y - this.cursorY));
        g.push(((count - 1) << 3) | 2);
        for (let i = 1; i < count; i++) {
            const nx = coords[start + i * 2], ny = coords[start + i * 2 + 1];
            g.push(zigzag(nx - x), zigzag(ny - y));
            x = nx;
            y = ny;
        }
        if (ring) g.push((1 << 3) | 7);
        this.cursorX = x;
        this.cursorY = y;
        this.parts++;
    }

    tag(key: string, value: TagValue): void {
        const layer = this.layer!;
        let k = layer.keys.get(key);
        if (k === undefined) {
            k = layer.keys.size;
            layer.keys.set(key, k);
        }
        const id = `${typeof value}:${value}`;
        let v = layer.values.get(id);
        if (v === undefined) {
            v = layer.valueList.length;
            layer.values.set(id, v);
            layer.valueList.push(value);
        }
        layer.tags.push(k, v);
    }

    /** Ends the feature; one without geometry is dropped. Returns whether it was kept. */
    end(): boolean {
        const layer = this.layer!;
        if (this.parts === 0) {
            layer.featureType.pop();
            layer.tags.length = layer.tagEnd.length ? layer.tagEnd[layer.tagEnd.length - 1] : 0;
            layer.geometry.length = layer.geometryEnd.length ? layer.geometryEnd[layer.geometryEnd.length - 1] : 0;
            return false;
        }
        layer.tagEnd.push(layer.tags.length);
        layer.geometryEnd.push(layer.geometry.length);
        return true;
    }

    /** Features written so far in all layers. */
    get featureCount(): number {
        let n = 0;
        for (const layer of this.layers.values()) n += layer.featureType.length;
        return n;
    }

    /** The encoded tile (uncompressed), or null when no feature was written. */
    finish(): Uint8Array | null {
        if (this.featureCount === 0) return null;
        const pbf = new Pbf();
        for (const layer of this.layers.values()) {
            if (layer.featureType.length) pbf.writeMessage(3, writeLayer, layer);
        }
        return pbf.finish();
    }
}

function writeLayer(layer: LayerDraft, pbf: Pbf): void {
    pbf.writeVarintField(15, 2);
    pbf.writeStringField(1, layer.name);
    let tagStart = 0, geometryStart = 0;
    for (let f = 0; f < layer.featureType.length; f++) {
        const feature = {
            type: layer.featureType[f],
            tags: layer.tags.slice(tagStart, layer.tagEnd[f]),
            geometry: layer.geometry.slice(geometryStart, layer.geometryEnd[f])
        };
        pbf.writeMessage(2, writeFeature, feature);
        tagStart = layer.tagEnd[f];
        geometryStart = layer.geometryEnd[f];
    }
    for (const key of layer.keys.keys()) pbf.writeStringField(3, key);
    for (const value of layer.valueList) pbf.writeMessage(4, writeValue, value);
    pbf.writeVarintField(5, EXTENT);
}

function writeFeature(feature: {type: number; tags: number[]; geometry: number[]}, pbf: Pbf): void {
    pbf.writePackedVarint(2, feature.tags);
    pbf.writeVarintField(3, feature.type);
    pbf.writePackedVarint(4, feature.geometry);
}

function writeValue(value: TagValue, pbf: Pbf): void {
    if (typeof value === 'string') pbf.writeStringField(1, value);
    else if (typeof value === 'boolean') pbf.writeBooleanField(7, value);
    else if (Number.isInteger(value) && value >= 0) pbf.writeVarintField(5, value);
    else if (Number.isInteger(value)) pbf.writeSVarintField(6, value);
    else pbf.writeDoubleField(3, value);
}
