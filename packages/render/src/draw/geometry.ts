// Fill and line layers: the features of a tile that pass the layer's filter are traced into shared
// paths and filled or stroked together, tile by tile, each clipped to its own square (a tile's buffer
// overlaps its neighbours'). Skia rasterizes one path with thousands of contours slower than a few
// dozen smaller ones, so paths are flushed every CHUNK features. A feature-dependent colour or width
// (a data-driven property) flushes the path whenever it changes.
import {cssColor, isFeatureDependent, propertyValue, type StyleLayer} from '../style/map-style.js';
import {layerRange, type SceneTile, type TileScene} from '../scene/tile-scene.js';

const CHUNK = 32;

interface Paint {color: string; opacity: number; width: number; outline: string | null; dash: number[] | null}

/** Paint of a layer for one feature (or the layer's constant paint when f < 0). */
function paintOf(scene: TileScene, layer: StyleLayer, tile: SceneTile | null, f: number): Paint {
    const feature = tile && f >= 0 ? tile.feature(f) : undefined;
    const g = scene.globals;
    if (layer.type === 'fill') {
        const outline = propertyValue<unknown>(layer, 'fill-outline-color', g, feature, null);
        return {
            color: cssColor(propertyValue(layer, 'fill-color', g, feature, null)),
            opacity: propertyValue(layer, 'fill-opacity', g, feature, 1),
            width: 1, outline: outline === null ? null : cssColor(outline), dash: null
        };
    }
    const width = propertyValue(layer, 'line-width', g, feature, 1);
    const dash = propertyValue<number[] | null>(layer, 'line-dasharray', g, feature, null);
    return {
        color: cssColor(propertyValue(layer, 'line-color', g, feature, null)),
        opacity: propertyValue(layer, 'line-opacity', g, feature, 1),
        width,
        outline: null,
        // MapLibre measures dashes in line widths.
        dash: dash && dash.length ? dash.map((d) => d * Math.max(width, 1) * scene.ratio) : null
    };
}

const PAINT_PROPS = ['fill-color', 'fill-opacity', 'fill-outline-color', 'line-color', 'line-opacity', 'line-width', 'line-dasharray'];

export function drawBackground(scene: TileScene, layer: StyleLayer, width: number, height: number): void {
    const {ctx} = scene;
    ctx.globalAlpha = propertyValue(layer, 'background-opacity', scene.globals, undefined, 1);
    ctx.fillStyle = cssColor(propertyValue(layer, 'background-color', scene.globals, undefined, null), '#ffffff');
    ctx.fillRect(0, 0, width, height);
    ctx.globalAlpha = 1;
}

/** A fill or line layer. */
export function drawGeometry(scene: TileScene, layer: StyleLayer): void {
    const {ctx} = scene;
    const perFeature = PAINT_PROPS.some((p) => isFeatureDependent(layer, p));
    const constant = perFeature ? null : paintOf(scene, layer, null, -1);
    if (constant && !visible(layer, constant, scene.ratio)) return;
    const fill = layer.type === 'fill';
    if (!fill) {
        ctx.lineCap = propertyValue<'butt' | 'round' | 'square'>(layer, 'line-cap', scene.globals, undefined, 'butt');
        ctx.lineJoin = propertyValue<'miter' | 'round' | 'bevel'>(layer, 'line-join', scene.globals, undefined, 'miter');
    }
    for (const tile of scene.tiles) {
        const [start, end] = layerRange(tile, layer.sourceLayer);
        if (start === end) continue;
        let current: Paint | null = null;
        let n = 0;
        for (let f = start; f < end; f++) {
            const type = tile.data.featureType[f];
            if ((fill && type !== 3) || type === 1 || !scene.inView(tile, f) || !tile.passes(layer, f, scene.globals)) continue;
            const paint = constant ?? paintOf(scene, layer, tile, f);
            if (current !== paint && (current === null || !samePaint(current, paint))) {
                if (n > 0) flush(scene, fill, current!);
                else if (current === null) scene.clipTo(tile);
                if (!visible(layer, paint, scene.ratio)) {
                    current = null;
                    n = 0;
                    ctx.restore();
                    continue;
                }
                current = paint;
                apply(scene, fill, paint);
                scene.path.clear();
                n = 0;
            }
            scene.trace(tile, f, type === 3);
            if (++n === CHUNK) {
                flush(scene, fill, current);
                n = 0;
            }
        }
        if (current !== null) {
            if (n > 0) flush(scene, fill, current);
            ctx.restore();
        }
    }
    ctx.globalAlpha = 1;
}

function visible(layer: StyleLayer, paint: Paint, ratio: number): boolean {
    return paint.opacity > 0 && (layer.type === 'fill' || paint.width * ratio >= 0.05);
}

function samePaint(a: Paint, b: Paint): boolean {
    return a.color === b.color && a.opacity === b.opacity && a.width === b.width && a.outline === b.outline && String(a.dash) === String(b.dash);
}

function apply(scene: TileScene, fill: boolean, paint: Paint): void {
    const ctx = scene.ctx;
    ctx.globalAlpha = paint.opacity;
    if (fill) {
        ctx.fillStyle = paint.color;
        if (paint.outline) {
            ctx.strokeStyle = paint.outline;
            ctx.lineWidth = scene.ratio;
            // Miter joins: outlines of a device pixel or so stroke several times faster than with round joins.
            ctx.lineJoin = 'miter';
        }
    } else {
        ctx.strokeStyle = paint.color;
        ctx.lineWidth = paint.width * scene.ratio;
        ctx.setLineDash(paint.dash ?? []);
    }
}

/** Draws the features traced since the last flush. */
function flush(scene: TileScene, fill: boolean, paint: Paint): void {
    const ctx = scene.ctx, path = scene.path.take();
    if (fill) {
        ctx.fill(path, 'nonzero');
        if (paint.outline) ctx.stroke(path);
    } else {
        ctx.stroke(path);
    }
}
