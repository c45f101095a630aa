// Labels: names along streets (glyph by glyph, following the line, kept upright, refused where the
// line bends too sharply) and centred point labels, all placed through the collision grid so no two
// overlap. Halos are drawn before the text of a label, so a glyph's halo never covers its neighbour.
import type {SKRSContext2D} from '@napi-rs/canvas';
import type {CollisionGrid} from './collision.js';
import type {SceneTile, TileScene} from '../scene/tile-scene.js';

export interface TextStyle {
    /** Canvas font string (fonts.ts). */
    font: string;
    /** Size in device pixels. */
    size: number;
    color: string;
    halo: string;
    /** Halo width in device pixels. */
    haloWidth: number;
}

/** Largest turn between neighbouring glyphs of a street name. */
const MAX_BEND = 40 * Math.PI / 180;
const MAX_LINE_POINTS = 4096;
/** Text and glyph widths by font, shared by every image (bounded: cleared when full). */
const WIDTHS = new Map<string, number>();
const MAX_WIDTHS = 50000;

export class Labeler {
    private readonly ctx: SKRSContext2D;
    private readonly grid: CollisionGrid;
    private readonly widths = WIDTHS;
    private readonly placed = new Map<string, number[]>();
    // Scratch: the projected line and its cumulative lengths; the glyphs of the label being placed.
    private readonly px = new Float64Array(MAX_LINE_POINTS);
    private readonly py = new Float64Array(MAX_LINE_POINTS);
    private readonly cum = new Float64Array(MAX_LINE_POINTS);
    private gx = new Float64Array(64);
    private gy = new Float64Array(64);
    private ga = new Float64Array(64);

    constructor(ctx: SKRSContext2D, grid: CollisionGrid) {
        this.ctx = ctx;
        this.grid = grid;
    }

    private advance(font: string, ch: string): number {
        const key = `${font}\u0000${ch}`;
        let w = this.widths.get(key);
        if (w === undefined) {
            this.ctx.font = font;
            w = this.ctx.measureText(ch).width;
            if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
            this.widths.set(key, w);
        }
        return w;
    }

    /** Whether the same text was placed within `distance` device pixels of (x, y). */
    private repeated(text: string, x: number, y: number, distance: number): boolean {
        const at = this.placed.get(text);
        if (!at) return false;
        for (let i = 0; i < at.length; i += 2) {
            const dx = at[i] - x, dy = at[i + 1] - y;
            if (dx * dx + dy * dy < distance * distance) return true;
        }
        return false;
    }

    private remember(text: string, x: number, y: number): void {
        const at = this.placed.get(text);
        if (at) at.push(x, y);
        else this.placed.set(text, [x, y]);
    }

    /** Projects part p of a tile's line feature into the scratch arrays; returns its point count. */
    projectLine(scene: TileScene, tile: SceneTile, p: number): number {
        const camera = scene.camera, d = tile.data;
        const c0 = d.coordStart[p], c1 = Math.min(d.coordStart[p + 1], c0 + MAX_LINE_POINTS);
        let n = 0;
        for (let c = c0; c < c1; c++) {
            // A pitched camera sees nothing beyond nearY: the line ends there.
            if (d.ys[c] > camera.nearY) break;
            camera.project(d.xs[c], d.ys[c], 0);
            this.px[n] = camera.sx;
            this.py[n] = camera.sy;
            this.cum[n] = n === 0 ? 0 : this.cum[n - 1] + Math.hypot(this.px[n] - this.px[n - 1], this.py[n] - this.py[n - 1]);
            n++;
        }
        return n;
    }

    /**
     * The stretch of the projected line inside the frame, as distances along it: [start, end], or
     * null when no point is inside.
     */
    visibleRange(n: number, width: number, height: number): [number, number] | null {
        let first = -1, last = -1;
        for (let i = 0; i < n; i++) {
            const x = this.px[i], y = this.py[i];
            if (x < 0 || y < 0 || x > width || y > height) continue;
            if (first < 0) first = i;
            last = i;
        }
        if (first < 0) return null;
        // Extend by a segment each way: the line runs on to the frame's edge.
        return [this.cum[Math.max(0, first - 1)], this.cum[Math.min(n - 1, last + 1)]];
    }

