// The pin at the image's centre: a teardrop in the caller's colour (MapLibre's default marker shape,
// 27 × 41 CSS pixels) with its tip on the position, or a custom marker image with its bottom centre there.
import type {Image, SKRSContext2D} from '@napi-rs/canvas';

export const PIN_WIDTH = 27;
export const PIN_HEIGHT = 41;

/** A custom marker: a decoded image and the size to draw it at (CSS pixels). */
export interface CustomMarker {
    image: Image;
    width: number;
    height: number;
}

/** Box (device pixels, relative to the tip) the pin or marker covers: [minX, minY, maxX, maxY]. */
export function pinBox(marker: CustomMarker | null, ratio: number): [number, number, number, number] {
    if (marker) return [-marker.width * ratio / 2, -marker.height * ratio, marker.width * ratio / 2, 0];
    return [-PIN_WIDTH * ratio / 2, -PIN_HEIGHT * ratio, PIN_WIDTH * ratio / 2, 3 * ratio];
}

export function drawPin(ctx: SKRSContext2D, x: number, y: number, color: string, ratio: number): void {
    const s = ratio;
    const r = 13.5 * s, cy = y - 27 * s;
    ctx.save();
    ctx.fillStyle = 'rgba(0,0,0,0.28)';
    ctx.beginPath();
    ctx.ellipse(x, y, 8 * s, 3.2 * s, 0, 0, Math.PI * 2);
    ctx.fill();
    // Tip, the two tangents to the head (30° either side of the axis), and the head.
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x - r * Math.cos(Math.PI / 6), cy + r * Math.sin(Math.PI / 6));
    ctx.arc(x, cy, r, Math.PI * 5 / 6, Math.PI / 6, false);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 1.2 * s;
    ctx.strokeStyle = 'rgba(0,0,0,0.3)';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, cy, 5 * s, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.restore();
}

export function drawMarker(ctx: SKRSContext2D, x: number, y: number, marker: CustomMarker, ratio: number): void {
    const w = marker.width * ratio, h = marker.height * ratio;
    ctx.drawImage(marker.image, x - w / 2, y - h, w, h);
}
