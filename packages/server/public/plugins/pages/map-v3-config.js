// yatmoConfig checked (PLUGINS.md §2): the fields map_v3.js reads, each with a message a portal's
// developer understands; any other field is ignored.
import {styleFile} from '../lib/map.js';
import {modeName} from '../search/searches.js';
import {shapeBounds, toMultiPolygon} from '../search/shapes.js';

/** A wrong yatmoConfig field: its message is shown in the container. */
export class ConfigError extends Error {}

/** Throws a ConfigError for the first field that is wrong; returns the settings with defaults. */
export function checkConfig(config, pathCountry) {
    const fail = (text) => { throw new ConfigError(text); };
    if (typeof config.licenseKey !== 'string' || !config.licenseKey.trim()) fail('yatmoConfig.licenseKey is missing: the map needs the portal\'s frontend key.');
    const country = String(config.country ?? pathCountry ?? '').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) fail('yatmoConfig.country must be a two-letter country code, e.g. "BE".');
    const language = config.language === undefined ? 'EN' : String(config.language).toUpperCase();
    if (!/^[A-Z]{2}$/.test(language)) fail('yatmoConfig.language must be a two-letter language code, e.g. "FR".');
    const listings = checkListings(config.listings, fail);
    let center = null;
    if (config.center !== undefined) {
        if (!isPair(config.center)) fail('yatmoConfig.center must be [longitude, latitude] in degrees.');
        center = [config.center[0], config.center[1]];
    } else if (!listings?.shape && !listings?.items?.length) fail('yatmoConfig.center ([longitude, latitude]) is missing.');
    const zoom = config.zoom === undefined ? 14 : Number(config.zoom);
    if (!Number.isFinite(zoom) || zoom < 1 || zoom > 20) fail('yatmoConfig.zoom must be a number from 1 to 20.');
    if (styleFile(config.mapStyle) === null) fail('yatmoConfig.mapStyle must be a whole number from 1 to 7.');
    if (config.accentColor !== undefined && !/^#[0-9a-fA-F]{6}$/.test(String(config.accentColor))) fail('yatmoConfig.accentColor must be a colour written #RRGGBB.');
    const routeFrom = config.routeFrom === undefined || config.routeFrom === null ? null : position(config.routeFrom, 'yatmoConfig.routeFrom', fail);
    const userAddresses = config.userAddresses ?? null;
    if (userAddresses !== null && (typeof userAddresses !== 'object' || typeof userAddresses.userId !== 'string' || !userAddresses.userId.trim())) {
        fail('yatmoConfig.userAddresses must be an object with the visitor\'s userId (a string).');
    }
    return {
        key: config.licenseKey, country, language, center, zoom, mapStyle: config.mapStyle, accentColor: config.accentColor ?? '#1565c0',
        routeFrom, userAddresses, listings, travelTimeSearch: checkTravelSearch(config.travelTimeSearch, fail),
        fullScreenButton: config.fullScreenButton === true, noPois: config.noPois === true, startsWithPoisHidden: config.startsWithPoisHidden === true
    };
}

function checkTravelSearch(value, fail) {
    if (value === undefined || value === null || value === false) return null;
    const search = value === true ? {} : value;
    if (typeof search !== 'object') fail('yatmoConfig.travelTimeSearch must be an object {defaultMinutes, defaultMode, onSearch}.');
    const minutes = search.defaultMinutes === undefined ? 15 : Number(search.defaultMinutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) fail('yatmoConfig.travelTimeSearch.defaultMinutes must be a whole number from 1 to 60.');
    const mode = search.defaultMode === undefined ? 'Walking' : modeName(search.defaultMode);
    if (!mode) fail('yatmoConfig.travelTimeSearch.defaultMode must be Walking, Bicycling, Driving or Transit.');
    if (search.onSearch !== undefined && typeof search.onSearch !== 'function') fail('yatmoConfig.travelTimeSearch.onSearch must be a function (shape, meta).');
    return {minutes, mode, onSearch: search.onSearch};
}

function checkListings(value, fail) {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'object') fail('yatmoConfig.listings must be an object {items, shape, renderCard}.');
    if (value.items !== undefined && !Array.isArray(value.items)) fail('yatmoConfig.listings.items must be an array of listings.');
    if (value.renderCard !== undefined && typeof value.renderCard !== 'function') fail('yatmoConfig.listings.renderCard must be a function (item, close).');
    let shape = null;
    if (value.shape !== undefined && value.shape !== null) {
        try {
            shape = toMultiPolygon(value.shape);
        } catch {
            // reported below
        }
        if (!shape || !shapeBounds(shape)) fail('yatmoConfig.listings.shape must be a GeoJSON Polygon or MultiPolygon of [longitude, latitude] rings.');
    }
    return {items: value.items ?? [], shape, renderCard: value.renderCard};
}

function position(value, name, fail) {
    const ok = value && typeof value === 'object' && isPair([value.longitude, value.latitude]);
    if (!ok) fail(`${name} must be {latitude, longitude} in degrees.`);
    return {latitude: value.latitude, longitude: value.longitude};
}

function isPair(pair) {
    return Array.isArray(pair) && pair.length >= 2 && typeof pair[0] === 'number' && typeof pair[1] === 'number'
        && Number.isFinite(pair[0]) && Number.isFinite(pair[1]) && Math.abs(pair[0]) <= 180 && Math.abs(pair[1]) <= 90;
}
