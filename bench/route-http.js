// /route requests per second over HTTP on loopback, per mode: the server in its own process
// (Brussels, 2 workers), the seeded origin-destination pairs of the OSRM reference set, full geometry
// and instructions (as OSRM's overview=full&steps=true). Baseline: /health on the same server in the
// same run. Two clients: autocannon over kept-alive connections, and a new connection per request
// (node:http without an agent, Connection: close: what the OSRM comparison of issue 15 used).
// With --base DIR, a second server built from another checkout (e.g. a git worktree of the commit
// before a change) runs in the same run, its measurements interleaved with this one's (each endpoint
// measured on both servers in turn, which one first alternating), medians over the rounds.
// Also prints the server's main-thread CPU time per request (Linux: /proc/<pid>/task/<pid>/stat), which
// the other processes on the machine disturb less than the wall-clock figures.
// With --osrm URL, an OSRM server already running with the car profile on the same Brussels extract
// (osrm-routed; how it was built is said in docs/osrm-side-by-side.md, never in this repository) is measured in
// the same rounds on the car pairs, as /route/v1/driving/…?overview=full&steps=true; --osrm-foot URL, a
// second osrm-routed with the foot profile, on the foot pairs (osrm-routed serves one profile each).
// With --osrm-pid PID (--osrm-foot-pid PID: the foot one's), its CPU time is measured as ours is.
// With --wrk, the new-connection client is wrk (bench/lib/wrk.js: issue 29's client) instead of Node's.
// Besides the main thread's CPU time, the whole server process's (all threads: for us the workers too)
// per request: a figure the machine's other load disturbs far less than requests per second.
// With OSRM, each round's throughput ratio (ours / OSRM's, car) is printed too: the machine's speed
// drifts between rounds, the two servers of one round see nearly the same machine.
// Usage: node bench/route-http.js [seconds=5] [connections=20] [--rounds 3] [--base DIR] [--out BUNDLES] [--osrm URL [--osrm-pid PID]]
//        [--osrm-foot URL [--osrm-foot-pid PID]] [--wrk] [--only MODES]
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import autocannon from 'autocannon';
import {dataRoot} from '@quartier/engine/internal';
import {printFigure} from './lib/figure.js';
import {newConnections as newConnectionsClient} from './lib/new-connections.js';
import {cpuSeconds} from './lib/process-cpu.js';
import {hasWrk, wrkRequests} from './lib/wrk.js';
import {startBenchServer} from './lib/server.js';

const {values: flags, positionals} = parseArgs({allowPositionals: true, options: {rounds: {type: 'string'}, base: {type: 'string'}, out: {type: 'string'}, osrm: {type: 'string'}, 'osrm-pid': {type: 'string'}, 'osrm-foot': {type: 'string'}, 'osrm-foot-pid': {type: 'string'}, wrk: {type: 'boolean'}, only: {type: 'string'}}});
if (flags.wrk && !hasWrk()) throw new Error('--wrk: wrk is not installed (Debian: apt-get install wrk)');
const seconds = Number(positionals[0] ?? 5);
const connections = Number(positionals[1] ?? 20);
const rounds = Number(flags.rounds ?? 3);
const KEY = 'quartier-dev-backend-key';
// --only Driving (a comma-separated list of modes) measures those modes alone, besides /health.
const MODES = flags.only ? flags.only.split(',') : ['Driving', 'Walking', 'Bicycling'];
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const paths = {'/health': ['/health']};
for (const mode of MODES) {
    paths[`/route ${mode}`] = reference.queries.slice(0, 500).map((q) =>
        `/route?travelMode=${mode}&startLatitude=${q.from[0]}&startLongitude=${q.from[1]}&arrivalLatitude=${q.to[0]}&arrivalLongitude=${q.to[1]}&language=FR`);
}

const serverArgs = ['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', ...(flags.out ? ['--out', path.resolve(flags.out), '--no-build'] : [])];
const servers = [{name: 'this checkout', server: await startBenchServer(serverArgs)}];
if (flags.base) servers.push({name: `base (${path.basename(flags.base)})`, server: await startBenchServer(serverArgs, {}, path.resolve(flags.base))});
/** OSRM's path for each of our pairs (osrm-routed answers with the profile it was started on, whatever the URL says). */
const osrmPaths = reference.queries.slice(0, 500).map((q) =>
    `/route/v1/driving/${q.from[1]},${q.from[0]};${q.to[1]},${q.to[0]}?overview=full&steps=true`);
/** An osrm-routed per profile: asked our endpoint `endpoint` alone. */
for (const [url, pid, endpoint, name] of [[flags.osrm, flags['osrm-pid'], '/route Driving', 'OSRM car'], [flags['osrm-foot'], flags['osrm-foot-pid'], '/route Walking', 'OSRM foot']]) {
    if (url) servers.push({name, osrm: endpoint, server: {url: url.replace(/\/$/, ''), pid: 0, osrmPid: Number(pid ?? 0), stop() {}}});
}

