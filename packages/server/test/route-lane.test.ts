// GET /route goes past Express through the route lane (route-lane.ts). The lane must answer exactly as
// the Express chain does: the same server's app is served here twice, through requestListener (the
// lane first, as in production) and through Express alone, and every variant of a /route request
// (country by path, host and X-Forwarded-Host, path case and trailing slash, keys in the header and in the
// query, frontend keys and origins, request ids, bad input, errors) gets the same status, headers and
// body from both; the lane's requests are counted in the metrics and written to the access log as
// Express's are.
import http from 'node:http';
import {Writable} from 'node:stream';
import t from 'tap';
import {createApp, requestListener} from '../src/http/app.js';
import {KeyStore} from '../src/http/keys.js';
import {createLogger} from '../src/service/logger.js';
import {Metrics} from '../src/service/metrics.js';
import {DEVELOPMENT_KEYS_FILE} from '../src/service/server.js';
import {BACKEND_KEY, BE_ONLY_KEY, FRONTEND_KEY, testServer} from './helpers.js';

const running = await testServer();
t.teardown(() => running.close());
const lines: string[] = [];
const logger = createLogger({destination: new Writable({write(chunk, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
}})});
const metrics = new Metrics({regions: running.regions, pool: running.pool});
const app = createApp({regions: running.regions, keys: KeyStore.fromFile(DEVELOPMENT_KEYS_FILE), defaultCountry: 'BE', pool: running.pool, metrics, accessLog: true, logger});
const listen = async (listener: http.RequestListener) => {
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as {port: number}).port}`;
};
// Counts the requests that reach Express (app(req, res) runs app.handle), to prove which ones the lane took.
let expressCalls = 0;
const internals = app as unknown as {handle: (...args: unknown[]) => unknown};
const handle = internals.handle.bind(app);
internals.handle = (...args) => {
    expressCalls++;
    return handle(...args);
};
const lane = await listen(requestListener(app));
const express = await listen(app);

interface Answer {
    status: number;
    headers: string;
    body: string;
}

/** Raw node:http (Host can be set), without the date, and info.took (a time) as 0. */
function request(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
        const req = http.get(`${base}${path}`, {headers, agent: false}, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (body += d));
            res.on('end', () => {
                const kept = Object.entries(res.headers).filter(([k]) => k !== 'date' && !(k === 'x-request-id' && !headers['X-Request-Id']));
                const took = body.replace(/"took":\d+/, '"took":0');
                resolve({status: res.statusCode ?? 0, headers: JSON.stringify(kept.map(([k, v]) => k === 'content-length' ? [k, String(Buffer.byteLength(took))] : [k, v])), body: took});
            });
        });
        req.on('error', reject);
    });
}

const ROUTE = 'travelMode=Driving&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8263&arrivalLongitude=4.3410';
const KEY = {LicenseKey: BACKEND_KEY};

t.test('the lane answers every /route request exactly as Express does', async (t) => {
    const cases: [string, Record<string, string>][] = [
        [`/route?${ROUTE}`, KEY], [`/be/route?${ROUTE}`, KEY], [`/BE/ROUTE/?${ROUTE}`, KEY], [`/Route?${ROUTE}&language=NL`, KEY],
        [`/pt/route?${ROUTE}`, KEY], [`/xx/route?${ROUTE}`, KEY], [`/route/extra?${ROUTE}`, KEY], [`/route`, KEY],
        [`/route?${ROUTE}`, {}], [`/route?${ROUTE}`, {LicenseKey: 'not-a-known-key'}], [`/route?${ROUTE}&licenseKey=${BACKEND_KEY}`, {}],
        [`/route?${ROUTE}`, {...KEY, Origin: 'https://example.com'}], [`/route?${ROUTE}`, {LicenseKey: FRONTEND_KEY, Origin: 'https://example.com'}],
        [`/route?${ROUTE}`, {LicenseKey: FRONTEND_KEY, Origin: 'https://elsewhere.org'}], [`/route?${ROUTE}`, {LicenseKey: FRONTEND_KEY}],
        [`/route?${ROUTE}`, {LicenseKey: FRONTEND_KEY, 'X-Service-App-Id': 'com.example.quartier'}],
        [`/pt/route?${ROUTE}`, {LicenseKey: BE_ONLY_KEY}], [`/route?${ROUTE}`, {...KEY, Host: 'pt.example.com'}],
        [`/route?${ROUTE}`, {...KEY, 'X-Forwarded-Host': 'be.example.com'}], [`/route?${ROUTE}`, {...KEY, 'X-Request-Id': 'lane-test-1'}],
        ['/route?travelMode=Boat', KEY], [`/route?${ROUTE}&x=%E0%A4%A`, KEY], [`/route?${ROUTE.replace('Driving', 'Transit')}`, KEY],
        [`/route?${ROUTE.replace('50.8263', '50.8461').replace('4.3410', '4.3664')}`, KEY], [`/route?${ROUTE.replace('50.8263', '48.85')}`, KEY]
    ];
    const statuses = new Set<number>();
    for (const [path, headers] of cases) {
        const before = expressCalls;
        const a = await request(lane, path, headers);
        // Only what is not GET /route of a known country goes on to Express.
        t.equal(expressCalls - before, /^\/(xx\/route|route\/extra)/.test(path) ? 1 : 0, `${path.slice(0, 40)}: ${expressCalls > before ? 'Express' : 'the lane'}`);
        const b = await request(express, path, headers);
        t.same(a, b, `${path.slice(0, 60)} ${JSON.stringify(headers).slice(0, 80)}`);
        statuses.add(a.status);
    }
    t.same([...statuses].sort(), [200, 400, 401, 403, 404], 'answers and errors of every kind were compared');
});

t.test('the lane counts its requests in the metrics and writes them to the access log', async (t) => {
    lines.length = 0;
    const a = await request(lane, `/be/route?${ROUTE}`, {...KEY, 'X-Request-Id': 'lane-log-1'});
    t.equal(a.status, 200);
    const text = await metrics.text();
    t.match(text, /quartier_http_requests_total\{endpoint="\/route",method="GET",status="200"\} [1-9]/);
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.requestId === 'lane-log-1');
    t.ok(entry, 'a line for the request');
    t.match(entry, {msg: 'request', method: 'GET', path: '/be/route', status: 200, country: 'BE', endpoint: '/route'});
    t.notMatch(lines.join('\n'), BACKEND_KEY, 'no key in the log');
});
