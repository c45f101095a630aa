// The persistent response cache (src/cache.ts): byte-exact round trips, restart, expiry, the bounds, sharing
// between instances and processes, stats, a corrupt folder, and cacheKey. Everything in temporary folders.
import t from 'tap';
import {fork} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ResponseCache, cacheKey} from '../src/cache/cache.js';
import {get, testServer} from './helpers.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-test-'));
t.teardown(() => fs.rmSync(tmpRoot, {recursive: true, force: true}));
let n = 0;
const freshDir = () => path.join(tmpRoot, `c${n++}`);

const json = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8');

t.test('the data file is mapped once, however much is written (no pages left resident in outgrown mappings)', async (t) => {
    const dir = freshDir();
    const c = ResponseCache.open({dir});
    t.teardown(() => c.close());
    const body = crypto.randomBytes(10_000);
    for (let i = 0; i < 3000; i++) void c.set(`summary|${i}`, body);
    await c.set('summary|last', body);
    t.equal(c.stats().entries, 3001);
    // 30 MB written: lmdb-js's own map would have grown by doubling from its first size, one mapping each time.
    const file = path.join(fs.realpathSync(dir), 'data.mdb');
    const mappings = fs.readFileSync('/proc/self/maps', 'utf8').split('\n').filter((l) => l.endsWith(` ${file}`));
    t.equal(mappings.length, 1, `one mapping of ${file}: ${mappings.join(' | ')}`);
});

