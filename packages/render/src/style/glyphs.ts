// MapLibre glyphs: signed-distance-field glyph ranges (256 code points, the glyphs.proto PBF that
// MapLibre reads) drawn with @mapbox/tiny-sdf on @napi-rs/canvas from the @fontsource fonts we ship:
// Roboto and Noto Sans (Latin, Latin Extended, Greek, Cyrillic, Vietnamese) and Noto Sans Arabic.
// Each face is one @fontsource subset file; its unicode-range (the package's unicode.json) says which
// code points it holds, so a glyph is always drawn from a font that has it, never a system font.
// Ranges are made on first use (a few tens of milliseconds) and kept.
import fs from 'node:fs';
import path from 'node:path';
import TinySDF from '@mapbox/tiny-sdf';
import {createCanvas, GlobalFonts} from '@napi-rs/canvas';
import {PbfWriter} from 'pbf';
import {packageDir} from '../assets/files.js';

/** MapLibre's glyph metrics: 24 px em, 3 px buffer, SDF radius 8. */
const FONT_SIZE = 24, BUFFER = 3, RADIUS = 8, CUTOFF = 0.25;
/**
 * A glyph's `top` is measured from an origin this far above the baseline (MapLibre lines its own
 * TinySDF glyphs up with server glyphs by 27.5 at double resolution; ours are whole pixels).
 */
const TOP_OFFSET = 27;

interface Face {
    family: string;
    weight: number;
    italic: boolean;
    /** Sorted [from, to] code point pairs. */
    ranges: Uint32Array;
    sdf: TinySDF | null;
}

