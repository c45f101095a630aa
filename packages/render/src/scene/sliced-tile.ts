// A tile deeper than the data's deepest (zoom 14) cut from its zoom-14 ancestor, as MapLibre's
// sliceVectorTileLayer (source/vector_tile_overzoomed.ts) does for symbols above the source's maxzoom:
// the map's zoom up to 18 lays its labels out tile by tile at its own zoom (zoomLevelsToOverscale 4
// below a maxZoom of 22), not on the zoom-14 tile overscaled. Each feature is clipped to the child's
// square and a buffer of 1/32 of it (128 of 4096 units), lines in pieces (clipGeometry), points kept
// when inside; polygons are kept whole (no symbol layer reads them). Only the layers the symbols read are cut.
import {WORLD, VectorTileData} from '@quartier/engine/internal';

/** The child tile's features (world units): per feature its ancestor's index. */
export interface Slice {
    data: VectorTileData;
    /** For each feature of `data`, the ancestor feature it was cut from. */
    origin: Uint32Array;
}

/** Buffer around the child's square, in its sizes (MapLibre: 128 of 4096 units). */
const BUFFER = 128 / 4096;

/** Cuts the features of `layers` (source-layer names) of `parent` to tile z/x/y (z above parent's zoom). */
export function sliceTile(parent: VectorTileData, z: number, x: number, y: number, layers: ReadonlySet<string>): Slice {
    const size = WORLD / 2 ** z, b = Math.round(size * BUFFER);
    const box = [x * size - b, y * size - b, (x + 1) * size + b, (y + 1) * size + b];
    const d = {names: [] as string[], keys: [] as string[][], values: [] as (string | number | boolean)[][], extent: [] as number[],
        featureLayer: [] as number[], featureType: [] as number[], tagEnd: [] as number[], tags: [] as number[],
        partEnd: [] as number[], coordEnd: [] as number[], x: [] as number[], y: [] as number[], layerCoordStart: [] as number[]};
    const origin: number[] = [];
    const pieces = new Pieces();
    for (let l = 0; l < parent.layerNames.length; l++) {
        if (!layers.has(parent.layerNames[l])) continue;
        const out = d.names.length;
        d.names.push(parent.layerNames[l]);
        d.keys.push(parent.layerKeys[l] as string[]);
        d.values.push(parent.layerValues[l] as (string | number | boolean)[]);
        d.extent.push(4096);
        d.layerCoordStart.push(d.x.length);
        for (let f = parent.layerFeatureStart[l]; f < parent.layerFeatureStart[l + 1]; f++) {
            const type = parent.featureType[f];
            const parts = d.partEnd.length;
            if (type === 1) keepPoints(parent, f, box, d);
            else if (type === 2) pieces.clip(parent, f, box, d);
            else keepWhole(parent, f, box, d);
            if (d.partEnd.length === parts) continue;
            d.featureLayer.push(out);
            d.featureType.push(type);
            for (let i = parent.tagStart[f]; i < parent.tagStart[f + 1]; i++) d.tags.push(parent.tags[2 * i], parent.tags[2 * i + 1]);
            d.tagEnd.push(d.tags.length / 2);
            origin.push(f);
        }
    }
    return {data: new VectorTileData(z, x, y, d), origin: Uint32Array.from(origin)};
}

interface Draft {partEnd: number[]; coordEnd: number[]; x: number[]; y: number[]}

function inside(v: number, start: number, end: number): boolean {
    return v >= start && v <= end;
}

function keepPoints(t: VectorTileData, f: number, box: number[], d: Draft): void {
    for (let c = t.coordStart[t.partStart[f]]; c < t.coordStart[t.partStart[f + 1]]; c++) {
        if (!inside(t.xs[c], box[0], box[2]) || !inside(t.ys[c], box[1], box[3])) continue;
        d.x.push(t.xs[c]);
        d.y.push(t.ys[c]);
        d.coordEnd.push(d.x.length);
    }
    if (d.coordEnd.length > (d.partEnd.length ? d.partEnd[d.partEnd.length - 1] : 0)) d.partEnd.push(d.coordEnd.length);
}

