// One map image: the region's map data in view, drawn layer by layer as its style says, then
// labels, POI markers, the pin and the attribution, at twice the size, downscaled, JPEG-encoded.
import {createCanvas, type Canvas, type SKRSContext2D} from '@napi-rs/canvas';
import {BADGE_KINDS, KINDS, latOfY, lonOfX, mercatorX, mercatorY, type Region} from '@quartier/engine/internal';
import {Camera} from './camera.js';
import {CollisionGrid} from './collision.js';
import {drawExtrusions} from './draw-buildings.js';
import {drawFill, drawLine} from './draw-geometry.js';
import {fontString, registerFonts} from './fonts.js';
import {badgeImage, iconPriority, markerImage} from './icons.js';
import {Labeler, type TextStyle} from './labels.js';
import {drawMarker, drawPin, pinBox, type CustomMarker} from './pin.js';
import {Scene} from './scene.js';
import {sortByKey} from './sort.js';
import {styleByIndex, valueAt, type CompiledLayer, type Style} from './style.js';

export interface MapImageOptions {
    latitude: number;
    longitude: number;
    /** CSS pixels of the output image. */
    width: number;
    height: number;
    /** 1 liberty, 2 basic, 3 bright, 4 3d, 5 positron, 6 dark, 7 liberty_stonehedge. */
    mapStyle: number;
    /** Default DEFAULT_ZOOM. */
    zoom?: number;
    /** Pin colour, CSS (e.g. '#428bff'). */
    pinColor: string;
    threeDMode?: boolean;
    bigIcon?: boolean;
    multiborders?: boolean;
    marker?: CustomMarker | null;
    /** Drawn at this many device pixels per CSS pixel, then downscaled (default 2). */
    ratio?: number;
}

/** A street-level view: about 1.2 km across an 800-pixel image at 50° N. */
export const DEFAULT_ZOOM = 16;
export const MIN_ZOOM = 10;
export const MAX_ZOOM = 18;
/** Pitch of threeDMode. */
export const PITCH = 50;
/** POI markers are drawn from this zoom on. */
const POI_MIN_ZOOM = 14;
/** At most this many POI markers per image. */
const MAX_POIS = 120;
export const ATTRIBUTION = '© OpenStreetMap contributors';

const ROAD_KIND = KINDS.indexOf('road'), WATERWAY_KIND = KINDS.indexOf('waterway'), PLACE_KIND = KINDS.indexOf('place');

/** Largest side of an output image (the server documents 2048). */
export const MAX_SIDE = 4096;

/** Draws the map at `ratio` times the size; returns the full-size canvas. */
export function drawMap(region: Region, options: MapImageOptions): Canvas {
    const ratio = options.ratio ?? 2;
    const zoom = options.zoom ?? DEFAULT_ZOOM;
    const sideOk = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_SIDE;
    if (!sideOk(options.width) || !sideOk(options.height)) throw new RangeError(`image size ${options.width} × ${options.height}: each side from 1 to ${MAX_SIDE}`);
    if (!(zoom >= MIN_ZOOM && zoom <= MAX_ZOOM)) throw new RangeError(`zoom ${zoom}: from ${MIN_ZOOM} to ${MAX_ZOOM}`);
    if (!(ratio >= 1 && ratio <= 4)) throw new RangeError(`ratio ${ratio}: from 1 to 4`);
    if (!Number.isFinite(options.latitude) || !Number.isFinite(options.longitude)) throw new RangeError('latitude and longitude must be numbers');
    registerFonts();
    const style = styleByIndex(options.mapStyle);
    const width = Math.round(options.width * ratio), height = Math.round(options.height * ratio);
    const threeD = options.threeDMode === true;
    const extrude = threeD || style.spec.extrude === true;
    const camera = new Camera(options.latitude, options.longitude, zoom, width, height, ratio, threeD ? PITCH : 0);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    const map = region.map;
    ctx.fillStyle = map.coastline ? style.spec.sea : style.spec.background;
    ctx.fillRect(0, 0, width, height);

    // Extruded buildings below the image rise into it: read further down.
    const box = camera.viewBox(extrude ? Math.max(64, height / 3) : 64);
    const band = map.band(zoom);
    const scene = new Scene(ctx, camera, band, zoom, ratio, band.search(box[0], box[1], box[2], box[3]));

    const grid = new CollisionGrid(width, height);
    const pin = pinBox(options.marker ?? null, ratio);
    const pad = 4 * ratio;
    grid.insert(width / 2 + pin[0] - pad, height / 2 + pin[1] - pad, width / 2 + pin[2] + pad, height / 2 + pin[3] + pad);
    const labeler = new Labeler(ctx, grid);

    // QUARTIER_RENDER_TIMING=1 prints each layer's time, rasterization included (for profiling).
    const timing = process.env.QUARTIER_RENDER_TIMING === '1';
    for (const layer of style.layers) {
        const started = timing ? performance.now() : 0;
        if (zoom < layer.minzoom || zoom >= layer.maxzoom) continue;
        if (layer.multiborders >= 0 && layer.multiborders !== (options.multiborders ? 1 : 0)) continue;
        switch (layer.type) {
            case 'fill': drawFill(scene, layer); break;
            case 'line': drawLine(scene, layer); break;
            case 'building':
                if (extrude) drawExtrusions(scene, layer, style.spec);
                else drawFill(scene, layer);
                break;
            case 'label-line': drawLineLabels(scene, layer, style, labeler, region); break;
            case 'label-point': drawPointLabels(scene, layer, style, labeler, region); break;
            case 'pois': if (zoom >= POI_MIN_ZOOM) drawPois(scene, layer, region, grid, options.bigIcon === true); break;
        }
        if (timing) {
            ctx.getImageData(0, 0, 1, 1);
            process.stderr.write(`${layer.spec.id}: ${(performance.now() - started).toFixed(2)} ms\n`);
        }
    }

    if (options.marker) drawMarker(ctx, width / 2, height / 2, options.marker, ratio);
    else drawPin(ctx, width / 2, height / 2, options.pinColor, ratio);
    return canvas;
}