const PACKAGES: Record<string, {pkg: string; prefix: string; subsets: string[]}[]> = {
    'Roboto': [{pkg: '@fontsource/roboto', prefix: 'roboto', subsets: ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese']}],
    'Noto Sans': [
        {pkg: '@fontsource/noto-sans', prefix: 'noto-sans', subsets: ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese']},
        {pkg: '@fontsource/noto-sans-arabic', prefix: 'noto-sans-arabic', subsets: ['arabic']}
    ]
};
const WEIGHTS: Record<string, {weight: number; italic: boolean}> = {
    Regular: {weight: 400, italic: false},
    Medium: {weight: 500, italic: false},
    Bold: {weight: 700, italic: false},
    Italic: {weight: 400, italic: true}
};

/** Font names the glyph endpoint serves ("Roboto Regular", "Noto Sans Bold", …). */
export const GLYPH_FONTS: readonly string[] = Object.keys(PACKAGES).flatMap((family) => Object.keys(WEIGHTS).map((w) => `${family} ${w}`));

/** At most this many fonts in one requested stack. */
export const MAX_STACK = 4;

let faces: Map<string, Face[]> | null = null;

/** The faces of each font name, in the order they are searched for a code point. */
function fontFaces(): Map<string, Face[]> {
    if (faces) return faces;
    const out = new Map<string, Face[]>();
    for (const [family, packages] of Object.entries(PACKAGES)) {
        for (const [suffix, {weight, italic}] of Object.entries(WEIGHTS)) {
            const list: Face[] = [];
            for (const {pkg, prefix, subsets} of packages) {
                const dir = packageDir(pkg);
                const unicode = JSON.parse(fs.readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
                for (const subset of subsets) {
                    // Arabic has no italic: its italic font uses the upright face.
                    let file = path.join(dir, 'files', `${prefix}-${subset}-${weight}-${italic ? 'italic' : 'normal'}.woff2`);
                    if (italic && !fs.existsSync(file)) file = path.join(dir, 'files', `${prefix}-${subset}-${weight}-normal.woff2`);
                    const alias = `QG ${path.basename(file, '.woff2')}`;
                    if (!GlobalFonts.registerFromPath(file, alias)) throw new Error(`cannot load the font ${file}`);
                    list.push({family: alias, weight, italic, ranges: parseUnicodeRange(unicode[subset]), sdf: null});
                }
            }
            out.set(`${family} ${suffix}`, list);
        }
    }
    faces = out;
    return out;
}

/** "U+0000-00FF,U+0131" → [0, 255, 0x131, 0x131]. */
function parseUnicodeRange(text: string | undefined): Uint32Array {
    if (!text) throw new Error('a @fontsource subset without a unicode range');
    const parts = text.split(',').map((p) => {
        const [a, b] = p.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(a, 16), parseInt(b ?? a, 16)];
    }).sort((x, y) => x[0] - y[0]);
    return Uint32Array.from(parts.flat());
}

function holds(face: Face, cp: number): boolean {
    const r = face.ranges;
    for (let i = 0; i < r.length; i += 2) {
        if (cp < r[i]) return false;
        if (cp <= r[i + 1]) return true;
    }
    return false;
}

/** TinySDF drawing on @napi-rs/canvas: it calls _createCanvas (not in its typings) for its canvas. */
class CanvasSDF extends TinySDF {
    _createCanvas(size: number) {
        return createCanvas(size, size);
    }
}

function sdfOf(face: Face): TinySDF {
    face.sdf ??= new CanvasSDF({
        fontSize: FONT_SIZE, buffer: BUFFER, radius: RADIUS, cutoff: CUTOFF,
        fontFamily: `"${face.family}"`, fontWeight: String(face.weight), fontStyle: face.italic ? 'italic' : 'normal'
    });
    return face.sdf;
}

/** Why a font stack or range cannot be served, for a 400/404; null when it can. */
export function checkGlyphRequest(stack: string[], start: number, end: number): {status: number; message: string} | null {
    if (stack.length === 0 || stack.length > MAX_STACK) return {status: 400, message: `A font stack names 1 to ${MAX_STACK} fonts, comma-separated.`};
    for (const font of stack) {
        if (!GLYPH_FONTS.includes(font)) return {status: 404, message: `Unknown font "${font.slice(0, 60)}". Fonts served: ${GLYPH_FONTS.join(', ')}.`};
    }
    if (!Number.isInteger(start) || start < 0 || start % 256 !== 0 || end !== start + 255 || end > 0xffff) {
        return {status: 400, message: 'A glyph range is {start}-{end}.pbf with start a multiple of 256 and end = start + 255, up to 65535 (e.g. 0-255.pbf).'};
    }
    return null;
}

const stacks = new Map<string, Buffer>();
let stackBytes = 0;
const MAX_STACK_BYTES = 64 * 1024 * 1024;

/**
 * The glyph PBF of code points start..start+255 for a font stack: each code point from the first font
 * that holds it (absent when none does). Call checkGlyphRequest first.
 */
export function glyphRange(stack: string[], start: number): Buffer {
    const key = `${stack.join(',')}/${start}`;
    let pbf = stacks.get(key);
    if (pbf) return pbf;
    const fonts = stack.map((f) => fontSlots(f, start));
    const out = new PbfWriter();
    out.writeMessage(1, (_: null, w: PbfWriter) => {
        w.writeStringField(1, stack.join(','));
        w.writeStringField(2, `${start}-${start + 255}`);
        for (let i = 0; i < 256; i++) {
            for (let f = 0; f < fonts.length; f++) {
                const glyph = fontGlyph(fonts[f], stack[f], start + i);
                if (glyph) {
                    w.writeBytesField(3, glyph);
                    break;
                }
            }
        }
    }, null);
    pbf = Buffer.from(out.finish());
    while (stackBytes + pbf.length > MAX_STACK_BYTES && stacks.size > 0) {
        const [oldest, buf] = stacks.entries().next().value as [string, Buffer];
        stacks.delete(oldest);
        stackBytes -= buf.length;
    }
    stacks.set(key, pbf);
    stackBytes += pbf.length;
    return pbf;
}

/**
 * Each font's encoded glyph messages per range: undefined until drawn, null where the font has no glyph.
 * A glyph is drawn once per font, when a stack first needs it; any stack is then put together from
 * them, so the drawing work is bounded by the fonts we ship, whatever stacks clients ask for.
 */
const fontRanges = new Map<string, (Uint8Array | null | undefined)[]>();

function fontSlots(font: string, start: number): (Uint8Array | null | undefined)[] {
    const key = `${font}/${start}`;
    let slots = fontRanges.get(key);
    if (!slots) {
        slots = new Array<Uint8Array | null | undefined>(256).fill(undefined);
        fontRanges.set(key, slots);
    }
    return slots;
}

function fontGlyph(slots: (Uint8Array | null | undefined)[], font: string, cp: number): Uint8Array | null {
    const i = cp & 255;
    let glyph = slots[i];
    if (glyph === undefined) {
        const face = findFace(fontFaces().get(font)!, cp);
        if (face) {
            const w = new PbfWriter();
            writeGlyph({cp, sdf: sdfOf(face)}, w);
            glyph = w.finish().slice();
        } else {
            glyph = null;
        }
        slots[i] = glyph;
    }
    return glyph;
}

function findFace(chain: Face[], cp: number): Face | null {
    // Control characters have no glyph; MapLibre never asks for them.
    if (cp < 32 || (cp >= 0x7f && cp < 0xa0)) return null;
    for (const face of chain) if (holds(face, cp)) return face;
    return null;
}

function writeGlyph({cp, sdf}: {cp: number; sdf: TinySDF}, w: PbfWriter): void {
    const g = sdf.draw(String.fromCodePoint(cp));
    w.writeVarintField(1, cp);
    if (g.glyphWidth > 0 && g.glyphHeight > 0) {
        // The bitmap is the glyph plus the buffer on each side: (width + 6) × (height + 6) bytes.
        w.writeBytesField(2, new Uint8Array(g.data.buffer, g.data.byteOffset, g.data.length));
        w.writeVarintField(3, g.glyphWidth);
        w.writeVarintField(4, g.glyphHeight);
    } else {
        w.writeVarintField(3, 0);
        w.writeVarintField(4, 0);
    }
    w.writeSVarintField(5, g.glyphLeft);
    w.writeSVarintField(6, g.glyphTop - TOP_OFFSET);
    w.writeVarintField(7, Math.round(g.glyphAdvance));
}
