// map_v3.js's searches in Chromium, from the YatmoSearch.search call to the portal's onSearch (the
// API's answer, the MultiPolygon made, the area drawn): 15 minutes by bike and by public transport
// from seeded Brussels positions, and lifestyle for three categories (elementary school, supermarket,
// metro station, 10 minutes on foot, the central box). The server runs in its own process (Brussels,
// answers cache off), the portal's page on another origin (portal.localhost), one browser page for
// every search; each round searches every case once, each case from a new position (a first round
// warms up, not counted); the median, fastest and slowest of the rounds are printed per case.
// Usage: node bench/travel-search.js [--rounds 5] [--out BUNDLES]
//   --out: a folder of built bundles (default build/test-regions).
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {chromium} from 'playwright-core';
import {startBenchServer} from './lib/server.js';
import {mulberry32, percentileOf} from './lib/stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values: flags} = parseArgs({options: {rounds: {type: 'string'}, out: {type: 'string'}}});
const rounds = Number(flags.rounds ?? 5);
const out = path.resolve(flags.out ?? path.join(root, 'build', 'test-regions'));

const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', '--out', out, '--no-build']);
const apiPort = new URL(server.url).port;
const page$ = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="map" style="height:600px"></div>
<script>window.yatmoConfig = {licenseKey: 'quartier-dev-frontend-key', country: 'BE', container: 'map', center: [4.3525, 50.8467], zoom: 13, noPois: true,
  travelTimeSearch: {onSearch: function () { window.searchedAt = performance.now(); }}};</script>
<script src="http://localhost:${apiPort}/map_v3.js"></script></body></html>`;
const site = http.createServer((req, res) => res.writeHead(req.url === '/' ? 200 : 204, {'Content-Type': 'text/html; charset=utf-8'}).end(req.url === '/' ? page$ : ''));
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader']});
const page = await browser.newPage({viewport: {width: 1024, height: 640}});
await page.goto(`http://portal.localhost:${site.address().port}/`);
await page.waitForFunction('window.YatmoSearch && window.YatmoSearch.map && window.YatmoSearch.map.loaded()', undefined, {timeout: 120000});

/** Milliseconds from YatmoSearch.search to onSearch, and the shape's pieces. */
async function searchMs(args) {
    return page.evaluate(`(async () => {
        window.searchedAt = null;
        const start = performance.now();
        const {shape} = await YatmoSearch.search(${JSON.stringify(args)});
        return [window.searchedAt - start, shape.coordinates.length];
    })()`);
}

const random = mulberry32(27);
const position = () => ({latitude: 50.835 + random() * 0.025, longitude: 4.34 + random() * 0.04});
const cases = {
    'travel time, 15 min Bicycling': () => ({...position(), minutes: 15, travelMode: 'Bicycling'}),
    'travel time, 15 min Transit': () => ({...position(), minutes: 15, travelMode: 'Transit'}),
    'lifestyle, 3 categories, 10 min Walking': () => ({lifestyle: ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'], minutes: 10, travelMode: 'Walking', bounds: [[4.33, 50.83], [4.39, 50.87]]})
};
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const pieces = {};
// Round 0 warms up (the workers' first searches, the lifestyle categories' places snapped): not counted.
for (let round = 0; round <= rounds; round++) {
    for (const [name, make] of Object.entries(cases)) {
        const [ms, count] = await searchMs(make());
        if (round > 0) times[name].push(ms);
        pieces[name] = count;
    }
}
console.log(`map_v3.js in Chromium, YatmoSearch.search to onSearch, ${rounds} rounds after one to warm up (server: Brussels, cache off)`);
console.log('| search | median ms | fastest ms | slowest ms | pieces (last) |');
console.log('|---|---|---|---|---|');
for (const [name, list] of Object.entries(times)) {
    console.log(`| ${name} | ${percentileOf(list, 0.5).toFixed(0)} | ${Math.min(...list).toFixed(0)} | ${Math.max(...list).toFixed(0)} | ${pieces[name]} |`);
}
await browser.close();
site.close();
server.stop();
