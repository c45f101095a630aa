// Symbols along lines (symbol-placement line: street and river names, one-way arrows) as MapLibre's
// symbol layout makes them, tile by tile in the scene's order: a tile's lines of the same text joined
// where one ends and the next starts (merge-lines.ts), each line cut to the tile's own square
// (clip-line.ts), anchored every symbol-spacing (line-anchors.ts), an anchor dropped when the same text
// has one within half the spacing in the tile (MapLibre's anchorIsTooClose), then placed through the
// collision grid: a text glyph by glyph along the line (taking its place as MapLibre's circles,
// line-circles.ts), or an icon turned with it (taking its box).
import {WORLD} from '@quartier/engine/internal';
import {clipLine} from '../labels/clip-line.js';
import {lineAnchors, type AnchorRule} from '../labels/line-anchors.js';
import {mergeLines, type MergedLine} from '../labels/merge-lines.js';
import {layerRange, type SceneTile} from '../scene/tile-scene.js';
import {isFeatureDependent, propertyValue, type StyleFeature, type StyleLayer} from '../style/map-style.js';
import {MAX_PER_LAYER, icon, iconBox, textOf, textStyle, type SymbolContext, type SymbolIcon} from './symbol-style.js';

/** MapLibre's text-size default and its glyphs' em (the scale of an icon alone along a line). */
const DEFAULT_TEXT_SIZE = 16, GLYPH_SIZE = 24;
/** Points of one line at most (longer ones are cut). */
const MAX_POINTS = 4096;
// Scratch: one line's points in world units, its pieces in the tile, and the anchors of a piece.
const LINE_X = new Float64Array(MAX_POINTS);
const LINE_Y = new Float64Array(MAX_POINTS);
const PIECES = {x: new Float64Array(MAX_POINTS), y: new Float64Array(MAX_POINTS), starts: [] as number[]};
const ANCHORS = new Float64Array(256);

/** Places a line layer's symbols; returns how many lines got one. */
export function drawLineSymbols(sc: SymbolContext, layer: StyleLayer): number {
    const {scene} = sc;
    const g = scene.globals;
    const sorted = layer.layout.has('symbol-sort-key');
    let placed = 0;
    for (const tile of scene.symbolTiles) {
        const [start, end] = layerRange(tile, layer.sourceLayer);
        const d = tile.data;
        // A line out of view that meets no other line can be neither placed nor merged: left out before
        // its filter and text are read.
        const ends = new Map<number, number>();
        for (let f = start; f < end; f++) {
            if (d.featureType[f] !== 2) continue;
            for (const c of firstPartEnds(tile, f)) ends.set(pointKey(tile, c), (ends.get(pointKey(tile, c)) ?? 0) + 1);
        }
        const merges = layer.layout.has('text-field');
        const feats: number[] = [], texts: string[] = [];
        for (let f = start; f < end; f++) {
            if (d.featureType[f] !== 2) continue;
            if (!scene.inView(tile, f, true)) {
                const [a, b] = firstPartEnds(tile, f);
                if (!merges || (ends.get(pointKey(tile, a))! < 2 && ends.get(pointKey(tile, b))! < 2)) continue;
            }
            if (!tile.passes(layer, f, g)) continue;
            feats.push(f);
            texts.push(textOf(layer, sc, tile.feature(f)));
        }
        if (feats.length === 0) continue;
        const textOfFeature = new Map<number, string>();
        for (let i = 0; i < feats.length; i++) textOfFeature.set(feats[i], texts[i]);
        const lines = mergeLines(d, feats, texts);
        // MapLibre sorts a tile's merged lines by symbol-sort-key (a stable sort).
        if (sorted) {
            const key = (line: MergedLine) => Number(propertyValue<number>(layer, 'symbol-sort-key', g, tile.feature(line.feature), 0)) || 0;
            const keys = new Map(lines.map((line) => [line, key(line)]));
            lines.sort((a, b) => keys.get(a)! - keys.get(b)!);
        }
        // Anchors of each text in this tile, to drop one too close to another of the same text.
        const anchors = new Map<string, number[]>();
        for (const line of lines) {
            if (placed >= MAX_PER_LAYER) return placed;
            if (!lineInView(sc, tile, line)) continue;
            if (placeLine(sc, layer, tile, line, textOfFeature.get(line.feature)!, anchors)) placed++;
        }
    }
    return placed;
}

