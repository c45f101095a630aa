// CORS (preflights need no key, every answer and every error carries the headers), the backend
// key refused from a browser (SPEC §5.6), and a frontend key accepted from its own domain.
import t from 'tap';
import {ALLOWED_HEADERS, PREFLIGHT_MAX_AGE} from '../src/http/cors.js';
import {BACKEND_KEY, FRONTEND_KEY, get, send, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const PAGE = 'http://localhost:5173';
const HERE = 'latitude=50.8461&longitude=4.3664';

/** One path per endpoint family, as the browser clients spell them. */
const API_PATHS = [
    `/be/summary?${HERE}&language=FR`, `/be/Summary/text?${HERE}`, `/be/summary/text-and-data?${HERE}`, `/be/scores?${HERE}`,
    `/be/enrichment?${HERE}`, '/be/enrichment/batch', '/be/points?bound1=50.844,4.362&bound2=50.849,4.371', '/be/SimplifiedCategories',
    '/be/categories', `/be/isochrone?travelMode=Walking&${HERE}&numberOfSeconds=300`, `/be/Isochrone/GetMultipleTimes?travelMode=Walking&${HERE}`,
    '/be/route', '/be/matrix', '/be/geolocation?address=loi', `/be/Geolocation/GetClose?${HERE}&address=loi`, '/be/image', '/be/favourites?userId=v'
];

async function preflight(path: string, method = 'GET', headers = 'licensekey,x-yatmo-app-id,x-yatmo-platform,x-yatmo-sdk') {
    return send(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {Origin: PAGE, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers}
    });
}

