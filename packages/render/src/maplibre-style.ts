// The /image styles (data/styles, our format) written as MapLibre style documents (spec version 8)
// against the OpenMapTiles vector schema, so the browser map and /image share their colours, widths
// and drawing order. tools/maplibre-styles.js writes them to data/maplibre-styles/osm_<name>.json;
// the server fills in its own addresses and the label language per request (see localizeStyle).
import fs from 'node:fs';
import path from 'node:path';
import type {LayerSpec, StyleSpec, ZoomValue} from './style.js';
import {MAPLIBRE_STYLES_DIR} from './assets.js';

/** Placeholders the files carry where the server puts its addresses. */
export const TILES_URL = '{tiles}';
export const GLYPHS_URL = '{glyphs}';
export const SPRITE_URL = '{sprite}';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Layer = {[key: string]: Json};
type Expr = Json[];

const SOURCE = 'openmaptiles';
const NAME: Expr = ['get', 'name'];
const LINES: Expr = ['in', ['geometry-type'], ['literal', ['LineString', 'MultiLineString']]];
const POLYGONS: Expr = ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]];
const POINTS: Expr = ['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint']]];

/** OpenMapTiles POI class and subclass → sprite image (data/maplibre-styles/poi-icons.json). */
export interface PoiIcons {
    class: Record<string, number>;
    subclass: Record<string, number>;
}

export function loadPoiIcons(dir = MAPLIBRE_STYLES_DIR): PoiIcons {
    return JSON.parse(fs.readFileSync(path.join(dir, 'poi-icons.json'), 'utf8')) as PoiIcons;
}

/** Font names the glyph endpoint serves for a family and weight ("Roboto Bold"). */
export function fontName(family: string, weight: string | undefined): string {
    const w = weight === 'bold' ? 'Bold' : weight === 'medium' ? 'Medium' : weight === 'italic' ? 'Italic' : 'Regular';
    return `${family} ${w}`;
}

