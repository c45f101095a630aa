// The answers cache in Redis (ioredis), for replicas on several hosts: an answer computed by one is
// served by the others. Same rules as the LMDB cache (cache.ts): a 7-day time to live, bounded, never a
// partial answer, and a Redis that cannot be reached costs only the caching, never the answer.
//
// Key schema: `${prefix}${cacheKey}`, prefix `quartier:` by default, cacheKey from cache.ts
// (`q1|endpoint|dataVersion|lat|lon|LANGUAGE`, the data version being the region bundle's input hash, so
// a rebuilt region never serves old answers; an overlong key is its SHA-256). The value is the body's
// bytes exactly as sent (UTF-8 JSON), written by one SET with PX (the time to live): Redis stores a
// value whole or not at all. Bounds: a body over maxBodyBytes is not stored; the store as a whole is
// bounded by Redis itself (`maxmemory` with an LRU `maxmemory-policy`; see docs/operations.md), as a shared cache
// must be when several hosts write to it.
//
// Failure policy: commands are not queued while Redis is away (enableOfflineQueue false) and time out
// after commandTimeoutMs, so a lookup is a miss at once and a write is dropped; ioredis reconnects in the
// background. An outage is logged once when it starts and once when it ends.
import {Redis} from 'ioredis';
import type {CacheStats} from './cache.js';

export interface RedisCacheOptions {
    /** redis://[user:password@]host:port[/db] or rediss:// (TLS). */
    url: string;
    /** Time to live, ms (default 7 days). */
    ttlMs?: number;
    /** Bodies larger than this are not stored (default 8 MiB). */
    maxBodyBytes?: number;
    /** Key prefix (default 'quartier:'). */
    prefix?: string;
    /** A command not answered in this time is a miss or a dropped write (default 250 ms). */
    commandTimeoutMs?: number;
    log?: (line: string) => void;
}

const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;
const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

export class RedisCache {
    /** Where the answers are kept, for the log (the URL without its password). */
    readonly description: string;
    private readonly redis: Redis;
    private readonly ttlMs: number;
    private readonly maxBodyBytes: number;
    private readonly prefix: string;
    private readonly log: (line: string) => void;
    private hits = 0;
    private misses = 0;
    private skippedWrites = 0;
    private failedWrites = 0;
    private down = false;

    constructor(options: RedisCacheOptions) {
        const url = new URL(options.url);
        if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error(`QUARTIER_CACHE ${url.protocol}//…: a Redis cache address starts with redis:// or rediss://`);
        if (url.password) url.password = '***';
        this.description = url.toString();
        this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
        this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
        this.prefix = options.prefix ?? 'quartier:';
        this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
        this.redis = new Redis(options.url, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 0,
            commandTimeout: options.commandTimeoutMs ?? 250,
            // Reconnect for ever, at most every 2 s.
            retryStrategy: (times) => Math.min(100 * times, 2000),
            lazyConnect: false
        });
        this.redis.on('error', (err: Error) => this.outage(err.message));
        this.redis.on('ready', () => {
            if (this.down) this.log(`answers cache: ${this.description} is back`);
            this.down = false;
        });
    }

    private outage(why: string): void {
        if (this.down) return;
        this.down = true;
        this.log(`answers cache: ${this.description} unreachable (${why}); answering without the cache until it is back`);
    }

    /** The stored body, or null when missing, expired, or Redis cannot answer now. */
    async get(key: string): Promise<Buffer | null> {
        if (this.redis.status !== 'ready') {
            this.misses++;
            return null;
        }
        try {
            const body = await this.redis.getBuffer(this.prefix + key);
            if (body) this.hits++;
            else this.misses++;
            return body;
        } catch (err) {
            this.misses++;
            this.outage((err as Error).message);
            return null;
        }
    }

    /** Stores a body for the time to live; rejects (already handled) when Redis refuses it. */
    set(key: string, body: Buffer): Promise<void> {
        if (body.length > this.maxBodyBytes) return Promise.resolve();
        // While Redis is away the write is dropped quietly: the outage was logged once.
        if (this.redis.status !== 'ready') {
            this.skippedWrites++;
            return Promise.resolve();
        }
        const done = this.redis.set(this.prefix + key, body, 'PX', this.ttlMs).then(() => undefined);
        done.catch(() => this.failedWrites++);
        return done;
    }

    /** Counts of this process since it started (entries and bytes: Redis's, not known here: -1). */
    stats(): CacheStats {
        return {entries: -1, bytes: -1, hits: this.hits, misses: this.misses, evictions: 0, skippedWrites: this.skippedWrites, failedWrites: this.failedWrites};
    }

    /** Counts a hit served from a body whose write is still under way. */
    countHit(): void {
        this.hits++;
    }

    /** Whether Redis answers now. */
    get connected(): boolean {
        return this.redis.status === 'ready';
    }

    async flush(): Promise<void> {}

    async close(): Promise<void> {
        try {
            await this.redis.quit();
        } catch {
            this.redis.disconnect();
        }
    }
}
