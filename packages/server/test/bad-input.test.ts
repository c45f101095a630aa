// Bad input of every kind gets a 400 with a JSON Error, never a 500 or a hang.
import http from 'node:http';
import t from 'tap';
import {BACKEND_KEY, get, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be/points`;

const cases: [string, string][] = [
    ['missing bound1', 'bound2=50.849,4.371&language=EN'],
    ['missing bound2', 'bound1=50.844,4.362&language=EN'],
    ['empty bound', 'bound1=&bound2=50.849,4.371'],
    ['not a number', 'bound1=abc,4.362&bound2=50.849,4.371'],
    ['NaN', 'bound1=NaN,4.362&bound2=50.849,4.371'],
    ['Infinity', 'bound1=Infinity,4.362&bound2=50.849,4.371'],
    ['hex', 'bound1=0x32,4.362&bound2=50.849,4.371'],
    ['one coordinate', 'bound1=50.844&bound2=50.849,4.371'],
    ['three coordinates', 'bound1=50.844,4.362,1&bound2=50.849,4.371'],
    ['latitude out of range', 'bound1=95,4.362&bound2=50.849,4.371'],
    ['longitude out of range', 'bound1=50.844,190&bound2=50.849,4.371'],
    ['bad boolean', 'bound1=50.844,4.362&bound2=50.849,4.371&groupSamePositions=maybe'],
    ['bad caring flag', 'bound1=50.844,4.362&bound2=50.849,4.371&caringForBigResponse=2'],
    ['bad type id', 'bound1=50.844,4.362&bound2=50.849,4.371&poiTypesIds=abc'],
    ['short type id', 'bound1=50.844,4.362&bound2=50.849,4.371&poiTypesIds=1002'],
    ['bad language', 'bound1=50.844,4.362&bound2=50.849,4.371&language=f%00'],
    ['control characters', 'bound1=50.844%0A,4.362&bound2=50.849,4.371'],
    ['very long parameter', `bound1=${'1'.repeat(5000)}&bound2=50.849,4.371`],
    ['whole world', 'bound1=-90,-180&bound2=90,180&caringForBigResponse=false']
];

for (const [name, query] of cases) {
    t.test(name, async (t) => {
        const r = await get(`${base}?${query}`);
        t.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
        t.equal(typeof r.body.Error, 'string');
        t.ok(r.body.Error.length > 5);
    });
}

t.test('malformed percent-encoding and odd paths', async (t) => {
    const r = await get(`${base}?bound1=%E0%A4%A&bound2=50.849,4.371`);
    t.equal(r.status, 400);
    t.match(r.body.Error, /not valid percent-encoded UTF-8 near 'bound1'/);
    // An encoded dot-dot segment, sent as is (fetch would resolve it): a path like any other, which names no endpoint.
    const odd = await new Promise<{status: number; body: any}>((resolve, reject) => {
        http.get({host: '127.0.0.1', port: server.port, path: '/be/%2e%2e/points', headers: {LicenseKey: BACKEND_KEY}}, (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({status: res.statusCode ?? 0, body: JSON.parse(text)}));
        }).on('error', reject);
    });
    t.equal(odd.status, 404);
    t.match(odd.body.Error, /No endpoint GET \/%2e%2e\/points/);
});