/** A style of data/styles as a MapLibre style document with placeholder addresses. */
export function toMapLibre(spec: StyleSpec, icons: PoiIcons): Record<string, Json> {
    const layers: Layer[] = [{id: 'background', type: 'background', paint: {'background-color': spec.background}}];
    const fonts = (weight: string | undefined): Json[] => {
        const first = fontName(spec.font, weight);
        const fallback = fontName('Noto Sans', weight);
        return first === fallback ? [first] : [first, fallback];
    };
    const labelPaint = (l: LayerSpec): Layer => ({
        'text-color': l.color ?? '#333333',
        'text-halo-color': l.halo ?? 'rgba(255,255,255,0.8)',
        'text-halo-width': l.haloWidth ?? 1
    });
    // POI names, peaks and house numbers take the street labels' colours.
    const labelStyle = spec.layers.find((l) => l.type === 'label-line' && l.kind === 'road') ?? spec.layers.find((l) => l.type.startsWith('label'));
    for (const l of spec.layers) {
        if (l.multiborders === true || l.kind === 'land') continue;
        if (l.type === 'pois') {
            layers.push(...poiLayers(labelStyle, icons, fonts, labelPaint));
            continue;
        }
        const zooms: Layer = {};
        if (l.minzoom !== undefined) zooms.minzoom = l.minzoom;
        if (l.maxzoom !== undefined) zooms.maxzoom = l.maxzoom;
        for (const target of targets(l)) {
            const filter = all([target.filter, ...flagFilters(l)]);
            const base: Layer = {id: target.suffix ? `${l.id}-${target.suffix}` : l.id, source: SOURCE, 'source-layer': target.layer, ...zooms};
            if (filter) base.filter = filter;
            if (l.type === 'fill') {
                const paint: Layer = {'fill-color': l.color ?? '#000000'};
                if (l.opacity !== undefined) paint['fill-opacity'] = l.opacity;
                if (l.outline) paint['fill-outline-color'] = l.outline;
                layers.push({...base, type: 'fill', paint});
            } else if (l.type === 'building') {
                layers.push(spec.extrude ? {
                    ...base, type: 'fill-extrusion', paint: {
                        'fill-extrusion-color': spec.extrusion.roof,
                        'fill-extrusion-height': ['coalesce', ['get', 'render_height'], spec.extrusion.defaultHeight],
                        'fill-extrusion-base': ['coalesce', ['get', 'render_min_height'], 0],
                        'fill-extrusion-opacity': spec.extrusion.opacity ?? 0.9
                    }
                } : {...base, type: 'fill', paint: {'fill-color': l.color ?? '#000000', ...(l.outline ? {'fill-outline-color': l.outline} : {})}});
            } else if (l.type === 'line') {
                const paint: Layer = {'line-color': l.color ?? '#000000', 'line-width': zoomValue(l.width ?? 1, l.base)};
                if (l.opacity !== undefined) paint['line-opacity'] = l.opacity;
                // MapLibre measures dashes in line widths, our styles in CSS pixels.
                if (l.dash) paint['line-dasharray'] = l.dash.map((d) => round(d / Math.max(1, representativeWidth(l.width ?? 1))));
                layers.push({...base, type: 'line', layout: {'line-cap': l.cap ?? 'round', 'line-join': 'round'}, paint});
            } else {
                const layout: Layer = {
                    'text-field': NAME,
                    'text-font': fonts(l.font),
                    'text-size': zoomValue(l.size ?? 12, 1)
                };
                if (l.uppercase) layout['text-transform'] = 'uppercase';
                if (l.letterSpacing) layout['text-letter-spacing'] = l.letterSpacing;
                if (l.type === 'label-line') {
                    layout['symbol-placement'] = 'line';
                    layout['text-rotation-alignment'] = 'map';
                } else {
                    layout['text-max-width'] = 8;
                }
                layers.push({...base, type: 'symbol', filter: all([base.filter as Expr | undefined, ['has', 'name']])!, layout, paint: labelPaint(l)});
                if (l.kind === 'waterway') {
                    // Lakes, bays and the sea: water_name points and lines, in the waterway label's look.
                    layers.push({
                        id: 'water-name', type: 'symbol', source: SOURCE, 'source-layer': 'water_name', filter: ['has', 'name'],
                        layout: {'text-field': NAME, 'text-font': fonts(l.font), 'text-size': zoomValue(l.size ?? 12, 1), 'text-max-width': 6},
                        paint: labelPaint(l)
                    });
                }
            }
        }
    }
    layers.push(...extraLabels(spec, fonts, labelPaint, labelStyle));
    return {
        version: 8,
        name: `quartier ${spec.name}`,
        metadata: {'quartier:style': spec.name, 'quartier:description': spec.description ?? ''},
        ...(spec.extrude ? {pitch: 45} : {}),
        sources: {
            [SOURCE]: {
                type: 'vector',
                url: TILES_URL,
                attribution: '<a href="https://openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> <a href="https://www.openstreetmap.org/copyright" target="_blank">&copy; OpenStreetMap contributors</a>'
            }
        },
        sprite: SPRITE_URL,
        glyphs: GLYPHS_URL,
        layers
    };
}

interface Target {layer: string; filter?: Expr; suffix?: string}

const match = (field: string, values: string[]): Expr => ['match', ['get', field], values, true, false];

/** The OpenMapTiles source layers (and filters) that hold one of our kinds' features. */
function targets(l: LayerSpec): Target[] {
    const classes = l.classes;
    switch (l.kind) {
        case 'landuse':
            return [{layer: 'landuse', filter: classes && match('class', classes)}];
        case 'landcover':
            return [{layer: 'landcover', filter: classes && ['any', match('class', classes), match('subclass', classes)]}];
        case 'park': {
            // OpenMapTiles: protected areas in `park`, leisure parks and gardens in landcover, pitches and playgrounds in landuse.
            const out: Target[] = [];
            if (!classes || classes.includes('park') || classes.includes('nature_reserve')) out.push({layer: 'park'});
            const cls = classes ?? ['park', 'garden', 'playground', 'pitch', 'golf_course', 'sports', 'zoo', 'recreation_ground', 'dog_park'];
            out.push({layer: 'landcover', filter: match('subclass', cls), suffix: 'landcover'});
            out.push({layer: 'landuse', filter: match('class', cls.map((c) => c === 'sports' ? 'stadium' : c)), suffix: 'landuse'});
            return out;
        }
        case 'water':
            return [{layer: 'water', filter: ['!=', ['get', 'brunnel'], 'tunnel']}];
        case 'waterway':
            return [{layer: 'waterway', filter: classes && match('class', classes)}];
        case 'building':
            return [{layer: 'building'}];
        case 'road_area':
            return [{layer: 'transportation', filter: ['all', POLYGONS, ['any', ['==', ['get', 'class'], 'pier'], ['==', ['get', 'subclass'], 'pedestrian']]]}];
        case 'pier':
            return [{layer: 'transportation', filter: ['all', LINES, ['==', ['get', 'class'], 'pier']]}];
        case 'road':
            return [{layer: l.type === 'label-line' ? 'transportation_name' : 'transportation', filter: all([LINES, roadClasses(classes)])}];
        case 'rail':
            return [{layer: 'transportation', filter: all([LINES, match('class', ['rail', 'transit']), classes && match('subclass', classes)])}];
        case 'boundary':
            return [{layer: 'boundary', filter: all([['!=', ['get', 'maritime'], 1], classes && ['match', ['get', 'admin_level'], classes.map(Number), true, false]])}];
        case 'place':
            return [{layer: 'place', filter: classes && match('class', classes)}];
        default:
            throw new Error(`layer ${l.id}: kind ${l.kind} has no OpenMapTiles layer`);
    }
}

