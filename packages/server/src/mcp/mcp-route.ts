// POST /mcp/v1: MCP over Streamable HTTP (the SDK's transport), stateless: each request gets its
// own server and transport, which is all a read-only service needs. Before MCP, as HTTP errors like
// every endpoint's: a missing or unknown key (401), a frontend key or a backend key sent by a web
// page (403). A body over MAX_MCP_BODY_BYTES is a 413 (the transport reads it, bounded). The answer
// is JSON, or server-sent events when the client's Accept puts text/event-stream first.
// GET and DELETE answer 405: no stream is kept open and there are no sessions.
import type {Express, NextFunction, Request, Response} from 'express';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {Region} from '@quartier/engine';
import {HttpError} from '../http/errors.js';
import type {CheckedKey, KeyStore} from '../http/keys.js';
import type {Metrics} from '../service/metrics.js';
import type {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import type {WorkerPool} from '../workers/pool.js';
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
    app.post(MCP_PATH, (req: Request, res: Response, next: NextFunction) => {
        let key: CheckedKey;
        try {
            key = checkKey(options.keys, req, [...regions.keys()]);
        } catch (err) {
            next(err);
            return;
        }
        const server = mcp.server((country) => key.countries.includes('*') || key.countries.some((c) => c.toUpperCase() === country));
        const transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: undefined, enableJsonResponse: !eventStreamFirst(req.headers.accept), maxRequestBodySize: MAX_MCP_BODY_BYTES
        });
        res.on('close', () => {
            void transport.close();
            void server.close();
        });
        server.connect(transport).then(() => transport.handleRequest(req, res)).catch(next);
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

/** Whether the client lists server-sent events before JSON in its Accept header. */
function eventStreamFirst(accept: string | undefined): boolean {
    if (!accept) return false;
    const sse = accept.indexOf('text/event-stream'), json = accept.indexOf('application/json');
    return sse >= 0 && (json < 0 || sse < json);
}
