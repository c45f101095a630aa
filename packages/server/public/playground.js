// The playground: our tiles and styles in MapLibre, an address search, and what the API says about a
// clicked position (text, scores, nearest places, the 5/10/20-minute areas, POIs, a route).
import * as maplibregl from '/vendor/maplibre-gl/maplibre-gl.mjs';

const $ = (id) => document.getElementById(id);
const config = await (await fetch('/playground/config.json')).json();
const params = new URLSearchParams(location.search);
let region = config.regions.find((r) => r.country === (params.get('country') ?? '').toUpperCase()) ?? config.regions[0];
let language = region.languages[0];
let last = null;
const status = (text) => ($('status').textContent = text);

if (!config.key) status(`No frontend key for ${location.hostname} in the server's keys file: add one with "domains": ["${location.hostname}"].`);

for (const r of config.regions) $('region').add(new Option(`${r.country}: ${r.name}`, r.country, false, r === region));
fillLanguages();

function fillLanguages() {
    $('language').replaceChildren(...region.languages.map((l) => new Option(l, l, false, l === language)));
}

/** GET on the region's API with the page's frontend key; the JSON answer, or an error with the API's message. */
async function api(path, query) {
    const url = `/${region.country.toLowerCase()}${path}?${new URLSearchParams(query)}`;
    const res = await fetch(url, {headers: {LicenseKey: config.key ?? ''}});
    const body = await res.json();
    if (!res.ok) throw new Error(body.Error ?? `${res.status}`);
    return body;
}

// Arabic labels (Morocco's name:ar) need the right-to-left plugin; MapLibre loads it on the first such label.
maplibregl.setRTLTextPlugin('/vendor/rtl-text/mapbox-gl-rtl-text.js', true);

const styleUrl = () => `/${region.country.toLowerCase()}/styles/${$('style').value}.json?language=${language}`;
const map = new maplibregl.Map({
    // The attribution (OpenStreetMap contributors, OpenMapTiles) comes with the tiles' TileJSON.
    container: 'map', style: styleUrl(), center: region.center, zoom: 13, hash: true
});
map.addControl(new maplibregl.NavigationControl());
window.playgroundMap = map;
window.playgroundRtlStatus = () => maplibregl.getRTLTextPluginStatus();

// Our own layers, added again whenever a style loads: the areas (under the labels), the route, the POIs.
const overlay = {areas: {type: 'FeatureCollection', features: []}, route: {type: 'FeatureCollection', features: []}, pois: {type: 'FeatureCollection', features: []}};
const iconsLoaded = new Set();
map.on('style.load', () => {
    iconsLoaded.clear();
    const firstSymbol = map.getStyle().layers.find((l) => l.type === 'symbol')?.id;
    for (const [id, data] of Object.entries(overlay)) map.addSource(id, {type: 'geojson', data});
    map.addLayer({id: 'areas-fill', type: 'fill', source: 'areas', paint: {'fill-color': ['get', 'color'], 'fill-opacity': 0.13}}, firstSymbol);
    map.addLayer({id: 'areas-line', type: 'line', source: 'areas', paint: {'line-color': ['get', 'color'], 'line-width': 1.2}}, firstSymbol);
    map.addLayer({id: 'route-line', type: 'line', source: 'route', paint: {'line-color': '#1565c0', 'line-width': 4, 'line-opacity': 0.8}});
    map.addLayer({id: 'pois', type: 'symbol', source: 'pois', minzoom: 13, layout: {'icon-image': ['get', 'icon'], 'icon-allow-overlap': false}});
    loadPoiIcons(overlay.pois.features);
});

function setData(id, data) {
    overlay[id] = data;
    map.getSource(id)?.setData(data);
}

$('style').onchange = () => map.setStyle(styleUrl());
$('language').onchange = () => {
    language = $('language').value;
    map.setStyle(styleUrl());
    if (last) explore(last);
};
$('region').onchange = () => {
    region = config.regions.find((r) => r.country === $('region').value);
    language = region.languages[0];
    fillLanguages();
    map.setStyle(styleUrl());
    map.jumpTo({center: region.center, zoom: 13});
};
$('mode').onchange = () => last && areas(last);

// Address search with autocomplete near the map's centre (GetClose), debounced.
let searchTimer = 0, searchSeq = 0;
$('address').oninput = () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(search, 250);
};
async function search() {
    const address = $('address').value.trim();
    const seq = ++searchSeq;
    if (address.length < 2) return $('suggestions').replaceChildren();
    const c = map.getCenter();
    try {
        const found = await api('/geolocation/getclose', {latitude: c.lat.toFixed(6), longitude: c.lng.toFixed(6), address, language, limit: 8});
        if (seq !== searchSeq) return;
        $('suggestions').replaceChildren(...found.features.map((f) => {
            const p = f.properties;
            const li = document.createElement('li');
            li.setAttribute('role', 'option');
            // An address is named after itself ("Rue de la Loi 16"): its street and number are not said twice.
            const address = p.housenumber && p.street ? `${p.street} ${p.housenumber}` : '';
            li.textContent = [p.name, address === p.name ? '' : address, p.postcode, p.city].filter(Boolean).join(', ');
            li.onclick = () => {
                $('suggestions').replaceChildren();
                $('address').value = li.textContent;
                const [lon, lat] = f.geometry.coordinates;
                map.flyTo({center: [lon, lat], zoom: 16});
                explore({lat, lon});
            };
            return li;
        }));
    } catch (err) {
        status(err.message);
    }
}