function keepWhole(t: VectorTileData, f: number, box: number[], d: Draft): void {
    const c0 = t.coordStart[t.partStart[f]], c1 = t.coordStart[t.partStart[f + 1]];
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let c = c0; c < c1; c++) {
        minX = Math.min(minX, t.xs[c]);
        maxX = Math.max(maxX, t.xs[c]);
        minY = Math.min(minY, t.ys[c]);
        maxY = Math.max(maxY, t.ys[c]);
    }
    if (maxX < box[0] || minX > box[2] || maxY < box[1] || minY > box[3]) return;
    for (let p = t.partStart[f]; p < t.partStart[f + 1]; p++) {
        for (let c = t.coordStart[p]; c < t.coordStart[p + 1]; c++) {
            d.x.push(t.xs[c]);
            d.y.push(t.ys[c]);
        }
        d.coordEnd.push(d.x.length);
    }
    d.partEnd.push(d.coordEnd.length);
}

/**
 * MapLibre's clipLines for one axis after the other (x, then y), into growable scratch: a line leaving
 * the box ends its piece, one coming back starts a new one (clipLineInternal).
 */
class Pieces {
    // The pieces after the first axis: points and each piece's end.
    private ax: number[] = [];
    private ay: number[] = [];
    private aEnds: number[] = [];

    clip(t: VectorTileData, f: number, box: number[], d: Draft): void {
        const first = {x: this.ax, y: this.ay, ends: this.aEnds};
        first.x.length = first.y.length = first.ends.length = 0;
        for (let p = t.partStart[f]; p < t.partStart[f + 1]; p++) {
            const c0 = t.coordStart[p], c1 = t.coordStart[p + 1];
            clipAxis(t.xs, t.ys, c0, c1, box[0], box[2], true, first);
        }
        const second = {x: d.x, y: d.y, ends: d.coordEnd};
        let start = 0;
        for (const end of first.ends) {
            clipAxis(first.x, first.y, start, end, box[1], box[3], false, second);
            start = end;
        }
        if (d.coordEnd.length > (d.partEnd.length ? d.partEnd[d.partEnd.length - 1] : 0)) d.partEnd.push(d.coordEnd.length);
    }
}

/**
 * Clips the points [c0, c1) of a line between two lines x = start and x = end (onX) or the same in y,
 * appending the pieces' points to out and each piece's end to out.ends.
 */
function clipAxis(xs: ArrayLike<number>, ys: ArrayLike<number>, c0: number, c1: number, start: number, end: number, onX: boolean,
    out: {x: number[]; y: number[]; ends: number[]}): void {
    if (c1 - c0 < 1) return;
    const a = onX ? xs : ys, o = onX ? ys : xs;
    const push = (along: number, across: number) => {
        out.x.push(onX ? along : across);
        out.y.push(onX ? across : along);
    };
    const cut = (i: number, at: number) => {
        const t = (at - a[i]) / (a[i + 1] - a[i]);
        push(at, Math.round(o[i] + (o[i + 1] - o[i]) * t));
    };
    let pieceStart = out.x.length;
    for (let i = c0; i < c1 - 1; i++) {
        const p1 = a[i], p2 = a[i + 1];
        let exited = false;
        if (p1 < start) {
            if (p2 >= start) cut(i, start);
        } else if (p1 > end) {
            if (p2 <= end) cut(i, end);
        } else {
            push(p1, o[i]);
        }
        if (p2 < start && p1 >= start) {
            cut(i, start);
            exited = true;
        }
        if (p2 > end && p1 <= end) {
            cut(i, end);
            exited = true;
        }
        if (exited) {
            out.ends.push(out.x.length);
            pieceStart = out.x.length;
        }
    }
    if (inside(a[c1 - 1], start, end)) push(a[c1 - 1], o[c1 - 1]);
    if (out.x.length > pieceStart) out.ends.push(out.x.length);
}
