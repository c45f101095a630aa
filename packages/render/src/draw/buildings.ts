// Extruded buildings: each building's visible walls and its roof, projected by the perspective
// camera and drawn back to front (painter's algorithm). A wall is visible when its projected quad
// turns the same way as the projected footprint; walls take one of two shades by orientation.
// Buildings cut by a tile's edge come in a piece per tile: walls along the cut are not drawn (as in
// MapLibre), so the pieces join without a seam. A flat camera sees every roof further from the centre
// than its footprint, so a building whose footprint lies outside the frame cannot show in it: a chunk
// of such buildings only is neither projected nor traced (the picture stays the same to the bit; a
// chunk with one building in the frame is drawn whole, as leaving buildings out of a path changes its
// anti-aliasing by a level or two).
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
    const shown: number[] = [];
    // The frame in world units, with 2 device pixels for anti-aliasing; with a pitched camera, everything in view.
    const frame = camera.pitch === 0 ? camera.viewBox(2 * scene.ratio) : null;
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
            const b = tile.box;
            shown.push(!frame || (b[4 * f] <= frame[2] && b[4 * f + 2] >= frame[0] && b[4 * f + 1] <= frame[3] && b[4 * f + 3] >= frame[1]) ? 1 : 0);
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
    // small chunks make rare. Each chunk's corners are projected once, at the foot and at the top.
    for (let k0 = 0; k0 < n; k0 += CHUNK) {
        const k1 = Math.min(n, k0 + CHUNK);
        let visible = false;
        for (let k = k0; k < k1 && !visible; k++) visible = shown[order[k]] === 1;
        if (!visible) continue;
        projectChunk(scene, tiles, feats, tops, bottoms, order, k0, k1);
        for (let shade = 0; shade < 2; shade++) {
            scene.path.clear();
            let any = false;
            for (let k = k0; k < k1; k++) {
                const i = order[k];
                any = traceWalls(scene, tiles[i], feats[i], shade, tops[i] - bottoms[i], CORNERS.start[k - k0]) || any;
            }
            if (any) {
                ctx.fillStyle = shade === 0 ? look.extrusion.wall : look.extrusion.shade;
                ctx.fill(scene.path.take(), 'nonzero');
            }
        }
        scene.path.clear();
        for (let k = k0; k < k1; k++) {
            const i = order[k];
            traceRoof(scene, tiles[i], feats[i], CORNERS.start[k - k0]);
        }
        ctx.fillStyle = roof;
        ctx.fill(scene.path.take(), 'nonzero');
    }
    ctx.globalAlpha = 1;
}

/** The corners of a chunk's buildings projected at their foot (bx, by) and top (tx, ty), device pixels; start: each building's first. */
const CORNERS = {bx: new Float64Array(1024), by: new Float64Array(1024), tx: new Float64Array(1024), ty: new Float64Array(1024), start: new Int32Array(CHUNK)};

function projectChunk(scene: TileScene, tiles: SceneTile[], feats: number[], tops: number[], bottoms: number[], order: Uint32Array, k0: number, k1: number): void {
    const camera = scene.camera;
    let n = 0;
    for (let k = k0; k < k1; k++) {
        const i = order[k], d = tiles[i].data, f = feats[i];
        const c0 = d.coordStart[d.partStart[f]], c1 = d.coordStart[d.partStart[f + 1]];
        if (n + c1 - c0 > CORNERS.bx.length) {
            const size = 2 * (n + c1 - c0);
            for (const key of ['bx', 'by', 'tx', 'ty'] as const) {
                const next = new Float64Array(size);
                next.set(CORNERS[key].subarray(0, n));
                CORNERS[key] = next;
            }
        }
        CORNERS.start[k - k0] = n;
        for (let c = c0; c < c1; c++, n++) {
            camera.project(d.xs[c], d.ys[c], bottoms[i]);
            CORNERS.bx[n] = camera.sx;
            CORNERS.by[n] = camera.sy;
            camera.project(d.xs[c], d.ys[c], tops[i]);
            CORNERS.tx[n] = camera.sx;
            CORNERS.ty[n] = camera.sy;
        }
    }
}