t.test('every endpoint family answers a preflight with 204, without a key', async (t) => {
    for (const path of API_PATHS) {
        const r = await preflight(path, path.endsWith('batch') || path.endsWith('matrix') ? 'POST' : 'GET');
        t.equal(r.status, 204, `${path}: 204`);
        t.equal(r.headers.get('access-control-allow-origin'), PAGE, `${path}: the page's origin`);
        t.match(r.headers.get('vary') ?? '', /Origin/, `${path}: Vary: Origin`);
        const methods = (r.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
        t.same(methods.sort(), ['DELETE', 'GET', 'OPTIONS', 'POST'], `${path}: methods`);
        const allowed = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
        for (const h of ['LicenseKey', 'LicenceKey', 'Content-Type', 'X-Service-App-Id', 'X-Service-Platform', 'X-Yatmo-App-Id', 'X-Yatmo-Platform', 'X-Yatmo-SDK']) {
            t.ok(allowed.includes(h.toLowerCase()), `${path}: allows ${h}`);
        }
        t.equal(r.headers.get('access-control-max-age'), String(PREFLIGHT_MAX_AGE));
        t.equal(r.text, '', 'no body');
    }
    t.ok(ALLOWED_HEADERS.includes('X-Yatmo-SDK'));
});

t.test('open assets: icons, the reference, health carry Access-Control-Allow-Origin: *', async (t) => {
    for (const path of ['/be/icons24/61@2x.png', '/be/icons32/61.png', '/be/subicons24/1@2x.png', '/openapi.json', '/docs', '/health']) {
        const pre = await preflight(path);
        t.equal(pre.status, 204, `${path}: preflight`);
        t.equal(pre.headers.get('access-control-allow-origin'), '*', `${path}: preflight *`);
        const r = await get(`${server.url}${path}`, {Origin: PAGE});
        t.equal(r.status, 200, `${path}: 200 without a key`);
        t.equal(r.headers.get('access-control-allow-origin'), '*', `${path}: *`);
        t.notOk((r.headers.get('vary') ?? '').includes('Origin'), `${path}: the same answer for every page`);
    }
    const missing = await get(`${server.url}/be/icons24/999999.png`, {Origin: PAGE});
    t.equal(missing.status, 404);
    t.equal(missing.headers.get('access-control-allow-origin'), '*', 'a missing icon too');
});

t.test('errors carry the CORS headers, so the page can read them', async (t) => {
    const points = '/be/points?bound1=50.844,4.362&bound2=50.849,4.371&language=EN';
    const cases: [string, Record<string, string>, number][] = [
        [points, {}, 401],
        [points, {LicenseKey: 'not-a-key-at-all'}, 401],
        [points, {LicenseKey: FRONTEND_KEY}, 200],
        [`/be/enrichment?${HERE}`, {LicenseKey: FRONTEND_KEY}, 403],
        ['/pt/points?bound1=41.145,-8.615&bound2=41.152,-8.605', {LicenseKey: 'quartier-dev-frontend-key-x'}, 401],
        ['/be/nothing-here', {LicenseKey: FRONTEND_KEY}, 404],
        ['/fr/points', {LicenseKey: FRONTEND_KEY}, 403], // the key first: it does not cover FR
        ['/be/points?bound1=50,4&bound2=51,5', {LicenseKey: FRONTEND_KEY}, 400]
    ];
    for (const [path, headers, status] of cases) {
        const r = await get(`${server.url}${path}`, {Origin: PAGE, ...headers});
        t.equal(r.status, status, `${path} ${JSON.stringify(headers)}: ${status}`);
        t.equal(r.headers.get('access-control-allow-origin'), PAGE, `${status}: Allow-Origin`);
        t.match(r.headers.get('access-control-expose-headers') ?? '', /Retry-After/, `${status}: Retry-After exposed`);
        t.same(['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age'].map((h) => r.headers.get(h)), [null, null, null],
            `${status}: what only a preflight's answer is read for, on the preflight alone`);
        if (status !== 200) t.type(r.body.Error, 'string', `${status}: {"Error"}`);
    }
});

t.test('a body too large (413) and a malformed one (400) carry the CORS headers', async (t) => {
    const post = (body: string) => send(`${server.url}/be/matrix`, {method: 'POST', headers: {LicenseKey: FRONTEND_KEY, Origin: PAGE, 'Content-Type': 'application/json'}, body});
    const large = await post(JSON.stringify({travelMode: 'Walking', sources: Array.from({length: 100000}, () => [50.8461, 4.3664])}));
    t.equal(large.status, 413);
    t.equal(large.headers.get('access-control-allow-origin'), PAGE);
    const broken = await post('{"travelMode": ');
    t.equal(broken.status, 400);
    t.equal(broken.headers.get('access-control-allow-origin'), PAGE);
});

t.test('a 429 carries the CORS headers and exposes Retry-After', async (t) => {
    const limited = await testServer({keys: await limitedKeysFile()});
    t.teardown(() => limited.close());
    const url = `${limited.url}/be/simplifiedcategories`;
    const headers = {LicenseKey: 'quartier-test-slow-key', Origin: PAGE};
    const first = await get(url, headers);
    t.equal(first.status, 200);
    const second = await get(url, headers);
    t.equal(second.status, 429, 'the second request within the second is over the rate');
    t.equal(second.headers.get('access-control-allow-origin'), PAGE);
    t.ok(Number(second.headers.get('retry-after')) >= 1);
    t.match(second.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
});

t.test('SPEC §5.6: a backend key from a browser is refused with 403', async (t) => {
    const url = `${server.url}/be/simplifiedcategories`;
    t.equal((await get(url, {LicenseKey: BACKEND_KEY})).status, 200, 'server-side (no Origin): accepted');
    for (const [what, headers] of [
        ['cross-origin page (Origin)', {Origin: PAGE}],
        ['sandboxed page (Origin: null)', {Origin: 'null'}],
        ['same-origin page (Sec-Fetch-Site, no Origin)', {'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors'}],
        ['the key in the query', {Origin: PAGE}]
    ] as const) {
        const query = what.includes('query') ? `?licenseKey=${BACKEND_KEY}` : '';
        const r = await get(`${url}${query}`, {...(query ? {} : {LicenseKey: BACKEND_KEY}), ...headers});
        t.equal(r.status, 403, `${what}: 403`);
        t.match(r.body.Error, /backend key must never reach a browser/, `${what}: says why`);
        t.match(r.body.Error, /frontend key tied to your domain/, `${what}: says what to do`);
        t.equal(r.headers.get('access-control-allow-origin'), headers.Origin ?? '*', `${what}: readable by the page`);
    }
    const post = await send(`${server.url}/be/matrix`, {
        method: 'POST', headers: {LicenseKey: BACKEND_KEY, Origin: PAGE, 'Content-Type': 'application/json'},
        body: JSON.stringify({travelMode: 'Walking', sources: [[50.8461, 4.3664], [50.85, 4.36]]})
    });
    t.equal(post.status, 403, 'POST from a page');
    t.equal((await get(url, {LicenseKey: BACKEND_KEY, 'Sec-Fetch-Mode': 'cors'})).status, 200, "Node's fetch sends Sec-Fetch-Mode: not a browser by itself");
});

t.test('a frontend key from its own domain is accepted, from another refused', async (t) => {
    const points = `${server.url}/be/points?bound1=50.844,4.362&bound2=50.849,4.371&language=EN`;
    const ok = await get(points, {LicenseKey: FRONTEND_KEY, Origin: PAGE, 'X-Yatmo-SDK': 'js/1.0'});
    t.equal(ok.status, 200, 'localhost page');
    t.equal(ok.headers.get('access-control-allow-origin'), PAGE);
    t.ok(Array.isArray(ok.body));
    const mats = await send(`${server.url}/be/matrix`, {
        method: 'POST', headers: {LicenseKey: FRONTEND_KEY, Origin: PAGE, 'Content-Type': 'application/json'},
        body: JSON.stringify({travelMode: 'Walking', sources: [[50.8461, 4.3664], [50.85, 4.36]]})
    });
    t.equal(mats.status, 200, 'a POST from the page');
    const other = await get(points, {LicenseKey: FRONTEND_KEY, Origin: 'https://elsewhere.org'});
    t.equal(other.status, 403);
    t.equal(other.headers.get('access-control-allow-origin'), 'https://elsewhere.org', 'the refusal is readable by that page');
});

async function limitedKeysFile(): Promise<string> {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-keys-'));
    const file = path.join(dir, 'keys.json');
    // One request per 1000 s, a burst of one: the second request is over the rate whatever the machine's speed.
    fs.writeFileSync(file, JSON.stringify([{key: 'quartier-test-slow-key', kind: 'frontend', countries: ['*'], domains: ['localhost'], ratePerSecond: 0.001, burst: 1}]));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    return file;
}
