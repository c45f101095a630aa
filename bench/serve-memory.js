// Serving memory on the synthetic country (issue 17): how much the server's RSS grows with the first
// request of each endpoint (the per-thread scratch it allocates), and its RSS after a warm-up of every
// endpoint, against the bundle's size, for one worker and the default worker count.
//   node bench/serve-memory.js [--junctions 2080000] [--dir /tmp/quartier-country] [--workers 1,default]
//        [--checkout DIR]   (another checkout's built server, to compare with in the same run)
// The bundle is the one bench/country-build.js built (DIR/country-J-bundles, its regions.local.json).
// The account per part (sections, heaps, arenas, LMDB map) on the 5 test regions along a fuzz: bench/serve-memory-fuzz.js.
import fs from 'node:fs';
import path from 'node:path';
import {mulberry32} from './lib/stats.js';
import {startBenchServer} from './lib/server.js';
import {arg} from './lib/args.js';
import {M_LON, SHAPE, townCentre, z14} from './lib/synthetic-country.js';

const junctions = Number(arg('junctions', 2080000));
const dir = path.resolve(arg('dir', '/tmp/quartier-country'));
const checkout = arg('checkout', undefined);
const workerCounts = arg('workers', '1,default').split(',');
const base = path.join(dir, `country-${junctions}`);
const extract = JSON.parse(fs.readFileSync(`${base}.extract.json`, 'utf8'));
const out = `${base}-bundles`;
const manifest = JSON.parse(fs.readFileSync(path.join(out, 'FR', 'manifest.json'), 'utf8'));
const bundleMB = Object.values(manifest.sections).reduce((s, x) => s + x.bytes, 0) / 1048576;

// Town centres, as bench/country-build.js places them.
const random = mulberry32(11);
const town = () => {
    const ty = Math.floor(random() * extract.rows), dy = (random() - 0.5) * 300;
    return townCentre(Math.floor(random() * extract.columns), ty, dy, (random() - 0.5) * 300);
};
const next = (p) => [p[0], p[1] + SHAPE.spacing / M_LON];
const at = (p) => `latitude=${p[0].toFixed(6)}&longitude=${p[1].toFixed(6)}`;
const trip = (mode) => {
    const a = town(), b = next(a);
    return `/route?travelMode=${mode}&startLatitude=${a[0].toFixed(6)}&startLongitude=${a[1].toFixed(6)}&arrivalLatitude=${b[0].toFixed(6)}&arrivalLongitude=${b[1].toFixed(6)}`;
};
const {streetName, townName} = await import('../tools/synthetic-country-lib.js');
const ENDPOINTS = {
    '/route Driving': () => trip('Driving'),
    '/route Walking': () => trip('Walking'),
    '/route Bicycling': () => trip('Bicycling'),
    '/route Transit': () => trip('Transit'),
    '/matrix Driving 5×5': () => {
        const a = town();
        return `/matrix?travelMode=Driving&sources=${[a, next(a), town(), town(), town()].map((p) => `${p[0].toFixed(5)},${p[1].toFixed(5)}`).join(';')}`;
    },
    '/isochrone Driving 10 min': () => `/isochrone?travelMode=Driving&${at(town())}&numberOfSeconds=600`,
    '/isochrone Walking 10 min': () => `/isochrone?travelMode=Walking&${at(town())}&numberOfSeconds=600`,
    '/enrichment': () => `/enrichment?${at(town())}&language=FR`,
    '/summary': () => `/summary?${at(town())}&language=FR`,
    '/geolocation': () => `/geolocation?address=${encodeURIComponent(`${Math.floor(random() * 5) + 1} ${streetName(Math.floor(random() * 8))}, ${townName(Math.floor(random() * extract.towns))}`)}`,
    '/points': () => {
        const p = town();
        return `/points?bound1=${p[0].toFixed(5)},${p[1].toFixed(5)}&bound2=${(p[0] + 0.005).toFixed(5)},${(p[1] + 0.0085).toFixed(5)}`;
    },
    '/tiles z14': () => {
        const [x, y] = z14(...town());
        return `/tiles/14/${x}/${y}.pbf`;
    },
    '/image 400×200': () => `/image?${at(town())}&hexaColor=428BFF&width=400&height=200`
};
const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const headers = {LicenseKey: 'quartier-dev-backend-key'};

async function measure(workers) {
    const args = ['--regions', 'FR', '--out', out, '--no-build', '--cache', 'off', ...(workers === 'default' ? [] : ['--workers', workers])];
    const server = await startBenchServer(args, {QUARTIER_LOCAL_REGIONS: path.join(dir, 'regions.local.json')}, checkout);
    try {
        const get = async (p) => {
            const r = await fetch(`${server.url}/fr${p}`, {headers});
            await r.arrayBuffer();
            return r.status;
        };
        await new Promise((r) => setTimeout(r, 2000));
        const started = rssMB(server.pid);
        const growth = [];
        let before = started;
        for (const [name, make] of Object.entries(ENDPOINTS)) {
            const status = await get(make());
            const now = rssMB(server.pid);
            growth.push({name, status, MB: now - before});
            before = now;
        }
        // Warm-up: every endpoint six times per worker, in turn (the pool hands tasks to idle workers).
        const rounds = 6 * (workers === 'default' ? 2 : Number(workers));
        for (let i = 0; i < rounds; i++) for (const make of Object.values(ENDPOINTS)) await get(make());
        return {workers, started, growth, warm: rssMB(server.pid)};
    } finally {
        server.stop();
    }
}

console.log(`bundle ${bundleMB.toFixed(0)} MiB (${extract.roadNodes.toLocaleString('en')} road nodes, ${manifest.stats.roads.nodes.toLocaleString('en')} graph nodes)${checkout ? `, server of ${checkout}` : ''}`);
for (const w of workerCounts) {
    const m = await measure(w);
    console.log(`\nworkers ${w}: RSS once started ${m.started.toFixed(0)} MiB; after warm-up ${m.warm.toFixed(0)} MiB = ${(m.warm / bundleMB).toFixed(2)}× the bundle`);
    console.log('| first request | status | RSS growth MiB |');
    console.log('|---|---|---|');
    for (const g of m.growth) console.log(`| ${g.name} | ${g.status} | ${g.MB.toFixed(0)} |`);
}
