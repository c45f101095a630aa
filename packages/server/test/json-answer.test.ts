// Answers the workers write as JSON bytes (json-answer.ts): /route and /isochrone leave as the bytes a
// worker made, moved (not copied) to the main thread and written as they are. Proven here: those bytes
// are what the pool hands over, they are the HTTP body, exactly, as canonical JSON (what JSON.stringify
// gives, nothing added or lost), with the headers res.json set before; HEAD gets the headers alone; and a
// task that throws inside a worker is still a clear JSON error, after which the server answers again.
import http from 'node:http';
import fc from 'fast-check';
import t from 'tap';
import {JsonWriter} from '../src/answers/json-answer.js';
import {WorkerPool} from '../src/workers/pool.js';
import {BACKEND_KEY, TEST_WORKER, get, testServer} from './helpers.js';
import {FAILING_LATITUDE} from './failing-route.js';

// The main thread's side of those answers: no HTTP threads, whose /route bytes are made on them (http-threads.test.ts).
const server = await testServer({'http-threads': '0'}, {workerFile: TEST_WORKER});
t.teardown(() => server.close());
const FROM = [50.8461, 4.3664], TO = [50.8263, 4.3410];
const routeQuery = (mode: string, from = FROM) =>
    `travelMode=${mode}&startLatitude=${from[0]}&startLongitude=${from[1]}&arrivalLatitude=${TO[0]}&arrivalLongitude=${TO[1]}&language=FR`;
const withoutTook = (text: string) => text.replace(/"took":\d+/, '"took":0');

t.test('a route task answers with its JSON as bytes, and HTTP sends exactly those bytes', async (t) => {
    const pool = new WorkerPool(server.regions, {size: 1});
    t.teardown(() => pool.close());
    for (const [mode, code] of [['Driving', 0], ['Walking', 1], ['Bicycling', 2], ['Transit', 3]] as const) {
        const bytes = await pool.run<Uint8Array>({type: 'route', country: 'BE', mode: code, fromLat: FROM[0], fromLon: FROM[1], toLat: TO[0], toLon: TO[1], language: 'FR'});
        t.ok(bytes instanceof Uint8Array, `${mode}: the pool hands over bytes`);
        const fromPool = Buffer.from(bytes).toString('utf8');
        const r = await get(`${server.url}/be/route?${routeQuery(mode)}`);
        t.equal(r.status, 200, mode);
        t.equal(withoutTook(r.text), withoutTook(fromPool), `${mode}: the body is the worker's bytes`);
        t.equal(JSON.stringify(JSON.parse(r.text)), r.text, `${mode}: canonical JSON`);
        t.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
        t.equal(Number(r.headers.get('content-length')), r.bytes.length, 'Content-Length counts the bytes');
        // The values hold together: the bbox is the line's, the weight its time in seconds.
        const path = r.body.paths[0];
        const c = path.points.coordinates;
        t.same(path.bbox, [Math.min(...c.map((p: number[]) => p[0])), Math.min(...c.map((p: number[]) => p[1])),
            Math.max(...c.map((p: number[]) => p[0])), Math.max(...c.map((p: number[]) => p[1]))], `${mode}: the bbox holds the line`);
        t.equal(path.weight, path.time / 1000);
    }
});

t.test('the route writer gives the text JSON.stringify gives, digit for digit', async (t) => {
    const w = new JsonWriter();
    const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
    const written = (x: number) => Buffer.from(w.reset().micro(Math.round(x * 1e6)).take()).toString('latin1');
    for (const x of [0, -0, -1e-7, 1e-6, -1e-6, 0.5, -0.000001, 4.35, -8.611, 100, 179.999999, -180, 50.8461, 999.999999]) {
        t.equal(written(x), JSON.stringify(round6(x)), `${x}`);
    }
    fc.assert(fc.property(fc.double({min: -999.9999, max: 999.9999, noNaN: true}), (x) => written(x) === JSON.stringify(round6(x))), {numRuns: 20000});
    fc.assert(fc.property(fc.integer({min: -999_999_999, max: 999_999_999}), (v) =>
        Buffer.from(w.reset().micro(v).take()).toString('latin1') === JSON.stringify(v / 1e6)), {numRuns: 20000});
    // Past its first 64 KB the buffer grows, text cut across the boundary included (UTF-8 of several bytes).
    const long = 'é€'.repeat(30000);
    const bytes = w.reset().raw('"').raw(long).char(34).position(4.35, -50.1).take();
    t.equal(Buffer.from(bytes).toString('utf8'), `"${long}"[4.35,-50.1]`);
    t.equal(Buffer.from(w.reset().raw('{}').take()).toString('utf8'), '{}', 'reset starts a new answer');
});

