// Fills and lines of one style layer: matching features in view are traced into shared paths and
// filled or stroked together. Rings are oriented at build time (holes turn the other way), so the
// non-zero rule fills overlapping features and cells as one. Skia rasterizes one path with
// thousands of contours slower than a few dozen smaller ones, so paths are flushed every CHUNK
// features (in Hilbert order, so each chunk stays compact on screen).
import type {SKRSContext2D} from '@napi-rs/canvas';
import {isAreaKind} from '@quartier/engine/internal';
import type {Scene} from './scene.js';
import {valueAt, type CompiledLayer} from './style.js';

const CHUNK = 32;

export function drawFill(scene: Scene, layer: CompiledLayer): void {
    const {ctx, ids, kindStart} = scene;
    const spec = layer.spec;
    ctx.globalAlpha = spec.opacity ?? 1;
    if (spec.color) ctx.fillStyle = spec.color;
    if (spec.outline) {
        ctx.strokeStyle = spec.outline;
        ctx.lineWidth = valueAt(spec.width, scene.zoom, spec.base ?? 1, 0.5) * scene.ratio;
        // Miter joins: outlines of a device pixel or so stroke several times faster than with round joins.
        ctx.lineJoin = 'miter';
    }
    let n = 0;
    ctx.beginPath();
    for (let i = kindStart[layer.kind], end = kindStart[layer.kind + 1]; i < end; i++) {
        const f = ids[i];
        if (!scene.matches(layer, f)) continue;
        scene.trace(f, true);
        if (++n === CHUNK) {
            paintFill(ctx, spec.color !== undefined, spec.outline !== undefined);
            ctx.beginPath();
            n = 0;
        }
    }
    if (n > 0) paintFill(ctx, spec.color !== undefined, spec.outline !== undefined);
    ctx.globalAlpha = 1;
}

function paintFill(ctx: SKRSContext2D, fill: boolean, outline: boolean): void {
    if (fill) ctx.fill('nonzero');
    if (outline) ctx.stroke();
}

export function drawLine(scene: Scene, layer: CompiledLayer): void {
    const {ctx, ids, kindStart} = scene;
    const spec = layer.spec;
    const width = valueAt(spec.width, scene.zoom, spec.base ?? 1, 1) * scene.ratio;
    if (width < 0.05 || !spec.color) return;
    const close = isAreaKind(layer.kind);
    ctx.globalAlpha = spec.opacity ?? 1;
    ctx.strokeStyle = spec.color;
    ctx.lineWidth = width;
    ctx.lineCap = spec.cap ?? 'round';
    ctx.lineJoin = 'round';
    if (spec.dash) ctx.setLineDash(spec.dash.map((d) => d * scene.ratio));
    let n = 0;
    ctx.beginPath();
    for (let i = kindStart[layer.kind], end = kindStart[layer.kind + 1]; i < end; i++) {
        const f = ids[i];
        if (!scene.matches(layer, f)) continue;
        scene.trace(f, close);
        if (++n === CHUNK) {
            ctx.stroke();
            ctx.beginPath();
            n = 0;
        }
    }
    if (n > 0) ctx.stroke();
    if (spec.dash) ctx.setLineDash([]);
    ctx.globalAlpha = 1;
}
