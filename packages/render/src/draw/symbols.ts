// Symbol layers: texts and icons of the style's symbol layers, placed through one collision grid so
// that nothing overlaps, in MapLibre's order: the layer highest in the style first (render.ts walks
// them top down); within a layer, by symbol-sort-key when the layer has one, else tile by tile
// (west to east, north to south in a column) in the tile's feature order. Placement `line` puts
// names along streets and rivers (repeated every symbol-spacing) or icons such as one-way arrows;
// `point` puts an icon with its text below it, or a text alone, at the feature's point. Symbols up to
// the grid's margin beyond the frame take their place as in MapLibre; only what lies wholly inside
// the frame is drawn (icons may be cut by the edge).
import type {Canvas} from '@napi-rs/canvas';
import type {CollisionGrid} from '../labels/collision.js';
import {fontString} from '../assets/fonts.js';
import type {Labeler, TextStyle} from '../labels/labels.js';
import {cssColor, fontOf, isFeatureDependent, propertyValue, type ImageLook, type StyleFeature, type StyleLayer} from '../style/map-style.js';
import {sortByKey} from '../labels/sort.js';
import {spriteImage} from '../style/sprite.js';
import {layerRange, type SceneTile, type TileScene} from '../scene/tile-scene.js';
import {lineAnchors, type AnchorRule} from '../labels/line-anchors.js';
import {WORLD} from '@quartier/engine/internal';

export interface SymbolContext {
    scene: TileScene;
    labeler: Labeler;
    grid: CollisionGrid;
    look: ImageLook;
    /** Icons drawn this many times larger (bigIcon: 32/24). */
    iconScale: number;
    /** When not null, receives every symbol placed. */
    placed: PlacedSymbol[] | null;
}

/** A symbol the image shows: its layer, its text (as the style gives it, before line breaks; '' for none) and its icon ('' for none). */
export interface PlacedSymbol {layer: string; text: string; icon: string}

/** Anchors of one line (scratch). */
const ANCHORS = new Float64Array(256);
/** At most this many symbols of one layer per image. */
const MAX_PER_LAYER = 400;

/** Places a symbol layer's symbols; returns how many were placed. */
export function drawSymbols(sc: SymbolContext, layer: StyleLayer): number {
    const {scene} = sc;
    const g = scene.globals;
    const placement = propertyValue<string>(layer, 'symbol-placement', g, undefined, 'point');
    const tiles: SceneTile[] = [], feats: number[] = [], keys: number[] = [];
    const sorted = layer.layout.has('symbol-sort-key');
    for (const tile of scene.symbolTiles) {
        const [start, end] = layerRange(tile, layer.sourceLayer);
        const d = tile.data;
        for (let f = start; f < end; f++) {
            const type = d.featureType[f];
            if (placement === 'line' ? type !== 2 : type !== 1) continue;
            if (!scene.inView(tile, f, true) || !tile.passes(layer, f, g)) continue;
            tiles.push(tile);
            feats.push(f);
            // Ties keep the order of collection (the index is the second key).
            const key = sorted ? Number(propertyValue<number>(layer, 'symbol-sort-key', g, tile.feature(f), 0)) || 0 : 0;
            keys.push(key * 1e7 + keys.length);
        }
    }
    const n = feats.length;
    if (n === 0) return 0;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    sortByKey(order, Float64Array.from(keys), 0, n - 1);
    let placed = 0;
    for (let k = 0; k < n && placed < MAX_PER_LAYER; k++) {
        const i = order[k];
        const feature = tiles[i].feature(feats[i]);
        const ok = placement === 'line' ? placeAlongLine(sc, layer, tiles[i], feats[i], feature) : placePoint(sc, layer, tiles[i], feats[i], feature);
        if (ok) placed++;
    }
    return placed;
}

function textOf(layer: StyleLayer, sc: SymbolContext, feature: StyleFeature): string {
    const value = propertyValue<unknown>(layer, 'text-field', sc.scene.globals, feature, '');
    let text = value === null || value === undefined ? '' : String(value).trim();
    if (text && propertyValue<string>(layer, 'text-transform', sc.scene.globals, feature, 'none') === 'uppercase') text = text.toUpperCase();
    return text;
}

const TEXT_PROPS = ['text-size', 'text-font', 'text-color', 'text-halo-color', 'text-halo-width', 'text-padding'];
/** A layer's text style when none of its properties reads the feature (most layers), per zoom and ratio. */
const CONSTANT_TEXT = new WeakMap<StyleLayer, {zoom: number; ratio: number; style: TextStyle | null}>();

