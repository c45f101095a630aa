// The style documents as clients get them (data/maplibre-styles/osm_<name>.json, MapLibre style spec
// version 8, against the OpenMapTiles vector schema): the server fills in its own addresses and the
// label language per request. /image draws from the same documents (map-style.ts).
import fs from 'node:fs';
import path from 'node:path';
import {MAPLIBRE_STYLES_DIR} from '../assets/files.js';

/** Placeholders the files carry where the server puts its addresses. */
export const TILES_URL = '{tiles}';
export const GLYPHS_URL = '{glyphs}';
export const SPRITE_URL = '{sprite}';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Layer = {[key: string]: Json};
type Expr = Json[];

const SOURCE = 'openmaptiles';
const NAME: Expr = ['get', 'name'];

/** OpenMapTiles POI class and subclass → sprite image (data/maplibre-styles/poi-icons.json). */
export interface PoiIcons {
    class: Record<string, number>;
    subclass: Record<string, number>;
}

export function loadPoiIcons(dir = MAPLIBRE_STYLES_DIR): PoiIcons {
    return JSON.parse(fs.readFileSync(path.join(dir, 'poi-icons.json'), 'utf8')) as PoiIcons;
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
