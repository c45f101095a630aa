// The neighbourhood answers' plumbing: the persistent cache (per endpoint, position and
// language), one computation per position however many requests ask for it at once, and the
// limit on enrichments in flight. Only complete answers are stored: a failed or timed-out task
// throws before anything is written.
import type {EnrichmentData, NeighbourhoodData, Region} from '@quartier/engine';
import type {AnswerCache} from '../cache/answer-cache.js';
import {cacheKey} from '../cache/cache.js';
import {HttpError} from '../http/errors.js';
import type {WorkerPool} from '../workers/pool.js';

/** SPEC §8: at most this many /enrichment requests computing at once; beyond, 429. */
export const DEFAULT_MAX_ENRICHMENTS = 4;
export const ENRICHMENT_RETRY_AFTER_SECONDS = 2;
/**
 * The layout of the cached neighbourhood data (NeighbourhoodData, EnrichmentData as the engine gives
 * them), in its cache key: data cached in an older layout is never read, even for a bundle built
 * before the change (2: the place as PlaceNames, issue 26). The answers' bodies do not depend on it.
 */
const DATA_LAYOUT = 2;

export interface NeighbourhoodServiceOptions {
    pool?: WorkerPool;
    cache?: AnswerCache | null;
    maxEnrichments?: number;
}

/** An answer's body, and whether it came from the cache (for the access log). */
export interface Answer {
    body: Buffer;
    cached: boolean;
}

export class NeighbourhoodService {
    private readonly pool: WorkerPool | undefined;
    private readonly cache: AnswerCache | null;
    readonly maxEnrichments: number;
    private enrichmentsInFlight = 0;
    /** Computations under way, by cache key of their data: later askers wait for the same one. */
    private readonly pending = new Map<string, Promise<unknown>>();
    /** Bodies whose cache write is not committed yet (LMDB commits in the background): served from here meanwhile. */
    private readonly writing = new Map<string, Buffer>();

    constructor(options: NeighbourhoodServiceOptions) {
        this.pool = options.pool;
        this.cache = options.cache ?? null;
        this.maxEnrichments = options.maxEnrichments ?? DEFAULT_MAX_ENRICHMENTS;
    }

    /**
     * The body of an answer: from the cache, else made from the position's neighbourhood data
     * (itself cached, so other endpoints and languages of the same position reuse it).
     */
    async answer(endpoint: string, region: Region, lat: number, lon: number, language: string, make: (data: NeighbourhoodData) => unknown): Promise<Answer> {
        const key = this.key(endpoint, region, lat, lon, language);
        const hit = await this.cached(key);
        if (hit) return {body: hit, cached: true};
        const data = await this.data<NeighbourhoodData>('neighbourhood', region, lat, lon);
        return {body: this.store(key, make(data)), cached: false};
    }

    /** /enrichment: like answer(), but at most maxEnrichments cold requests at once (429 beyond). */
    async enrichment(region: Region, lat: number, lon: number, language: string, make: (data: EnrichmentData) => unknown): Promise<Answer> {
        const key = this.key('enrichment', region, lat, lon, language);
        const hit = await this.cached(key);
        if (hit) return {body: hit, cached: true};
        if (this.enrichmentsInFlight >= this.maxEnrichments) {
            throw new HttpError(429, `Too many enrichments in progress (at most ${this.maxEnrichments}); retry in a few seconds.`,
                {'Retry-After': String(ENRICHMENT_RETRY_AFTER_SECONDS)});
        }
        this.enrichmentsInFlight++;
        try {
            const data = await this.data<EnrichmentData>('enrichment', region, lat, lon);
            return {body: this.store(key, make(data)), cached: false};
        } finally {
            this.enrichmentsInFlight--;
        }
    }

    private key(endpoint: string, region: Region, lat: number, lon: number, language: string): string {
        return cacheKey({endpoint, dataVersion: region.manifest.inputHash, lat, lon, language});
    }

    private async cached(key: string): Promise<Buffer | null> {
        if (!this.cache) return null;
        const writing = this.writing.get(key);
        if (writing) {
            this.cache.countHit(); // served from the cache, if not yet from its store
            return writing;
        }
        return await this.cache.get(key);
    }

    private store(key: string, answer: unknown): Buffer {
        const body = Buffer.from(JSON.stringify(answer));
        const cache = this.cache;
        if (cache) {
            // Not awaited: the answer leaves now; a failed write only costs a later recomputation (the cache
            // reports failed writes itself, at most once a minute).
            this.writing.set(key, body);
            cache.set(key, body)
                .catch(() => {})
                .finally(() => this.writing.delete(key));
        }
        return body;
    }

    /** The language-independent data of a position, cached and computed once however many ask. */
    private async data<T>(type: 'neighbourhood' | 'enrichment', region: Region, lat: number, lon: number): Promise<T> {
        const key = this.key(`${type}-data-${DATA_LAYOUT}`, region, lat, lon, '');
        const hit = await this.cached(key);
        if (hit) return JSON.parse(hit.toString('utf8')) as T;
        let pending = this.pending.get(key) as Promise<T> | undefined;
        if (!pending) {
            const pool = this.pool;
            if (!pool) throw new HttpError(503, 'The routing engine is not running.');
            pending = pool.run<T>({type, country: region.country.code, lat, lon}).then((data) => {
                this.store(key, data);
                return data;
            });
            this.pending.set(key, pending);
            const forget = () => this.pending.delete(key);
            pending.then(forget, forget);
        }
        return pending;
    }
}
