// Bulk enrichment: listings per second of `quartier enrich` end to end (process start, bundle open,
// worker warm-up, reading, scoring, writing) on 20,000 seeded positions in Brussels and in Porto, no
// answers cache, every core. Baseline in the same run: GET /enrichment one listing per request with
// SPEC's 4 in flight (what a portal does without the command), on 400 other positions. Then interactive
// /summary p50 and p95 alone, and while a POST /enrichment/batch of 10,000 listings runs.
//   npx tsc -b && node packages/engine/dist/test/setup/build-regions.js && node bench/bulk.js [listings=20000] [--regions BE,PT] [--no-interactive]
//     [--uniform | --inside] [--against CHECKOUT [--rounds 3]] [--stages]
// (--no-interactive: the command and its baseline only, without the /summary-while-a-batch-runs part;
// --uniform: issue 29's positions, uniform over the box of the region's road nodes (seed 11 in Brussels), those
// outside the covered area answered with an error line; --inside: the same draw, those outside the region's covered
// area drawn again, so that every listing is scored (issue 29's "uniformly over the Brussels region"); --against: the command of another checkout built beside
// this one (e.g. a worktree of main) run on the same input, alternating with this one's, `rounds` times: CPU
// seconds (user + system, every thread) and wall per run, the ratio of CPU seconds, and the NDJSON compared byte for byte;
// --stages: after each region's run, one more under V8's profiler, and the CPU per listing split by stage.)
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import {serverBin} from './lib/packages.js';
import {startBenchServer} from './lib/server.js';
import {percentileOf} from './lib/stats.js';
import {arg} from './lib/args.js';
import {printFigure} from './lib/figure.js';
import {readProfiles, stageTimes} from './lib/profile-stages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundles = path.join(root, 'build', 'test-regions');
const count = Number(process.argv[2] ?? 20000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bulk-bench-'));
const KEY = 'quartier-dev-backend-key';
const REGIONS = arg('regions', 'BE,PT').split(',');
const SEEDS = {BE: 13, PT: 17};
const INSIDE = process.argv.includes('--inside');
const UNIFORM = INSIDE || process.argv.includes('--uniform');
const UNIFORM_SEEDS = {BE: 11, PT: 12};
const AGAINST = arg('against');
const ROUNDS = Number(arg('rounds', 3));
const STAGES = process.argv.includes('--stages');

/** Seeded positions on the region's roads, moved up to about 15 m (inside the covered area). */
function positions(cc, n, seed) {
    const g = regionSections(Region.open(path.join(bundles, cc))).roads;
    let x = seed;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const out = [];
    while (out.length < n) {
        const i = Math.floor(next() * g.junctionCount);
        out.push([+(g.nodeLat[i] / 1e7 + (next() - 0.5) * 0.0002).toFixed(6), +(g.nodeLon[i] / 1e7 + (next() - 0.5) * 0.0003).toFixed(6)]);
    }
    return out;
}

/** Issue 29's positions: uniform over the box of the region's road nodes (some outside the covered area unless `inside`). */
function uniformPositions(cc, n, seed, inside = false) {
    const region = Region.open(path.join(bundles, cc));
    const g = regionSections(region).roads;
    let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
    for (let i = 0; i < g.junctionCount; i++) {
        const lat = g.nodeLat[i] / 1e7, lon = g.nodeLon[i] / 1e7;
        minLat = Math.min(minLat, lat);
        maxLat = Math.max(maxLat, lat);
        minLon = Math.min(minLon, lon);
        maxLon = Math.max(maxLon, lon);
    }
    let x = seed;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const out = [];
    while (out.length < n) {
        const lat = +(minLat + next() * (maxLat - minLat)).toFixed(6), lon = +(minLon + next() * (maxLon - minLon)).toFixed(6);
        if (!inside || (region.contains(lat, lon) && region.covers(lat, lon))) out.push([lat, lon]);
    }
    return out;
}

/** `quartier enrich` of a checkout on one file: wall and CPU seconds (bash's `times`: the command's user + system, all threads). */
function runEnrich(cc, input, output, checkout = root, nodeArgs = []) {
    return new Promise((resolve, reject) => {
        const started = performance.now();
        fs.rmSync(output, {force: true});
        const child = spawn('bash', ['-c', '"$@"; code=$?; times >&2; exit $code', 'bash', process.execPath, ...nodeArgs, serverBin('quartier', checkout), 'enrich', '--country', cc,
            '--out', bundles, input, '-o', output], {stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, CI: '1'}});
        let log = '';
        child.stderr.on('data', (d) => (log += d));
        child.on('exit', (code) => {
            if (code !== 0) return reject(new Error(log));
            const [user, system] = [...log.trim().split('\n').at(-1).matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
            resolve({seconds: (performance.now() - started) / 1000, cpu: user + system, log});
        });
    });
}

/**
 * Where a listing's time goes (--stages): every CPU sample of the command's threads (V8's profiler, in a run of its
 * own: the profiler slows it) given to a stage (profile-stages.js): the outer ones whole (the warm-up and the start-up
 * first, whatever they call; then a search with all it calls), the rest by the innermost frame that names one.
 */
const BULK_STAGES = [
    ['(idle)', (f) => f === '(idle)'],
    ['start-up: the threads\' warm-up searches', (f, u) => /tasks\.js/.test(u) && /^(warm|warmEnrichments|prepare)$/.test(f), {outer: true}],
    ['start-up: loading code, opening the bundles', (f, u) => /modules\/(cjs|esm)/.test(u) || f === 'openRegion' || (f === 'takeIn' && /region-inbox/.test(u)), {outer: true}],
    ['garbage collection', (f) => f === '(garbage collector)'],
    ['road trips: one-to-many sweeps (car, foot, bike)', (f, u) => f === 'measureMany' && /road-router/.test(u), {outer: true}],
    ['public transport: access and egress walks, stop profiles, RAPTOR', (f, u) => f === 'transitMany' && /trips\.js/.test(u), {outer: true}],
    ['places: the nearest of each type (spatial index)', (f, u) => f === 'closestPlaces' && /nearby\.js/.test(u), {outer: true}],
    ['snapping the origin and the places to the roads', (f, u) => /trips\.js/.test(u) && (f === 'snap' || f === 'TripMeter'), {outer: true}],
    ['ranking and choosing places, trip memo', (f, u) => /neighbourhood\//.test(u)],
    ['the answer: JSON of each listing', (f, u) => f === 'enrichmentAnswer' || f === 'stringify' || f === 'enrichmentBatch'],
    ['main thread: reading, ordering and writing listings', (f, u) => /enrich-command|enrichment\/bulk|csv-parse/.test(u)],
    ['messages between threads', (f, u) => /messageport|event_target|worker\/io|task-port|task-dispatch/.test(u)],
    ['(program: V8 and native code outside any function)', (f) => f === '(program)']
];

async function printStages(cc, input, output) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bulk-profile-'));
    try {
        const {seconds} = await runEnrich(cc, input, output, root, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
        const totals = new Map();
        for (const {profile} of await readProfiles(dir)) {
            for (const [name, us] of stageTimes(profile, BULK_STAGES)) totals.set(name, (totals.get(name) ?? 0) + us);
        }
        const busy = [...totals].filter(([name]) => name !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
        console.log(`\n### ${cc}: where a listing's time goes (every thread's CPU samples, a profiled run of ${seconds.toFixed(1)} s)\n`);
        console.log('| stage | CPU s | µs per listing | share |');
        console.log('|---|---:|---:|---:|');
        for (const [name, us] of totals) {
            if (name === '(idle)') continue;
            console.log(`| ${name} | ${(us / 1e6).toFixed(2)} | ${Math.round(us / count)} | ${(100 * us / busy).toFixed(1)} % |`);
        }
        console.log(`| **all** | ${(busy / 1e6).toFixed(2)} | ${Math.round(busy / count)} | 100 % |`);
    } finally {
        fs.rmSync(dir, {recursive: true, force: true});
    }
}

/** This checkout's command against another's on the same listings, alternating: CPU and wall per run, answers compared. */
async function againstBaseline(cc, input, output) {
    const other = output.replace(/\.ndjson$/, '.baseline.ndjson');
    console.log(`\n### ${cc}: this checkout against ${AGAINST}, ${ROUNDS} rounds alternating\n`);
    console.log('| round | baseline wall s | baseline CPU s | this wall s | this CPU s | CPU ratio (baseline / this) | NDJSON |');
    console.log('|---:|---:|---:|---:|---:|---:|---|');
    for (let r = 1; r <= ROUNDS; r++) {
        const base = await runEnrich(cc, input, other, path.resolve(AGAINST));
        const mine = await runEnrich(cc, input, output);
        const same = fs.readFileSync(other).equals(fs.readFileSync(output));
        console.log(`| ${r} | ${base.seconds.toFixed(1)} | ${base.cpu.toFixed(1)} | ${mine.seconds.toFixed(1)} | ${mine.cpu.toFixed(1)} | ${(base.cpu / mine.cpu).toFixed(2)} | ${same ? 'byte for byte the same' : 'DIFFERENT'} |`);
    }
    fs.rmSync(other, {force: true});
}

function request(url, {method = 'GET', body} = {}) {
    return new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.request(url, {method, agent: false, headers: {LicenseKey: KEY}}, (res) => {
            let bytes = 0;
            res.on('data', (d) => (bytes += d.length));
            res.on('end', () => resolve({status: res.statusCode, ms: performance.now() - started, bytes}));
        });
        req.on('error', reject);
        req.end(body);
    });
}

console.log(`## quartier enrich, ${count.toLocaleString('en')} listings per region (${os.availableParallelism()} cores)\n`);
console.log('| region | listings | wall s | CPU s | listings/s (wall, start included) | listings/s (command\'s own) | failed |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const rates = {};
for (const cc of REGIONS) {
    const seed = SEEDS[cc] ?? 19;
    const input = path.join(tmp, `${cc}.csv`), output = path.join(tmp, `${cc}.ndjson`);
    const list = UNIFORM ? uniformPositions(cc, count, UNIFORM_SEEDS[cc] ?? seed, INSIDE) : positions(cc, count, seed);
    fs.writeFileSync(input, `id,latitude,longitude\n${list.map(([lat, lon], i) => `${cc}${i},${lat},${lon}`).join('\n')}\n`);
    if (AGAINST) await againstBaseline(cc, input, output);
    const {seconds, cpu, log} = await runEnrich(cc, input, output);
    const summary = /done (\d+) \(scored (\d+), failed (\d+)\).*?(\d+) listings\/s/.exec(log);
    const lines = fs.readFileSync(output, 'utf8').split('\n').filter(Boolean).length;
    if (!summary || lines !== count) throw new Error(`${cc}: ${lines} lines for ${count} listings\n${log}`);
    rates[cc] = count / seconds;
    console.log(`| ${cc} | ${count} | ${seconds.toFixed(1)} | ${cpu.toFixed(1)} | ${Math.round(count / seconds)} | ${summary[4]} | ${summary[3]} |`);
    if (STAGES) await printStages(cc, input, output);
}

const server = await startBenchServer(['--out', bundles, '--no-build', '--regions', 'BE', '--cache', 'off'], {QUARTIER_WORKERS: String(os.availableParallelism())});
try {
    // Baseline: one GET /enrichment per listing, 4 in flight (SPEC §8), cold.
    const single = positions('BE', 400, 31);
    const t0 = performance.now();
    let next = 0, failures = 0;
    await Promise.all(Array.from({length: 4}, async () => {
        while (next < single.length) {
            const [lat, lon] = single[next++];
            const r = await request(`${server.url}/be/enrichment?latitude=${lat}&longitude=${lon}`);
            if (r.status !== 200) failures++;
        }
    }));
    const perRequest = single.length / ((performance.now() - t0) / 1000);
    console.log(`\nBaseline, GET /enrichment one listing per request, 4 in flight (400 Brussels positions, cold): ${Math.round(perRequest)} listings/s`
        + ` (${failures} failed). quartier enrich: ${REGIONS.map((cc) => `${(rates[cc] / perRequest).toFixed(1)}× that in ${cc}`).join(', ')}`
        + `; the service we re-implement answers a first enrichment in about a second (about 4 listings/s): ${REGIONS.map((cc) => `${Math.round(rates[cc] / 4)}× in ${cc}`).join(', ')}.\n`);
    for (const cc of REGIONS) printFigure(`bulk.${cc}`, rates[cc], perRequest);
    if (!process.argv.includes('--no-interactive')) await summaryWhileBatch();
} finally {
    server.stop();
    fs.rmSync(tmp, {recursive: true, force: true});
}

/** Interactive /summary p50 and p95 alone, then while a POST /enrichment/batch of 10,000 listings runs. */
async function summaryWhileBatch() {
    const summaryAt = async (list) => {
        const ms = [];
        for (const [lat, lon] of list) {
            const r = await request(`${server.url}/be/summary?latitude=${lat}&longitude=${lon}&language=EN`);
            if (r.status !== 200) throw new Error(`summary ${r.status}`);
            ms.push(r.ms);
        }
        return ms;
    };
    const alone = await summaryAt(positions('BE', 150, 41));
    const listings = positions('BE', 10000, 43).map(([latitude, longitude], i) => ({id: i, latitude, longitude}));
    const batchStarted = performance.now();
    let batchDone = false;
    const batch = request(`${server.url}/be/enrichment/batch`, {method: 'POST', body: JSON.stringify(listings)}).then((r) => {
        batchDone = true;
        return {...r, seconds: (performance.now() - batchStarted) / 1000};
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = [];
    for (const p of positions('BE', 400, 47)) {
        if (batchDone) break;
        during.push(...await summaryAt([p]));
    }
    const b = await batch;
    console.log('| /summary (cold, one at a time) | requests | p50 ms | p95 ms |');
    console.log('|---|---:|---:|---:|');
    console.log(`| alone | ${alone.length} | ${percentileOf(alone, 0.5).toFixed(1)} | ${percentileOf(alone, 0.95).toFixed(1)} |`);
    console.log(`| while a batch of 10,000 runs | ${during.length} | ${percentileOf(during, 0.5).toFixed(1)} | ${percentileOf(during, 0.95).toFixed(1)} |`);
    console.log(`\np95 while a batch runs / p95 alone: ${(percentileOf(during, 0.95) / percentileOf(alone, 0.95)).toFixed(2)} (target: under 3).`
        + ` The batch: ${b.status}, ${(b.bytes / 1e6).toFixed(1)} MB in ${b.seconds.toFixed(1)} s, ${Math.round(10000 / b.seconds)} listings/s over HTTP with half the workers.`);
}
