// What reaches the server outside the happy path of HTTP: requests Node's parser refuses (431, 400),
// wrong methods (405 with Allow), /{cc}/health, an unserved country asked without a key, and the
// transit line badges drawn once.
import net from 'node:net';
import t from 'tap';
import {badgePng} from '@quartier/render';
import {BACKEND_KEY, get, send, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());

/** Sends raw bytes, reads until the server closes; the status and the JSON body. */
function raw(bytes: string): Promise<{status: number; headers: string; body: any}> {
    return new Promise((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.end(bytes));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (d) => (text += d));
        socket.on('error', reject);
        socket.on('close', () => {
            const split = text.indexOf('\r\n\r\n');
            const head = text.slice(0, split);
            try {
                resolve({status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(text.slice(split + 4))});
            } catch (err) {
                reject(new Error(`not a JSON answer: ${JSON.stringify(text.slice(0, 300))} (${(err as Error).message})`));
            }
        });
    });
}

t.test('headers past the limit: 431 with a JSON Error', async (t) => {
    const r = await raw(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    t.equal(r.status, 431);
    t.match(r.headers, /content-type: application\/json/i);
    t.match(r.body.Error, /headers are larger than 16384 bytes/);
});

t.test('bytes that are not HTTP: 400 with a JSON Error', async (t) => {
    for (const request of ['GET /health HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n', 'HELLO\r\n\r\n', 'GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n']) {
        const r = await raw(request);
        t.equal(r.status, 400, JSON.stringify(request));
        t.match(r.body.Error, /not valid HTTP/);
    }
    // The server goes on.
    t.equal((await get(`${server.url}/health`, {})).status, 200);
});

t.test('what Node would refuse without a word gets a JSON Error: no Host, CONNECT', async (t) => {
    const noHost = await raw('GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    t.equal(noHost.status, 400);
    t.match(noHost.body.Error, /needs a Host header/);
    const connect = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    t.equal(connect.status, 405);
    t.match(connect.headers, /allow: GET, POST, OPTIONS/i);
    t.match(connect.body.Error, /CONNECT is not served/);
    const http10 = await raw('GET /health HTTP/1.0\r\n\r\n');
    t.equal(http10.status, 200, 'HTTP/1.0 needs no Host');
});

t.test('odd query strings: a repeated key, a key after 1,000 parameters, an unknown /docs file', async (t) => {
    t.equal((await get(`${server.url}/metrics?licenseKey=${BACKEND_KEY}&licenseKey=x`, {})).status, 200, 'the first of a repeated licenseKey counts');
    const many = Array.from({length: 1000}, (_, i) => `p${i}=1`).join('&');
    for (const path of [`/be/points?${many}&licenseKey=${BACKEND_KEY}`, `/metrics?${many}&licenseKey=${BACKEND_KEY}`]) {
        const r = await get(`${server.url}${path}`, {});
        t.equal(r.status, 400, path.slice(0, 12));
        t.match(r.body.Error, /has 1001 parameters; at most 1000/);
    }
    const docs = await get(`${server.url}/docs/nothing.js`, {});
    t.equal(docs.status, 404);
    t.match(docs.body.Error, /No file nothing\.js in \/docs/);
});

t.test('a wrong method on a known path: 405 with Allow', async (t) => {
    const cases: [string, string, RegExp][] = [
        ['POST', '/be/route', /^GET, HEAD, OPTIONS$/],
        ['DELETE', '/be/points', /^GET, HEAD, OPTIONS$/],
        ['PUT', '/health', /^GET, HEAD, OPTIONS$/],
        ['PUT', '/be/health', /^GET, HEAD, OPTIONS$/],
        ['GET', '/be/enrichment/batch', /\bPOST\b/],
        ['PATCH', '/be/matrix', /\bGET\b.*\bPOST\b|\bPOST\b.*\bGET\b/]
    ];
    for (const [method, path, allow] of cases) {
        const r = await send(`${server.url}${path}`, {method, headers: {LicenseKey: BACKEND_KEY}});
        t.equal(r.status, 405, `${method} ${path}`);
        t.match(r.headers.get('allow'), allow, `${method} ${path}: Allow ${r.headers.get('allow')}`);
        t.match(r.body.Error, new RegExp(`^${method} is not allowed`));
    }
    const unknown = await send(`${server.url}/be/nothing-here`, {method: 'POST', headers: {LicenseKey: BACKEND_KEY}});
    t.equal(unknown.status, 404, 'an unknown path stays a 404');
    t.equal(unknown.headers.get('allow'), null);
});

t.test('/{cc}/health answers like /health', async (t) => {
    const root = await get(`${server.url}/health`, {});
    for (const prefix of ['be', 'PT']) {
        const r = await get(`${server.url}/${prefix}/health`, {});
        t.equal(r.status, 200, prefix);
        t.same(r.body, root.body, `/${prefix}/health`);
    }
});

t.test('an unserved country: the key is checked first', async (t) => {
    const none = await get(`${server.url}/fr/points?bound1=48.85,2.34&bound2=48.86,2.35`, {});
    t.equal(none.status, 401, 'no key: 401, and no list of served countries');
    t.notMatch(none.body.Error, /served/);
    const wrong = await get(`${server.url}/fr/points?bound1=48.85,2.34&bound2=48.86,2.35`, {LicenseKey: 'not-a-key-at-all'});
    t.equal(wrong.status, 401);
    const keyed = await get(`${server.url}/fr/points?bound1=48.85,2.34&bound2=48.86,2.35`);
    t.equal(keyed.status, 404, 'with a key: which countries are served');
    t.match(keyed.body.Error, /FR is not served by this server \(served: .*BE/);
});

t.test('transit line badges are drawn once', async (t) => {
    const first = await get(`${server.url}/be/subicons24/1@2x.png`, {});
    t.equal(first.status, 200);
    t.equal(first.headers.get('content-type'), 'image/png');
    const be = server.regions.find((r) => r.country.code === 'BE')!;
    const a = badgePng(be, 1, 2);
    t.ok(a, 'badge 1 exists in Brussels');
    t.equal(badgePng(be, 1, 2), a, 'the same buffer: not drawn again');
    t.equal(Buffer.compare(a!, first.bytes), 0, 'the bytes served');
    t.not(badgePng(be, 1, 1), a, 'the other ratio is another image');
    t.equal(badgePng(be, 999999999, 2), null, 'an unknown badge is none');
});
