// Decoding a custom marker fetched from the internet, defensively: PNG or SVG only, recognized by
// their bytes (not by what the server claims); PNG dimensions read from the header before any
// decoding (no decompression bombs); SVG refused when it declares entities or a DOCTYPE, carries
// scripts or foreign content, or refers to anything outside itself, or costs more to draw than a
// marker should (svg-budget.ts).
import {Image} from '@napi-rs/canvas';
import {MarkerImageError} from './marker-error.js';
import {checkSvgBudget, checkSvgRaster, type SvgCost} from './svg-budget.js';

export {MarkerImageError};

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

/** What checkMarker found: the kind, and for an SVG what it costs per pixel drawn. */
export interface MarkerCheck {
    type: MarkerType;
    svg: SvgCost | null;
}

/**
 * Checks a marker's bytes without decoding them: its kind, its size, and for an SVG what it holds and
 * what it costs to draw (checkMarkerSize then bounds that at the size asked for). Throws
 * MarkerImageError saying why it cannot be used.
 */
export function checkMarker(bytes: Uint8Array): MarkerCheck {
    if (bytes.length === 0) throw new MarkerImageError('the marker file is empty');
    if (bytes.length > MAX_MARKER_BYTES) throw new MarkerImageError(`the marker file is larger than ${MAX_MARKER_BYTES} bytes`);
    const type = sniffMarker(bytes);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (type === 'png') {
        checkPng(buffer);
        return {type, svg: null};
    }
    if (type === 'svg') return {type, svg: checkSvg(buffer.toString('utf8'))};
    throw new MarkerImageError('the marker is neither a PNG nor an SVG image');
}

/** Throws MarkerImageError when the marker costs too much drawn at `width` × `height` device pixels (an SVG is rasterized at that size). */
export function checkMarkerSize(check: MarkerCheck, width: number, height: number): void {
    if (check.svg) checkSvgRaster(check.svg, width, height);
}

/**
 * Decodes a marker into an image to draw at `width` × `height` device pixels (an SVG is rasterized
 * at that size). Throws MarkerImageError with a message for the caller.
 */
export function decodeMarkerImage(bytes: Buffer, width: number, height: number): Image {
    const check = checkMarker(bytes);
    checkMarkerSize(check, width, height);
    if (check.type === 'png') return load(bytes, 'PNG');
    return decodeSvg(bytes.toString('utf8'), width, height);
}

function checkPng(bytes: Buffer): void {
    // IHDR comes first: length (4), 'IHDR', width (4), height (4).
    if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new MarkerImageError('the PNG marker has no header');
    const w = bytes.readUInt32BE(16), h = bytes.readUInt32BE(20);
    if (w === 0 || h === 0 || w > MAX_MARKER_SIDE || h > MAX_MARKER_SIDE) {
        throw new MarkerImageError(`the PNG marker is ${w} × ${h} pixels (at most ${MAX_MARKER_SIDE} a side)`);
    }
}

const FORBIDDEN_SVG = /<!DOCTYPE|<!ENTITY|<script|<foreignObject|<iframe|<embed|<object|\bon[a-z]+\s*=|javascript:|@import/i;

function checkSvg(text: string): SvgCost {
    // The bounds first: they stop reading a hostile file early.
    const cost = checkSvgBudget(text, MAX_MARKER_SIDE);
    if (FORBIDDEN_SVG.test(text)) throw new MarkerImageError('the SVG marker contains scripts, entities or embedded documents');
    // References may only point inside the document (#id) or be inline raster data.
    const refs = /(?:href|src)\s*=\s*["']\s*([^"']*)["']|url\(\s*["']?\s*([^"')]*)/gi;
    for (let m = refs.exec(text); m; m = refs.exec(text)) {
        const ref = (m[1] ?? m[2] ?? '').trim();
        if (ref === '' || ref.startsWith('#') || /^data:image\/(png|jpeg|gif);base64,/i.test(ref)) continue;
        throw new MarkerImageError('the SVG marker refers to external resources');
    }
    return cost;
}

function decodeSvg(text: string, width: number, height: number): Image {
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
