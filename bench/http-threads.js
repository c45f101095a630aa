// HTTP threads (docs/operations.md#http-threads) against none, in the same run: two servers from this checkout on
// Brussels, one with QUARTIER_HTTP_THREADS=0 (the main thread accepts every connection), one with the default (a
// thread per core on Node 22.12+), measured in turn on what each kind of client asks: car routes with a new
// connection per request (issue 29's measure) and kept-alive; map tiles, /points and /geolocation typed letter by
// letter (a browser's map and search box: answered on the threads); /health and /enrichment (relayed to the main
// thread). Client: wrk (Debian's package), lighter than a Node client on the 2-core machine it shares with the
// servers. Which server goes first alternates by round and endpoint; the throughput ratio (threads / none) is printed
// round by round with its median, then each server's memory (RSS).
// Usage: node bench/http-threads.js [seconds=6] [connections=8] [--rounds 3] [--out BUNDLES] [--only ID,…] (ids: route-car-new-connection,
//        route-car-kept-alive, tiles, points, geolocation, health, enrichment)
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {dataRoot} from '@quartier/engine/internal';
import {printFigure} from './lib/figure.js';
import {cpuSeconds} from './lib/process-cpu.js';
import {hasWrk, wrkRequests} from './lib/wrk.js';
import {startBenchServer} from './lib/server.js';

const {values: flags, positionals} = parseArgs({allowPositionals: true, options: {rounds: {type: 'string'}, out: {type: 'string'}, only: {type: 'string'}}});
if (!hasWrk()) throw new Error('bench/http-threads.js needs wrk (Debian: apt-get install wrk)');
const seconds = Number(positionals[0] ?? 6);
const connections = Number(positionals[1] ?? 8);
const rounds = Number(flags.rounds ?? 3);
const KEY = 'quartier-dev-backend-key';
const pairs = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8')).queries.slice(0, 500);

const serverArgs = ['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', ...(flags.out ? ['--out', path.resolve(flags.out), '--no-build'] : [])];
const servers = [
    {name: 'no HTTP threads', server: await startBenchServer(serverArgs, {QUARTIER_HTTP_THREADS: '0'})},
    {name: 'HTTP threads (default)', server: await startBenchServer(serverArgs)}
];
const threads = /(\d+) HTTP threads/.exec(servers[1].server.log())?.[1];
if (!threads) throw new Error('the default server started no HTTP threads (Node 22.12 or later is needed)');

/** Tiles at zooms 12-14 around central Brussels, as a map opened there asks them. */
function tilePaths() {
    const paths = [];
    for (const [z, span] of [[14, 16], [13, 8], [12, 4]]) {
        const n = 2 ** z, s = Math.sin(50.8466 * Math.PI / 180);
        const cx = Math.floor((4.3528 + 180) / 360 * n), cy = Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n);
        for (let dx = -span / 2; dx < span / 2; dx++) for (let dy = -span / 2; dy < span / 2; dy++) paths.push(`/tiles/${z}/${cx + dx}/${cy + dy}.pbf`);
    }
    return paths;
}

/** The addresses nearest 60 of the pairs' origins (reverse geocoded), typed letter by letter from the fourth. */
async function typedAddresses(url) {
    const paths = [];
    for (const q of pairs.slice(0, 60)) {
        const found = await (await fetch(`${url}/geolocation/reverse?latitude=${q.from[0]}&longitude=${q.from[1]}&licenseKey=${KEY}`)).json();
        const p = found.features[0]?.properties;
        const address = p && [p.street ?? p.name, p.housenumber].filter(Boolean).join(' ');
        if (!address) continue;
        for (let n = 4; n <= address.length; n += 2) paths.push(`/geolocation?address=${encodeURIComponent(address.slice(0, n))}&limit=5`);
    }
    return paths;
}

