// GET /route: a road route between two positions (COMPAT.md: GraphHopper-shaped answer).
import type {ServerResponse} from 'node:http';
import type {Express} from 'express';
import type {Guard, RequestContext} from '../http/request-contract.js';
import {HttpError} from '../http/errors.js';
import {languageWithFallback, parseTravelMode, taskMode} from '../http/params.js';
import {coveredPosition} from '../http/position.js';
import {sendJson} from '../answers/json-answer.js';

export function routeRoutes(app: Express, guard: Guard): void {
    app.get('/route', guard('any', (ctx, _req, res) => answerRoute(ctx, res)));
}

/** GET /route, from Express or from the route lane (route-lane.ts). */
export async function answerRoute({region, query, pool, country}: RequestContext, res: ServerResponse): Promise<void> {
    const mode = parseTravelMode(query);
    const [fromLat, fromLon] = coveredPosition(query, region, 'startLatitude', 'startLongitude', 'The start position');
    const [toLat, toLon] = coveredPosition(query, region, 'arrivalLatitude', 'arrivalLongitude', 'The arrival position');
    const language = languageWithFallback(query, region.country.languages);
    if (!pool) throw new HttpError(503, 'The routing engine is not running.');
    // The worker's JSON bytes, sent as they are (json-answer.ts).
    sendJson(res, await pool.run<Uint8Array>({type: 'route', country, mode: taskMode(mode), fromLat, fromLon, toLat, toLon, language}));
}
