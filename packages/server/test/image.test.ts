// GET /image and the icon endpoints on the real regions: JPEG answers of the asked size, the cache,
// every bad parameter a 400 naming it, keys, and PNG icons.
import t from 'tap';
import {BACKEND_KEY, FRONTEND_KEY, get, testServer} from './helpers.js';
import {imageCache} from '../src/routes/image.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be`;
const Q = 'latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450';

async function getBytes(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}) {
    const r = await get(url, headers);
    return {status: r.status, headers: r.headers, body: r.bytes, json: typeof r.body === 'string' ? null : r.body};
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(jpeg: Buffer): [number, number] {
    let i = 2;
    while (i + 9 < jpeg.length) {
        if (jpeg[i] !== 0xff) return [0, 0];
        const marker = jpeg[i + 1], length = jpeg.readUInt16BE(i + 2);
        if (marker >= 0xc0 && marker <= 0xc3) return [jpeg.readUInt16BE(i + 7), jpeg.readUInt16BE(i + 5)];
        i += 2 + length;
    }
    return [0, 0];
}

t.test('a JPEG of the asked size', async (t) => {
    const r = await getBytes(`${base}/image?${Q}`);
    t.equal(r.status, 200);
    t.equal(r.headers.get('content-type'), 'image/jpeg');
    t.equal(r.body[0], 0xff, 'first byte 0xFF');
    t.equal(r.body[1], 0xd8);
    t.same(jpegSize(r.body), [800, 450]);
    const small = await getBytes(`${base}/image?latitude=50.8461&longitude=4.3664&hexaColor=f00&width=16&height=2048&mapStyle=6`);
    t.equal(small.status, 200);
    t.same(jpegSize(small.body), [16, 2048]);
});

t.test('parameter names and values as clients send them', async (t) => {
    const r = await getBytes(`${base}/Image?Latitude=50.8461000&LONGITUDE=4.3664&hexacolor=428bff&Width=400&height=225&mapStyle=7&threeDMode=true&bigIcon=true&multiborders=true&language=FR`);
    t.equal(r.status, 200);
    t.same(jpegSize(r.body), [400, 225]);
    for (const style of [1, 2, 3, 4, 5, 6, 7]) {
        const s = await getBytes(`${server.url}/mt/image?latitude=35.8989&longitude=14.5146&hexaColor=0a0&width=200&height=120&mapStyle=${style}`);
        t.equal(s.status, 200, `mapStyle ${style}`);
    }
});

t.test('cached by the full parameter set', async (t) => {
    const url = `${base}/image?latitude=50.8470&longitude=4.3650&hexaColor=123456&width=640&height=360`;
    const before = imageCache.size;
    const first = await getBytes(url);
    t.equal(imageCache.size, before + 1);
    const second = await getBytes(url);
    t.equal(Buffer.compare(first.body, second.body), 0, 'same bytes');
    t.equal(imageCache.size, before + 1, 'no new entry');
    const other = await getBytes(url.replace('123456', '654321'));
    t.not(Buffer.compare(first.body, other.body), 0, 'another pin colour is another image');
    t.equal(imageCache.size, before + 2);
    t.ok(imageCache.bytes <= imageCache.maxBytes && imageCache.size <= imageCache.maxEntries, 'bounded');
});

t.test('bad parameters: 400 naming the parameter', async (t) => {
    const cases: [string, RegExp][] = [
        ['longitude=4.3664&hexaColor=428BFF&width=800&height=450', /latitude/],
        ['latitude=50.8461&longitude=4.3664&width=800&height=450', /hexaColor/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=%23428BFF&width=800&height=450', /hexaColor.*without '#'/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=42BF&width=800&height=450', /hexaColor/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=GGGGGG&width=800&height=450', /hexaColor/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&height=450', /width/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=15&height=450', /width.*16 to 2048/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=2049', /height.*16 to 2048/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=80.5&height=450', /width/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&mapStyle=8', /mapStyle.*1 to 7/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&mapStyle=0', /mapStyle/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&threeDMode=maybe', /threeDMode/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&zoom=25', /zoom/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&zoom=0', /zoom/],
        ['latitude=91&longitude=4.3664&hexaColor=428BFF&width=800&height=450', /latitude/],
        ['latitude=41.1496&longitude=-8.611&hexaColor=428BFF&width=800&height=450', /outside BE/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=https://example.com/m.png', /customMarkerWidth.*customMarkerHeight/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=https://example.com/m.png&customMarkerWidth=20', /customMarkerHeight/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=https://example.com/m.png&customMarkerWidth=20&customMarkerHeight=9999', /customMarkerHeight/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=http://example.com/m.png&customMarkerWidth=20&customMarkerHeight=30', /https/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=notaurl&customMarkerWidth=20&customMarkerHeight=30', /customMarkerUrl/],
        ['latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=800&height=450&customMarkerUrl=https://user:pw@example.com/m.png&customMarkerWidth=20&customMarkerHeight=30', /password/]
    ];
    for (const [q, message] of cases) {
        const r = await getBytes(`${base}/image?${q}`);
        t.equal(r.status, 400, q);
        t.match(r.json?.Error, message, q);
        t.same(Object.keys(r.json ?? {}), ['Error']);
    }
});

t.test('a backend key is required', async (t) => {
    t.equal((await getBytes(`${base}/image?${Q}`, {})).status, 401);
    const frontend = await getBytes(`${base}/image?${Q}`, {LicenseKey: FRONTEND_KEY, Origin: 'https://example.com'});
    t.equal(frontend.status, 403);
});

t.test('icon endpoints: PNG markers and line badges, no key needed', async (t) => {
    for (const [path, side] of [['icons24/61@2x.png', 48], ['icons32/61@2x.png', 64], ['icons24/61.png', 24], ['icons24/214@2x.png', 48]] as const) {
        const r = await getBytes(`${base}/${path}`, {});
        t.equal(r.status, 200, path);
        t.equal(r.headers.get('content-type'), 'image/png');
        t.same([r.body.readUInt32BE(16), r.body.readUInt32BE(20)], [side, side], path);
    }
    // Place icons are the same in every country: served without a country too (a page's icon host).
    const bare = await getBytes(`${server.url}/icons24/61@2x.png`, {});
    t.equal(bare.status, 200, '/icons24 without a country');
    const badge = await getBytes(`${base}/subicons24/1@2x.png`, {});
    t.equal(badge.status, 200);
    t.equal(badge.body.readUInt32BE(20), 48, '24 px high at 2x');
    for (const path of ['icons24/99999@2x.png', 'icons24/abc.png', 'subicons24/999999999@2x.png', 'icons24/61@2x.gif']) {
        const r = await getBytes(`${base}/${path}`, {});
        t.equal(r.status, 404, path);
        t.ok(r.json?.Error);
    }
});