map.on('click', (e) => {
    const at = {lat: e.lngLat.lat, lon: e.lngLat.lng};
    if (e.originalEvent.shiftKey && last) route(last, at);
    else explore(at);
});

let marker = null;
/** Everything the API says about a position. */
async function explore(at) {
    last = at;
    marker?.remove();
    marker = new maplibregl.Marker().setLngLat([at.lon, at.lat]).addTo(map);
    status('');
    const q = {latitude: at.lat.toFixed(6), longitude: at.lon.toFixed(6), language};
    await Promise.all([
        api('/summary/text', q).then(showText),
        api('/scores', q).then(showScores),
        api('/summary', q).then(showPlaces),
        areas(at)
    ]).catch((err) => status(err.message));
}

const AREA_COLORS = ['#2e7d32', '#f9a825', '#c62828'];
async function areas(at) {
    const found = await api('/isochrone/GetMultipleTimes', {travelMode: $('mode').value, latitude: at.lat.toFixed(6), longitude: at.lon.toFixed(6), language});
    // Largest first, so the smaller areas are drawn on top.
    setData('areas', {type: 'FeatureCollection', features: found.map((a, i) => ({type: 'Feature', geometry: a.iso, properties: {label: a.label, color: AREA_COLORS[i]}})).reverse()});
}

function showText(answer) {
    $('text').replaceChildren(heading('Around here'), ...answer.Paragraphs.map((p) => {
        const el = document.createElement('p');
        el.textContent = p.Sentences.map((s) => (s[language] ?? s.EN ?? Object.values(s)[0]).replace(/\[\/?STRONG\]/g, '')).join(' ');
        return el;
    }));
}

function showScores(answer) {
    $('scores').replaceChildren(heading('Scores (0 to 10)'), table(['', 'score'], answer.scores.map((s) => [s.l, String(s.v)])));
}

function showPlaces(answer) {
    const rows = [];
    for (const c of answer.AvailableCategoriesAroundPosition) {
        for (const s of c.sc) {
            const d = s.d[0];
            if (!d) continue;
            const trips = (d.td ?? []).map((t) => `${t.ttm}: ${t.ttsl}`).join(' · ');
            rows.push([s.lb, d.n || '—', trips]);
        }
    }
    $('places').replaceChildren(heading('The nearest of each kind'), table(['kind', 'name', 'trips'], rows));
}

async function route(from, to) {
    try {
        const r = await api('/route', {travelMode: $('mode').value, startLatitude: from.lat.toFixed(6), startLongitude: from.lon.toFixed(6),
            arrivalLatitude: to.lat.toFixed(6), arrivalLongitude: to.lon.toFixed(6), language});
        const path = r.paths[0];
        setData('route', {type: 'FeatureCollection', features: [{type: 'Feature', geometry: path.points, properties: {}}]});
        status(`Route: ${(path.distance / 1000).toFixed(2)} km, ${Math.round(path.time / 60000)} min`);
    } catch (err) {
        status(err.message);
    }
}

// POIs of the view from zoom 13, debounced, with our icons.
let poiTimer = 0;
map.on('moveend', () => {
    clearTimeout(poiTimer);
    poiTimer = setTimeout(loadPois, 300);
});
async function loadPois() {
    if (map.getZoom() < 13) return setData('pois', {type: 'FeatureCollection', features: []});
    const b = map.getBounds();
    try {
        const found = await api('/points', {bound1: `${b.getSouth().toFixed(6)},${b.getWest().toFixed(6)}`, bound2: `${b.getNorth().toFixed(6)},${b.getEast().toFixed(6)}`, language});
        const features = found.map((p) => ({type: 'Feature', geometry: {type: 'Point', coordinates: [p.ln, p.la]}, properties: {name: p.n, icon: `poi-${p.i}`, i: p.i}}));
        await loadPoiIcons(features);
        setData('pois', {type: 'FeatureCollection', features});
    } catch (err) {
        status(err.message);
    }
}
async function loadPoiIcons(features) {
    const wanted = [...new Set(features.map((f) => f.properties.i))].filter((i) => !iconsLoaded.has(i));
    await Promise.all(wanted.map(async (i) => {
        iconsLoaded.add(i);
        const image = await map.loadImage(`/icons24/${i}@2x.png`);
        if (!map.hasImage(`poi-${i}`)) map.addImage(`poi-${i}`, image.data, {pixelRatio: 2});
    }));
}

function heading(text) {
    const h = document.createElement('h2');
    h.textContent = text;
    return h;
}

function table(head, rows) {
    const t = document.createElement('table');
    const tr = t.createTHead().insertRow();
    for (const h of head) tr.appendChild(Object.assign(document.createElement('th'), {textContent: h}));
    const body = t.createTBody();
    for (const row of rows) {
        const r = body.insertRow();
        for (const cell of row) r.insertCell().textContent = cell;
    }
    return t;
}
