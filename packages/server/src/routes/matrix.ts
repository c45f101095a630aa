// GET and POST /matrix: travel times and distances between every source and every destination
// (all pairs of the sources when no destinations are given), for every travel mode. A cell is the
// single /route answer for its pair: `durations` in seconds are /route's `time` (ms) / 1000 (its
// `weight`), `distances` are /route's `distance` (metres, rounded to the millimetre); null where
// /route finds no route, 0 for the same place.
import express, {type Express, type Response} from 'express';
import type {Guard, RequestContext} from '../http/request-contract.js';
import {HttpError, badRequest} from '../http/errors.js';
import {jsonPreview, languageWithFallback, optionalString, parseLatLng, parseTravelMode, requiredString, taskMode, type Query} from '../http/params.js';
import {requireCovered} from '../http/position.js';
import {matrixAnswer, type MatrixPart} from '../answers/matrix-answer.js';
import {sendJson} from '../answers/json-answer.js';

/** Cells (sources x destinations) per request; documented in docs/api/routing.md. */
export const MAX_GET_CELLS = 2500;
export const MAX_POST_CELLS = 1_000_000;
/** Public transport: one RAPTOR run per source (about 20 ms in Brussels, see bench/RESULTS.md). */
export const MAX_TRANSIT_CELLS = 10_000;
export const MAX_TRANSIT_SOURCES = 100;
/** Positions per list in a POST body, and the body's size. */
export const MAX_POSITIONS = 10_000;
export const MAX_BODY = '1mb';
/** From this many cells (road modes), a table is split by blocks of sources over the workers. */
const SPLIT_CELLS = 20_000;

interface MatrixRequest {
    mode: number;
    sources: number[];
    destinations: number[];
    /** No destinations given: every source to every source. */
    allToAll: boolean;
}

export function matrixRoutes(app: Express, guard: Guard): void {
    app.get('/matrix', guard('any', async (ctx, _req, res) => {
        const sources = positionList(requiredString(ctx.query, 'sources'), 'sources');
        const destinationText = optionalString(ctx.query, 'destinations');
        if (destinationText !== undefined && destinationText.trim() === '') {
            throw badRequest("Parameter 'destinations' is empty: list positions as lat,lon;lat,lon, or leave it out for every source to every source.");
        }
        const destinations = destinationText === undefined ? null : positionList(destinationText, 'destinations');
        await answer(ctx, res, request(ctx, ctx.query, sources, destinations, MAX_GET_CELLS));
    }));
    // The key is checked before the body is read: without one, a large or broken body is a 401 still.
    const readBody = express.json({limit: MAX_BODY, type: () => true});
    app.post('/matrix', guard('any', async (ctx, req, res) => {
        await new Promise<void>((resolve, reject) => readBody(req, res, (err?: unknown) => (err ? reject(bodyError(err)) : resolve())));
        const body: unknown = req.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
            throw badRequest('The body must be a JSON object: {"travelMode": "Driving", "sources": [[lat, lon], …], "destinations": [[lat, lon], …]}.');
        }
        const fields = body as Record<string, unknown>;
        // travelMode and language as /route reads them from the query.
        const q: Query = new Map();
        for (const name of ['travelMode', 'language']) {
            const v = fields[name];
            if (typeof v === 'string' || typeof v === 'number') q.set(name.toLowerCase(), String(v));
            else if (v !== undefined && v !== null) throw badRequest(`'${name}' must be a string.`);
        }
        const sources = positionArray(fields.sources, 'sources');
        const destinations = fields.destinations === undefined || fields.destinations === null ? null : positionArray(fields.destinations, 'destinations');
        await answer(ctx, res, request(ctx, q, sources, destinations, MAX_POST_CELLS));
    }));
}

