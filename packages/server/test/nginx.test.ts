// The deployment of deploy/nginx.conf, for real: Debian's nginx in front of quartier processes (two
// replicas of BE, one instance for PT and MT) sharing Debian's redis-server. Requests reach the instance
// of their country by sub-domain or path prefix, replicas share the load and the answers, and a replica
// killed while requests flow loses none of them (nginx sends a failed GET to the other replica).
import type {ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {BACKEND_KEY} from './helpers.js';
import {RedisServer, freePort, kill, shippedNginxConf, startNginx, startQuartier} from './services.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-nginx-'));
const children: ChildProcess[] = [];
t.teardown(async () => {
    // nginx stops with SIGTERM: its master then stops the workers. A master killed outright leaves them
    // running, orphaned, holding the front port.
    for (const c of children) await kill(c, c === nginx ? 'SIGTERM' : 'SIGKILL');
    fs.rmSync(dir, {recursive: true, force: true});
});

const redis = new RedisServer(await freePort());
await redis.start();
t.teardown(() => redis.stop());

const [beA, beB, small, front, cacheOnly] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
const cache = ['--cache', redis.url];
const replicaA = await startQuartier(beA, ['--regions', 'BE', '--task-timeout', '120000', ...cache]);
const replicaB = await startQuartier(beB, ['--regions', 'BE', '--task-timeout', '120000', ...cache]);
const smallOne = await startQuartier(small, ['--regions', 'PT,MT', '--task-timeout', '120000', ...cache]);
// One more BE server on the same Redis, not behind nginx, that cannot compute (1 ms task limit): what it
// answers can only come from the cache the replicas filled.
const reader = await startQuartier(cacheOnly, ['--regions', 'BE', '--task-timeout', '1', ...cache]);
children.push(replicaA, replicaB, smallOne, reader);

const nginx = await startNginx(dir, shippedNginxConf({beA, beB, small, front}), front);
children.push(nginx);

/** A GET through nginx with a Host header (fetch cannot set Host: node:http can). */
function request(port: number, pathAndQuery: string, host: string): Promise<{status: number; upstream: string; body: any; headers: http.IncomingHttpHeaders}> {
    return new Promise((resolve, reject) => {
        const req = http.get({host: '127.0.0.1', port, path: pathAndQuery, headers: {Host: host, LicenseKey: BACKEND_KEY}, agent: false}, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let body: unknown = text;
                try {
                    body = JSON.parse(text);
                } catch {
                    // not JSON
                }
                resolve({status: res.statusCode ?? 0, upstream: String(res.headers['x-test-upstream'] ?? ''), body, headers: res.headers});
            });
            res.on('error', reject);
        });
        req.on('error', reject);
    });
}

const through = (pathAndQuery: string, host = 'localhost') => request(front, pathAndQuery, host);

const served = (r: {body: any}) => (r.body.regions as {country: string}[]).map((x) => x.country).join(',');

