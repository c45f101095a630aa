// HTTP threads (QUARTIER_HTTP_THREADS, http-threads/): they accept the connections, answer a road route themselves as
// the routing threads would, and relay everything else to the main thread: the client's address with it (and no
// address a client claims), the requests in the metrics and the access log, and a request in flight answered when the
// server stops. The rest of the suite runs through them with QUARTIER_HTTP_THREADS set. Node 22.12 or later (reusePort).
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import {Writable} from 'node:stream';
import {BroadcastChannel} from 'node:worker_threads';
import {pino} from 'pino';
import {loadServerConfig, startServer} from '../src/service/server.js';
import {hasReusePort} from '../src/http-threads/http-threads.js';
import {BACKEND_KEY, FRONTEND_KEY, TEST_WORKER, get, getWithHost, testBuildRoot, testServer} from './helpers.js';
import {HELD_LATITUDE, heldTask} from './held-task.js';
import {ENGINE_FAILURE_LATITUDE, FAIL_CHANNEL} from './fail-channel.js';

if (!hasReusePort()) {
    t.plan(0, `HTTP threads need Node 22.12 or later (reusePort); this is Node ${process.versions.node}`);
} else {
    const ROUTE = '/be/route?startLatitude=50.8466&startLongitude=4.3528&arrivalLatitude=50.8378&arrivalLongitude=4.3715&language=EN';
    const withoutTook = (text: string) => text.replace(/"took":\d+/, '"took":0');
    const routeTasks = (metrics: string) => Number(/quartier_pool_task_duration_seconds_count\{type="route",outcome="ok"\} (\d+)/.exec(metrics)?.[1] ?? 0);

    t.test('a road route answered on an HTTP thread, as the routing threads answer it; public transport relayed to them', async (t) => {
        const server = await testServer({'http-threads': '2'});
        t.teardown(() => server.close());
        const metrics = async () => (await get(`${server.url}/metrics`)).text;
        const onRoutingThreads = () => server.pool.threadPool.tasksSeen;
        for (const [mode, code] of [['Driving', 0], ['Walking', 1], ['Bicycling', 2]] as const) {
            const before = onRoutingThreads();
            const answer = await get(`${server.url}${ROUTE}&travelMode=${mode}`);
            t.equal(answer.status, 200, mode);
            t.equal(onRoutingThreads(), before, `${mode}: no routing thread ran it`);
            const task = await server.pool.run<Uint8Array>({type: 'route', country: 'BE', mode: code, fromLat: 50.8466, fromLon: 4.3528, toLat: 50.8378, toLon: 4.3715, language: 'EN'});
            t.equal(withoutTook(answer.text), withoutTook(Buffer.from(task).toString('utf8')), `${mode}: the same bytes as the routing threads' answer`);
        }
        const before = onRoutingThreads();
        t.equal((await get(`${server.url}${ROUTE}&travelMode=Transit`)).status, 200);
        t.equal(onRoutingThreads(), before + 1, 'public transport went to the routing threads');
        t.equal((await get(`${server.url}${ROUTE}&travelMode=Flying`)).status, 400);
        // The threads' requests and tasks reach the metrics in batches: asked until they are there (a few tens of ms).
        let requests = 0, tasks = 0;
        for (let i = 0; i < 100 && (requests < 4 || tasks < 7); i++) {
            const text = await metrics();
            requests = Number(/quartier_http_requests_total\{endpoint="\/route",method="GET",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
            tasks = routeTasks(text);
            if (requests < 4 || tasks < 7) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        t.equal(requests, 4, 'every /route answered counted in the metrics, on the threads and relayed');
        t.equal(tasks, 7, 'every route computed timed as a routing task: three on HTTP threads, four on the routing threads');
    });

    t.test('the region-only endpoints answered on an HTTP thread, as the main thread answers them; the others relayed', async (t) => {
        const threaded = await testServer({'http-threads': '2'});
        t.teardown(() => threaded.close());
        const alone = await testServer({'http-threads': '0'});
        t.teardown(() => alone.close());
        const key = `licenseKey=${BACKEND_KEY}`;
        const hereOnly = [
            '/be/tiles/tile_planet.json', '/be/tiles/14/8392/5467.pbf', '/be/tiles/14/0/0.pbf', '/be/tiles/31/0/0.pbf', '/be/tiles/14/x/1.pbf',
            '/be/styles/osm_bright.json?language=NL', '/be/styles/nope.json', '/fonts/Noto%20Sans%20Regular/0-255.pbf', '/fonts/Nope/0-255.pbf',
            '/sprites/sprite.json', '/sprites/sprite@2x.png', `/be/points?bound1=50.845,4.350&bound2=50.848,4.355&${key}`,
            `/be/points?bound1=50.845,4.350&${key}`, `/be/simplifiedcategories?${key}`, `/be/categories?language=FR&${key}`,
            `/be/geolocation?address=Grand-Place%201&${key}`, `/be/geolocation/getclose?address=rue%20neuve&latitude=50.85&longitude=4.35&${key}`,
            `/be/geolocation/reverse?latitude=50.8467&longitude=4.3525&${key}`, '/be/points?bound1=50.845,4.350&bound2=50.848,4.355',
            `/xx/points?bound1=50.845,4.350&bound2=50.848,4.355&${key}`, `/mt/geolocation?address=Valletta&${key}`
        ];
        const relays = async () => Number(/quartier_http_relayed_requests_total (\d+)/.exec((await get(`${threaded.url}/metrics`)).text)?.[1]);
        const before = await relays();
        // One public address for both (the style and TileJSON name it): loopback is a trusted proxy.
        const headers = {Origin: 'https://example.com', 'If-None-Match': '"x"', 'X-Forwarded-Host': 'maps.example.org'};
        for (const path of hereOnly) {
            const [a, b] = await Promise.all([fetch(`${threaded.url}${path}`, {headers}), fetch(`${alone.url}${path}`, {headers})]);
            const [bodyA, bodyB] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
            const shown = (r: Response) => [r.status, [...r.headers].filter(([name]) => !['date', 'x-request-id', 'keep-alive'].includes(name))];
            t.same(shown(a), shown(b), `${path}: the same status and headers`);
            t.ok(Buffer.from(bodyA).equals(Buffer.from(bodyB)), `${path}: the same body`);
        }
        const preflight = {method: 'OPTIONS', headers: {Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET'}};
        const [a, b] = await Promise.all([fetch(`${threaded.url}/be/points`, preflight), fetch(`${alone.url}/be/points`, preflight)]);
        t.same([a.status, a.headers.get('access-control-allow-methods')], [b.status, b.headers.get('access-control-allow-methods')], 'a preflight');
        t.equal((await fetch(`${threaded.url}/be/tiles/tile_planet.json`, {method: 'HEAD'})).status, 200, 'HEAD');
        t.equal(await relays(), before + 1, 'none relayed (but the /metrics asked)');
        // What needs the main thread's state is relayed: a wrong method (405 from the whole API's routes), /health, /summary.
        t.equal((await fetch(`${threaded.url}/be/points`, {method: 'POST'})).status, 405);
        t.equal((await get(`${threaded.url}/health`)).status, 200);
        t.equal((await get(`${threaded.url}/be/summary?latitude=50.8466&longitude=4.3528&${key}`)).status, 200);
        t.equal(await relays(), before + 5, 'relayed: the 405, /health, /summary and the two /metrics');
        // An answer larger than a relay's window (1 MiB: MapLibre's development script, 2.5 MB, not compressed), read slowly: whole, the same bytes.
        const big = '/vendor/maplibre-gl/maplibre-gl-dev.mjs';
        const slowly = await new Promise<Buffer>((resolve, reject) => {
            http.get(`${threaded.url}${big}`, {agent: false}, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (chunk: Buffer) => {
                    chunks.push(chunk);
                    res.pause();
                    setTimeout(() => res.resume(), 2);
                });
                res.on('end', () => resolve(Buffer.concat(chunks)));
                res.on('error', reject);
            }).on('error', reject);
        });
        const whole = Buffer.from(await (await fetch(`${alone.url}${big}`, {headers: {'Accept-Encoding': 'identity'}})).arrayBuffer());
        t.ok(whole.length > 1 << 20, 'larger than the window');
        t.ok(slowly.equals(whole), 'relayed whole to a slow reader');
    });

    t.test('a key\'s rate is the server\'s: every thread counts against the same bucket', async (t) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-keys-'));
        t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
        const keys = path.join(dir, 'keys.json');
        // A burst of 5, then one request per 1000 s: the sixth and later are over the rate whatever the machine's speed.
        fs.writeFileSync(keys, JSON.stringify([
            {key: 'quartier-test-burst-key', kind: 'backend', countries: ['*'], ratePerSecond: 0.001, burst: 5},
            {key: BACKEND_KEY, kind: 'backend', countries: ['*']}
        ]));
        const server = await testServer({'http-threads': '2', keys});
        t.teardown(() => server.close());
        const relays = async () => Number(/quartier_http_relayed_requests_total (\d+)/.exec((await get(`${server.url}/metrics`)).text)?.[1]);
        const before = await relays();
        // Each on a connection of its own: the kernel spreads them over the threads; one in two relayed.
        const statuses: number[] = [];
        for (let i = 0; i < 16; i++) {
            const path = i % 2 ? '/be/favourites' : '/be/simplifiedcategories';
            statuses.push((await getWithHost(`${server.url}${path}`, {LicenseKey: 'quartier-test-burst-key'})).status);
        }
        t.equal(statuses.filter((s) => s !== 429).length, 5, `the burst answered once, on every thread and the main one together (${statuses.join(' ')})`);
        t.equal(await relays(), before + 9, 'half of them relayed (and a /metrics)');
    });

    t.test('the client\'s address reaches the main thread, and a client cannot claim another', async (t) => {
        const style = '/be/styles/osm_bright.json';
        const tileUrl = (body: {sources: Record<string, {url?: string}>}) => body.sources.openmaptiles.url;
        // Loopback is a trusted proxy by default: its X-Forwarded-Host is believed.
        const trusting = await testServer({'http-threads': '2'});
        t.teardown(() => trusting.close());
        const proxied = await get(`${trusting.url}${style}`, {'X-Forwarded-Host': 'maps.example.org'});
        t.match(tileUrl(proxied.body), /^http:\/\/maps\.example\.org\//, 'a loopback client is a trusted proxy');
        // Only 10.0.0.0/8 trusted: a loopback client's X-Forwarded-Host is not, whatever relay header it sends.
        const strict = await testServer({'http-threads': '2', 'trusted-proxies': '10.0.0.0/8'});
        t.teardown(() => strict.close());
        const spoofed = await get(`${strict.url}${style}`, {'X-Forwarded-Host': 'evil.example', 'X-Quartier-Relay-Peer': 'IPv4 1234 10.1.2.3'});
        t.match(tileUrl(spoofed.body), new RegExp(`^http://127\\.0\\.0\\.1:${strict.port}/`), 'answered on a thread: not believed');
        // Relayed (the playground's key is the frontend key of the host the client asked for).
        const keyFor = async (server: typeof trusting, headers: Record<string, string>) => (await get(`${server.url}/playground/config.json`, headers)).body.key;
        t.equal(await keyFor(trusting, {'X-Forwarded-Host': 'example.com'}), FRONTEND_KEY, 'relayed: a loopback client is a trusted proxy');
        t.equal(await keyFor(strict, {'X-Forwarded-Host': 'example.com', 'X-Quartier-Relay-Peer': 'IPv4 1234 10.1.2.3'}), null, 'relayed: the address claimed is dropped');
    });

    t.test('the access log has the requests of every thread, with no key', async (t) => {
        const lines: Record<string, unknown>[] = [];
        const logger = pino({level: 'info'}, new Writable({
            write(chunk: Buffer, _encoding, done) {
                for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
                done();
            }
        }));
        const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, 'no-warmup': true, cache: 'off', 'access-log': true, 'http-threads': '2'});
        const server = await startServer(config, logger);
        const url = `http://127.0.0.1:${server.port}`;
        t.equal((await get(`${url}${ROUTE}&travelMode=Driving&licenseKey=${BACKEND_KEY}`, {})).status, 200);
        t.equal((await get(`${url}/health`)).status, 200);
        await server.close();
        const requests = lines.filter((l) => l.msg === 'request');
        t.match(requests.find((l) => l.endpoint === '/route'), {method: 'GET', path: '/be/route', status: 200, country: 'BE'}, 'the route answered on a thread');
        t.match(requests.find((l) => l.endpoint === '/health'), {method: 'GET', path: '/health', status: 200}, 'the relayed request');
        t.notMatch(JSON.stringify(lines), BACKEND_KEY, 'no key in the log');
    });

    t.test('an HTTP thread that fails is replaced, and the server goes on answering', async (t) => {
        const server = await testServer({'http-threads': '2'}, {httpThreadFile: new URL('./failing-http-thread.js', import.meta.url)});
        t.teardown(() => server.close());
        t.equal((await get(`${server.url}${ROUTE}&travelMode=Driving`)).status, 200);
        // Both threads hear it (a broadcast): both fail, and two others take their places.
        const channel = new BroadcastChannel(FAIL_CHANNEL);
        channel.postMessage('fail');
        channel.close();
        let answered = 0;
        for (let i = 0; i < 500 && (answered < 5 || server.httpThreadRestarts < 2); i++) {
            try {
                if ((await fetch(`${server.url}${ROUTE}&travelMode=Driving&licenseKey=${BACKEND_KEY}`)).status === 200) answered++;
            } catch {
                // A connection to a thread that just failed, or none listening for a moment.
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
        t.equal(server.httpThreadRestarts, 2, 'both replaced');
        t.equal(answered, 5, 'routes answered again');
        t.equal((await get(`${server.url}/health`)).status, 200, 'and relayed requests');
    });

    t.test('an engine failure on an HTTP thread: a 503 that says to retry, counted, and the thread goes on', async (t) => {
        const server = await testServer({'http-threads': '2'}, {httpThreadFile: new URL('./failing-http-thread.js', import.meta.url)});
        t.teardown(() => server.close());
        const failing = await get(`${server.url}${ROUTE.replace('50.8466', String(ENGINE_FAILURE_LATITUDE))}&travelMode=Driving`);
        t.equal(failing.status, 503);
        t.same(failing.body, {Error: 'The routing engine failed on this request; retry later.'});
        t.equal((await get(`${server.url}${ROUTE}&travelMode=Driving`)).status, 200, 'the next route answered');
        t.equal(server.httpThreadRestarts, 0, 'no thread stopped');
        let failed = 0;
        for (let i = 0; i < 100 && failed === 0; i++) {
            failed = Number(/quartier_pool_task_duration_seconds_count\{type="route",outcome="failed"\} (\d+)/.exec((await get(`${server.url}/metrics`)).text)?.[1] ?? 0);
            if (failed === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        t.equal(failed, 1, 'timed as a failed task');
    });

    t.test('stopping: a relayed request in flight is answered, then the port is closed', async (t) => {
        const server = await testServer({'http-threads': '2'}, {workerFile: TEST_WORKER});
        const held = heldTask();
        const summary = get(`${server.url}/de/summary?latitude=${HELD_LATITUDE}&longitude=6.0705&language=DE`);
        const release = await held;
        const closed = server.close(30_000);
        // The threads stop accepting before the held request is answered (a connection refused, asked until it is).
        for (let i = 0; i < 200; i++) {
            try {
                await fetch(`${server.url}/health`);
            } catch {
                break;
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await t.rejects(fetch(`${server.url}/health`), 'no new connection');
        release();
        t.equal((await summary).status, 200, 'the request in flight answered');
        t.equal(await closed, 0, 'none cut');
    });
}