/** Our road classes in OpenMapTiles terms: `pedestrian` is the path class's pedestrian subclass. */
function roadClasses(classes: string[] | undefined): Expr | undefined {
    if (!classes) return undefined;
    const parts: Expr[] = [];
    const plain = classes.filter((c) => c !== 'path' && c !== 'pedestrian');
    if (plain.length) parts.push(match('class', plain));
    if (classes.includes('path')) parts.push(['all', ['==', ['get', 'class'], 'path'], ['!=', ['get', 'subclass'], 'pedestrian']]);
    if (classes.includes('pedestrian')) parts.push(['all', ['==', ['get', 'class'], 'path'], ['==', ['get', 'subclass'], 'pedestrian']]);
    return parts.length === 1 ? parts[0] : ['any', ...parts];
}

function flagFilters(l: LayerSpec): (Expr | undefined)[] {
    const brunnel = (value: string, on: boolean | undefined): Expr | undefined =>
        on === undefined ? undefined : [on ? '==' : '!=', ['get', 'brunnel'], value];
    return [
        brunnel('tunnel', l.tunnel),
        brunnel('bridge', l.bridge),
        l.link === undefined ? undefined : [l.link ? '==' : '!=', ['get', 'ramp'], 1],
        l.service === undefined ? undefined : l.service ? ['has', 'service'] : ['!', ['has', 'service']]
    ];
}

function all(parts: (Expr | undefined)[]): Expr | undefined {
    const kept = parts.filter((p): p is Expr => p !== undefined);
    return kept.length === 0 ? undefined : kept.length === 1 ? kept[0] : ['all', ...kept];
}

function zoomValue(v: ZoomValue, base = 1): Json {
    if (typeof v === 'number') return v;
    const stops = v.flatMap(([z, w]) => [z, w]);
    return ['interpolate', base === 1 ? ['linear'] : ['exponential', base], ['zoom'], ...stops];
}

function representativeWidth(v: ZoomValue): number {
    if (typeof v === 'number') return v;
    const at16 = v.find(([z]) => z >= 16) ?? v[v.length - 1];
    return at16[1];
}

const round = (x: number): number => Math.round(x * 100) / 100;

type Fonts = (weight: string | undefined) => Json[];

/** POI markers from the sprite (OpenMapTiles class → our icons) with their names below. */
function poiLayers(label: LayerSpec | undefined, icons: PoiIcons, fonts: Fonts, paint: (l: LayerSpec) => Layer): Layer[] {
    const subclasses = Object.keys(icons.subclass);
    const classes = Object.keys(icons.class);
    const image: Expr = ['match', ['get', 'subclass'], subclasses, ['get', 'subclass'],
        ['match', ['get', 'class'], classes, ['get', 'class'], 'poi']];
    const look: LayerSpec = {id: 'poi', type: 'pois', color: label?.color, halo: label?.halo, haloWidth: label?.haloWidth};
    return [{
        id: 'poi', type: 'symbol', source: SOURCE, 'source-layer': 'poi', minzoom: 14,
        filter: ['all', POINTS, ['<=', ['coalesce', ['get', 'rank'], 99], ['step', ['zoom'], 10, 15, 20, 16, 99]]],
        layout: {
            'icon-image': image,
            'icon-size': ['interpolate', ['linear'], ['zoom'], 14, 0.7, 17, 0.9],
            'text-field': ['step', ['zoom'], '', 16, NAME],
            'text-font': fonts('regular'),
            'text-size': 11,
            'text-anchor': 'top',
            'text-offset': [0, 1.1],
            'text-max-width': 8,
            'text-optional': true
        },
        paint: paint(look)
    }, {
        id: 'aerodrome-label', type: 'symbol', source: SOURCE, 'source-layer': 'aerodrome_label', minzoom: 10,
        layout: {'icon-image': 'airport', 'icon-size': 0.8, 'text-field': NAME, 'text-font': fonts('regular'), 'text-size': 11,
            'text-anchor': 'top', 'text-offset': [0, 1.1], 'text-optional': true},
        paint: paint(look)
    }];
}