/** Mode, positions checked against the country and its covered area, and the cell limits. */
function request(ctx: RequestContext, q: Query, sources: number[], destinations: number[] | null, maxCells: number): MatrixRequest {
    const mode = taskMode(parseTravelMode(q));
    languageWithFallback(q, ctx.region.country.languages); // accepted and checked; the answer has no text
    const region = ctx.region;
    for (const [list, name] of [[sources, 'sources'], [destinations ?? [], 'destinations']] as const) {
        for (let i = 0; i < list.length; i += 2) requireCovered(region, list[i], list[i + 1], `${name}[${i / 2}]`);
    }
    const n = sources.length / 2, m = destinations ? destinations.length / 2 : n;
    const transit = mode === 3;
    const limit = transit ? Math.min(maxCells, MAX_TRANSIT_CELLS) : maxCells;
    if (n * m > limit) {
        throw badRequest(`${n} sources x ${m} destinations is ${n * m} cells; at most ${limit} per request${transit ? ' by public transport' : ''}${maxCells === MAX_GET_CELLS ? ' with GET (POST takes more)' : ''}: split the table.`);
    }
    if (transit && n > MAX_TRANSIT_SOURCES) throw badRequest(`At most ${MAX_TRANSIT_SOURCES} sources per request by public transport (one timetable search each), got ${n}: split the table.`);
    return {mode, sources, destinations: destinations ?? sources, allToAll: destinations === null};
}

/** Runs the table (in blocks of sources over the workers when large) and sends the JSON. */
async function answer(ctx: RequestContext, res: Response, r: MatrixRequest): Promise<void> {
    const pool = ctx.pool;
    if (!pool) throw new HttpError(503, 'The routing engine is not running.');
    const started = performance.now();
    const n = r.sources.length / 2, m = r.destinations.length / 2;
    // Split over the workers: public transport by sources whatever its size (a timetable search per
    // source); a large road table along its longer side, since every worker searches backward from
    // each of its destinations and forward from each of its sources.
    const split = r.mode === 3 || n * m >= SPLIT_CELLS;
    const byDestination = split && r.mode !== 3 && m > n;
    const count = byDestination ? m : n;
    const per = Math.ceil(count / (split ? Math.min(pool.size, count) : 1));
    const parts: Promise<MatrixPart>[] = [];
    for (let k0 = 0; k0 < count; k0 += per) {
        const k1 = Math.min(count, k0 + per);
        parts.push(pool.run<MatrixPart>({
            type: 'matrix', country: ctx.country, mode: r.mode,
            sources: byDestination ? r.sources : r.sources.slice(2 * k0, 2 * k1),
            destinations: byDestination ? r.destinations.slice(2 * k0, 2 * k1) : r.destinations,
            sourceOffset: byDestination ? 0 : k0, destinationOffset: byDestination ? k0 : 0
        }));
    }
    const results = await Promise.all(parts);
    sendJson(res, matrixAnswer(results, byDestination, r.allToAll, r.mode, started));
}

/** GET's `lat,lon;lat,lon;…` as flat lat, lon numbers. */
function positionList(text: string, name: string): number[] {
    const parts = text.split(';');
    if (parts.length > MAX_POSITIONS) throw badRequest(`Parameter '${name}' lists ${parts.length} positions; at most ${MAX_POSITIONS}.`);
    const out: number[] = [];
    parts.forEach((part, i) => out.push(...parseLatLng(part, `${name}[${i}]`)));
    return out;
}

/** POST's [[lat, lon], …] as flat lat, lon numbers. */
function positionArray(value: unknown, name: string): number[] {
    if (value === undefined || value === null) throw badRequest(`Missing '${name}': a list of [latitude, longitude] positions.`);
    if (!Array.isArray(value)) throw badRequest(`'${name}' must be a list of [latitude, longitude] positions.`);
    if (value.length === 0) throw badRequest(`'${name}' is empty: give at least one [latitude, longitude] position.`);
    if (value.length > MAX_POSITIONS) throw badRequest(`'${name}' lists ${value.length} positions; at most ${MAX_POSITIONS}.`);
    const out: number[] = [];
    value.forEach((p: unknown, i) => {
        if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number') {
            throw badRequest(`${name}[${i}] must be [latitude, longitude] (two numbers), got ${jsonPreview(p)}.`);
        }
        if (p[0] < -90 || p[0] > 90 || p[1] < -180 || p[1] > 180) throw badRequest(`${name}[${i}] must be [latitude, longitude] with a latitude from -90 to 90 and a longitude from -180 to 180, got [${p[0]}, ${p[1]}].`);
        out.push(p[0], p[1]);
    });
    return out;
}

/** The JSON body's own errors, said plainly. */
function bodyError(err: unknown): unknown {
    const type = (err as {type?: string}).type;
    if (type === 'entity.too.large') return new HttpError(413, `The body is larger than ${MAX_BODY}: split the table.`);
    if (type === 'entity.parse.failed') return badRequest(`The body is not valid JSON: ${(err as Error).message.replace(/\.$/, "")}.`);
    return err;
}
