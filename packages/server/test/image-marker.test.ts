// Custom markers over HTTPS from a local server with a certificate made for the test. The test hands
// the server (ServerHooks.markerFetch) a resolver (test host names → 127.0.0.1), its CA and an
// address policy that lets loopback through; the production policy is then checked to refuse
// loopback, private and metadata addresses, before and after redirects, without the local server
// ever being reached. No time limit here decides a result, except for the server that never answers.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {createCanvas} from '@napi-rs/canvas';
import {Gate, get, testServer} from './helpers.js';
import {MARKER_FETCH_POLICY, isPublicAddress, type MarkerFetchOptions} from '../src/image/marker-fetch.js';
import {SVG_LIMITS} from '@quartier/render';
import {BACKEND_KEY} from './helpers.js';

async function getBytes(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}) {
    const r = await get(url, headers);
    return {status: r.status, headers: r.headers, body: r.bytes, json: typeof r.body === 'string' ? null : r.body};
}

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

// A certificate for the test host names, valid for a day.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-marker-'));
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=markers.test',
    '-addext', 'subjectAltName=DNS:markers.test,DNS:localhost,IP:127.0.0.1'], {stdio: 'ignore'});
const key = fs.readFileSync(path.join(dir, 'key.pem'));
const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
fs.rmSync(dir, {recursive: true, force: true});

const pin = (() => {
    const c = createCanvas(20, 30);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#00ff00';
    ctx.fillRect(0, 0, 20, 30);
    return c.toBuffer('image/png');
})();
const bomb = Buffer.from(pin);
bomb.writeUInt32BE(60000, 16);
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="30"><rect width="20" height="30" fill="#00ff00"/></svg>';

// Markers that cost too much to draw (svg-budget.ts), each past one bound and within the others.
const svgOf = (body: string, defs = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="30" viewBox="0 0 20 30"><defs>${defs}</defs>${body}</svg>`;
const blur = '<filter id="b"><feGaussianBlur stdDeviation="4"/></filter>';
/** 20,000 blurred paths, just under 1 MiB: 14 s of render time before the bounds. */
const blurredSvg = (() => {
    const parts: string[] = [];
    for (let i = 0; i < 20000; i++) parts.push(`<path class="a" d="M${i % 20} ${i % 30}l3 4h-6z" filter="url(#b)"/>`);
    return svgOf(parts.join(''), blur);
})();
const EXPENSIVE: Record<string, string> = {
    '/blurred.svg': blurredSvg,
    '/primitives.svg': svgOf('<rect width="20" height="30" filter="url(#m)"/>',
        `<filter id="m">${'<feGaussianBlur stdDeviation="2"/>'.repeat(SVG_LIMITS.filterPrimitives + 1)}</filter>`),
    '/filtered.svg': svgOf('<rect width="2" height="3" filter="url(#b)"/>'.repeat(SVG_LIMITS.filteredElements + 1), blur),
    '/long-path.svg': svgOf(`<path d="M0 0${' l0.1 0.1'.repeat(SVG_LIMITS.pathNumbers / 2 + 1)}"/>`),
    // Each level of two <use> draws the one before it twice: 8 uses, 60 elements, 16 copies of 40
    // rectangles drawn; the bound (every <use> may double the drawing) says up to 60 × 2^8.
    '/uses.svg': svgOf('', `<g id="g0">${'<rect width="1" height="1"/>'.repeat(40)}</g>` + Array.from({length: 4}, (_, i) =>
        `<g id="g${i + 1}"><use href="#g${i}"/><use href="#g${i}" x="1"/></g>`).join('')),
    // Within the bounds on the file; too much to fill at 1024 × 1024 device pixels (a 512 × 512 marker).
    '/many.svg': svgOf('<rect width="1" height="1"/>'.repeat(1990)),
    '/embedded.svg': svgOf(`<image width="20" height="30" href="data:image/png;base64,${bomb.subarray(0, 33).toString('base64')}"/>`)
};

const hits = new Map<string, number>();
let port = 0;
const local = https.createServer({key, cert}, (req, res) => {
    const p = (req.url ?? '').split('?')[0];
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const redirect = (to: string) => {
        res.writeHead(302, {location: to});
        res.end();
    };
    switch (p) {
        case '/pin.png': res.writeHead(200, {'content-type': 'image/png'}); res.end(pin); break;
        case '/pin.svg': res.writeHead(200, {'content-type': 'image/svg+xml'}); res.end(svg); break;
        case '/mislabelled': res.writeHead(200, {'content-type': 'text/plain'}); res.end(pin); break;
        case '/redirect-ok': redirect(`https://markers.test:${port}/pin.png`); break;
        case '/redirect-relative': redirect('/pin.svg'); break;
        case '/redirect-internal': redirect(`https://internal.test:${port}/pin.png`); break;
        case '/redirect-metadata': redirect('https://169.254.169.254/latest/meta-data/'); break;
        case '/redirect-loopback': redirect(`https://127.0.0.1:${port}/pin.png`); break;
        case '/redirect-http': redirect(`http://markers.test:${port}/pin.png`); break;
        case '/redirect-loop': redirect('/redirect-loop'); break;
        case '/big': res.writeHead(200, {'content-type': 'image/png'}); res.end(Buffer.concat([pin, Buffer.alloc(2 * 1024 * 1024)])); break;
        case '/big-chunked': {
            res.writeHead(200, {'content-type': 'image/png'});
            const chunk = Buffer.alloc(64 * 1024);
            let sent = 0;
            const more = () => {
                while (sent < 40 && res.write(chunk)) sent++;
                if (sent < 40) res.once('drain', more);
                else res.end();
            };
            more();
            break;
        }
        case '/page.html': res.writeHead(200, {'content-type': 'text/html'}); res.end('<html><body>hello</body></html>'); break;
        case '/bomb.png': res.writeHead(200, {'content-type': 'image/png'}); res.end(bomb); break;
        case '/script.svg': res.writeHead(200, {'content-type': 'image/svg+xml'}); res.end(svg.replace('<rect', '<script>alert(1)</script><rect')); break;
        case '/slow': break; // never answers
        case '/blurred.svg': case '/primitives.svg': case '/filtered.svg': case '/long-path.svg': case '/uses.svg': case '/embedded.svg': case '/many.svg':
            res.writeHead(200, {'content-type': 'image/svg+xml'});
            res.end(EXPENSIVE[p]);
            break;
        default: res.writeHead(404); res.end('no');
    }
});
await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
port = (local.address() as {port: number}).port;

