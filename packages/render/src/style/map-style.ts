// The seven styles of /image are the MapLibre style documents of data/maplibre-styles (the ones the
// browser loads from /{cc}/styles): one source of truth for both. Loading compiles each layer's filter,
// paint and layout properties with @maplibre/maplibre-gl-style-spec, so /image evaluates them exactly
// as MapLibre does. What only a static image needs (font family, extrusion colours of walls and
// shades, the attribution box) lives in the document's metadata "quartier:image".
import fs from 'node:fs';
import path from 'node:path';
import {expression, featureFilter, latest, type FeatureFilter, type StylePropertyExpression} from '@maplibre/maplibre-gl-style-spec';
import {MAPLIBRE_STYLES_DIR} from '../assets/files.js';
import {isKnownFamily, type FontWeight} from '../assets/fonts.js';

/** The seven styles by their mapStyle index (1 liberty … 7 liberty_stonehedge). */
export const STYLE_NAMES = ['liberty', 'basic', 'bright', '3d', 'positron', 'dark', 'liberty_stonehedge'] as const;

export type StyleLayerType = 'background' | 'fill' | 'line' | 'fill-extrusion' | 'symbol';

/** Metadata "quartier:image" of a style document. */
export interface ImageLook {
    /** Label font family (Roboto or Noto Sans) when a text-font names none we ship. */
    font: string;
    /** Extruded buildings even without threeDMode (the 3d style). */
    extrude: boolean;
    /** Extrusion colours: roofs, walls lit and shaded; default height (m) of untagged buildings. */
    extrusion: {roof: string; wall: string; shade: string; defaultHeight: number; opacity?: number};
    attribution: {color: string; background: string};
}

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type LayerDoc = {[key: string]: Json};

export interface StyleLayer {
    id: string;
    type: StyleLayerType;
    sourceLayer: string;
    minzoom: number;
    maxzoom: number;
    /** null: every feature. */
    filter: FeatureFilter | null;
    /** The filter reads a per-feature tag (rank, ref, name…): it cannot be memoized per tag set. */
    filterPerFeature: boolean;
    /** Shown only with multiborders (metadata "quartier:multiborders"), hidden in the browser. */
    multiborders: boolean;
    visible: boolean;
    paint: Map<string, StylePropertyExpression>;
    layout: Map<string, StylePropertyExpression>;
    /** Values of the properties that read no feature, at the zoom they were evaluated at (propertyValue's memo). */
    constants: Map<string, {zoom: number; value: unknown}>;
}

export interface MapStyle {
    name: string;
    /** 1 to 7. */
    mapStyle: number;
    /** File name under data/maplibre-styles (osm_liberty.json). */
    file: string;
    document: Record<string, unknown>;
    look: ImageLook;
    layers: StyleLayer[];
}

const TYPES = new Set<string>(['background', 'fill', 'line', 'fill-extrusion', 'symbol']);
const cache = new Map<string, MapStyle>();

/** Loads (once) the style with this mapStyle index, 1 to 7. */
export function styleByIndex(index: number): MapStyle {
    const name = STYLE_NAMES[index - 1];
    if (!name) throw new Error(`no map style ${index}`);
    return loadStyle(name);
}

/** Loads (once) a style by name ("liberty") from data/maplibre-styles/osm_<name>.json. */
export function loadStyle(name: string, dir = MAPLIBRE_STYLES_DIR): MapStyle {
    const key = `${dir}/${name}`;
    let style = cache.get(key);
    if (!style) {
        const file = `osm_${name}.json`;
        let document: Record<string, unknown>;
        try {
            document = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
        } catch (err) {
            throw new Error(`cannot read the map style ${path.join(dir, file)}: ${(err as Error).message}`);
        }
        style = compileStyle(document, name, file);
        cache.set(key, style);
    }
    return style;
}

