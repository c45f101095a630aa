// plugin.html (PLUGINS.md §1): the page's parameters, the map around the property, and the mode's parts.
import {ApiError, createApi, embedderHost} from '../lib/api.js';
import {createMap} from '../lib/map.js';
import {h} from '../lib/escape.js';

const root = document.getElementById('q-root');
const params = new URLSearchParams(location.search);
const pathCountry = /^\/([A-Za-z]{2})\//.exec(location.pathname)?.[1];

/** A short message in the frame instead of the map: never a blank frame. */
function showMessage(text) {
    root.replaceChildren(h('p', {class: 'q-message', role: 'alert'}, text));
}

async function start() {
    const latitude = Number(params.get('latitude')), longitude = Number(params.get('longitude'));
    if (!params.get('latitude') || !params.get('longitude') || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
        return showMessage('This map needs the property\'s latitude and longitude.');
    }
    const country = (params.get('country') ?? pathCountry ?? '').toUpperCase();
    const api = createApi({base: location.origin, country, key: params.get('licenseKey'), language: params.get('language') ?? 'EN', embedder: embedderHost()});
    const container = h('div', {class: 'q-map', 'aria-label': 'Map'});
    root.replaceChildren(container);
    const {maplibregl, map} = await createMap(container, api, {center: [longitude, latitude], zoom: Number(params.get('zoom') ?? 15), mapStyle: params.get('mapStyle')});
    new maplibregl.Marker().setLngLat([longitude, latitude]).addTo(map);
    window.quartierMap = map;
}

start().catch((err) => showMessage(err instanceof ApiError ? err.message : `The map cannot be shown: ${err.message}`));
