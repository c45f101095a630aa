// What one image draws from: the region's vector tiles in view (the ones the browser map loads for the
// same view), decoded once into flat arrays and kept in a byte-bounded cache shared by every image of
// the process, the camera, and a per-tile memo of which features pass which style layer's filter.
// Filters are evaluated once per distinct tag set (names aside), not once per feature; a filter that
// reads a per-feature tag (a POI's rank) is evaluated per feature.
import zlib from 'node:zlib';
import type {SKRSContext2D} from '@napi-rs/canvas';
import type {Region} from '@quartier/engine';
import {MAX_TILE_ZOOM, WORLD, readVectorTile, type VectorTileData} from '@quartier/engine/internal';
import type {Camera} from './camera.js';
import {PathWriter} from './path-writer.js';
import {sliceTile} from './sliced-tile.js';
import {PER_FEATURE_KEY, type Globals, type StyleFeature, type StyleLayer} from '../style/map-style.js';

/** Decoded tiles kept per process (bytes of their arrays). */
const MAX_CACHE_BYTES = 128 * 1024 * 1024;
/** More tiles than this in one image (a wide pitched view) and the farthest are left out. */
const MAX_TILES = 64;

/** One decoded tile with its filter memo. */
export class SceneTile {
    readonly data: VectorTileData;
    /** Per feature: its tag-set signature (features of one signature pass the same filters). */
    readonly signature: Int32Array;
    /** A representative feature of each signature. */
    readonly representative: number[] = [];
    /** Per feature: its box in world units (minX, minY, maxX, maxY), to leave out what is not in view. */
    readonly box: Int32Array;
    readonly byteSize: number;
    private readonly memo = new Map<StyleLayer, {zoom: number; passes: Int8Array}>();

    /** For a tile cut from a deeper one's ancestor (sliced-tile.ts): the ancestor and each feature's index there. */
    private readonly source: SceneTile | null;
    private readonly origin: Uint32Array | null;

    constructor(data: VectorTileData, source: SceneTile | null = null, origin: Uint32Array | null = null) {
        this.data = data;
        this.source = source;
        this.origin = origin;
        const n = data.featureType.length;
        // A cut tile's features pass the filters their ancestor's pass: it asks the ancestor (and shares its memo).
        this.signature = new Int32Array(source ? 0 : n);
        const ids = new Map<string, number>();
        for (let f = 0; f < n && !source; f++) {
            const l = data.featureLayer[f];
            const keys = data.layerKeys[l];
            let key = `${l}|${data.featureType[f]}`;
            let named = false;
            for (let i = data.tagStart[f], end = data.tagStart[f + 1]; i < end; i++) {
                const k = keys[data.tags[2 * i]];
                if (PER_FEATURE_KEY.test(k)) {
                    named ||= k === 'name';
                    continue;
                }
                key += `|${data.tags[2 * i]}=${data.tags[2 * i + 1]}`;
            }
            if (named) key += '|named';
            let id = ids.get(key);
            if (id === undefined) {
                id = this.representative.length;
                ids.set(key, id);
                this.representative.push(f);
            }
            this.signature[f] = id;
        }
        this.box = new Int32Array(4 * n);
        for (let f = 0; f < n; f++) {
            let minX = 2 ** 31 - 1, minY = minX, maxX = -minX, maxY = -minX;
            for (let c = data.coordStart[data.partStart[f]], end = data.coordStart[data.partStart[f + 1]]; c < end; c++) {
                const x = data.xs[c], y = data.ys[c];
                if (x < minX) minX = x;
                if (x > maxX) maxX = x;
                if (y < minY) minY = y;
                if (y > maxY) maxY = y;
            }
            this.box[4 * f] = minX;
            this.box[4 * f + 1] = minY;
            this.box[4 * f + 2] = maxX;
            this.box[4 * f + 3] = maxY;
        }
        this.byteSize = data.byteSize + n * 20;
    }

    /** Whether feature f passes a layer's filter at the globals' zoom (filters see the whole zoom, as MapLibre's buckets do). */
    passes(layer: StyleLayer, f: number, globals: Globals): boolean {
        if (!layer.filter) return true;
        if (this.source) return this.source.passes(layer, this.origin![f], globals);
        const zoom = Math.floor(globals.zoom);
        if (layer.filterPerFeature) return layer.filter.filter({zoom} as never, this.feature(f) as never);
        let entry = this.memo.get(layer);
        if (!entry || entry.zoom !== zoom) {
            entry = {zoom, passes: new Int8Array(this.representative.length).fill(-1)};
            this.memo.set(layer, entry);
        }
        const s = this.signature[f];
        let v = entry.passes[s];
        if (v < 0) {
            const r = this.representative[s];
            v = entry.passes[s] = layer.filter.filter({zoom} as never, this.feature(r) as never) ? 1 : 0;
        }
        return v === 1;
    }

