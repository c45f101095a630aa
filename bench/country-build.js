// A country within one machine (issue 17): a synthetic country (tools/synthetic-roads.js --country,
// with POIs, addresses and a GTFS feed) built through `quartier add-region` as a user would, then
// served, against Brussels in the same run.
//   npx tsc -b && node bench/country-build.js [--junctions 7900000] [--dir /tmp/quartier-country]
//        [--heap MB] [--generate-only] [--skip-build] [--build-only] [--trace-gc] [--queries 60] [--be-out build/test-regions]
// The extract is generated into --dir when missing (never into the repository). The build runs in a
// child process (node --max-old-space-size=--heap when given) whose RSS is sampled from /proc every
// 250 ms: per stage, the seconds, the CPU seconds (user + system, from /proc: about what a quiet
// machine's wall time would be, the build being one thread but for V8's garbage-collector helpers)
// and the highest RSS; the process peak is its VmHWM. Then: bundle
// size and bytes per road node (OSM nodes on routable ways) per section, the time Region.open takes
// (in a child), and per endpoint the p50 of sequential HTTP requests (bench/lib/server.js, one
// worker, no answers cache) on the country and on Brussels, with each server's RSS after warm-up.
// Figures also go to DIR/country-J.json. --build-only stops after the build and the bundle's sizes
// (with --skip-build: records the sizes of a bundle built before); --trace-gc passes V8's
// --trace-gc to the build (its lines on stdout: the heap in use after each collection against the RSS).
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {withHugePages} from '@quartier/engine/internal';
import {BUILD_REGION_SCRIPT} from '@quartier/server';
import {packageEntry} from './lib/packages.js';
import {startBenchServer} from './lib/server.js';
import {arg} from './lib/args.js';
import {mulberry32} from './lib/stats.js';
import {COUNTRY, M, M_LON, SHAPE, countryExtract, townCentre, z14} from './lib/synthetic-country.js';
import {runSampled} from './lib/sampled-run.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// 7.9M junctions: 15.4M road nodes (OSM nodes on routable ways), Belgium's order; over an hour on 2 cores.
const junctions = Number(arg('junctions', 7900000));
const dir = path.resolve(arg('dir', '/tmp/quartier-country'));
const heap = arg('heap', undefined);
const queryCount = Number(arg('queries', 60));
const beOut = path.resolve(arg('be-out', path.join(root, 'build', 'test-regions')));
fs.mkdirSync(dir, {recursive: true});
const base = path.join(dir, `country-${junctions}`);
const pbf = `${base}.osm.pbf`, gtfs = `${base}.gtfs.zip`, out = `${base}-bundles`;
const resultsFile = `${base}.json`;
const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
const save = () => {
    fs.writeFileSync(`${resultsFile}.tmp`, JSON.stringify(results, null, 2));
    fs.renameSync(`${resultsFile}.tmp`, resultsFile);
};

const extract = countryExtract(base, junctions);
if (process.argv.includes('--generate-only')) process.exit(0);
results.extract = {...extract, pbfBytes: fs.statSync(pbf).size, gtfsBytes: fs.statSync(gtfs).size};
console.log(`extract: ${extract.roadNodes} road nodes (${extract.osmNodes} OSM nodes), ${extract.ways} ways, ${(results.extract.pbfBytes / 1e6).toFixed(0)} MB .osm.pbf; ` +
    `${JSON.stringify(extract.content)}; generated in ${extract.seconds.toFixed(0)} s, peak ${extract.peakRssMB?.toFixed(0)} MB`);

async function build() {
    const localRegions = path.join(dir, 'regions.local.json');
    const args = [...(heap ? [`--max-old-space-size=${heap}`] : []), ...(process.argv.includes('--trace-gc') ? ['--trace-gc'] : []), BUILD_REGION_SCRIPT, 'add-region',
        '--country', COUNTRY, '--osm', pbf, '--gtfs', gtfs, '--name', 'Synthetic country', '--out', out, '--force'];
    // The script `quartier add-region` runs (BUILD_REGION_SCRIPT), started here itself so that the pid sampled is the
    // build's, not a wrapper's. Huge pages, as npm start and quartier build-region run it.
    return runSampled(args, withHugePages({...process.env, QUARTIER_LOCAL_REGIONS: localRegions}));
}

if (!process.argv.includes('--skip-build') || !results.build) {
    results.build = await build();
    save();
}
const manifest = JSON.parse(fs.readFileSync(path.join(out, COUNTRY, 'manifest.json'), 'utf8'));
const bundleBytes = Object.values(manifest.sections).reduce((s, x) => s + x.bytes, 0);
results.bundle = {bytes: bundleBytes, sections: Object.fromEntries(Object.entries(manifest.sections).map(([k, v]) => [k, v.bytes])),
    graphNodes: manifest.stats.roads.nodes, edges: manifest.stats.roads.edges, pois: manifest.stats.pois.records, addresses: manifest.stats.places.addresses,
    streets: manifest.stats.places.streets, transit: {stops: manifest.stats.transit?.stopCount, trips: manifest.stats.transit?.tripCount, seconds: manifest.stats.transit?.seconds}};
