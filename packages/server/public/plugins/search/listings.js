// The portal's listings on the map (PLUGINS.md §2): one GeoJSON source clustered by MapLibre, clusters
// as circles with their count (a click zooms in), single listings as price pills (a symbol layer
// over a stretchable pill image: fast for thousands), a click on a pill opens the listing's card.
import {nearestToCentre} from '../lib/map.js';
import {withStyle} from '../lib/style-ready.js';
import {listingCard} from './listing-card.js';

const SOURCE = 'qs-listings';
const MAX_ITEMS = 20000;
/** The layers a click on which is about listings. */
export const LISTING_LAYERS = ['qs-clusters', 'qs-pills'];
/** Enter reaches listings this many pixels around the map's centre. */
const KEY_REACH = 60;

/** `renderCard`: the portal's (item, close) => HTMLElement | string, or undefined. */
export function createListings({maplibregl, map, accentColor, renderCard, words}) {
    let items = new Map();
    let data = {type: 'FeatureCollection', features: []};
    let popup = null;

    function addLayers() {
        if (map.getSource(SOURCE)) return;
        if (!map.hasImage('qs-pill')) map.addImage('qs-pill', pillImage(accentColor), pillOptions());
        const font = styleFont(map);
        map.addSource(SOURCE, {type: 'geojson', data, cluster: true, clusterRadius: 44, clusterMaxZoom: 17});
        map.addLayer({id: 'qs-clusters', type: 'circle', source: SOURCE, filter: ['has', 'point_count'], paint: {
            'circle-color': accentColor, 'circle-opacity': 0.9, 'circle-stroke-color': '#fff', 'circle-stroke-width': 2,
            'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26]
        }});
        map.addLayer({id: 'qs-cluster-count', type: 'symbol', source: SOURCE, filter: ['has', 'point_count'],
            layout: {'text-field': ['get', 'point_count_abbreviated'], 'text-font': font, 'text-size': 12, 'text-allow-overlap': true},
            paint: {'text-color': '#fff'}});
        map.addLayer({id: 'qs-pills', type: 'symbol', source: SOURCE, filter: ['!', ['has', 'point_count']],
            layout: {
                'text-field': ['get', 'label'], 'text-font': font, 'text-size': 12, 'text-allow-overlap': true, 'icon-allow-overlap': true,
                'icon-image': 'qs-pill', 'icon-text-fit': 'both', 'icon-text-fit-padding': [3, 7, 3, 7]
            },
            paint: {'text-color': '#fff'}});
    }
    withStyle(map, addLayers);

    async function zoomInto(cluster) {
        const zoom = await map.getSource(SOURCE).getClusterExpansionZoom(cluster.properties.cluster_id);
        map.easeTo({center: cluster.geometry.coordinates, zoom: Math.min(zoom, 19)});
    }
    map.on('click', 'qs-clusters', (e) => zoomInto(e.features[0]));
    map.on('click', 'qs-pills', (e) => open(items.get(String(e.features[0].properties.id))));
    for (const layer of ['qs-clusters', 'qs-pills']) {
        map.on('mouseenter', layer, () => { map.getCanvas().style.cursor = 'pointer'; });
        map.on('mouseleave', layer, () => { map.getCanvas().style.cursor = ''; });
    }

    // The keyboard's way to a listing: arrows pan the map (MapLibre), Enter opens the listing or
    // cluster nearest the map's centre.
    map.getCanvas().addEventListener('keydown', (e) => {
        if (e.key !== 'Enter') return;
        const best = nearestToCentre(map, LISTING_LAYERS, KEY_REACH);
        if (!best) return;
        e.preventDefault();
        if (best.properties.cluster_id !== undefined) zoomInto(best);
        else open(items.get(String(best.properties.id)));
    });

    function open(item) {
        if (!item) return;
        popup?.remove();
        const close = () => popup?.remove();
        popup = new maplibregl.Popup({maxWidth: '260px', focusAfterOpen: true, offset: 14})
            .setLngLat([item.longitude, item.latitude]).setDOMContent(listingCard(item, close, renderCard, words)).addTo(map);
    }

    /** Replaces the listings; throws on a list that is not one. */
    function set(list) {
        if (!Array.isArray(list)) throw new Error('YatmoSearch.setListings expects an array of {id, latitude, longitude, price, title, subtitle, url}');
        if (list.length > MAX_ITEMS) throw new Error(`YatmoSearch.setListings takes at most ${MAX_ITEMS} listings`);
        popup?.remove();
        items = new Map();
        const features = [];
        let skipped = 0;
        for (const item of list) {
            const ok = item && typeof item === 'object' && Number.isFinite(item.latitude) && Number.isFinite(item.longitude) && Math.abs(item.latitude) <= 90 && Math.abs(item.longitude) <= 180;
            if (!ok) { skipped++; continue; }
            const id = String(item.id ?? features.length);
            items.set(id, item);
            features.push({type: 'Feature', geometry: {type: 'Point', coordinates: [item.longitude, item.latitude]}, properties: {id, label: pillText(item)}});
        }
        if (skipped) console.warn(`YatmoSearch.setListings: ${skipped} listing(s) without a valid latitude and longitude were left out`);
        data = {type: 'FeatureCollection', features};
        map.getSource(SOURCE)?.setData(data);
        return features.length;
    }

    return {set, open, count: () => items.size};
}

/** The pill's text: the price as given (a number gets the page's thousands separators), else the title's start. */
function pillText(item) {
    if (typeof item.price === 'number') return item.price.toLocaleString();
    if (item.price !== undefined && item.price !== null && String(item.price).trim()) return String(item.price).slice(0, 24);
    return String(item.title ?? '•').slice(0, 18);
}

/** The text-font of the style's own labels (a stack the map host serves), bold when it has one. */
function styleFont(map) {
    let found = null;
    for (const layer of map.getStyle().layers) {
        const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : null;
        if (!Array.isArray(font) || typeof font[0] !== 'string') continue;
        if (/bold/i.test(font[0])) return font;
        found ??= font;
    }
    return found ?? ['Noto Sans Regular'];
}

/** A rounded pill in the accent colour, stretched around the text (icon-text-fit). */
function pillImage(color) {
    const size = 24, radius = 10;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.roundRect(0, 0, size, size, radius + 1);
    ctx.fill();
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.roundRect(1, 1, size - 2, size - 2, radius);
    ctx.fill();
    return ctx.getImageData(0, 0, size, size);
}

function pillOptions() {
    return {pixelRatio: 1, stretchX: [[11, 13]], stretchY: [[11, 13]], content: [6, 6, 18, 18]};
}
