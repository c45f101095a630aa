// /points, /simplifiedcategories and /categories on the real Brussels data.
import t from 'tap';
import {loadCategories} from '@quartier/engine/internal';
import {get, getWithHost, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be`;
const BOX = 'bound1=50.844,4.362&bound2=50.849,4.371';

t.test('points in a central Brussels box', async (t) => {
    const r = await get(`${base}/points?${BOX}&language=FR`);
    t.equal(r.status, 200);
    t.ok(Array.isArray(r.body) && r.body.length > 10, `${r.body.length} POIs`);
    for (const p of r.body) {
        t.equal(typeof p.n, 'string');
        t.equal(typeof p.t, 'string');
        t.ok(p.t.length > 0, 'translated type label');
        t.equal(typeof p.la, 'number');
        t.equal(typeof p.ln, 'number');
        t.ok(p.la >= 50.844 && p.la <= 50.849 && p.ln >= 4.362 && p.ln <= 4.371, 'inside the box');
        t.match(p.p, /^\d{14}$/);
        t.equal(typeof p.i, 'string');
        t.equal(typeof p.si, 'string');
        t.equal(p.g, false);
        t.equal(typeof p.sd, 'string');
        t.doesNotThrow(() => JSON.parse(p.sd));
        t.match(p.fid, /^\d{8}000001$/);
        t.equal(typeof p.rpt, 'string');
    }
    // Closest to the centre first.
    const c = [(50.844 + 50.849) / 2, (4.362 + 4.371) / 2];
    const d = (p: any) => Math.hypot((p.la - c[0]) * 111, (p.ln - c[1]) * 70);
    for (let i = 1; i < r.body.length; i++) t.ok(d(r.body[i - 1]) <= d(r.body[i]) + 1e-9);
    t.equal(r.headers.get('nz'), 'false');
    const types = new Set<string>(r.body.map((p: any) => p.p.slice(0, 8)));
    t.ok(types.has('10020003'), 'bus stops');
    t.ok(types.has('10020001'), 'metro stations (railway=halt on a subway route in this 2013 extract)');
    const busLabels = loadCategories().categories.find((c) => c.ct === 2)!.subtypes.find((s) => s.st === 3)!.singular;
    const fr = r.body.find((p: any) => p.p.startsWith('10020003'));
    t.equal(fr.t, busLabels.FR, 'bus stop label in French');
    t.not(busLabels.FR, busLabels.EN);
    const en = await get(`${base}/points?${BOX}&language=EN`);
    t.equal(en.body.length, r.body.length, 'same POIs whatever the language');
});

t.test('grouping same positions', async (t) => {
    const plain = await get(`${base}/points?${BOX}&language=EN`);
    const grouped = await get(`${base}/points?${BOX}&language=EN&groupSamePositions=true`);
    t.equal(grouped.status, 200);
    const positions = new Set(grouped.body.map((p: any) => `${p.la},${p.ln}`));
    t.equal(positions.size, grouped.body.length, 'one entry per position');
    t.ok(grouped.body.length <= plain.body.length);
    const groups = grouped.body.filter((p: any) => p.g);
    t.ok(groups.length > 0, `${groups.length} grouped positions (stops of several lines, shops in one building)`);
    for (const g of groups) t.ok(g.i.split(',').length >= 2, 'grouped entry lists several icons');
    const plainPositions = new Set(plain.body.map((p: any) => `${p.la},${p.ln}`));
    t.equal(plainPositions.size, positions.size, 'grouping keeps every position');
});

t.test('type filters', async (t) => {
    const bus = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=10020003000001`);
    t.equal(bus.status, 200);
    t.ok(bus.body.length > 0);
    t.ok(bus.body.every((p: any) => p.p.startsWith('10020003')), 'only bus stops');
    const two = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=10020003000001%2C10030001000001`);
    t.ok(two.body.every((p: any) => p.p.startsWith('10020003') || p.p.startsWith('10030001')));
    const exact = bus.body[0].p;
    const one = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=${exact}`);
    t.ok(one.body.length > 0 && one.body.every((p: any) => p.p === exact), 'exact id');
    const none = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=10070010000001`);
    t.same(none.body, [], 'no golf course in the centre: empty array, 200');
});

t.test('the 200 cap, Nz, summaryMode and the too-large box', async (t) => {
    const big = await get(`${base}/points?bound1=50.82,4.33&bound2=50.87,4.40&language=EN`);
    t.equal(big.status, 200);
    t.equal(big.body.length, 200);
    t.equal(big.headers.get('nz'), 'true');
    const summary = await get(`${base}/points?bound1=50.82,4.33&bound2=50.87,4.40&language=EN&summaryMode=true`);
    t.ok(summary.body.length > 3 && summary.body.length < 60);
    t.equal(new Set(summary.body.map((p: any) => p.fid)).size, summary.body.length, 'one per sub-type');
    // Corners in either order.
    const swapped = await get(`${base}/points?bound1=50.849,4.371&bound2=50.844,4.362&language=EN`);
    const normal = await get(`${base}/points?${BOX}&language=EN`);
    t.same(swapped.body, normal.body, 'corners are normalised');
    const huge = await get(`${base}/points?bound1=50.5,4.0&bound2=51.0,4.8&language=EN`);
    t.equal(huge.status, 400);
    t.same(huge.body, {Error: 'The requested area is too large.'});
    const allowed = await get(`${base}/points?bound1=50.5,4.0&bound2=51.0,4.8&language=EN&caringForBigResponse=false`);
    t.equal(allowed.status, 200);
    t.equal(allowed.body.length, 200);
    // Off Ostend, wholly outside what the Brussels region covers: no data is not "nothing there".
    const sea = await get(`${base}/points?bound1=51.30,2.80&bound2=51.31,2.81&language=EN`);
    t.equal(sea.status, 400);
    t.match(sea.body.Error, /^The requested box is outside the area this server has data for \(BE: Brussels-Capital Region\)/);
});

t.test('languages: served, fallback to EN, malformed', async (t) => {
    const es = await get(`${base}/points?${BOX}&language=ES&poiTypesIds=10020003000001`);
    t.equal(es.status, 200);
    const en = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=10020003000001`);
    t.equal(es.body[0].t, en.body[0].t, 'ES is not served in BE: EN labels');
    const nl = await get(`${base}/points?${BOX}&language=nl&poiTypesIds=10020003000001`);
    t.equal(nl.status, 200);
    t.not(nl.body[0].t, en.body[0].t, 'NL label');
    const bad = await get(`${base}/points?${BOX}&language=123`);
    t.equal(bad.status, 400);
});