// Every render waits here until the gate opens: opened at once, except where a test proves that a
// marker is refused before any render thread sees it.
let renders = new Gate();
renders.open();
const policy = {} as MarkerFetchOptions;
const server = await testServer({}, {markerFetch: policy, beforeRender: () => renders.pass()});
t.teardown(async () => {
    local.closeAllConnections();
    local.close();
    await server.close();
});

const NAMES: Record<string, string[]> = {
    'markers.test': ['127.0.0.1'],
    'internal.test': ['10.0.0.7'],
    'split.test': ['93.184.216.34', '192.168.1.1']
};
const testPolicy = {
    resolve: async (host: string) => {
        const list = NAMES[host];
        if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {code: 'ENOTFOUND'});
        return list.map((address) => ({address, family: 4}));
    },
    // The local server is the one loopback address let through; everything else as in production.
    allowAddress: (ip: string) => ip === '127.0.0.1' || isPublicAddress(ip),
    ca: cert,
    // Long enough for any loaded machine: only /slow reaches it (and the test of it shortens it).
    timeoutMs: 60000,
    maxBytes: MARKER_FETCH_POLICY.maxBytes
};
/** The policy the server fetches with from now on. */
function usePolicy(next: MarkerFetchOptions): void {
    for (const k of Object.keys(policy)) delete (policy as unknown as Record<string, unknown>)[k];
    Object.assign(policy, next);
}
usePolicy(testPolicy);

let colour = 0;
/** /image with a custom marker; a new pin colour each time so the image cache never answers. */
const image = (url: string, size = 'customMarkerWidth=20&customMarkerHeight=30') => getBytes(
    `${server.url}/be/image?latitude=50.8461&longitude=4.3664&hexaColor=${(colour++).toString(16).padStart(6, '0')}&width=200&height=120&customMarkerUrl=${encodeURIComponent(url)}&${size}`);
