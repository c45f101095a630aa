// plugin.html (PLUGINS.md §1): the page's parameters, then the mode's parts: the map around the
// property (with its marker, POIs, the isochrone panel, routes from the property), the nearest-places
// summary (a list or tabs) or the scores, beside or over it, and the favourites panel with a userId.
// Anything wrong (a bad parameter, a key refused for the portal) becomes a short message in the frame.
import {ApiError, createApi, embedderHost} from '../lib/api.js';
import {createMap} from '../lib/map.js';
import {h} from '../lib/escape.js';
import {labelsFor} from '../lib/labels.js';
import {MAP_MODES, ParamError, pluginParams, SUMMARY_MODES} from '../lib/params.js';
import {obscuredCentre} from '../lib/circle.js';
import {mountPois} from '../lib/pois.js';
import {mountRouteFrom} from '../lib/route-from.js';
import {summaryList, summaryTabs} from '../lib/summary-view.js';
import {mountFavouritesPanel, mountIsochronePanel, placeMarker, scoresList} from './plugin-parts.js';

const root = document.getElementById('q-root');

/** A short message in the frame instead of the map: never a blank frame. */
function showMessage(text) {
    root.className = 'q-failed';
    root.replaceChildren(h('p', {class: 'q-message', role: 'alert'}, text));
}

async function start() {
    const pathCountry = /^\/([A-Za-z]{2})\//.exec(location.pathname)?.[1];
    const p = pluginParams(location.search, pathCountry);
    const words = labelsFor(p.language);
    document.documentElement.lang = p.language.toLowerCase();
    applyLook(p);

    // What the page asks about: the property, or with marker=circle the circle's centre (lib/circle.js).
    const centre = p.marker === 'circle'
        ? obscuredCentre(p.latitude, p.longitude, p.circleRadiusInMeters)
        : {latitude: p.latitude, longitude: p.longitude};
    const api = createApi({base: location.origin, country: p.country, key: p.licenseKey, language: p.language, embedder: embedderHost()});
    const position = {latitude: String(centre.latitude), longitude: String(centre.longitude), language: p.language};

    const mapWrap = MAP_MODES.has(p.mode) ? h('div', {class: 'q-map-wrap'}) : null;
    const side = p.mode === 'map' ? null : h('section', {class: 'q-side', 'aria-label': p.mode === 'overlay-scores' ? words.scores : words.summary}, h('p', {class: 'q-loading', role: 'status'}, words.loading));
    root.className = `q-mode-${p.mode}`;
    root.replaceChildren(...[mapWrap, side].filter(Boolean));

    // With routes from the property, a place's name in the summary is a button that routes to it.
    const state = {routes: null, onPlace: mapWrap && p.routeFrom ? (place) => state.routes?.routeTo(place) : undefined};
    // The side's answer is asked for first: a refused key shows its message before the map draws
    // (the map alone asks for the categories to know).
    const sideDone = side ? fillSide(side, api, p, position, words, state) : api.get('/categories', {language: p.language});
    const [, mapParts] = await Promise.all([sideDone, mapWrap ? mountMap(mapWrap, api, p, centre, words) : null]);
    if (mapParts && p.routeFrom) state.routes = mountRouteFrom(mapParts.map, api, mapParts.overlay, {from: centre, display: p.routeFrom, accentColor: p.accentColor});
    if (p.userId) {
        const start = p.startLatitude !== null ? {latitude: p.startLatitude, longitude: p.startLongitude} : centre;
        await mountFavouritesPanel(side ?? floatingPanel(mapParts), api, p, start);
    }
    root.dataset.ready = 'true';
    performance.mark('quartier:ready');
}

/** The summary (a list, or tabs) or the scores. */
async function fillSide(side, api, p, position, words, state) {
    if (p.mode === 'overlay-scores') {
        const answer = await api.get('/scores', position);
        side.replaceChildren(h('h2', {class: 'q-side-title'}, words.scores), scoresList(answer, words));
        return;
    }
    const answer = await api.get('/summary', position);
    const options = {base: api.base, headingLevel: 2, tabsLabel: words.categories, placeActionLabel: words.route, onPlace: state.onPlace};
    side.replaceChildren(p.mode === 'summary-tabs' ? summaryTabs(answer, options) : summaryList(answer, options));
    performance.mark('quartier:summary');
}

async function mountMap(mapWrap, api, p, centre, words) {
    const container = h('div', {class: 'q-map', role: 'region', 'aria-label': words.map});
    mapWrap.append(container);
    // On a touch screen, one finger scrolls the portal's page past the frame; two move the map.
    const touch = window.matchMedia('(pointer: coarse)').matches;
    const parts = await createMap(container, api, {center: [centre.longitude, centre.latitude], zoom: p.zoom, mapStyle: p.mapStyle, accentColor: p.accentColor,
        cooperativeGestures: touch, locale: {'CooperativeGesturesHandler.MobileHelpText': words.twoFingers}});
    window.quartierMap = parts.map;
    // For measures (bench/plugin-page.js, a portal's own): the map drawn, every tile of the view loaded.
    parts.map.once('idle', () => performance.mark('quartier:map-idle'));
    // Over the map, the panel hides its left part: the property goes to the middle of the rest.
    const overlaid = p.mode.startsWith('overlay') && window.matchMedia('(min-width: 601px)').matches;
    if (overlaid) parts.map.jumpTo({center: [centre.longitude, centre.latitude], padding: {left: p.mode === 'overlay' ? 320 : 270}});
    // Portals frame it with allow="fullscreen": the whole frame (panels too) goes full screen.
    parts.map.addControl(new parts.maplibregl.FullscreenControl({container: root}), 'top-right');
    placeMarker(parts, p, centre);
    mountPois(parts.map, api, {control: true, namePopup: !p.routeFrom});
    if (p.isochrone) mountIsochronePanel(parts, api, centre, p.isochrone, p.accentColor);
    return parts;
}

/** In `map` mode, the favourites sit in a panel over the map. */
function floatingPanel(parts) {
    const panel = h('div', {class: 'q-panel q-floating'});
    parts.map.addControl({onAdd: () => h('div', {class: 'maplibregl-ctrl'}, panel), onRemove() {}}, 'bottom-left');
    return panel;
}

/** The portal's colours and corners, as CSS variables the page's style sheet uses. */
function applyLook(p) {
    const style = document.documentElement.style;
    style.setProperty('--q-accent', p.accentColor);
    if (p.summaryBackgroundColor) style.setProperty('--q-summary-bg', p.summaryBackgroundColor);
    if (p.summaryLineColor) style.setProperty('--q-summary-line', p.summaryLineColor);
    if (p.rounded) style.setProperty('--q-rounded', `${p.rounded}px`);
}

start().catch((err) => {
    // A bad parameter, or the API's own message (a key refused for this portal: 401, 403).
    const message = err instanceof ParamError || err instanceof ApiError ? err.message : String(err?.message ?? err);
    showMessage(`This map cannot be shown: ${message}`);
});