    /**
     * Whether a world point lies in the tile's own square, not in the buffer it shares with its
     * neighbours: MapLibre anchors a symbol only in the tile that owns its point (never twice).
     */
    owns(x: number, y: number): boolean {
        const d = this.data, size = WORLD / 2 ** d.z;
        return x >= d.x * size && x < (d.x + 1) * size && y >= d.y * size && y < (d.y + 1) * size;
    }

    /** A feature as style expressions read it. */
    feature(f: number): StyleFeature {
        if (this.source) return this.source.feature(this.origin![f]);
        return {type: this.data.featureType[f] as 1 | 2 | 3, properties: this.data.properties(f)};
    }
}

const cache = new WeakMap<Region, Map<number, SceneTile | null>>();
let cachedBytes = 0;
/** The cached tiles, oldest first; a tile's bytes count the tiles cut from it, which go with it. */
const lru: CacheEntry[] = [];
interface CacheEntry {region: WeakRef<Region>; key: number; z: number; x: number; y: number; bytes: number}
/** The tiles cut from a cached tile (slicedSceneTile), by their zoom, position and layers; and its cache entry. */
const slices = new WeakMap<SceneTile, {entry: CacheEntry; tiles: Map<string, SceneTile>}>();

/** Bytes of the decoded tiles this thread keeps (at most MAX_CACHE_BYTES, by SceneTile's estimate). */
export function decodedTileBytes(): number {
    return cachedBytes;
}

/** A decoded tile of a region (cached), or null when the region has none there. */
export function sceneTile(region: Region, z: number, x: number, y: number): SceneTile | null {
    let tiles = cache.get(region);
    if (!tiles) {
        tiles = new Map();
        cache.set(region, tiles);
    }
    const key = (z * 2 ** z + y) * 2 ** z + x;
    const hit = tiles.get(key);
    if (hit !== undefined) return hit;
    const gz = region.tile(z, x, y);
    const tile = gz ? new SceneTile(readVectorTile(zlib.gunzipSync(gz), z, x, y)) : null;
    tiles.set(key, tile);
    const entry = {region: new WeakRef(region), key, z, x, y, bytes: tile ? tile.byteSize : 64};
    if (tile) slices.set(tile, {entry, tiles: new Map()});
    lru.push(entry);
    cachedBytes += entry.bytes;
    evict();
    return tile;
}

/**
 * A tile deeper than the data's deepest, cut from its ancestor for the symbols of `layers` (their
 * source layers; `layersKey` names the set), as MapLibre lays out labels above the source's maxzoom.
 * Kept with its ancestor in the cache (they leave it together).
 */
export function slicedSceneTile(region: Region, z: number, x: number, y: number, layers: ReadonlySet<string>, layersKey: string): SceneTile | null {
    const up = z - MAX_TILE_ZOOM;
    const parent = sceneTile(region, MAX_TILE_ZOOM, x >> up, y >> up);
    const kept = parent && slices.get(parent);
    if (!parent || !kept) return null;
    const key = `${z}/${x}/${y}/${layersKey}`;
    let tile = kept.tiles.get(key);
    if (!tile) {
        const slice = sliceTile(parent.data, z, x, y, layers);
        tile = new SceneTile(slice.data, parent, slice.origin);
        kept.tiles.set(key, tile);
        kept.entry.bytes += tile.byteSize;
        cachedBytes += tile.byteSize;
        evict();
    }
    return tile;
}

/** What carryDecodedTiles did: tiles handed over (the same in both), and tiles decoded anew (changed). */
export interface CarriedTiles {
    carried: number;
    decoded: number;
}

/**
 * Hands the decoded tiles this thread keeps of `from` to `to`, the region swapped in for it, where `to` has the same
 * tile byte for byte (an update cuts again only the tiles its changes reach), and decodes `to`'s own of the newest
 * `decodeChanged` that changed: the first images after the switch find the tiles most drawn decoded already. The
 * tiles handed over keep their place in the cache's order; `from`, being swapped out, decodes them again if it
 * draws once more.
 */
