// Prometheus metrics (prom-client): requests and their latency per endpoint and status, the
// routing pool (tasks waiting and running, task durations, worker restarts), the answers cache
// and the regions served. Each server has its own registry, so several servers in one process
// (the tests) count apart.
import {Counter, Gauge, Histogram, Registry, collectDefaultMetrics} from 'prom-client';
import type {Region} from '@quartier/engine';
import type {AnswerCache} from '../cache/answer-cache.js';
import type {WorkerPool} from '../workers/pool.js';
import type {ThreadMemoryBoard} from '../workers/thread-memory.js';

/** Series whose prom-client children are kept, per metric (methods come from clients: past it, looked up each time). */
const MAX_KEPT_SERIES = 1000;

/** A series' prom-client child (`make`), kept by its label values (`key`) while there are fewer than MAX_KEPT_SERIES. */
function keptSeries<V>(kept: Map<string, V>, key: string, make: () => V): V {
    let series = kept.get(key);
    if (series === undefined) {
        series = make();
        if (kept.size < MAX_KEPT_SERIES) kept.set(key, series);
    }
    return series;
}

/** Seconds: from a cached answer (a millisecond) to a render near its time limit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsSources {
    regions: Region[];
    pool?: WorkerPool;
    cache?: AnswerCache | null;
}

export class Metrics {
    readonly registry = new Registry();
    private readonly requests: Counter<'endpoint' | 'method' | 'status'>;
    private readonly latency: Histogram<'endpoint' | 'status'>;
    private readonly relays: Counter;
    private readonly taskDurations: Histogram<'type' | 'outcome'>;
    // Each series' prom-client child, by its label values: labels() sorts and joins them on every call otherwise.
    private readonly requestSeries = new Map<string, {requests: Counter.Internal; latency: Histogram.Internal<'endpoint' | 'status'>}>();
    private readonly taskSeries = new Map<string, Histogram.Internal<'type' | 'outcome'>>();
    /** What the gauges read: the regions and pool serving now (serve() changes them when a region is swapped in). */
    private served: {regions: Region[]; pool?: WorkerPool; imagePool?: {memory: ThreadMemoryBoard}};
    /** Worker restarts of the threads no longer serving (a set swapped in on new threads: the old ones failed to start). */
    private retiredRestarts = 0;

    constructor(sources: MetricsSources) {
        const registers = [this.registry];
        collectDefaultMetrics({register: this.registry});
        this.requests = new Counter({
            name: 'quartier_http_requests_total', help: 'HTTP requests answered, by endpoint (route pattern), method and status.',
            labelNames: ['endpoint', 'method', 'status'], registers
        });
        this.latency = new Histogram({
            name: 'quartier_http_request_duration_seconds', help: 'Time from a request\'s arrival to the end of its answer, by endpoint and status.',
            labelNames: ['endpoint', 'status'], buckets: LATENCY_BUCKETS, registers
        });
        this.relays = new Counter({
            name: 'quartier_http_relayed_requests_total',
            help: 'Requests an HTTP thread handed to the main thread (QUARTIER_HTTP_THREADS); it answers road routes and the region-only endpoints itself.',
            registers
        });
        const metrics = this;
        this.served = {regions: sources.regions, pool: sources.pool};
        new Gauge({
            name: 'quartier_regions_loaded', help: 'Region bundles opened and served.', registers,
            collect() {
                this.set(metrics.served.regions.length);
            }
        });
        this.taskDurations = new Histogram({
            name: 'quartier_pool_task_duration_seconds', help: 'Routing task time, queue wait included, by task type and outcome (ok, error, timeout, failed, busy).',
            labelNames: ['type', 'outcome'], buckets: LATENCY_BUCKETS, registers
        });
        poolMetrics(() => metrics.served.pool, () => metrics.retiredRestarts, registers);
        threadMemoryMetrics(() => [['routing', metrics.served.pool?.memory], ['render', metrics.served.imagePool?.memory]], registers);
        if (sources.pool) this.timeTasks(sources.pool);
        const cache = sources.cache;
        if (cache) cacheMetrics(cache, registers);
    }

    /** From now on the gauges read these regions and pools (a region swapped in); the restarts of threads no longer serving still count. */
    serve(regions: Region[], pool: WorkerPool, imagePool?: {memory: ThreadMemoryBoard}): void {
        if (this.served.pool && this.served.pool.threadPool !== pool.threadPool) this.retiredRestarts += this.served.pool.restarts;
        this.served = {regions, pool, imagePool};
        this.timeTasks(pool);
    }

    private timeTasks(pool: WorkerPool): void {
        pool.onTask = (type, outcome, seconds) => this.task(type, outcome, seconds);
    }

    /** Times one routing task (on a routing thread, or a road route on an HTTP thread). */
    task(type: string, outcome: string, seconds: number): void {
        keptSeries(this.taskSeries, `${type} ${outcome}`, () => this.taskDurations.labels({type, outcome})).observe(seconds);
    }

    /** Counts one request relayed from an HTTP thread (counted again by request() when answered). */
    relayed(): void {
        this.relays.inc();
    }

    /** Counts one answered request. `endpoint` is a route pattern (bounded), never the raw path. */
    request(endpoint: string, method: string, status: number, seconds: number): void {
        const counted = keptSeries(this.requestSeries, `${endpoint} ${method} ${status}`, () => {
            const s = String(status);
            return {requests: this.requests.labels({endpoint, method, status: s}), latency: this.latency.labels({endpoint, status: s})};
        });
        counted.requests.inc();
        counted.latency.observe(seconds);
    }

    get contentType(): string {
        return this.registry.contentType;
    }

    text(): Promise<string> {
        return this.registry.metrics();
    }
}

