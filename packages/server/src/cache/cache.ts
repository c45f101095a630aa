// A persistent, bounded, TTL response cache for the neighbourhood endpoints (/summary, /summary/text,
// /summary/text-and-data, /enrichment), kept in an LMDB environment (lmdb-js) so that it survives a restart and is
// shared by every worker thread and by every server process on the host (LMDB is multi-process safe: one writer at a
// time through its lock file, readers never blocked).
//
// Layout: three named databases in one environment (folder `dir`, files data.mdb and lock.mdb):
// - `bodies`: key -> 8-byte header (write time, ms, float64 LE) followed by the body bytes exactly as given (the
//   UTF-8 JSON text; never re-encoded). Expiry is checked on read from the header alone.
// - `byTime`: [writeTime, key] -> body length. LMDB keys are ordered, so the first entries are the oldest: eviction
//   and the expiry sweep walk from the start.
// - `meta`: 'format' (layout version) and 'totals' ([entries, bytes]), the running entry count and byte total
//   (body bytes only, not headers or keys), updated in the same transaction as every write and persisted.
// Every write (set, delete, eviction, removal of an expired entry) is one LMDB transaction that updates the body, its
// index entry and the totals together, so a crash never leaves anything half-written, and since LMDB serialises
// writers across processes the read-modify-write of the totals is safe between processes too.
//
// Bounds: a set that would take the cache past maxEntries or maxBytes first evicts the oldest entries, and every set
// also sweeps expired entries from the oldest end; at most MAX_DELETIONS_PER_SET entries are removed per set, so no
// request stalls. If that budget is not enough to make room (e.g. after reopening with smaller bounds), the new entry
// is not stored this time (the bounds are never exceeded; later sets go on evicting). A body larger than maxBytes is
// never stored. Eviction is by write time (oldest first), not by last use.
//
// Failure policy: a corrupt or unreadable cache folder must not crash the server. `ResponseCache.open` throws an
// Error whose message names the folder and says to delete it (the caller logs it and runs without a cache, or stops).
// Because lmdb-js kills the process (SIGSEGV/SIGBUS) rather than failing on a damaged or truncated data file, open
// checks the file's meta pages and length itself first (see checkDataFile). A folder this process cannot write in
// (read-only file system, no permission, disk full) throws a CacheUnavailableError that says so, not "corrupt".
// After a successful open, a read error is a miss. A failed write (a failed LMDB commit: disk full, I/O error) costs
// only the caching: the promise that set/delete return rejects (already marked as handled, and so is lmdb-js's own
// commitError promise, so that nothing becomes an unhandled rejection), the failure is reported through onWriteError
// at most once per WRITE_PAUSE_MS, and sets are skipped (counted in stats) until that pause is over; then the next
// set tries again.

import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {open, type Database, type RootDatabase} from 'lmdb';
import {MappedPages} from './mapped-pages.js';

export interface CacheOptions {
    /** folder of the LMDB environment; created if missing */
    dir: string;
    /** time to live, ms (default 7 days) */
    ttlMs?: number;
    /** at most this many entries; the oldest are evicted beyond it (default 200_000) */
    maxEntries?: number;
    /** at most this many bytes of stored values (default 1 GiB); the oldest are evicted beyond it */
    maxBytes?: number;
    /** clock for tests (default Date.now) */
    now?: () => number;
    /** told about failed writes, at most once per WRITE_PAUSE_MS (default: a line on stderr) */
    onWriteError?: (message: string) => void;
    /** the file's pages this process may keep mapped before it maps the file afresh (mapped-pages.ts; default 16 MiB) */
    mappedMaxBytes?: number;
}

/** Opening failed because this process cannot write in the folder (not because the cache is damaged). */
export class CacheUnavailableError extends Error {}

/**
 * entries and bytes are the persisted totals of the whole cache (every process's writes); hits, misses and evictions
 * are this instance's counts since it was opened (evictions: entries it removed for the bounds or because they had
 * expired, not those removed by delete()).
 */
export interface CacheStats {
    entries: number;
    bytes: number;
    hits: number;
    misses: number;
    evictions: number;
    /** sets skipped by this instance because writes were failing (see the header) */
    skippedWrites: number;
    /** writes of this instance that failed */
    failedWrites: number;
    /** times this instance mapped its file afresh to let go of the pages it had read (mapped-pages.ts; LMDB only) */
    remaps?: number;
}