/** The first and last coordinates of a feature's first part. */
function firstPartEnds(tile: SceneTile, f: number): [number, number] {
    const d = tile.data, p = d.partStart[f];
    return [d.coordStart[p], d.coordStart[p + 1] - 1];
}

/** A number naming coordinate c of a tile's point (two points may share one at low zooms: then a text is read that was not needed, no more). */
function pointKey(tile: SceneTile, c: number): number {
    const d = tile.data, size = WORLD / 2 ** d.z;
    return (d.xs[c] - d.x * size + 2 ** 20) * 2 ** 21 + (d.ys[c] - d.y * size + 2 ** 20);
}

/** Whether any feature of a merged line reaches the symbols' view. */
function lineInView(sc: SymbolContext, tile: SceneTile, line: MergedLine): boolean {
    if (sc.scene.inView(tile, line.feature, true)) return true;
    const d = tile.data;
    for (const p of line.parts) {
        // The feature holding part p: parts are numbered in feature order.
        let lo = 0, hi = d.partStart.length - 2;
        while (lo < hi) {
            const m = (lo + hi + 1) >> 1;
            if (d.partStart[m] <= p) lo = m;
            else hi = m - 1;
        }
        if (sc.scene.inView(tile, lo, true)) return true;
    }
    return false;
}

/** Copies a line's points to LINE_X, LINE_Y: the joined first parts (k < 0) or the feature's part k + 1; returns the count. */
function linePoints(tile: SceneTile, line: MergedLine, k: number): number {
    const d = tile.data;
    let n = 0;
    const parts = k < 0 ? line.parts : [d.partStart[line.feature] + 1 + k];
    for (let i = 0; i < parts.length; i++) {
        // Each joined part starts where the last ended: its first point is not repeated.
        for (let c = d.coordStart[parts[i]] + (i > 0 ? 1 : 0), end = d.coordStart[parts[i] + 1]; c < end && n < MAX_POINTS; c++, n++) {
            LINE_X[n] = d.xs[c];
            LINE_Y[n] = d.ys[c];
        }
    }
    return n;
}

function placeLine(sc: SymbolContext, layer: StyleLayer, tile: SceneTile, line: MergedLine, text: string, anchors: Map<string, number[]>): boolean {
    const {scene, labeler} = sc;
    const g = scene.globals;
    const feature = tile.feature(line.feature);
    const spacing = propertyValue(layer, 'symbol-spacing', g, feature, 250) * scene.ratio;
    const pic = text ? null : icon(sc, layer, feature);
    if (!text && !pic) return false;
    const style = text ? textStyle(layer, sc, feature) : null;
    const rotate = propertyValue(layer, 'icon-rotate', g, feature, 0) * Math.PI / 180;
    const d = tile.data, size = WORLD / 2 ** d.z;
    const x0 = d.x * size, y0 = d.y * size;
    const square: [number, number, number, number] = [x0, y0, x0 + size, y0 + size];
    const rule: AnchorRule = {
        labelLength: 0, spacing, textSize: 0, checkAngle: style !== null,
        maxAngle: propertyValue(layer, 'text-max-angle', g, feature, 45) * Math.PI / 180,
        overscaling: 2 ** Math.max(0, Math.floor(g.zoom) - d.z), continued: false
    };
    if (style) {
        // MapLibre anchors a text by its size at zoom 18 (textMaxSize: the label's length, the offset, the angle window).
        const maxSize = textMaxSize(layer, feature) * scene.ratio;
        rule.labelLength = labeler.textWidth(text, style) * maxSize / style.size;
        rule.textSize = maxSize;
    } else if (pic) {
        // An icon alone is measured as MapLibre's getAnchors does: its display width scaled by the
        // default text size's box scale (16 of 24), the first anchor offset by 2 em of that size.
        rule.textSize = DEFAULT_TEXT_SIZE * scene.ratio;
        rule.labelLength = pic.unitWidth * DEFAULT_TEXT_SIZE / GLYPH_SIZE;
    }
    let any = false;
    const otherParts = d.partStart[line.feature + 1] - d.partStart[line.feature] - 1;
    for (let k = -1; k < otherParts; k++) {
        const n = linePoints(tile, line, k);
        const pieces = clipLine(LINE_X, LINE_Y, 0, n, square, PIECES);
        for (let q = 0; q < pieces; q++) {
            const s = PIECES.starts[q], e = PIECES.starts[q + 1];
            const m = labeler.projectLine(scene, PIECES.x, PIECES.y, s, e);
            if (m < 2) continue;
            const fx = PIECES.x[s], fy = PIECES.y[s];
            rule.continued = fx === square[0] || fx === square[2] || fy === square[1] || fy === square[3];
            const count = lineAnchors(labeler, m, rule, ANCHORS);
            for (let a = 0; a < count; a++) {
                labeler.pointAt(m, ANCHORS[a]);
                if (!tile.owns(labeler.worldX, labeler.worldY)) continue;
                if (style) {
                    if (tooClose(anchors, text, labeler.sx, labeler.sy, spacing / 2)) continue;
                    if (labeler.placeAlong(m, ANCHORS[a], text, style)) any = true;
                } else if (pic && placeLineIcon(sc, layer, feature, pic, rotate)) {
                    any = true;
                }
            }
        }
    }
    if (any) sc.placed?.push({layer: layer.id, text, icon: pic ? pic.name : ''});
    return any;
}

