// POI markers and line badges: Maki glyphs (@mapbox/maki, CC0) drawn white on a disc of the
// category's colour (data/maplibre-styles/icons.json), and rounded badges with a transit line's or motorway's
// text and colour. Rasterized once per size and kept (the set is small and fixed), then reused as
// images on every map and served as the PNG icon endpoints.
import fs from 'node:fs';
import path from 'node:path';
import {createCanvas, Image, type Canvas} from '@napi-rs/canvas';
import type {Region} from '@quartier/engine';
import {loadCategories, BADGE_KINDS, regionSections, type PoiIndex} from '@quartier/engine/internal';
import {MAPLIBRE_STYLES_DIR, packageDir} from './files.js';
import {fontString, registerFonts} from './fonts.js';

interface IconEntry {glyph: string; color: string}
interface IconsFile {
    default: IconEntry;
    icons: Record<string, IconEntry>;
    badges: Record<string, {color: string; text: string}>;
    priority: string[];
}

let iconsFile: IconsFile | null = null;
/** Brand and sub-type icon ids → the icons.json entry (brands inherit their sub-type's). */
let entries: Map<number, IconEntry> | null = null;
let priorities: Map<number, number> | null = null;

function config(): {file: IconsFile; entries: Map<number, IconEntry>; priorities: Map<number, number>} {
    if (!iconsFile || !entries || !priorities) {
        const file = path.join(MAPLIBRE_STYLES_DIR, 'icons.json');
        iconsFile = JSON.parse(fs.readFileSync(file, 'utf8')) as IconsFile;
        entries = new Map();
        priorities = new Map();
        for (const category of loadCategories().categories) {
            for (const st of category.subtypes) {
                const entry = iconsFile.icons[String(st.icon)] ?? iconsFile.default;
                entries.set(st.icon, entry);
                const rank = iconsFile.priority.indexOf(String(st.icon));
                priorities.set(st.icon, rank < 0 ? iconsFile.priority.length : rank);
                for (const b of st.brands ?? []) {
                    entries.set(b.icon, entry);
                    priorities.set(b.icon, priorities.get(st.icon)!);
                }
            }
        }
        for (const e of new Set(entries.values())) glyphSvg(e.glyph, file);
    }
    return {file: iconsFile, entries, priorities};
}

/** Whether an icon id is one of the categories' icons (the icon endpoints answer 404 otherwise). */
export function isKnownIcon(icon: number): boolean {
    return config().entries.has(icon);
}

/** Placement rank of an icon: lower is placed first when markers collide. */
export function iconPriority(icon: number): number {
    return config().priorities.get(icon) ?? 999;
}

const svgCache = new Map<string, string>();

function glyphSvg(name: string, where = 'icons.json'): string {
    let svg = svgCache.get(name);
    if (svg === undefined) {
        const file = path.join(packageDir('@mapbox/maki'), 'icons', `${name}.svg`);
        if (!/^[a-z0-9-]+$/.test(name) || !fs.existsSync(file)) throw new Error(`${where}: no Maki icon named ${name}`);
        svg = fs.readFileSync(file, 'utf8');
        svgCache.set(name, svg);
    }
    return svg;
}

/** A Maki glyph as an image of `size` pixels, in one colour. */
function glyphImage(name: string, size: number, color: string): Image {
    const svg = glyphSvg(name).replace(/<svg([^>]*?)width="15" height="15"/, `<svg$1width="${size}" height="${size}" fill="${color}"`);
    const img = new Image();
    img.src = Buffer.from(svg);
    return img;
}

const markers = new Map<string, Image>();

/** A drawn canvas as an image: drawing an image costs less than drawing from a canvas each time. */
function frozen(canvas: Canvas): Image {
    const image = new Image();
    image.src = canvas.toBuffer('image/png');
    return image;
}

/** The marker of an icon id, `size` device pixels across: a disc with a white rim and the glyph. */
export function markerImage(icon: number, size: number): Image {
    const key = `${icon}/${size}`;
    let image = markers.get(key);
    if (!image) {
        image = frozen(markerCanvas(icon, size));
        markers.set(key, image);
    }
    return image;
}

