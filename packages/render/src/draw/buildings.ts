// Extruded buildings: each building's visible walls and its roof, projected by the perspective
// camera and drawn back to front (painter's algorithm). A wall is visible when its projected quad
// turns the same way as the projected footprint; walls take one of two shades by orientation.
// Buildings cut by a tile's edge come in a piece per tile: walls along the cut are not drawn (as in
// MapLibre), so the pieces join without a seam.
import {TILE_BUFFER, WORLD} from '@quartier/engine/internal';
import {cssColor, propertyValue, type ImageLook, type StyleLayer} from '../style/map-style.js';
import {sortByKey} from '../labels/sort.js';
import {layerRange, type SceneTile, type TileScene} from '../scene/tile-scene.js';

const CHUNK = 12;

/** A fill-extrusion layer, or (threeDMode) a building fill layer drawn as one with the style's extrusion look. */
export function drawExtrusions(scene: TileScene, layer: StyleLayer, look: ImageLook): void {
    const {ctx, camera, globals} = scene;
    const extrusion = layer.type === 'fill-extrusion';
    const tiles: SceneTile[] = [], feats: number[] = [], tops: number[] = [], bottoms: number[] = [];
    const depth: number[] = [];
    for (const tile of scene.tiles) {
        const [start, end] = layerRange(tile, layer.sourceLayer);
        const d = tile.data;
        for (let f = start; f < end; f++) {
            if (d.featureType[f] !== 3 || !scene.inView(tile, f) || !tile.passes(layer, f, globals)) continue;
            const c = d.coordStart[d.partStart[f]];
            // Behind a pitched camera's near limit: far below the image, left out.
            if (d.ys[c] > camera.nearY) continue;
            let top: number, bottom: number;
            if (extrusion) {
                const feature = tile.feature(f);
                top = propertyValue(layer, 'fill-extrusion-height', globals, feature, look.extrusion.defaultHeight);
                bottom = propertyValue(layer, 'fill-extrusion-base', globals, feature, 0);
            } else {
                const h = d.get(f, 'render_height'), b = d.get(f, 'render_min_height');
                top = typeof h === 'number' && h > 0 ? h : look.extrusion.defaultHeight;
                bottom = typeof b === 'number' ? b : 0;
            }
            tiles.push(tile);
            feats.push(f);
            tops.push(top * camera.pxPerMeter);
            bottoms.push(bottom * camera.pxPerMeter);
            // Negated: ascending keys put the farthest first.
            depth.push(-camera.depthOf(d.xs[c], d.ys[c]));
        }
    }
    const n = feats.length;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    sortByKey(order, Float64Array.from(depth), 0, n - 1);
    const roof = extrusion ? cssColor(propertyValue(layer, 'fill-extrusion-color', globals, undefined, null), look.extrusion.roof) : look.extrusion.roof;
    ctx.globalAlpha = extrusion ? propertyValue(layer, 'fill-extrusion-opacity', globals, undefined, 1) : look.extrusion.opacity ?? 1;
    ctx.lineJoin = 'miter';
    // Buildings go in chunks of neighbours in depth: walls of the chunk, then its roofs. One path per
    // colour and chunk keeps the draw calls few; within a chunk a roof may cover a nearer wall, which
    // small chunks make rare.
    for (let k0 = 0; k0 < n; k0 += CHUNK) {
        const k1 = Math.min(n, k0 + CHUNK);
        for (let shade = 0; shade < 2; shade++) {
            ctx.beginPath();
            let any = false;
            for (let k = k0; k < k1; k++) {
                const i = order[k];
                any = traceWalls(scene, tiles[i], feats[i], shade, tops[i], bottoms[i]) || any;
            }
            if (any) {
                ctx.fillStyle = shade === 0 ? look.extrusion.wall : look.extrusion.shade;
                ctx.fill('nonzero');
            }
        }
        ctx.beginPath();
        for (let k = k0; k < k1; k++) {
            const i = order[k];
            traceRoof(scene, tiles[i], feats[i], tops[i]);
        }
        ctx.fillStyle = roof;
        ctx.fill('nonzero');
    }
    ctx.globalAlpha = 1;
}

/** Whether a wall from a to b runs along the tile's buffered edge (a cut, not a real wall). */
function onCut(tile: SceneTile, ax: number, ay: number, bx: number, by: number): boolean {
    const d = tile.data, size = WORLD / 2 ** d.z, pad = TILE_BUFFER * size / 4096;
    const x0 = d.x * size - pad, x1 = (d.x + 1) * size + pad, y0 = d.y * size - pad, y1 = (d.y + 1) * size + pad;
    const tol = size / 4096;
    const near = (v: number, e: number) => Math.abs(v - e) <= tol;
    return (ax === bx && (near(ax, x0) || near(ax, x1))) || (ay === by && (near(ay, y0) || near(ay, y1)));
}

/** Adds the visible walls of one shade (0: east-west, lit; 1: north-south, shaded); returns whether any. */
function traceWalls(scene: TileScene, tile: SceneTile, f: number, shade: number, top: number, bottom: number): boolean {
    const {ctx, camera} = scene;
    const d = tile.data, xs = d.xs, ys = d.ys;
    // Far away a wall is a sliver: not worth its four corners.
    const c = d.coordStart[d.partStart[f]];
    camera.project(xs[c], ys[c], bottom);
    const y0 = camera.sy;
    camera.project(xs[c], ys[c], top);
    if (Math.abs(camera.sy - y0) < 1.5 && Math.abs(top - bottom) * 0.02 < 1.5) return false;
    let any = false;
    for (let p = d.partStart[f], p1 = d.partStart[f + 1]; p < p1; p++) {
        const c0 = d.coordStart[p], c1 = d.coordStart[p + 1];
        // Orientation of this projected ring (courtyards turn the other way).
        const turn = Math.sign(projectedArea(scene, tile, c0, c1));
        for (let a = c0; a < c1; a++) {
            const b = a + 1 < c1 ? a + 1 : c0;
            const ax = xs[a], ay = ys[a], bx = xs[b], by = ys[b];
            if ((Math.abs(bx - ax) >= Math.abs(by - ay) ? 0 : 1) !== shade) continue;
            if (onCut(tile, ax, ay, bx, by)) continue;
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

function traceRoof(scene: TileScene, tile: SceneTile, f: number, top: number): void {
    const {ctx, camera} = scene;
    const d = tile.data;
    for (let p = d.partStart[f], p1 = d.partStart[f + 1]; p < p1; p++) {
        const c0 = d.coordStart[p], c1 = d.coordStart[p + 1];
        for (let c = c0; c < c1; c++) {
            camera.project(d.xs[c], d.ys[c], top);
            if (c === c0) ctx.moveTo(camera.sx, camera.sy);
            else ctx.lineTo(camera.sx, camera.sy);
        }
        ctx.closePath();
    }
}

function projectedArea(scene: TileScene, tile: SceneTile, c0: number, c1: number): number {
    const camera = scene.camera, d = tile.data;
    let s = 0, px = 0, py = 0, fx = 0, fy = 0;
    for (let c = c0; c < c1; c++) {
        camera.project(d.xs[c], d.ys[c], 0);
        if (c > c0) s += px * camera.sy - camera.sx * py;
        else {
            fx = camera.sx;
            fy = camera.sy;
        }
        px = camera.sx;
        py = camera.sy;
    }
    return s + (px * fy - fx * py);
}