const FORMAT = 1;
const HEADER = 8;
const MAX_DELETIONS_PER_SET = 100;
/** Keys longer than this (UTF-8 bytes) are stored under a hash of themselves (LMDB keys are at most ~1978 bytes). */
const MAX_KEY_BYTES = 512;
const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;
const DEFAULT_MAX_ENTRIES = 200_000;
const DEFAULT_MAX_BYTES = 1024 ** 3;
/** After a failed write, sets are skipped for this long (ms), and failures are reported at most this often. */
export const WRITE_PAUSE_MS = 60_000;
const CLOSE_TIMEOUT_MS = 2000;
const DEFAULT_MAPPED_MAX_BYTES = 16 * 1024 ** 2;

type Totals = [entries: number, bytes: number];
type IndexKey = [writeTime: number, key: string];

/** An open environment and its three databases. */
interface Store {
    root: RootDatabase;
    bodies: Database<Buffer, string>;
    byTime: Database<number, IndexKey>;
    meta: Database<unknown, string>;
}

function openStore(dir: string, mapSize: number): Store {
    // A map large enough for the bounds from the start: lmdb-js grows a full map by mapping the file again at twice
    // the size and keeps the old mappings (buffers it returned may point into them), so the pages read before each
    // growth stayed resident beside the new ones (the server's RSS grew with every growth).
    const root = open({path: dir, noSubdir: false, maxDbs: 4, mapSize});
    return {
        root,
        bodies: root.openDB<Buffer, string>({name: 'bodies', encoding: 'binary'}),
        byTime: root.openDB<number, IndexKey>({name: 'byTime'}),
        meta: root.openDB<unknown, string>({name: 'meta'})
    };
}

export class ResponseCache {
    private hits = 0;
    private misses = 0;
    private evictions = 0;
    private closed = false;
    private skippedWrites = 0;
    private failedWrites = 0;
    /** failures not yet reported (reports are rate-limited) */
    private unreportedFailures = 0;
    /** sets are skipped until this time after a failed write (this.now() clock) */
    private writesPausedUntil = -Infinity;
    private readonly onWriteError: (message: string) => void;
    private readonly ttlMs: number;
    private readonly maxEntries: number;
    private readonly maxBytes: number;
    private readonly now: () => number;

    /** The environment and its databases: replaced when the file is mapped afresh (remap). */
    private store: Store;
    private readonly mappedPages: MappedPages;
    /** While the file is mapped afresh: reads are misses, writes wait for it. */
    private remapping: Promise<void> | null = null;
    private lastTotals: Totals = [0, 0];

    private constructor(readonly dir: string, store: Store, private readonly mapSize: number, options: CacheOptions) {
        this.store = store;
        this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
        this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
        this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
        this.now = options.now ?? Date.now;
        this.onWriteError = options.onWriteError ?? ((m) => process.stderr.write(`${m}\n`));
        this.mappedPages = new MappedPages(options.mappedMaxBytes ?? DEFAULT_MAPPED_MAX_BYTES);
    }

    private get root(): RootDatabase {
        return this.store.root;
    }

    private get bodies(): Database<Buffer, string> {
        return this.store.bodies;
    }

    private get byTime(): Database<number, IndexKey> {
        return this.store.byTime;
    }

    private get meta(): Database<unknown, string> {
        return this.store.meta;
    }

