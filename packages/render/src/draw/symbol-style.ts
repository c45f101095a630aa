// What symbol layers share: the context of one image's placement, and a symbol's text, text style and
// icon as the style's properties give them for a feature.
import type {Canvas} from '@napi-rs/canvas';
import type {CollisionGrid} from '../labels/collision.js';
import {fontString} from '../assets/fonts.js';
import type {Labeler, TextStyle} from '../labels/labels.js';
import {cssColor, fontOf, isFeatureDependent, nextZoomValue, propertyValue, type ImageLook, type StyleFeature, type StyleLayer} from '../style/map-style.js';
import {spriteImage} from '../style/sprite.js';
import type {TileScene} from '../scene/tile-scene.js';

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

/** MapLibre's glyph size (its shaping's unit). */
const GLYPH_SIZE = 24;
/** At most this many symbols of one layer per image. */
export const MAX_PER_LAYER = 400;

export function textOf(layer: StyleLayer, sc: SymbolContext, feature: StyleFeature): string {
    const value = propertyValue<unknown>(layer, 'text-field', sc.scene.globals, feature, '');
    let text = value === null || value === undefined ? '' : String(value).trim();
    if (text && propertyValue<string>(layer, 'text-transform', sc.scene.globals, feature, 'none') === 'uppercase') text = text.toUpperCase();
    return text;
}

const TEXT_PROPS = ['text-size', 'text-font', 'text-color', 'text-halo-color', 'text-halo-width', 'text-padding'];
/** A layer's text style when none of its properties reads the feature (most layers), per zoom and ratio. */
const CONSTANT_TEXT = new WeakMap<StyleLayer, {zoom: number; ratio: number; style: TextStyle | null}>();

export function textStyle(layer: StyleLayer, sc: SymbolContext, feature: StyleFeature): TextStyle {
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
    const boxSize = nextZoomValue(layer, 'text-size', g, feature, 16) * ratio;
    const font = fontOf(propertyValue<unknown>(layer, 'text-font', g, feature, null), sc.look);
    return {
        font: fontString(font.family, font.weight, size),
        glyphFont: fontString(font.family, font.weight, GLYPH_SIZE),
        size,
        boxSize,
        color: cssColor(propertyValue(layer, 'text-color', g, feature, null), '#000000'),
        halo: cssColor(propertyValue(layer, 'text-halo-color', g, feature, null), 'rgba(0,0,0,0)'),
        haloWidth: propertyValue(layer, 'text-halo-width', g, feature, 0) * ratio,
        padding: propertyValue(layer, 'text-padding', g, feature, 2) * ratio
    };
}

/** A sprite icon as drawn: its size in device pixels, and the size of its collision box (MapLibre's, at the next zoom's icon-size). */
export interface SymbolIcon {
    name: string;
    image: Canvas;
    width: number;
    height: number;
    boxWidth: number;
    boxHeight: number;
    /** Width at icon-size 1 (MapLibre's display size, device pixels). */
    unitWidth: number;
}

/** An icon of the style's sprite at `scale` CSS pixels per sprite pixel, drawn sharp (device pixels). */
export function icon(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature): SymbolIcon | null {
    const g = sc.scene.globals, ratio = sc.scene.ratio;
    const name = propertyValue<unknown>(layer, 'icon-image', g, feature, null);
    if (name === null) return null;
    const key = typeof name === 'object' && name !== null && 'name' in name ? String((name as {name: string}).name) : String(name);
    if (!key) return null;
    // An icon-size that reads no feature: the layer's icons are the same for every feature of a name.
    let known = isFeatureDependent(layer, 'icon-size') ? undefined : ICONS.get(layer);
    if (known && (known.zoom !== g.zoom || known.ratio !== ratio || known.iconScale !== sc.iconScale)) known = undefined;
    const hit = known?.byName.get(key);
    if (hit !== undefined) return hit;
    const size = propertyValue(layer, 'icon-size', g, feature, 1);
    const scale = size * sc.iconScale * ratio;
    const image = spriteImage(key, Math.max(1, Math.min(4, Math.ceil(scale))));
    let out: SymbolIcon | null = null;
    if (image) {
        const k = scale / Math.max(1, Math.min(4, Math.ceil(scale)));
        const boxScale = nextZoomValue(layer, 'icon-size', g, feature, 1) * sc.iconScale * ratio / scale;
        const width = image.width * k, height = image.height * k;
        out = {name: key, image, width, height, boxWidth: width * boxScale, boxHeight: height * boxScale, unitWidth: width / size};
    }
    if (!isFeatureDependent(layer, 'icon-size')) {
        if (!known) {
            known = {zoom: g.zoom, ratio, iconScale: sc.iconScale, byName: new Map()};
            ICONS.set(layer, known);
        }
        known.byName.set(key, out);
    }
    return out;
}

/** Per layer whose icon-size reads no feature: its icons by name, for one zoom, ratio and icon scale. */
const ICONS = new WeakMap<StyleLayer, {zoom: number; ratio: number; iconScale: number; byName: Map<string, SymbolIcon | null>}>();

/**
 * An icon's collision box centred on (x, y), as MapLibre's CollisionFeature makes it: the icon at its
 * layout size, icon-padding around it (a number, or top, right, bottom, left), the corners turned by
 * icon-rotate (`rotate`, radians) and their bounding box taken.
 */
export function iconBox(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature, pic: SymbolIcon, x: number, y: number, rotate: number): number[] {
    const value = propertyValue<unknown>(layer, 'icon-padding', sc.scene.globals, feature, 2);
    const p = typeof value === 'number' ? [value, value, value, value] : (value as {values?: number[]})?.values ?? [2, 2, 2, 2];
    const r = sc.scene.ratio;
    const x1 = -pic.boxWidth / 2 - p[3] * r, x2 = pic.boxWidth / 2 + p[1] * r, y1 = -pic.boxHeight / 2 - p[0] * r, y2 = pic.boxHeight / 2 + p[2] * r;
    if (rotate === 0) return [x + x1, y + y1, x + x2, y + y2];
    const c = Math.cos(rotate), s = Math.sin(rotate);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [cx, cy] of [[x1, y1], [x2, y1], [x2, y2], [x1, y2]]) {
        const rx = cx * c - cy * s, ry = cx * s + cy * c;
        minX = Math.min(minX, rx);
        maxX = Math.max(maxX, rx);
        minY = Math.min(minY, ry);
        maxY = Math.max(maxY, ry);
    }
    return [x + minX, y + minY, x + maxX, y + maxY];
}
