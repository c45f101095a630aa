// Starting the server: configuration from flags and environment, region bundles built when
// missing or outdated, then opened and served.
import os from 'node:os';
import {execFileSync} from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region, loadRegionConfigs} from '@quartier/engine';
import {HUGE_PAGES_TUNABLE, buildRoot, dataRoot, hugePagesAsked, regionsFile, withHugePages} from '@quartier/engine/internal';
import {createApp, requestListener} from '../http/app.js';
import {KeyStore} from '../http/keys.js';
import {WorkerPool} from '../workers/pool.js';
import {isRedisAddress, openAnswerCache, type AnswerCache} from '../cache/answer-cache.js';
import {BUILD_REGION_SCRIPT} from '../cli/build-region-script.js';
import {DEFAULT_SHUTDOWN_GRACE_MS, GracefulClose} from './graceful-close.js';
import type {ServerHooks} from './hooks.js';
import {ImagePool} from '../image/image-pool.js';
import {apiServer} from '../http/api-server.js';
import {createLogger, type Logger} from './logger.js';
import {Metrics} from './metrics.js';
import {metricsServer} from '../routes/metrics.js';
import {DEFAULT_FAVOURITE_LIMITS, type FavouriteLimits, type FavouriteStore} from '../favourites/favourite-store.js';
import {openFavouriteStore} from '../favourites/open-favourites.js';
import {dataAge} from '../answers/data-age.js';
import {RegionSet, retireAndFree} from '../swap/region-set.js';
import {RegionSwapper, type SwapOutcome} from '../swap/region-swap.js';
import {HttpThreads, hasReusePort} from '../http-threads/http-threads.js';
import {takePeer} from '../http-threads/relay.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const DEVELOPMENT_KEYS_FILE = path.join(REPO_ROOT, 'config', 'keys.dev.json');

export interface ServerConfig {
    port: number;
    host: string;
    dataRoot: string;
    buildRoot: string;
    keysFile: string;
    regions?: string[];
    /** The regions file instead of data/regions.json (--regions-file, QUARTIER_REGIONS_FILE); undefined: data/regions.json and the local one. */
    regionsFile?: string;
    production: boolean;
    defaultCountry?: string;
    build: boolean;
    accessLog: boolean;
    /** Level of the JSON log (QUARTIER_LOG_LEVEL: trace, debug, info, warn, error, silent). */
    logLevel: string;
    /** A second listener serving GET /metrics without a key (QUARTIER_METRICS_PORT, --metrics-port); 0: any free port. */
    metricsPort?: number;
    /** Worker threads (QUARTIER_WORKERS; default the core count). */
    workers?: number;
    /**
     * HTTP threads (QUARTIER_HTTP_THREADS, --http-threads; Node 22.12 or later): they accept the connections and answer
     * road routes and the region-only endpoints themselves, relaying every other request to the main thread
     * (http-threads/). Default: one per core on Node 22.12 or later, else 0 (the main thread accepts every connection).
     */
    httpThreads: number;
    /** Time limit of one routing task in ms (QUARTIER_TASK_TIMEOUT_MS). */
    taskTimeoutMs?: number;
    /**
     * The answers cache (--cache, QUARTIER_CACHE or QUARTIER_CACHE_DIR): a folder for LMDB (default build/cache), a
     * redis:// or rediss:// address for a Redis shared by replicas, or null ('off') for none.
     */
    cacheDir: string | null;
    /** The folder of the favourites' LMDB store (--favourites, QUARTIER_FAVOURITES_DIR; default build/favourites); unused when the cache is Redis. */
    favouritesDir: string;
    /** QUARTIER_FAVOURITES_PER_VISITOR and QUARTIER_FAVOURITES_VISITORS_PER_OWNER. */
    favouriteLimits: FavouriteLimits;
    /** Entries the cache keeps at most (QUARTIER_CACHE_MAX_ENTRIES). */
    cacheMaxEntries?: number;
    /** /enrichment requests computing at once (QUARTIER_MAX_ENRICHMENTS, default 4). */
    maxEnrichments?: number;
    /** Device pixels a render thread draws per second, which sets what /image admits (QUARTIER_RENDER_PIXELS_PER_SECOND). */
    renderPixelsPerSecond?: number;
    /** Workers warm up on every region when they start (QUARTIER_WARMUP=0 turns it off). */
    warmup: boolean;
    /** Proxies whose X-Forwarded-Host/-Proto count (QUARTIER_TRUSTED_PROXIES, --trusted-proxies; default loopback, `none` for none). */
    trustedProxies?: string;
    /** On SIGTERM/SIGINT, requests in flight get this long to finish, ms (QUARTIER_SHUTDOWN_GRACE_MS, default 10 s). */
    shutdownGraceMs: number;
    /** New bundles renamed into the bundle folder are swapped in as they come (QUARTIER_WATCH=0, --no-watch: only on SIGHUP or POST /admin/reload). */
    watch: boolean;
    /** The token of POST /admin/reload (QUARTIER_ADMIN_TOKEN); none: admin requests are off. Never logged. */
    adminToken: string | null;
}

