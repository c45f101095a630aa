// MCP tool call latency over HTTP on loopback, per tool, against the REST call each mirrors: the
// server in its own process (2 workers, a fresh answers cache), one request at a time, cold (every
// call at a position never asked before, distinct across tools and REST calls, so none reuses
// another's data). A tool call is one POST /mcp/v1 (JSON-RPC tools/call, JSON answer), as the SDK's
// client sends it once connected. Rounds give the spread: each round draws new positions.
// Mirrors: location summary and accessibility profile ↔ /summary, nearby places ↔ /points (the
// radius's box), nearest by category ↔ /enrichment; the comparison (3 positions and a destination)
// has none. Positions: origins and destinations of the OSRM reference pairs in Brussels.
// A first round per case, not reported, warms the workers up.
// Usage: node bench/mcp.js [--positions 20] [--rounds 3] [--out BUNDLES_DIR]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {dataRoot} from '@quartier/engine/internal';
import {startBenchServer} from './lib/server.js';
import {arg} from './lib/args.js';
import {percentileOf} from './lib/stats.js';

const perCase = Number(arg('positions', 20));
const rounds = Number(arg('rounds', 3));
const out = arg('out', path.join('build', 'regions'));
const KEY = 'quartier-dev-backend-key';
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-cache-'));
const server = await startBenchServer(['--regions', 'BE', '--out', out, '--no-build'], {QUARTIER_CACHE_DIR: cacheDir, QUARTIER_WORKERS: '2'});
const agent = new http.Agent({keepAlive: true, maxSockets: 1});

function request(method, pathname, body) {
    return new Promise((resolve, reject) => {
        const started = process.hrtime.bigint();
        const headers = {LicenceKey: KEY, Accept: 'application/json, text/event-stream', ...(body ? {'Content-Type': 'application/json'} : {})};
        const req = http.request(`${server.url}${pathname}`, {method, agent, headers}, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, text}));
        });
        req.on('error', reject);
        req.end(body);
    });
}

let id = 0;
/** One tools/call; a failed call (HTTP error or an isError result) counts as a failure. */
async function tool(name, args) {
    const r = await request('POST', '/mcp/v1', JSON.stringify({jsonrpc: '2.0', id: ++id, method: 'tools/call', params: {name, arguments: args}}));
    const ok = r.status === 200 && JSON.parse(r.text).result?.isError !== true;
    return {ms: r.ms, ok};
}

async function rest(pathname) {
    const r = await request('GET', pathname);
    return {ms: r.ms, ok: r.status === 200};
}

const box = (lat, lon, meters) => {
    const dLat = meters / 111320, dLon = dLat / Math.cos(lat * Math.PI / 180);
    return `bound1=${(lat - dLat).toFixed(6)},${(lon - dLon).toFixed(6)}&bound2=${(lat + dLat).toFixed(6)},${(lon + dLon).toFixed(6)}`;
};
const at = (lat, lon) => ({latitude: lat, longitude: lon, country: 'BE', language: 'FR'});
const q = (lat, lon) => `latitude=${lat}&longitude=${lon}&language=FR`;

/** Each case: a name and a call at one position ([lat, lon]); compare takes three. */
const CASES = [
    ['yatmo_get_location_summary', 1, ([p]) => tool('yatmo_get_location_summary', at(...p))],
    ['GET /summary', 1, ([p]) => rest(`/be/summary?${q(...p)}`)],
    ['yatmo_get_accessibility_profile', 1, ([p]) => tool('yatmo_get_accessibility_profile', at(...p))],
    ['yatmo_get_nearest_by_category (school)', 1, ([p]) => tool('yatmo_get_nearest_by_category', {...at(...p), category: 'school'})],
    ['GET /enrichment', 1, ([p]) => rest(`/be/enrichment?${q(...p)}`)],
    ['yatmo_get_nearby_pois (all, 1000 m, 20)', 1, ([p]) => tool('yatmo_get_nearby_pois', at(...p))],
    ['GET /points (the 1000 m box)', 1, ([p]) => rest(`/be/points?${box(...p, 1000)}&language=FR`)],
    ['quartier_compare_locations (3 + destination)', 3, (ps) => tool('quartier_compare_locations',
        {positions: ps.map(([latitude, longitude]) => ({latitude, longitude})), country: 'BE', language: 'FR', destination: {latitude: 50.8467, longitude: 4.3525, label: 'Grand-Place'}})]
];

// Every position once over the whole run: rounds x cases x positions (x3 for the comparison).
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const seen = new Set();
const pool = [];
for (const p of reference.queries.flatMap((x) => [x.from, x.to])) {
    const key = `${p[0]},${p[1]}`;
    if (!seen.has(key)) {
        seen.add(key);
        pool.push(p);
    }
}
/** A first, unreported round of this many positions per case: the workers' and the JIT's start is not measured. */
const WARM_UP = 3;
const needed = (rounds * perCase + WARM_UP) * CASES.reduce((n, c) => n + c[1], 0);
if (pool.length < needed) throw new Error(`${pool.length} distinct positions, ${needed} needed: fewer --positions or --rounds`);

try {
    const results = new Map(CASES.map(([name]) => [name, {p50: [], p95: [], failures: 0}]));
    for (const [, count, run] of CASES) for (let k = 0; k < WARM_UP; k++) await run(pool.splice(0, count));
    for (let r = 0; r < rounds; r++) {
        for (const [name, count, run] of CASES) {
            const times = [];
            for (let k = 0; k < perCase; k++) {
                const sample = await run(pool.splice(0, count));
                times.push(sample.ms);
                if (!sample.ok) results.get(name).failures++;
            }
            results.get(name).p50.push(percentileOf(times, 0.5));
            results.get(name).p95.push(percentileOf(times, 0.95));
        }
    }
    console.log(`Cold calls, Brussels, ${perCase} positions per case and round, ${rounds} rounds (${os.cpus().length} cores, server and client on the same machine, 2 workers).`);
    console.log('| call | p50 ms (median of rounds) | p50 spread | p95 ms (median of rounds) | p95 spread | failures |');
    console.log('|---|---:|---|---:|---|---:|');
    const median = (xs) => percentileOf(xs, 0.5);
    const spread = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
    for (const [name, r] of results) {
        console.log(`| ${name} | ${median(r.p50).toFixed(1)} | ${spread(r.p50)} | ${median(r.p95).toFixed(1)} | ${spread(r.p95)} | ${r.failures} |`);
    }
} finally {
    server.stop();
    agent.destroy();
    fs.rmSync(cacheDir, {recursive: true, force: true});
}