/** The zoom whose text size MapLibre anchors line labels by (symbol_layout.ts: textMaxSize). */
const MAX_SIZE_ZOOM = {zoom: 18};
const MAX_SIZES = new WeakMap<StyleLayer, number>();

/** text-size at zoom 18, CSS pixels (kept per layer when it reads no feature). */
function textMaxSize(layer: StyleLayer, feature: StyleFeature): number {
    const known = MAX_SIZES.get(layer);
    if (known !== undefined) return known;
    const e = layer.layout.get('text-size');
    const size = e ? Number((e as {evaluate(g: unknown, f?: unknown): unknown}).evaluate(MAX_SIZE_ZOOM, feature)) || 16 : 16;
    if (!isFeatureDependent(layer, 'text-size')) MAX_SIZES.set(layer, size);
    return size;
}

/** MapLibre's anchorIsTooClose: whether the text has an anchor in this tile within `distance`; if not, this one is remembered. */
function tooClose(anchors: Map<string, number[]>, text: string, x: number, y: number, distance: number): boolean {
    let at = anchors.get(text);
    if (!at) {
        at = [];
        anchors.set(text, at);
    }
    for (let i = at.length - 2; i >= 0; i -= 2) {
        const dx = at[i] - x, dy = at[i + 1] - y;
        if (dx * dx + dy * dy < distance * distance) return true;
    }
    at.push(x, y);
    return false;
}

/**
 * An icon along a line at the labeler's last point (pointAt), turned with the line. Its collision box
 * is MapLibre's: the icon's box at the layout size with icon-padding, turned by icon-rotate only.
 */
function placeLineIcon(sc: SymbolContext, layer: StyleLayer, feature: StyleFeature, pic: SymbolIcon, rotate: number): boolean {
    const {scene, labeler, grid} = sc;
    const x = labeler.sx, y = labeler.sy;
    const box = iconBox(sc, layer, feature, pic, x, y, rotate);
    if (!grid.fits(box[0], box[1], box[2], box[3])) return false;
    grid.insert(box[0], box[1], box[2], box[3]);
    const a = labeler.angle + rotate;
    const ctx = scene.ctx;
    ctx.globalAlpha = propertyValue(layer, 'icon-opacity', scene.globals, feature, 1);
    ctx.setTransform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), x, y);
    ctx.drawImage(pic.image, -pic.width / 2, -pic.height / 2, pic.width, pic.height);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    return x >= 0 && y >= 0 && x <= scene.camera.width && y <= scene.camera.height;
}
