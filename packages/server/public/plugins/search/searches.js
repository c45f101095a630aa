// The three searches of map_v3.js (PLUGINS.md §2): by travel time from a place, by lifestyle, and a
// zone drawn by hand. Each draws its area on the map (q-areas), fits the view to it and calls the
// portal's onSearch(shape, meta) with a MultiPolygon; the form and YatmoSearch.search both come here.
import {TRAVEL_MODES} from '../lib/labels.js';
import {ringToMultiPolygon, shapeBounds, toMultiPolygon} from './shapes.js';

export const MIN_MINUTES = 1;
export const MAX_MINUTES = 60;
/** Lifestyle searches take at most this many categories (/isochrone/lifestyle's limit). */
export const MAX_CATEGORIES = 6;

/**
 * `api`: lib/api.js; `map`, `overlay`: lib/map.js; `onSearch`: the portal's callback (may be absent);
 * `near`: () => {latitude, longitude}, the map's centre, for the address search.
 */
export function createSearches({api, map, overlay, onSearch, near}) {
    let generation = 0;

    /** Draws a finished search and tells the portal, unless a newer search started meanwhile. */
    function finish(mine, shape, meta) {
        if (mine !== generation) throw new Error('a newer search replaced this one');
        overlay.set('areas', shape);
        const bounds = shapeBounds(shape);
        if (bounds) map.fitBounds(bounds, {padding: 40, maxZoom: 16, duration: 0});
        if (typeof onSearch === 'function') {
            try {
                onSearch(shape, meta);
            } catch (err) {
                // The portal's callback failing is the portal's error: reported, not ours to hide.
                console.error('YatmoSearch onSearch failed:', err);
            }
        }
        return {shape, meta};
    }

    async function travelTime({latitude, longitude, address = null}, minutes, travelMode) {
        const mine = ++generation;
        const geometry = await api.get('/isochrone', {travelMode, latitude: latitude.toFixed(6), longitude: longitude.toFixed(6), numberOfSeconds: minutes * 60});
        return finish(mine, toMultiPolygon(geometry), {type: 'travelTime', travelMode, minutes, origin: {address, latitude, longitude}});
    }

    async function lifestyle(categories, minutes, travelMode, bounds) {
        const mine = ++generation;
        const box = bounds ?? viewBounds(map);
        const bbox = [box[0][0], box[0][1], box[1][0], box[1][1]].map((v) => v.toFixed(6)).join(',');
        const geometry = await api.get('/isochrone/lifestyle', {categories: categories.join(','), minutes, travelMode, bbox});
        return finish(mine, toMultiPolygon(geometry), {type: 'lifestyle', travelMode, minutes, categories: [...categories], bounds: box});
    }

    function zone(points) {
        const mine = ++generation;
        return finish(mine, ringToMultiPolygon(points), {type: 'zone', points: points.length});
    }

    /** The first place found for `address`; none is an Error saying `notFound` (the form's words). */
    async function geocodeFirst(address, notFound = `no place found for "${address.slice(0, 80)}"`) {
        const found = await api.geocode(address, near());
        if (!found.length) throw new Error(notFound);
        return found[0];
    }

    /** YatmoSearch.search(args): checks the arguments, then runs the search they describe. */
    async function search(args) {
        const {minutes, travelMode} = checkCommon(args);
        if (args.lifestyle !== undefined) {
            return lifestyle(checkCategories(args.lifestyle), minutes, travelMode, args.bounds === undefined ? null : checkBounds(args.bounds));
        }
        if (args.address !== undefined) {
            if (typeof args.address !== 'string' || !args.address.trim()) throw new Error('YatmoSearch.search: address must be a non-empty string');
            const place = await geocodeFirst(args.address.trim().slice(0, 200));
            return travelTime({latitude: place.latitude, longitude: place.longitude, address: place.label}, minutes, travelMode);
        }
        const {latitude, longitude} = args;
        if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) {
            throw new Error('YatmoSearch.search needs {latitude, longitude}, {address} or {lifestyle: [category keys]}, with minutes and travelMode');
        }
        return travelTime({latitude, longitude}, minutes, travelMode);
    }

    function clear() {
        generation++;
        overlay.set('areas', null);
    }

    return {search, travelTime, lifestyle, zone, geocodeFirst, clear};
}

function checkCommon(args) {
    if (!args || typeof args !== 'object') throw new Error('YatmoSearch.search expects an object, e.g. {latitude, longitude, minutes: 15, travelMode: "Walking"}');
    const minutes = Number(args.minutes);
    if (!Number.isInteger(minutes) || minutes < MIN_MINUTES || minutes > MAX_MINUTES) {
        throw new Error(`YatmoSearch.search: minutes must be a whole number from ${MIN_MINUTES} to ${MAX_MINUTES}, got ${String(args.minutes).slice(0, 40)}`);
    }
    const travelMode = modeName(args.travelMode);
    if (!travelMode) throw new Error(`YatmoSearch.search: travelMode must be one of ${TRAVEL_MODES.join(', ')}, got ${String(args.travelMode).slice(0, 40)}`);
    return {minutes, travelMode};
}

/** A mode name in any case, or null. */
export function modeName(value) {
    return TRAVEL_MODES.find((m) => m.toLowerCase() === String(value ?? '').toLowerCase()) ?? null;
}

function checkCategories(list) {
    const ok = Array.isArray(list) && list.length > 0 && list.length <= MAX_CATEGORIES && list.every((k) => typeof k === 'string' && /^[A-Za-z]+\.[A-Za-z]+$/.test(k));
    if (!ok) throw new Error(`YatmoSearch.search: lifestyle must be an array of 1 to ${MAX_CATEGORIES} category keys such as "Shopping.Supermarket"`);
    return list;
}

function checkBounds(bounds) {
    const ok = Array.isArray(bounds) && bounds.length === 2 && bounds.every((p) => Array.isArray(p) && p.length === 2)
        && isCoordinate(bounds[0][0], 180) && isCoordinate(bounds[1][0], 180) && isCoordinate(bounds[0][1], 90) && isCoordinate(bounds[1][1], 90)
        && bounds[0][0] < bounds[1][0] && bounds[0][1] < bounds[1][1];
    if (!ok) throw new Error('YatmoSearch.search: bounds must be [[west, south], [east, north]] in degrees');
    return bounds;
}

function isCoordinate(value, limit) {
    return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

/** The map's view as [[west, south], [east, north]]. */
export function viewBounds(map) {
    const b = map.getBounds();
    return [[b.getWest(), b.getSouth()], [b.getEast(), b.getNorth()]];
}