/** Whether a wall from a to b runs along the tile's buffered edge (a cut, not a real wall). */
function onCut(tile: SceneTile, ax: number, ay: number, bx: number, by: number): boolean {
    const d = tile.data, size = WORLD / 2 ** d.z, pad = TILE_BUFFER * size / 4096;
    const x0 = d.x * size - pad, x1 = (d.x + 1) * size + pad, y0 = d.y * size - pad, y1 = (d.y + 1) * size + pad;
    const tol = size / 4096;
    const near = (v: number, e: number) => Math.abs(v - e) <= tol;
    return (ax === bx && (near(ax, x0) || near(ax, x1))) || (ay === by && (near(ay, y0) || near(ay, y1)));
}

/** Adds the visible walls of one shade (0: east-west, lit; 1: north-south, shaded); returns whether any. `at`: the building's first corner in CORNERS. */
function traceWalls(scene: TileScene, tile: SceneTile, f: number, shade: number, height: number, at: number): boolean {
    const path = scene.path;
    const d = tile.data, xs = d.xs, ys = d.ys;
    const {bx, by, tx, ty} = CORNERS;
    // Far away a wall is a sliver (under 3/4 of a CSS pixel): not worth its four corners.
    const sliver = 0.75 * scene.ratio;
    const first = d.coordStart[d.partStart[f]];
    if (Math.abs(ty[at] - by[at]) < sliver && Math.abs(height) * 0.02 < sliver) return false;
    let any = false;
    for (let p = d.partStart[f], p1 = d.partStart[f + 1]; p < p1; p++) {
        const c0 = d.coordStart[p], c1 = d.coordStart[p + 1];
        const j0 = at + c0 - first, j1 = at + c1 - first;
        // Orientation of this projected ring (courtyards turn the other way).
        const turn = Math.sign(ringArea(bx, by, j0, j1));
        for (let a = c0; a < c1; a++) {
            const b = a + 1 < c1 ? a + 1 : c0;
            const ax = xs[a], ay = ys[a], ex = xs[b], ey = ys[b];
            if ((Math.abs(ex - ax) >= Math.abs(ey - ay) ? 0 : 1) !== shade) continue;
            if (onCut(tile, ax, ay, ex, ey)) continue;
            const ja = at + a - first, jb = at + b - first;
            const x0 = bx[ja], y0 = by[ja], x1 = bx[jb], y1 = by[jb], x2 = tx[jb], y2 = ty[jb], x3 = tx[ja], y3 = ty[ja];
            const quad = (x0 * y1 - x1 * y0) + (x1 * y2 - x2 * y1) + (x2 * y3 - x3 * y2) + (x3 * y0 - x0 * y3);
            if (Math.sign(quad) !== turn || Math.abs(quad) < 0.25 * scene.ratio * scene.ratio) continue;
            path.moveTo(x0, y0);
            path.lineTo(x1, y1);
            path.lineTo(x2, y2);
            path.lineTo(x3, y3);
            path.closePath();
            any = true;
        }
    }
    return any;
}

/** The roof: the building's corners at its top (CORNERS from `at`). */
function traceRoof(scene: TileScene, tile: SceneTile, f: number, at: number): void {
    const path = scene.path, d = tile.data;
    const first = d.coordStart[d.partStart[f]];
    for (let p = d.partStart[f], p1 = d.partStart[f + 1]; p < p1; p++) {
        const j0 = at + d.coordStart[p] - first, j1 = at + d.coordStart[p + 1] - first;
        // Corners within half a device pixel of the last one drawn add nothing: skipped (a shorter path to rasterize).
        let lx = CORNERS.tx[j0], ly = CORNERS.ty[j0];
        path.moveTo(lx, ly);
        for (let j = j0 + 1; j < j1; j++) {
            const x = CORNERS.tx[j], y = CORNERS.ty[j];
            if ((x - lx) * (x - lx) + (y - ly) * (y - ly) < 0.25) continue;
            path.lineTo(x, y);
            lx = x;
            ly = y;
        }
        path.closePath();
    }
}

/** Twice the signed area of the projected ring of points j0 to j1 - 1. */
function ringArea(xs: Float64Array, ys: Float64Array, j0: number, j1: number): number {
    let s = 0;
    for (let j = j0; j < j1; j++) {
        const k = j + 1 < j1 ? j + 1 : j0;
        s += xs[j] * ys[k] - xs[k] * ys[j];
    }
    return s;
}
