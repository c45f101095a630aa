// Travel-time matrices (issue 13): 100 x 100 and 1,000 x 1,000 for car, foot and bike, in-process
// (RoadRouter.measureTable, snapping included) and over HTTP (POST /matrix, the server in its own
// process with 2 workers), against the sum of single measure() calls (in-process) and of single
// /route requests (HTTP) for the same pairs in the same run. The single calls for 1,000 x 1,000
// are sampled (SAMPLE pairs) and extrapolated; the 100 x 100 in-process baseline runs every pair.
// Public transport: 100 x 100 (TransitRouter.targets + measureTargets per source) against sampled
// single route() calls, and over HTTP; in process, the CPU per source and a hash of the cells.
// Usage: node bench/matrix.js [regions dir = build/test-regions] [--quick]
// (--quick: car and transit 100 x 100 only, with their baselines: what bench/check.js runs).
import {createHash} from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region, MODES, CAR, FOOT, BIKE} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import {startBenchServer} from './lib/server.js';
import {mulberry32} from './lib/stats.js';
import {printFigure} from './lib/figure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : path.join(root, 'build', 'test-regions');
const QUICK = process.argv.includes('--quick');
const ROAD_MODES = QUICK ? [CAR] : [CAR, FOOT, BIKE];
const region = Region.open(path.join(dir, 'BE'));
const router = region.router, g = regionSections(region).roads;
const SAMPLE = 2000;
const HTTP_SAMPLE = 200;
const TRAVEL_MODE = ['Driving', 'Walking', 'Bicycling'];

// Seeded positions at road nodes of the covered area.
const rnd = mulberry32(13);
function positions(count) {
    const out = [];
    while (out.length < count) {
        const x = Math.floor(rnd() * g.nodeCount);
        const lat = Math.round(g.nodeLat[x] / 10) / 1e6, lon = Math.round(g.nodeLon[x] / 10) / 1e6;
        if (region.covers(lat, lon) && region.contains(lat, lon)) out.push([lat, lon]);
    }
    return out;
}
const ms = (t0) => performance.now() - t0;
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function table(mode, sources, destinations) {
    const froms = sources.map(([lat, lon]) => router.snap(lat, lon, mode));
    const tos = destinations.map(([lat, lon]) => router.snap(lat, lon, mode));
    return router.measureTable(mode, froms, tos);
}

/** ms of the sum of single measure() calls (snapping included) over `pairs` of the table, extrapolated to all. */
function singles(mode, sources, destinations, pairs) {
    const n = sources.length, m = destinations.length;
    const all = pairs >= n * m;
    const t0 = performance.now();
    for (let k = 0; k < Math.min(pairs, n * m); k++) {
        const i = all ? Math.floor(k / m) : Math.floor(rnd() * n), j = all ? k % m : Math.floor(rnd() * m);
        const a = router.snap(sources[i][0], sources[i][1], mode), b = router.snap(destinations[j][0], destinations[j][1], mode);
        if (a && b) router.measure(mode, a, b);
    }
    return ms(t0) * (n * m) / Math.min(pairs, n * m);
}

const small = [positions(100), positions(100)], large = [positions(1000), positions(1000)];
console.log('In-process (Brussels, one thread):');
console.log('| mode | table | matrix ms | sum of single measure() ms | ratio |');
console.log('|---|---|---|---|---|');
for (const mode of ROAD_MODES) {
    table(mode, ...small); // warm-up (the hierarchy's arc lengths, compiled code)
    const runs = [];
    for (let r = 0; r < 5; r++) {
        const t0 = performance.now();
        table(mode, ...small);
        runs.push(ms(t0));
    }
    const m100 = median(runs), s100 = singles(mode, ...small, Infinity);
    console.log(`| ${MODES[mode]} | 100 x 100 | ${fmt(m100)} (median of 5) | ${fmt(s100)} (all 10,000 pairs) | ${(s100 / m100).toFixed(0)}x |`);
    printFigure(`matrix.${MODES[mode]}.100.in-process`, m100, s100);
    if (QUICK) continue;
    const t0 = performance.now();
    table(mode, ...large);
    const m1000 = ms(t0), s1000 = singles(mode, ...large, SAMPLE);
    console.log(`| ${MODES[mode]} | 1,000 x 1,000 | ${fmt(m1000)} | ${fmt(s1000)} (${SAMPLE} pairs sampled, extrapolated) | ${(s1000 / m1000).toFixed(0)}x |`);
}