const routes = pairs.map((q) => `/route?travelMode=Driving&startLatitude=${q.from[0]}&startLongitude=${q.from[1]}&arrivalLatitude=${q.to[0]}&arrivalLongitude=${q.to[1]}&language=FR`);
const endpoints = [
    {name: '/route car, new connection per request', id: 'route-car-new-connection', paths: routes, keepAlive: false},
    {name: '/route car, kept-alive', id: 'route-car-kept-alive', paths: routes, keepAlive: true},
    {name: 'tiles, kept-alive', id: 'tiles', paths: tilePaths(), keepAlive: true},
    {name: '/points 500 m boxes, kept-alive', id: 'points', keepAlive: true,
        paths: pairs.map((q) => `/points?bound1=${q.from[0] - 0.0022},${q.from[1] - 0.0036}&bound2=${q.from[0] + 0.0022},${q.from[1] + 0.0036}`)},
    {name: '/geolocation as typed, kept-alive', id: 'geolocation', paths: await typedAddresses(servers[0].server.url), keepAlive: true},
    {name: '/health (relayed), kept-alive', id: 'health', paths: ['/health'], keepAlive: true},
    // At most 4 at once (QUARTIER_MAX_ENRICHMENTS' default): more connections would measure its 429s.
    {name: '/enrichment (relayed), kept-alive, 4 connections', id: 'enrichment', paths: pairs.map((q) => `/enrichment?latitude=${q.to[0]}&longitude=${q.to[1]}`), keepAlive: true, connections: 4}
].filter((e) => !flags.only || flags.only.split(',').includes(e.id));

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** results[endpoint][server]: one measurement per round. */
const results = endpoints.map(() => servers.map(() => []));
try {
    // Warm both (the HTTP threads compile their code on their first requests).
    for (const {server} of servers) for (const e of endpoints) await wrkRequests(server.url, e.paths, {connections: e.connections ?? connections, seconds: 2, keepAlive: true, headers: {LicenseKey: KEY}});
    for (let round = 0; round < rounds; round++) {
        for (const [e, endpoint] of endpoints.entries()) {
            const order = (round + e) % 2 ? [1, 0] : [0, 1];
            for (const i of order) {
                const {server} = servers[i];
                const cpu0 = cpuSeconds(server.pid, true);
                const m = await wrkRequests(server.url, endpoint.paths, {connections: endpoint.connections ?? connections, seconds, keepAlive: endpoint.keepAlive, headers: {LicenseKey: KEY}});
                m.cpuUs = (cpuSeconds(server.pid, true) - cpu0) / m.count * 1e6;
                results[e][i].push(m);
                process.stderr.write(`round ${round + 1} ${servers[i].name} ${endpoint.name}: ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.cpuUs.toFixed(0)} µs CPU/request, failed ${m.failed}\n`);
            }
        }
    }
    console.log(`\n${connections} connections, ${seconds} s × ${rounds} rounds; ${threads} HTTP threads; medians\n`);
    console.log('| endpoint | req/s, none | req/s, threads | threads / none, round by round | p99 ms, none | p99 ms, threads | CPU µs/request, none | threads | failed |');
    console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
    for (const [e, endpoint] of endpoints.entries()) {
        const [none, thr] = results[e];
        const ratios = thr.map((m, r) => m.rps / none[r].rps);
        const rps = (ms) => median(ms.map((m) => m.rps));
        console.log(`| ${endpoint.name} | ${rps(none).toFixed(0)} | ${rps(thr).toFixed(0)} | ${ratios.map((x) => x.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}×) `
            + `| ${median(none.map((m) => m.p99))} | ${median(thr.map((m) => m.p99))} | ${median(none.map((m) => m.cpuUs)).toFixed(0)} | ${median(thr.map((m) => m.cpuUs)).toFixed(0)} `
            + `| ${[...none, ...thr].reduce((s, m) => s + m.failed, 0)} |`);
        printFigure(`http-threads.${endpoint.id}`, rps(thr), rps(none));
    }
    const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
    console.log(`\nmemory (RSS) after the runs: ${servers.map(({name, server}) => `${name} ${rss(server.pid).toFixed(0)} MB`).join(', ')}`);
} finally {
    for (const {server} of servers) await server.stop();
}
