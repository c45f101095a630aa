// Wrong methods: a path the API serves for other methods answers 405 with the Allow header (RFC 9110
// §15.5.6), not a 404 that says the endpoint does not exist. Runs before the country is resolved,
// so the /{cc}/ prefix is tried both kept and stripped.
import type {Express, NextFunction, Request, Response} from 'express';
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

export function methodCheck(app: Express) {
    return (req: Request, _res: Response, next: NextFunction): void => {
        const allowed = allowedMethods(app, req.path);
        if (allowed.length === 0 || allowed.includes(req.method)) {
            next();
            return;
        }
        next(new HttpError(405, `${req.method} is not allowed on ${req.path.slice(0, 100)}: use ${allowed.filter((m) => m !== 'OPTIONS' && m !== 'HEAD').join(' or ')}.`,
            {Allow: allowed.join(', ')}));
    };
}