/** The output image: drawn at `ratio` (2) times the size, downscaled, attribution added. */
export function renderMap(region: Region, options: MapImageOptions): Canvas {
    const big = drawMap(region, options);
    const out = createCanvas(options.width, options.height);
    const ctx = out.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    // At exactly half size, bilinear sampling is the 2 × 2 box filter: as good as 'high', faster.
    ctx.imageSmoothingQuality = big.width === options.width * 2 && big.height === options.height * 2 ? 'low' : 'high';
    ctx.drawImage(big, 0, 0, options.width, options.height);
    drawAttribution(ctx, options.width, options.height, styleByIndex(options.mapStyle));
    return out;
}

/** JPEG bytes at quality 100 (encoded off the main thread). */
export async function renderJpeg(region: Region, options: MapImageOptions): Promise<Buffer> {
    return renderMap(region, options).encode('jpeg', 100);
}

function drawAttribution(ctx: SKRSContext2D, width: number, height: number, style: Style): void {
    const size = width < 200 ? 8 : 10;
    ctx.font = fontString(style.spec.font, 'regular', size);
    const w = ctx.measureText(ATTRIBUTION).width + 8;
    const h = size + 5;
    ctx.fillStyle = style.spec.attribution.background;
    ctx.fillRect(width - w, height - h, w, h);
    ctx.fillStyle = style.spec.attribution.color;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(ATTRIBUTION, width - 4, height - h / 2);
}

function textStyle(layer: CompiledLayer, style: Style, zoom: number, ratio: number): TextStyle {
    const spec = layer.spec;
    const size = valueAt(spec.size, zoom, spec.base ?? 1, 12) * ratio;
    return {
        font: fontString(style.spec.font, spec.font ?? 'regular', size),
        size,
        color: spec.color ?? '#333333',
        halo: spec.halo ?? 'rgba(255,255,255,0.9)',
        haloWidth: (spec.haloWidth ?? 1.5) * ratio
    };
}

/** Street and waterway names along their lines: major roads first, then the longest. */
function drawLineLabels(scene: Scene, layer: CompiledLayer, style: Style, labeler: Labeler, region: Region): void {
    if (layer.kind !== ROAD_KIND && layer.kind !== WATERWAY_KIND) return;
    const {band, ids, kindStart} = scene;
    const start = kindStart[layer.kind], end = kindStart[layer.kind + 1];
    const order = new Uint32Array(end - start), keys = new Float64Array(end - start);
    let n = 0;
    for (let i = start; i < end; i++) {
        const f = ids[i];
        if (band.name[f] === 0 || !scene.matches(layer, f)) continue;
        // Rank by class, then by length in world units (longer first).
        let length = 0;
        const p = band.partStart[f];
        for (let c = band.coordStart[p] + 1; c < band.coordStart[p + 1]; c++) length += Math.abs(band.x[c] - band.x[c - 1]) + Math.abs(band.y[c] - band.y[c - 1]);
        order[n] = f;
        keys[n++] = band.cls[f] * 1e12 - length;
    }
    sortByKey(order, keys, 0, n - 1);
    const text = textStyle(layer, style, scene.zoom, scene.ratio);
    const repeat = 260 * scene.ratio;
    for (let k = 0; k < n; k++) {
        const f = order[k];
        const points = labeler.projectLine(scene, f);
        if (labeler.lineLength(points) < text.size * 3) continue;
        const visible = labeler.visibleRange(points, scene.camera.width, scene.camera.height);
        if (visible === null) continue;
        let name = region.map.name(band.name[f]);
        if (layer.spec.uppercase) name = name.toUpperCase();
        // From the middle of the visible stretch outwards, every 20 CSS pixels (labels of one name
        // stay `repeat` apart).
        const mid = (visible[0] + visible[1]) / 2, half = (visible[1] - visible[0]) / 2;
        for (let step = 0; step < 80; step++) {
            const offset = ((step + 1) >> 1) * 20 * scene.ratio * (step & 1 ? 1 : -1);
            if (Math.abs(offset) > half) {
                if (step & 1) continue;
                break;
            }
            labeler.placeAlong(points, mid + offset, name, text, repeat);
        }
    }
}

