// GET /route past Express. Express's own work on every request (new prototypes for the request and
// its answer, the router's walk, the final handler) costs the main thread, which serves every
// connection, several times what node:http itself costs for an answer (bench/RESULTS.md: "/route
// over HTTP: where the time went"). /route, the call that comes by the thousand, takes this lane: it
// runs the Express chain's own request steps (request-steps.ts), in their order, called directly.
// Whatever the lane does not take (another method or path, no country) goes on to Express untouched.
import type {IncomingMessage, ServerResponse} from 'node:http';
import querystring from 'node:querystring';
import {answerRoute} from '../routes/route.js';
import type {ObservedResponse} from './request-observer.js';
import type {Arrival, RequestSteps} from './request-steps.js';

/** Takes a request (true) or leaves it to Express (false, the request unchanged). */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The paths Express's app.get('/route') matches: any case, an optional trailing slash. */
const ROUTE_PATH = /^\/route\/?$/i;

/** What the arrival steps see of every request the lane takes: an API path (not open), the /route pattern. */
const ROUTE_ARRIVAL: Arrival = {path: '/route', endpoint: () => '/route'};

/** `takes`: whether the lane takes a /route request, from its query as sent (default: every one). */
export function routeLane(steps: RequestSteps, takes?: (rawQuery: querystring.ParsedUrlQuery) => boolean): Lane {
    return (req, res) => {
        if (req.method !== 'GET') return false;
        const sent = req.url ?? '/';
        // Step 3 first, to know whether the lane takes the request; Express runs it after steps 1 and 2,
        // which do not depend on it.
        const {country, url} = steps.country(req.headers, sent);
        const at = url.indexOf('?');
        if (country === undefined || !ROUTE_PATH.test(at < 0 ? url : url.slice(0, at))) return false;
        // Express's 'simple' query parser is querystring.parse too.
        const rawQuery = querystring.parse(at < 0 ? '' : url.slice(at + 1));
        if (takes && !takes(rawQuery)) return false;
        const answer = res as ObservedResponse;
        // A GET is never a preflight: no arrival step answers it.
        for (const step of steps.arrival) if (step(req, answer, ROUTE_ARRIVAL)) return true;
        answer.locals = {country};
        const fail = (err: unknown) => steps.fail(err, req, answer);
        try {
            const ctx = steps.authorize(req, sent, rawQuery, country, 'any');
            answerRoute(ctx, answer).catch(fail);
        } catch (err) {
            fail(err);
        }
        return true;
    };
}