/** The serving pool's gauges (`pool()` is the pool serving now, if any) and its restarts, those of pools swapped out included. */
function poolMetrics(pool: () => WorkerPool | undefined, retiredRestarts: () => number, registers: Registry[]): void {
    new Gauge({
        name: 'quartier_pool_tasks_waiting', help: 'Routing tasks waiting for a worker thread.', registers,
        collect() {
            this.set(pool()?.waiting ?? 0);
        }
    });
    new Gauge({
        name: 'quartier_pool_tasks_running', help: 'Routing tasks running on a worker thread.', registers,
        collect() {
            this.set(pool()?.running ?? 0);
        }
    });
    new Gauge({
        name: 'quartier_pool_workers', help: 'Worker threads of the routing pool.', registers,
        collect() {
            this.set(pool()?.threads ?? 0);
        }
    });
    new Counter({
        name: 'quartier_pool_worker_restarts_total', help: 'Routing workers started again after a crash or a task past its time limit.', registers,
        collect() {
            this.reset();
            this.inc(retiredRestarts() + (pool()?.restarts ?? 0));
        }
    });
}

/** The worker threads' memory as they report it (thread-memory.ts), per pool: what the process's RSS is made of beyond the main thread. */
function threadMemoryMetrics(boards: () => [string, ThreadMemoryBoard | undefined][], registers: Registry[]): void {
    new Gauge({
        name: 'quartier_thread_memory_bytes',
        help: 'Memory of the worker threads by pool (routing, render) and kind: heap (V8 heap committed), heap_used, external (typed arrays and native objects), caches (the threads\' own caches: the routing threads\' kept searches, the render threads\' decoded tiles), as each thread last reported it after a task.',
        labelNames: ['pool', 'kind'], registers,
        collect() {
            this.reset();
            for (const [pool, board] of boards()) {
                if (!board) continue;
                const t = board.totals();
                this.set({pool, kind: 'heap'}, t.heapTotal);
                this.set({pool, kind: 'heap_used'}, t.heapUsed);
                this.set({pool, kind: 'external'}, t.external);
                this.set({pool, kind: 'caches'}, t.caches);
            }
        }
    });
}

function cacheMetrics(cache: AnswerCache, registers: Registry[]): void {
    // Read from the cache's own counters when scraped.
    const stat = (name: string, help: string, read: () => number, kind: 'counter' | 'gauge') => {
        if (kind === 'counter') {
            new Counter({name, help, registers, collect() {
                this.reset();
                this.inc(read());
            }});
        } else {
            new Gauge({name, help, registers, collect() {
                this.set(read());
            }});
        }
    };
    stat('quartier_cache_hits_total', 'Answers served from the answers cache by this process.', () => cache.stats().hits, 'counter');
    stat('quartier_cache_misses_total', 'Answers looked up in the answers cache and not found (or expired).', () => cache.stats().misses, 'counter');
    stat('quartier_cache_evictions_total', 'Entries this process removed to stay within the cache\'s limits.', () => cache.stats().evictions, 'counter');
    stat('quartier_cache_entries', 'Entries in the answers cache.', () => cache.stats().entries, 'gauge');
    stat('quartier_cache_bytes', 'Bytes of answers in the answers cache.', () => cache.stats().bytes, 'gauge');
}