const M = () => `https://markers.test:${port}`;

t.test('PNG and SVG markers are drawn instead of the pin', async (t) => {
    for (const file of ['/pin.png', '/pin.svg', '/redirect-ok', '/redirect-relative', '/mislabelled']) {
        const r = await image(`${M()}${file}`);
        t.equal(r.status, 200, file);
        t.same(jpegSize(r.body), [200, 120]);
    }
    // The green marker sits above the centre, its bottom edge on the position.
    const {Image} = await import('@napi-rs/canvas');
    const r = await image(`${M()}/pin.png`, 'customMarkerWidth=40&customMarkerHeight=40');
    const img = new Image();
    img.src = r.body;
    const c = createCanvas(200, 120);
    c.getContext('2d').drawImage(img, 0, 0);
    const [red, green, blue] = c.getContext('2d').getImageData(100, 60 - 20, 1, 1).data;
    t.ok(green > 200 && red < 80 && blue < 80, `marker colour at the centre: ${red},${green},${blue}`);
});

t.test('a marker is fetched once and cached', async (t) => {
    const before = hits.get('/pin.png') ?? 0;
    await image(`${M()}/pin.png?cache`, 'customMarkerWidth=24&customMarkerHeight=24');
    await image(`${M()}/pin.png?cache`, 'customMarkerWidth=24&customMarkerHeight=24');
    t.equal((hits.get('/pin.png') ?? 0) - before, 1);
});

t.test('what cannot be used is a 400 saying why', async (t) => {
    const cases: [string, RegExp][] = [
        [`${M()}/redirect-internal`, /private or reserved/],
        [`${M()}/redirect-metadata`, /private or reserved/],
        [`${M()}/redirect-http`, /https/],
        [`${M()}/redirect-loop`, /redirects more than 3 times/],
        [`${M()}/big`, /larger than/],
        [`${M()}/big-chunked`, /larger than/],
        [`${M()}/page.html`, /neither a PNG nor an SVG/],
        [`${M()}/bomb.png`, /60000/],
        [`${M()}/script.svg`, /scripts/],
        [`${M()}/missing.png`, /HTTP 404/],
        [`https://nowhere.test:${port}/pin.png`, /cannot be resolved/],
        [`https://split.test:${port}/pin.png`, /private or reserved/],
        [`https://10.1.2.3:${port}/pin.png`, /private or reserved/],
        [`https://[::1]:${port}/pin.png`, /private or reserved/],
        [`https://[::ffff:127.0.0.1]:${port}/pin.png`, /private or reserved/],
        [`https://[::127.0.0.1]:${port}/pin.png`, /private or reserved/]
    ];
    for (const [url, message] of cases) {
        const r = await image(url);
        t.equal(r.status, 400, url);
        t.match(r.json?.Error, message, url);
        t.match(r.json?.Error, /customMarkerUrl/);
    }
});

t.test('a server that never answers is a 400 after the time limit, not a hang', async (t) => {
    usePolicy({...testPolicy, timeoutMs: 300});
    try {
        const r = await image(`${M()}/slow`);
        t.equal(r.status, 400);
        t.match(r.json?.Error, /longer than 300 ms/);
    } finally {
        usePolicy(testPolicy);
    }
});

t.test('a certificate nobody vouches for is refused', async (t) => {
    usePolicy({...testPolicy, ca: undefined});
    try {
        const r = await image(`${M()}/pin.png?untrusted`);
        t.equal(r.status, 400);
        t.match(r.json?.Error, /TLS certificate/);
    } finally {
        usePolicy(testPolicy);
    }
});