    /** Length on screen of the line last projected. */
    lineLength(n: number): number {
        return n > 0 ? this.cum[n - 1] : 0;
    }

    /**
     * Places `text` along the projected line (projectLine first), centred `anchor` pixels from its
     * start. Returns whether it was placed (and drawn).
     */
    placeAlong(n: number, anchor: number, text: string, style: TextStyle, repeatDistance: number): boolean {
        if (n < 2) return false;
        const total = this.cum[n - 1];
        const chars = Array.from(text);
        if (chars.length > this.gx.length) {
            if (chars.length > 256) return false;
            this.gx = new Float64Array(chars.length);
            this.gy = new Float64Array(chars.length);
            this.ga = new Float64Array(chars.length);
        }
        let width = 0;
        for (const ch of chars) width += this.advance(style.font, ch);
        const mid = anchor;
        if (mid - width / 2 - style.size / 2 < 0 || mid + width / 2 + style.size / 2 > total) return false;
        this.pointAt(n, mid - width / 2);
        const ax = this.sx;
        this.pointAt(n, mid + width / 2);
        const reversed = this.sx < ax;
        this.pointAt(n, mid);
        if (repeatDistance > 0 && this.repeated(text, this.sx, this.sy, repeatDistance)) return false;
        const half = style.size * 0.55;
        let offset = 0, lastAngle = NaN;
        for (let k = 0; k < chars.length; k++) {
            const adv = this.advance(style.font, chars[k]);
            const along = offset + adv / 2;
            offset += adv;
            const s = reversed ? mid + width / 2 - along : mid - width / 2 + along;
            this.pointAt(n, s);
            const angle = reversed ? this.angle + Math.PI : this.angle;
            if (k > 0) {
                let d = angle - lastAngle;
                while (d > Math.PI) d -= 2 * Math.PI;
                while (d < -Math.PI) d += 2 * Math.PI;
                if (Math.abs(d) > MAX_BEND) return false;
            }
            lastAngle = angle;
            if (!this.grid.fits(this.sx - half, this.sy - half, this.sx + half, this.sy + half)) return false;
            this.gx[k] = this.sx;
            this.gy[k] = this.sy;
            this.ga[k] = angle;
        }
        for (let k = 0; k < chars.length; k++) this.grid.insert(this.gx[k] - half, this.gy[k] - half, this.gx[k] + half, this.gy[k] + half);
        this.pointAt(n, mid);
        this.remember(text, this.sx, this.sy);
        // All halos first, then all glyphs: a halo never covers the neighbouring glyph.
        const ctx = this.ctx;
        ctx.font = style.font;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        for (let pass = style.haloWidth > 0 ? 0 : 1; pass < 2; pass++) {
            if (pass === 0) {
                ctx.strokeStyle = style.halo;
                ctx.lineWidth = style.haloWidth * 2;
                ctx.lineJoin = 'round';
            } else {
                ctx.fillStyle = style.color;
            }
            for (let k = 0; k < chars.length; k++) {
                const c = Math.cos(this.ga[k]), s = Math.sin(this.ga[k]);
                ctx.setTransform(c, s, -s, c, this.gx[k], this.gy[k]);
                if (pass === 0) ctx.strokeText(chars[k], 0, 0);
                else ctx.fillText(chars[k], 0, 0);
            }
        }
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        return true;
    }

    // Result of pointAt.
    sx = 0;
    sy = 0;
    angle = 0;

