// GET /geolocation (SPEC §4.11), /Geolocation/GetClose and /geolocation/reverse (COMPAT.md):
// forward geocoding scoped to the sub-domain's country, autocomplete near a position, and reverse
// geocoding. Answers are Photon-style GeoJSON FeatureCollections, best first; nothing found is an
// empty collection (200). Searches take well under a millisecond, so they run on the main thread.
import type {Express} from 'express';
import {DEFAULT_LIMIT, GEOCODING_LANGUAGES, Geocoder, MAX_LIMIT, MAX_QUERY_LENGTH} from '@quartier/engine/internal';
import type {Guard} from '../http/request-contract.js';
import {badRequest} from '../http/errors.js';
import {type Query, languageWithFallback, optionalString, parseLatitude, parseLongitude, requiredString} from '../http/params.js';
import {coveredPosition, requireCoveredInCountry} from '../http/position.js';
import {featureCollection} from '../answers/geolocation-answer.js';

export function geolocationRoutes(app: Express, guard: Guard): void {
    app.get('/geolocation', guard('any', ({region, query}, _req, res) => {
        const address = addressOf(query);
        const results = address === null ? [] : region.geocoder.search(address, {language: languageOf(query), limit: limitOf(query)});
        res.json(featureCollection(results));
    }));

    // Autocomplete near a position: the position only ranks equal matches (it may lie just across a
    // border), but a position in the country where the region has no data is refused.
    app.get('/geolocation/getclose', guard('any', ({region, query}, _req, res) => {
        const lat = parseLatitude(requiredString(query, 'latitude'), 'latitude');
        const lon = parseLongitude(requiredString(query, 'longitude'), 'longitude');
        requireCoveredInCountry(region, lat, lon);
        const address = addressOf(query);
        const results = address === null ? [] : region.geocoder.search(address, {language: languageOf(query), limit: limitOf(query), lat, lon});
        res.json(featureCollection(results));
    }));

    // Reverse: the nearest address or street (0 or 1 feature); beyond the distance guard, none.
    app.get('/geolocation/reverse', guard('any', ({region, query}, _req, res) => {
        const [lat, lon] = coveredPosition(query, region, 'latitude', 'longitude');
        const language = languageOf(query);
        const result = region.geocoder.reverse(lat, lon, language);
        res.json(featureCollection(result ? [result] : []));
    }));
}

/** The address to search, or null when it holds nothing to search for (only punctuation): an empty answer. */
function addressOf(query: Query): string | null {
    const address = requiredString(query, 'address');
    if ([...address].length > MAX_QUERY_LENGTH) throw badRequest(`Parameter 'address' is too long (at most ${MAX_QUERY_LENGTH} characters).`);
    return /[\p{L}\p{N}]/u.test(address) ? address : null;
}

/** EN, FR, DE, IT; any other well-formed code falls back to EN (SPEC §2.1). */
function languageOf(query: Query): string {
    return Geocoder.language(languageWithFallback(query, GEOCODING_LANGUAGES));
}

function limitOf(query: Query): number {
    const v = optionalString(query, 'limit');
    if (v === undefined) return DEFAULT_LIMIT;
    if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > MAX_LIMIT) throw badRequest(`Parameter 'limit' must be a whole number from 1 to ${MAX_LIMIT}, got '${v.slice(0, 20)}'.`);
    return Number(v);
}