export function loadServerConfig(args: Record<string, string | boolean | undefined> = {}): ServerConfig {
    const env = process.env;
    const port = Number(args.port ?? env.PORT ?? 8080);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${args.port ?? env.PORT}'`);
    const regions = (args.regions as string | undefined) ?? env.QUARTIER_REGIONS;
    return {
        port,
        host: (args.host as string | undefined) ?? env.HOST ?? '0.0.0.0',
        dataRoot: dataRoot(args.data as string | undefined),
        buildRoot: buildRoot(args.out as string | undefined),
        keysFile: path.resolve((args.keys as string | undefined) ?? env.QUARTIER_KEYS ?? DEVELOPMENT_KEYS_FILE),
        regions: regions ? regions.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
        regionsFile: regionsFile(args['regions-file'] as string | undefined),
        production: Boolean(args.production) || env.NODE_ENV === 'production',
        defaultCountry: ((args['default-country'] as string | undefined) ?? env.QUARTIER_DEFAULT_COUNTRY)?.toUpperCase(),
        build: args['no-build'] !== true,
        accessLog: args['access-log'] === true || env.QUARTIER_ACCESS_LOG === '1',
        logLevel: logLevel((args['log-level'] as string | undefined) ?? env.QUARTIER_LOG_LEVEL),
        metricsPort: metricsPort((args['metrics-port'] as string | undefined) ?? env.QUARTIER_METRICS_PORT),
        workers: optionalInt((args.workers as string | undefined) ?? env.QUARTIER_WORKERS, 'QUARTIER_WORKERS'),
        httpThreads: httpThreadCount((args['http-threads'] as string | undefined) ?? env.QUARTIER_HTTP_THREADS),
        taskTimeoutMs: optionalInt((args['task-timeout'] as string | undefined) ?? env.QUARTIER_TASK_TIMEOUT_MS, 'QUARTIER_TASK_TIMEOUT_MS'),
        cacheDir: cacheDir((args.cache as string | undefined) ?? env.QUARTIER_CACHE ?? env.QUARTIER_CACHE_DIR),
        cacheMaxEntries: optionalInt(env.QUARTIER_CACHE_MAX_ENTRIES, 'QUARTIER_CACHE_MAX_ENTRIES'),
        favouritesDir: path.resolve((args.favourites as string | undefined) ?? env.QUARTIER_FAVOURITES_DIR ?? path.join(REPO_ROOT, 'build', 'favourites')),
        favouriteLimits: {
            perVisitor: optionalInt(env.QUARTIER_FAVOURITES_PER_VISITOR, 'QUARTIER_FAVOURITES_PER_VISITOR') ?? DEFAULT_FAVOURITE_LIMITS.perVisitor,
            visitorsPerOwner: optionalInt(env.QUARTIER_FAVOURITES_VISITORS_PER_OWNER, 'QUARTIER_FAVOURITES_VISITORS_PER_OWNER') ?? DEFAULT_FAVOURITE_LIMITS.visitorsPerOwner
        },
        warmup: args['no-warmup'] !== true && env.QUARTIER_WARMUP !== '0',
        watch: args['no-watch'] !== true && env.QUARTIER_WATCH !== '0',
        adminToken: adminToken(env.QUARTIER_ADMIN_TOKEN),
        shutdownGraceMs: optionalInt((args['shutdown-grace'] as string | undefined) ?? env.QUARTIER_SHUTDOWN_GRACE_MS, 'QUARTIER_SHUTDOWN_GRACE_MS') ?? DEFAULT_SHUTDOWN_GRACE_MS,
        renderPixelsPerSecond: optionalInt((args['render-rate'] as string | undefined) ?? env.QUARTIER_RENDER_PIXELS_PER_SECOND, 'QUARTIER_RENDER_PIXELS_PER_SECOND'),
        maxEnrichments: optionalInt((args['max-enrichments'] as string | undefined) ?? env.QUARTIER_MAX_ENRICHMENTS, 'QUARTIER_MAX_ENRICHMENTS'),
        trustedProxies: (args['trusted-proxies'] as string | undefined) ?? env.QUARTIER_TRUSTED_PROXIES
    };
}

