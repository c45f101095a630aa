// The 401/403/404 matrix of SPEC §5 and COMPAT.md, and keys never reaching the logs.
import t from 'tap';
import {DEFAULT_RATE, KeyStore} from '../src/http/keys.js';
import {BACKEND_KEY, BE_ONLY_KEY, FRONTEND_KEY, get, getWithHost, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const q = 'bound1=50.844,4.362&bound2=50.849,4.371&language=EN';

t.test('missing and unknown keys: 401', async (t) => {
    const none = await get(`${server.url}/be/points?${q}`, {});
    t.equal(none.status, 401);
    t.match(none.body.Error, /licence key/i);
    const unknown = await get(`${server.url}/be/points?${q}`, {LicenseKey: 'not-a-key-at-all'});
    t.equal(unknown.status, 401);
    t.same(Object.keys(unknown.body), ['Error']);
    const almost = await get(`${server.url}/be/points?${q}`, {LicenseKey: `${BACKEND_KEY}x`});
    t.equal(almost.status, 401);
});

t.test('where the key may be', async (t) => {
    t.equal((await get(`${server.url}/be/points?${q}`, {LicenseKey: BACKEND_KEY})).status, 200, 'LicenseKey header');
    t.equal((await get(`${server.url}/be/points?${q}`, {LicenceKey: BACKEND_KEY})).status, 200, 'LicenceKey header');
    t.equal((await get(`${server.url}/be/points?${q}&licenseKey=${BACKEND_KEY}`, {})).status, 200, 'licenseKey query');
    t.equal((await get(`${server.url}/be/points?${q}&LicenseKey=${BACKEND_KEY}`, {})).status, 200, 'LicenseKey query');
});

t.test('countries a key covers: 403', async (t) => {
    t.equal((await get(`${server.url}/be/points?${q}`, {LicenseKey: BE_ONLY_KEY})).status, 200);
    const pt = await get(`${server.url}/pt/points?bound1=41.145,-8.615&bound2=41.152,-8.605`, {LicenseKey: BE_ONLY_KEY});
    t.equal(pt.status, 403);
    t.equal(pt.body.Error, 'Your account is authorized to access to the following countries: BE.');
});

t.test('frontend keys: domain and app id', async (t) => {
    const bare = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY});
    t.equal(bare.status, 403, 'no Origin, no app id');
    const good = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, Origin: 'https://www.example.com'});
    t.equal(good.status, 200, 'a page of the tied domain');
    const referer = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, Referer: 'https://example.com/listing/1'});
    t.equal(referer.status, 200, 'Referer works too');
    const evil = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, Origin: 'https://example.com.evil.org'});
    t.equal(evil.status, 403, 'another domain');
    const app = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, 'X-Service-App-Id': 'com.example.quartier', 'X-Service-Platform': 'android'});
    t.equal(app.status, 200, 'registered app id');
    const yatmo = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, 'X-Yatmo-App-Id': 'com.example.quartier'});
    t.equal(yatmo.status, 200, 'the SDK spelling of the header');
    const other = await get(`${server.url}/be/points?${q}`, {LicenseKey: FRONTEND_KEY, 'X-Service-App-Id': 'com.other.app'});
    t.equal(other.status, 403, 'unregistered app id');
    t.match(other.body.Error, /not registered/);
});

t.test('unknown and unserved countries: 404', async (t) => {
    const none = await get(`${server.url}/points?${q}`);
    t.equal(none.status, 404, 'no country anywhere');
    t.match(none.body.Error, /country/i);
    const fr = await get(`${server.url}/fr/points?${q}`);
    t.equal(fr.status, 404, 'FR is a country we know but do not serve here');
    t.match(fr.body.Error, /not served/);
    const zz = await getWithHost(`${server.url}/points?${q}`, {LicenseKey: BACKEND_KEY, Host: 'zz.quartier.test'});
    t.equal(zz.status, 404);
    const missing = await get(`${server.url}/be/nothing-here`);
    t.equal(missing.status, 404);
    t.ok(missing.body.Error);
});

t.test('health needs no key', async (t) => {
    const h = await get(`${server.url}/health`, {});
    t.equal(h.status, 200);
    t.same(h.body.regions.map((r: any) => r.country).sort(), ['BE', 'DE', 'IT', 'MT', 'PT']);
    for (const r of h.body.regions) {
        t.ok(r.bundleFormat >= 1 && r.builtAt && r.sources.length >= 1);
        t.ok(r.counts.pois > 0 && r.counts.roadNodes > 0);
    }
});

t.test('rate limit per key: 429 with Retry-After', async (t) => {
    const store = new KeyStore([{key: 'limited-key-123', kind: 'backend', countries: ['*'], ratePerSecond: 1, burst: 2}]);
    store.check('limited-key-123', 'BE', 'any', {});
    store.check('limited-key-123', 'BE', 'any', {});
    t.throws(() => store.check('limited-key-123', 'BE', 'any', {}), /Too many requests/);
});

t.test('rates: a backend key without a rate is unlimited; a frontend key keeps the default', async (t) => {
    const store = new KeyStore([
        {key: 'backend-no-rate', kind: 'backend', countries: ['*']},
        {key: 'frontend-no-rate', kind: 'frontend', countries: ['*'], domains: ['example.com']}
    ], 'test keys', () => 0);
    // Well past a default bucket (2 x DEFAULT_RATE), with no time passing in between (a still clock:
    // on a loaded machine the loop itself would take long enough to refill the bucket).
    for (let i = 0; i < 10 * DEFAULT_RATE; i++) store.check('backend-no-rate', 'BE', 'backend', {});
    t.pass(`${10 * DEFAULT_RATE} backend requests at once, none refused`);
    let refused = 0;
    for (let i = 0; i < 3 * DEFAULT_RATE; i++) {
        try {
            store.check('frontend-no-rate', 'BE', 'any', {webHost: 'example.com'});
        } catch (err) {
            if ((err as Error).message.includes('Too many requests')) refused++;
        }
    }
    t.ok(refused >= DEFAULT_RATE - 1 && refused <= DEFAULT_RATE, `frontend: ${refused} of ${3 * DEFAULT_RATE} refused (burst ${2 * DEFAULT_RATE})`);
    t.throws(() => new KeyStore([{key: 'bad-rate-key', kind: 'backend', countries: ['*'], ratePerSecond: -1}]), /ratePerSecond/);
});

t.test('keys file validation and production refusal', async (t) => {
    t.throws(() => new KeyStore([{key: 'short', kind: 'backend', countries: ['*']}]), /at least 8/);
    t.throws(() => new KeyStore([{key: 'long-enough-key', kind: 'frontend', countries: ['*']}]), /domains/);
    t.throws(() => new KeyStore([{key: 'long-enough-key', kind: 'admin' as any, countries: ['*']}]), /kind/);
    await t.rejects(testServer({production: true}), /development keys/);
});