    /**
     * Opens (creating if missing) the cache in `options.dir`. Throws an Error naming the folder and saying to delete
     * it when the folder is corrupt or unreadable (or was written by an incompatible layout); the server should log
     * that and go on without a cache rather than crash.
     */
    static open(options: CacheOptions): ResponseCache {
        const dir = path.resolve(options.dir);
        for (const [name, v] of [['ttlMs', options.ttlMs], ['maxEntries', options.maxEntries], ['maxBytes', options.maxBytes]] as const) {
            if (v !== undefined && !(v >= 0)) throw new RangeError(`ResponseCache: ${name} must be a number >= 0, got ${v}`);
        }
        let store: Store | undefined;
        checkWritable(dir);
        try {
            checkDataFile(path.join(dir, 'data.mdb'));
            const mapSize = mapSizeFor(options.maxBytes ?? DEFAULT_MAX_BYTES);
            store = openStore(dir, mapSize);
            const {root, meta} = store;
            const format = meta.get('format');
            if (format === undefined) {
                // First open (or a folder another process is creating right now: the check inside makes it idempotent).
                root.transactionSync(() => {
                    if (meta.get('format') === undefined) {
                        meta.putSync('format', FORMAT);
                        meta.putSync('totals', [0, 0]);
                    }
                });
            } else if (format !== FORMAT) {
                throw new Error(`layout version ${String(format)}, this server reads version ${FORMAT}`);
            }
            const totals = meta.get('totals');
            if (!Array.isArray(totals) || totals.length !== 2) throw new Error('missing or invalid totals');
            return new ResponseCache(dir, store, mapSize, options);
        } catch (err) {
            try {
                void store?.root.close().catch(() => {});
            } catch {
                // already failing: the first error is the one to report
            }
            const cause = err instanceof Error ? err.message : String(err);
            throw new Error(
                `response cache folder ${dir} is corrupt or unreadable (${cause}): stop the server, delete that folder and start again (it is rebuilt empty)`,
                {cause: err},
            );
        }
    }

    /** Counts a hit served from a body whose write is not committed yet (NeighbourhoodService keeps those). */
    countHit(): void {
        this.hits++;
    }

    /** the stored body (UTF-8 JSON text as a Buffer), or null when missing or expired (an expired entry is deleted) */
    get(key: string): Buffer | null {
        if (this.closed) return null; // e.g. a request finishing during shutdown
        if (this.remapping) {
            this.misses++;
            return null;
        }
        // The file is closed after this read, asynchronously.
        if (this.mappedPages.tooMany()) this.remapSoon();
        const k = storeKey(key);
        let raw: Buffer | undefined;
        try {
            raw = this.bodies.get(k);
        } catch {
            raw = undefined; // an unreadable entry is a miss
        }
        if (!raw || raw.length < HEADER) {
            this.misses++;
            return null;
        }
        const writeTime = raw.readDoubleLE(0);
        if (this.expired(writeTime, this.now())) {
            this.misses++;
            this.removeExpired(k, writeTime);
            return null;
        }
        this.hits++;
        return Buffer.from(raw.buffer, raw.byteOffset + HEADER, raw.length - HEADER);
    }

    /** stores a complete answer; returns a promise that resolves when it is durable (callers do not wait for it) */
    set(key: string, body: Buffer): Promise<void> {
        const k = storeKey(key);
        const size = body.length;
        const now = this.now();
        if (now < this.writesPausedUntil) {
            this.skippedWrites++;
            return Promise.resolve();
        }
        if (this.mappedPages.tooMany()) this.remapSoon();
        const value = Buffer.allocUnsafe(HEADER + size);
        value.writeDoubleLE(now, 0);
        body.copy(value, HEADER);
        return this.write(() => {
            const totals = this.totals();
            this.removeEntry(k, totals); // the previous version of this key, if any
            if (size > this.maxBytes || this.maxEntries < 1) {
                this.putTotals(totals);
                return;
            }
            // Walk from the oldest: remove what has expired and what must go to make room, within the budget. The
            // walk stops at the first entry that may stay (usually the first one), and deletes after the cursor closes.
            const cutoff = now - this.ttlMs;
            const doomed: [IndexKey, number][] = [];
            let [entries, bytes] = totals;
            for (const {key: indexKey, value: otherSize} of this.byTime.getRange({limit: MAX_DELETIONS_PER_SET})) {
                const full = entries + 1 > this.maxEntries || bytes + size > this.maxBytes;
                if (!full && indexKey[0] >= cutoff) break;
                doomed.push([indexKey, otherSize]);
                entries--;
                bytes -= otherSize;
            }
            for (const [indexKey, otherSize] of doomed) {
                this.bodies.removeSync(indexKey[1]);
                this.byTime.removeSync(indexKey);
                totals[0]--;
                totals[1] -= otherSize;
            }
            const removed = doomed.length;
            if (totals[0] + 1 <= this.maxEntries && totals[1] + size <= this.maxBytes) {
                this.bodies.putSync(k, value);
                this.byTime.putSync([now, k], size);
                totals[0]++;
                totals[1] += size;
            }
            this.putTotals(totals);
            this.evictions += removed;
        });
    }

    delete(key: string): Promise<void> {
        const k = storeKey(key);
        return this.write(() => {
            const totals = this.totals();
            if (this.removeEntry(k, totals)) this.putTotals(totals);
        });
    }