/** An admin token short enough to guess is refused rather than served. */
function adminToken(v: string | undefined): string | null {
    if (v === undefined || v === '') return null;
    if (v.length < 16 || /\s/.test(v)) throw new Error('QUARTIER_ADMIN_TOKEN must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`)');
    return v;
}

function cacheDir(v: string | undefined): string | null {
    if (v === 'off') return null;
    if (v !== undefined && isRedisAddress(v)) return v;
    return path.resolve(v ?? path.join(REPO_ROOT, 'build', 'cache'));
}

/** From this much region data a server without huge pages says how to get them (Brussels' regions are 0.1 GiB, a country's several). */
const HUGE_PAGES_ADVICE_BYTES = 2 ** 30;
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function logLevel(v: string | undefined): string {
    if (v === undefined || v === '') return 'info';
    if (!LOG_LEVELS.includes(v)) throw new Error(`QUARTIER_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${v}'`);
    return v;
}

function metricsPort(v: string | undefined): number | undefined {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`QUARTIER_METRICS_PORT must be a port number, got '${v}'`);
    return n;
}

function httpThreadCount(v: string | undefined): number {
    if (v === undefined || v === '') return hasReusePort() ? os.availableParallelism() : 0;
    if (v === '0') return 0;
    return optionalInt(v, 'QUARTIER_HTTP_THREADS')!;
}

