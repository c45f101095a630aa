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
import {MAX_PER_LAYER, icon, textOf, textStyle, type SymbolContext} from './symbol-style.js';
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
