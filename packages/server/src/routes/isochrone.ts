// GET /isochrone, /isochrone/TravelTime and /isochrone/GetMultipleTimes (SPEC §4.8–4.10).
import type {Express} from 'express';
import {minutesShort} from '@quartier/engine/internal';
import type {Guard, RequestContext} from '../http/request-contract.js';
import {HttpError, badRequest} from '../http/errors.js';
import {languageWithFallback, parseNumber, parseTravelMode, requiredString, taskMode, type TravelMode} from '../http/params.js';
import {coveredPosition} from '../http/position.js';
import {sendJson} from '../answers/json-answer.js';

/** numberOfSeconds bounds (documented in docs/api/isochrones.md). */
export const MIN_SECONDS = 60;
export const MAX_SECONDS = 3600;
/** GetMultipleTimes: exactly these three areas, smallest first. */
export const MULTIPLE_TIMES = [300, 600, 1200];

export function isochroneRoutes(app: Express, guard: Guard): void {
    const single = guard('any', async (ctx, _req, res) => {
        const mode = parseTravelMode(ctx.query);
        const [lat, lon] = origin(ctx);
        const seconds = parseNumber(requiredString(ctx.query, 'numberOfSeconds'), 'numberOfSeconds');
        if (!Number.isInteger(seconds) || seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
            throw badRequest(`Parameter 'numberOfSeconds' must be a whole number of seconds from ${MIN_SECONDS} to ${MAX_SECONDS}, got ${seconds}.`);
        }
        sendJson(res, await areas(ctx, mode, lat, lon, [seconds]));
    });
    app.get('/isochrone', single);
    app.get('/isochrone/TravelTime', single);
    app.get('/isochrone/GetMultipleTimes', guard('any', async (ctx, _req, res) => {
        const mode = parseTravelMode(ctx.query);
        const [lat, lon] = origin(ctx);
        const language = languageWithFallback(ctx.query, ctx.region.country.languages);
        sendJson(res, await areas(ctx, mode, lat, lon, MULTIPLE_TIMES, MULTIPLE_TIMES.map((s) => minutesShort(s / 60, language))));
    }));
}

function origin(ctx: RequestContext): [number, number] {
    return coveredPosition(ctx.query, ctx.region, 'latitude', 'longitude');
}

/** The answer's JSON bytes, made by the worker: the first area alone, or every area with its label. */
async function areas(ctx: RequestContext, mode: TravelMode, lat: number, lon: number, limits: number[], labels?: string[]): Promise<Uint8Array> {
    if (!ctx.pool) throw new HttpError(503, 'The routing engine is not running.');
    return ctx.pool.run<Uint8Array>({type: 'isochrone', country: ctx.country, mode: taskMode(mode), lat, lon, limits, labels});
}
