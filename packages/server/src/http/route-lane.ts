// GET /route past Express. Express's own work on every request (new prototypes for the request and
// its answer, the router's walk, the final handler) costs the main thread, which serves every
// connection, several times what node:http itself costs for an answer (bench/RESULTS.md: "/route
// over HTTP: where the time went"). /route, the call that comes by the thousand, takes this lane: the
// same pieces as the Express chain, in the same order (the observer: request id, metrics, access log;
// the CORS headers; the country; the key and query checks; the handler; errors as JSON). Whatever the
// lane does not take (another method or path, no country) goes on to Express untouched.
import type {IncomingMessage, ServerResponse} from 'node:http';
import querystring from 'node:querystring';
import type {Authorize} from './app.js';
import {corsHeaders} from './cors.js';
import {resolveCountry, type CountryResolver} from './country.js';
import {errorHandler} from './errors.js';
import {observe, type ObservedResponse, type ObserverOptions} from './request-observer.js';
import {answerRoute} from '../routes/route.js';

export interface RouteLaneOptions {
    country: CountryResolver;
    observer: ObserverOptions;
    authorize: Authorize;
}

/** Takes a request (true) or leaves it to Express (false, the request unchanged). */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The paths Express's app.get('/route') matches: any case, an optional trailing slash. */
const ROUTE_PATH = /^\/route\/?$/i;

export function routeLane(options: RouteLaneOptions): Lane {
    return (req, res) => {
        if (req.method !== 'GET') return false;
        const sent = req.url ?? '/';
        const {country, url} = resolveCountry(options.country, req.headers, sent);
        const at = url.indexOf('?');
        if (country === undefined || !ROUTE_PATH.test(at < 0 ? url : url.slice(0, at))) return false;
        const answer = res as ObservedResponse;
        observe(options.observer, req, answer, () => '/route');
        corsHeaders(answer, req.headers.origin, false);
        answer.locals = {country};
        const fail = (err: unknown) => errorHandler(err, req, answer, () => {});
        try {
            // Express's 'simple' query parser is querystring.parse too.
            const ctx = options.authorize(req, sent, querystring.parse(at < 0 ? '' : url.slice(at + 1)), country, 'any');
            answerRoute(ctx, answer).catch(fail);
        } catch (err) {
            fail(err);
        }
        return true;
    };
}