function optionalInt(v: string | undefined, name: string): number | undefined {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got '${v}'`);
    return n;
}

/**
 * Builds (or finds up to date) the regions in separate processes (several at once: build-region --jobs), so the
 * server's own memory holds only the opened bundles, never a build's working set.
 */
function buildInChildProcesses(countries: string[], config: ServerConfig): void {
    try {
        const file = config.regionsFile ? ['--regions-file', config.regionsFile] : [];
        execFileSync(process.execPath, [BUILD_REGION_SCRIPT, ...countries, '--data', config.dataRoot, '--out', config.buildRoot, ...file],
            {stdio: ['ignore', 'inherit', 'inherit'], env: withHugePages()});
    } catch {
        throw new Error('building the regions failed (see above)');
    }
}

export interface RunningServer {
    server: http.Server;
    /** The routing pool serving now (a region set swapped in has its own, on the same threads). */
    readonly pool: WorkerPool;
    /** The render pool serving now (likewise). */
    readonly imagePool: ImagePool;
    cache: AnswerCache | null;
    /** Where favourite addresses are kept (null: none could be opened). */
    favourites: FavouriteStore | null;
    port: number;
    /** The --metrics-port listener's port, when there is one. */
    metricsPort?: number;
    metrics: Metrics;
    /** The regions serving now. */
    readonly regions: Region[];
    /**
     * Swaps in the new bundles of `countries` (default all) found in the bundle folder, as SIGHUP does; resolves
     * once new requests go to them, with what happened to each region.
     */
    reload(countries?: string[]): Promise<SwapOutcome[]>;
    /** Resolves once every region set swapped out has finished its requests and been freed (the HTTP threads let go of it too). */
    retired(): Promise<void>;
    /** Requests received and not yet answered (by the main thread: those of the HTTP threads' own lanes aside). */
    readonly requestsInFlight: number;
    /** HTTP threads started again after one failed (none without HTTP threads). */
    readonly httpThreadRestarts: number;
    /** Regions the HTTP threads have let go of and collected after swaps (each thread's counted). */
    readonly httpThreadRegionsLetGo: number;
    /**
     * Stops accepting connections, lets the requests in flight finish (at most `graceMs`, default the configured
     * grace period; later they are cut), then closes the worker pool and the cache. Resolves with the number of
     * requests cut.
     */
    close(graceMs?: number): Promise<number>;
    /** Resets the connections of the requests in flight at once (before an immediate exit); the number cut. */
    cutNow(): number;
}

/**
 * `logger`: where the server's log goes; default stderr (JSON lines, readable on a terminal).
 * `hooks`: what tests inject (hooks.ts); the production entry point passes none.
 */
export async function startServer(config: ServerConfig, logger: Logger = createLogger({level: config.logLevel}), hooks: ServerHooks = {}): Promise<RunningServer> {
    const log = (line: string) => logger.info(line);
    const keys = KeyStore.fromFile(config.keysFile);
    if (keys.usesDevelopmentKeys) {
        if (config.production) {
            throw new Error(`refusing to start in production with the development keys file ${config.keysFile}: set QUARTIER_KEYS to your own keys file`);
        }
        logger.warn(`using development keys from ${config.keysFile}; set QUARTIER_KEYS for real keys`);
    }
    const regions = openRegions(config, logger);
    if (config.defaultCountry && !regions.some((r) => r.country.code === config.defaultCountry)) {
        throw new Error(`QUARTIER_DEFAULT_COUNTRY=${config.defaultCountry} is not among the served regions`);
    }
    const cache = openAnswerCache(config.cacheDir, {maxEntries: config.cacheMaxEntries, log});
    const favourites = openFavouriteStore(config.cacheDir, config.favouritesDir, config.favouriteLimits, log);
    const metrics = new Metrics({regions, cache});
    // The region set serving, and those swapped out that still finish their requests (region-set.ts, region-swap.ts).
    let current: RegionSet;
    const retiring = new Map<RegionSet, Promise<void>>();
    /** Until the regions swapped out are freed on this thread too (after their set has left `retiring`). */
    const freeing = new Set<Promise<void>>();
    const swapper = new RegionSwapper({
        buildRoot: config.buildRoot, logger,
        current: () => current,
        startSet: async (next) => {
            const set = regionSet(next, current);
            try {
                // The serving set's threads take the new regions in (and prepare them) before the set takes a request:
                // the routing threads, then the render threads.
                await set.pool.takenIn();
                await set.imagePool.takenIn();
                return {set};
            } catch (err) {
                await set.close();
                return {error: (err as Error).message};
            }
        },
        switchTo: (set) => {
            const old = current;
            current = set;
            metrics.serve(set.regions, set.pool, set.imagePool);
            const threadsLetGo = httpThreads?.serve(set.regions);
            // The regions swapped out, held weakly here. No closure of this function holds `old`: one that outlived
            // the set's retirement would keep its memory.
            const kept = set.regions;
            const gone = old.regions.filter((r) => !kept.includes(r)).map((r) => new WeakRef(r));
            const freed = Promise.all([retireAndFree(old, gone, (s) => retiring.delete(s), () => ({running: graceful.requestsInFlight, seen: current.handled})), threadsLetGo])
                .then(() => log('the regions swapped out have finished their requests and are freed'));
            retiring.set(old, freed);
            freeing.add(freed);
            freed.finally(() => freeing.delete(freed)).catch((err: Error) => logger.error(`the regions swapped out could not be freed: ${err.message}`));
        }
    });
    const countries = regions.map((r) => r.country.code);
    // A set swapped in is served by the threads of the set before it (routing threads that could not start aside).
    const regionSet = (served: Region[], before?: RegionSet) => {
        const pool = before?.pool.startError === null ? before.pool.over(served)
            : new WorkerPool(served, {size: config.workers, timeoutMs: config.taskTimeoutMs, warm: config.warmup, workerFile: hooks.workerFile});
        const imagePool = before ? before.imagePool.over(served) : new ImagePool(served, {pixelsPerSecond: config.renderPixelsPerSecond, beforeRender: hooks.beforeRender});
        const app = createApp({regions: served, keys, defaultCountry: config.defaultCountry, accessLog: config.accessLog, logger, metrics, pool, cache, favourites,
            maxEnrichments: config.maxEnrichments, imagePool, markerFetch: hooks.markerFetch, trustedProxies: config.trustedProxies,
            swaps: {swapper, adminToken: config.adminToken, countries}});
        return new RegionSet(served, pool, imagePool, requestListener(app));
    };
    current = regionSet(regions);
    metrics.serve(regions, current.pool, current.imagePool);
    // With HTTP threads, the requests they relay are this server's connections; it listens on no port.
    const server = apiServer((req, res) => current.handle(req, res), (req) => {
        if (takePeer(req)) metrics.relayed();
    });
    const graceful = new GracefulClose(server);
    // The port opens once the routing threads have loaded and warmed up: the first requests (and a load balancer's
    // first health checks) do not queue behind the warm-up.
    await current.pool.allStarted();
    let httpThreads: HttpThreads | null = null;
    if (config.httpThreads > 0) {
        httpThreads = await HttpThreads.start({
            threads: config.httpThreads, port: config.port, host: config.host, server, metrics,
            accessLog: config.accessLog ? (line) => logger.info(line, 'request') : null,
            keys: keys.shared, defaultCountry: config.defaultCountry, regions: current.regions, answerRoutes: current.pool.startError === null,
            trustedProxies: config.trustedProxies, log, threadFile: hooks.httpThreadFile
        });
    } else {
        await new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(config.port, config.host, () => resolve());
        });
    }
    if (config.watch) swapper.watch();
    if (!hasReusePort()) log(`HTTP threads off: Node ${process.versions.node} cannot listen on one port from several threads; on Node 22.12 or later routes, tiles and searches are answered on a thread per core (docs/operations.md#http-threads)`);
    const port = httpThreads?.port ?? listeningPort(server, config.port);
    log(`quartier listening on http://${config.host}:${port} (regions: ${countries.join(', ')}; ${current.pool.size} workers`
        + (httpThreads ? `, ${config.httpThreads} HTTP threads)` : ')')
        + (config.watch ? `; new bundles in ${config.buildRoot} are swapped in as they come` : ''));
    let metricsListener: http.Server | null = null;
    if (config.metricsPort !== undefined) {
        const listener = metricsServer(metrics);
        metricsListener = listener;
        await new Promise<void>((resolve, reject) => {
            listener.once('error', reject);
            listener.listen(config.metricsPort, config.host, () => resolve());
        });
        log(`metrics on http://${config.host}:${listeningPort(listener, config.metricsPort)}/metrics (no key: keep this port private)`);
    }
    return {
        server, port, cache, favourites, metrics,
        metricsPort: metricsListener ? listeningPort(metricsListener, config.metricsPort!) : undefined,
        get regions() {
            return current.regions;
        },
        get pool() {
            return current.pool;
        },
        get imagePool() {
            return current.imagePool;
        },
        get requestsInFlight() {
            return graceful.requestsInFlight;
        },
        get httpThreadRestarts() {
            return httpThreads?.restarts ?? 0;
        },
        get httpThreadRegionsLetGo() {
            return httpThreads?.regionsLetGo ?? 0;
        },
        reload: (countries) => swapper.reload(countries),
        retired: async () => {
            await Promise.all(freeing);
        },
        cutNow: () => {
            httpThreads?.cut();
            return graceful.cut();
        },
        close: async (graceMs = config.shutdownGraceMs) => {
            metricsListener?.close();
            metricsListener?.closeAllConnections();
            // The HTTP threads first: they stop accepting and finish their requests (those they relayed are answered here).
            const started = performance.now();
            const cutOnThreads = httpThreads ? await httpThreads.close(graceMs) : 0;
            const cut = cutOnThreads + await graceful.close(Math.max(0, graceMs - (performance.now() - started)));
            await swapper.close();
            // The grace period is over: the sets swapped out stop with the one serving, whatever they still run.
            await Promise.all([current, ...retiring.keys()].map((set) => set.close()));
            await cache?.close();
            await favourites?.close();
            return cut;
        }
    };
}

/** The configured regions' bundles, built first when missing or outdated (unless --no-build), opened and logged. */
function openRegions(config: ServerConfig, logger: Logger): Region[] {
    const regions: Region[] = [];
    const configs = loadRegionConfigs(config.regions, config.regionsFile);
    if (config.build && configs.length > 0) buildInChildProcesses(configs.map((rc) => rc.country), config);
    for (const rc of configs) {
        const dir = path.join(config.buildRoot, rc.country);
        const started = performance.now();
        const region = Region.open(dir);
        const age = dataAge(region);
        logger.info(`${rc.country}: opened in ${(performance.now() - started).toFixed(0)} ms (${(region.byteLength / 1048576).toFixed(1)} MiB, ${region.counts.pois} POIs, ${region.counts.roadNodes} road nodes; data of ${age.dataDate ?? 'unknown date'}, bundle ${age.bundleId})`);
        for (const feed of age.feeds) if (feed.notice) logger.warn(`${rc.country}: ${feed.notice}`);
        regions.push(region);
    }
    const bytes = regions.reduce((sum, r) => sum + r.byteLength, 0);
    if (process.platform === 'linux' && bytes > HUGE_PAGES_ADVICE_BYTES && !hugePagesAsked()) {
        logger.warn(`${(bytes / 2 ** 30).toFixed(1)} GiB of regions on 4 KiB pages: start the server with GLIBC_TUNABLES=${HUGE_PAGES_TUNABLE} ` +
            '(npm start does) and its random reads of them run several times faster (docs/operations.md, Huge pages)');
    }
    return regions;
}

function listeningPort(server: http.Server, configured: number): number {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : configured;
}
