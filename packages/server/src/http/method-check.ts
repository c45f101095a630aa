// Wrong methods: a path the API serves for other methods answers 405 with the Allow header (RFC 9110
// §15.5.6), not a 404 that says the endpoint does not exist. Looked at only when a request ends in a
// 404 (no cost on the requests that are served), with the path as sent, so the /{cc}/ prefix is tried
// both kept and stripped.
import type {ErrorRequestHandler, Express} from 'express';
import {HttpError} from './errors.js';

interface RouteLayer {
    route?: {_methods(): string[]};
    match(path: string): unknown;
}

/** Methods the app's routes serve at `path` (GET brings HEAD), plus OPTIONS (the CORS preflight); none for an unknown path. */
export function allowedMethods(app: Express, path: string): string[] {
    const stack = (app.router as unknown as {stack: RouteLayer[]}).stack;
    const paths = /^\/[A-Za-z]{2}(\/|$)/.test(path) ? [path, path.slice(3) || '/'] : [path];
    const methods = new Set<string>();
    for (const layer of stack) {
        if (!layer.route) continue;
        if (paths.some((p) => layer.match(p))) for (const m of layer.route._methods()) methods.add(m);
    }
    if (methods.size > 0) methods.add('OPTIONS');
    return [...methods];
}

/** An error handler that turns a 404 into a 405 when the path is served with other methods. */
export function methodNotAllowed(app: Express): ErrorRequestHandler {
    return (err, req, _res, next) => {
        if (!(err instanceof HttpError && err.status === 404)) {
            next(err);
            return;
        }
        const path = req.originalUrl.split('?')[0];
        const allowed = allowedMethods(app, path);
        if (allowed.length === 0 || allowed.includes(req.method)) {
            next(err);
            return;
        }
        next(new HttpError(405, `${req.method} is not allowed on ${path.slice(0, 100)}: use ${allowed.filter((m) => m !== 'OPTIONS' && m !== 'HEAD').join(' or ')}.`,
            {Allow: allowed.join(', ')}));
    };
}
