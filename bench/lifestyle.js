// Search by lifestyle (GET /isochrone/lifestyle): the area of Brussels's central box from which the
// nearest elementary school, supermarket and metro station are all within 10 minutes, per mode;
// in process (the engine's LifestyleAreas: one backward search per category, by public transport
// an arrive-by RAPTOR per departure of the window first; one lattice, one contour) and over HTTP (the server in its own process, its workers), rounds with their spread. For
// comparison, one /isochrone of the same mode and limit from seeded origins in the same box.
// The first search of a mode also snaps the categories' places (kept for the next ones): shown apart.
// Usage: node bench/lifestyle.js [--rounds 3] [--repeats 10] [--seconds 3] [--out BUNDLES]
//   --out: a folder of built bundles (e.g. build/test-regions); else BE is built into build/regions.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import autocannon from 'autocannon';
import {Region, buildRegion, loadRegionConfigs} from '@quartier/engine';
import {loadCategories, splitTypeId} from '@quartier/engine/internal';
import {mulberry32, percentileOf, timed} from './lib/stats.js';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values: flags} = parseArgs({options: {rounds: {type: 'string'}, repeats: {type: 'string'}, seconds: {type: 'string'}, out: {type: 'string'}}});
const rounds = Number(flags.rounds ?? 3), repeats = Number(flags.repeats ?? 10), httpSeconds = Number(flags.seconds ?? 3);
const KEYS = ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'];
const MINUTES = 10;
const MODES = [['Driving', 0], ['Walking', 1], ['Bicycling', 2], ['Transit', 3]];

const dir = flags.out ? path.join(path.resolve(flags.out), 'BE')
    : buildRegion(loadRegionConfigs(['BE'])[0], {outDir: path.join(root, 'build', 'regions'), quiet: true}).dir;
const region = Region.open(dir);
const entries = loadCategories().enrichment.BE;
const categories = KEYS.map((key) => splitTypeId(entries.find((e) => e.key === key).id));
// The central box: the middle half of the region's box each way.
const [w, s, e, n] = region.tileBounds;
const box = [w + (e - w) / 4, s + (n - s) / 4, e - (e - w) / 4, n - (n - s) / 4].map((x) => Math.round(x * 1e4) / 1e4);
const random = mulberry32(27);
const origins = [];
while (origins.length < 20) {
    const lat = box[1] + random() * (box[3] - box[1]), lon = box[0] + random() * (box[2] - box[0]);
    if ([0, 1, 2].every((m) => region.router.snap(lat, lon, m))) origins.push([lat, lon]);
}
const spread = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
const median = (xs) => percentileOf(xs, 0.5);

console.log(`Lifestyle search: ${KEYS.join(' + ')} within ${MINUTES} min, box ${box.join(',')} (${rounds} rounds × ${repeats})\n`);
console.log('| in process | first (snaps the places) ms | p50 ms (median of rounds) | p50 spread | p95 ms | /isochrone 10 min p50 ms | pieces |');
console.log('|---|---|---|---|---|---|---|');
const lifestyle = region.lifestyleAreas;
/** One /isochrone of the mode, in process. */
const isochrone = (mode, lat, lon) => (mode === 3 ? region.transitIsochrones.compute(lat, lon, [MINUTES * 60]) : region.roadIsochrones.compute(mode, lat, lon, [MINUTES * 60]));
for (const [name, mode] of MODES) {
    const [first, result] = timed(() => lifestyle.compute(mode, categories, MINUTES * 60, box));
    const p50s = [], p95s = [], isoP50s = [];
    for (let round = 0; round < rounds; round++) {
        const ms = [];
        for (let i = 0; i < repeats; i++) ms.push(timed(() => lifestyle.compute(mode, categories, MINUTES * 60, box))[0]);
        p50s.push(median(ms));
        p95s.push(percentileOf(ms, 0.95));
        isoP50s.push(median(origins.map(([lat, lon]) => timed(() => isochrone(mode, lat, lon))[0])));
    }
    console.log(`| ${name} | ${first.toFixed(1)} | ${median(p50s).toFixed(1)} | ${spread(p50s)} | ${median(p95s).toFixed(1)} | ${median(isoP50s).toFixed(1)} | ${result.area.coordinates.length} |`);
}

const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', ...(flags.out ? ['--out', path.resolve(flags.out), '--no-build'] : [])]);
try {
    const headers = {LicenseKey: 'quartier-dev-backend-key'};
    const measure = async (requests) => {
        const r = await autocannon({url: server.url, connections: 4, duration: httpSeconds, headers, requests});
        return {rps: r.requests.average, p50: r.latency.p50, failed: r.non2xx + r.errors};
    };
    const lifestylePath = (name) => `/isochrone/lifestyle?categories=${KEYS.join(',')}&travelMode=${name}&minutes=${MINUTES}&bbox=${box.join(',')}`;
    const isochronePaths = (name) => origins.map(([lat, lon]) => ({method: 'GET', path: `/isochrone?travelMode=${name}&latitude=${lat.toFixed(6)}&longitude=${lon.toFixed(6)}&numberOfSeconds=${MINUTES * 60}`}));
    // Every worker warm (its places snapped, its code compiled) before the rounds.
    for (const [name] of MODES) await measure([{method: 'GET', path: lifestylePath(name)}]);
    console.log('\n| HTTP (4 connections) | lifestyle req/s (median) | spread | p50 ms | /isochrone req/s | spread | p50 ms | failed |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [name] of MODES) {
        const ls = [], is = [];
        for (let round = 0; round < rounds; round++) {
            ls.push(await measure([{method: 'GET', path: lifestylePath(name)}]));
            is.push(await measure(isochronePaths(name)));
        }
        const rps = (xs) => xs.map((x) => x.rps);
        const failed = [...ls, ...is].reduce((sum, x) => sum + x.failed, 0);
        console.log(`| ${name} | ${median(rps(ls)).toFixed(1)} | ${spread(rps(ls))} | ${median(ls.map((x) => x.p50))} | ${median(rps(is)).toFixed(1)} | ${spread(rps(is))} | ${median(is.map((x) => x.p50))} | ${failed} |`);
    }
} finally {
    server.stop();
}
