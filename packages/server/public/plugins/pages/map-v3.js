// map_v3.js (PLUGINS.md §2): the map in the portal's element, configured by yatmoConfig, with POIs,
// full screen, a route from a point, favourite addresses, the search form and the listings; what
// start() resolves to becomes window.YatmoSearch.
import {createApi} from '../lib/api.js';
import {h} from '../lib/escape.js';
import {labelsFor} from '../lib/labels.js';
import {createMap} from '../lib/map.js';
import {mountPois} from '../lib/pois.js';
import {mountRouteFrom} from '../lib/route-from.js';
import {LISTING_LAYERS, createListings} from '../search/listings.js';
import {createSearches} from '../search/searches.js';
import {searchForm} from '../search/search-form.js';
import {shapeBounds} from '../search/shapes.js';
import {ConfigError, checkConfig} from './map-v3-config.js';
import {guardClicks, mountFavouritesPanel, fitPanel} from './map-v3-parts.js';

const CSS_URL = new URL('../search/search.css', import.meta.url).href;

export async function start({base, pathCountry, config}) {
    const element = typeof config.container === 'string' ? document.getElementById(config.container) : null;
    if (!element) throw new Error(`no element with id "${String(config.container).slice(0, 60)}" for the map (yatmoConfig.container)`);
    const css = loadCss();
    let settings;
    try {
        settings = checkConfig(config, pathCountry);
    } catch (err) {
        await css;
        return failed(element, err);
    }
    const api = createApi({base, country: settings.country, key: settings.key, language: settings.language});
    const root = h('div', {class: 'qs-root'});
    root.style.setProperty('--qs-accent', settings.accentColor);
    const container = h('div', {class: 'qs-map', role: 'region', 'aria-label': 'Map'});
    root.append(container);
    element.replaceChildren(root);
    // The map's files are open to all: /categories (which the lifestyle search names its categories
    // with) is the first call that proves the key is accepted for this page.
    const categories = api.get('/categories', {language: settings.language});
    const [made, checked] = await Promise.allSettled([
        createMap(container, api, {center: startCenter(settings), zoom: settings.zoom, mapStyle: settings.mapStyle, accentColor: settings.accentColor}),
        categories, css
    ]);
    // The API's own message first: it says what is wrong (key, country) better than a failed style.
    const problem = checked.status === 'rejected' ? checked.reason : made.status === 'rejected' ? made.reason : null;
    if (problem) {
        if (made.status === 'fulfilled') made.value.map.remove();
        return failed(element, new ConfigError(mapError(problem)));
    }
    return mount(root, api, settings, made.value, checked.value);
}

function mount(root, api, settings, {maplibregl, map, overlay}, categories) {
    const accentColor = settings.accentColor;
    const narrow = () => root.classList.toggle('qs-narrow', root.clientWidth < 520);
    narrow();
    map.on('resize', narrow);
    if (settings.fullScreenButton) map.addControl(new maplibregl.FullscreenControl({container: root}), 'top-right');
    let drawing = () => false;
    // Clicks that draw a zone or open a listing are not routes to a place.
    const clicks = guardClicks(map, (e) => drawing() || onListing(map, e.point));
    if (!settings.noPois) mountPois(map, api, {hidden: settings.startsWithPoisHidden, control: true, namePopup: !settings.routeFrom});
    if (settings.routeFrom) mountRouteFrom(clicks, api, overlay, {from: settings.routeFrom, display: 'popup', accentColor});
    const listings = createListings({maplibregl, map, accentColor, renderCard: settings.listings?.renderCard, words: labelsFor(api.language)});
    const near = () => ({latitude: map.getCenter().lat, longitude: map.getCenter().lng});
    const searches = createSearches({api, map, overlay, onSearch: settings.travelTimeSearch?.onSearch, near});
    let form = null;
    if (settings.travelTimeSearch) {
        form = searchForm({api, map, accentColor, searches, defaults: settings.travelTimeSearch, near, categories});
        drawing = () => form.zone.drawing();
        map.addControl({onAdd: () => h('div', {class: 'maplibregl-ctrl'}, form.element), onRemove: () => form.element.remove()}, 'top-left');
        fitPanel(map, root, form);
    }
    hideStylePois(map);
    if (settings.listings) {
        listings.set(settings.listings.items);
        if (settings.listings.shape) showShape(map, overlay, settings.listings.shape);
        else if (!settings.center) fitListings(map, settings.listings.items);
    }
    if (settings.userAddresses) {
        // Times from routeFrom, else from the view's centre once the view is set.
        const property = settings.routeFrom ?? near();
        mountFavouritesPanel(root, {api, words: labelsFor(api.language), userId: settings.userAddresses.userId, property, accentColor, geocode: (text) => api.geocode(text, near())});
    }
    return {
        map,
        // A search by script shows in the form too (its tab, fields and outcome), to be changed and run again there.
        search: (args) => searches.search(args).then((found) => {
            form?.show(found);
            return found;
        }),
        setListings: (items) => listings.set(items),
        clear() {
            searches.clear();
            overlay.set('zone', null);
        }
    };
}

