// A request's way through the API, as one list of steps that both the Express chain (app.ts) and
// the route lane (route-lane.ts) run, in this order:
//   1. observe    request id, metrics, access log (request-observer.ts)
//   2. cors       the Access-Control-* headers; a preflight is answered here (cors.ts)
//      (Express only: the open paths — health, metrics, playground, icons, docs, glyphs, sprites)
//   3. country    from the host or the /{cc}/ prefix, which is stripped (country.ts)
//      (the router picks the handler)
//   4. authorize  query encoding, key, query, served region → the handler's RequestContext
//   5. the handler
//   6. fail       every error as JSON (errors.ts)
// The steps are written once, on node:http's request and answer; the Express forms below only adapt
// them (next(), res.locals, req.originalUrl), so the lane cannot drift from the chain.
import type {IncomingHttpHeaders, IncomingMessage, ServerResponse} from 'node:http';
import type {NextFunction, Request, RequestHandler, Response} from 'express';
import type {WorkerPool} from '../workers/pool.js';
import {answerCors} from './cors.js';
import {resolveCountry, type CountryResolver} from './country.js';
import {HttpError, errorHandler, notServed} from './errors.js';
import type {KeyStore} from './keys.js';
import {checkQueryEncoding, normalizeQuery} from './params.js';
import {endpointOf, observe, type ObservedResponse, type ObserverOptions} from './request-observer.js';
import type {Region} from '@quartier/engine';
import type {Authorize, Guard} from './request-contract.js';

export interface RequestStepOptions {
    observer: ObserverOptions;
    country: CountryResolver;
    keys: KeyStore;
    served: Map<string, Region>;
    pool: WorkerPool | undefined;
}

/** What the arrival steps know of a request: its path as sent, and (read at its end) the route pattern that answered. */
export interface Arrival {
    path: string;
    endpoint: () => string;
}

/** A step before routing; true when it has answered the request itself, and nothing after it runs. */
export type ArrivalStep = (req: IncomingMessage, res: ObservedResponse, arrival: Arrival) => boolean;

export interface RequestSteps {
    /** Steps 1 and 2, in order: they run on every request, before any route. */
    arrival: ArrivalStep[];
    /** Step 3: the request's country (undefined: none) and its URL without the /{cc} prefix. */
    country: (headers: IncomingHttpHeaders, url: string) => {country: string | undefined; url: string};
    /** Step 4. */
    authorize: Authorize;
    /** Step 6. */
    fail: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

export function requestSteps(options: RequestStepOptions): RequestSteps {
    return {
        arrival: [
            (req, res, arrival) => {
                observe(options.observer, req, res, arrival.endpoint);
                return false;
            },
            (req, res, arrival) => answerCors(req, res, arrival.path)
        ],
        country: (headers, url) => resolveCountry(options.country, headers, url),
        authorize: authorizer(options),
        fail: (err, req, res) => errorHandler(err, req, res, () => {})
    };
}

function authorizer({keys, served, pool}: RequestStepOptions): Authorize {
    return (req, url, rawQuery, country, access) => {
        checkQueryEncoding(url);
        const query = normalizeQuery(rawQuery);
        const header = req.headers.licensekey ?? req.headers.licencekey;
        const key = (Array.isArray(header) ? header[0] : header) ?? query.get('licensekey') ?? query.get('licencekey');
        const appId = req.headers['x-service-app-id'] ?? req.headers['x-yatmo-app-id'];
        const checked = keys.check(key, country, access, {
            webHost: webHostOf(req),
            appId: typeof appId === 'string' ? appId : undefined,
            browser: fromBrowser(req)
        });
        // After the key: which countries are served is for key holders to learn.
        const region = served.get(country);
        if (!region) throw new HttpError(404, notServed(country, [...served.keys()]));
        return {country, region, query, pool, keyOwner: checked.ownerId};
    };
}

/** Steps 1 and 2 as the first Express middleware. */
export function arrivalMiddleware(steps: RequestSteps): RequestHandler {
    return (req: Request, res: Response, next: NextFunction): void => {
        const arrival: Arrival = {path: req.path, endpoint: () => endpointOf(req)};
        for (const step of steps.arrival) if (step(req, res, arrival)) return;
        next();
    };
}

/** Step 3 as Express middleware: no country is a 404; the URL loses its prefix before routing. */
export function countryMiddleware(steps: RequestSteps): RequestHandler {
    return (req: Request, res: Response, next: NextFunction): void => {
        const resolved = steps.country(req.headers, req.url);
        req.url = resolved.url;
        const country = resolved.country;
        if (!country) {
            next(new HttpError(404, 'Unknown country: call {cc}.<domain>, send X-Forwarded-Host, or prefix the path with /{cc}/ (e.g. /be/points).'));
            return;
        }
        res.locals.country = country;
        next();
    };
}

/** Steps 4 and 5 as an Express handler; an error goes on to step 6 (the app's error handlers). */
export function guard(steps: RequestSteps): Guard {
    return (access, handler) => (req, res, next) => {
        try {
            const done = handler(steps.authorize(req, req.originalUrl, req.query as Record<string, unknown>, res.locals.country as string, access), req, res);
            if (done) done.catch(next);
        } catch (err) {
            next(err);
        }
    };
}

/**
 * Whether a web page sent the request. Browsers send Origin on every cross-origin request and on
 * every POST, and Sec-Fetch-Site on every request (Chromium, Firefox, Safari 16.4+); server-side
 * clients (curl, PHP, Node's fetch, which sends Sec-Fetch-Mode but not Sec-Fetch-Site) send neither.
 */
function fromBrowser(req: IncomingMessage): boolean {
    return req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
}

function webHostOf(req: IncomingMessage): string | undefined {
    // plugin.html's calls are same-origin (our host): the page that frames it is the one the key's
    // domains are about, and the frame names it (lib/api.js). Only a browser's own same-origin
    // request can carry that claim: Sec-Fetch-Site is set by the browser, not by the page.
    const embedder = req.headers['x-quartier-embedder'];
    if (typeof embedder === 'string' && embedder !== '' && req.headers['sec-fetch-site'] === 'same-origin') {
        return hostnameOf(`http://${embedder}`);
    }
    return hostnameOf(req.headers.origin ?? req.headers.referer);
}

function hostnameOf(src: string | undefined): string | undefined {
    if (typeof src !== 'string' || src === '' || src === 'null') return undefined;
    try {
        return new URL(src).hostname.toLowerCase();
    } catch {
        return undefined;
    }
}