t.test('the pages read are let go of: beyond its bound the file is mapped afresh, nothing lost', async (t) => {
    const dir = freshDir();
    const residentFile = () => Number(/RssFile:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
    const bound = 8 * 1024 ** 2;
    const bodies = (i: number) => crypto.createHash('sha256').update(String(i)).digest().toString('hex').repeat(150); // 9.6 KB
    const c = ResponseCache.open({dir, mappedMaxBytes: bound});
    t.teardown(() => c.close());
    for (let i = 0; i < 6000; i++) void c.set(`summary|${i}`, Buffer.from(bodies(i)));
    await c.flush();
    const before = residentFile();
    // Reads all over the 58 MB file (each fault maps up to 64 KiB around it), and writes between them.
    let found = 0, wrong = 0, peak = 0;
    for (let r = 0; r < 12_000; r++) {
        const i = (r * 7919) % 6000;
        const got = c.get(`summary|${i}`);
        if (got !== null) {
            if (got.toString() !== bodies(i)) wrong++;
            found++;
        }
        if (r % 100 === 0) await c.set(`summary|new-${r}`, Buffer.from(bodies(r)));
        if (r % 10 === 0) await new Promise((resolve) => setImmediate(resolve)); // lets a remap run, as requests would
        peak = Math.max(peak, residentFile() - before);
    }
    t.ok(c.stats().remaps! >= 2, `the file was mapped afresh ${c.stats().remaps} times`);
    t.ok(found > 9_000, `${found} of 12,000 reads found their entry (reads while the file is mapped afresh are misses)`);
    t.equal(wrong, 0, 'every entry found is the one written');
    // Checked every 32 operations: a read of a fresh map faults up to 4 times (branch, leaf, body), 64 KiB each.
    t.ok(peak < bound + 16 * 1024 ** 2, `the pages mapped by the reads stayed within the bound and one check's worth: ${(peak / 1024 ** 2).toFixed(1)} MiB`);
    for (let r = 0; r < 12_000; r += 100) {
        await c.flush(); // and any remap under way
        t.equal(c.get(`summary|new-${r}`)?.toString(), bodies(r), `write ${r} kept`, {diagnostic: false});
    }
    t.equal(c.stats().entries, 6120);
});

t.test('set/get round trip is byte-exact', async (t) => {
    const c = ResponseCache.open({dir: freshDir()});
    t.teardown(() => c.close());
    const bodies: Record<string, Buffer> = {
        ascii: json({summary: 'quiet street', score: 7}),
        utf8: json({texte: 'Près de la gare : café, épicerie, Straße, 東京, emoji 🚲', n: [1, 2, 3]}),
        raw: Buffer.from(crypto.randomBytes(20_000)),
        zeros: Buffer.alloc(100),
        empty: Buffer.alloc(0),
    };
    await Promise.all(Object.entries(bodies).map(([k, v]) => c.set(k, v)));
    for (const [k, v] of Object.entries(bodies)) {
        const got = c.get(k);
        t.ok(Buffer.isBuffer(got), `${k} is a Buffer`);
        t.ok(got!.equals(v), `${k} byte-exact`);
        t.equal(got!.length, v.length);
    }
    t.same(JSON.parse(c.get('utf8')!.toString('utf8')), JSON.parse(bodies.utf8.toString('utf8')));
    t.equal(c.get('absent'), null);
    // the returned Buffer is the caller's: later reads and writes do not change it
    const first = c.get('ascii')!;
    await c.set('ascii', json({other: true}));
    c.get('utf8');
    t.ok(first.equals(bodies.ascii), 'earlier result unchanged by later reads/writes');
    t.ok(c.get('ascii')!.equals(json({other: true})), 'overwrite');
    t.equal(c.stats().entries, 5, 'overwrite does not add an entry');
    t.equal(
        c.stats().bytes,
        Object.values(bodies).reduce((s, b) => s + b.length, 0) - bodies.ascii.length + json({other: true}).length,
        'byte total follows overwrites',
    );
    await c.delete('raw');
    t.equal(c.get('raw'), null, 'deleted');
    t.equal(c.stats().entries, 4);
    await c.delete('raw'); // deleting a missing key is fine
    t.equal(c.stats().entries, 4);
    // very long keys are stored under a hash
    const longKey = 'x'.repeat(5000) + 'é';
    await c.set(longKey, json({long: true}));
    t.same(JSON.parse(c.get(longKey)!.toString()), {long: true});
    t.equal(c.get('x'.repeat(5000) + 'e'), null);
});

t.test('survives close and reopen', async (t) => {
    const dir = freshDir();
    const body = json({hello: 'wörld'});
    const a = ResponseCache.open({dir});
    await a.set('k', body);
    await a.set('k2', json({x: 1}));
    await a.close();
    const b = ResponseCache.open({dir});
    t.teardown(() => b.close());
    t.ok(b.get('k')!.equals(body));
    t.same(JSON.parse(b.get('k2')!.toString()), {x: 1});
    t.equal(b.stats().entries, 2, 'entry count persisted');
    t.equal(b.stats().bytes, body.length + json({x: 1}).length, 'byte total persisted');
});

t.test('expiry with an injected clock', async (t) => {
    let now = 1_000_000;
    const ttlMs = 60_000;
    const c = ResponseCache.open({dir: freshDir(), ttlMs, now: () => now});
    t.teardown(() => c.close());
    await c.set('old', json({a: 1}));
    now += ttlMs;
    t.ok(c.get('old'), 'exactly ttlMs old is still a hit');
    now += 1;
    t.equal(c.get('old'), null, 'older than ttlMs is a miss');
    await c.flush();
    t.equal(c.stats().entries, 0, 'the expired entry was deleted');
    t.equal(c.stats().bytes, 0);
    now -= 10 * ttlMs;
    t.equal(c.get('old'), null, 'still gone when the clock goes back');

    // expired entries are also swept from the oldest end by later sets
    now = 5_000_000;
    for (let i = 0; i < 10; i++) await c.set(`e${i}`, json({i}));
    t.equal(c.stats().entries, 10);
    const before = c.stats().evictions;
    now += ttlMs + 1;
    await c.set('fresh', json({fresh: true}));
    t.equal(c.stats().entries, 1, 'expired entries swept by a set');
    t.equal(c.stats().evictions - before, 10);
    t.ok(c.get('fresh'));

    // an entry rewritten after it was found expired is not deleted by that (stale) finding
    await c.set('r', json({v: 1}));
    now += ttlMs + 1;
    t.equal(c.get('r'), null);
    const rewrite = c.set('r', json({v: 2}));
    await Promise.all([rewrite, c.flush()]);
    t.same(JSON.parse(c.get('r')!.toString()), {v: 2}, 'the rewrite stands');
});

t.test('maxEntries bound', async (t) => {
    let now = 1;
    const c = ResponseCache.open({dir: freshDir(), maxEntries: 50, now: () => now});
    t.teardown(() => c.close());
    for (let i = 0; i < 200; i++) {
        now++;
        void c.set(`k${i}`, json({i}));
    }
    await c.flush();
    const s = c.stats();
    t.ok(s.entries <= 50, `≤ 50 entries (${s.entries})`);
    t.equal(s.entries, 50);
    t.equal(s.evictions, 150);
    for (let i = 150; i < 200; i++) t.ok(c.get(`k${i}`), `newest k${i} present`);
    for (let i = 0; i < 150; i++) if (c.get(`k${i}`) !== null) t.fail(`old k${i} still present`);
});

t.test('maxBytes bound', async (t) => {
    let now = 1;
    const c = ResponseCache.open({dir: freshDir(), maxBytes: 10_000, now: () => now});
    t.teardown(() => c.close());
    const body = (i: number) => Buffer.concat([json({i}), Buffer.alloc(1000 - json({i}).length, 0x20)]);
    for (let i = 0; i < 200; i++) {
        now++;
        await c.set(`k${i}`, body(i));
        if (c.stats().bytes > 10_000) t.fail(`over maxBytes after set ${i}: ${c.stats().bytes}`);
    }
    const s = c.stats();
    t.equal(s.bytes, 10_000, 'exactly ten 1000-byte bodies');
    t.equal(s.entries, 10);
    for (let i = 190; i < 200; i++) t.ok(c.get(`k${i}`)?.equals(body(i)), `newest k${i} present`);
    t.equal(c.get('k189'), null);
    await c.set('huge', Buffer.alloc(10_001));
    t.equal(c.get('huge'), null, 'a body larger than maxBytes is not stored');
    t.equal(c.stats().entries, 10, 'and evicts nothing');
});

t.test('evictions per set are bounded (reopen with smaller bounds)', async (t) => {
    const dir = freshDir();
    let now = 1;
    const big = ResponseCache.open({dir, now: () => now});
    for (let i = 0; i < 300; i++) {
        now++;
        void big.set(`k${i}`, json({i}));
    }
    await big.close();
    const c = ResponseCache.open({dir, maxEntries: 50, now: () => now});
    t.teardown(() => c.close());
    t.equal(c.stats().entries, 300);
    now++;
    await c.set('a', json('a'));
    t.equal(c.stats().entries, 200, 'first set removed at most 100');
    t.equal(c.get('a'), null, 'and could not store its own entry within the bound');
    await c.set('b', json('b'));
    t.equal(c.stats().entries, 100);
    await c.set('c', json('c'));
    t.equal(c.stats().entries, 50, 'third set reached the bound and stored its entry');
    t.ok(c.get('c'));
    t.ok(c.get('k299'), 'newest old entry kept');
    t.equal(c.stats().evictions, 251);
});

t.test('two instances in one process share writes', async (t) => {
    const dir = freshDir();
    const a = ResponseCache.open({dir});
    const b = ResponseCache.open({dir});
    await a.set('from-a', json('a'));
    t.same(JSON.parse(b.get('from-a')!.toString()), 'a');
    await b.set('from-b', json('b'));
    t.same(JSON.parse(a.get('from-b')!.toString()), 'b');
    await a.close();
    t.same(JSON.parse(b.get('from-a')!.toString()), 'a', 'the other stays usable after one closes');
    await b.set('after', json(1));
    t.equal(b.stats().entries, 3);
    await b.close();
});

t.test('a second process sees writes, and its writes are seen', async (t) => {
    const dir = freshDir();
    const c = ResponseCache.open({dir});
    t.teardown(() => c.close());
    const parentBody = json({from: 'parent', text: 'façade'});
    await c.set('from-parent', parentBody);

    const script = path.join(tmpRoot, 'child.mjs');
    const cacheModule = new URL('../src/cache/cache.js', import.meta.url).href;
    fs.writeFileSync(
        script,
        `import {ResponseCache} from ${JSON.stringify(cacheModule)};
const c = ResponseCache.open({dir: process.argv[2]});
const seen = c.get('from-parent');
await c.set('from-child', Buffer.from(JSON.stringify({from: 'child', text: 'Zürich'})));
process.send({seen: seen && seen.toString('base64'), stats: c.stats()});
await c.close();
process.disconnect();
`,
    );
    const child = fork(script, [dir], {stdio: ['ignore', 'inherit', 'inherit', 'ipc']});
    const [msg, code] = await new Promise<[{seen: string | null; stats: {entries: number}}, number | null]>((resolve, reject) => {
        let message: {seen: string | null; stats: {entries: number}} | undefined;
        child.on('message', (m) => (message = m as typeof message));
        child.on('error', reject);
        child.on('exit', (code) => (message ? resolve([message, code]) : reject(new Error(`child exited ${code} without a message`))));
    });
    t.equal(code, 0, 'child exited cleanly');
    t.ok(msg.seen && Buffer.from(msg.seen, 'base64').equals(parentBody), "the child read the parent's write");
    t.equal(msg.stats.entries, 2, 'the child sees the shared totals');
    t.same(JSON.parse(c.get('from-child')!.toString()), {from: 'child', text: 'Zürich'}, "the parent reads the child's write");
    t.equal(c.stats().entries, 2, 'the parent sees the totals updated by the child');
});

t.test('stats counts hits, misses and evictions', async (t) => {
    let now = 1;
    const c = ResponseCache.open({dir: freshDir(), maxEntries: 3, now: () => now});
    t.teardown(() => c.close());
    t.same(c.stats(), {entries: 0, bytes: 0, hits: 0, misses: 0, evictions: 0, skippedWrites: 0, failedWrites: 0, remaps: 0});
    c.get('nothing');
    for (let i = 0; i < 5; i++) {
        now++;
        await c.set(`k${i}`, json(i));
    }
    c.get('k4');
    c.get('k4');
    c.get('k0');
    t.same(c.stats(), {entries: 3, bytes: 3, hits: 2, misses: 2, evictions: 2, skippedWrites: 0, failedWrites: 0, remaps: 0});
});

t.test('a corrupt or unreadable folder makes open throw, naming the folder', async (t) => {
    const namesAndSaysDelete = (dir: string) => ({message: new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*delete`)});
    const damaged = (name: string, data: Buffer) => {
        const dir = path.join(tmpRoot, name);
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'data.mdb'), data);
        return dir;
    };
    // lmdb-js itself would crash the process on these: open must throw instead
    for (const [name, data] of [
        ['random', crypto.randomBytes(64 * 1024)],
        ['zeros', Buffer.alloc(64 * 1024)],
        ['not-lmdb', Buffer.from('{"this": "is not a database"}')],
    ] as const) {
        const dir = damaged(name, data);
        t.throws(() => ResponseCache.open({dir}), namesAndSaysDelete(dir), name);
    }

    // a real cache file, truncated: to less than its meta pages, and to half its pages (checked by a child process)
    const good = freshDir();
    const c0 = ResponseCache.open({dir: good});
    for (let i = 0; i < 1000; i++) void c0.set(`k${i}`, Buffer.alloc(600, i));
    await c0.close();
    const bytes = fs.readFileSync(path.join(good, 'data.mdb'));
    const short = damaged('short', bytes.subarray(0, 5000));
    t.throws(() => ResponseCache.open({dir: short}), namesAndSaysDelete(short), 'truncated to 5000 bytes');
    const half = damaged('half', bytes.subarray(0, Math.floor(bytes.length / 2 / 4096) * 4096));
    t.throws(() => ResponseCache.open({dir: half}), namesAndSaysDelete(half), 'truncated to half');
    const intact = ResponseCache.open({dir: good});
    t.equal(intact.stats().entries, 1000, 'the intact original still opens');
    await intact.close();

    const file = path.join(tmpRoot, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    t.throws(() => ResponseCache.open({dir: file}), namesAndSaysDelete(file), 'a file where the folder should be');

    // a healthy cache next to them still works
    const c = ResponseCache.open({dir: freshDir()});
    await c.set('k', json(1));
    t.ok(c.get('k'));
    await c.close();
});

t.test('cacheKey', async (t) => {
    const base = {endpoint: '/summary', dataVersion: 'abc123', lat: 50.8461, lon: 4.3664, language: 'fr'};
    const k = cacheKey(base);
    t.type(k, 'string');
    t.ok(Buffer.byteLength(k) < 200, 'short');
    t.not(cacheKey({...base, language: 'nl'}), k, 'language');
    t.not(cacheKey({...base, endpoint: '/summary/text'}), k, 'endpoint');
    t.not(cacheKey({...base, endpoint: '/summary/text-and-data'}), cacheKey({...base, endpoint: '/summary/text'}));
    t.not(cacheKey({...base, endpoint: '/enrichment'}), k);
    t.not(cacheKey({...base, dataVersion: 'abc124'}), k, 'data version');
    t.not(cacheKey({...base, lat: 50.84611}), k, 'latitude');
    t.not(cacheKey({...base, lon: 4.36641}), k, 'longitude');
    t.not(cacheKey({...base, lat: 4.3664, lon: 50.8461}), k, 'swapped coordinates');
    t.not(cacheKey({...base, lat: 50.8461000001}), k, 'no rounding');
    t.equal(cacheKey({...base, language: 'FR'}), k, 'language is upper-cased');
    t.equal(cacheKey({...base, endpoint: '/SUMMARY'}), k, 'endpoint is lower-cased');
    t.not(cacheKey({...base, dataVersion: 'a|b', language: 'c'}), cacheKey({...base, dataVersion: 'a', language: 'b|c'}), 'separators escaped');
    t.ok(Buffer.byteLength(cacheKey({...base, dataVersion: 'v'.repeat(10_000)})) <= 512, 'bounded length');
    t.not(cacheKey({...base, dataVersion: 'v'.repeat(10_000)}), cacheKey({...base, dataVersion: 'v'.repeat(10_001)}));
    t.throws(() => cacheKey({...base, lat: NaN}));
    t.throws(() => cacheKey({...base, lon: Infinity}));
});

t.test('the same position written two ways is one cache entry: 50.846100 is 50.8461', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());
    const pool = server.pool;
    const run = pool.run.bind(pool);
    let tasks = 0;
    pool.run = ((task: Parameters<typeof run>[0]) => {
        tasks++;
        return run(task);
    }) as typeof pool.run;
    t.teardown(() => { pool.run = run; });
    const a = await get(`${server.url}/be/summary?latitude=50.8461&longitude=4.3664&language=FR`);
    t.equal(a.status, 200);
    t.equal(tasks, 1, 'the first asks the engine');
    const b = await get(`${server.url}/be/summary?latitude=50.846100&longitude=4.36640&language=fr`);
    t.equal(b.status, 200);
    t.equal(tasks, 1, 'the second is answered from the cache');
    t.same(b.body, a.body);
    await get(`${server.url}/be/summary?latitude=50.84611&longitude=4.3664&language=FR`);
    t.equal(tasks, 2, 'another position asks the engine again');
});
