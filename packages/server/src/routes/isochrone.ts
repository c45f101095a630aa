// GET /isochrone, /isochrone/TravelTime and /isochrone/GetMultipleTimes (SPEC §4.8–4.10), and
// /isochrone/lifestyle (PLUGINS.md §2 "search by lifestyle"): where the nearest place of every chosen
// enrichment category is within a time limit by a mode, as a bare GeoJSON MultiPolygon.
import type {Express} from 'express';
import {clipBox, loadCategories, minutesShort, splitTypeId, MAX_LIFESTYLE_CATEGORIES, MIN_LIFESTYLE_SECONDS, MAX_LIFESTYLE_SECONDS} from '@quartier/engine/internal';
import type {Region} from '@quartier/engine';
import type {Guard, RequestContext} from '../http/request-contract.js';
import {HttpError, badRequest} from '../http/errors.js';
import {languageWithFallback, optionalString, parseLatitude, parseLongitude, parseNumber, parseTravelMode, requiredString, taskMode, type Query, type TravelMode} from '../http/params.js';
import {coveredPosition, requireCoveredBox} from '../http/position.js';
import {sendJson} from '../answers/json-answer.js';
import type {LifestyleTask} from '../workers/tasks.js';

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

export function lifestyleRoutes(app: Express, guard: Guard): void {
    app.get('/isochrone/lifestyle', guard('any', async (ctx, _req, res) => {
        const categories = parseCategories(ctx.query, ctx.region.country.code);
        const seconds = parseLimit(ctx.query);
        const mode = taskMode(parseTravelMode(ctx.query));
        const box = parseBox(ctx.query, ctx.region);
        if (!ctx.pool) throw new HttpError(503, 'The routing engine is not running.');
        const task: LifestyleTask = {type: 'lifestyle', country: ctx.country, mode, categories, seconds, box};
        sendJson(res, await ctx.pool.run<Uint8Array>(task));
    }));
}

/** The country's enrichment keys named in `categories`, as POI types; distinct, 1 to MAX_LIFESTYLE_CATEGORIES of them. */
function parseCategories(q: Query, country: string): {ct: number; st: number}[] {
    const entries = loadCategories().enrichment[country] ?? [];
    const text = optionalString(q, 'categories');
    const keys = text === undefined ? [] : [...new Set(text.split(',').map((k) => k.trim()).filter((k) => k !== ''))];
    if (keys.length < 1 || keys.length > MAX_LIFESTYLE_CATEGORIES) {
        throw badRequest(`Parameter 'categories' must list 1 to ${MAX_LIFESTYLE_CATEGORIES} category keys separated by commas, got ${keys.length}. Keys: ${entries.map((e) => e.key).join(', ')}.`);
    }
    return keys.map((key) => {
        const entry = entries.find((e) => e.key.toLowerCase() === key.toLowerCase());
        if (!entry) throw badRequest(`Unknown category '${key.slice(0, 60)}' for ${country}. Keys: ${entries.map((e) => e.key).join(', ')}.`);
        const {ct, st} = splitTypeId(entry.id);
        return {ct, st};
    });
}

/** The limit in seconds: numberOfSeconds (60 to 3600) or minutes (1 to 60), whole, one of the two. */
function parseLimit(q: Query): number {
    const secondsText = optionalString(q, 'numberOfSeconds'), minutesText = optionalString(q, 'minutes');
    if ((secondsText === undefined) === (minutesText === undefined)) throw badRequest(`Give the time limit as 'numberOfSeconds' (${MIN_LIFESTYLE_SECONDS} to ${MAX_LIFESTYLE_SECONDS}) or 'minutes' (1 to ${MAX_LIFESTYLE_SECONDS / 60}), one of the two.`);
    if (secondsText !== undefined) {
        const s = parseNumber(secondsText, 'numberOfSeconds');
        if (!Number.isInteger(s) || s < MIN_LIFESTYLE_SECONDS || s > MAX_LIFESTYLE_SECONDS) {
            throw badRequest(`Parameter 'numberOfSeconds' must be a whole number of seconds from ${MIN_LIFESTYLE_SECONDS} to ${MAX_LIFESTYLE_SECONDS}, got ${s}.`);
        }
        return s;
    }
    const m = parseNumber(minutesText!, 'minutes');
    if (!Number.isInteger(m) || m * 60 < MIN_LIFESTYLE_SECONDS || m * 60 > MAX_LIFESTYLE_SECONDS) {
        throw badRequest(`Parameter 'minutes' must be a whole number of minutes from ${MIN_LIFESTYLE_SECONDS / 60} to ${MAX_LIFESTYLE_SECONDS / 60}, got ${m}.`);
    }
    return m * 60;
}

/** bbox=west,south,east,north clipped to the region's box; the region's box when absent. A 400 when it misses the covered area. */
function parseBox(q: Query, region: Region): [number, number, number, number] {
    const text = optionalString(q, 'bbox');
    if (text === undefined) return [...region.tileBounds] as [number, number, number, number];
    const parts = text.split(',');
    if (parts.length !== 4) throw badRequest(`Parameter 'bbox' must be 'west,south,east,north' in degrees, got '${text.slice(0, 60)}'.`);
    const west = parseLongitude(parts[0], 'bbox'), south = parseLatitude(parts[1], 'bbox');
    const east = parseLongitude(parts[2], 'bbox'), north = parseLatitude(parts[3], 'bbox');
    if (!(west < east && south < north)) throw badRequest(`Parameter 'bbox' must be 'west,south,east,north' with west < east and south < north, got '${text.slice(0, 60)}'.`);
    const clipped = clipBox(region.tileBounds, [west, south, east, north]);
    if (clipped === null) throw badRequest(`The requested box is outside the area this server has data for (${region.label}).`);
    requireCoveredBox(region, clipped[1], clipped[0], clipped[3], clipped[2]);
    return clipped;
}
