// The server's memory account for the 5 test regions (issue 31): its RSS per part (sections, main heap,
// worker heaps and threads, LMDB map, code) once started and warm, then after a fuzz of N requests
// (valid and broken parameters on every endpoint family, every region), and every `step` requests on
// the way, so what grows shows. Target: RSS at most 2 × the sections + 300 MiB, flat over the fuzz.
//   node bench/serve-memory-fuzz.js [--requests 20000] [--concurrency 8] [--step 5000] [--dir build/test-regions]
//        [--workers N] [--server-args "..."] [--server-env "NAME=value ..."] [--node-args "..."]   (the default server otherwise, its default answers cache)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {arg} from './lib/args.js';
import {mulberry32} from './lib/stats.js';
import {startBenchServer} from './lib/server.js';
import {memoryAccount} from './lib/memory-parts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requests = Number(arg('requests', 20000));
const concurrency = Number(arg('concurrency', 8));
const step = Number(arg('step', 5000));
const dir = path.resolve(arg('dir', path.join(root, 'build', 'test-regions')));
const workers = arg('workers', undefined);
const extra = (arg('server-args', '') || '').split(' ').filter(Boolean);
/** node's own flags for the server (e.g. --heapsnapshot-signal=SIGUSR2 to see what its main heap holds). */
const nodeArgs = (arg('node-args', '') || '').split(' ').filter(Boolean);
/** Environment of the server (`A=1 B=2`), to compare allocator and V8 settings. */
const serverEnv = Object.fromEntries((arg('server-env', '') || '').split(' ').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const headers = {LicenseKey: 'quartier-dev-backend-key'};

const REGIONS = {be: [50.8461, 4.3664], pt: [41.1496, -8.6109], mt: [35.8989, 14.5146], it: [45.4642, 9.19], de: [50.7753, 6.0839]};
const sectionsMB = Object.keys(REGIONS).reduce((sum, cc) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, cc.toUpperCase(), 'manifest.json'), 'utf8'));
    return sum + Object.values(manifest.sections).reduce((s, x) => s + x.bytes, 0) / 1048576;
}, 0);

const random = mulberry32(31);
const pick = (list) => list[Math.floor(random() * list.length)];
const GARBAGE = ['', 'NaN', '-91', '1e309', 'abc', '%00', 'a'.repeat(300), '50.8461,4.3664', '7', '-1'];
/** A parameter value: mostly valid, one in six broken. */
const or = (valid) => (random() < 1 / 6 ? encodeURIComponent(pick(GARBAGE)) : valid);
const near = ([lat, lon], spread = 0.03) => [lat + (random() - 0.5) * spread, lon + (random() - 0.5) * spread * 1.5];
const ll = (p) => `latitude=${or(p[0].toFixed(5))}&longitude=${or(p[1].toFixed(5))}`;
const MODES = ['Driving', 'Walking', 'Bicycling', 'Transit'];
const LANGUAGES = ['EN', 'FR', 'NL', 'DE', 'IT', 'PT', 'MT'];

function tileOf(p, z) {
    const n = 2 ** z, x = Math.floor(((p[1] + 180) / 360) * n);
    const r = (p[0] * Math.PI) / 180, y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
    return `${z}/${x}/${y}`;
}

