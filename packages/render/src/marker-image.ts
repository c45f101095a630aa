// Decoding a custom marker fetched from the internet, defensively: PNG or SVG only, recognized by
// their bytes (not by what the server claims); PNG dimensions read from the header before any
// decoding (no decompression bombs); SVG refused when it declares entities or a DOCTYPE, carries
// scripts or foreign content, or refers to anything outside itself.
import {Image} from '@napi-rs/canvas';

export class MarkerImageError extends Error {
    override name = 'MarkerImageError';
}

/** Largest marker file accepted. */
export const MAX_MARKER_BYTES = 1024 * 1024;
/** Largest PNG side accepted (pixels), checked in the header before decoding. */
export const MAX_MARKER_SIDE = 4096;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type MarkerType = 'png' | 'svg';

/** What the bytes are: 'png', 'svg', or null. */
export function sniffMarker(bytes: Uint8Array): MarkerType | null {
    if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
    return null;
}

/**
 * Decodes a marker into an image to draw at `width` × `height` device pixels (an SVG is rasterized
 * at that size). Throws MarkerImageError with a message for the caller.
 */
export function decodeMarkerImage(bytes: Buffer, width: number, height: number): Image {
    if (bytes.length === 0) throw new MarkerImageError('the marker file is empty');
    if (bytes.length > MAX_MARKER_BYTES) throw new MarkerImageError(`the marker file is larger than ${MAX_MARKER_BYTES} bytes`);
    const type = sniffMarker(bytes);
    if (type === 'png') return decodePng(bytes);
    if (type === 'svg') return decodeSvg(bytes.toString('utf8'), width, height);
    throw new MarkerImageError('the marker is neither a PNG nor an SVG image');
}

function decodePng(bytes: Buffer): Image {
    // IHDR comes first: length (4), 'IHDR', width (4), height (4).
    if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new MarkerImageError('the PNG marker has no header');
    const w = bytes.readUInt32BE(16), h = bytes.readUInt32BE(20);
    if (w === 0 || h === 0 || w > MAX_MARKER_SIDE || h > MAX_MARKER_SIDE) {
        throw new MarkerImageError(`the PNG marker is ${w} × ${h} pixels (at most ${MAX_MARKER_SIDE} a side)`);
    }
    return load(bytes, 'PNG');
}

const FORBIDDEN_SVG = /<!DOCTYPE|<!ENTITY|<script|<foreignObject|<iframe|<embed|<object|\bon[a-z]+\s*=|javascript:|@import/i;

function decodeSvg(text: string, width: number, height: number): Image {
    if (FORBIDDEN_SVG.test(text)) throw new MarkerImageError('the SVG marker contains scripts, entities or embedded documents');
    // References may only point inside the document (#id) or be inline raster data.
    const refs = /(?:href|src)\s*=\s*["']\s*([^"']*)["']|url\(\s*["']?\s*([^"')]*)/gi;
    for (let m = refs.exec(text); m; m = refs.exec(text)) {
        const ref = (m[1] ?? m[2] ?? '').trim();
        if (ref === '' || ref.startsWith('#') || /^data:image\/(png|jpeg|gif);base64,/i.test(ref)) continue;
        throw new MarkerImageError('the SVG marker refers to external resources');
    }
    // Rasterize at the size it is drawn: set the root element's width and height.
    const sized = text.replace(/<svg\b([^>]*)>/i, (_all, attrs: string) => {
        const rest = attrs.replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/gi, '');
        return `<svg width="${Math.max(1, Math.round(width))}" height="${Math.max(1, Math.round(height))}"${rest}>`;
    });
    return load(Buffer.from(sized, 'utf8'), 'SVG');
}

function load(bytes: Buffer, what: string): Image {
    const image = new Image();
    try {
        image.src = bytes;
    } catch {
        throw new MarkerImageError(`the ${what} marker cannot be decoded`);
    }
    if (!image.complete || image.width === 0 || image.height === 0) throw new MarkerImageError(`the ${what} marker cannot be decoded`);
    return image;
}
