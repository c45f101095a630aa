// /route requests per second over HTTP on loopback, per mode: the server in its own process
// (Brussels, 2 workers), autocannon with seeded origin-destination pairs from the OSRM reference
// set. Baseline: /health on the same server in the same run.
// Usage: node bench/route-http.js [seconds=10] [connections=20]
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {dataRoot} from '../packages/engine/dist/src/index.js';
import {startBenchServer} from './lib/server.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE']);
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));

async function run(title, requests) {
    const result = await autocannon({
        url: server.url, connections, duration: seconds,
        headers: {LicenseKey: 'quartier-dev-backend-key'}, requests
    });
    console.log(`| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result['2xx']} | ${result.non2xx} |`);
    return result.requests.average;
}

try {
    console.log('| endpoint | req/s | p50 ms | p99 ms | 2xx | non-2xx |');
    console.log('|---|---|---|---|---|---|');
    const base = await run('/health (baseline)', [{method: 'GET', path: '/health'}]);
    for (const mode of ['Driving', 'Walking', 'Bicycling']) {
        const requests = reference.queries.slice(0, 500).map((q) => ({
            method: 'GET',
            path: `/route?travelMode=${mode}&startLatitude=${q.from[0]}&startLongitude=${q.from[1]}&arrivalLatitude=${q.to[0]}&arrivalLongitude=${q.to[1]}&language=FR`
        }));
        const rps = await run(`/route ${mode}`, requests);
        console.log(`|  ratio to baseline | ${(rps / base).toFixed(2)} | | | | |`);
    }
} finally {
    server.stop();
}
