// Cold and warm latency of the neighbourhood endpoints over HTTP on loopback: the server in its
// own process (2 workers, warmed up, a fresh answers cache), one request at a time. Cold: a
// position never asked before (distinct positions per endpoint, so no endpoint reuses another's
// data); warm: the same positions again (answers from the cache). Baseline: /health, the same way.
// Positions: origins and destinations of the OSRM reference pairs in Brussels; random POIs in
// Porto and Malta.
// Usage: node bench/neighbourhood.js [positionsPerEndpoint=40]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {Region, dataRoot} from '../packages/engine/dist/src/index.js';
import {startBenchServer} from './lib/server.js';

const perEndpoint = Number(process.argv[2] ?? 40);
const ENDPOINTS = ['enrichment', 'summary', 'summary/text', 'summary/text-and-data', 'scores'];
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-cache-'));
const server = await startBenchServer(['--regions', 'BE,PT,MT'], {QUARTIER_CACHE_DIR: cacheDir, QUARTIER_WORKERS: '2'});
const agent = new http.Agent({keepAlive: true, maxSockets: 1});

function get(pathname) {
    return new Promise((resolve, reject) => {
        const started = process.hrtime.bigint();
        http.get(`${server.url}${pathname}`, {agent, headers: {LicenseKey: 'quartier-dev-backend-key'}}, (res) => {
            let bytes = 0;
            res.on('data', (d) => (bytes += d.length));
            res.on('end', () => resolve({status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, bytes}));
        }).on('error', reject);
    });
}

function percentile(values, p) {
    const s = [...values].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

/** Seeded positions: Brussels from the OSRM reference, Porto and Malta from their POIs. */
function positions(cc, count, seed) {
    if (cc === 'BE') {
        const ref = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
        const all = ref.queries.flatMap((q) => [q.from, q.to]);
        return all.slice(seed * count, seed * count + count);
    }
    const region = Region.open(path.join('build', 'regions', cc));
    let x = 12345 + seed;
    const out = [];
    while (out.length < count) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const i = x % region.pois.count;
        out.push([Number(region.pois.lat[i].toFixed(5)) + 0.0003, Number(region.pois.lon[i].toFixed(5))]);
    }
    return out;
}

async function measure(cc, endpoint, list) {
    const cold = [], warm = [];
    let failures = 0, bytes = 0;
    for (const [lat, lon] of list) {
        const r = await get(`/${cc.toLowerCase()}/${endpoint}?latitude=${lat}&longitude=${lon}&language=EN`);
        if (r.status !== 200) failures++;
        cold.push(r.ms);
        bytes += r.bytes;
    }
    for (let k = 0; k < 5; k++) {
        for (const [lat, lon] of list) warm.push((await get(`/${cc.toLowerCase()}/${endpoint}?latitude=${lat}&longitude=${lon}&language=EN`)).ms);
    }
    return {cold, warm, failures, bytes: bytes / list.length};
}

try {
    const health = [];
    for (let i = 0; i < 300; i++) health.push((await get('/health')).ms);
    const base = percentile(health, 0.5);
    console.log(`baseline /health: p50 ${base.toFixed(2)} ms, p95 ${percentile(health, 0.95).toFixed(2)} ms (${os.cpus().length} cores, server and client on the same machine)`);
    console.log('| region | endpoint | cold p50 ms | cold p95 ms | warm p50 ms | warm p95 ms | warm p50 / health p50 | body KB | non-200 |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const cc of ['BE', 'PT', 'MT']) {
        for (let e = 0; e < ENDPOINTS.length; e++) {
            const list = positions(cc, perEndpoint, e);
            const {cold, warm, failures, bytes} = await measure(cc, ENDPOINTS[e], list);
            const w50 = percentile(warm, 0.5);
            console.log(`| ${cc} | /${ENDPOINTS[e]} | ${percentile(cold, 0.5).toFixed(1)} | ${percentile(cold, 0.95).toFixed(1)} | ${w50.toFixed(2)} | ${percentile(warm, 0.95).toFixed(2)} | ${(w50 / base).toFixed(1)} | ${(bytes / 1024).toFixed(1)} | ${failures} |`);
        }
    }
} finally {
    server.stop();
    agent.destroy();
    fs.rmSync(cacheDir, {recursive: true, force: true});
}
