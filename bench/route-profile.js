// Where the main thread's time goes on /route: the server in its own process under V8's CPU profiler
// (--cpu-prof), autocannon with kept-alive connections on the car pairs of the OSRM reference set, then
// the main thread's samples attributed to the stages of a request (the innermost frame that names a
// stage wins), per request. With --base DIR, the same for another checkout's server, one after the
// other. The profiler samples wall time: on a loaded machine a stage also holds the time its thread
// waited for a core (waking a worker lets it take the core: the "post task" stage); bench/route-http.js
// gives the main thread's CPU time, which that disturbs less.
// With --new-connections, the client opens a new connection per request (as bench/route-http.js's second client).
// Usage: node bench/route-profile.js [seconds=15] [connections=20] [--base DIR] [--out BUNDLES] [--new-connections]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import autocannon from 'autocannon';
import {dataRoot} from '@quartier/engine/internal';
import {newConnections} from './lib/new-connections.js';
import {startBenchServer} from './lib/server.js';
import {readProfiles, stageTimes} from './lib/profile-stages.js';

const {values: flags, positionals} = parseArgs({allowPositionals: true, options: {base: {type: 'string'}, out: {type: 'string'}, 'new-connections': {type: 'boolean'}}});
const seconds = Number(positionals[0] ?? 15);
const connections = Number(positionals[1] ?? 20);
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const requests = reference.queries.slice(0, 500).map((q) => ({method: 'GET',
    path: `/route?travelMode=Driving&startLatitude=${q.from[0]}&startLongitude=${q.from[1]}&arrivalLatitude=${q.to[0]}&arrivalLongitude=${q.to[1]}&language=FR`}));

/** Stage name, and whether a frame (function name, script URL) belongs to it; the first that matches wins. */
const STAGES = [
    ['(idle)', (f) => f === '(idle)'],
    ['garbage collection', (f) => f === '(garbage collector)'],
    ['(program: V8 and native code outside any function)', (f) => f === '(program)'],
    ['startup (module loading, opening the region)', (f, u) => /modules\/(cjs|esm)|startServer|createApp|main\.js/.test(`${u} ${f}`)],
    ['JSON.stringify of the answer', (f) => f === 'stringify'],
    ['socket write (writev system call)', (f) => /^(writev|_writeGeneric|writevGeneric|writeUtf8String|writeBuffer)$/.test(f)],
    ['Buffer.from(answer)', (f) => f === 'fromString' || f === 'fromStringFast'],
    ['metrics (prom-client)', (f, u) => /prom-client|metrics\.js/.test(u)],
    ['request observer (request id, finish listener)', (f, u) => /request-observer/.test(u)],
    ['CORS headers', (f, u) => /cors\.js/.test(u)],
    ['country', (f, u) => /country\.js/.test(u)],
    ['key check', (f, u) => /keys\.js/.test(u)],
    ['query parsing and encoding check', (f, u) => /params\.js/.test(u) && (f === 'normalizeQuery' || f === 'checkQueryEncoding')],
    ['route parameters (mode, positions, covered area)', (f, u) => /params\.js|position\.js|border\.js|coverage/.test(u)],
    ['pool: posting the task (message, waking a worker)', (f, u) => (/piscina/.test(u) && /postTask|_distributeTask|runTask|^run$/.test(f)) || /pool\.js/.test(u)],
    ['pool: receiving the answer (message, promise)', (f, u) => /piscina|worker\/io|messageport|event_target/.test(u)],
    ['Express res.json / res.send', (f, u) => /express\/lib\/response/.test(u)],
    ['guard, lane and route handler', (f, u) => /dist\/src\/(app|route-lane)\.js|routes\/route\.js/.test(u)],
    ['Express (application, router)', (f, u) => /router\/|express\/lib|parseurl|finalhandler/.test(u)],
    ['node:http (parsing, headers, ending the answer)', (f, u) => /_http_|node:net|stream|http_common/.test(u)]
];

/** Per stage, the main thread's µs per request. */
function stages(profile, count) {
    return new Map([...stageTimes(profile, STAGES)].map(([name, us]) => [name, us / count]));
}

async function profileOf(checkout) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-route-profile-'));
    const args = ['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', ...(flags.out ? ['--out', path.resolve(flags.out), '--no-build'] : [])];
    const server = await startBenchServer(args, {}, checkout, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let result;
    try {
        const headers = {LicenseKey: 'quartier-dev-backend-key'};
        if (flags['new-connections']) {
            const r = await newConnections(server.url, requests.map((q) => q.path), {connections, seconds, headers});
            result = {requests: {total: r.count, average: r.rps}};
        } else {
            result = await autocannon({url: server.url, connections, duration: seconds, headers, requests});
        }
    } finally {
        server.stop();
    }
    // The profiles are written as the process exits (one per thread; the main thread's is thread 0).
    const profile = (await readProfiles(dir)).find((t) => t.thread === 0).profile;
    fs.rmSync(dir, {recursive: true, force: true});
    return {requests: result.requests.total, rps: result.requests.average, stages: stages(profile, result.requests.total)};
}

const runs = [['this checkout', await profileOf(undefined)]];
if (flags.base) runs.push([`base (${path.basename(flags.base)})`, await profileOf(path.resolve(flags.base))]);
console.log(`Main thread, µs per /route request (car, ${connections} ${flags['new-connections'] ? 'new connections per request' : 'kept-alive connections'}, ${seconds} s; wall time in the profile)\n`);
console.log(`| stage | ${runs.map(([name]) => name).join(' | ')} |`);
console.log(`|---|${runs.map(() => '---:').join('|')}|`);
for (const [name] of [...STAGES, ['other']]) {
    if (name === '(idle)' || name.startsWith('startup')) continue;
    console.log(`| ${name} | ${runs.map(([, r]) => r.stages.get(name).toFixed(1)).join(' | ')} |`);
}
const busy = (r) => [...r.stages].filter(([name]) => name !== '(idle)' && !name.startsWith('startup')).reduce((s, [, us]) => s + us, 0);
console.log(`| **busy, per request** | ${runs.map(([, r]) => busy(r).toFixed(0)).join(' | ')} |`);
console.log(`| requests (req/s) | ${runs.map(([, r]) => `${r.requests} (${r.rps.toFixed(0)})`).join(' | ')} |`);
