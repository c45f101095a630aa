// The OpenAPI document: valid OpenAPI 3.1 by an independent validator, served at /openapi.json,
// naming only endpoints that exist; the answer checker the helpers run on every answer really
// fails on a wrong one; and /docs loads with every asset from this server.
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import t from 'tap';
import {Validator} from '@seriousme/openapi-schema-validator';
import {createApp} from '../src/http/app.js';
import {KeyStore} from '../src/http/keys.js';
import {openApiDocument} from '../src/assets/openapi.js';
import {get, send, testServer} from './helpers.js';
import {checkAnswer, findOperation} from './openapi-check.js';

const server = await testServer();
t.teardown(() => server.close());

t.test('the document is valid OpenAPI 3.1', async (t) => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openApiDocument) as any);
    t.same(result.errors ?? [], [], 'no errors');
    t.ok(result.valid, 'valid');
    t.equal(validator.version, '3.1');
});

t.test('GET /openapi.json serves it, with no key', async (t) => {
    const r = await get(`${server.url}/openapi.json`, {});
    t.equal(r.status, 200);
    t.same(r.body, JSON.parse(JSON.stringify(openApiDocument)));
    for (const path of ['/summary', '/summary/text', '/summary/text-and-data', '/scores', '/enrichment', '/enrichment/batch', '/points',
        '/simplifiedcategories', '/categories', '/isochrone', '/isochrone/TravelTime', '/isochrone/GetMultipleTimes', '/route', '/matrix',
        '/geolocation', '/geolocation/GetClose', '/geolocation/reverse', '/image', '/icons24/{file}', '/icons32/{file}', '/subicons24/{file}', '/health']) {
        t.ok(path in r.body.paths, `${path} is described`);
    }
    t.ok(r.body.paths['/matrix'].post, 'POST /matrix');
    t.same(Object.keys(r.body.components.securitySchemes).sort(), ['AdminToken', 'LicenceKey', 'LicenseKey', 'licenseKeyQuery']);
});

t.test('every route the server registers is in the document', async (t) => {
    const app = createApp({regions: [], keys: new KeyStore([])});
    const stack = (app as unknown as {router: {stack: {route?: {path: string; methods: Record<string, boolean>}}[]}}).router.stack;
    let routes = 0;
    for (const layer of stack) {
        if (!layer.route) continue;
        for (const method of Object.keys(layer.route.methods)) {
            // Path parameters as a request would fill them (`:cc`, a country prefix).
            const path = layer.route.path.replace(':pkg', 'maplibre-gl').replace(/^\/:cc\//, '/be/').replace(/:\w+/g, 'x');
            t.ok(findOperation(method.toUpperCase(), path), `${method.toUpperCase()} ${layer.route.path}`);
            routes++;
        }
    }
    t.ok(routes >= 25, `${routes} routes`);
});

t.test('every operation the document names exists on the server', async (t) => {
    type Param = {name: string; in: string; example?: string; schema?: {enum?: string[]}};
    const paths = openApiDocument.paths as unknown as Record<string, Record<string, {security?: unknown[]; parameters?: Param[]}>>;
    for (const [path, item] of Object.entries(paths)) {
        const rootOnly = 'servers' in item;
        for (const [method, op] of Object.entries(item)) {
            if (method === 'servers') continue;
            // Path parameters take the document's own example (or first allowed value).
            const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
                const p = (op.parameters ?? []).find((x) => x.in === 'path' && x.name === name);
                return encodeURIComponent(String(p?.example ?? p?.schema?.enum?.[0] ?? name));
            });
            const url = `${server.url}${rootOnly ? '' : '/be'}${filled}`;
            const r = await send(url, {method: method.toUpperCase()});
            const open = Array.isArray(op.security) && op.security.length === 0;
            // Without a key: 401 for the API, 200 for the open endpoints; never "No endpoint".
            t.equal(r.status, open ? 200 : 401, `${method.toUpperCase()} ${path}: ${open ? 'open' : 'needs a key'}`);
        }
    }
});