t.test('whole numbers, millimetres and strings: the text JSON.stringify gives (a route\'s instructions)', async (t) => {
    const w = new JsonWriter();
    const text = (write: (w: JsonWriter) => void) => {
        write(w.reset());
        return Buffer.from(w.take()).toString('utf8');
    };
    for (const n of [0, 1, 9, 10, -98, 4, 99, 100, 123456789, -(2 ** 53) + 1, 2 ** 53 - 1]) t.equal(text((w) => w.int(n)), JSON.stringify(n), `${n}`);
    fc.assert(fc.property(fc.integer({min: -(2 ** 31), max: 2 ** 31}), (n) => text((w) => w.int(n)) === JSON.stringify(n)), {numRuns: 5000});
    // As the engine rounds an instruction's distance (mm) and heading (1/100 degree).
    for (const [x, places] of [[0, 3], [0.0004, 3], [1234.5675, 3], [359.999, 2], [0.1, 2], [1e6 + 0.001, 3]] as const) {
        const unit = 10 ** places, rounded = Math.round(x * unit) / unit;
        t.equal(text((w) => w.fixed(Math.round(rounded * unit), places)), JSON.stringify(rounded), `${x} to ${places} places`);
    }
    fc.assert(fc.property(fc.double({min: 0, max: 1e7, noNaN: true}), fc.integer({min: 1, max: 3}), (x, places) => {
        const unit = 10 ** places, rounded = Math.round(x * unit) / unit;
        return text((w) => w.fixed(Math.round(rounded * unit), places)) === JSON.stringify(rounded);
    }), {numRuns: 20000});
    // Street names and texts: accents, quotes, backslashes, control characters, characters beyond the BMP, lone surrogates.
    for (const s of ['', 'Rue de la Loi', 'Chaussée d\'Ixelles', 'Avenue "Louise"', 'a\\b', 'tab\there', '\u0001\u001f\u007f', '€ ß 中文', '😀 rue', '\ud800x', 'x\udc00', '{name} $&']) {
        t.equal(text((w) => w.string(s)), JSON.stringify(s), JSON.stringify(s));
    }
    fc.assert(fc.property(fc.string({unit: 'binary', maxLength: 40}), (s) => text((w) => w.string(s)) === JSON.stringify(s)), {numRuns: 20000});
    fc.assert(fc.property(fc.string({unit: 'grapheme-ascii', maxLength: 40}), (s) => text((w) => w.ascii(s)) === s), {numRuns: 2000});
});

t.test('isochrones leave as the worker wrote them: one area, or the labelled three', async (t) => {
    const one = await get(`${server.url}/be/isochrone?travelMode=Walking&latitude=${FROM[0]}&longitude=${FROM[1]}&numberOfSeconds=300`);
    t.equal(one.status, 200);
    t.equal(JSON.stringify(JSON.parse(one.text)), one.text, 'canonical JSON');
    t.equal(Number(one.headers.get('content-length')), one.bytes.length);
    const three = await get(`${server.url}/be/isochrone/GetMultipleTimes?travelMode=Walking&latitude=${FROM[0]}&longitude=${FROM[1]}&language=FR`);
    t.equal(three.status, 200);
    t.same(three.body.map((a: {label: string}) => a.label), ['5 min', '10 min', '20 min']);
    t.equal(JSON.stringify(JSON.parse(three.text)), three.text, 'canonical JSON');
    for (const area of three.body) t.equal(area.iso.type, one.body.type, `${area.label}: an area as /isochrone gives`);
});

t.test('HEAD gets the headers of the answer and no body', async (t) => {
    const got = await get(`${server.url}/be/route?${routeQuery('Driving')}`);
    const head = await new Promise<{status: number; length: string | undefined; type: string | undefined; body: string}>((resolve, reject) => {
        const req = http.request(`${server.url}/be/route?${routeQuery('Driving')}`, {method: 'HEAD', headers: {LicenseKey: BACKEND_KEY}, agent: false}, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({status: res.statusCode ?? 0, length: res.headers['content-length'], type: res.headers['content-type'], body}));
        });
        req.on('error', reject);
        req.end();
    });
    t.equal(head.status, 200);
    t.equal(head.type, 'application/json; charset=utf-8');
    t.equal(Math.abs(Number(head.length) - got.bytes.length) <= 4, true, `Content-Length ${head.length} (GET: ${got.bytes.length}; info.took may differ)`);
    t.equal(head.body, '');
});

t.test('a task that throws inside a worker: a JSON 503, then the server answers again', async (t) => {
    const failed = await get(`${server.url}/be/route?${routeQuery('Driving', [FAILING_LATITUDE, FROM[1]])}`);
    t.equal(failed.status, 503);
    t.same(failed.body, {Error: 'The routing engine failed on this request; retry later.'});
    const bad = await get(`${server.url}/be/route?travelMode=Driving&startLatitude=${FROM[0]}&startLongitude=${FROM[1]}&arrivalLatitude=${FROM[0]}&arrivalLongitude=${FROM[1]}`);
    t.equal(bad.status, 400, 'a route error from the engine is a 400');
    t.match(bad.body.Error, /same place/);
    const ok = await get(`${server.url}/be/route?${routeQuery('Driving')}`);
    t.equal(ok.status, 200, 'the next route is answered');
});