t.test('the production policy never reaches loopback, even through a redirect', async (t) => {
    usePolicy({...MARKER_FETCH_POLICY, ca: cert});
    try {
        const before = [...hits.values()].reduce((a, b) => a + b, 0);
        for (const url of [`https://127.0.0.1:${port}/pin.png`, `https://localhost:${port}/pin.png`, `https://[::1]:${port}/pin.png`]) {
            const r = await image(url);
            t.equal(r.status, 400, url);
            t.match(r.json?.Error, /private or reserved/);
        }
        t.equal([...hits.values()].reduce((a, b) => a + b, 0), before, 'the local server saw no request');
    } finally {
        usePolicy(testPolicy);
    }
    // A public first hop that redirects to loopback: the second hop is refused before connecting.
    usePolicy({...testPolicy, allowAddress: (ip) => (ip === '127.0.0.1' ? allowOnce() : isPublicAddress(ip))});
    let allowed = 1;
    function allowOnce(): boolean {
        return allowed-- > 0;
    }
    try {
        const before = hits.get('/pin.png') ?? 0;
        const r = await image(`${M()}/redirect-loopback`);
        t.equal(r.status, 400);
        t.match(r.json?.Error, /private or reserved/);
        t.equal(hits.get('/pin.png') ?? 0, before, 'the redirect target was never fetched');
    } finally {
        usePolicy(testPolicy);
    }
});

t.test('which addresses are public', async (t) => {
    for (const ip of ['127.0.0.1', '127.8.9.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
        '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
        '64:ff9b::a00:1', 'not-an-ip',
        // Every IPv6 form that carries an IPv4 address or is not a global host: IPv4-compatible,
        // IPv4-translated, NAT64 (both prefixes), 6to4, Teredo and the rest of 2001::/23, documentation,
        // discard, site local, unique local, link local (with a zone too), multicast.
        '::127.0.0.1', '::7f00:1', '::a00:1', '::ffff:0:7f00:1', '64:ff9b::7f00:1', '64:ff9b:1::1', '2002:7f00:1::1', '2002:c0a8:101::1',
        '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:2::1', '2001:db8::1', '3fff::1', '100::1', 'fec0::1', 'fd12:3456::1', 'fe80::1%eth0',
        'ff02::1', 'ff0e::1']) {
        t.notOk(isPublicAddress(ip), ip);
    }
    for (const ip of ['8.8.8.8', '93.184.216.34', '1.1.1.1', '2001:4860:4860::8888', '2a00:1450:4001::1', '2606:4700::1111', '2001:200::1', '3ffe::1']) {
        t.ok(isPublicAddress(ip), ip);
    }
});

t.test('an SVG that costs too much to draw is a 400 saying which bound, before any render thread sees it', async (t) => {
    t.ok(blurredSvg.length > 900 * 1024 && blurredSvg.length < 1024 * 1024, `the blurred file is ${blurredSvg.length} bytes`);
    // Renders are held: a marker that reached a render thread would keep its request waiting until
    // the gate opens, after this test. Every answer here comes first, so none did.
    renders = new Gate();
    try {
        const cases: [string, RegExp][] = [
            ['/blurred.svg', /has more than 2000 elements/],
            ['/primitives.svg', new RegExp(`${SVG_LIMITS.filterPrimitives + 1} filter primitives`)],
            ['/filtered.svg', new RegExp(`applies filters to up to ${SVG_LIMITS.filteredElements + 1} elements`)],
            ['/long-path.svg', /paths have more than 100000 coordinates as drawn/],
            ['/uses.svg', /may draw up to \d+ elements through its 8 <use> elements \(at most 8000\)/],
            ['/embedded.svg', /embeds a PNG image of 60000 × 30 pixels/]
        ];
        for (const [file, message] of cases) {
            const r = await image(`${M()}${file}`);
            t.equal(r.status, 400, file);
            t.match(r.json?.Error, message, file);
            t.match(r.json?.Error, /^Parameter 'customMarkerUrl'/, file);
        }
        // An SVG within the bounds on its file is refused at a size where filling it would cost too
        // much, whether fetched now or taken from the marker cache.
        for (let i = 0; i < 2; i++) {
            const large = await image(`${M()}/many.svg`, 'customMarkerWidth=512&customMarkerHeight=512');
            t.equal(large.status, 400);
            t.match(large.json?.Error, /draws 1992 elements at 1024 × 1024 pixels \(at most 2 billion pixels drawn\)/);
        }
        t.equal(hits.get('/many.svg'), 1, 'fetched once, refused twice');
        t.equal(renders.entered, 0, 'no render was admitted');
    } finally {
        renders.open();
    }
});
