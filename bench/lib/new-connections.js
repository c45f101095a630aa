// A client that opens a new connection for every request (node:http without an agent, Connection:
// close): what the OSRM comparison of issue 15 used. `connections` requests in flight for `seconds`,
// the paths taken in turn.
import http from 'node:http';

export async function newConnections(url, paths, {connections, seconds, headers = {}}) {
    const {hostname, port} = new URL(url);
    const latencies = [];
    let failed = 0, next = 0;
    const started = performance.now(), end = started + seconds * 1000;
    const one = (p) => new Promise((resolve) => {
        const t0 = performance.now();
        const req = http.get({host: hostname, port, path: p, agent: false, headers: {...headers, Connection: 'close'}}, (res) => {
            res.on('data', () => {});
            res.on('end', () => {
                latencies.push(performance.now() - t0);
                if (res.statusCode !== 200) failed++;
                resolve();
            });
        });
        req.on('error', () => {
            failed++;
            resolve();
        });
    });
    await Promise.all(Array.from({length: connections}, async () => {
        while (performance.now() < end) await one(paths[next++ % paths.length]);
    }));
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return {count: latencies.length, rps: latencies.length / ((performance.now() - started) / 1000), p50: Math.round(at(0.5)), p99: Math.round(at(0.99)), failed};
}
