// What an SVG marker may cost to draw, checked on its text before anything is rasterized: the
// rasterizer's time grows with the elements drawn, the filters and masks applied (each one a layer
// the size of its region, blurred or composed) and the path commands, `<use>` repeats whole groups,
// and all of it with the pixels the marker is drawn at. A marker is an icon of a few dozen shapes;
// the bounds on the file are a hundred times that, and a 1 MB file of 20,000 blurred paths (seconds
// of render time) is refused in a few milliseconds. The bounds on pixels (checkSvgRaster) keep the
// worst marker within them to about a second of one render thread (bench/http-faults.js).
import {MarkerImageError} from './marker-error.js';

export const SVG_LIMITS = {
    /** Elements in the file. */
    elements: 2000,
    /** Elements as drawn, when every `<use>` may repeat the document once more (a bound, see below). */
    drawnElements: 8000,
    /** Filter primitives (<feGaussianBlur>, <feMorphology>, …) in the file. */
    filterPrimitives: 16,
    /** Elements a filter is applied to, as drawn. */
    filteredElements: 16,
    /** Numbers in path data, polygon points and the like: the path length in commands. */
    pathNumbers: 100000,
    /** <use> elements. */
    uses: 8,
    /** Raster images embedded as data: URLs. */
    images: 4,
    /** Device pixels an SVG marker is rasterized at (4096 × 4096). */
    rasterPixels: 4096 * 4096,
    /** Filtered (or masked) elements as drawn × device pixels: blurring runs at about 20 million pixels a second. */
    filteredPixels: 16_000_000,
    /** Elements as drawn × device pixels: filling runs at billions of pixels a second. */
    drawnPixels: 2_000_000_000
} as const;

/** What an SVG marker's text says it costs to draw, per device pixel. */
export interface SvgCost {
    /** Elements as drawn (every <use> counted as doubling). */
    drawn: number;
    /** Elements a filter or mask applies to, as drawn. */
    filtered: number;
}

/** Throws MarkerImageError saying which bound the SVG text passes; its cost when it is within all of them. */
export function checkSvgBudget(text: string, maxImageSide: number): SvgCost {
    let elements = 0, primitives = 0, filtered = 0, uses = 0, images = 0;
    // Every opening tag: `<name …` (closing tags, comments, CDATA and processing instructions are not elements).
    const tag = /<([a-zA-Z][\w:.-]*)([^>]*)>/g;
    for (let m = tag.exec(text); m; m = tag.exec(text)) {
        // Stop reading at the bound: a hostile file costs the main thread no more than a good one.
        if (++elements > SVG_LIMITS.elements) throw new MarkerImageError(`the SVG marker has more than ${SVG_LIMITS.elements} elements`);
        const name = m[1].toLowerCase();
        const attributes = m[2];
        if (name.startsWith('fe')) primitives++;
        else if (name === 'use') uses++;
        else if (name === 'image') images++;
        if (/\b(filter|mask)\s*[=:]/i.test(attributes)) filtered++;
    }
    // A style sheet may apply filters to whole classes of elements: each rule counts as every element.
    if (/<style[\s>][\s\S]*?\b(filter|mask)\s*:/i.test(text)) filtered += elements;
    // Each <use> may at most double what is drawn (it draws one element of the document, with its
    // subtree, once more; a chain of them multiplies), so 2^uses bounds the repetition.
    const repeat = 2 ** Math.min(uses, 30);
    const L = SVG_LIMITS;
    if (uses > L.uses) throw new MarkerImageError(`the SVG marker has ${uses} <use> elements (at most ${L.uses})`);
    if (elements * repeat > L.drawnElements) {
        throw new MarkerImageError(`the SVG marker may draw up to ${elements * repeat} elements through its ${uses} <use> elements (at most ${L.drawnElements})`);
    }
    if (primitives > L.filterPrimitives) throw new MarkerImageError(`the SVG marker has ${primitives} filter primitives (at most ${L.filterPrimitives})`);
    if (filtered * repeat > L.filteredElements) {
        throw new MarkerImageError(`the SVG marker applies filters to up to ${filtered * repeat} elements (at most ${L.filteredElements})`);
    }
    if (images > L.images) throw new MarkerImageError(`the SVG marker embeds ${images} images (at most ${L.images})`);
    const numbers = countPathNumbers(text, Math.floor(L.pathNumbers / repeat) + 1);
    if (numbers * repeat > L.pathNumbers) {
        throw new MarkerImageError(`the SVG marker's paths have more than ${L.pathNumbers} coordinates as drawn`);
    }
    checkEmbeddedImages(text, maxImageSide);
    return {drawn: elements * repeat, filtered: filtered * repeat};
}

