// Cold and warm latency of the neighbourhood endpoints over HTTP on loopback: the server in its
// own process (2 workers, warmed up, a fresh answers cache), one request at a time. Cold: a
// position never asked before (positions drawn without replacement, distinct across every
// endpoint, so no endpoint reuses another's data), each proved a cache miss by the server's
// /metrics (quartier_cache_hits_total does not move); warm: the same positions again (answers
// from the cache). Baseline: /health, the same way. Positions: origins and destinations of the
// OSRM reference pairs in Brussels; POIs in Porto and Malta in a seeded random order.
// Usage: node bench/neighbourhood.js [positionsPerEndpoint=40] [--regions BE,PT,MT] [--endpoints enrichment,summary] [--out BUNDLES]
// (--out: bundles already built, e.g. build/test-regions; default build/regions, built when missing).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {Region} from '@quartier/engine';
import {dataRoot, regionSections} from '@quartier/engine/internal';
import {arg} from './lib/args.js';
import {printFigure} from './lib/figure.js';
import {startBenchServer} from './lib/server.js';
import {mulberry32, percentileOf} from './lib/stats.js';

const perEndpoint = Number(process.argv[2] ?? 40);
const ENDPOINTS = arg('endpoints', 'enrichment,summary,summary/text,summary/text-and-data,scores').split(',');
const REGIONS = arg('regions', 'BE,PT,MT').split(',');
const out = arg('out');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-cache-'));
const server = await startBenchServer(['--regions', REGIONS.join(','), ...(out ? ['--out', path.resolve(out), '--no-build'] : [])], {QUARTIER_CACHE_DIR: cacheDir, QUARTIER_WORKERS: '2'});
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

/**
 * `lists` lists of `count` positions, all distinct as the cache keys them (String of each number),
 * drawn without replacement: Brussels from the OSRM reference, Porto and Malta from their POIs in
 * a seeded random order (moved 30 m north, off the POI itself).
 */
function positions(cc, lists, count) {
    let candidates;
    if (cc === 'BE') {
        const ref = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
        candidates = ref.queries.flatMap((q) => [q.from, q.to]);
    } else {
        const pois = regionSections(Region.open(path.join(out ?? path.join('build', 'regions'), cc))).pois;
        const order = Array.from({length: pois.count}, (_, i) => i);
        const next = mulberry32(12345); // the same positions on every run
        for (let i = order.length - 1; i > 0; i--) {
            const j = Math.floor(next() * (i + 1));
            [order[i], order[j]] = [order[j], order[i]];
        }
        candidates = order.map((i) => [Number(pois.lat[i].toFixed(5)) + 0.0003, Number(pois.lon[i].toFixed(5))]);
    }
    const seen = new Set();
    const picked = [];
    for (const [lat, lon] of candidates) {
        const key = `${lat},${lon}`;
        if (seen.has(key)) continue;
        seen.add(key);
        picked.push([lat, lon]);
        if (picked.length === lists * count) break;
    }
    if (picked.length < lists * count) throw new Error(`${cc}: only ${picked.length} distinct positions, ${lists * count} needed`);
    return Array.from({length: lists}, (_, k) => picked.slice(k * count, (k + 1) * count));
}

/** The server's count of answers served from its cache (GET /metrics). */
async function cacheHits() {
    const text = await new Promise((resolve, reject) => {
        http.get(`${server.url}/metrics`, {agent, headers: {LicenseKey: 'quartier-dev-backend-key'}}, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve(body));
        }).on('error', reject);
    });
    const line = text.split('\n').find((l) => l.startsWith('quartier_cache_hits_total '));
    if (!line) throw new Error('GET /metrics has no quartier_cache_hits_total');
    return Number(line.split(' ')[1]);
}

async function measure(cc, endpoint, list) {
    const cold = [], warm = [];
    let failures = 0, bytes = 0;
    for (const [lat, lon] of list) {
        const before = await cacheHits();
        const r = await get(`/${cc.toLowerCase()}/${endpoint}?latitude=${lat}&longitude=${lon}&language=EN`);
        // Every cold sample must have missed the cache; a hit would make it a warm one.
        if (await cacheHits() !== before) throw new Error(`${cc} /${endpoint} ${lat},${lon}: the "cold" request was served from the cache`);
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
    const base = percentileOf(health, 0.5);
    console.log(`baseline /health: p50 ${base.toFixed(2)} ms, p95 ${percentileOf(health, 0.95).toFixed(2)} ms (${os.cpus().length} cores, server and client on the same machine)`);
    console.log('Every cold sample proved a cache miss (quartier_cache_hits_total unchanged across it).');
    console.log('| region | endpoint | cold p50 ms | cold p95 ms | warm p50 ms | warm p95 ms | warm p50 / health p50 | body KB | non-200 |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const cc of REGIONS) {
        const lists = positions(cc, ENDPOINTS.length, perEndpoint);
        for (let e = 0; e < ENDPOINTS.length; e++) {
            const list = lists[e];
            const {cold, warm, failures, bytes} = await measure(cc, ENDPOINTS[e], list);
            const w50 = percentileOf(warm, 0.5);
            printFigure(`neighbourhood.${cc}.${ENDPOINTS[e]}.cold-p50`, percentileOf(cold, 0.5), base);
            printFigure(`neighbourhood.${cc}.${ENDPOINTS[e]}.warm-p50`, w50, base);
            console.log(`| ${cc} | /${ENDPOINTS[e]} | ${percentileOf(cold, 0.5).toFixed(1)} | ${percentileOf(cold, 0.95).toFixed(1)} | ${w50.toFixed(2)} | ${percentileOf(warm, 0.95).toFixed(2)} | ${(w50 / base).toFixed(1)} | ${(bytes / 1024).toFixed(1)} | ${failures} |`);
        }
    }
} finally {
    server.stop();
    agent.destroy();
    fs.rmSync(cacheDir, {recursive: true, force: true});
}
