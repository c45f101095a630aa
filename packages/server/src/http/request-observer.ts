// Watches every request to its end: counts it in the metrics and, when the access log is on,
// writes one structured line. The line carries the path without its query (a licence key may be
// there) and no header (the LicenseKey header is one).
import {randomUUID} from 'node:crypto';
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Request} from 'express';
import type {Logger} from '../service/logger.js';
import type {Metrics} from '../service/metrics.js';

/** A caller's X-Request-Id is kept when it looks like an id; otherwise the server makes one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface ObserverOptions {
    metrics: Metrics;
    /** The access log; null: none. */
    accessLog: Logger | null;
}

/** Where an answer records the country and the cache outcome for the access log (Express's res.locals, or the route lane's). */
export type ObservedResponse = ServerResponse & {locals?: {country?: string; cache?: string}};

/**
 * Watches one request from its arrival (before anything rewrites its URL) to its end. `endpoint`: the
 * route pattern, read at the end.
 */
export function observe(options: ObserverOptions, req: IncomingMessage, res: ObservedResponse, endpoint: () => string): void {
    const started = performance.now();
    const url = req.url ?? '';
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
        const seconds = (performance.now() - started) / 1000;
        const pattern = endpoint();
        options.metrics.request(pattern, req.method ?? '', res.statusCode, seconds);
        options.accessLog?.info({
            requestId: id,
            method: req.method,
            path: url.split('?')[0].slice(0, 200),
            status: res.statusCode,
            ms: Math.round(seconds * 10000) / 10,
            country: res.locals?.country,
            endpoint: pattern,
            cache: res.locals?.cache
        }, 'request');
    });
}

/**
 * The route pattern that answered (/points, /tiles/:z/:x/:file), so the metrics' labels stay few
 * whatever paths clients send; 'static' for files, 'none' when nothing matched.
 */
export function endpointOf(req: Request): string {
    const route = (req as Request & {route?: {path?: unknown}}).route;
    if (route && typeof route.path === 'string') return route.path;
    return req.res?.getHeader('content-type') !== undefined && (req.res?.statusCode ?? 404) < 400 ? 'static' : 'none';
}