async function keptAlive(url, list) {
    const result = await autocannon({
        url, connections, duration: seconds, headers: {LicenseKey: KEY},
        requests: list.map((p) => ({method: 'GET', path: p}))
    });
    return {count: result.requests.total, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors};
}

function newConnections(url, list) {
    return (flags.wrk ? wrkRequests : newConnectionsClient)(url, list, {connections, seconds, headers: {LicenseKey: KEY}});
}

const clients = {'kept-alive': keptAlive, 'new connection per request': newConnections};
/** The figure ids bench/check.js reads: route-http.<mode>.<client>, this checkout's medians against /health's. */
const FIGURE_NAMES = {'kept-alive': 'kept-alive', 'new connection per request': 'new-connection', Driving: 'car', Walking: 'foot', Bicycling: 'bike'};
/** results[server][client][endpoint]: one measurement per round. */
const results = servers.map(() => Object.fromEntries(Object.keys(clients).map((c) => [c, Object.fromEntries(Object.keys(paths).map((e) => [e, []]))])));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cell = (x) => (Number.isNaN(x) ? '–' : x.toFixed(0));

try {
    const pathsOf = (i, endpoint) => (!servers[i].osrm ? paths[endpoint] : servers[i].osrm === endpoint ? osrmPaths : null);
    for (const [i, {server, osrm}] of servers.entries()) await keptAlive(server.url, pathsOf(i, osrm ?? `/route ${MODES[0]}`)); // warm every worker
    for (let round = 0; round < rounds; round++) {
        for (const [client, run] of Object.entries(clients)) {
            for (const [e, endpoint] of Object.keys(paths).entries()) {
                // Which server goes first alternates, so that neither always follows the other's load.
                const order = (round + e) % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
                for (const i of order) {
                    const {server} = servers[i];
                    if (!pathsOf(i, endpoint)) continue;
                    const pid = server.pid || server.osrmPid;
                    const main0 = server.pid ? cpuSeconds(pid) : NaN, all0 = cpuSeconds(pid, true);
                    const m = await run(server.url, pathsOf(i, endpoint));
                    m.mainUs = server.pid ? (cpuSeconds(pid) - main0) / m.count * 1e6 : NaN;
                    m.allUs = (cpuSeconds(pid, true) - all0) / m.count * 1e6;
                    results[i][client][endpoint].push(m);
                    process.stderr.write(`round ${round + 1} ${servers[i].name} ${client} ${endpoint}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, main thread ${m.mainUs.toFixed(0)} µs/request, all threads ${m.allUs.toFixed(0)}\n`);
                }
            }
        }
    }
    for (const client of Object.keys(clients)) {
        for (const [osrmAt, {name, osrm}] of servers.entries()) {
            if (!osrm || results[0][client][osrm].length === 0) continue;
            const ours = results[0][client][osrm], theirs = results[osrmAt][client][osrm];
            const range = (f) => {
                const xs = ours.map((m, r) => f(m) / f(theirs[r]));
                return `${xs.map((x) => x.toFixed(2)).join(', ')} (median ${median(xs).toFixed(2)}×, ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}×)`;
            };
            console.log(`\n${client}, ${osrm} against ${name}, ours / theirs round by round: throughput ${range((m) => m.rps)}; p50 ${range((m) => m.p50)}; p99 ${range((m) => m.p99)}`);
        }
        console.log(`\n${client}, ${connections} connections, ${seconds} s × ${rounds} rounds (medians)\n`);
        console.log(`| server | endpoint | req/s | ratio to /health | p50 ms | p99 ms | main-thread CPU µs/request | server CPU µs/request (all threads) | failed |`);
        console.log('|---|---|---|---|---|---|---|---|---|');
        for (const [i, {name}] of servers.entries()) {
            const health = median(results[i][client]['/health'].map((m) => m.rps));
            for (const [endpoint, ms] of Object.entries(results[i][client])) {
                if (ms.length === 0) continue;
                const rps = median(ms.map((m) => m.rps));
                console.log(`| ${name} | ${endpoint} | ${rps.toFixed(0)} | ${health ? (rps / health).toFixed(2) : '–'} | ${median(ms.map((m) => m.p50))} | ${median(ms.map((m) => m.p99))} | ${cell(median(ms.map((m) => m.mainUs)))} | ${cell(median(ms.map((m) => m.allUs)))} | ${ms.reduce((s, m) => s + m.failed, 0)} |`);
            }
        }
        const health = median(results[0][client]['/health'].map((m) => m.rps));
        for (const mode of MODES) {
            const ms = results[0][client][`/route ${mode}`], id = `route-http.${FIGURE_NAMES[mode]}.${FIGURE_NAMES[client]}`;
            printFigure(id, median(ms.map((m) => m.rps)), health);
            // CPU per request: what the machine's other load moves least.
            printFigure(`${id}.main-thread-us`, median(ms.map((m) => m.mainUs)));
            printFigure(`${id}.all-threads-us`, median(ms.map((m) => m.allUs)));
        }
    }
} finally {
    for (const {server} of servers) server.stop();
}