/** Labels our /image styles do not list: park names, peaks, house numbers, one-way arrows. */
function extraLabels(spec: StyleSpec, fonts: Fonts, paint: (l: LayerSpec) => Layer, street: LayerSpec | undefined): Layer[] {
    const look: LayerSpec = {id: 'extra', type: 'label-point', color: street?.color, halo: street?.halo, haloWidth: street?.haloWidth};
    const park = spec.layers.find((l) => l.kind === 'park' && l.type === 'fill');
    return [{
        id: 'park-label', type: 'symbol', source: SOURCE, 'source-layer': 'park', minzoom: 12,
        filter: ['all', POINTS, ['has', 'name']],
        layout: {'text-field': NAME, 'text-font': fonts('italic'), 'text-size': 11, 'text-max-width': 8},
        paint: {...paint(look), ...(park?.outline ? {'text-color': darker(park.outline)} : {})}
    }, {
        id: 'mountain-peak', type: 'symbol', source: SOURCE, 'source-layer': 'mountain_peak', minzoom: 11,
        filter: ['has', 'name'],
        layout: {'text-field': ['concat', '▲ ', NAME], 'text-font': fonts('regular'), 'text-size': 11},
        paint: paint(look)
    }, {
        id: 'housenumber', type: 'symbol', source: SOURCE, 'source-layer': 'housenumber', minzoom: 17,
        layout: {'text-field': ['to-string', ['get', 'housenumber']], 'text-font': fonts('regular'), 'text-size': 10},
        paint: {...paint(look), 'text-halo-width': 1}
    }, {
        id: 'road-oneway', type: 'symbol', source: SOURCE, 'source-layer': 'transportation', minzoom: 16,
        filter: ['all', LINES, ['match', ['get', 'oneway'], [1, -1], true, false]],
        layout: {
            'symbol-placement': 'line', 'symbol-spacing': 90, 'icon-image': 'oneway', 'icon-size': 0.5,
            'icon-rotate': ['match', ['get', 'oneway'], -1, 180, 0], 'icon-rotation-alignment': 'map', 'icon-padding': 2
        },
        paint: {'icon-opacity': 0.6}
    }];
}

/** A park label colour: the park outline, darkened to read on the park fill. */
function darker(color: string): string {
    const m = /^#([0-9a-f]{6})$/i.exec(color);
    if (!m) return color;
    const n = parseInt(m[1], 16);
    const f = (c: number): string => Math.round(c * 0.45).toString(16).padStart(2, '0');
    return `#${f(n >> 16)}${f((n >> 8) & 255)}${f(n & 255)}`;
}

/**
 * A style document for a client: its addresses filled in and, with a language (e.g. "fr"), every
 * label's `name` replaced by `name:fr` when the feature has one (OpenMapTiles' name:xx fields).
 */
export function localizeStyle(style: Record<string, unknown>, urls: {tiles: string; glyphs: string; sprite: string}, language?: string): Record<string, unknown> {
    const out = structuredClone(style) as Record<string, Json>;
    (out.sources as Record<string, Record<string, Json>>)[SOURCE].url = urls.tiles;
    out.glyphs = urls.glyphs;
    out.sprite = urls.sprite;
    if (language) {
        const local: Expr = ['coalesce', ['get', `name:${language}`], NAME];
        for (const layer of out.layers as Layer[]) {
            const layout = layer.layout as Layer | undefined;
            if (layout?.['text-field'] !== undefined) layout['text-field'] = replaceName(layout['text-field'], local);
        }
    }
    return out;
}

function replaceName(e: Json, local: Expr): Json {
    if (!Array.isArray(e)) return e;
    if (e.length === 2 && e[0] === 'get' && e[1] === 'name') return local;
    return e.map((x) => replaceName(x, local));
}

/** The MapLibre document of a style as written in data/maplibre-styles (its file: "osm_liberty.json"). */
export function readMapLibreStyle(file: string, dir = MAPLIBRE_STYLES_DIR): Record<string, unknown> {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
}
