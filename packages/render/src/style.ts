// Map styles as data: data/styles/<name>.json lists the colours, widths per zoom and drawing order of
// one style (see data/styles/README.md). Loading checks every name against the map data's kinds and
// classes and compiles each layer's filter into lookup tables the renderer reads per feature.
import fs from 'node:fs';
import path from 'node:path';
import {BRIDGE, CLASSES, KINDS, LINK, SERVICE, TUNNEL, type KindName} from '@quartier/engine/internal';
import {STYLES_DIR} from './assets.js';
import {isKnownFamily, type FontWeight} from './fonts.js';

/** A number, or zoom stops [[zoom, value], …] interpolated exponentially with the layer's `base`. */
export type ZoomValue = number | [number, number][];

export type LayerType = 'fill' | 'line' | 'building' | 'label-line' | 'label-point' | 'pois';

export interface LayerSpec {
    id: string;
    type: LayerType;
    kind?: KindName;
    classes?: string[];
    tunnel?: boolean;
    bridge?: boolean;
    link?: boolean;
    service?: boolean;
    /** true: only with multiborders; false: only without. */
    multiborders?: boolean;
    minzoom?: number;
    maxzoom?: number;
    color?: string;
    opacity?: number;
    outline?: string;
    width?: ZoomValue;
    base?: number;
    dash?: number[];
    cap?: 'butt' | 'round' | 'square';
    font?: FontWeight;
    size?: ZoomValue;
    halo?: string;
    haloWidth?: number;
    uppercase?: boolean;
    letterSpacing?: number;
}

export interface StyleSpec {
    name: string;
    mapStyle: number;
    file: string;
    description?: string;
    font: string;
    background: string;
    /** Colour of the sea where the region has a coastline. */
    sea: string;
    /** Extruded buildings even without threeDMode (the 3d style). */
    extrude?: boolean;
    /** Extrusion colours: walls lit and shaded, roofs; default height (m) of untagged buildings. */
    extrusion: {roof: string; wall: string; shade: string; defaultHeight: number; opacity?: number};
    attribution: {color: string; background: string};
    layers: LayerSpec[];
}

export interface CompiledLayer {
    spec: LayerSpec;
    type: LayerType;
    kind: number;
    /** 1 for each class code the layer draws (all when the spec lists none). */
    classes: Uint8Array;
    flagMask: number;
    flagValue: number;
    minzoom: number;
    maxzoom: number;
    multiborders: number; // -1 either, 0 only without, 1 only with
}

export interface Style {
    spec: StyleSpec;
    layers: CompiledLayer[];
}

/** The seven styles by their mapStyle index (1 liberty … 7 liberty_stonehedge). */
export const STYLE_NAMES = ['liberty', 'basic', 'bright', '3d', 'positron', 'dark', 'liberty_stonehedge'] as const;

const cache = new Map<string, Style>();

/** Loads (once) the style with this mapStyle index, 1 to 7. */
export function styleByIndex(index: number): Style {
    const name = STYLE_NAMES[index - 1];
    if (!name) throw new Error(`no map style ${index}`);
    return loadStyle(name);
}

export function loadStyle(name: string, dir = STYLES_DIR): Style {
    const key = `${dir}/${name}`;
    let style = cache.get(key);
    if (!style) {
        const file = path.join(dir, `${name}.json`);
        let spec: StyleSpec;
        try {
            spec = JSON.parse(fs.readFileSync(file, 'utf8'));
        } catch (err) {
            throw new Error(`cannot read the map style ${file}: ${(err as Error).message}`);
        }
        style = compileStyle(spec, file);
        cache.set(key, style);
    }
    return style;
}

export function compileStyle(spec: StyleSpec, where = spec.name): Style {
    const fail = (what: string) => new Error(`${where}: ${what}`);
    if (!isKnownFamily(spec.font)) throw fail(`unknown font ${spec.font} (Roboto or Noto Sans)`);
    for (const k of ['background', 'sea'] as const) if (typeof spec[k] !== 'string') throw fail(`"${k}" must be a colour`);
    if (!Array.isArray(spec.layers)) throw fail('"layers" must be an array');
    const layers = spec.layers.map((l, i): CompiledLayer => {
        const at = `layer ${i} (${l.id})`;
        let kind = -1;
        const classes = new Uint8Array(256);
        if (l.kind !== undefined) {
            kind = KINDS.indexOf(l.kind);
            if (kind < 0) throw fail(`${at}: unknown kind ${l.kind}`);
            const names = CLASSES[l.kind];
            if (l.classes) {
                for (const c of l.classes) {
                    const code = names.indexOf(c);
                    if (code < 0) throw fail(`${at}: unknown ${l.kind} class ${c} (one of ${names.filter(Boolean).join(', ')})`);
                    classes[code] = 1;
                }
            } else {
                classes.fill(1);
            }
        } else if (l.type !== 'pois') {
            throw fail(`${at}: needs a "kind"`);
        }
        let flagMask = 0, flagValue = 0;
        const flag = (v: boolean | undefined, bit: number) => {
            if (v === undefined) return;
            flagMask |= bit;
            if (v) flagValue |= bit;
        };
        flag(l.tunnel, TUNNEL);
        flag(l.bridge, BRIDGE);
        flag(l.link, LINK);
        flag(l.service, SERVICE);
        return {
            spec: l, type: l.type, kind, classes, flagMask, flagValue,
            minzoom: l.minzoom ?? 0, maxzoom: l.maxzoom ?? 24,
            multiborders: l.multiborders === undefined ? -1 : l.multiborders ? 1 : 0
        };
    });
    return {spec, layers};
}

/** A zoom-dependent value at a zoom (exponential interpolation between stops, like MapLibre's). */
export function valueAt(v: ZoomValue | undefined, zoom: number, base = 1, fallback = 0): number {
    if (v === undefined) return fallback;
    if (typeof v === 'number') return v;
    if (zoom <= v[0][0]) return v[0][1];
    for (let i = 1; i < v.length; i++) {
        const [z1, v1] = v[i];
        if (zoom <= z1) {
            const [z0, v0] = v[i - 1];
            const span = z1 - z0;
            const t = base === 1 ? (zoom - z0) / span : (Math.pow(base, zoom - z0) - 1) / (Math.pow(base, span) - 1);
            return v0 + (v1 - v0) * t;
        }
    }
    return v[v.length - 1][1];
}