function textStyle(layer: StyleLayer, sc: SymbolContext, feature: StyleFeature): TextStyle {
    const g = sc.scene.globals, ratio = sc.scene.ratio;
    let known = CONSTANT_TEXT.get(layer);
    if (!known || known.zoom !== g.zoom || known.ratio !== ratio) {
        known = {zoom: g.zoom, ratio, style: null};
        CONSTANT_TEXT.set(layer, known);
        if (!TEXT_PROPS.some((p) => isFeatureDependent(layer, p))) known.style = evaluateTextStyle(layer, sc, feature);
    }
    return known.style ?? evaluateTextStyle(layer, sc, feature);
}

function evaluateTextStyle(layer: StyleLayer, sc: SymbolContext, feature: StyleFeature): TextStyle {
    const g = sc.scene.globals, ratio = sc.scene.ratio;
    const size = propertyValue(layer, 'text-size', g, feature, 16) * ratio;
    const font = fontOf(propertyValue<unknown>(layer, 'text-font', g, feature, null), sc.look);
    return {
        font: fontString(font.family, font.weight, size),
        size,
        color: cssColor(propertyValue(layer, 'text-color', g, feature, null), '#000000'),
        halo: cssColor(propertyValue(layer, 'text-halo-color', g, feature, null), 'rgba(0,0,0,0)'),
        haloWidth: propertyValue(layer, 'text-halo-width', g, feature, 0) * ratio,
        padding: propertyValue(layer, 'text-padding', g, feature, 2) * ratio
    };
}

/** An icon of the style's sprite at `scale` CSS pixels per sprite pixel, drawn sharp (device pixels). */
function icon(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature): {name: string; image: Canvas; width: number; height: number} | null {
    const g = sc.scene.globals;
    const name = propertyValue<unknown>(layer, 'icon-image', g, feature, null);
    if (name === null) return null;
    const key = typeof name === 'object' && name !== null && 'name' in name ? String((name as {name: string}).name) : String(name);
    if (!key) return null;
    const scale = propertyValue(layer, 'icon-size', g, feature, 1) * sc.iconScale * sc.scene.ratio;
    const image = spriteImage(key, Math.max(1, Math.min(4, Math.ceil(scale))));
    if (!image) return null;
    const k = scale / Math.max(1, Math.min(4, Math.ceil(scale)));
    return {name: key, image, width: image.width * k, height: image.height * k};
}

function placePoint(sc: SymbolContext, layer: StyleLayer, tile: SceneTile, f: number, feature: StyleFeature): boolean {
    const {scene, labeler, grid} = sc;
    const d = tile.data, camera = scene.camera;
    const c = d.coordStart[d.partStart[f]];
    if (!tile.owns(d.xs[c], d.ys[c])) return false;
    if (d.ys[c] > camera.nearY || camera.project(d.xs[c], d.ys[c], 0) === 0) return false;
    const x = camera.sx, y = camera.sy;
    const m = grid.margin;
    if (x < -m || y < -m || x > camera.width + m || y > camera.height + m) return false;
    const g = scene.globals;
    const pic = icon(sc, layer, feature);
    const label = textOf(layer, sc, feature);
    let text = label;
    if (!pic && !text) return false;
    const style = textStyle(layer, sc, feature);
    if (text) {
        const maxWidth = propertyValue(layer, 'text-max-width', g, feature, 10) * style.size;
        text = sc.labeler.wrap(text, style.font, maxWidth);
    }
    // Text below an icon (text-anchor top with its offset, in ems), else centred on the point.
    const offset = propertyValue<number[]>(layer, 'text-offset', g, feature, [0, 0]);
    const anchorTop = propertyValue<string>(layer, 'text-anchor', g, feature, 'center') === 'top';
    const lines = text ? text.split('\n').length : 0;
    const tx = x + offset[0] * style.size;
    const ty = y + offset[1] * style.size + (anchorTop ? style.size * (0.6 + (lines - 1) * 0.6) : 0);
    const pad = propertyValue(layer, 'icon-padding', g, feature, 2) * scene.ratio;
    let iconBox: [number, number, number, number] | null = null;
    if (pic) {
        iconBox = [x - pic.width / 2 - pad, y - pic.height / 2 - pad, x + pic.width / 2 + pad, y + pic.height / 2 + pad];
        if (!grid.fits(iconBox[0], iconBox[1], iconBox[2], iconBox[3])) return false;
    }
    const textFits = text !== '' && labeler.fits(tx, ty, text, style, 0);
    const textOptional = propertyValue(layer, 'text-optional', g, feature, false);
    if (text && !textFits && !(pic && textOptional)) return false;
    // The text first: the icon's box, once in the grid, would refuse the text beside it.
    const textDrawn = textFits && labeler.placeAt(tx, ty, text, style, 0);
    const iconShown = pic !== null && x >= 0 && y >= 0 && x <= camera.width && y <= camera.height;
    if (textDrawn || iconShown) sc.placed?.push({layer: layer.id, text: textDrawn ? label : '', icon: iconShown ? pic.name : ''});
    if (iconBox && pic) {
        grid.insert(iconBox[0], iconBox[1], iconBox[2], iconBox[3]);
        scene.ctx.globalAlpha = propertyValue(layer, 'icon-opacity', g, feature, 1);
        scene.ctx.drawImage(pic.image, x - pic.width / 2, y - pic.height / 2, pic.width, pic.height);
        scene.ctx.globalAlpha = 1;
    }
    return true;
}

