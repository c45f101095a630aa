// Observability: the structured access log (and that no licence key ever reaches it), GET
// /metrics (keyed, and on its own port), and the data licences in /health.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {BACKEND_KEY, BE_ONLY_KEY, get, repoRoot, send, testBuildRoot, testServer} from './helpers.js';

const MAIN = path.join(repoRoot, 'packages', 'server', 'dist', 'src', 'main.js');
const BXL = 'latitude=50.8461&longitude=4.3664';
/** Unknown to the server, and so answered 401: a leaked key looks like this too. */
const STRANGER_KEY = 'stranger-secret-key-8c1f2e';

interface LogEntry {
    level: number;
    msg: string;
    [field: string]: unknown;
}

/** Starts the real server in a process of its own with the access log on; resolves once it listens. */
function spawnServer(cache: string): Promise<{url: string; lines: string[]; stop: () => Promise<number | null>}> {
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [MAIN, '--port', '0', '--host', '127.0.0.1', '--out', testBuildRoot, '--no-build', '--no-warmup',
            '--regions', 'BE', '--workers', '1', '--cache', cache], {env: {...process.env, QUARTIER_ACCESS_LOG: '1'}});
        const lines: string[] = [];
        let pending = '';
        const take = (chunk: Buffer) => {
            pending += chunk.toString('utf8');
            const parts = pending.split('\n');
            pending = parts.pop()!;
            for (const line of parts) {
                lines.push(line);
                const m = /listening on (http:\/\/[^ ]+)/.exec(line);
                if (m) resolve({url: m[1], lines, stop});
            }
        };
        child.stdout.on('data', take);
        child.stderr.on('data', take);
        child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${lines.join('\n')}${pending}`)));
        const stop = () => new Promise<number | null>((done) => {
            child.removeAllListeners('exit');
            child.on('exit', (code) => {
                if (pending) lines.push(pending);
                done(code);
            });
            child.kill('SIGTERM');
        });
    });
}

t.test('the access log: one JSON line per request with its fields, and never a key', async (t) => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-obs-cache-'));
    t.teardown(() => fs.rmSync(cache, {recursive: true, force: true}));
    const server = await spawnServer(cache);
    const box = 'bound1=50.844,4.362&bound2=50.849,4.371';
    // Keys in the header and in the query, known and unknown, on answers and on errors.
    const replies = [
        await get(`${server.url}/be/points?${box}`),
        await get(`${server.url}/be/points?${box}&licenseKey=${BACKEND_KEY}`, {}),
        await get(`${server.url}/be/points?${box}&LicenceKey=${STRANGER_KEY}`, {}),
        await get(`${server.url}/be/points?${box}`, {LicenseKey: STRANGER_KEY}),
        await get(`${server.url}/be/points?${box}`, {LicenseKey: BE_ONLY_KEY, Origin: 'https://example.com'}),
        await get(`${server.url}/be/summary?${BXL}&licenseKey=${BACKEND_KEY}`, {'X-Request-Id': 'portal-42'}),
        await get(`${server.url}/be/summary?${BXL}`),
        await get(`${server.url}/be/nothing-here?licenseKey=${STRANGER_KEY}`, {})
    ];
    t.same(replies.map((r) => r.status), [200, 200, 401, 401, 403, 200, 200, 404]);
    t.equal(replies[5].headers.get('x-request-id'), 'portal-42', 'a caller\'s request id is kept and returned');
    t.match(replies[0].headers.get('x-request-id'), /^[0-9a-f-]{36}$/, 'otherwise the server makes one');
    t.equal(await server.stop(), 0, 'SIGTERM stops the server cleanly');

    const output = server.lines.join('\n');
    for (const key of [BACKEND_KEY, BE_ONLY_KEY, STRANGER_KEY]) t.notOk(output.includes(key), `the log never holds the key ${key}`);
    t.notOk(/licen[cs]ekey/i.test(output), 'nor the name of a key parameter (the query is never logged)');

    // Not a terminal: every line is JSON.
    const entries = server.lines.filter((l) => l !== '').map((l) => JSON.parse(l) as LogEntry);
    const requests = entries.filter((e) => e.msg === 'request');
    t.equal(requests.length, replies.length, 'one access line per request');
    // A line is written when its answer has gone out: on a busy machine the next request's line can come
    // first, so each reply finds its own by the request id it was given back.
    const byId = new Map(requests.map((e) => [e.requestId, e]));
    const lines = replies.map((r): Partial<LogEntry> => byId.get(r.headers.get('x-request-id') ?? '') ?? {});
    t.same(lines.map((e) => e.status), replies.map((r) => r.status), 'each request\'s line, with its status');
    for (const e of requests) {
        t.match(e, {method: 'GET', requestId: String, path: String, ms: Number, level: 30});
        t.notOk((e.path as string).includes('?'), 'the path is logged without its query');
    }
    t.match(lines[0], {path: '/be/points', country: 'BE', endpoint: '/points', status: 200});
    t.match(lines[2], {endpoint: '/points', status: 401});
    t.match(lines[5], {requestId: 'portal-42', endpoint: '/summary', cache: 'miss'});
    t.match(lines[6], {endpoint: '/summary', cache: 'hit'}, 'the same position again comes from the cache');
    t.equal(lines[0].cache, undefined, 'endpoints without a cache log none');
    t.match(lines[7], {status: 404, endpoint: 'none'});
    t.ok(entries.some((e) => /listening on/.test(e.msg)), 'start-up messages are JSON lines too');
});

/** The value of a sample line `name{labels} value` of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
    for (const line of text.split('\n')) {
        if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
        const body = line.slice(name.length);
        if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
}

t.test('GET /metrics: requests, latency, the pool and the cache, for a backend key of every country', async (t) => {
    const server = await testServer({'metrics-port': '0'});
    t.teardown(server.close);
    const box = 'bound1=50.844,4.362&bound2=50.849,4.371';
    for (let i = 0; i < 3; i++) t.equal((await get(`${server.url}/be/points?${box}`)).status, 200);
    t.equal((await get(`${server.url}/be/points?bound1=x`)).status, 400);
    t.equal((await get(`${server.url}/be/summary?${BXL}`)).status, 200);
    t.equal((await get(`${server.url}/be/summary?${BXL}`)).status, 200);
    t.equal((await get(`${server.url}/be/route?travelMode=Walking&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8467&arrivalLongitude=4.3525`)).status, 200);
    t.equal((await get(`${server.url}/be/image?${BXL}&hexaColor=428BFF&width=300&height=200`)).status, 200);

    await server.cache!.flush(); // the cache commits in the background: its totals are read after
    t.equal((await get(`${server.url}/metrics`, {})).status, 401, 'no key: 401');
    const beOnly = await get(`${server.url}/metrics`, {LicenseKey: BE_ONLY_KEY});
    t.equal(beOnly.status, 403, 'a key limited to some countries: 403');
    t.match(beOnly.body.Error, /every country/);
    t.equal((await get(`${server.url}/metrics`, {LicenseKey: BACKEND_KEY, Origin: 'https://example.com'})).status, 403, 'a backend key from a browser: 403');

    const reply = await get(`${server.url}/metrics?licenseKey=${BACKEND_KEY}`, {});
    t.equal(reply.status, 200);
    t.match(reply.headers.get('content-type'), /^text\/plain/);
    const text = reply.text;
    t.equal(sample(text, 'quartier_http_requests_total', {endpoint: '/points', status: '200'}), 3, 'three answered /points');
    t.equal(sample(text, 'quartier_http_requests_total', {endpoint: '/points', status: '400'}), 1, 'one refused');
    t.equal(sample(text, 'quartier_http_request_duration_seconds_count', {endpoint: '/points', status: '200'}), 3, 'three latencies');
    t.equal(sample(text, 'quartier_http_request_duration_seconds_bucket', {endpoint: '/points', status: '200', le: '+Inf'}), 3);
    t.equal(sample(text, 'quartier_http_requests_total', {endpoint: '/metrics', status: '401'}), 1, 'refused scrapes count too');
    t.equal(sample(text, 'quartier_cache_hits_total'), 1, 'the second /summary was a hit');
    t.equal(sample(text, 'quartier_cache_misses_total'), 2, 'the first missed its answer and its data');
    t.equal(sample(text, 'quartier_cache_entries'), 2, 'and stored both');
    t.ok(sample(text, 'quartier_cache_bytes')! > 0);
    t.equal(sample(text, 'quartier_pool_task_duration_seconds_count', {type: 'neighbourhood', outcome: 'ok'}), 1, 'one neighbourhood task');
    t.equal(sample(text, 'quartier_pool_task_duration_seconds_count', {type: 'route', outcome: 'ok'}), 1, 'one route task');
    t.equal(sample(text, 'quartier_pool_tasks_waiting'), 0);
    t.equal(sample(text, 'quartier_pool_tasks_running'), 0);
    t.equal(sample(text, 'quartier_pool_worker_restarts_total'), 0);
    t.equal(sample(text, 'quartier_pool_workers'), server.pool.threads);
    t.equal(sample(text, 'quartier_regions_loaded'), server.regions.length);
    t.ok(sample(text, 'process_resident_memory_bytes')! > 0, 'and the process\'s own metrics');
    // What the worker threads hold, as each reported it after its last task.
    for (const pool of ['routing', 'render']) {
        const heap = sample(text, 'quartier_thread_memory_bytes', {pool, kind: 'heap'})!;
        const used = sample(text, 'quartier_thread_memory_bytes', {pool, kind: 'heap_used'})!;
        t.ok(heap > 1e6 && used > 1e6 && used <= heap, `${pool} threads: heap ${heap}, of it in use ${used}`);
        t.ok(sample(text, 'quartier_thread_memory_bytes', {pool, kind: 'external'})! > 0, `${pool} threads: their typed arrays`);
    }
    t.ok(sample(text, 'quartier_thread_memory_bytes', {pool: 'render', kind: 'caches'})! > 0, 'the render threads\' decoded tiles');

    // The separate listener: no key, /metrics only.
    t.ok(server.metricsPort !== undefined && server.metricsPort !== server.port);
    const open = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    t.equal(open.status, 200);
    t.equal(sample(await open.text(), 'quartier_http_requests_total', {endpoint: '/points', status: '200'}), 3, 'the same registry');
    const other = await fetch(`http://127.0.0.1:${server.metricsPort}/be/points?${box}`, {headers: {LicenseKey: BACKEND_KEY}});
    t.equal(other.status, 404, 'the metrics port serves nothing else');
    t.match(await other.json(), {Error: /metrics only/});
});

t.test('/health names the licence of every source', async (t) => {
    const server = await testServer();
    t.teardown(server.close);
    const health = await send(`${server.url}/health`);
    t.equal(health.status, 200);
    for (const region of health.body.regions) {
        t.equal(region.licences.length, region.sources.length, `${region.country}: one licence per source`);
        for (const l of region.licences) {
            if (l.role === 'transit') t.ok(l.licence.length > 0, `${region.country} ${l.file}: a feed's licence is named or said unknown`);
            else t.match(l, {licence: 'ODbL-1.0', attribution: '© OpenStreetMap contributors'}, `${region.country} ${l.file}: OSM data is ODbL`);
        }
    }
    const be = health.body.regions.find((r: {country: string}) => r.country === 'BE');
    t.match(be.licences.find((l: {file: string}) => l.file.startsWith('stib')), {role: 'transit', attribution: 'STIB-MIVB'});
});