function onListing(map, point) {
    const layers = LISTING_LAYERS.filter((id) => map.getLayer(id));
    return layers.length > 0 && map.queryRenderedFeatures(point, {layers}).length > 0;
}

/**
 * The style's own POI icons (the tiles' poi layer) off: our POI layer (lib/pois.js) shows the places
 * with our icons, and "Hide places" or noPois must leave none on the map.
 */
function hideStylePois(map) {
    for (const layer of map.getStyle().layers) {
        if (layer['source-layer'] === 'poi') map.setLayoutProperty(layer.id, 'visibility', 'none');
    }
}

/** listings.shape (a MultiPolygon once checked): drawn as the zone, the view fitted to it. */
function showShape(map, overlay, shape) {
    overlay.set('zone', shape);
    const bounds = shapeBounds(shape);
    if (bounds) map.fitBounds(bounds, {padding: 30, duration: 0});
}

function fitListings(map, items) {
    const bounds = listingBounds(items);
    if (bounds) map.fitBounds(bounds, {padding: 40, maxZoom: 16, duration: 0});
}

/** [[west, south], [east, north]] of the listings with a position, or null. */
function listingBounds(items) {
    const points = items.filter((i) => Number.isFinite(i?.longitude) && Number.isFinite(i?.latitude)).map((i) => [[i.longitude, i.latitude]]);
    return shapeBounds({coordinates: points});
}

/** yatmoConfig.center, else the middle of listings.shape or of the listings (the view is fitted to them once the map is up). */
function startCenter(settings) {
    if (settings.center) return settings.center;
    const bounds = settings.listings.shape ? shapeBounds(settings.listings.shape) : listingBounds(settings.listings.items);
    return bounds ? [(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2] : [0, 0];
}

/** The message instead of the map (never a blank element); the API's methods then reject with it. */
function failed(element, err) {
    console.error(`quartier map_v3.js: ${err.message}`);
    element.replaceChildren(h('div', {class: 'qs-root'}, h('p', {class: 'qs-message', role: 'alert'}, err instanceof ConfigError ? err.message : `The map cannot be shown: ${err.message}`)));
    const refuse = () => Promise.reject(err);
    return {map: null, search: refuse, setListings: refuse, clear() {}};
}

/** What a visitor reads when the map cannot load (the style is the first request the key must pass). */
function mapError(err) {
    const status = err?.status, message = String(err?.message ?? 'the map service did not answer').replace(/\.$/, '');
    if (status === 401 || status === 403) return `This map's key is not accepted for this page (${message}).`;
    return `The map cannot be shown: ${message}.`;
}

/** Our style sheet, once per page; resolves when it has loaded (or failed: the map shows anyway). */
function loadCss() {
    if (document.querySelector('link[data-quartier-map-v3]')) return Promise.resolve();
    const link = h('link', {rel: 'stylesheet', href: CSS_URL, 'data-quartier-map-v3': ''});
    const loaded = new Promise((resolve) => {
        link.addEventListener('load', resolve);
        link.addEventListener('error', resolve);
    });
    document.head.append(link);
    return loaded;
}