/** Place names (cities first), centred on their points. */
function drawPointLabels(scene: Scene, layer: CompiledLayer, style: Style, labeler: Labeler, region: Region): void {
    if (layer.kind !== PLACE_KIND) return;
    const {band, ids, kindStart, camera} = scene;
    const start = kindStart[layer.kind], end = kindStart[layer.kind + 1];
    const order = new Uint32Array(end - start), keys = new Float64Array(end - start);
    let n = 0;
    for (let i = start; i < end; i++) {
        const f = ids[i];
        if (!scene.matches(layer, f)) continue;
        order[n] = f;
        keys[n++] = band.cls[f];
    }
    sortByKey(order, keys, 0, n - 1);
    const text = textStyle(layer, style, scene.zoom, scene.ratio);
    for (let k = 0; k < n; k++) {
        const f = order[k];
        const c = band.coordStart[band.partStart[f]];
        if (camera.project(band.x[c], band.y[c], 0) === 0) continue;
        let name = region.map.name(band.name[f]);
        if (layer.spec.uppercase) name = name.toUpperCase();
        labeler.placeAt(camera.sx, camera.sy, name, text, 400 * scene.ratio);
    }
}

const LINE_BADGES = new Set<number>([BADGE_KINDS.metro, BADGE_KINDS.tram, BADGE_KINDS.train]);

/** POI markers, one per place, by category priority then distance from the centre; line badges beside stations. */
function drawPois(scene: Scene, layer: CompiledLayer, region: Region, grid: CollisionGrid, big: boolean): void {
    const {ctx, camera} = scene;
    const pois = region.pois;
    const box = camera.viewBox(0);
    const found = pois.inBox(latOfY(box[3]), lonOfX(box[0]), latOfY(box[1]), lonOfX(box[2]));
    if (found.length === 0) return;
    const order = new Uint32Array(found.length), keys = new Float64Array(found.length);
    const centreLat = latOfY(camera.cy), centreLon = lonOfX(camera.cx);
    for (let i = 0; i < found.length; i++) {
        const r = found[i];
        const dLat = pois.lat[r] - centreLat, dLon = pois.lon[r] - centreLon;
        order[i] = r;
        keys[i] = iconPriority(pois.icon[r]) * 1e4 + Math.min(9999, Math.sqrt(dLat * dLat + dLon * dLon) * 1e4);
    }
    sortByKey(order, keys, 0, found.length - 1);
    const size = Math.round((big ? 32 : 24) * scene.ratio);
    const half = size / 2, pad = 2 * scene.ratio;
    const badgeHeight = Math.round(14 * scene.ratio);
    const seen = new Set<number>();
    let drawn = 0;
    ctx.globalAlpha = layer.spec.opacity ?? 1;
    for (let k = 0; k < order.length && drawn < MAX_POIS; k++) {
        const r = order[k];
        const place = pois.place[r];
        if (seen.has(place)) continue;
        seen.add(place);
        if (camera.project(mercatorX(pois.lon[r]), mercatorY(pois.lat[r]), 0) === 0) continue;
        const x = camera.sx, y = camera.sy;
        if (!grid.fits(x - half - pad, y - half - pad, x + half + pad, y + half + pad)) continue;
        grid.insert(x - half - pad, y - half - pad, x + half + pad, y + half + pad);
        ctx.drawImage(markerImage(pois.icon[r], size), x - half, y - half);
        drawn++;
        // Badges of the place's lines (records of one place are adjacent), left to right while they fit.
        let bx = x + half + scene.ratio;
        let first = r;
        while (first > 0 && pois.place[first - 1] === place) first--;
        for (let q = first; q < pois.count && pois.place[q] === place; q++) {
            const si = pois.subIcon[q];
            if (si === 0 || !LINE_BADGES.has(pois.badgeKind[si])) continue;
            const badge = badgeImage(pois, si, badgeHeight);
            if (!badge) continue;
            const by = y - badgeHeight / 2;
            if (!grid.fits(bx, by, bx + badge.width, by + badgeHeight)) break;
            grid.insert(bx, by, bx + badge.width, by + badgeHeight);
            ctx.drawImage(badge, bx, by);
            bx += badge.width + scene.ratio;
        }
    }
    ctx.globalAlpha = 1;
}
