// Which favourites store a server uses: Redis when its answers cache is Redis (replicas share both),
// else LMDB in the favourites folder. A store that cannot open is logged, and the server answers
// without favourites (503 on /favourites) rather than not at all.
import {isRedisAddress} from '../cache/answer-cache.js';
import type {FavouriteLimits, FavouriteStore} from './favourite-store.js';
import {LmdbFavourites} from './lmdb-favourites.js';
import {RedisFavourites} from './redis-favourites.js';

export function openFavouriteStore(cache: string | null, dir: string, limits: FavouriteLimits, log: (line: string) => void): FavouriteStore | null {
    if (cache !== null && isRedisAddress(cache)) {
        log('favourites: in Redis, beside the answers cache');
        return new RedisFavourites({url: cache, limits, log});
    }
    try {
        const store = LmdbFavourites.open(dir, limits);
        log(`favourites: ${store.dir}`);
        return store;
    } catch (err) {
        log(`warning: serving without favourites: ${(err as Error).message}`);
        return null;
    }
}
