// The map every plugin shows: one of the seven styles of SPEC §4.14 with our tiles, glyphs and sprites,
// in the page's language, our overlay sources (areas under the labels, a route, markers on top), and
// the POIs around the property with their icons.
import {loadMapLibre} from './maplibre.js';
import {withStyle} from './style-ready.js';

/** The `mapStyle` numbers 1–7, in SPEC §4.14's order. */
export const STYLE_FILES = ['osm_liberty', 'osm_basic', 'osm_bright', 'osm_3d', 'osm_positron', 'osm_dark', 'osm_liberty_stonehedge'];
export const DEFAULT_ACCENT = '#1565c0';

/** The style file of a `mapStyle` value (1–7, default 1), or null when it is not one. */
export function styleFile(mapStyle) {
    if (mapStyle === undefined || mapStyle === null || mapStyle === '') return STYLE_FILES[0];
    const n = Number(mapStyle);
    return Number.isInteger(n) && n >= 1 && n <= 7 ? STYLE_FILES[n - 1] : null;
}

/**
 * A MapLibre map in `container`. `api`: lib/api.js; options: center [lon, lat], zoom, mapStyle,
 * accentColor, cooperativeGestures, locale (MapLibre's own texts). Resolves once the style is loaded, with {maplibregl, map, overlay}.
 */
export async function createMap(container, api, {center, zoom = 15, mapStyle, accentColor = DEFAULT_ACCENT, interactive = true, cooperativeGestures = false, locale}) {
    const maplibregl = await loadMapLibre(api.base);
    const file = styleFile(mapStyle) ?? STYLE_FILES[0];
    const language = api.language ? `?language=${encodeURIComponent(api.language.toLowerCase())}` : '';
    const map = new maplibregl.Map({
        container, center, zoom, interactive,
        style: `${api.url(`/styles/${file}.json`)}${language}`,
        // The attribution (OpenStreetMap contributors, OpenMapTiles) comes with the tiles' TileJSON.
        attributionControl: {compact: true},
        // true: one finger scrolls the page, two move the map (for a map on a phone's page).
        cooperativeGestures, locale,
        // The page's address may hold a property's position (plugin.html): the map's requests (tiles,
        // glyphs, sprites, made in its worker) name no page.
        transformRequest: (url) => ({url, referrerPolicy: 'no-referrer'})
    });
    map.addControl(new maplibregl.NavigationControl({showCompass: false}), 'top-right');
    const overlay = new Overlay(map, accentColor);
    await new Promise((resolve, reject) => {
        map.once('load', resolve);
        map.once('error', (e) => reject(e.error ?? new Error('the map cannot load')));
    });
    return {maplibregl, map, overlay};
}

/**
 * The feature of `layers` drawn nearest the map's centre (within `reach` pixels of it, or anywhere in
 * view), or null: what Enter on the focused map acts on, the keyboard's click.
 */
export function nearestToCentre(map, layers, reach = Infinity) {
    const present = layers.filter((id) => map.getLayer(id));
    if (!present.length) return null;
    const centre = map.project(map.getCenter());
    const box = Number.isFinite(reach) ? [[centre.x - reach, centre.y - reach], [centre.x + reach, centre.y + reach]] : undefined;
    let best = null, bestDistance = Infinity;
    for (const f of map.queryRenderedFeatures(box, {layers: present})) {
        const p = map.project(f.geometry.coordinates);
        const distance = Math.hypot(p.x - centre.x, p.y - centre.y);
        if (distance < bestDistance) [best, bestDistance] = [f, distance];
    }
    return best;
}

/**
 * Our GeoJSON sources on the map, kept across style changes: `areas` (fills at 12 % under the
 * labels, or a feature's own `opacity`), `route` (a line in the accent colour), `zone` (a drawn polygon).
 */
export class Overlay {
    constructor(map, accentColor) {
        this.map = map;
        this.accent = accentColor;
        this.data = {areas: empty(), route: empty(), zone: empty()};
        withStyle(map, () => this.addLayers());
    }

    addLayers() {
        const map = this.map;
        if (map.getSource('q-areas')) return;
        const firstSymbol = map.getStyle().layers.find((l) => l.type === 'symbol')?.id;
        for (const [id, data] of Object.entries(this.data)) map.addSource(`q-${id}`, {type: 'geojson', data});
        const color = ['coalesce', ['get', 'color'], this.accent];
        map.addLayer({id: 'q-areas-fill', type: 'fill', source: 'q-areas', paint: {'fill-color': color, 'fill-opacity': ['coalesce', ['get', 'opacity'], 0.12]}}, firstSymbol);
        map.addLayer({id: 'q-areas-line', type: 'line', source: 'q-areas', paint: {'line-color': color, 'line-width': 1.5}}, firstSymbol);
        map.addLayer({id: 'q-zone-fill', type: 'fill', source: 'q-zone', paint: {'fill-color': this.accent, 'fill-opacity': 0.1}}, firstSymbol);
        map.addLayer({id: 'q-zone-line', type: 'line', source: 'q-zone', paint: {'line-color': this.accent, 'line-width': 2, 'line-dasharray': [2, 1]}});
        map.addLayer({id: 'q-route-line', type: 'line', source: 'q-route', layout: {'line-cap': 'round', 'line-join': 'round'}, paint: {'line-color': this.accent, 'line-width': 5, 'line-opacity': 0.85}});
    }

    /** Replaces a source's features (a FeatureCollection, or one geometry). */
    set(id, data) {
        const collection = data?.type === 'FeatureCollection' ? data : data ? {type: 'FeatureCollection', features: [{type: 'Feature', geometry: data, properties: {}}]} : empty();
        this.data[id] = collection;
        this.map.getSource(`q-${id}`)?.setData(collection);
    }
}

function empty() {
    return {type: 'FeatureCollection', features: []};
}
