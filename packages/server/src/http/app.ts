// The HTTP API: an Express app over loaded regions. Routing is case-insensitive (Express's
// default), query parameter names are matched case-insensitively, the country comes from the
// host or a path prefix, and every error is JSON.
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Express, Request, Response} from 'express';
import type {Region} from '@quartier/engine';
import {countryResolver} from './country.js';
import {docsRoutes} from '../assets/docs.js';
import type {KeyStore} from './keys.js';
import {routeRoutes} from '../routes/route.js';
import {iconRoutes, imageRoutes} from '../routes/image.js';
import {isochroneRoutes, lifestyleRoutes} from '../routes/isochrone.js';
import {matrixRoutes} from '../routes/matrix.js';
import type {WorkerPool} from '../workers/pool.js';
import type {AnswerCache} from '../cache/answer-cache.js';
import {ImagePool} from '../image/image-pool.js';
import type {MarkerFetchOptions} from '../image/marker-fetch.js';
import type {Logger} from '../service/logger.js';
import {Metrics} from '../service/metrics.js';
import {metricsRoute} from '../routes/metrics.js';
import {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import {neighbourhoodRoutes} from '../routes/neighbourhood.js';
import {enrichmentBatchRoutes} from '../routes/enrichment-batch.js';
import {playgroundRoutes} from '../routes/playground.js';
import {pluginRoutes} from '../assets/plugins.js';
import {routeLane, type Lane} from './route-lane.js';
import {arrivalMiddleware, countryMiddleware, guard, requestSteps} from './request-steps.js';
import {apiExpress, endRoutes, openRegionRoutes, regionRoutes} from './region-app.js';
import {sendJson} from '../answers/json-answer.js';
import {healthAnswer} from '../answers/health-answer.js';
import {favouriteRoutes} from '../favourites/favourites-route.js';
import type {FavouriteStore} from '../favourites/favourite-store.js';
import {mcpRoutes} from '../mcp/mcp-route.js';
import {adminRoutes, type AdminOptions} from '../swap/admin-route.js';

export interface AppOptions {
    regions: Region[];
    keys: KeyStore;
    defaultCountry?: string;
    /** One structured log line per request (QUARTIER_ACCESS_LOG=1), written to `logger`. */
    accessLog?: boolean;
    logger?: Logger;
    /** The server's metrics; made here when not given. GET /metrics shows them to a backend key. */
    metrics?: Metrics;
    /** Worker threads for routing work; required by /route. */
    pool?: WorkerPool;
    /** Stores the neighbourhood answers (7 days); none: every request computes. */
    cache?: AnswerCache | null;
    /** Where visitors' favourite addresses are kept; none: /favourites answers 503. */
    favourites?: FavouriteStore | null;
    /** /enrichment requests computing at once (SPEC §8: 4). */
    maxEnrichments?: number;
    /** The render threads of /image (default: a pool of its own, started on the first image). */
    imagePool?: ImagePool;
    /**
     * Proxies whose X-Forwarded-Host and -Proto are believed (Express's `trust proxy` forms: addresses,
     * CIDR ranges, `loopback`, `uniquelocal`; default `loopback`). QUARTIER_TRUSTED_PROXIES.
     */
    trustedProxies?: string;
    /** The custom marker fetch policy (default MARKER_FETCH_POLICY; tests only). */
    markerFetch?: MarkerFetchOptions;
    /** The regions' swaps (/health shows them) and POST /admin/reload; none: the regions never change. */
    swaps?: AdminOptions;
}

/** Each app's route lane (route-lane.ts), for requestListener. */
const lanes = new WeakMap<Express, Lane>();

export function createApp(options: AppOptions) {
    const app = apiExpress(options.trustedProxies);

    const served = new Map<string, Region>();
    for (const region of options.regions) served.set(region.country.code, region);

    const metrics = options.metrics ?? new Metrics({regions: options.regions, pool: options.pool, cache: options.cache});
    const observer = {metrics, accessLog: options.accessLog ? options.logger ?? null : null};
    // The request steps (request-steps.ts), shared with the route lane, in their order.
    const steps = requestSteps({observer, country: countryResolver(options.defaultCountry), keys: options.keys, served, pool: options.pool});
    app.use(arrivalMiddleware(steps));

    // Load balancers ask for /health every few seconds: the healthy answer is written once a day (the day a feed's
    // service dates are checked against).
    let healthy: {day: string; notesVersion: number; body: string} | null = null;
    const health = (_req: Request, res: Response) => {
        // The worker threads serve every region: when they cannot start, no region is served.
        const failure = options.pool?.startError ?? null;
        res.status(failure ? 503 : 200);
        const day = new Date().toISOString().slice(0, 10);
        const swaps = options.swaps?.swapper;
        if (!failure && (healthy?.day !== day || healthy.notesVersion !== (swaps?.notesVersion ?? 0))) {
            healthy = {day, notesVersion: swaps?.notesVersion ?? 0, body: healthAnswer(options.regions, null, day, swaps?.notes)};
        }
        sendJson(res, failure ? healthAnswer(options.regions, failure, day, swaps?.notes) : healthy!.body);
    };
    app.get('/health', health);
    if (options.swaps) adminRoutes(app, options.swaps);

    metricsRoute(app, metrics, options.keys);
    playgroundRoutes(app, options.regions, options.keys);
    pluginRoutes(app, options.regions);
    iconRoutes(app);
    docsRoutes(app);
    // Glyphs and sprites are the same for every country.
    openRegionRoutes(app);
    // MCP for AI assistants: one endpoint for every country (each tool call names its country).
    const neighbourhood = new NeighbourhoodService({pool: options.pool, cache: options.cache, maxEnrichments: options.maxEnrichments});
    mcpRoutes(app, {regions: options.regions, keys: options.keys, service: neighbourhood, pool: options.pool, metrics});

    app.use(countryMiddleware(steps));
    // /{cc}/health, like every other path under a country's base URL: the same answer.
    app.get('/health', health);

    const guarded = guard(steps);
    // Tiles, styles, /points, categories, /geolocation: what an HTTP thread answers itself (region-app.ts).
    regionRoutes(app, guarded, options.regions);
    routeRoutes(app, guarded);
    imageRoutes(app, guarded, options.regions, {pool: options.imagePool ?? new ImagePool(options.regions), markerFetch: options.markerFetch});
    isochroneRoutes(app, guarded);
    lifestyleRoutes(app, guarded);
    matrixRoutes(app, guarded);
    neighbourhoodRoutes(app, guarded, neighbourhood);
    enrichmentBatchRoutes(app, guarded, options.pool?.size ?? 1);
    favouriteRoutes(app, guarded, options.favourites ?? null);

    endRoutes(app, steps);
    lanes.set(app, routeLane(steps));
    return app;
}

/** The server's request listener: GET /route through its lane (route-lane.ts), everything else through the app. */
export function requestListener(app: Express): (req: IncomingMessage, res: ServerResponse) => void {
    const lane = lanes.get(app);
    return (req, res) => {
        if (!lane?.(req, res)) app(req, res);
    };
}
