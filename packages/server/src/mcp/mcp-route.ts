// POST /mcp/v1: MCP over Streamable HTTP (the SDK's web-standard transport), stateless: each request
// gets its own server and transport, which is all a read-only service needs. Before MCP, as HTTP
// errors like every endpoint's: a missing or unknown key (401), a frontend key or a backend key sent
// by a web page (403), a body over MAX_MCP_BODY_BYTES (413) or not JSON (400). The answer is JSON, or
// server-sent events when the client's Accept puts text/event-stream first; an Accept that names
// neither (or none) gets JSON. The transport's own refusals keep their JSON-RPC error body, with
// the "Error" every error answer of the API has. GET and DELETE answer 405: no stream is kept open
// and there are no sessions.
import {Readable} from 'node:stream';
import type {ReadableStream as NodeReadableStream} from 'node:stream/web';
import express, {type Express, type NextFunction, type Request, type Response} from 'express';
import {WebStandardStreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type {Region} from '@quartier/engine';
import {HttpError, badRequest} from '../http/errors.js';
import type {CheckedKey, KeyStore} from '../http/keys.js';
import type {Metrics} from '../service/metrics.js';
import type {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import type {WorkerPool} from '../workers/pool.js';
import {sendJson} from '../answers/json-answer.js';
import {QuartierMcp, toolCallCounter} from './mcp-server.js';

export const MCP_PATH = '/mcp/v1';
export const MAX_MCP_BODY_BYTES = 64 * 1024;

export interface McpRouteOptions {
    regions: Region[];
    keys: KeyStore;
    service: NeighbourhoodService;
    pool: WorkerPool | undefined;
    metrics: Metrics;
}

export function mcpRoutes(app: Express, options: McpRouteOptions): void {
    const regions = new Map(options.regions.map((r) => [r.country.code, r]));
    const mcp = new QuartierMcp({regions, service: options.service, pool: options.pool}, toolCallCounter(options.metrics.registry));
    // The key is checked before the body is read: without one, a large or broken body is a 401 still.
    const readBody = express.json({limit: MAX_MCP_BODY_BYTES, type: () => true});
    app.post(MCP_PATH, (req: Request, res: Response, next: NextFunction) => {
        let key: CheckedKey, accept: string;
        try {
            key = checkKey(options.keys, req, [...regions.keys()]);
            accept = acceptOf(req.headers.accept);
        } catch (err) {
            next(err);
            return;
        }
        readBody(req, res, (err?: unknown) => {
            if (err) {
                next(bodyError(err));
                return;
            }
            const server = mcp.server((country) => key.countries.includes('*') || key.countries.some((c) => c.toUpperCase() === country));
            const transport = new WebStandardStreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: !accept.startsWith('text/event-stream')});
            res.on('close', () => {
                void transport.close();
                void server.close();
            });
            server.connect(transport)
                .then(() => transport.handleRequest(webRequest(req, accept), {parsedBody: req.body}))
                .then((answer) => send(res, answer))
                .catch(next);
        });
    });
}

/**
 * The caller's backend key (LicenceKey or LicenseKey header). Keys are checked per country: the key
 * must cover at least one served country here (each tool call then checks its own country).
 */
function checkKey(keys: KeyStore, req: Request, countries: string[]): CheckedKey {
    const header = req.headers.licencekey ?? req.headers.licensekey;
    const presented = Array.isArray(header) ? header[0] : header;
    const browser = req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
    let refusal: unknown = new HttpError(404, 'This server serves no region.');
    for (const country of countries) {
        try {
            return keys.check(presented, country, 'backend', {browser});
        } catch (err) {
            // 403: this country is not the key's, or the key is refused here whatever the country (the same message each time).
            if (!(err instanceof HttpError && err.status === 403)) throw err;
            refusal = err;
        }
    }
    throw refusal;
}

/**
 * The Accept header the transport is given: as sent when it lists both JSON and server-sent events
 * (MCP's rule), in the order the client prefers; JSON first when it names only JSON, any type or
 * nothing; events first when it names only events. Anything else is a 406.
 */
function acceptOf(accept: string | undefined): string {
    const a = accept ?? '*/*';
    const json = /application\/json|application\/\*|\*\/\*/.test(a), events = a.includes('text/event-stream');
    if (events && (!json || a.indexOf('text/event-stream') < a.search(/application\/json|application\/\*|\*\/\*/))) return 'text/event-stream, application/json';
    if (json) return 'application/json, text/event-stream';
    throw new HttpError(406, 'MCP answers application/json or text/event-stream: list them in the Accept header.');
}

function bodyError(err: unknown): unknown {
    const type = (err as {type?: string}).type;
    if (type === 'entity.too.large') return new HttpError(413, `The body is larger than ${MAX_MCP_BODY_BYTES / 1024} KB.`);
    if (type === 'entity.parse.failed') return badRequest(`The body is not a JSON-RPC message: ${(err as Error).message.replace(/\.$/, '')}.`);
    return err;
}

/** Headers about the body as it arrived, which the request passed on (without a body) must not carry. */
const BODY_HEADERS = new Set(['content-length', 'transfer-encoding', 'content-encoding', 'connection', 'host']);

/** The request as the web-standard transport reads it (the body is already parsed and passed apart). */
function webRequest(req: Request, accept: string): globalThis.Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
        if (BODY_HEADERS.has(name)) continue;
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    headers.set('accept', accept);
    return new globalThis.Request(`http://localhost${MCP_PATH}`, {method: 'POST', headers});
}

/** The transport's answer on Express's response: errors as JSON with "Error", events streamed. */
async function send(res: Response, answer: globalThis.Response): Promise<void> {
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    if (answer.status >= 400) {
        const text = await answer.text();
        let body: Record<string, unknown> = {};
        try {
            body = JSON.parse(text) as Record<string, unknown>;
        } catch {
            // not JSON: the status and its message say enough
        }
        const message = (body.error as {message?: unknown} | undefined)?.message;
        sendJson(res, JSON.stringify({Error: typeof message === 'string' ? message : `MCP refused the request (${answer.status}).`, ...body}));
        return;
    }
    if (answer.body === null) {
        res.end();
        return;
    }
    Readable.fromWeb(answer.body as NodeReadableStream).pipe(res);
}