/** One request path (region prefix included) of the fuzz. */
function fuzzPath() {
    const cc = pick(Object.keys(REGIONS)), c = REGIONS[cc], p = near(c), q = near(c);
    const paths = [
        () => `/points?bound1=${or(`${p[0].toFixed(4)},${p[1].toFixed(4)}`)}&bound2=${(p[0] + 0.006).toFixed(4)},${(p[1] + 0.009).toFixed(4)}&language=${pick(LANGUAGES)}`,
        () => `/route?travelMode=${or(pick(MODES))}&startLatitude=${or(p[0].toFixed(5))}&startLongitude=${p[1].toFixed(5)}&arrivalLatitude=${q[0].toFixed(5)}&arrivalLongitude=${q[1].toFixed(5)}`,
        () => `/isochrone?travelMode=${or(pick(MODES))}&${ll(p)}&numberOfSeconds=${or(pick(['300', '600', '900']))}`,
        () => `/isochrone/GetMultipleTimes?travelMode=${pick(MODES)}&${ll(p)}`,
        () => `/summary?${ll(p)}&language=${or(pick(LANGUAGES))}`,
        () => `/summary/text?${ll(p)}&language=${pick(LANGUAGES)}`,
        () => `/enrichment?${ll(p)}&language=${pick(LANGUAGES)}`,
        () => `/matrix?travelMode=${pick(MODES)}&sources=${[p, q, near(c)].map((x) => `${x[0].toFixed(5)},${x[1].toFixed(5)}`).join(';')}`,
        () => `/geolocation?address=${or(encodeURIComponent(pick(['Rua', 'Via Roma', 'Valletta', 'Rue de la Loi', 'Marktplatz 1'])))}`,
        () => `/geolocation/reverse?${ll(p)}&language=EN`,
        () => `/tiles/${tileOf(p, pick([12, 13, 14]))}.pbf`,
        () => `/image?${ll(p)}&hexaColor=${or(Math.floor(random() * 0xffffff).toString(16).padStart(6, '0'))}&width=${or(String(100 + Math.floor(random() * 300)))}&height=200`,
        () => `/categories?language=${pick(LANGUAGES)}`,
        () => `/scores?${ll(p)}&language=EN`
    ];
    return `/${cc}${pick(paths)()}`;
}

function printAccount(title, account) {
    const limit = 2 * sectionsMB + 300;
    console.log(`\n${title}: RSS ${account.rss.toFixed(0)} MiB (target ≤ ${limit.toFixed(0)} = 2 × ${sectionsMB.toFixed(0)} + 300), ${account.notes.threads} threads, answers cache ${account.notes.cacheMB.toFixed(1)} MiB, main external ${account.notes.externalMB.toFixed(0)} MiB`);
    console.log('| part | MiB |');
    console.log('|---|---|');
    for (const [name, mb] of account.rows) console.log(`| ${name} | ${mb.toFixed(0)} |`);
}

const args = ['--out', dir, '--no-build', ...(workers ? ['--workers', workers] : []), ...extra];
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-memory-'));
const server = await startBenchServer(args, {QUARTIER_CACHE_DIR: cacheDir, ...serverEnv}, root, nodeArgs);
try {
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`${Object.keys(REGIONS).length} regions, sections ${sectionsMB.toFixed(0)} MiB, ${requests.toLocaleString('en')} fuzzed requests, ${concurrency} at a time; server ${args.join(' ')}`);
    printAccount('started', await memoryAccount(server, server.pid, sectionsMB, headers));
    let sent = 0;
    const statuses = new Map();
    const trail = [];
    const started = performance.now();
    const client = async () => {
        while (sent < requests) {
            const n = ++sent;
            try {
                const res = await fetch(`${server.url}${fuzzPath()}`, {headers});
                await res.arrayBuffer();
                statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            } catch {
                statuses.set('failed', (statuses.get('failed') ?? 0) + 1);
            }
            if (n % step === 0) {
                const account = await memoryAccount(server, server.pid, sectionsMB, headers);
                trail.push([n, account.rss]);
                console.log(`  ${n.toLocaleString('en')} requests: RSS ${account.rss.toFixed(0)} MiB (${account.rows.slice(1).map(([name, mb]) => `${name.split(' (')[0]} ${mb.toFixed(0)}`).join(', ')})`);
            }
        }
    };
    await Promise.all(Array.from({length: concurrency}, client));
    console.log(`\nfuzz: ${((performance.now() - started) / 1000).toFixed(0)} s; statuses ${[...statuses].sort().map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    console.log(`RSS on the way (requests → MiB): ${trail.map(([n, mb]) => `${n.toLocaleString('en')} → ${mb.toFixed(0)}`).join(', ')}`);
    printAccount(`after ${requests.toLocaleString('en')} requests`, await memoryAccount(server, server.pid, sectionsMB, headers));
} finally {
    server.stop();
    fs.rmSync(cacheDir, {recursive: true, force: true});
}