save();
if (process.argv.includes('--build-only')) process.exit(0);

/** Region.open in a fresh process: seconds and RSS after. */
function openRegion(bundleDir) {
    const script = `import {Region} from ${JSON.stringify(packageEntry('@quartier/engine'))};
        const t = performance.now(); Region.open(${JSON.stringify(bundleDir)});
        console.log(JSON.stringify({seconds: (performance.now() - t) / 1000, rssMB: process.memoryUsage().rss / 1048576}));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', env: withHugePages()});
    if (run.status !== 0) throw new Error(`Region.open failed: ${run.stderr}`);
    return JSON.parse(run.stdout);
}

/**
 * The same work in both regions: `point()` gives a position in a built-up area, `near(p)` one 2-5 km
 * away (a trip across Brussels, or to the next town), `address()` a street and town to geocode.
 */
function queries(cc, point, near, address, random) {
    const list = [];
    const add = (endpoint, make) => {
        for (let i = 0; i < queryCount; i++) list.push({endpoint, path: `/${cc}${make()}`});
    };
    const at = (p) => `latitude=${p[0].toFixed(6)}&longitude=${p[1].toFixed(6)}`;
    add('/enrichment', () => `/enrichment?${at(point())}&language=FR`);
    add('/summary', () => `/summary?${at(point())}&language=FR`);
    for (const mode of ['Driving', 'Walking', 'Bicycling', 'Transit']) {
        add(`/route ${mode}`, () => {
            const a = point(), b = near(a);
            return `/route?travelMode=${mode}&startLatitude=${a[0].toFixed(6)}&startLongitude=${a[1].toFixed(6)}&arrivalLatitude=${b[0].toFixed(6)}&arrivalLongitude=${b[1].toFixed(6)}&language=FR`;
        });
    }
    add('/isochrone Driving 10 min', () => `/isochrone?travelMode=Driving&${at(point())}&numberOfSeconds=600`);
    add('/isochrone Walking 10 min', () => `/isochrone?travelMode=Walking&${at(point())}&numberOfSeconds=600`);
    add('/matrix Driving 5×5', () => {
        const a = point(), cells = [];
        for (let i = 0; i < 5; i++) cells.push(i === 0 ? a : near(a));
        return `/matrix?travelMode=Driving&sources=${cells.map((p) => `${p[0].toFixed(5)},${p[1].toFixed(5)}`).join(';')}`;
    });
    add('/geolocation', () => `/geolocation?address=${encodeURIComponent(address())}&language=FR`);
    add('/points', () => {
        const p = point();
        return `/points?bound1=${p[0].toFixed(5)},${p[1].toFixed(5)}&bound2=${(p[0] + 0.005).toFixed(5)},${(p[1] + 0.0085).toFixed(5)}&language=FR`;
    });
    add('/tiles z14', () => {
        const [x, y] = z14(...point());
        return `/tiles/14/${x}/${y}.pbf`;
    });
    add('/image 400×200', () => `/image?${at(point())}&hexaColor=428BFF&width=400&height=200`);
    // Interleaved, in a seeded order: no endpoint runs on a warmer cache than another.
    for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
}

async function serve(cc, outDir, env, point, near, address) {
    const server = await startBenchServer(['--regions', cc.toUpperCase(), '--out', outDir, '--no-build', '--cache', 'off', '--workers', '1'], env);
    try {
        const random = mulberry32(7);
        const headers = {LicenseKey: 'quartier-dev-backend-key'};
        const list = queries(cc, () => point(random), (p) => near(p, random), () => address(random), random);
        // Warm-up: one pass over a tenth of the list, then the timed pass.
        for (const q of list.slice(0, Math.ceil(list.length / 10))) await (await fetch(server.url + q.path, {headers})).arrayBuffer();
        const rssAfterWarmupMB = memoryMB(server.pid).rss;
        const times = {}, statuses = {};
        for (const q of list) {
            const t = performance.now();
            const response = await fetch(server.url + q.path, {headers});
            await response.arrayBuffer();
            (times[q.endpoint] ??= []).push(performance.now() - t);
            const s = (statuses[q.endpoint] ??= {});
            s[response.status] = (s[response.status] ?? 0) + 1;
        }
        const p50 = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v.sort((a, b) => a - b)[Math.floor(v.length / 2)]]));
        return {p50, statuses, rssAfterWarmupMB, rssAfterRunMB: memoryMB(server.pid).rss};
    } finally {
        server.stop();
    }
}

results.open = {country: openRegion(path.join(out, COUNTRY)), brussels: openRegion(path.join(beOut, 'BE'))};
save();

// Country: town centres (jittered by at most 8% of the spacing, at least 560 m wide) and the next town.
const jittered = (tx, ty, random) => townCentre(tx, ty, (random() - 0.5) * 300, (random() - 0.5) * 300);
const countryPoint = (random) => jittered(Math.floor(random() * extract.columns), Math.floor(random() * extract.rows), random);
const countryNear = (p, random) => {
    const tx = Math.round((p[1] - SHAPE.lon) * M_LON / SHAPE.spacing), ty = Math.round((p[0] - SHAPE.lat) * M / SHAPE.spacing);
    const dx = tx + 1 < extract.columns ? 1 : -1;
    return jittered(tx + (random() < 0.5 ? dx : 0), ty + (random() < 0.5 ? 0 : ty + 1 < extract.rows ? 1 : -1), random);
};
const {streetName, townName} = await import('../tools/synthetic-country-lib.js');
const countryAddress = (random) => `${Math.floor(random() * 5) + 1} ${streetName(Math.floor(random() * 8))}, ${townName(Math.floor(random() * extract.towns))}`;
// Brussels: its centre (the Pentagon and around, 50.825-50.870 N, 4.330-4.400 E); 2-5 km trips.
const brusselsPoint = (random) => [50.825 + random() * 0.045, 4.33 + random() * 0.07];
const brusselsNear = (p, random) => {
    const angle = random() * 2 * Math.PI, d = 2000 + random() * 3000;
    return [p[0] + Math.sin(angle) * d / M, p[1] + Math.cos(angle) * d / (M * Math.cos(p[0] * Math.PI / 180))];
};
const BRUSSELS_STREETS = ['Rue de la Loi', 'Avenue Louise', 'Rue Neuve', 'Chaussée de Wavre', 'Boulevard Anspach', 'Rue Royale', 'Avenue de Tervueren', 'Rue Haute'];
const brusselsAddress = (random) => `${Math.floor(random() * 40) + 1} ${BRUSSELS_STREETS[Math.floor(random() * BRUSSELS_STREETS.length)]}, Bruxelles`;

results.serve = {
    country: await serve(COUNTRY.toLowerCase(), out, {QUARTIER_LOCAL_REGIONS: path.join(dir, 'regions.local.json')}, countryPoint, countryNear, countryAddress),
    brussels: await serve('be', beOut, {}, brusselsPoint, brusselsNear, brusselsAddress)
};
save();

// The tables.
const b = results.build, roadNodes = extract.roadNodes, mb = (x) => (x / 1e6).toFixed(0);
console.log(`\nBuild of ${roadNodes.toLocaleString('en')} road nodes (${results.bundle.graphNodes.toLocaleString('en')} graph nodes): ` +
    `${(b.seconds / 60).toFixed(1)} min${b.cpuSeconds ? ` (${(b.cpuSeconds / 60).toFixed(1)} min of CPU)` : ''}, peak RSS ${(b.peakRssMB / 1024).toFixed(2)} GB${heap ? ` (--max-old-space-size=${heap})` : ''}\n`);
console.log('| stage | s | CPU s | µs / road node | highest RSS MB |');
console.log('|---|---|---|---|---|');
for (const s of b.stages) console.log(`| ${s.stage} | ${s.seconds.toFixed(1)} | ${s.cpuSeconds?.toFixed(1) ?? ''} | ${(s.seconds / roadNodes * 1e6).toFixed(2)} | ${s.peakRssMB.toFixed(0)} |`);
console.log(`\nBundle: ${mb(results.bundle.bytes)} MB, ${(results.bundle.bytes / roadNodes).toFixed(1)} bytes per road node\n`);
console.log('| section | MB | bytes / road node |');
console.log('|---|---|---|');
for (const [k, v] of Object.entries(results.bundle.sections)) console.log(`| ${k} | ${mb(v)} | ${(v / roadNodes).toFixed(2)} |`);
const o = results.open, s = results.serve;
console.log(`\nRegion.open: country ${o.country.seconds.toFixed(2)} s (RSS ${o.country.rssMB.toFixed(0)} MB), Brussels ${o.brussels.seconds.toFixed(2)} s (RSS ${o.brussels.rssMB.toFixed(0)} MB)`);
console.log(`Server RSS after warm-up: country ${s.country.rssAfterWarmupMB.toFixed(0)} MB = ${(s.country.rssAfterWarmupMB * 1048576 / results.bundle.bytes).toFixed(2)}× the bundle ` +
    `(after the run ${s.country.rssAfterRunMB.toFixed(0)} MB); Brussels ${s.brussels.rssAfterWarmupMB.toFixed(0)} MB\n`);
console.log('| endpoint | country p50 ms | Brussels p50 ms | ratio | country statuses | Brussels statuses |');
console.log('|---|---|---|---|---|---|');
for (const endpoint of Object.keys(s.country.p50).sort()) {
    const c = s.country.p50[endpoint], be = s.brussels.p50[endpoint];
    console.log(`| ${endpoint} | ${c.toFixed(1)} | ${be.toFixed(1)} | ${(c / be).toFixed(2)} | ${JSON.stringify(s.country.statuses[endpoint])} | ${JSON.stringify(s.brussels.statuses[endpoint])} |`);
}
