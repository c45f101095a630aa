// The answers cache under storage faults (issue 16): a full disk costs only the caching (answers as usual, one
// report, writes paused then tried again, no unhandled rejection), and a folder that cannot be written at start
// leaves the server running without the cache, saying why. The full disk is a real one: a 64 KiB tmpfs (needs root to
// mount; skipped, saying so, where mounting is not allowed).
import t from 'tap';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ResponseCache, WRITE_PAUSE_MS} from '../src/cache/cache.js';
import {createLogger} from '../src/service/logger.js';
import {loadServerConfig, startServer} from '../src/service/server.js';
import {BACKEND_KEY, get, testBuildRoot, testServer} from './helpers.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-faults-'));
const mounts: string[] = [];
t.teardown(() => {
    for (const dir of mounts) spawnSync('umount', ['-l', dir]); // lazily: a cache given up on may hold a file open
    fs.rmSync(tmpRoot, {recursive: true, force: true});
});

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

/** A fresh tmpfs of `size` mounted on a new folder, or null when this process may not mount. */
function tmpfs(name: string, options: string): string | null {
    const dir = path.join(tmpRoot, name);
    fs.mkdirSync(dir);
    if (process.getuid?.() !== 0) return null;
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    if (r.status !== 0) return null;
    mounts.push(dir);
    return dir;
}

/** Fills the file system of `dir` to the last byte. */
function fill(dir: string): void {
    try {
        fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(1 << 20));
    } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
}

const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const NO_MOUNT = 'mounting a tmpfs needs root';
const fullDisk = tmpfs('full', 'size=64k');
t.test('a full disk fails writes, reported once, paused, then tried again; reads go on', {skip: fullDisk ? false : NO_MOUNT}, async (t) => {
    const disk = fullDisk!;
    let now = 1_000_000;
    const reports: string[] = [];
    const cache = ResponseCache.open({dir: path.join(disk, 'cache'), now: () => now, onWriteError: (m) => reports.push(m)});
    await cache.set('before', Buffer.from('"stored before the disk filled"'));
    fill(disk);
    await t.rejects(cache.set('k0', Buffer.alloc(8000, 65)), 'the failed commit rejects the set');
    await turns(5);
    t.equal(reports.length, 1, 'one report');
    t.match(reports[0], new RegExp(`answers cache: 1 write to ${disk}/cache failed \\(.*No space left on device.*\\); answers are served uncached`));
    for (let i = 1; i <= 3; i++) await cache.set(`k${i}`, Buffer.alloc(8000, 65)); // resolve at once: skipped
    t.equal(cache.get('before')?.toString(), '"stored before the disk filled"', 'reads still work');
    t.equal(cache.get('k1'), null);
    t.match(cache.stats(), {entries: 1, failedWrites: 1, skippedWrites: 3});
    now += WRITE_PAUSE_MS + 1;
    await t.rejects(cache.set('k4', Buffer.alloc(8000, 65)), 'after the pause the cache tries again');
    await turns(5);
    t.equal(reports.length, 2, 'the second failure is reported, a pause later');
    t.match(cache.stats(), {failedWrites: 2, skippedWrites: 3});
    await cache.close(); // bounded even when lmdb-js cannot settle it
    t.same(unhandled, [], 'no unhandled rejection');
});

const serverDisk = tmpfs('server-full', 'size=64k');
t.test('a full disk under the server: answers as usual and keeps serving', {skip: serverDisk ? false : NO_MOUNT}, async (t) => {
    const disk = serverDisk!;
    const server = await testServer({cache: path.join(disk, 'cache')});
    t.teardown(() => server.close());
    fill(disk);
    const positions = ['latitude=50.8466&longitude=4.3528', 'latitude=50.8503&longitude=4.3517', 'latitude=50.8387&longitude=4.3755'];
    for (const q of positions) {
        const r = await get(`${server.url}/be/summary?${q}&language=EN`);
        t.equal(r.status, 200, `a cold /summary (${q})`);
    }
    // The writes are not awaited by the requests: wait for the first failure to be counted.
    while (server.cache!.stats().failedWrites === 0) await new Promise((r) => setTimeout(r, 10));
    const again = await get(`${server.url}/be/summary?${positions[0]}&language=EN`);
    t.equal(again.status, 200, 'still serving after the failed writes');
    t.equal(server.cache!.stats().entries, 0, 'nothing was stored');
    await turns(5);
    t.same(unhandled, [], 'no unhandled rejection');
});

// As root a read-only tmpfs; otherwise a folder without write permission (root could write there).
const readOnly = tmpfs('read-only', 'ro,size=64k');
const asRoot = process.getuid?.() === 0;
t.test('a cache folder that cannot be written at start: serve without it, and say why', {skip: readOnly || !asRoot ? false : NO_MOUNT}, async (t) => {
    let dir: string;
    let why: RegExp;
    if (readOnly) {
        dir = readOnly;
        why = /it is on a read-only file system: EROFS/;
    } else {
        dir = path.join(tmpRoot, 'locked', 'cache');
        fs.mkdirSync(path.dirname(dir));
        fs.chmodSync(path.dirname(dir), 0o555);
        why = /this user may not write in it: EACCES/;
    }
    const lines: string[] = [];
    const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, 'no-warmup': true, cache: dir});
    // The server's log, line by line: pino writes one JSON object per line to this destination.
    const logger = createLogger({destination: {write: (json: string) => void lines.push(JSON.parse(json).msg)}});
    const server = await startServer(config, logger);
    t.teardown(() => server.close());
    t.equal(server.cache, null, 'no cache');
    const warning = lines.find((l) => l.includes('answers cache'));
    t.match(warning, /^warning: serving without the answers cache: answers cache folder .* cannot be written/);
    t.match(warning, why);
    t.notMatch(warning, /corrupt/);
    const r = await get(`http://127.0.0.1:${server.port}/be/summary?latitude=50.8466&longitude=4.3528`, {LicenseKey: BACKEND_KEY});
    t.equal(r.status, 200, 'serves');
});