/** Compiles a MapLibre style document; throws naming the layer and property that cannot be read. */
export function compileStyle(document: Record<string, unknown>, name: string, file = `osm_${name}.json`): MapStyle {
    const fail = (what: string) => new Error(`${file}: ${what}`);
    const index = STYLE_NAMES.indexOf(name as typeof STYLE_NAMES[number]) + 1;
    const look = (document.metadata as Record<string, unknown> | undefined)?.['quartier:image'] as ImageLook | undefined;
    if (!look || typeof look !== 'object') throw fail('metadata "quartier:image" is missing (font, extrude, extrusion, attribution)');
    if (!isKnownFamily(look.font)) throw fail(`unknown font ${look.font} (Roboto or Noto Sans)`);
    if (!Array.isArray(document.layers)) throw fail('"layers" must be an array');
    const layers = (document.layers as LayerDoc[]).map((l, i): StyleLayer => {
        const at = `layer ${i} (${String(l.id)})`;
        const type = String(l.type);
        if (!TYPES.has(type)) throw fail(`${at}: /image cannot draw layers of type ${type}`);
        const compile = (group: 'paint' | 'layout'): Map<string, StylePropertyExpression> => {
            const out = new Map<string, StylePropertyExpression>();
            const values = (l[group] ?? {}) as Record<string, Json>;
            const specs = (latest as unknown as Record<string, Record<string, unknown>>)[`${group}_${type}`] ?? {};
            for (const [prop, value] of Object.entries(values)) {
                if (prop === 'visibility') continue;
                const spec = specs[prop];
                if (!spec) throw fail(`${at}: unknown ${group} property ${prop}`);
                if (!expression.isExpression(value)) {
                    out.set(prop, expression.normalizePropertyExpression(value as never, `${at}.${prop}`, spec as never));
                    continue;
                }
                const compiled = expression.createPropertyExpression(value, `${at}.${prop}`, spec as never);
                if (compiled.result === 'error') throw fail(`${at}: ${prop}: ${compiled.value.map((e) => e.message).join('; ')}`);
                out.set(prop, compiled.value as StylePropertyExpression);
            }
            return out;
        };
        const metadata = (l.metadata ?? {}) as Record<string, Json>;
        const layout = (l.layout ?? {}) as Record<string, Json>;
        return {
            id: String(l.id), type: type as StyleLayerType, sourceLayer: String(l['source-layer'] ?? ''),
            minzoom: typeof l.minzoom === 'number' ? l.minzoom : 0,
            maxzoom: typeof l.maxzoom === 'number' ? l.maxzoom : 24,
            filter: l.filter === undefined ? null : featureFilter(l.filter as never, `${at}.filter`),
            filterPerFeature: readsPerFeatureKey(l.filter),
            multiborders: metadata['quartier:multiborders'] === true,
            visible: layout.visibility !== 'none',
            paint: compile('paint'), layout: compile('layout'), constants: new Map()
        };
    });
    return {name, mapStyle: index, file, document, look, layers};
}

/** Tags that tell features apart without changing which style layers take them (names, numbers per feature). */
export const PER_FEATURE_KEY = /^(name|housenumber|render_height|render_min_height|ele|ele_ft|ref|rank|iata|icao)([:_].*)?$/;

/** Whether a filter mentions a per-feature tag anywhere (as ['get', k] or in the legacy form ['<=', k, v]). */
function readsPerFeatureKey(filter: unknown): boolean {
    if (typeof filter === 'string') return PER_FEATURE_KEY.test(filter);
    return Array.isArray(filter) && filter.some(readsPerFeatureKey);
}

/** Evaluation context of one image: the style zoom (MapLibre's, one less than the 256-pixel tile zoom). */
export interface Globals {zoom: number}

/** A feature as style expressions read it. */
export interface StyleFeature {type: 1 | 2 | 3; properties: Record<string, unknown>}

/** The value of a property (paint first, then layout), or `fallback` when the layer does not set it. */
export function propertyValue<T>(layer: StyleLayer, prop: string, globals: Globals, feature: StyleFeature | undefined, fallback: T): T {
    return valueAt(layer, prop, prop, globals, feature, fallback);
}

/**
 * A property's value at the next zoom up: the size MapLibre lays a symbol out at (its layoutTextSize and
 * layoutIconSize, which its collision boxes are measured with).
 */
export function nextZoomValue<T>(layer: StyleLayer, prop: string, globals: Globals, feature: StyleFeature | undefined, fallback: T): T {
    return valueAt(layer, prop, `${prop} +1`, {zoom: globals.zoom + 1}, feature, fallback);
}

function valueAt<T>(layer: StyleLayer, prop: string, key: string, globals: Globals, feature: StyleFeature | undefined, fallback: T): T {
    // A property that reads no feature has one value per zoom: evaluated once (the same object each
    // time, which also lets cssColor remember its string).
    const known = layer.constants.get(key);
    if (known !== undefined && known.zoom === globals.zoom) return (known.value ?? fallback) as T;
    const e = layer.paint.get(prop) ?? layer.layout.get(prop);
    if (!e) return fallback;
    const v = (e as {evaluate(g: unknown, f?: unknown): unknown}).evaluate(globals, feature);
    if (e.kind === 'constant' || e.kind === 'camera') layer.constants.set(key, {zoom: globals.zoom, value: v});
    return (v ?? fallback) as T;
}

/** Whether a property depends on the feature (then it is evaluated per feature). */
export function isFeatureDependent(layer: StyleLayer, prop: string): boolean {
    const e = layer.paint.get(prop) ?? layer.layout.get(prop);
    return e !== undefined && (e.kind === 'source' || e.kind === 'composite');
}

/** CSS strings of the style's colour objects (the constant ones come back as the same object). */
const CSS_COLORS = new WeakMap<object, string>();

/** A colour value of the style as a CSS string. */
export function cssColor(v: unknown, fallback = '#000000'): string {
    if (!v || typeof v !== 'object' || !('toString' in v)) return typeof v === 'string' ? v : fallback;
    let css = CSS_COLORS.get(v);
    if (css === undefined) {
        css = String(v);
        CSS_COLORS.set(v, css);
    }
    return css;
}

/** A MapLibre font name ("Roboto Bold") as our family and weight; unknown families take the style's. */
export function fontOf(names: unknown, look: ImageLook): {family: string; weight: FontWeight} {
    const first = Array.isArray(names) && typeof names[0] === 'string' ? names[0] : '';
    const m = /^(.*?)\s+(Regular|Medium|Bold|Italic)$/.exec(first);
    const family = m && isKnownFamily(m[1]) ? m[1] : look.font;
    const weight = (m ? m[2].toLowerCase() : 'regular') as FontWeight;
    return {family, weight};
}
