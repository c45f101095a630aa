// GET /route: a road route between two positions (COMPAT.md: GraphHopper-shaped answer).
import type {Express} from 'express';
import type {Guard} from '../app.js';
import {HttpError, badRequest} from '../errors.js';
import {languageWithFallback, parseLatitude, parseLongitude, parseTravelMode, requiredString, taskMode} from '../params.js';

export function routeRoutes(app: Express, guard: Guard): void {
    app.get('/route', guard('any', async ({served, query, pool, country}, _req, res) => {
        const mode = parseTravelMode(query);
        const fromLat = parseLatitude(requiredString(query, 'startLatitude'), 'startLatitude');
        const fromLon = parseLongitude(requiredString(query, 'startLongitude'), 'startLongitude');
        const toLat = parseLatitude(requiredString(query, 'arrivalLatitude'), 'arrivalLatitude');
        const toLon = parseLongitude(requiredString(query, 'arrivalLongitude'), 'arrivalLongitude');
        const language = languageWithFallback(query, served.region.country.languages);
        const region = served.region;
        if (!region.contains(fromLat, fromLon)) throw badRequest(`The start position is outside ${country}.`);
        if (!region.contains(toLat, toLon)) throw badRequest(`The arrival position is outside ${country}.`);
        if (!pool) throw new HttpError(503, 'The routing engine is not running.');
        const answer = await pool.run({type: 'route', country, mode: taskMode(mode), fromLat, fromLon, toLat, toLon, language});
        res.json(answer);
    }));
}