t.test('path casing, parameter casing, host and prefix', async (t) => {
    const a = await get(`${base}/Points?BOUND1=50.844,4.362&Bound2=50.849,4.371&Language=EN`);
    t.equal(a.status, 200);
    t.ok(a.body.length > 0);
    const host = await getWithHost(`${server.url}/points?${BOX}&language=EN`, {LicenseKey: 'quartier-dev-backend-key', Host: 'be.quartier.test'});
    t.equal(host.status, 200);
    t.same(host.body, a.body);
    const fwd = await getWithHost(`${server.url}/points?${BOX}&language=EN`, {LicenseKey: 'quartier-dev-backend-key', Host: '127.0.0.1', 'X-Forwarded-Host': 'be.quartier.test'});
    t.equal(fwd.status, 200);
    const plus = await get(`${base}/points?bound1=50.844%2C4.362&bound2=50.849,4.371&language=EN`);
    t.equal(plus.status, 200);
});

t.test('simplified categories and categories', async (t) => {
    const s = await get(`${base}/SimplifiedCategories?language=FR`);
    t.equal(s.status, 200);
    for (const family of ['Education', 'Transports', 'Motorways', 'Shopping', 'Tourism']) {
        t.ok(Array.isArray(s.body[family]) && s.body[family].length > 0, family);
        t.ok(s.body[family].every((id: unknown) => Number.isInteger(id) && String(id).length === 14));
    }
    t.ok(s.body.Shopping.includes(10030001000001), 'supermarkets wildcard');
    // Every simplified id filters /points without error.
    const ids = Object.values(s.body).flat().join(',');
    const r = await get(`${base}/points?${BOX}&language=EN&poiTypesIds=${ids}`);
    t.equal(r.status, 200);
    const c = await get(`${base}/categories?language=FR`);
    t.equal(c.status, 200);
    t.ok(Array.isArray(c.body));
    const edu = c.body.find((x: any) => x.id === 1001);
    t.equal(edu.l, 'Éducation');
    t.ok(edu.c.some((x: any) => x.l === 'Crèches' && x.aid === 1001));
    for (const cat of c.body) for (const sub of cat.c) t.ok('id' in sub && 'l' in sub && 'aid' in sub && 'i' in sub && 'c' in sub);
    const en = await get(`${base}/categories?language=EN`);
    t.equal(en.body.find((x: any) => x.id === 1001).l, 'Education');
});

