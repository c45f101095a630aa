// /points requests per second over HTTP on loopback: the server in its own process, autocannon
// as the load, random boxes of a street-level view around central Brussels. The baseline is
// /health on the same server in the same run (the cost of HTTP and Express alone).
// Usage: node bench/points-http.js [seconds=10] [connections=20]
import autocannon from 'autocannon';
import {startBenchServer} from './lib/server.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE']);

// Seeded boxes (~600 x 550 m, a phone screen at zoom 16) inside the Brussels pentagon and around.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const requests = [];
for (let i = 0; i < 500; i++) {
    const lat = 50.83 + rand() * 0.03, lon = 4.33 + rand() * 0.06;
    requests.push({method: 'GET', path: `/points?bound1=${lat.toFixed(5)},${lon.toFixed(5)}&bound2=${(lat + 0.005).toFixed(5)},${(lon + 0.0085).toFixed(5)}&language=FR`});
}

async function run(title, reqs) {
    const result = await autocannon({
        url: server.url, connections, duration: seconds, pipelining: 1,
        headers: {LicenseKey: 'quartier-dev-backend-key'}, requests: reqs
    });
    const ok = result['2xx'];
    console.log(`${title}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 2xx ${ok}, non-2xx ${result.non2xx}, errors ${result.errors}`);
    return result.requests.average;
}

try {
    const base = await run('/health (baseline)', [{method: 'GET', path: '/health'}]);
    const points = await run('/points (500 boxes)', requests);
    console.log(`ratio /points to baseline: ${(points / base).toFixed(2)}`);
} finally {
    server.stop();
}