/** Throws MarkerImageError when an SVG of this cost, drawn at width × height device pixels, passes a bound on pixels. */
export function checkSvgRaster(cost: SvgCost, width: number, height: number): void {
    const L = SVG_LIMITS;
    const pixels = Math.max(1, Math.round(width)) * Math.max(1, Math.round(height));
    const size = `${Math.round(width)} × ${Math.round(height)} pixels`;
    if (pixels > L.rasterPixels) throw new MarkerImageError(`the SVG marker would be drawn at ${size} (at most ${L.rasterPixels} pixels): ask for a smaller marker`);
    if (cost.filtered * pixels > L.filteredPixels) {
        throw new MarkerImageError(`the SVG marker filters ${cost.filtered} elements at ${size} (at most ${L.filteredPixels / 1e6} million filtered pixels): ask for a smaller marker or use fewer filters`);
    }
    if (cost.drawn * pixels > L.drawnPixels) {
        throw new MarkerImageError(`the SVG marker draws ${cost.drawn} elements at ${size} (at most ${L.drawnPixels / 1e9} billion pixels drawn): ask for a smaller marker or use fewer elements`);
    }
}

/** A number in SVG path syntax: `.5.5` is two, `1e-3` one. */
const NUMBER = /(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/g;

/** Numbers in the geometry attributes (d, points, and the path of text and motion), counted up to `stop`. */
function countPathNumbers(text: string, stop: number): number {
    let count = 0;
    const geometry = /\s(?:d|points|path)\s*=\s*("[^"]*"|'[^']*')/gi;
    for (let m = geometry.exec(text); m; m = geometry.exec(text)) {
        NUMBER.lastIndex = 0;
        while (NUMBER.exec(m[1])) if (++count >= stop) return count;
    }
    return count;
}

/** Embedded rasters are decoded by the rasterizer: their sides are read from their headers first, like a PNG marker's. */
function checkEmbeddedImages(text: string, maxSide: number): void {
    const data = /data:image\/(png|jpeg|gif);base64,([A-Za-z0-9+/=\s]*)/gi;
    for (let m = data.exec(text); m; m = data.exec(text)) {
        const bytes = Buffer.from(m[2].replace(/\s+/g, ''), 'base64');
        const [w, h] = rasterSize(m[1].toLowerCase(), bytes);
        if (!(w > 0 && h > 0 && w <= maxSide && h <= maxSide)) {
            throw new MarkerImageError(w > 0 && h > 0
                ? `the SVG marker embeds a ${m[1].toUpperCase()} image of ${w} × ${h} pixels (at most ${maxSide} a side)`
                : `the SVG marker embeds a ${m[1].toUpperCase()} image without a readable header`);
        }
    }
}

/** Width and height from a PNG, GIF or JPEG header; [0, 0] when there is none. */
function rasterSize(type: string, b: Buffer): [number, number] {
    if (type === 'png') return b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? [b.readUInt32BE(16), b.readUInt32BE(20)] : [0, 0];
    if (type === 'gif') return b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF' ? [b.readUInt16LE(6), b.readUInt16LE(8)] : [0, 0];
    // JPEG: the first start-of-frame segment (SOF0…SOF15 but DHT, JPG, DAC) carries the size.
    let i = 2;
    if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return [0, 0];
    while (i + 9 < b.length) {
        if (b[i] !== 0xff) return [0, 0];
        const marker = b[i + 1];
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
        i += 2 + b.readUInt16BE(i + 2);
    }
    return [0, 0];
}
