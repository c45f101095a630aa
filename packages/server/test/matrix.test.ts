// GET and POST /matrix on the real Brussels data: every cell equals the single /route answer for
// its pair (car, foot, bike and public transport), 0 for the same place; the snapped positions;
// limits and bad input, each a 400 that says what is wrong. (Null cells: no pair inside the test
// regions' coverage is unroutable; the engine tests check them.)
import path from 'node:path';
import t from 'tap';
import {CAR, FOOT, Region, mulberry32} from '@quartier/engine/internal';
import {BACKEND_KEY, FRONTEND_KEY, get, send, testBuildRoot, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be/matrix`;

/** Seeded positions around the centre of Brussels (mulberry32). */
function positions(seed: number, count: number): [number, number][] {
    const rnd = mulberry32(seed);
    return Array.from({length: count}, () => [Math.round((50.825 + rnd() * 0.045) * 1e6) / 1e6, Math.round((4.33 + rnd() * 0.07) * 1e6) / 1e6] as [number, number]);
}

const list = (ps: [number, number][]) => ps.map(([lat, lon]) => `${lat},${lon}`).join(';');

async function post(body: unknown, key = BACKEND_KEY) {
    const r = await send(base, {method: 'POST', headers: {LicenseKey: key, 'Content-Type': 'application/json'}, body: typeof body === 'string' ? body : JSON.stringify(body)});
    return {status: r.status, body: r.body};
}

/** /route's time (s, = its weight) and distance for a pair, null when it answers 400. */
async function single(mode: string, [aLat, aLon]: [number, number], [bLat, bLon]: [number, number]): Promise<[number, number] | null> {
    const r = await get(`${server.url}/be/route?travelMode=${mode}&startLatitude=${aLat}&startLongitude=${aLon}&arrivalLatitude=${bLat}&arrivalLongitude=${bLon}`);
    if (r.status === 400) return /same place/.test(r.body.Error) ? [0, 0] : null;
    if (r.status !== 200) throw new Error(`/route ${r.status}: ${JSON.stringify(r.body)}`);
    return [r.body.paths[0].time / 1000, r.body.paths[0].distance];
}

for (const [mode, n, m] of [['Driving', 6, 8], ['Walking', 6, 8], ['Bicycling', 6, 8], ['Transit', 4, 6]] as [string, number, number][]) {
    t.test(`${mode}: every cell of a ${n} x ${m} GET matrix equals /route for its pair; POST gives the same`, async (t) => {
        const sources = positions(mode.length * 7, n), destinations = positions(mode.length * 7 + 1, m - 1);
        destinations.push(sources[1]); // the same place
        const r = await get(`${base}?travelMode=${mode}&sources=${list(sources)}&destinations=${list(destinations)}`);
        t.equal(r.status, 200, JSON.stringify(r.body).slice(0, 200));
        t.equal(r.body.durations.length, n);
        t.equal(r.body.distances.length, n);
        const problems: string[] = [];
        let routed = 0;
        for (let i = 0; i < n; i++) {
            t.equal(r.body.durations[i].length, m);
            for (let j = 0; j < m; j++) {
                const expected = await single(mode, sources[i], destinations[j]);
                const got = r.body.durations[i][j] === null ? null : [r.body.durations[i][j], r.body.distances[i][j]];
                if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${i},${j}: matrix ${JSON.stringify(got)}, /route ${JSON.stringify(expected)}`);
                if (expected && expected[0] > 0) routed++;
            }
        }
        t.same(problems.slice(0, 5), [], 'every cell as /route has it');
        t.ok(routed >= n * (m - 1) * 0.9, `${routed} pairs routed`);
        t.same([r.body.durations[1][m - 1], r.body.distances[1][m - 1]], [0, 0], 'the same place: 0');
        t.equal(r.body.sources.length, n);
        t.equal(r.body.destinations.length, m);
        for (const s of [...r.body.sources, ...r.body.destinations]) {
            t.ok(Array.isArray(s.location) && s.location.length === 2 && s.snapDistance >= 0 && s.snapDistance < 1000);
        }
        t.ok(Math.abs(r.body.sources[0].location[1] - sources[0][0]) < 0.01 && Math.abs(r.body.sources[0].location[0] - sources[0][1]) < 0.01, 'location is [lon, lat]');
        const p = await post({travelMode: mode, sources: sources, destinations});
        t.equal(p.status, 200);
        t.same([p.body.durations, p.body.distances, p.body.sources, p.body.destinations], [r.body.durations, r.body.distances, r.body.sources, r.body.destinations], 'POST answers as GET');
    });
}

