// Favourites in an LMDB environment of their own (folder QUARTIER_FAVOURITES_DIR, default build/favourites
// beside the answers cache), for a server on one host; every server process on the host shares it (LMDB
// serialises writers across processes through its lock file).
//
// Layout: two named databases. `visitors`: visitorKey (favourite-store.ts) -> the visitor's favourites,
// in the order they were added (msgpack); a visitor without favourites has no entry. `owners`: ownerKey
// -> how many visitors of that owner have an entry, kept in the same transaction as every write, so the
// bounds are checked and the count updated together, between processes too.
//
// Durability: lmdb's default sync settings (no noSync). A write resolves once its transaction is committed
// and then flushed to disk (`flushed`: with overlappingSync, lmdb's default on Linux, the commit is visible
// before it is synced), so a 201 is only sent for a favourite that survives a crash of the process or host.
import fs from 'node:fs';
import path from 'node:path';
import {open, type Database, type RootDatabase} from 'lmdb';
import {ownerKey, visitorKey, type AddRefusal, type Favourite, type FavouriteLimits, type FavouriteStore} from './favourite-store.js';

export class LmdbFavourites implements FavouriteStore {
    private constructor(
        readonly dir: string,
        private readonly root: RootDatabase,
        private readonly visitors: Database<Favourite[], string>,
        private readonly owners: Database<number, string>,
        readonly limits: FavouriteLimits
    ) {}

    /** Opens (creating) the environment; throws an Error naming the folder when it cannot. */
    static open(dir: string, limits: FavouriteLimits): LmdbFavourites {
        const folder = path.resolve(dir);
        try {
            fs.mkdirSync(folder, {recursive: true});
            const root = open({path: folder, noSubdir: false, maxDbs: 2});
            return new LmdbFavourites(folder, root, root.openDB({name: 'visitors'}), root.openDB({name: 'owners'}), limits);
        } catch (err) {
            throw new Error(`cannot open the favourites folder ${folder}: ${(err as Error).message}`, {cause: err});
        }
    }

    async list(owner: string, userId: string): Promise<Favourite[]> {
        return this.visitors.get(visitorKey(owner, userId)) ?? [];
    }

    async add(owner: string, userId: string, favourite: Favourite): Promise<Favourite | AddRefusal> {
        const key = visitorKey(owner, userId), counted = ownerKey(owner);
        const outcome = await this.root.transaction((): Favourite | AddRefusal => {
            const list = this.visitors.get(key) ?? [];
            if (list.length >= this.limits.perVisitor) return 'visitor-full';
            if (list.length === 0) {
                const visitors = this.owners.get(counted) ?? 0;
                if (visitors >= this.limits.visitorsPerOwner) return 'owner-full';
                void this.owners.put(counted, visitors + 1);
            }
            void this.visitors.put(key, [...list, favourite]);
            return favourite;
        });
        await this.root.flushed;
        return outcome;
    }

    async remove(owner: string, userId: string, id: string): Promise<boolean> {
        const key = visitorKey(owner, userId);
        const removed = await this.root.transaction(() => {
            const list = this.visitors.get(key) ?? [];
            const kept = list.filter((f) => f.id !== id);
            if (kept.length === list.length) return false;
            this.replace(owner, key, kept);
            return true;
        });
        await this.root.flushed;
        return removed;
    }

    async clear(owner: string, userId: string): Promise<void> {
        const key = visitorKey(owner, userId);
        await this.root.transaction(() => {
            if (this.visitors.get(key) !== undefined) this.replace(owner, key, []);
        });
        await this.root.flushed;
    }

    /** Inside a write transaction: the visitor's new list; an empty one removes the entry and counts the visitor out. */
    private replace(owner: string, key: string, list: Favourite[]): void {
        if (list.length > 0) {
            void this.visitors.put(key, list);
            return;
        }
        void this.visitors.remove(key);
        const counted = ownerKey(owner);
        const visitors = this.owners.get(counted) ?? 0;
        if (visitors > 1) void this.owners.put(counted, visitors - 1);
        else void this.owners.remove(counted);
    }

    async close(): Promise<void> {
        await this.root.close();
    }
}
