// Symbol layers: texts and icons of the style's symbol layers, placed through one collision grid so
// that nothing overlaps, in MapLibre's order: the layer highest in the style first (render.ts walks
// them top down); within a layer, by symbol-sort-key when the layer has one, else tile by tile
// (west to east, north to south in a column) in the tile's feature order. Placement `line` (names
// along streets and rivers, one-way arrows) is line-symbols.ts's; `point` puts an icon with its text below it, or a text alone, at the feature's point. Symbols up to
// the grid's margin beyond the frame take their place as in MapLibre; only what lies wholly inside
// the frame is drawn (icons may be cut by the edge).
import {propertyValue, type StyleFeature, type StyleLayer} from '../style/map-style.js';
import {sortByKey} from '../labels/sort.js';
import {layerRange, type SceneTile} from '../scene/tile-scene.js';
import {MAX_PER_LAYER, icon, iconBox, textOf, textStyle, type SymbolContext} from './symbol-style.js';
import {LINE_HEIGHT, type TextStyle} from '../labels/labels.js';
import {drawLineSymbols} from './line-symbols.js';

export type {PlacedSymbol, SymbolContext} from './symbol-style.js';

/** Places a symbol layer's symbols; returns how many were placed. */
export function drawSymbols(sc: SymbolContext, layer: StyleLayer): number {
    const {scene} = sc;
    const g = scene.globals;
    const placement = propertyValue<string>(layer, 'symbol-placement', g, undefined, 'point');
    if (placement === 'line') return drawLineSymbols(sc, layer);
    const tiles: SceneTile[] = [], feats: number[] = [], keys: number[] = [];
    const sorted = layer.layout.has('symbol-sort-key');
    for (const tile of scene.symbolTiles) {
        const [start, end] = layerRange(tile, layer.sourceLayer);
        const d = tile.data;
        for (let f = start; f < end; f++) {
            const type = d.featureType[f];
            if (type !== 1) continue;
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
        if (placePoint(sc, layer, tiles[i], feats[i], feature)) placed++;
    }
    return placed;
}

function placePoint(sc: SymbolContext, layer: StyleLayer, tile: SceneTile, f: number, feature: StyleFeature): boolean {
    const {scene, labeler, grid} = sc;
    const d = tile.data, camera = scene.camera;
    const c = d.coordStart[d.partStart[f]];
    if (!tile.owns(d.xs[c], d.ys[c])) return false;
    if (d.ys[c] > camera.nearY || camera.project(d.xs[c], d.ys[c], 0) === 0) return false;
    const x = camera.sx, y = camera.sy;
    const g = scene.globals;
    const pic = icon(sc, layer, feature);
    const label = textOf(layer, sc, feature);
    let text = label;
    if (!pic && !text) return false;
    // MapLibre tests the text's box and the icon's before placing either (placement.ts, placeSymbol).
    const box = pic ? iconBox(sc, layer, feature, pic, x, y, propertyValue(layer, 'icon-rotate', g, feature, 0) * Math.PI / 180) : null;
    const iconFits = box !== null && grid.fits(box[0], box[1], box[2], box[3]);
    // Both are needed unless one is optional (a POI's name is: the icon then stands alone).
    const textOptional = propertyValue(layer, 'text-optional', g, feature, false);
    const iconOptional = propertyValue(layer, 'icon-optional', g, feature, false);
    // A needed icon that does not fit: nothing is placed, the text need not be laid out.
    if (pic && !iconFits && !iconOptional) return false;
    const style = textStyle(layer, sc, feature);
    if (text) {
        const maxWidth = propertyValue(layer, 'text-max-width', g, feature, 10) * style.size;
        text = sc.labeler.wrap(text, style, maxWidth);
    }
    const shape = text ? textShape(sc, layer, feature, text, style, x, y) : null;
    const textFits = shape !== null && grid.fits(shape.box[0], shape.box[1], shape.box[2], shape.box[3]);
    let placeText = textFits, placeIcon = iconFits;
    if (pic && text && !textOptional && !iconOptional) placeText = placeIcon = textFits && iconFits;
    else if (pic && text && !iconOptional) placeText = iconFits && textFits;
    else if (pic && text && !textOptional) placeIcon = iconFits && textFits;
    if (!placeText && !placeIcon) return false;
    let textDrawn = false;
    if (placeText && shape) {
        grid.insert(shape.box[0], shape.box[1], shape.box[2], shape.box[3]);
        textDrawn = labeler.drawAt(shape.x, shape.y, text, style, shape.box);
    }
    let iconShown = false;
    if (placeIcon && box && pic) {
        grid.insert(box[0], box[1], box[2], box[3]);
        scene.ctx.globalAlpha = propertyValue(layer, 'icon-opacity', g, feature, 1);
        scene.ctx.drawImage(pic.image, x - pic.width / 2, y - pic.height / 2, pic.width, pic.height);
        scene.ctx.globalAlpha = 1;
        iconShown = x >= 0 && y >= 0 && x <= camera.width && y <= camera.height;
    }
    if (textDrawn || iconShown) sc.placed?.push({layer: layer.id, text: textDrawn ? label : '', icon: iconShown ? pic!.name : ''});
    return true;
}

/** Horizontal and vertical alignment of a text-anchor (0 left or top, 1 right or bottom), as MapLibre's shaping. */
const ANCHORS: Record<string, [number, number]> = {
    'center': [0.5, 0.5], 'left': [0, 0.5], 'right': [1, 0.5], 'top': [0.5, 0], 'bottom': [0.5, 1],
    'top-left': [0, 0], 'top-right': [1, 0], 'bottom-left': [0, 1], 'bottom-right': [1, 1]
};

/**
 * Where a point's text is drawn (its centre, at the drawn size) and its collision box, as MapLibre
 * measures it: the shaping at the layout size (the next zoom's text-size), anchored and offset in ems
 * around the point, with text-padding.
 */
function textShape(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature, text: string, style: TextStyle, x: number, y: number): {x: number; y: number; box: number[]} {
    const g = sc.scene.globals;
    const offset = propertyValue<number[]>(layer, 'text-offset', g, feature, [0, 0]);
    const [h, v] = ANCHORS[propertyValue<string>(layer, 'text-anchor', g, feature, 'center')] ?? ANCHORS.center;
    const lines = text.split('\n').length;
    const width = sc.labeler.blockWidth(text, style);
    const at = (size: number) => {
        const w = width * size / style.size, height = lines * LINE_HEIGHT * size;
        const left = x + offset[0] * size - h * w, top = y + offset[1] * size - v * height;
        return [left, top, left + w, top + height];
    };
    const drawn = at(style.size), b = at(style.boxSize), pad = style.padding;
    return {x: (drawn[0] + drawn[2]) / 2, y: (drawn[1] + drawn[3]) / 2, box: [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad]};
}
