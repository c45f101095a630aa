// The answers cache in Redis, with Debian's real redis-server on a loopback port: bodies stored whole
// for 7 days under the documented keys, an answer computed by one replica served by another that cannot
// compute, and Redis going away (and coming back) costing only the caching.
import t from 'tap';
import {Redis} from 'ioredis';
import {RedisCache} from '../src/cache/redis-cache.js';
import {BACKEND_KEY, get, testServer} from './helpers.js';
import {RedisServer, freePort} from './services.js';

const redis = new RedisServer(await freePort());
const url = redis.url;
await redis.start();
t.teardown(() => redis.stop());
const admin = new Redis(url, {maxRetriesPerRequest: 0, retryStrategy: () => 100});
// Its connection drops while Redis is stopped on purpose: nothing to report.
admin.on('error', () => {});
t.teardown(() => admin.disconnect());

/** Keys matching a pattern ([] while the admin connection is not back yet). */
async function keys(pattern: string): Promise<string[]> {
    try {
        return await admin.keys(pattern);
    } catch {
        return [];
    }
}

/** Resolves when a cache is connected (ioredis reconnects on its own). */
async function connected(cache: {connected: boolean}): Promise<void> {
    for (let i = 0; i < 600 && !cache.connected; i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

t.test('bodies are stored whole, under the documented key, for 7 days', async (t) => {
    const lines: string[] = [];
    const cache = new RedisCache({url, maxBodyBytes: 1000, log: (l) => lines.push(l)});
    t.teardown(() => cache.close());
    await connected(cache);
    const body = Buffer.from(JSON.stringify({name: 'Théâtre Royal du Parc', n: 1}));
    await cache.set('q1|summary|abc|50.8461|4.3664|FR', body);
    t.same(await cache.get('q1|summary|abc|50.8461|4.3664|FR'), body, 'byte for byte');
    const ttl = await admin.pttl('quartier:q1|summary|abc|50.8461|4.3664|FR');
    t.ok(ttl > 7 * 24 * 3600 * 1000 - 60000 && ttl <= 7 * 24 * 3600 * 1000, `expires in ${(ttl / 86400000).toFixed(3)} days`);
    await cache.set('q1|summary|abc|50|4|FR', Buffer.alloc(1001, 32));
    t.equal(await cache.get('q1|summary|abc|50|4|FR'), null, 'a body over the limit is not stored');
    t.equal(await cache.get('q1|summary|abc|0|0|FR'), null, 'a miss');
    t.same(cache.stats(), {entries: -1, bytes: -1, hits: 1, misses: 2, evictions: 0, skippedWrites: 0, failedWrites: 0});
    t.same(lines, [], 'nothing to report');
    t.throws(() => new RedisCache({url: 'http://127.0.0.1:1'}), /starts with redis:\/\/ or rediss:\/\//);
});

t.test('an answer computed by one replica is served by the other from Redis', async (t) => {
    // A generous task limit: a loaded machine must not turn A's cold answers into 503s.
    const a = await testServer({cache: url, 'task-timeout': '120000'});
    t.teardown(() => a.close());
    // B cannot compute anything (1 ms task limit): only the shared cache can answer.
    const b = await testServer({cache: url, 'task-timeout': '1'});
    t.teardown(() => b.close());
    await connected(a.cache as RedisCache);
    await connected(b.cache as RedisCache);
    const q = 'latitude=50.8412&longitude=4.3598';
    const first = await get(`${a.url}/be/summary?${q}&language=FR`);
    t.equal(first.status, 200);
    const e = await get(`${a.url}/be/enrichment?${q}`, {LicenseKey: BACKEND_KEY});
    t.equal(e.status, 200);
    await a.cache!.flush();
    // The write leaves after the answer: wait for it to land.
    for (let i = 0; i < 200 && (await keys('quartier:q1|summary|*')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const stored = await keys('quartier:q1|*');
    t.ok(stored.some((k) => /^quartier:q1\|summary\|[^|]+\|50\.8412\|4\.3598\|FR$/.test(k)), `documented key (${stored.length} keys)`);
    const second = await get(`${b.url}/be/summary?${q}&language=FR`);
    t.equal(second.status, 200, 'served by the replica that cannot compute');
    t.same(second.body, first.body);
    t.same((await get(`${b.url}/be/enrichment?${q}`, {LicenseKey: BACKEND_KEY})).body, e.body);
    t.equal((await get(`${b.url}/be/summary?latitude=50.8413&longitude=4.3598`)).status, 503, 'another position must be computed');
});

t.test('Redis going away costs only the caching; when it is back, answers are stored again', async (t) => {
    const server = await testServer({cache: url, 'task-timeout': '120000'});
    t.teardown(() => server.close());
    const cache = server.cache as RedisCache;
    await connected(cache);
    await redis.stop();
    const down = await get(`${server.url}/be/summary?latitude=50.8450&longitude=4.3700&language=FR`);
    t.equal(down.status, 200, 'answered without Redis');
    t.ok(down.body && typeof down.body === 'object', 'a whole answer');
    const enrichment = await get(`${server.url}/be/enrichment?latitude=50.8451&longitude=4.3700`, {LicenseKey: BACKEND_KEY});
    t.equal(enrichment.status, 200);
    await redis.start();
    await connected(cache);
    t.ok(cache.connected, 'reconnected by itself');
    const up = await get(`${server.url}/be/summary?latitude=50.8452&longitude=4.3700&language=FR`);
    t.equal(up.status, 200);
    for (let i = 0; i < 200 && (await keys('quartier:q1|summary|*|50.8452|*')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    t.equal((await keys('quartier:q1|summary|*|50.8452|*')).length, 1, 'stored again');
});
