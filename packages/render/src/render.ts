// One map image, drawn from the same style documents and vector tiles as the browser map: the style's
// layers in order over the region's tiles in view (fills and lines clipped tile by tile, buildings
// extruded when the style or threeDMode asks), then its symbol layers placed top down as MapLibre
// does, the pin, and the attribution; JPEG-encoded. Drawn at the output's own size by default: Skia's
// anti-aliasing gives the same picture as drawing at twice the size and downscaling, for about 40 % less
// CPU (bench/image-render.js); `ratio` 2 still draws at twice the size and downscales.
// The image's zoom counts 256-pixel tiles (zoom 16: about 1.2 km across 800 pixels at 50° N);
// MapLibre's counts 512-pixel ones, so the style is evaluated at the image's zoom minus one.
import {createCanvas, type Canvas, type SKRSContext2D} from '@napi-rs/canvas';
import type {Region} from '@quartier/engine';
import {Camera} from './scene/camera.js';
import {CollisionGrid} from './labels/collision.js';
import {drawExtrusions} from './draw/buildings.js';
import {drawBackground, drawGeometry} from './draw/geometry.js';
import {drawSymbols, type PlacedSymbol} from './draw/symbols.js';
import {fontString, registerFonts} from './assets/fonts.js';
import {Labeler} from './labels/labels.js';
import {styleByIndex, type MapStyle} from './style/map-style.js';
import {drawMarker, drawPin, pinBox, type CustomMarker} from './assets/pin.js';
import {TileScene} from './scene/tile-scene.js';
import {encodeJpeg} from './jpeg.js';

export interface MapImageOptions {
    latitude: number;
    longitude: number;
    /** CSS pixels of the output image. */
    width: number;
    height: number;
    /** 1 liberty, 2 basic, 3 bright, 4 3d, 5 positron, 6 dark, 7 liberty_stonehedge. */
    mapStyle: number;
    /** Default DEFAULT_ZOOM (256-pixel tile zoom). */
    zoom?: number;
    /** Pin colour, CSS (e.g. '#428bff'). */
    pinColor: string;
    threeDMode?: boolean;
    bigIcon?: boolean;
    multiborders?: boolean;
    marker?: CustomMarker | null;
    /** Drawn at this many device pixels per CSS pixel, then downscaled to the output size (default 1: no downscaling). */
    ratio?: number;
    /** A style of one's own (compileStyle of a MapLibre document) instead of mapStyle's. */
    style?: MapStyle;
    /** Receives every symbol placed (what the image shows): its layer, text and icon. */
    placed?: PlacedSymbol[];
}

/** A street-level view: about 1.2 km across an 800-pixel image at 50° N. */
export const DEFAULT_ZOOM = 16;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;
/** Pitch of threeDMode. */
export const PITCH = 50;
/** CSS pixels beyond the frame where symbols still take their place (MapLibre's viewport padding). */
const LABEL_MARGIN = 100;
/** MapLibre's zoom is the 256-pixel zoom minus this. */
const STYLE_ZOOM_OFFSET = 1;
export const ATTRIBUTION = '© OpenMapTiles © OpenStreetMap contributors';

/** Largest side of an output image (the server documents 2048). */
export const MAX_SIDE = 4096;