    /** The point `s` pixels along the projected line and the line's direction there (to sx, sy, angle). */
    pointAt(n: number, s: number): void {
        const cum = this.cum;
        let lo = 1, hi = n - 1;
        while (lo < hi) {
            const m = (lo + hi) >> 1;
            if (cum[m] < s) lo = m + 1;
            else hi = m;
        }
        const i = lo;
        const seg = cum[i] - cum[i - 1];
        const t = seg > 0 ? Math.min(1, Math.max(0, (s - cum[i - 1]) / seg)) : 0;
        const dx = this.px[i] - this.px[i - 1], dy = this.py[i] - this.py[i - 1];
        this.sx = this.px[i - 1] + dx * t;
        this.sy = this.py[i - 1] + dy * t;
        this.angle = Math.atan2(dy, dx);
    }

    /** Width in device pixels of a one-line text. */
    textWidth(text: string, font: string): number {
        const key = `${font}\u0000${text}`;
        let width = this.widths.get(key);
        if (width === undefined) {
            this.ctx.font = font;
            width = this.ctx.measureText(text).width;
            if (this.widths.size >= MAX_WIDTHS) this.widths.clear();
            this.widths.set(key, width);
        }
        return width;
    }

    /** The box [x0, y0, x1, y1] of a label (lines split at "\n") centred at (x, y). */
    box(x: number, y: number, text: string, style: TextStyle): [number, number, number, number] {
        const lines = text.split('\n');
        let width = 0;
        for (const line of lines) width = Math.max(width, this.textWidth(line, style.font));
        const pad = style.haloWidth, half = style.size * (0.6 + (lines.length - 1) * LINE_HEIGHT / 2);
        return [x - width / 2 - pad, y - half - pad, x + width / 2 + pad, y + half + pad];
    }

    /** Whether a label centred at (x, y) would fit, and not repeat the same text too close. */
    fits(x: number, y: number, text: string, style: TextStyle, repeatDistance = 0): boolean {
        if (repeatDistance > 0 && this.repeated(text, x, y, repeatDistance)) return false;
        const b = this.box(x, y, text, style);
        return this.grid.fits(b[0], b[1], b[2], b[3]);
    }

    /** A label (lines split at "\n") centred at (x, y); returns whether it was placed (and drawn). */
    placeAt(x: number, y: number, text: string, style: TextStyle, repeatDistance = 0): boolean {
        if (!this.fits(x, y, text, style, repeatDistance)) return false;
        const b = this.box(x, y, text, style);
        this.grid.insert(b[0], b[1], b[2], b[3]);
        this.remember(text, x, y);
        const ctx = this.ctx;
        ctx.font = style.font;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        const lines = text.split('\n');
        const y0 = y - (lines.length - 1) * LINE_HEIGHT * style.size / 2;
        if (style.haloWidth > 0) {
            ctx.strokeStyle = style.halo;
            ctx.lineWidth = style.haloWidth * 2;
            ctx.lineJoin = 'round';
            for (let i = 0; i < lines.length; i++) ctx.strokeText(lines[i], x, y0 + i * LINE_HEIGHT * style.size);
        }
        ctx.fillStyle = style.color;
        for (let i = 0; i < lines.length; i++) ctx.fillText(lines[i], x, y0 + i * LINE_HEIGHT * style.size);
        return true;
    }

    /** Breaks a text into lines of at most `maxWidth` device pixels, at spaces (MapLibre's text-max-width). */
    wrap(text: string, font: string, maxWidth: number): string {
        if (this.textWidth(text, font) <= maxWidth) return text;
        const words = text.split(' ');
        const lines: string[] = [];
        let line = '';
        for (const word of words) {
            const next = line ? `${line} ${word}` : word;
            if (line && this.textWidth(next, font) > maxWidth) {
                lines.push(line);
                line = word;
            } else {
                line = next;
            }
        }
        if (line) lines.push(line);
        return lines.join('\n');
    }
}

/** Line height of wrapped labels, in text sizes (MapLibre's text-line-height default). */
const LINE_HEIGHT = 1.2;
