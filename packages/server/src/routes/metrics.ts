// GET /metrics: the Prometheus text format, for a backend key valid in every country (header or
// licenseKey query parameter, which Prometheus's scrape `params` can send). A server started with
// --metrics-port also serves them without a key on that port only (see metricsServer).
import http from 'node:http';
import type {Express, Request, Response} from 'express';
import {HttpError} from '../http/errors.js';
import {checkQueryEncoding, normalizeQuery} from '../http/params.js';
import type {KeyStore} from '../http/keys.js';
import type {Metrics} from '../service/metrics.js';
import {errorBody} from '../answers/error-answer.js';

export function metricsRoute(app: Express, metrics: Metrics, keys: KeyStore): void {
    app.get('/metrics', async (req: Request, res: Response, next) => {
        try {
            const header = req.headers.licensekey ?? req.headers.licencekey;
            checkQueryEncoding(req.originalUrl);
            const query = normalizeQuery(req.query as Record<string, unknown>);
            const key = (Array.isArray(header) ? header[0] : header) ?? query.get('licensekey') ?? query.get('licencekey');
            try {
                // '*' is no country: only a key for every country passes.
                keys.check(key, '*', 'backend', {browser: req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined});
            } catch (err) {
                if (err instanceof HttpError && err.status === 403 && !err.message.startsWith('A backend key')) {
                    throw new HttpError(403, 'The metrics need a backend key valid in every country ("countries": ["*"]), or the --metrics-port listener.');
                }
                throw err;
            }
            await sendMetrics(metrics, res);
        } catch (err) {
            next(err);
        }
    });
}

async function sendMetrics(metrics: Metrics, res: Response | http.ServerResponse): Promise<void> {
    const text = await metrics.text();
    res.setHeader('Content-Type', metrics.contentType);
    res.end(text);
}

/**
 * A listener that answers GET /metrics without a key and nothing else: bind it to an address
 * only the monitoring can reach (QUARTIER_METRICS_PORT, --metrics-port).
 */
export function metricsServer(metrics: Metrics): http.Server {
    return http.createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
            res.writeHead(status, {...headers, 'Content-Type': 'application/json; charset=utf-8'});
            res.end(errorBody(message));
        };
        if (path !== '/metrics') return fail(404, 'This port serves GET /metrics only.');
        if (req.method !== 'GET' && req.method !== 'HEAD') return fail(405, 'Use GET /metrics.', {Allow: 'GET, HEAD'});
        sendMetrics(metrics, res).catch((err: unknown) => fail(500, `Metrics failed: ${(err as Error).message}`));
    });
}