t.test('each country reaches its instance group, by sub-domain or by path', async (t) => {
    const be = await through('/health', 'be.example.org');
    t.equal(be.status, 200);
    t.equal(served(be), 'BE', 'be.example.org: a BE replica');
    t.equal(served(await through('/health', 'pt.example.org')), 'PT,MT', 'pt.example.org: the PT and MT instance');
    t.equal(served(await through('/health', 'mt.example.org')), 'PT,MT');
    const bePrefix = await through('/be/points?bound1=50.844,4.362&bound2=50.849,4.371');
    t.equal(bePrefix.status, 200);
    t.ok([`127.0.0.1:${beA}`, `127.0.0.1:${beB}`].includes(bePrefix.upstream), '/be/ on the bare name: a BE replica');
    const ptPrefix = await through('/pt/points?bound1=41.148,-8.613&bound2=41.151,-8.609');
    t.equal(ptPrefix.status, 200);
    t.equal(ptPrefix.upstream, `127.0.0.1:${small}`, '/pt/ on the bare name: the PT and MT instance');
    const points = await through('/points?bound1=41.148,-8.613&bound2=41.151,-8.609', 'pt.example.org');
    t.equal(points.status, 200, 'a Porto question answered by the Porto instance');
    t.equal(points.upstream, `127.0.0.1:${small}`);
    const tiles = await through('/tiles/tile_planet.json', 'be.example.org');
    t.match(tiles.body.tiles[0], /^http:\/\/be\.example\.org\/be\/tiles\//, 'addresses in answers name the public host (X-Forwarded-Host)');
});

t.test('the map host (map.example.org) serves the plugins, their files and their API from quartier, cookieless', async (t) => {
    const map = (pathAndQuery: string) => through(pathAndQuery, 'map.example.org');
    const page = await map('/plugin.html');
    t.equal(page.status, 200);
    t.match(page.headers['content-type'], /text\/html/);
    const version = /\/plugins\/([0-9a-f]{12})\//.exec(page.body)?.[1];
    t.ok(version, 'plugin.html names its versioned modules');
    const module = await map(`/plugins/${version}/pages/plugin-page.js`);
    t.equal(module.status, 200);
    t.match(module.headers['cache-control'], /max-age=31536000, immutable/, 'versioned: kept a year');
    const script = await map('/be/summary.js');
    t.equal(script.status, 200);
    t.ok([`127.0.0.1:${beA}`, `127.0.0.1:${beB}`].includes(script.upstream), '/be/summary.js: a BE replica');
    const summary = await map('/be/summary?latitude=50.8461&longitude=4.3664');
    t.equal(summary.status, 200, 'the API under /{cc}/ on the map host');
    t.ok([`127.0.0.1:${beA}`, `127.0.0.1:${beB}`].includes(summary.upstream));
    const style = await map('/pt/styles/osm_liberty.json');
    t.equal(style.upstream, `127.0.0.1:${small}`, "a Porto page's style from the Porto instance");
    for (const r of [page, module, script, summary, style]) t.equal(r.headers['set-cookie'], undefined, 'no cookie');
});

t.test('the replicas of BE share the requests and the answers', async (t) => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 8; i++) upstreams.add((await through('/health', 'be.example.org')).upstream);
    t.same([...upstreams].sort(), [`127.0.0.1:${beA}`, `127.0.0.1:${beB}`].sort(), 'round robin over both');
    // New positions, computed by whichever replica gets them.
    for (let i = 0; i < 4; i++) {
        const r = await through(`/summary?latitude=50.84${10 + i}&longitude=4.3701&language=FR`, 'be.example.org');
        t.equal(r.status, 200, `position ${i}: ${r.upstream}`);
    }
    // A server that cannot compute, asked directly: these come from what the replicas stored in Redis.
    for (let i = 0; i < 4; i++) {
        const res = await request(cacheOnly, `/summary?latitude=50.84${10 + i}&longitude=4.3701&language=FR`, 'be.example.org');
        t.equal(res.status, 200, `position ${i} served from the shared cache`);
    }
    t.equal((await request(cacheOnly, '/summary?latitude=50.8499&longitude=4.3701&language=FR', 'be.example.org')).status, 503, 'a position nobody computed is not there');
});

t.test('a replica killed while requests flow loses none of them', async (t) => {
    // Answers computed or taken from the cache, all positions inside Brussels.
    const urls = Array.from({length: 120}, (_, i) => `/summary?latitude=50.84${10 + (i % 12)}&longitude=4.37${10 + (i % 7)}&language=FR`);
    const statuses: number[] = [];
    let next = 0;
    const workers = Array.from({length: 4}, async () => {
        while (next < urls.length) {
            const i = next++;
            if (i === 30) await kill(replicaA);
            statuses.push((await through(urls[i], 'be.example.org')).status);
        }
    });
    await Promise.all(workers);
    t.equal(replicaA.signalCode, 'SIGKILL', 'replica A was killed mid-run');
    t.equal(statuses.length, urls.length);
    t.same(statuses.filter((s) => s !== 200), [], 'every request answered 200');
});

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
    return fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number).filter((p) => {
        try {
            return Number(fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
        } catch {
            return false; // gone meanwhile
        }
    });
}

t.test('nginx stops with its workers: none is left behind holding the port', async (t) => {
    const workers = childrenOf(nginx.pid!);
    t.ok(workers.length > 0, `${workers.length} worker processes`);
    await kill(nginx, 'SIGTERM');
    t.same(workers.filter((p) => fs.existsSync(`/proc/${p}`)), [], 'every worker has exited');
    await t.rejects(fetch(`http://127.0.0.1:${front}/health`), 'nothing answers on the front port');
});