/** Draws the map at `ratio` times the size; returns the full-size canvas. */
export function drawMap(region: Region, options: MapImageOptions): Canvas {
    const ratio = options.ratio ?? 1;
    const zoom = options.zoom ?? DEFAULT_ZOOM;
    const sideOk = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_SIDE;
    if (!sideOk(options.width) || !sideOk(options.height)) throw new RangeError(`image size ${options.width} × ${options.height}: each side from 1 to ${MAX_SIDE}`);
    if (!(zoom >= MIN_ZOOM && zoom <= MAX_ZOOM)) throw new RangeError(`zoom ${zoom}: from ${MIN_ZOOM} to ${MAX_ZOOM}`);
    if (!(ratio >= 1 && ratio <= 4)) throw new RangeError(`ratio ${ratio}: from 1 to 4`);
    if (!Number.isFinite(options.latitude) || !Number.isFinite(options.longitude)) throw new RangeError('latitude and longitude must be numbers');
    registerFonts();
    const style = options.style ?? styleByIndex(options.mapStyle);
    const width = Math.round(options.width * ratio), height = Math.round(options.height * ratio);
    const threeD = options.threeDMode === true;
    const camera = new Camera(options.latitude, options.longitude, zoom, width, height, ratio, threeD ? PITCH : 0);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    const globals = {zoom: zoom - STYLE_ZOOM_OFFSET};
    // Extruded buildings below the image rise into it: read further down.
    const margin = threeD || style.look.extrude ? Math.max(64, height / 3) : 64;
    const shown = style.layers.filter((layer) => globals.zoom >= layer.minzoom && globals.zoom < layer.maxzoom &&
        (layer.multiborders ? options.multiborders === true : layer.visible));
    // Symbols up to LABEL_MARGIN beyond the frame take their place (MapLibre's collision grid), from
    // the tiles MapLibre lays them out in for the frame (it loads no more).
    const scene = new TileScene(region, ctx, camera, globals, ratio, camera.viewBox(margin), {
        frame: camera.viewBox(0), view: camera.viewBox(Math.max(margin, LABEL_MARGIN * ratio)),
        layers: new Set(shown.filter((layer) => layer.type === 'symbol').map((layer) => layer.sourceLayer))
    });

    const grid = new CollisionGrid(width, height, LABEL_MARGIN * ratio);
    const pin = pinBox(options.marker ?? null, ratio);
    const pad = 4 * ratio;
    grid.insert(width / 2 + pin[0] - pad, height / 2 + pin[1] - pad, width / 2 + pin[2] + pad, height / 2 + pin[3] + pad);
    const symbols = {scene, labeler: new Labeler(ctx, grid), grid, look: style.look, iconScale: options.bigIcon ? 32 / 24 : 1, placed: options.placed ?? null};

    // QUARTIER_RENDER_TIMING=1 prints each layer's CPU time, rasterization included, and the script's part (for profiling).
    const timing = process.env.QUARTIER_RENDER_TIMING === '1';
    const time = (id: string, started: number) => {
        if (!timing) return;
        const js = cpuMs() - started;
        ctx.getImageData(0, 0, 1, 1);
        process.stderr.write(`${id}: ${(cpuMs() - started).toFixed(2)} ms (script ${js.toFixed(2)} ms)\n`);
    };
    for (const layer of shown) {
        const started = timing ? cpuMs() : 0;
        switch (layer.type) {
            case 'background': drawBackground(scene, layer, width, height); break;
            case 'fill':
                if (threeD && layer.sourceLayer === 'building') drawExtrusions(scene, layer, style.look);
                else drawGeometry(scene, layer);
                break;
            case 'line': drawGeometry(scene, layer); break;
            case 'fill-extrusion': drawExtrusions(scene, layer, style.look); break;
            case 'symbol': continue;
        }
        time(layer.id, started);
    }
    // Symbols last, the highest layer first: it wins the collisions (MapLibre's placement order).
    for (let i = shown.length - 1; i >= 0; i--) {
        if (shown[i].type !== 'symbol') continue;
        const started = timing ? cpuMs() : 0;
        drawSymbols(symbols, shown[i]);
        time(shown[i].id, started);
    }

    if (options.marker) drawMarker(ctx, width / 2, height / 2, options.marker, ratio);
    else drawPin(ctx, width / 2, height / 2, options.pinColor, ratio);
    return canvas;
}

/** The output image: drawn at `ratio` (1) times the size, downscaled if larger, attribution added. */
export function renderMap(region: Region, options: MapImageOptions): Canvas {
    const big = drawMap(region, options);
    if (big.width === options.width && big.height === options.height) {
        drawAttribution(big.getContext('2d'), options.width, options.height, options.style ?? styleByIndex(options.mapStyle));
        return big;
    }
    const out = createCanvas(options.width, options.height);
    const ctx = out.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    // At exactly half size, bilinear sampling is the 2 × 2 box filter: as good as 'high', faster.
    ctx.imageSmoothingQuality = big.width === options.width * 2 && big.height === options.height * 2 ? 'low' : 'high';
    ctx.drawImage(big, 0, 0, options.width, options.height);
    drawAttribution(ctx, options.width, options.height, options.style ?? styleByIndex(options.mapStyle));
    return out;
}

/** JPEG bytes at quality 100 (encoded off the main thread, jpeg.ts). */
export async function renderJpeg(region: Region, options: MapImageOptions): Promise<Buffer> {
    return encodeJpeg(renderMap(region, options));
}

/** CPU time of the process, milliseconds (QUARTIER_RENDER_TIMING: steadier than wall time on a busy machine). */
function cpuMs(): number {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
}

function drawAttribution(ctx: SKRSContext2D, width: number, height: number, style: MapStyle): void {
    const size = width < 200 ? 8 : 10;
    ctx.font = fontString(style.look.font, 'regular', size);
    const w = ctx.measureText(ATTRIBUTION).width + 8;
    const h = size + 5;
    ctx.fillStyle = style.look.attribution.background;
    ctx.fillRect(width - w, height - h, w, h);
    ctx.fillStyle = style.look.attribution.color;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(ATTRIBUTION, width - 4, height - h / 2);
}