function markerCanvas(icon: number, size: number): Canvas {
    const entry = config().entries.get(icon) ?? config().file.default;
    const canvas = createCanvas(size, size);
    const ctx = canvas.getContext('2d');
    const r = size / 2;
    ctx.fillStyle = 'rgba(0,0,0,0.25)';
    ctx.beginPath();
    ctx.arc(r, r + size * 0.03, r * 0.96, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(r, r, r * 0.94, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = entry.color;
    ctx.beginPath();
    ctx.arc(r, r, r * 0.82, 0, Math.PI * 2);
    ctx.fill();
    const g = Math.round(size * 0.56);
    ctx.drawImage(glyphImage(entry.glyph, g, '#ffffff'), (size - g) / 2, (size - g) / 2, g, g);
    return canvas;
}

const BADGE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(BADGE_KINDS).map(([k, v]) => [v, k]));
const badges = new Map<string, Image>();
const MAX_BADGES = 4096;

/** The badge of a region's sub-icon `si`, `height` device pixels high (width follows the text), or null. */
export function badgeImage(region: Region, si: number, height: number): Image | null {
    const spec = badgeSpec(regionSections(region).pois, si);
    if (!spec) return null;
    const key = `${spec.kind}/${spec.text}/${spec.color}/${height}`;
    let image = badges.get(key);
    if (!image) {
        image = frozen(badgeCanvas(spec, height));
        if (badges.size >= MAX_BADGES) badges.clear();
        badges.set(key, image);
    }
    return image;
}

interface BadgeSpec {kind: string; text: string; color: string; textColor: string}

function badgeSpec(pois: PoiIndex, si: number): BadgeSpec | null {
    if (!Number.isInteger(si) || si <= 0 || si >= pois.badgeKind.length) return null;
    const text = pois.badgeText.get(si).slice(0, 12);
    const kind = BADGE_NAMES[pois.badgeKind[si]] ?? 'bus';
    const colourBits = pois.badgeColour[si];
    const fallback = config().file.badges[kind] ?? {color: '#555555', text: '#ffffff'};
    const own = (colourBits & 0x1000000) !== 0;
    return {
        kind, text,
        color: own ? `#${(colourBits & 0xffffff).toString(16).padStart(6, '0')}` : fallback.color,
        textColor: own ? readableOn(colourBits & 0xffffff) : fallback.text
    };
}

function badgeCanvas(spec: BadgeSpec, height: number): Canvas {
    registerFonts();
    const font = fontString('Roboto', 'bold', height * 0.62);
    const probe = createCanvas(1, 1).getContext('2d');
    probe.font = font;
    const width = Math.max(height, Math.ceil(probe.measureText(spec.text).width + height * 0.6));
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    const r = spec.kind === 'motorway' ? height * 0.18 : height * 0.3;
    ctx.fillStyle = '#ffffff';
    roundRect(ctx, 0, 0, width, height, r);
    ctx.fill();
    ctx.fillStyle = spec.color;
    const inset = Math.max(1, height * 0.08);
    roundRect(ctx, inset, inset, width - 2 * inset, height - 2 * inset, Math.max(0, r - inset));
    ctx.fill();
    ctx.fillStyle = spec.textColor;
    ctx.font = font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(spec.text, width / 2, height / 2 + height * 0.03);
    return canvas;
}

/** Black or white text, whichever reads better on a background colour. */
function readableOn(rgb: number): string {
    const r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
    return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#000000' : '#ffffff';
}

type Ctx = ReturnType<Canvas['getContext']>;

export function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
}

const pngs = new Map<string, Buffer>();

/** The icon endpoints' PNG of a marker (`size` = 24 or 32 CSS pixels, `ratio` 1 or 2). */
export function markerPng(icon: number, size: number, ratio: number): Buffer {
    const key = `m/${icon}/${size}/${ratio}`;
    let png = pngs.get(key);
    if (!png) {
        png = markerCanvas(icon, size * ratio).toBuffer('image/png');
        pngs.set(key, png);
    }
    return png;
}

/** Badges drawn, per region's POI index: as many as its data has transit lines, twice (two ratios). */
const badgePngs = new WeakMap<PoiIndex, Map<string, Buffer>>();

/** The sub-icon endpoint's PNG of a badge (24 CSS pixels high), or null when `si` is unknown; drawn once, like the icons. */
export function badgePng(region: Region, si: number, ratio: number): Buffer | null {
    const pois = regionSections(region).pois;
    let drawn = badgePngs.get(pois);
    if (!drawn) badgePngs.set(pois, drawn = new Map());
    const key = `${si}/${ratio}`;
    let png = drawn.get(key);
    if (!png) {
        const spec = badgeSpec(pois, si);
        if (!spec) return null;
        png = badgeCanvas(spec, 24 * ratio).toBuffer('image/png');
        drawn.set(key, png);
    }
    return png;
}
