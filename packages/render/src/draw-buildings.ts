// Extruded buildings: each building's visible walls and its roof, projected by the perspective
// camera and drawn back to front (painter's algorithm). A wall is visible when its projected quad
// turns the same way as the projected footprint; walls take one of two shades by orientation.
import {KINDS} from '@quartier/engine/internal';
import type {Scene} from './scene.js';
import {sortByKey} from './sort.js';
import type {CompiledLayer, StyleSpec} from './style.js';

const BUILDING = KINDS.indexOf('building');

export function drawExtrusions(scene: Scene, layer: CompiledLayer, style: StyleSpec): void {
    const {ctx, ids, kindStart, band, camera} = scene;
    const ext = style.extrusion;
    const start = kindStart[BUILDING], end = kindStart[BUILDING + 1];
    // Back to front: sort by distance from the camera, farthest first.
    const order = new Uint32Array(end - start);
    const depth = new Float64Array(end - start);
    let n = 0;
    for (let i = start; i < end; i++) {
        const f = ids[i];
        if (!scene.matches(layer, f)) continue;
        const c = band.coordStart[band.partStart[f]];
        // Behind a pitched camera's near limit: far below the image, left out.
        if (band.y[c] > camera.nearY) continue;
        order[n] = f;
        // Negated: ascending keys put the farthest first.
        depth[n++] = -camera.depthOf(band.x[c], band.y[c]);
    }
    sortByKey(order, depth, 0, n - 1);
    ctx.globalAlpha = ext.opacity ?? 1;
    ctx.lineJoin = 'miter';
    // Buildings go in chunks of neighbours in depth: walls of the chunk, then its roofs. One path per
    // colour and chunk keeps the draw calls few; within a chunk a roof may cover a nearer wall, which
    // small chunks make rare.
    for (let k0 = 0; k0 < n; k0 += CHUNK) {
        const k1 = Math.min(n, k0 + CHUNK);
        for (let shade = 0; shade < 2; shade++) {
            ctx.beginPath();
            let any = false;
            for (let k = k0; k < k1; k++) any = traceWalls(scene, order[k], shade, ext.defaultHeight) || any;
            if (any) {
                ctx.fillStyle = shade === 0 ? ext.wall : ext.shade;
                ctx.fill('nonzero');
            }
        }
        ctx.beginPath();
        for (let k = k0; k < k1; k++) traceRoof(scene, order[k], ext.defaultHeight);
        ctx.fillStyle = ext.roof;
        ctx.fill('nonzero');
        if (layer.spec.outline) {
            ctx.strokeStyle = layer.spec.outline;
            ctx.lineWidth = 1;
            ctx.stroke();
        }
    }
    ctx.globalAlpha = 1;
}

const CHUNK = 12;

/** Roof height of a building in device pixels. */
function topOf(scene: Scene, f: number, defaultHeight: number): number {
    return (scene.band.height[f] ? scene.band.height[f] / 10 : defaultHeight) * scene.camera.pxPerMeter;
}

/** Adds the visible walls of one shade (0: east-west, lit; 1: north-south, shaded); returns whether any. */
function traceWalls(scene: Scene, f: number, shade: number, defaultHeight: number): boolean {
    const {ctx, band, camera} = scene;
    const top = topOf(scene, f, defaultHeight), bottom = band.minHeight[f] / 10 * camera.pxPerMeter;
    // Far away a wall is a sliver: not worth its four corners.
    const c = band.coordStart[band.partStart[f]];
    camera.project(band.x[c], band.y[c], bottom);
    const y0 = camera.sy;
    camera.project(band.x[c], band.y[c], top);
    if (Math.abs(camera.sy - y0) < 1.5 && Math.abs(top - bottom) * 0.02 < 1.5) return false;
    let any = false;
    for (let p = band.partStart[f], p1 = band.partStart[f + 1]; p < p1; p++) {
        const c0 = band.coordStart[p], c1 = band.coordStart[p + 1];
        // Orientation of this projected ring (courtyards turn the other way).
        const turn = Math.sign(projectedArea(scene, c0, c1));
        for (let c = c0; c < c1 - 1; c++) {
            const ax = band.x[c], ay = band.y[c], bx = band.x[c + 1], by = band.y[c + 1];
            if ((Math.abs(bx - ax) >= Math.abs(by - ay) ? 0 : 1) !== shade) continue;
            camera.project(ax, ay, bottom);
            const x0 = camera.sx, y0 = camera.sy;
            camera.project(bx, by, bottom);
            const x1 = camera.sx, y1 = camera.sy;
            camera.project(bx, by, top);
            const x2 = camera.sx, y2 = camera.sy;
            camera.project(ax, ay, top);
            const x3 = camera.sx, y3 = camera.sy;
            const quad = (x0 * y1 - x1 * y0) + (x1 * y2 - x2 * y1) + (x2 * y3 - x3 * y2) + (x3 * y0 - x0 * y3);
            if (Math.sign(quad) !== turn || Math.abs(quad) < 1) continue;
            ctx.moveTo(x0, y0);
            ctx.lineTo(x1, y1);
            ctx.lineTo(x2, y2);
            ctx.lineTo(x3, y3);
            ctx.closePath();
            any = true;
        }
    }
    return any;
}

function traceRoof(scene: Scene, f: number, defaultHeight: number): void {
    const {ctx, band, camera} = scene;
    const top = topOf(scene, f, defaultHeight);
    for (let p = band.partStart[f], p1 = band.partStart[f + 1]; p < p1; p++) {
        const c0 = band.coordStart[p], c1 = band.coordStart[p + 1];
        for (let c = c0; c < c1; c++) {
            camera.project(band.x[c], band.y[c], top);
            if (c === c0) ctx.moveTo(camera.sx, camera.sy);
            else ctx.lineTo(camera.sx, camera.sy);
        }
        ctx.closePath();
    }
}

function projectedArea(scene: Scene, c0: number, c1: number): number {
    const {band, camera} = scene;
    let s = 0, px = 0, py = 0;
    for (let c = c0; c < c1; c++) {
        camera.project(band.x[c], band.y[c], 0);
        if (c > c0) s += px * camera.sy - camera.sx * py;
        px = camera.sx;
        py = camera.sy;
    }
    return s;
}
