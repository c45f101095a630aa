// The MapLibre sprite sheet: our POI markers (the /icons24 images) named by the OpenMapTiles POI class
// or subclass they stand for (data/maplibre-styles/poi-icons.json), the default marker `poi`, the
// aerodrome marker `airport` and a one-way arrow, packed with potpack at 1x and 2x.
import {createCanvas, type Canvas} from '@napi-rs/canvas';
import potpack from 'potpack';
import {markerImage} from '../assets/icons.js';
import {loadPoiIcons} from './maplibre-style.js';

/** CSS pixels of a POI marker in the sprite (as /icons24). */
export const SPRITE_ICON_SIZE = 24;
/** Icon id of the airport marker (data/maplibre-styles/icons.json). */
const AIRPORT_ICON = 78;
/** An icon id no category has: the default marker. */
const DEFAULT_ICON = 0;

export interface SpriteEntry {x: number; y: number; width: number; height: number; pixelRatio: number}
export interface Sprite {json: Record<string, SpriteEntry>; png: Buffer}

const sheets = new Map<number, Sprite>();

/** The sprite sheet at a pixel ratio (1 or 2), built once. */
export function spriteSheet(ratio: 1 | 2): Sprite {
    let sprite = sheets.get(ratio);
    if (!sprite) {
        sprite = buildSprite(ratio);
        sheets.set(ratio, sprite);
    }
    return sprite;
}

/** Every image name of the sprite: POI classes and subclasses, `poi`, `airport` and `oneway`. */
export function spriteNames(): string[] {
    const icons = loadPoiIcons();
    return [...new Set([...Object.keys(icons.class), ...Object.keys(icons.subclass), 'poi', 'airport', 'oneway'])];
}

const images = new Map<string, Canvas | null>();

/**
 * One image of the sprite at a pixel ratio (any, e.g. 2.67 for /image's bigIcon), drawn once and
 * kept; null for a name the sprite does not have. /image draws style icons with these, the sprite
 * sheet packs them.
 */
export function spriteImage(name: string, ratio: number): Canvas | null {
    const key = `${name}@${ratio}`;
    let image = images.get(key);
    if (image !== undefined) return image;
    const icons = loadPoiIcons();
    const icon = name === 'poi' ? DEFAULT_ICON : name === 'airport' ? AIRPORT_ICON : icons.subclass[name] ?? icons.class[name];
    if (name === 'oneway') {
        image = createCanvas(Math.round(20 * ratio), Math.round(12 * ratio));
        drawArrow(image.getContext('2d'), 0, 0, image.width, image.height);
    } else if (icon !== undefined) {
        const size = Math.round(SPRITE_ICON_SIZE * ratio);
        image = createCanvas(size, size);
        image.getContext('2d').drawImage(markerImage(icon, size), 0, 0, size, size);
    } else {
        image = null;
    }
    images.set(key, image);
    return image;
}

function buildSprite(ratio: number): Sprite {
    const boxes = spriteNames().map((name) => {
        const image = spriteImage(name, ratio)!;
        return {name, image, w: image.width, h: image.height, x: 0, y: 0};
    });
    // One pixel between images so that linear sampling never bleeds a neighbour in.
    const padded = boxes.map((b) => ({...b, w: b.w + 2, h: b.h + 2}));
    const {w, h} = potpack(padded);
    const canvas = createCanvas(Math.ceil(w), Math.ceil(h));
    const ctx = canvas.getContext('2d');
    const json: Record<string, SpriteEntry> = {};
    for (const b of padded) {
        ctx.drawImage(b.image, b.x + 1, b.y + 1);
        json[b.name] = {x: b.x + 1, y: b.y + 1, width: b.w - 2, height: b.h - 2, pixelRatio: ratio};
    }
    return {json, png: canvas.toBuffer('image/png')};
}

type Ctx = ReturnType<Canvas['getContext']>;

/** A grey arrow pointing right (along the line's direction). */
function drawArrow(ctx: Ctx, x: number, y: number, w: number, h: number): void {
    ctx.fillStyle = '#7a7a7a';
    ctx.beginPath();
    ctx.moveTo(x, y + h * 0.38);
    ctx.lineTo(x + w * 0.6, y + h * 0.38);
    ctx.lineTo(x + w * 0.6, y);
    ctx.lineTo(x + w, y + h / 2);
    ctx.lineTo(x + w * 0.6, y + h);
    ctx.lineTo(x + w * 0.6, y + h * 0.62);
    ctx.lineTo(x, y + h * 0.62);
    ctx.closePath();
    ctx.fill();
}
