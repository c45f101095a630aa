// What one image draws: the canvas, the camera, the zoom band and the ids of the features in view,
// grouped by kind (a counting sort), so each style layer walks only the features of its kind.
import type {SKRSContext2D} from '@napi-rs/canvas';
import {KINDS, type MapBand} from '@quartier/engine/internal';
import type {Camera} from './camera.js';
import type {CompiledLayer} from './style.js';

export class Scene {
    readonly ctx: SKRSContext2D;
    readonly camera: Camera;
    readonly band: MapBand;
    /** Style zoom (CSS pixels), e.g. 16. */
    readonly zoom: number;
    /** Device pixels per CSS pixel. */
    readonly ratio: number;
    /** Feature ids in view, grouped by kind: ids[kindStart[k] .. kindStart[k + 1]). */
    readonly ids: Uint32Array;
    readonly kindStart: Uint32Array;

    constructor(ctx: SKRSContext2D, camera: Camera, band: MapBand, zoom: number, ratio: number, found: number[]) {
        this.ctx = ctx;
        this.camera = camera;
        this.band = band;
        this.zoom = zoom;
        this.ratio = ratio;
        // Ascending ids keep the build's spatial (Hilbert) order within a kind.
        const sorted = Uint32Array.from(found).sort();
        const counts = new Uint32Array(KINDS.length + 1);
        for (let i = 0; i < sorted.length; i++) counts[band.kind[sorted[i]] + 1]++;
        for (let k = 1; k <= KINDS.length; k++) counts[k] += counts[k - 1];
        this.kindStart = counts.slice();
        const ids = new Uint32Array(sorted.length);
        for (let i = 0; i < sorted.length; i++) ids[counts[band.kind[sorted[i]]]++] = sorted[i];
        this.ids = ids;
    }

    /** Whether feature f passes a layer's class and flag filter. */
    matches(layer: CompiledLayer, f: number): boolean {
        return layer.classes[this.band.cls[f]] === 1 && (this.band.flags[f] & layer.flagMask) === layer.flagValue;
    }

    /**
     * Adds a feature's parts to the current path, projected; rings are closed. Points closer than
     * about half a device pixel to the previous one are skipped (fewer calls into the canvas). With a
     * pitched camera, parts are first clipped to the ground in front of it (camera.nearY).
     */
    trace(f: number, close: boolean): void {
        const band = this.band, cam = this.camera;
        const p1 = band.partStart[f + 1];
        for (let p = band.partStart[f]; p < p1; p++) {
            const c0 = band.coordStart[p], c1 = band.coordStart[p + 1];
            if (c1 - c0 < 2) continue;
            this.started = false;
            if (cam.nearY === Infinity) {
                for (let c = c0; c < c1; c++) this.point(band.x[c], band.y[c], c === c1 - 1);
            } else {
                // Sutherland–Hodgman against y <= nearY, one edge at a time.
                const near = cam.nearY;
                for (let c = c0; c < c1; c++) {
                    const x = band.x[c], y = band.y[c];
                    if (c > c0) {
                        const px = band.x[c - 1], py = band.y[c - 1];
                        if ((py <= near) !== (y <= near)) this.point(px + (x - px) * (near - py) / (y - py), near, false);
                    }
                    if (y <= near) this.point(x, y, c === c1 - 1);
                    else if (!close) this.started = false;
                }
            }
            if (close && this.started) this.ctx.closePath();
        }
    }

    private started = false;
    private lx = 0;
    private ly = 0;

    private point(x: number, y: number, last: boolean): void {
        const cam = this.camera;
        cam.project(x, y, 0);
        if (!this.started) {
            this.ctx.moveTo(cam.sx, cam.sy);
            this.started = true;
        } else {
            const dx = cam.sx - this.lx, dy = cam.sy - this.ly;
            if (dx * dx + dy * dy < 0.25 && !last) return;
            this.ctx.lineTo(cam.sx, cam.sy);
        }
        this.lx = cam.sx;
        this.ly = cam.sy;
    }
}