t.test('the answer checker fails on an answer the document does not describe', async (t) => {
    const points = await get(`${server.url}/be/points?bound1=50.844,4.362&bound2=50.849,4.371&language=EN`);
    t.equal(points.status, 200);
    t.ok(points.body.length > 0);
    const url = `${server.url}/be/points`;
    const json = 'application/json; charset=utf-8';
    t.doesNotThrow(() => checkAnswer('GET', url, 200, json, points.text), 'the real answer passes');
    const wrongType = structuredClone(points.body);
    wrongType[0].la = String(wrongType[0].la);
    t.throws(() => checkAnswer('GET', url, 200, json, JSON.stringify(wrongType)), /body does not match.*\/0\/la must be number/, 'a latitude as a string');
    const missing = structuredClone(points.body);
    delete missing[1].p;
    t.throws(() => checkAnswer('GET', url, 200, json, JSON.stringify(missing)), /must have required property 'p'/, 'a missing field');
    const extra = structuredClone(points.body);
    extra[0].surprise = 1;
    t.throws(() => checkAnswer('GET', url, 200, json, JSON.stringify(extra)), /additional properties/, 'a field the document does not name');
    t.throws(() => checkAnswer('GET', url, 200, json, JSON.stringify({items: points.body})), /must be array/, 'an object for an array');
    t.throws(() => checkAnswer('GET', url, 500, json, '{"Error":"Internal error."}'), /does not list/, 'a status the document does not list');
    t.throws(() => checkAnswer('GET', url, 400, json, '{"error":"lower case"}'), /Error/, 'an error without "Error"');
    t.throws(() => checkAnswer('GET', url, 200, 'text/html', '<p>'), /content type 'text\/html'/, 'the wrong content type');
    t.throws(() => checkAnswer('GET', `${server.url}/be/nowhere`, 200, json, '{}'), /not in the document/, 'an undocumented endpoint');
    t.throws(() => checkAnswer('POST', `${server.url}/be/enrichment/batch`, 200, 'application/x-ndjson', '{"id":1,"error":"x"}\n{"id":2}\n'), /body does not match/, 'a wrong NDJSON line');
    const iso = await get(`${server.url}/be/isochrone?travelMode=Walking&latitude=50.8461&longitude=4.3664&numberOfSeconds=300`);
    iso.body.coordinates[0].length = 3;
    t.throws(() => checkAnswer('GET', `${server.url}/be/isochrone`, 200, json, JSON.stringify(iso.body)), /body does not match/, 'a ring of three positions');
});

t.test('/docs: the reference page, drawn on the server, loads nothing else', async (t) => {
    const page = await get(`${server.url}/docs`, {});
    t.equal(page.status, 200);
    t.match(page.headers.get('content-type') ?? '', /text\/html/);
    t.same([...page.text.matchAll(/(?:src|href)="([^"#][^"]*)"/g)].map((m) => m[1]), ['data:,', '/openapi.json'], 'no script, no style sheet, no other file; a link to the document');
    t.notMatch(page.text, /<script/, 'no script');
    t.match(page.text, /<h3><span class="method">GET<\/span> <code>\/route<\/code>/, 'an operation');
    t.match(page.text, /<section class="schema" id="schema-Route">/, 'a schema');
    t.equal((await get(`${server.url}/docs/swagger-ui-bundle.js`, {})).status, 404, 'no other file');
});

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

t.test('/docs in a real browser: every operation drawn, every request the page makes goes to this server', {skip: fs.existsSync(CHROMIUM) ? false : `no browser at ${CHROMIUM} (set CHROMIUM)`}, async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-docs-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const netLog = path.join(dir, 'net.json');
    const origin = new URL(server.url).origin;
    // Every other host fails to resolve: the page must draw from this server alone. Asynchronous, so
    // that the server in this process answers the browser.
    const {stdout: dom} = await promisify(execFile)(CHROMIUM, [
        '--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${path.join(dir, 'profile')}`, '--no-first-run',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', `--log-net-log=${netLog}`,
        '--virtual-time-budget=10000', '--dump-dom', `${server.url}/docs`
    ], {maxBuffer: 64 * 1024 * 1024, timeout: 300_000});
    for (const [p, item] of Object.entries(openApiDocument.paths)) {
        const methods = Object.keys(item).filter((m) => m !== 'servers');
        t.equal(dom.split(`data-path="${p}"`).length - 1, methods.length, `${methods.join(', ').toUpperCase()} ${p}: drawn`);
    }
    // The browser's own requests (updates, accounts) have no initiator origin; the page's have ours.
    const requests: string[] = [];
    for (const e of JSON.parse(fs.readFileSync(netLog, 'utf8')).events as {params?: {url?: string; initiator?: string}}[]) {
        if (e.params?.url && e.params.initiator === origin) requests.push(e.params.url);
    }
    const files = new Set(requests.map((u) => new URL(u).pathname));
    t.same([...files].filter((f) => f !== '/docs'), [], 'the page asked for nothing else');
    t.same(requests.filter((u) => new URL(u).origin !== origin), [], 'the page asked no other host');
});