t.test('without destinations: every source to every source, 0 on the diagonal', async (t) => {
    const sources = positions(99, 5);
    const r = await post({travelMode: 'bicycling', sources});
    t.equal(r.status, 200);
    t.equal(r.body.durations.length, 5);
    for (let i = 0; i < 5; i++) {
        t.equal(r.body.durations[i].length, 5);
        t.equal(r.body.durations[i][i], 0);
        t.equal(r.body.distances[i][i], 0);
    }
    t.same(r.body.destinations, r.body.sources);
    const g = await get(`${base}?travelMode=3&sources=${list(sources)}`);
    t.same(g.body.durations, r.body.durations, 'GET too; travelMode by number as /route');
});

t.test('a large table is split by blocks of sources over the workers: the rows are those of small tables', async (t) => {
    const sources = positions(41, 150), destinations = positions(42, 150);
    const whole = await post({travelMode: 'Driving', sources, destinations});
    t.equal(whole.status, 200);
    t.equal(whole.body.durations.length, 150);
    for (const i of [0, 74, 75, 149]) {
        const one = await post({travelMode: 'Driving', sources: [sources[i]], destinations});
        t.same(one.body.durations[0], whole.body.durations[i], `row ${i}`);
        t.same(one.body.distances[0], whole.body.distances[i]);
        t.same(one.body.sources[0], whole.body.sources[i]);
    }
});

t.test('a large table with more destinations than sources is split by blocks of destinations: the columns are those of small tables', async (t) => {
    const sources = positions(43, 10), destinations = positions(44, 2100);
    const whole = await post({travelMode: 'Walking', sources, destinations});
    t.equal(whole.status, 200);
    t.equal(whole.body.durations.length, 10);
    t.equal(whole.body.durations[0].length, 2100);
    t.equal(whole.body.destinations.length, 2100);
    for (const j of [0, 1049, 1050, 2099]) {
        const one = await post({travelMode: 'Walking', sources, destinations: [destinations[j]]});
        t.same(one.body.durations.map((row: number[]) => row[0]), whole.body.durations.map((row: number[]) => row[j]), `column ${j}`);
        t.same(one.body.distances.map((row: number[]) => row[0]), whole.body.distances.map((row: number[]) => row[j]));
        t.same(one.body.destinations[0], whole.body.destinations[j]);
    }
});

t.test('a position too far from any road the mode may use is a 400 naming it, in whichever block of sources', async (t) => {
    // A covered position in Brussels' south with a path to walk on but no road for cars within reach (found with the engine).
    const region = Region.open(path.join(testBuildRoot, 'BE'));
    let offRoad: [number, number] | null = null;
    for (let lat = 50.75; lat < 50.80 && !offRoad; lat += 0.001) {
        for (let lon = 4.33; lon < 4.45 && !offRoad; lon += 0.001) {
            const p: [number, number] = [Math.round(lat * 1e4) / 1e4, Math.round(lon * 1e4) / 1e4];
            if (region.covers(...p) && region.contains(...p) && !region.router.snap(...p, CAR) && region.router.snap(...p, FOOT)) offRoad = p;
        }
    }
    t.ok(offRoad, `an off-road position: ${offRoad}`);
    if (!offRoad) return;
    const sources = positions(51, 150), destinations = positions(52, 150);
    sources[120] = offRoad;
    const r = await post({travelMode: 'Driving', sources, destinations});
    t.equal(r.status, 400);
    t.equal(r.body.Error, 'sources[120] is too far from any road this mode may use.');
    const d = await get(`${base}?travelMode=Driving&sources=${list(sources.slice(0, 2))}&destinations=${list([destinations[0], destinations[1], destinations[2], offRoad])}`);
    t.equal(d.status, 400);
    t.equal(d.body.Error, 'destinations[3] is too far from any road this mode may use.');
    const walking = await get(`${base}?travelMode=Walking&sources=${list(sources.slice(0, 2))}&destinations=${list([offRoad])}`);
    t.equal(walking.status, 200, 'on foot it is reachable');
});

t.test('public transport where a region has no timetable: a 400 that says so', async (t) => {
    const r = await get(`${server.url}/mt/matrix?travelMode=Transit&sources=35.8989,14.5146;35.9,14.51`);
    t.equal(r.status, 400);
    t.match(r.body.Error, /Public transport is not available in this region \(MT\)/);
});

