// The endpoints that need the regions and nothing else: no routing thread, answer cache, store or state of the
// main thread's. The API (app.ts) serves them among the others; an HTTP thread (http-threads/http-thread.ts)
// answers them itself with an app of these alone, which browsers hit by the dozen per map (tiles, styles, fonts,
// sprites) or per keystroke (/geolocation), where a hop to the main thread would cost more than the answer.
// Both apps are made of the same pieces, in the same order, so an answer cannot depend on which one gave it.
import express, {type Express, type NextFunction, type Request, type Response} from 'express';
import type {Region} from '@quartier/engine';
import {HttpError} from './errors.js';
import {allowedMethods, methodNotAllowed} from './method-check.js';
import {arrivalMiddleware, countryMiddleware, guard, type RequestSteps} from './request-steps.js';
import type {Guard} from './request-contract.js';
import {glyphRoutes} from '../routes/glyphs.js';
import {spriteRoutes} from '../routes/sprites.js';
import {tileRoutes} from '../routes/tiles.js';
import {pointsRoutes} from '../routes/points.js';
import {categoryRoutes} from '../routes/categories.js';
import {geolocationRoutes} from '../routes/geolocation.js';
import {styleRoutes} from '../routes/styles.js';

/** Express with the API's settings; `trustedProxies` as AppOptions.trustedProxies. */
export function apiExpress(trustedProxies: string | undefined): Express {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.set('query parser', 'simple');
    try {
        app.set('trust proxy', trustedProxyList(trustedProxies));
    } catch (err) {
        throw new Error(`QUARTIER_TRUSTED_PROXIES: ${(err as Error).message}; give addresses, CIDR ranges, loopback, linklocal, uniquelocal, or none`);
    }
    return app;
}

/** The region-only endpoints served without a country: fonts and sprites, the same for every country. */
export function openRegionRoutes(app: Express): void {
    glyphRoutes(app);
    spriteRoutes(app);
}

/** The region-only endpoints under a country (after the country middleware). */
export function regionRoutes(app: Express, guarded: Guard, regions: Region[]): void {
    tileRoutes(app, regions);
    pointsRoutes(app, guarded);
    categoryRoutes(app, guarded);
    geolocationRoutes(app, guarded);
    styleRoutes(app, regions);
}

/** The app's last handlers: a path no route took is a 404 (a 405 when other methods serve it); every error as JSON. */
export function endRoutes(app: Express, steps: RequestSteps): void {
    app.use((req: Request, _res: Response, next: NextFunction) => {
        next(new HttpError(404, `No endpoint ${req.method} ${req.path.slice(0, 100)}.`));
    });
    app.use(methodNotAllowed(app));
    app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => steps.fail(err, req, res));
}

/** An HTTP thread's app: the region-only endpoints, through the same request steps as the API's. */
export function regionApp(steps: RequestSteps, regions: Region[], trustedProxies: string | undefined): Express {
    const app = apiExpress(trustedProxies);
    app.use(arrivalMiddleware(steps));
    openRegionRoutes(app);
    app.use(countryMiddleware(steps));
    regionRoutes(app, guard(steps), regions);
    endRoutes(app, steps);
    return app;
}

/**
 * Whether `app` has a route for the request's method and path (as sent, or without its /{cc}/ prefix); OPTIONS (a
 * preflight) where it has any. Only such requests go to a region app: it would answer any other 404 or 405.
 */
export function routesRequest(app: Express, method: string | undefined, url: string | undefined): boolean {
    const sent = url ?? '/';
    const at = sent.indexOf('?');
    return allowedMethods(app, at < 0 ? sent : sent.slice(0, at)).includes(method ?? '');
}

function trustedProxyList(setting: string | undefined): string[] {
    const list = (setting ?? 'loopback').split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || list.includes('none')) return [];
    return list;
}