const transit = region.transitRouter;
{
    const [sources, destinations] = small;
    // Warm-up, with the stop profiles a server's worker makes when it starts (a checkout without them: nothing).
    transit.prepareWindow?.();
    transit.measureMany(sources[0][0], sources[0][1], destinations.flat());
    const t0 = performance.now(), cpu0 = process.cpuUsage();
    const targets = transit.targets(destinations.flat());
    const rows = sources.map(([lat, lon]) => transit.measureTargets(lat, lon, targets));
    const mt = ms(t0), cpu = process.cpuUsage(cpu0);
    // The cells as POST /matrix shows them (ms, metres to the millimetre): a change of code must leave the hash alone.
    const hash = createHash('sha256');
    for (const row of rows) for (const cell of row) hash.update(cell ? `${cell.time},${Math.round(cell.distance * 1000)};` : 'null;');
    console.log(`transit 100 x 100 in process: ${((cpu.user + cpu.system) / 1000 / 100).toFixed(2)} ms CPU per source (wall ${fmt(mt / 100)}); cells ${hash.digest('hex').slice(0, 16)}`);
    const t1 = performance.now();
    for (let k = 0; k < 200; k++) {
        const a = sources[Math.floor(rnd() * 100)], b = destinations[Math.floor(rnd() * 100)];
        try {
            transit.route(a[0], a[1], b[0], b[1]);
        } catch {
            // same place, off the network: measured all the same
        }
    }
    const st = ms(t1) * 10000 / 200;
    printFigure('matrix.transit.100.per-source', mt / 100, st / 100);
    console.log(`| transit | 100 x 100 | ${fmt(mt)} (${fmt(mt / 100)} per source) | ${fmt(st)} (200 pairs sampled, extrapolated) | ${(st / mt).toFixed(0)}x |`);
}

const server = await startBenchServer(['--out', dir, '--no-build', '--regions', 'BE', '--default-country', 'BE', '--cache', path.join(root, 'build', 'bench-matrix-cache')]);
const headers = {LicenseKey: 'quartier-dev-backend-key', 'Content-Type': 'application/json'};
async function post(travelMode, sources, destinations) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/matrix`, {method: 'POST', headers, body: JSON.stringify({travelMode, sources, destinations})});
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return ms(t0);
}
async function singleRoutes(travelMode, sources, destinations, pairs) {
    const t0 = performance.now();
    for (let k = 0; k < pairs; k++) {
        const a = sources[Math.floor(rnd() * sources.length)], b = destinations[Math.floor(rnd() * destinations.length)];
        await fetch(`${server.url}/route?travelMode=${travelMode}&startLatitude=${a[0]}&startLongitude=${a[1]}&arrivalLatitude=${b[0]}&arrivalLongitude=${b[1]}`, {headers}).then((r) => r.arrayBuffer());
    }
    return ms(t0) / pairs;
}
try {
    console.log('\nOver HTTP (POST /matrix on loopback, server with 2 workers; singles: sequential GET /route):');
    console.log('| mode | table | matrix ms | sum of single /route ms (extrapolated from sampled pairs) | ratio |');
    console.log('|---|---|---|---|---|');
    for (const mode of ROAD_MODES) {
        const travelMode = TRAVEL_MODE[mode];
        await post(travelMode, ...small); // warm-up
        const per = await singleRoutes(travelMode, ...small, HTTP_SAMPLE);
        const runs = [];
        for (let r = 0; r < 3; r++) runs.push(await post(travelMode, ...small));
        const h100 = median(runs);
        console.log(`| ${MODES[mode]} | 100 x 100 | ${fmt(h100)} (median of 3) | ${fmt(per * 1e4)} (${fmt(per)} per route) | ${(per * 1e4 / h100).toFixed(0)}x |`);
        printFigure(`matrix.${MODES[mode]}.100.http`, h100, per * 1e4);
        if (QUICK) continue;
        const h1000 = await post(travelMode, ...large);
        console.log(`| ${MODES[mode]} | 1,000 x 1,000 | ${fmt(h1000)} | ${fmt(per * 1e6)} | ${(per * 1e6 / h1000).toFixed(0)}x |`);
    }
    if (!QUICK) await transitOverHttp();
} finally {
    server.stop();
}

/** POST /matrix for public transport 100 x 100, against sampled single /route requests. */
async function transitOverHttp() {
    const per = await singleRoutes('Transit', ...small, 50);
    const ht = await post('Transit', ...small);
    console.log(`| transit | 100 x 100 | ${fmt(ht)} | ${fmt(per * 1e4)} (${fmt(per)} per route, 50 sampled) | ${(per * 1e4 / ht).toFixed(0)}x |`);
}
