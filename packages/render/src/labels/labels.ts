// Labels: names along streets (glyph by glyph, following the line, kept upright, at the anchors of
// line-anchors.ts, taking their place as MapLibre's collision circles, line-circles.ts) and point
// labels in their boxes, all placed through the collision grid so no two overlap. Halos are drawn
// before the text of a label, so a glyph's halo never covers its neighbour.
import type {SKRSContext2D} from '@napi-rs/canvas';
import type {CollisionGrid} from './collision.js';
import type {TileScene} from '../scene/tile-scene.js';
import {breakLines} from './line-breaks.js';
import {lineCircles, type Circles} from './line-circles.js';

export interface TextStyle {
    /** Canvas font string (fonts.ts). */
    font: string;
    /** The same font at MapLibre's glyph size (24 px), whose whole-pixel advances its shaping uses. */
    glyphFont: string;
    /** Size in device pixels. */
    size: number;
    /**
     * The size MapLibre lays the label out at, device pixels: text-size at the next zoom up (its
     * layoutTextSize); collision boxes and circles are measured with it, the glyphs drawn at `size`.
     */
    boxSize: number;
    color: string;
    halo: string;
    /** Halo width in device pixels. */
    haloWidth: number;
    /** Room kept free around a label, device pixels (text-padding). */
    padding: number;
}

const MAX_LINE_POINTS = 4096;
/**
 * Glyph advances at 24 px, rounded to whole pixels as the glyph ranges MapLibre reads carry them
 * (style/glyphs.ts), by font, then by character; shared by every image (a font's table is cleared when full).
 */
const ADVANCES = new Map<string, Map<string, number>>();
const MAX_ADVANCES = 20000;
// Scratch shared by every image (one image is drawn at a time per thread): the projected line, its
// cumulative lengths and its points in world units.
const PX = new Float64Array(MAX_LINE_POINTS);
const PY = new Float64Array(MAX_LINE_POINTS);
const CUM = new Float64Array(MAX_LINE_POINTS);
const WX = new Float64Array(MAX_LINE_POINTS);
const WY = new Float64Array(MAX_LINE_POINTS);
const CIRCLES: Circles = {x: new Float64Array(512), y: new Float64Array(512), count: 0, clipped: false};

export class Labeler {
    private readonly ctx: SKRSContext2D;
    private readonly grid: CollisionGrid;
    /** The frame with the grid's margin, where collision circles are made: [x1, y1, x2, y2]. */
    private readonly screen: number[];
    readonly px = PX;
    readonly py = PY;
    readonly cum = CUM;
    private readonly wx = WX;
    private readonly wy = WY;
    // The glyphs of the label being placed.
    private gx = new Float64Array(64);
    private gy = new Float64Array(64);
    private ga = new Float64Array(64);
    // The advances of the font used last.
    private tableFont = '';
    private table = new Map<string, number>();

    constructor(ctx: SKRSContext2D, grid: CollisionGrid) {
        this.ctx = ctx;
        this.grid = grid;
        this.screen = [-grid.margin, -grid.margin, grid.width + grid.margin, grid.height + grid.margin];
    }

    /** Advance of one character (a code point) in a text style, device pixels: MapLibre's, its 24-px glyph's scaled. */
    private advance(style: TextStyle, ch: string): number {
        return this.glyphAdvance(style.glyphFont, ch) * style.size / GLYPH_SIZE;
    }

    private glyphAdvance(font: string, ch: string): number {
        if (font !== this.tableFont) {
            let table = ADVANCES.get(font);
            if (!table) {
                table = new Map();
                ADVANCES.set(font, table);
            }
            this.table = table;
            this.tableFont = font;
        }
        let w = this.table.get(ch);
        if (w === undefined) {
            this.ctx.font = font;
            w = Math.round(this.ctx.measureText(ch).width);
            if (this.table.size >= MAX_ADVANCES) this.table.clear();
            this.table.set(ch, w);
        }
        return w;
    }

    /** Projects the world points [c0, c1) of xs, ys (a line) into the scratch arrays; returns the point count. */
    projectLine(scene: TileScene, xs: Float64Array, ys: Float64Array, c0: number, c1: number): number {
        const camera = scene.camera;
        c1 = Math.min(c1, c0 + MAX_LINE_POINTS);
        let n = 0;
        for (let c = c0; c < c1; c++) {
            // A pitched camera sees nothing beyond nearY: the line ends there.
            if (ys[c] > camera.nearY) break;
            camera.project(xs[c], ys[c], 0);
            this.wx[n] = xs[c];
            this.wy[n] = ys[c];
            this.px[n] = camera.sx;
            this.py[n] = camera.sy;
            if (n === 0) this.cum[0] = 0;
            else {
                const dx = this.px[n] - this.px[n - 1], dy = this.py[n] - this.py[n - 1];
                this.cum[n] = this.cum[n - 1] + Math.sqrt(dx * dx + dy * dy);
            }
            n++;
        }
        return n;
    }

