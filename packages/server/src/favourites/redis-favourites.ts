// Favourites in Redis (ioredis), used when the answers cache is Redis, so that replicas share them.
//
// Key schema (prefix `quartier:` as the answers cache): `quartier:fav:{<ownerKey>}:<visitorKey>`, a list of
// the visitor's favourites as JSON, oldest first; `quartier:fav:{<ownerKey>}:visitors`, how many visitors of
// the owner have a list. The owner's part is a hash tag, so an owner's keys share a Redis Cluster slot and
// each change runs as one Lua script: bounds checked and the count updated atomically. No time to live.
//
// Durability: a save resolves once Redis has applied it. That it survives a Redis crash depends on Redis:
// `appendonly yes` with `appendfsync always` (docs/api/favourites.md). A Redis that evicts keys must spare
// these (`maxmemory-policy volatile-lru`: the cache's keys have a time to live, favourites none).
import {Redis} from 'ioredis';
import {ownerKey, visitorKey, type AddRefusal, type Favourite, type FavouriteLimits, type FavouriteStore} from './favourite-store.js';

/** KEYS: list, count; ARGV: favourite, per visitor, visitors per owner. -1, -2: refused; else the new length. */
const ADD = `local n = redis.call('LLEN', KEYS[1])
if n >= tonumber(ARGV[2]) then return -1 end
if n == 0 then
  if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[3]) then return -2 end
  redis.call('INCR', KEYS[2])
end
return redis.call('RPUSH', KEYS[1], ARGV[1])`;

/** KEYS: list, count; ARGV: the stored favourite. 1 when removed. */
const REMOVE = `local removed = redis.call('LREM', KEYS[1], 1, ARGV[1])
if removed > 0 and redis.call('LLEN', KEYS[1]) == 0 then
  if redis.call('DECR', KEYS[2]) <= 0 then redis.call('DEL', KEYS[2]) end
end
return removed`;

/** KEYS: list, count. */
const CLEAR = `if redis.call('DEL', KEYS[1]) == 1 then
  if redis.call('DECR', KEYS[2]) <= 0 then redis.call('DEL', KEYS[2]) end
end
return 0`;

export interface RedisFavouritesOptions {
    url: string;
    limits: FavouriteLimits;
    /** Key prefix (default 'quartier:'). */
    prefix?: string;
    /** A command not answered in this time fails the request with a 503 (default 2000 ms). */
    commandTimeoutMs?: number;
    log?: (line: string) => void;
}

export class RedisFavourites implements FavouriteStore {
    readonly limits: FavouriteLimits;
    private readonly redis: Redis;
    private readonly prefix: string;

    constructor(options: RedisFavouritesOptions) {
        this.limits = options.limits;
        this.prefix = `${options.prefix ?? 'quartier:'}fav:`;
        const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
        let down = false;
        this.redis = new Redis(options.url, {
            maxRetriesPerRequest: 1,
            commandTimeout: options.commandTimeoutMs ?? 2000,
            retryStrategy: (times) => Math.min(100 * times, 2000)
        });
        // Logged once per outage; the URL is not (it may hold a password).
        this.redis.on('error', (err: Error) => {
            if (!down) log(`favourites: Redis unreachable (${err.message}); favourites answer 503 until it is back`);
            down = true;
        });
        this.redis.on('ready', () => (down = false));
    }

    private keys(owner: string, userId: string): [string, string] {
        const tag = `${this.prefix}{${ownerKey(owner)}}:`;
        return [tag + visitorKey(owner, userId), `${tag}visitors`];
    }

    async list(owner: string, userId: string): Promise<Favourite[]> {
        const [list] = this.keys(owner, userId);
        return (await this.redis.lrange(list, 0, -1)).map((text) => JSON.parse(text) as Favourite);
    }

    async add(owner: string, userId: string, favourite: Favourite): Promise<Favourite | AddRefusal> {
        const n = await this.redis.eval(ADD, 2, ...this.keys(owner, userId), JSON.stringify(favourite), this.limits.perVisitor, this.limits.visitorsPerOwner) as number;
        return n === -1 ? 'visitor-full' : n === -2 ? 'owner-full' : favourite;
    }

    async remove(owner: string, userId: string, id: string): Promise<boolean> {
        const keys = this.keys(owner, userId);
        // The stored text itself: LREM removes by value.
        const stored = (await this.redis.lrange(keys[0], 0, -1)).find((text) => (JSON.parse(text) as Favourite).id === id);
        if (stored === undefined) return false;
        return (await this.redis.eval(REMOVE, 2, ...keys, stored) as number) > 0;
    }

    async clear(owner: string, userId: string): Promise<void> {
        await this.redis.eval(CLEAR, 2, ...this.keys(owner, userId));
    }

    async close(): Promise<void> {
        try {
            await this.redis.quit();
        } catch {
            this.redis.disconnect();
        }
    }
}
