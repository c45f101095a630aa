// Where answers are cached, by configuration (--cache / QUARTIER_CACHE): a folder for the LMDB cache of
// one host (cache.ts), a redis:// address for the cache replicas share (redis-cache.ts), or off.
import {ResponseCache, type CacheStats} from './cache.js';
import {RedisCache} from './redis-cache.js';

/** What the neighbourhood answers need of a cache; both backends follow the same rules. */
export interface AnswerCache {
    /** The stored body, or null (missing, expired, or the store cannot answer). */
    get(key: string): Buffer | null | Promise<Buffer | null>;
    /** Stores a whole body; a failure rejects (already handled) and costs only the caching. */
    set(key: string, body: Buffer): Promise<void>;
    stats(): CacheStats;
    /** Counts a hit served from a body whose write is still under way (NeighbourhoodService keeps those). */
    countHit(): void;
    flush(): Promise<void>;
    close(): Promise<void>;
}

/** Whether a --cache value names a Redis server. */
export function isRedisAddress(spec: string): boolean {
    return /^rediss?:\/\//i.test(spec);
}

/**
 * The cache a --cache value names, or null for none. A cache folder that cannot be used (read-only, full,
 * corrupt) is logged and the server goes on without it: the cache is never worth not answering.
 */
export function openAnswerCache(spec: string | null, options: {maxEntries?: number; log: (line: string) => void}): AnswerCache | null {
    const log = options.log;
    if (spec === null) {
        log('answers cache: off');
        return null;
    }
    if (isRedisAddress(spec)) {
        const cache = new RedisCache({url: spec, log});
        log(`answers cache: Redis at ${cache.description}`);
        return cache;
    }
    try {
        const cache = ResponseCache.open({dir: spec, maxEntries: options.maxEntries, onWriteError: log});
        log(`answers cache: ${spec} (${cache.stats().entries} entries)`);
        return cache;
    } catch (err) {
        log(`warning: serving without the answers cache: ${(err as Error).message}`);
        return null;
    }
}