export function carryDecodedTiles(from: Region, to: Region, decodeChanged = 0): CarriedTiles {
    const kept = cache.get(from);
    if (!kept || from === to) return {carried: 0, decoded: 0};
    let tiles = cache.get(to);
    if (!tiles) cache.set(to, tiles = new Map());
    let carried = 0;
    const changed: CacheEntry[] = [];
    for (let i = lru.length - 1; i >= 0; i--) {
        const entry = lru[i];
        if (entry.region.deref() !== from || !kept.has(entry.key) || tiles.has(entry.key)) continue;
        if (sameBytes(from.tile(entry.z, entry.x, entry.y), to.tile(entry.z, entry.x, entry.y))) {
            tiles.set(entry.key, kept.get(entry.key)!);
            kept.delete(entry.key);
            entry.region = new WeakRef(to);
            carried++;
        } else if (changed.length < decodeChanged) {
            changed.push(entry);
        }
    }
    // Oldest first, so that the newest end newest in the cache's order.
    for (let i = changed.length - 1; i >= 0; i--) sceneTile(to, changed[i].z, changed[i].x, changed[i].y);
    return {carried, decoded: changed.length};
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
    if (a === null || b === null) return a === b;
    return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** Drops the oldest tiles while the cache holds more than MAX_CACHE_BYTES (the newest always stays). */
function evict(): void {
    while (cachedBytes > MAX_CACHE_BYTES && lru.length > 1) {
        const old = lru.shift()!;
        cachedBytes -= old.bytes;
        old.region.deref() && cache.get(old.region.deref()!)?.delete(old.key);
    }
}

/** Where symbols come from: the frame's world box, the wider box where they take their place, their source layers. */
export interface SymbolSources {
    frame: [number, number, number, number];
    view: [number, number, number, number];
    layers: ReadonlySet<string>;
}

/** Deepest zoom MapLibre lays symbols out at before it overscales (maxZoom 22 less zoomLevelsToOverscale 4). */
const MAX_SYMBOL_TILE_ZOOM = 18;
/** At most this many tiles give symbols (a wide pitched view leaves the farthest out). */
const MAX_SYMBOL_TILES = 64;

/** The tiles x0, y0, x1, y1 of zoom z under a world box. */
function tileRange(z: number, box: [number, number, number, number]): [number, number, number, number] {
    const size = WORLD / 2 ** z, last = 2 ** z - 1;
    const clampT = (v: number) => Math.max(0, Math.min(last, Math.floor(v / size)));
    return [clampT(box[0]), clampT(box[1]), clampT(box[2]), clampT(box[3])];
}

/**
 * The tiles MapLibre lays symbols out in for a frame, in its order of placement (style.ts,
 * TileID.isLessThan: west to east, north to south in a column): the style zoom's own tiles up to
 * zoom 18, cut from the zoom-14 data above 14.
 */
function symbolTiles(region: Region, styleZoom: number, symbols: SymbolSources): SceneTile[] {
    const z = Math.max(0, Math.min(MAX_SYMBOL_TILE_ZOOM, Math.floor(styleZoom)));
    const [x0, y0, x1, y1] = tileRange(z, symbols.frame);
    const key = [...symbols.layers].sort().join(',');
    const out: SceneTile[] = [];
    for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1 && out.length < MAX_SYMBOL_TILES; y++) {
            const tile = z > MAX_TILE_ZOOM ? slicedSceneTile(region, z, x, y, symbols.layers, key) : sceneTile(region, z, x, y);
            if (tile) out.push(tile);
        }
    }
    return out;
}

/** The tile zoom MapLibre loads for a style zoom (512-pixel tiles: the zoom itself, floored, at most 14). */
export function tileZoomFor(styleZoom: number): number {
    return Math.max(0, Math.min(MAX_TILE_ZOOM, Math.floor(styleZoom)));
}

export class TileScene {
    readonly ctx: SKRSContext2D;
    readonly camera: Camera;
    readonly globals: Globals;
    /** Device pixels per CSS pixel. */
    readonly ratio: number;
    readonly tiles: SceneTile[] = [];
    /** The tiles in MapLibre's order of symbol placement (style.ts, TileID.isLessThan): west to east, north to south in a column. */
    readonly symbolTiles: SceneTile[];
    /** The world box in view (with a margin). */
    readonly view: [number, number, number, number];
    /** The world box where symbols take their place (wider: the collision grid's margin). */
    readonly symbolView: [number, number, number, number];
    /** The path `trace` adds to (drawn with ctx.fill(path.take()) or stroke). */
    readonly path = new PathWriter();

    /**
     * Tiles are those under `box`. Symbols come from the tiles MapLibre lays them out in for the frame
     * (`symbols.frame`), within `symbols.view`, from their source layers `symbols.layers`.
     */
    constructor(region: Region, ctx: SKRSContext2D, camera: Camera, globals: Globals, ratio: number, box: [number, number, number, number],
        symbols: SymbolSources | null = null) {
        this.view = box;
        this.symbolView = symbols ? symbols.view : box;
        this.ctx = ctx;
        this.camera = camera;
        this.globals = globals;
        this.ratio = ratio;
        const z = tileZoomFor(globals.zoom);
        const [x0, y0, x1, y1] = tileRange(z, box);
        // Nearest rows first (the bottom of the image), so a capped wide view keeps what is close.
        for (let y = y1; y >= y0 && this.tiles.length < MAX_TILES; y--) {
            for (let x = x0; x <= x1 && this.tiles.length < MAX_TILES; x++) {
                const tile = sceneTile(region, z, x, y);
                if (tile) this.tiles.push(tile);
            }
        }
        this.symbolTiles = symbols ? symbolTiles(region, globals.zoom, symbols) : [];
    }