    stats(): CacheStats {
        let [entries, bytes] = this.lastTotals;
        try {
            if (!this.remapping) [entries, bytes] = this.lastTotals = this.totals();
        } catch {
            // unreadable: report zeros rather than throw from a stats endpoint
        }
        return {
            entries, bytes, hits: this.hits, misses: this.misses, evictions: this.evictions,
            skippedWrites: this.skippedWrites, failedWrites: this.failedWrites, remaps: this.mappedPages.remaps,
        };
    }

    /** Resolves when every write queued so far (including removals of expired entries found by get) is durable. */
    async flush(): Promise<void> {
        await this.remapping;
        await this.root.flushed;
    }

    /**
     * Flushes and closes. After a failed commit lmdb-js may never settle the flush or the close, so this waits at most
     * CLOSE_TIMEOUT_MS and then gives up on them (a shutdown must not hang on the cache).
     */
    async close(): Promise<void> {
        if (this.closed) return;
        this.closed = true;
        const closing = (async () => {
            await this.remapping;
            try {
                await this.root.flushed;
            } finally {
                await this.root.close();
            }
        })();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
        try {
            await Promise.race([closing, timeout]);
        } catch {
            // a failed final commit: nothing more to save
        } finally {
            clearTimeout(timer);
        }
    }

    /**
     * Maps the file afresh once the writes under way are flushed, letting go of every page read so far (they stay in
     * the kernel's page cache); the next read maps what it needs again. Reads meanwhile are misses. A file that
     * cannot be opened again leaves the cache closed (answers are then served uncached) and says so once.
     */
    private remapSoon(): void {
        if (this.remapping || this.closed) return;
        this.remapping = (async () => {
            const old = this.store;
            try {
                await old.root.flushed;
            } catch {
                // a failed commit was reported by write(); the file is closed and opened again all the same
            }
            try {
                await old.root.close();
                this.store = openStore(this.dir, this.mapSize);
                this.mappedPages.remapped();
            } catch (err) {
                this.closed = true;
                this.onWriteError(`answers cache: ${this.dir} could not be opened again (${(err as Error).message}); answers are served uncached`);
            }
        })().finally(() => (this.remapping = null));
    }

    private expired(writeTime: number, now: number): boolean {
        return now - writeTime > this.ttlMs;
    }

    /**
     * Runs `fn` in one atomic write transaction (a child transaction, so that anything it throws rolls back all its
     * writes), then waits for the commit to be flushed to disk. The promise is marked as handled (see the header).
     */
    private write<T>(fn: () => T): Promise<T> {
        const p = (async () => {
            if (this.remapping) await this.remapping;
            if (this.closed) throw new Error('ResponseCache: write after close');
            try {
                const result = await this.root.childTransaction(fn);
                await this.root.flushed;
                return result;
            } catch (err) {
                // lmdb-js rejects two more promises of a failed commit that nobody else awaits: the cause
                // (commitError) and its pending batch's commit promise (root.committed)
                (err as {commitError?: Promise<unknown>}).commitError?.catch(() => {});
                void this.root.committed.then(undefined, () => {});
                this.writeFailed(err);
                throw err;
            }
        })();
        p.catch(() => {});
        return p;
    }

    /** A failed write: pause writes for WRITE_PAUSE_MS, and report it unless one was reported within that time. */
    private writeFailed(err: unknown): void {
        this.failedWrites++;
        this.unreportedFailures++;
        const now = this.now();
        if (now < this.writesPausedUntil) return;
        this.writesPausedUntil = now + WRITE_PAUSE_MS;
        const commitError = (err as {commitError?: Promise<unknown>}).commitError;
        const report = (cause: string) => {
            const n = this.unreportedFailures;
            this.unreportedFailures = 0;
            this.onWriteError(
                `answers cache: ${n} write${n === 1 ? '' : 's'} to ${this.dir} failed (${cause}); answers are served uncached, ` +
                `and the cache tries again in ${WRITE_PAUSE_MS / 1000} s (is the disk full?)`,
            );
        };
        const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
        if (commitError) commitError.then(() => report(message(err)), (cause) => report(message(cause)));
        else report(message(err));
    }

