// From world units (mercator.ts) to device pixels: a flat map, or a perspective camera pitched
// towards the top of the image (threeDMode). The camera sits 1.5 image heights above the centre
// (MapLibre's default field of view), so even a flat map shows the walls of extruded buildings.
import {WORLD, metersPerUnit, mercatorX, mercatorY} from '@quartier/engine/internal';

export class Camera {
    readonly width: number;
    readonly height: number;
    readonly zoom: number;
    /** Centre in world units. */
    readonly cx: number;
    readonly cy: number;
    /** Device pixels per world unit at the centre. */
    readonly scale: number;
    readonly pitch: number;
    /** Device pixels per metre of height at the centre. */
    readonly pxPerMeter: number;
    /** Distance of the camera from the centre, in device pixels. */
    readonly distance: number;
    private readonly cos: number;
    private readonly sin: number;
    /**
     * Ground points south of this world y are behind (or too close to) a pitched camera; geometry
     * is clipped there. Infinity for a flat map.
     */
    readonly nearY: number;
    /** Result of the last project(): screen position. */
    sx = 0;
    sy = 0;

    /** `width` and `height` in device pixels; `ratio` device pixels per CSS pixel; pitch up to 60°. */
    constructor(lat: number, lon: number, zoom: number, width: number, height: number, ratio: number, pitchDegrees: number) {
        this.width = width;
        this.height = height;
        this.zoom = zoom;
        this.cx = mercatorX(lon);
        this.cy = mercatorY(lat);
        this.scale = 256 * Math.pow(2, zoom) * ratio / WORLD;
        this.pitch = Math.min(60, Math.max(0, pitchDegrees)) * Math.PI / 180;
        this.cos = Math.cos(this.pitch);
        this.sin = Math.sin(this.pitch);
        this.distance = 1.5 * height;
        this.pxPerMeter = this.scale / metersPerUnit(lat);
        // Half the distance to where the ground meets the camera's plane: far below the image's bottom edge.
        this.nearY = this.sin > 0 ? this.cy + 0.5 * this.distance / this.sin / this.scale : Infinity;
    }

    /**
     * Projects a world point raised by z device pixels; the screen position goes to sx, sy. Returns the
     * perspective scale there (1 at the centre), or 0 for a point behind the camera.
     */
    project(x: number, y: number, z: number): number {
        const X = (x - this.cx) * this.scale, Y = (y - this.cy) * this.scale;
        const yc = Y * this.cos - z * this.sin;
        const zc = Y * this.sin + z * this.cos;
        const depth = this.distance - zc;
        if (depth <= 1) return 0;
        const k = this.distance / depth;
        this.sx = this.width / 2 + X * k;
        this.sy = this.height / 2 + yc * k;
        return k;
    }

    /** Distance from the camera of a ground point, in device pixels (for back-to-front sorting). */
    depthOf(x: number, y: number): number {
        const X = (x - this.cx) * this.scale, Y = (y - this.cy) * this.scale;
        const yc = Y * this.cos, zc = Y * this.sin;
        const d = this.distance - zc;
        return Math.sqrt(X * X + yc * yc + d * d);
    }

    /** World box of the ground seen, widened by `margin` device pixels. */
    viewBox(margin: number): [number, number, number, number] {
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
        const corners = [-margin, -margin, this.width + margin, -margin, this.width + margin, this.height + margin, -margin, this.height + margin];
        for (let i = 0; i < 8; i += 2) {
            const sx = corners[i] - this.width / 2, sy = corners[i + 1] - this.height / 2;
            // Inverse of project() on the ground (z = 0).
            const Y = sy * this.distance / (this.cos * this.distance + sy * this.sin);
            const X = sx * (this.distance - Y * this.sin) / this.distance;
            const x = this.cx + X / this.scale, y = this.cy + Y / this.scale;
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
        return [Math.floor(minX), Math.floor(minY), Math.ceil(maxX), Math.ceil(maxY)];
    }
}