    /** Whether feature f of a tile reaches into the view (or, with `symbols`, the symbols' wider view). */
    inView(tile: SceneTile, f: number, symbols = false): boolean {
        const b = tile.box, v = symbols ? this.symbolView : this.view;
        return b[4 * f] <= v[2] && b[4 * f + 2] >= v[0] && b[4 * f + 1] <= v[3] && b[4 * f + 3] >= v[1];
    }

    /** Clips drawing to a tile's own square (its buffer overlaps the neighbours'); restore() after. */
    clipTo(tile: SceneTile): void {
        const {ctx, camera} = this;
        const d = tile.data, size = WORLD / 2 ** d.z;
        const x0 = d.x * size, y0 = d.y * size, x1 = x0 + size, y1 = Math.min(y0 + size, camera.nearY);
        ctx.save();
        ctx.beginPath();
        if (camera.nearY === Infinity) {
            // Flat: a pixel-aligned rectangle, which Skia clips to without an anti-aliased mask.
            camera.project(x0, y0, 0);
            const left = Math.round(camera.sx), top = Math.round(camera.sy);
            camera.project(x1, y1, 0);
            ctx.rect(left, top, Math.round(camera.sx) - left, Math.round(camera.sy) - top);
            ctx.clip();
            return;
        }
        camera.project(x0, y0, 0);
        ctx.moveTo(camera.sx, camera.sy);
        camera.project(x1, y0, 0);
        ctx.lineTo(camera.sx, camera.sy);
        camera.project(x1, y1, 0);
        ctx.lineTo(camera.sx, camera.sy);
        camera.project(x0, y1, 0);
        ctx.lineTo(camera.sx, camera.sy);
        ctx.closePath();
        ctx.clip();
    }

    /**
     * Adds a feature's parts to `path`, projected; rings are closed. Points closer than about half a
     * device pixel to the previous one are skipped (a shorter path to rasterize). With a
     * pitched camera, parts are first clipped to the ground in front of it (camera.nearY).
     */
    trace(tile: SceneTile, f: number, close: boolean): void {
        const d = tile.data, cam = this.camera;
        const xs = d.xs, ys = d.ys;
        for (let p = d.partStart[f], p1 = d.partStart[f + 1]; p < p1; p++) {
            const c0 = d.coordStart[p], c1 = d.coordStart[p + 1];
            if (c1 - c0 < 2) continue;
            this.started = false;
            if (cam.nearY === Infinity) {
                for (let c = c0; c < c1; c++) this.point(xs[c], ys[c], c === c1 - 1);
            } else {
                // Sutherland–Hodgman against y <= nearY, one edge at a time.
                const near = cam.nearY;
                for (let c = c0; c < c1; c++) {
                    const x = xs[c], y = ys[c];
                    if (c > c0) {
                        const px = xs[c - 1], py = ys[c - 1];
                        if ((py <= near) !== (y <= near)) this.point(px + (x - px) * (near - py) / (y - py), near, false);
                    }
                    if (y <= near) this.point(x, y, c === c1 - 1);
                    else if (!close) this.started = false;
                }
            }
            if (close && this.started) this.path.closePath();
        }
    }

    private started = false;
    private lx = 0;
    private ly = 0;

    private point(x: number, y: number, last: boolean): void {
        const cam = this.camera;
        cam.project(x, y, 0);
        if (!this.started) {
            this.path.moveTo(cam.sx, cam.sy);
            this.started = true;
        } else {
            const dx = cam.sx - this.lx, dy = cam.sy - this.ly;
            if (dx * dx + dy * dy < 0.25 && !last) return;
            this.path.lineTo(cam.sx, cam.sy);
        }
        this.lx = cam.sx;
        this.ly = cam.sy;
    }
}

/** Features of a tile's source layer: [start, end) of its feature ids (empty when the tile lacks the layer). */
export function layerRange(tile: SceneTile, sourceLayer: string): [number, number] {
    const l = tile.data.layer(sourceLayer);
    return l < 0 ? [0, 0] : [tile.data.layerFeatureStart[l], tile.data.layerFeatureStart[l + 1]];
}
