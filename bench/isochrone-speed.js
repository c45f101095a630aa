// Isochrone speed: in-process p50/p95 per mode and limit on Brussels (seeded origins), the
// GetMultipleTimes cost against the single 20-minute area, and requests per second over HTTP.
// Usage: node bench/isochrone-speed.js [origins=40] [httpSeconds=5] [--out BUNDLES] [--quick]
// (--out: a built Brussels bundle's folder, e.g. build/test-regions, instead of building build/regions/BE;
// --quick: the limits bench/RESULTS.md quotes only: 15 and 20 minutes, transit 20).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {Region, buildRegion, loadRegionConfigs} from '@quartier/engine';
import {arg} from './lib/args.js';
import {printFigure} from './lib/figure.js';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origins = Number(process.argv[2] ?? 40);
const httpSeconds = Number(process.argv[3] ?? 5);
const out = arg('out');
const QUICK = process.argv.includes('--quick');
const region = Region.open(out ? path.resolve(out, 'BE') : buildRegion(loadRegionConfigs(['BE'])[0], {outDir: path.join(root, 'build', 'regions'), quiet: true}).dir);
const iso = region.roadIsochrones;

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const points = [];
while (points.length < origins) {
    const lat = 50.82 + rand() * 0.06, lon = 4.32 + rand() * 0.1;
    if (region.router.snap(lat, lon, 0) && region.router.snap(lat, lon, 1)) points.push([lat, lon]);
}
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const time = (mode, limits) => {
    for (const [lat, lon] of points) iso.compute(mode, lat, lon, limits); // warm-up: one full round
    const ms = points.map(([lat, lon]) => {
        const t = performance.now();
        iso.compute(mode, lat, lon, limits);
        return performance.now() - t;
    });
    return [q(ms, 0.5), q(ms, 0.95)];
};

console.log('| mode | limit | p50 ms | p95 ms |');
console.log('|---|---|---|---|');
const single20 = [];
for (const [mode, name] of [[0, 'car'], [1, 'foot'], [2, 'bike']]) {
    for (const limit of QUICK ? [900, 1200] : [300, 600, 900, 1200, 1800]) {
        const [p50, p95] = time(mode, [limit]);
        if (limit === 1200) single20[mode] = p50;
        printFigure(`isochrone.${name}.${limit / 60}min.p50`, p50);
        console.log(`| ${name} | ${limit / 60} min | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    }
    if (QUICK) continue;
    const [p50, p95] = time(mode, [300, 600, 1200]);
    console.log(`| ${name} | GetMultipleTimes (5, 10, 20) | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    console.log(`| ${name} | ratio GetMultipleTimes / 20 min | ${(p50 / single20[mode]).toFixed(2)} | |`);
}

// Public transport (walk, ride, walk from every stop reached), leaving at the reference time.
const transit = region.transitIsochrones;
for (const [lat, lon] of points) transit.compute(lat, lon, [1200]);
for (const limits of QUICK ? [[1200]] : [[600], [1200], [1800], [300, 600, 1200]]) {
    const ms = points.map(([lat, lon]) => {
        const t = performance.now();
        transit.compute(lat, lon, limits);
        return performance.now() - t;
    });
    if (limits.length === 1) printFigure(`isochrone.transit.${limits[0] / 60}min.p50`, q(ms, 0.5));
    console.log(`| transit | ${limits.length > 1 ? 'GetMultipleTimes (5, 10, 20)' : `${limits[0] / 60} min`} | ${q(ms, 0.5).toFixed(1)} | ${q(ms, 0.95).toFixed(1)} |`);
}

const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE', ...(out ? ['--out', path.resolve(out), '--no-build'] : [])]);
try {
    console.log('\n| HTTP | req/s | p50 ms | p99 ms | non-2xx |');
    console.log('|---|---|---|---|---|');
    for (const [mode, seconds] of [['Walking', 900], ['Driving', 1200], ['Bicycling', 600], ['Transit', 1200]]) {
        const requests = points.map(([lat, lon]) => ({method: 'GET', path: `/isochrone?travelMode=${mode}&latitude=${lat.toFixed(6)}&longitude=${lon.toFixed(6)}&numberOfSeconds=${seconds}`}));
        // Warm-up, not measured: a worker's first areas of a mode take seconds (3.7 s p99 in a 6 s run at 9cb5320).
        await autocannon({url: server.url, connections: 8, amount: 16, headers: {LicenseKey: 'quartier-dev-backend-key'}, requests});
        const r = await autocannon({url: server.url, connections: 8, duration: httpSeconds, headers: {LicenseKey: 'quartier-dev-backend-key'}, requests});
        printFigure(`isochrone.http.${mode}.${seconds / 60}min`, r.requests.average);
        console.log(`| /isochrone ${mode} ${seconds / 60} min | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`);
    }
} finally {
    server.stop();
}