t.test('every configured country answers', async (t) => {
    const boxes: Record<string, string> = {
        pt: 'bound1=41.145,-8.615&bound2=41.152,-8.605',
        mt: 'bound1=35.895,14.505&bound2=35.902,14.515',
        it: 'bound1=45.460,9.185&bound2=45.467,9.195',
        de: 'bound1=50.772,6.080&bound2=50.779,6.090'
    };
    for (const [cc, box] of Object.entries(boxes)) {
        const r = await get(`${server.url}/${cc}/points?${box}&language=EN`);
        t.equal(r.status, 200, cc);
        t.ok(r.body.length > 0, `${cc}: ${r.body.length} POIs`);
        const s = await get(`${server.url}/${cc}/simplifiedcategories?language=EN`);
        t.equal(s.status, 200);
        const c = await get(`${server.url}/${cc}/categories?language=EN`);
        t.equal(c.status, 200);
    }
});

t.test('/categories lists only what can exist in the country', async (t) => {
    const file = loadCategories();
    const supermarket = file.categories.find((c) => c.ct === 3)!.subtypes.find((s) => s.key === 'supermarket')!;
    const stopIds = new Map(file.categories.find((c) => c.ct === 2)!.subtypes
        .filter((s) => s.transit).map((s) => [10020000000001 + s.st * 1e6, s.key]));
    const modesOf = async (cc: string) => {
        const c = await get(`${server.url}/${cc}/categories?language=EN`);
        t.equal(c.status, 200);
        const transport = c.body.find((x: any) => x.id === 1002);
        return {body: c.body, modes: transport.c.map((s: any) => stopIds.get(s.id)).filter(Boolean).sort()};
    };
    const mt = await modesOf('mt');
    t.same(mt.modes, ['bus'], 'Malta: buses only, no metro, tram or train');
    const mtSimplified = await get(`${server.url}/mt/simplifiedcategories?language=EN`);
    t.notOk(mtSimplified.body.Transports.some((id: number) => stopIds.has(id) && stopIds.get(id) !== 'bus'), 'nor in /simplifiedcategories');
    t.same((await modesOf('be')).modes, ['bus', 'metro', 'trainStation', 'tram'], 'Brussels has all four');
    t.same((await modesOf('de')).modes, ['bus', 'trainStation'], 'Aachen: no metro, no tram');
    for (const cc of ['be', 'pt', 'mt', 'it', 'de']) {
        const {body} = await modesOf(cc);
        const brands = body.find((x: any) => x.id === 1003).c.find((s: any) => s.id === 10030001000001).c;
        t.ok(brands.length > 0, `${cc}: ${brands.length} supermarket brands`);
        const inView = await get(`${server.url}/${cc}/simplifiedcategories?language=EN`);
        const present = new Set(inView.body.Shopping);
        for (const b of brands) {
            const config = supermarket.brands!.find((x) => x.name === b.l)!;
            t.ok(config.countries.includes(cc.toUpperCase()) || present.has(b.id), `${cc}: ${b.l} is configured for the country or in its data`);
        }
        if (cc === 'be') {
            const names = brands.map((b: any) => b.l);
            t.ok(names.includes('Delhaize') && names.includes('Colruyt'), 'BE: Delhaize and Colruyt');
            t.notOk(names.some((n: string) => ['Loblaws', 'Sobeys', 'Woolworths', 'Coles', 'Marjane', 'Mercadona', 'Esselunga'].includes(n)), 'BE: no foreign chains');
        }
    }
});