    /**
     * Places `text` along the projected line (projectLine first), centred `anchor` pixels from its
     * start. Returns whether it was drawn (one that is placed but whose circles cross the frame's edge
     * takes its place in the grid without being drawn: false).
     */
    placeAlong(n: number, anchor: number, text: string, style: TextStyle): boolean {
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
        for (const ch of chars) width += this.advance(style, ch);
        const mid = anchor;
        if (mid - width / 2 < 0 || mid + width / 2 > total) return false;
        // MapLibre's circles run from the first glyph's centre to the last's, in the line's direction.
        const first = this.advance(style, chars[0]), last = this.advance(style, chars[chars.length - 1]);
        const radius = style.boxSize * LINE_HEIGHT / 2 + style.padding;
        lineCircles(this, n, mid - width / 2 + first / 2, mid + width / 2 - last / 2, radius, this.screen, CIRCLES);
        let inGrid = false;
        for (let k = 0; k < CIRCLES.count; k++) {
            const x = CIRCLES.x[k], y = CIRCLES.y[k];
            if (this.grid.hitCircle(x, y, radius)) return false;
            inGrid ||= this.grid.insideGrid(x - radius, y - radius, x + radius, y + radius);
        }
        if (!inGrid) return false;
        let inFrame = !CIRCLES.clipped;
        for (let k = 0; k < CIRCLES.count; k++) {
            const x = CIRCLES.x[k], y = CIRCLES.y[k];
            this.grid.insertCircle(x, y, radius);
            inFrame &&= this.grid.inFrame(x - radius, y - radius, x + radius, y + radius);
        }
        // Cut by the frame's edge: it holds its place, as in MapLibre, but is not drawn.
        if (!inFrame) return false;
        this.pointAt(n, mid - width / 2);
        const ax = this.sx;
        this.pointAt(n, mid + width / 2);
        const reversed = this.sx < ax;
        let offset = 0;
        for (let k = 0; k < chars.length; k++) {
            const adv = this.advance(style, chars[k]);
            const along = offset + adv / 2;
            offset += adv;
            this.pointAt(n, reversed ? mid + width / 2 - along : mid - width / 2 + along);
            this.gx[k] = this.sx;
            this.gy[k] = this.sy;
            this.ga[k] = reversed ? this.angle + Math.PI : this.angle;
        }
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

    // Result of pointAt: screen position, direction, and the point in world units.
    sx = 0;
    sy = 0;
    angle = 0;
    worldX = 0;
    worldY = 0;

    /** The point `s` pixels along the projected line and the line's direction there (to sx, sy, angle, worldX, worldY). */
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
        this.worldX = this.wx[i - 1] + (this.wx[i] - this.wx[i - 1]) * t;
        this.worldY = this.wy[i - 1] + (this.wy[i] - this.wy[i - 1]) * t;
    }

    /** Width in device pixels of a one-line text: the sum of its glyphs' advances, as MapLibre's shaping (no kerning). */
    textWidth(text: string, style: TextStyle): number {
        let width = 0;
        for (const ch of text) width += this.advance(style, ch);
        return width;
    }

    /** Width in device pixels of the widest line of a text (lines split at "\n"). */
    blockWidth(text: string, style: TextStyle): number {
        let width = 0;
        for (const line of text.split('\n')) width = Math.max(width, this.textWidth(line, style));
        return width;
    }

    /**
     * Draws a label (lines split at "\n") centred at (x, y), when its box (placed by the caller) lies in
     * the frame; returns whether it was drawn.
     */
    drawAt(x: number, y: number, text: string, style: TextStyle, box: readonly number[]): boolean {
        // Cut by the frame's edge: it holds its place, as in MapLibre, but is not drawn.
        if (!this.grid.inFrame(box[0], box[1], box[2], box[3])) return false;
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

    /** Breaks a text into lines about `maxWidth` device pixels wide, as MapLibre does (text-max-width). */
    wrap(text: string, style: TextStyle, maxWidth: number): string {
        if (this.textWidth(text, style) <= maxWidth) return text;
        const chars = Array.from(text);
        const advances = new Float64Array(chars.length);
        for (let i = 0; i < chars.length; i++) advances[i] = this.advance(style, chars[i]);
        return breakLines(chars, advances, maxWidth);
    }
}

/** Line height of wrapped labels, in text sizes (MapLibre's text-line-height default). */
export const LINE_HEIGHT = 1.2;
/** MapLibre's glyph size: its shaping measures in pixels of a 24-px font. */
const GLYPH_SIZE = 24;
