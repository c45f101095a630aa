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
    flush(): Promise<void>;
    close(): Promise<void>;
}

/** Whether a --cache value names a Redis server. */
export function isRedisAddress(spec: string): boolean {
    return /^rediss?:\/\//i.test(spec);
}

/** The cache a --cache value names (null for none), and a line for the log. */
export function openAnswerCache(spec: string | null, options: {maxEntries?: number; log?: (line: string) => void} = {}): {cache: AnswerCache | null; description: string} {
    if (spec === null) return {cache: null, description: 'off'};
    if (isRedisAddress(spec)) {
        const cache = new RedisCache({url: spec, log: options.log});
        return {cache, description: `Redis at ${cache.description}`};
    }
    const cache = ResponseCache.open({dir: spec, maxEntries: options.maxEntries});
    return {cache, description: `${spec} (${cache.stats().entries} entries)`};
}