    /** Removes an entry found expired by get, unless it was rewritten meanwhile (by any process). */
    private removeExpired(k: string, writeTime: number): void {
        void this.write(() => {
            const raw = this.bodies.get(k);
            if (!raw || raw.length < HEADER || raw.readDoubleLE(0) !== writeTime) return;
            const totals = this.totals();
            if (this.removeEntry(k, totals)) {
                this.putTotals(totals);
                this.evictions++;
            }
        });
    }

    /** Inside a write transaction: removes `k`'s body and index entry and updates `totals`; false when absent. */
    private removeEntry(k: string, totals: Totals): boolean {
        const raw = this.bodies.get(k);
        if (!raw) return false;
        if (raw.length >= HEADER) this.byTime.removeSync([raw.readDoubleLE(0), k]);
        this.bodies.removeSync(k);
        totals[0] = Math.max(0, totals[0] - 1);
        totals[1] = Math.max(0, totals[1] - Math.max(0, raw.length - HEADER));
        return true;
    }

    private totals(): Totals {
        const t = this.meta.get('totals');
        return Array.isArray(t) && t.length === 2 ? [Number(t[0]), Number(t[1])] : [0, 0];
    }

    private putTotals(totals: Totals): void {
        this.meta.putSync('totals', totals);
    }
}

/**
 * Checks an existing LMDB data file before lmdb-js opens it: lmdb-js (3.x) crashes the process (SIGSEGV/SIGBUS)
 * instead of returning an error on a file whose meta pages are not LMDB's (zeros, random bytes, another format) or
 * on a truncated file, so those are recognised here and thrown as errors. When the file is shorter than the last page
 * its newest meta page records (which LMDB allows in rare healthy cases), a child process opens and reads the whole
 * environment first, and the file is declared corrupt if that child dies. Damage inside the B-tree pages themselves
 * (LMDB keeps no checksums) is not detected here.
 */
function checkDataFile(file: string): void {
    let fd: number;
    try {
        fd = fs.openSync(file, 'r');
    } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // a new cache
        throw err;
    }
    let size: number, head: Buffer;
    try {
        size = fs.fstatSync(fd).size;
        if (size === 0) return; // LMDB initialises an empty file
        head = Buffer.alloc(Math.min(size, 2 * 65536));
        fs.readSync(fd, head, 0, head.length, 0);
    } finally {
        fs.closeSync(fd);
    }
    // 64-bit LMDB as built by lmdb-js: a 24-byte page header (pgno, txnid, pad, flags, lower, upper), then MDB_meta:
    // magic, version, address, mapsize, two MDB_db of 48 bytes (the first one's pad is the page size), last page, txnid.
    const META_MAGIC = 0xbeefc0de, DATA_VERSION = 2, P_META = 0x08, P_INVALID = 0xffffffffffffffffn;
    const meta = (off: number) => {
        if (off + 0xa0 > head.length) return null;
        return {
            flags: head.readUInt16LE(off + 0x12),
            magic: head.readUInt32LE(off + 0x18),
            version: head.readUInt32LE(off + 0x1c) & 0xffff,
            psize: head.readUInt32LE(off + 0x30),
            roots: [head.readBigUInt64LE(off + 0x58), head.readBigUInt64LE(off + 0x88)],
            lastPage: head.readBigUInt64LE(off + 0x90),
            txnid: head.readBigUInt64LE(off + 0x98),
        };
    };
    const first = meta(0);
    if (!first || !(first.flags & P_META) || first.magic !== META_MAGIC) throw new Error(`${file} is not an LMDB data file`);
    if (first.version !== DATA_VERSION) throw new Error(`${file} has LMDB data version ${first.version}, expected ${DATA_VERSION}`);
    const psize = first.psize;
    if (psize < 512 || psize > 65536 || (psize & (psize - 1)) !== 0) throw new Error(`${file} has an invalid page size ${psize}`);
    if (size < 2 * psize) throw new Error(`${file} is truncated (${size} bytes)`);
    const metas = [first];
    for (const off of [psize, psize / 2]) {
        const m = meta(off);
        // The slot at half a page is lmdb-js's "flushed" meta (overlapping sync): written from the map size on (no
        // magic, no version), and only used when it has a transaction id.
        const half = off === psize / 2;
        if (half && (!m || m.txnid === 0n)) continue;
        if (!m || (!half && (m.magic !== META_MAGIC || m.version !== DATA_VERSION)) || m.psize !== psize) {
            throw new Error(`${file} has a damaged meta page at offset ${off}`);
        }
        metas.push(m);
    }
    let newest = metas[0];
    for (const m of metas) {
        if (m.roots.some((r) => r !== P_INVALID && r > m.lastPage)) throw new Error(`${file} has a damaged meta page`);
        if (m.txnid > newest.txnid) newest = m;
    }
    if (BigInt(size) < (newest.lastPage + 1n) * BigInt(psize) && !probe(path.dirname(file))) {
        throw new Error(`${file} is truncated (${size} bytes, its last page is ${newest.lastPage} of ${psize} bytes)`);
    }
}