function placeAlongLine(sc: SymbolContext, layer: StyleLayer, tile: SceneTile, f: number, feature: StyleFeature): boolean {
    const {scene, labeler, grid} = sc;
    const g = scene.globals;
    const spacing = propertyValue(layer, 'symbol-spacing', g, feature, 250) * scene.ratio;
    const text = textOf(layer, sc, feature);
    const pic = text ? null : icon(sc, layer, feature);
    if (!text && !pic) return false;
    const style = text ? textStyle(layer, sc, feature) : null;
    const rotate = propertyValue(layer, 'icon-rotate', g, feature, 0) * Math.PI / 180;
    const pad = propertyValue(layer, 'icon-padding', g, feature, 2) * scene.ratio;
    const d = tile.data, size = WORLD / 2 ** d.z;
    const rule: AnchorRule = {
        labelLength: 0, spacing, textSize: style ? style.size : 0,
        maxAngle: propertyValue(layer, 'text-max-angle', g, feature, 45) * Math.PI / 180,
        overscaling: 2 ** Math.max(0, Math.floor(g.zoom) - d.z), continued: false
    };
    if (style) rule.labelLength = labeler.textWidth(text, style.font);
    else if (pic) rule.labelLength = Math.max(pic.width, pic.height);
    let any = false;
    for (let p = d.partStart[f]; p < d.partStart[f + 1]; p++) {
        const n = labeler.projectLine(scene, tile, p);
        if (n < 2) continue;
        const c = d.coordStart[p], x0 = d.x * size, y0 = d.y * size;
        rule.continued = d.xs[c] === x0 || d.xs[c] === x0 + size || d.ys[c] === y0 || d.ys[c] === y0 + size;
        const count = lineAnchors(labeler, n, rule, ANCHORS);
        for (let a = 0; a < count; a++) {
            labeler.pointAt(n, ANCHORS[a]);
            // Anchored only in the tile that owns the point, as MapLibre does.
            if (!tile.owns(labeler.worldX, labeler.worldY)) continue;
            if (style) {
                if (labeler.placeAlong(n, ANCHORS[a], text, style, 0)) any = true;
            } else if (pic && placeLineIcon(sc, layer, feature, pic, rotate, pad)) {
                any = true;
            }
        }
    }
    if (any) sc.placed?.push({layer: layer.id, text, icon: pic ? pic.name : ''});
    return any;
}


/** An icon along a line at the labeler's last point (pointAt), turned with the line. */
function placeLineIcon(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature, pic: {image: Canvas; width: number; height: number}, rotate: number, pad: number): boolean {
    const {scene, labeler, grid} = sc;
    const x = labeler.sx, y = labeler.sy;
    const r = Math.max(pic.width, pic.height) / 2 + pad;
    if (!grid.fits(x - r, y - r, x + r, y + r)) return false;
    grid.insert(x - r, y - r, x + r, y + r);
    const a = labeler.angle + rotate;
    const ctx = scene.ctx;
    ctx.globalAlpha = propertyValue(layer, 'icon-opacity', scene.globals, feature, 1);
    ctx.setTransform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), x, y);
    ctx.drawImage(pic.image, -pic.width / 2, -pic.height / 2, pic.width, pic.height);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    return x >= 0 && y >= 0 && x <= scene.camera.width && y <= scene.camera.height;
}
