// Resident memory of the server with its worker pool: is the region data held once?
// For each pool size, starts the server on one region, routes in every mode (so every worker
// has opened the region and made its query scratch arrays), then reads the process's RSS.
// Workers are threads of one process, so RSS covers them all. Compared with the region's bundle
// size: with shared buffers, adding workers adds only their own heaps and scratch arrays.
// Usage: node bench/memory.js [CC=IT]
import fs from 'node:fs';
import {startBenchServer} from './lib/server.js';

const cc = process.argv[2] ?? 'IT';
const targets = {
    BE: [50.8461, 4.3664, 50.8503, 4.3517], PT: [41.1496, -8.611, 41.1579, -8.6291], MT: [35.8989, 14.5146, 35.9122, 14.5042],
    IT: [45.4642, 9.19, 45.4781, 9.2256], DE: [50.7753, 6.0839, 50.7806, 6.0702]
}[cc];
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const rows = [];
for (const workers of [1, 2, 4]) {
    const server = await startBenchServer(['--regions', cc, '--default-country', cc, '--workers', String(workers)]);
    for (let i = 0; i < 20 * workers; i++) {
        for (const mode of [1, 2, 3]) {
            const [a, b, c, d] = targets;
            const r = await fetch(`${server.url}/route?travelMode=${mode}&startLatitude=${a}&startLongitude=${b}&arrivalLatitude=${c}&arrivalLongitude=${d}`, {headers: {LicenseKey: 'quartier-dev-backend-key'}});
            if (r.status !== 200) throw new Error(`route: ${r.status} ${await r.text()}`);
        }
    }
    const health = await (await fetch(`${server.url}/health`)).json();
    const bundleMB = health.regions[0].bytes / 1048576;
    rows.push({workers, rss: rssOf(server.pid), bundleMB});
    server.stop();
}
console.log(`| ${cc} workers | RSS (MB) | bundle (MB) | RSS added per worker (MB) |`);
console.log('|---|---|---|---|');
for (let i = 0; i < rows.length; i++) {
    const added = i === 0 ? '' : ((rows[i].rss - rows[0].rss) / (rows[i].workers - rows[0].workers)).toFixed(1);
    console.log(`| ${rows[i].workers} | ${rows[i].rss.toFixed(0)} | ${rows[i].bundleMB.toFixed(1)} | ${added} |`);
}