/**
 * Creates the folder if needed and writes and removes a small file in it: a folder this process cannot write in
 * (read-only file system, no permission, disk full) throws a CacheUnavailableError saying so.
 */
function checkWritable(dir: string): void {
    const probeFile = path.join(dir, `.write-check-${process.pid}`);
    try {
        fs.mkdirSync(dir, {recursive: true});
        if (!fs.statSync(dir).isDirectory()) return; // not a folder: open reports it
        fs.writeFileSync(probeFile, 'quartier');
        fs.unlinkSync(probeFile);
    } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST' || code === 'ENOTDIR') return; // a file in the way: open reports it
        const why = code === 'EROFS' ? 'it is on a read-only file system'
            : code === 'EACCES' || code === 'EPERM' ? 'this user may not write in it'
            : code === 'ENOSPC' || code === 'EDQUOT' ? 'the disk is full'
            : (err as Error).message;
        throw new CacheUnavailableError(
            `answers cache folder ${dir} cannot be written (${why}: ${code ?? 'error'}): make it writable, or choose another folder with ` +
            `QUARTIER_CACHE_DIR or --cache DIR, or turn the cache off with --cache off`,
            {cause: err},
        );
    }
}

/** The LMDB map for a cache of `maxBytes` of bodies: room for them, their keys and the B-trees (about 1.5 times the bodies). */
function mapSizeFor(maxBytes: number): number {
    return Math.ceil(Math.max(64 * 1024 ** 2, 2 * maxBytes) / 1024 ** 2) * 1024 ** 2;
}

/** Opens the environment in `dir` in a child process and reads everything in it: false if the child fails or dies. */
function probe(dir: string): boolean {
    const script = `
const {open} = await import(${JSON.stringify(import.meta.resolve('lmdb'))});
const root = open({path: process.argv[1], noSubdir: false, maxDbs: 4});
for (const name of ['bodies', 'byTime', 'meta']) {
    const db = root.openDB({name, encoding: 'binary'});
    let n = 0;
    for (const {key, value} of db.getRange({})) n += value.length;
}
await root.close();`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], {stdio: 'ignore', timeout: 120_000});
    return r.status === 0;
}

/** An LMDB-safe form of a caller's key: as is when short, otherwise a hash of it. */
function storeKey(key: string): string {
    if (key.length * 3 <= MAX_KEY_BYTES || Buffer.byteLength(key) <= MAX_KEY_BYTES) return key;
    return 'sha256:' + createHash('sha256').update(key).digest('hex');
}

/**
 * The cache key of one answer: key layout version, endpoint (lower case), data version (hash of the region bundle:
 * a rebuilt region never serves old answers), exact coordinates (String() of the number: its shortest exact decimal
 * form, no rounding, so 50.8461 and 50.846100 are the same key) and language (upper case), separated by '|'
 * (escaped in the string parts). Bounded: an overlong key is replaced by its hash.
 */
export function cacheKey(parts: {endpoint: string; dataVersion: string; lat: number; lon: number; language: string}): string {
    if (!Number.isFinite(parts.lat) || !Number.isFinite(parts.lon)) {
        throw new RangeError(`cacheKey: coordinates must be finite numbers, got ${parts.lat}, ${parts.lon}`);
    }
    const esc = (s: string) => s.replace(/[%|]/g, (c) => (c === '%' ? '%25' : '%7C'));
    // -0 and 0 are the same place: String(-0) is already '0'.
    const key = [
        'q1',
        esc(parts.endpoint.toLowerCase()),
        esc(parts.dataVersion),
        String(parts.lat),
        String(parts.lon),
        esc(parts.language.toUpperCase()),
    ].join('|');
    return storeKey(key);
}