t.test('limits and bad input: a 400 that says what is wrong', async (t) => {
    const two = list(positions(1, 2));
    const full = await get(`${base}?travelMode=Driving&sources=${list(positions(2, 50))}&destinations=${list(positions(3, 50))}`);
    t.equal(full.status, 200, '2,500 cells by GET');
    t.equal(full.body.durations.length * full.body.durations[0].length, 2500);
    const cases: [string, string | object, RegExp][] = [
        ['GET', `travelMode=Driving&sources=50.85,4.35;50.84`, /sources\[1\]/],
        ['GET', `travelMode=Driving&sources=50.85,4.35;NaN,4.35`, /sources\[1\].*decimal number/],
        ['GET', `travelMode=Driving&sources=50.85,4.35;;50.84,4.34`, /sources\[1\]/],
        ['GET', `travelMode=Driving&sources=`, /Missing parameter 'sources'/],
        ['GET', `travelMode=Flying&sources=${two}`, /travelMode/],
        ['GET', `sources=${two}`, /travelMode/],
        ['GET', `travelMode=Driving&sources=${two};48.85,2.35`, /sources\[2\] is outside BE/],
        ['GET', `travelMode=Driving&sources=${two}&destinations=50.85,4.35;51.2,4.4`, /destinations\[1\] is outside the area this server has data for/],
        ['GET', `travelMode=Driving&sources=${two}&destinations=95,4.35`, /destinations\[0\].*latitude/],
        ['GET', `travelMode=Driving&sources=${list(positions(2, 51))}&destinations=${list(positions(3, 50))}`, /2550 cells; at most 2500 per request with GET/],
        ['POST', {travelMode: 'Driving', sources: []}, /'sources' is empty/],
        ['POST', {travelMode: 'Driving'}, /Missing 'sources'/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, 4.35]], destinations: []}, /'destinations' is empty/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, '4.35']]}, /sources\[0\] must be \[latitude, longitude\]/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, 4.35, 1]]}, /sources\[0\]/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, 4.35]], destinations: {a: 1}}, /'destinations' must be a list/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, 4.35]], destinations: [[50.85, 4.35], [50.85, 200]]}, /destinations\[1\].*longitude/],
        ['POST', {travelMode: 'Driving', sources: [[50.85, 4.35]], language: 'xyz'}, /language/],
        ['POST', '{"travelMode": "Driving", "sources": [[50.85, 4.35]', /not valid JSON/],
        ['POST', '[1, 2]', /must be a JSON object/],
        ['POST', {travelMode: 'Transit', sources: positions(4, 101), destinations: [[50.85, 4.35]]}, /At most 100 sources per request by public transport/],
        ['POST', {travelMode: 'Transit', sources: positions(4, 10), destinations: positions(5, 1001)}, /10010 cells; at most 10000 per request by public transport/],
        ['POST', {travelMode: 'Walking', sources: positions(4, 1001), destinations: positions(5, 1000)}, /1001000 cells; at most 1000000 per request/]
    ];
    for (const [method, input, message] of cases) {
        const r = method === 'GET' ? await get(`${base}?${input}`) : await post(input);
        t.equal(r.status, 400, `${method} ${JSON.stringify(input).slice(0, 80)}`);
        t.match(r.body.Error, message);
    }
    const big = await post({travelMode: 'Driving', sources: [[50.85, 4.35]], destinations: positions(6, 10_001)});
    t.equal(big.status, 400);
    t.match(big.body.Error, /'destinations' lists 10001 positions; at most 10000/);
    const huge = await post(`{"travelMode": "Driving", "sources": [[50.85, 4.35]], "pad": "${'x'.repeat(1_100_000)}"}`);
    t.equal(huge.status, 413);
    t.match(huge.body.Error, /larger than 1mb/);
});

t.test('keys: as /route, frontend keys too; none is a 401', async (t) => {
    const two = list(positions(1, 2));
    const front = await get(`${base}?travelMode=Walking&sources=${two}`, {LicenseKey: FRONTEND_KEY});
    t.not(front.status, 500);
    const routeFront = await get(`${server.url}/be/route?travelMode=Walking&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8503&arrivalLongitude=4.3517`, {LicenseKey: FRONTEND_KEY});
    t.equal(front.status, routeFront.status, 'the same answer as /route gives a frontend key');
    const none = await get(`${base}?travelMode=Walking&sources=${two}`, {});
    t.equal(none.status, 401);
    // The key comes before the body: without one, a large or broken body is a 401, never a 413 or 400.
    for (const body of ['{"travelMode": "Driving", "sources": [[50.85', `{"pad": "${'x'.repeat(1_100_000)}"}`]) {
        const r = await send(base, {method: 'POST', body, headers: {'Content-Type': 'application/json'}});
        t.equal(r.status, 401, `no key, a ${body.length}-byte body: 401`);
    }
});

t.test('a position nested thousands of levels deep is a 400 with a short message, not a 500', async (t) => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const r = await post(`{"travelMode": "Driving", "sources": [${deep}]}`);
    t.equal(r.status, 400);
    t.match(r.body.Error, /sources\[0\] must be \[latitude, longitude\]/);
    t.ok(r.body.Error.length < 200, 'the message is short');
});
