// /geolocation on a country against Brussels (issue 17): both servers run at once (one worker, no
// answers cache) and their requests alternate, so the machine's load falls on both alike. The
// country's queries name a house on one of the street names every town has and a town; Brussels'
// a house on one of eight central streets. Also the engine alone (Geocoder.search in this process)
// on both indexes, and how many features each search scored.
//   node --expose-gc bench/geolocation-country.js [--junctions 2080000] [--dir /tmp/quartier-country] [--n 200]
//        [--checkout DIR]   (another checkout's built server and engine, to compare with)
//        [--engine-only]    (the engine alone, from the places sections only: a 15M country without its 7 GB)
//        [--answers FILE]   (the engine's answers to the country's queries, one JSON line each, to compare runs)
//        [--be-out DIR]     (where Brussels' bundle is: build/test-regions)
import fs from 'node:fs';
import path from 'node:path';
import {packageEntry} from './lib/packages.js';
import {startBenchServer} from './lib/server.js';
import {arg} from './lib/args.js';
import {mulberry32} from './lib/stats.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const junctions = Number(arg('junctions', 2080000));
const dir = path.resolve(arg('dir', '/tmp/quartier-country'));
const n = Number(arg('n', 200));
const checkout = path.resolve(arg('checkout', root));
const engineOnly = process.argv.includes('--engine-only');
const answersFile = arg('answers', undefined);
const beOut = path.resolve(arg('be-out', path.join(root, 'build', 'test-regions')));
const base = path.join(dir, `country-${junctions}`);
const extract = JSON.parse(fs.readFileSync(`${base}.extract.json`, 'utf8'));
const {streetName, townName} = await import('../tools/synthetic-country-lib.js');
const random = mulberry32(3);
const BRUSSELS_STREETS = ['Rue de la Loi', 'Avenue Louise', 'Rue Neuve', 'Chaussée de Wavre', 'Boulevard Anspach', 'Rue Royale', 'Avenue de Tervueren', 'Rue Haute'];
const country = [], brussels = [];
for (let i = 0; i < n; i++) {
    country.push(`${Math.floor(random() * 5) + 1} ${streetName(Math.floor(random() * 8))}, ${townName(Math.floor(random() * extract.towns))}`);
    brussels.push(`${Math.floor(random() * 40) + 1} ${BRUSSELS_STREETS[Math.floor(random() * BRUSSELS_STREETS.length)]}, Bruxelles`);
}
const p50 = (times) => times.slice().sort((a, b) => a - b)[times.length >> 1];
const p90 = (times) => times.slice().sort((a, b) => a - b)[Math.floor(times.length * 0.9)];

// The engine alone.
const {Region, Geocoder, Places, countryConfig} = await import(packageEntry('@quartier/engine/internal', checkout));
const openGeocoder = (bundle) => {
    if (!engineOnly) return Region.open(bundle).geocoder;
    const bytes = fs.readFileSync(path.join(bundle, 'places.bin'));
    const {country: cc} = JSON.parse(fs.readFileSync(path.join(bundle, 'manifest.json'), 'utf8'));
    return new Geocoder(Places.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), countryConfig(cc));
};
const engine = {};
const answers = [];
for (const [name, bundle, queries] of [['country', path.join(`${base}-bundles`, 'FR'), country], ['brussels', path.join(beOut, 'BE'), brussels]]) {
    const geocoder = openGeocoder(bundle);
    const first = performance.now();
    geocoder.search(queries[0], {language: 'FR'});
    const firstMs = performance.now() - first;
    for (const q of queries.slice(0, 20)) geocoder.search(q, {language: 'FR'});
    const times = [], scored = [];
    for (const q of queries) {
        const t = performance.now();
        const results = geocoder.search(q, {language: 'FR'});
        times.push(performance.now() - t);
        scored.push(geocoder.candidatesScored ?? NaN);
        if (name === 'country') answers.push(JSON.stringify({q, results}));
    }
    engine[name] = {p50: p50(times), p90: p90(times), scored: p50(scored), scoredMax: Math.max(...scored), firstMs};
}
if (answersFile) fs.writeFileSync(answersFile, answers.join('\n') + '\n');

const engineRow = () => `| engine | ${engine.country.p50.toFixed(2)} | ${engine.country.p90.toFixed(2)} | ${engine.brussels.p50.toFixed(2)} | ${engine.brussels.p90.toFixed(2)} | ${(engine.country.p50 / engine.brussels.p50).toFixed(2)} | ${engine.country.scored} (${engine.country.scoredMax}) | ${engine.brussels.scored} (${engine.brussels.scoredMax}) |`;
const header = () => {
    console.log(`/geolocation, ${n} queries each, ${checkout === root ? 'this checkout' : checkout}; country: ${extract.roadNodes.toLocaleString('en')} road nodes, ${extract.towns.toLocaleString('en')} towns; first query in a fresh geocoder: country ${engine.country.firstMs.toFixed(1)} ms, Brussels ${engine.brussels.firstMs.toFixed(1)} ms\n`);
    console.log('| | country p50 ms | p90 | Brussels p50 ms | p90 | ratio of p50 | features scored p50 (max): country | Brussels |');
    console.log('|---|---|---|---|---|---|---|---|');
};
if (engineOnly) {
    header();
    console.log(engineRow());
    process.exit(0);
}

// The bundle this process read goes before two servers read theirs (node --expose-gc).
globalThis.gc?.();

// Over HTTP, alternating.
const headers = {LicenseKey: 'quartier-dev-backend-key'};
const serverArgs = ['--no-build', '--cache', 'off', '--workers', '1'];
const countryServer = await startBenchServer(['--regions', 'FR', '--out', `${base}-bundles`, ...serverArgs], {QUARTIER_LOCAL_REGIONS: path.join(dir, 'regions.local.json')}, checkout);
const brusselsServer = await startBenchServer(['--regions', 'BE', '--out', beOut, ...serverArgs], {}, checkout);
const http = {country: [], brussels: []};
try {
    const get = async (server, cc, q) => {
        const t = performance.now();
        const r = await fetch(`${server.url}/${cc}/geolocation?address=${encodeURIComponent(q)}&language=FR`, {headers});
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`${cc} '${q}': ${r.status}`);
        return performance.now() - t;
    };
    for (let i = 0; i < 20; i++) {
        await get(countryServer, 'fr', country[i]);
        await get(brusselsServer, 'be', brussels[i]);
    }
    for (let i = 0; i < n; i++) {
        http.country.push(await get(countryServer, 'fr', country[i]));
        http.brussels.push(await get(brusselsServer, 'be', brussels[i]));
    }
} finally {
    countryServer.stop();
    brusselsServer.stop();
}
header();
console.log(engineRow());
console.log(`| HTTP | ${p50(http.country).toFixed(2)} | ${p90(http.country).toFixed(2)} | ${p50(http.brussels).toFixed(2)} | ${p90(http.brussels).toFixed(2)} | ${(p50(http.country) / p50(http.brussels)).toFixed(2)} | | |`);
