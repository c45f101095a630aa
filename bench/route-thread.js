// What one /route costs a routing thread: in process, as the worker does it (Region.open, the road router's
// route, then the answer's bytes by the server's writer: tasks.ts and answers/route-answer.ts), over the
// 1,000 origin-destination pairs of the OSRM reference set (Brussels), car and foot, language FR.
// Per route: CPU µs (process.cpuUsage over passes of all the pairs) and bytes allocated on the JS heap (the
// used heap size before and after each route, in a process whose young generation is large enough that a
// scavenge seldom falls inside one; routes a collection fell inside are left out).
// A round is a fresh child process per mode (the code compiled for that mode alone, as a thread serving a
// stream of one mode's routes), measuring on a worker thread with a routing thread's young generation and
// node's flags as npm start gives them. With --base DIR, the other checkout's built packages are loaded in
// the same thread, and the two measured pass by pass in turn (ABBA…), so that both see the same machine:
// the ratio per round is the figure the load moves least. With --base, the answers' bytes of every pair in
// car, foot and bike are compared too (a hash each, info.took left out): a change that must leave the
// answers as they were proves it here (exit code 1 when they differ).
// Usage: node bench/route-thread.js [--rounds 5] [--passes 6] [--pairs 1000] [--base DIR] [--modes car,foot]
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {once} from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import v8 from 'node:v8';
import {isMainThread, parentPort, Worker, workerData} from 'node:worker_threads';
import {printFigure} from './lib/figure.js';
import {packageEntry} from './lib/packages.js';
import {SERVING_NODE_ARGS} from './lib/server.js';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODES = {car: 0, foot: 1, bike: 2};
/** A routing thread's young generation (MiB, packages/server/src/workers/worker-threads.ts). */
const ROUTING_THREAD_YOUNG_MB = 8;
const {values: flags} = parseArgs({options: {
    rounds: {type: 'string'}, passes: {type: 'string'}, pairs: {type: 'string'}, base: {type: 'string'}, modes: {type: 'string'},
    child: {type: 'string'}, checkout: {type: 'string', multiple: true}
}});
const pairCount = Number(flags.pairs ?? 1000);
const passes = Number(flags.passes ?? 6);

/** A checkout's region and its worker's route task: the answer's bytes, or the route error's code. */
async function open(checkout) {
    const {Region} = await import(packageEntry('@quartier/engine', checkout));
    const {JsonWriter, writeRoadRoute} = await import(packageEntry('@quartier/server', checkout));
    const region = Region.open(path.join(here, 'build', 'test-regions', 'BE'));
    const writer = new JsonWriter();
    return (mode, q) => {
        const started = performance.now();
        try {
            return writeRoadRoute(writer, region.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1], 'FR'), started);
        } catch (err) {
            if (err.code) return err.code;
            throw err;
        }
    };
}

async function pairs() {
    const {dataRoot} = await import(packageEntry('@quartier/engine/internal'));
    return JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8')).queries.slice(0, pairCount);
}

/** Per checkout, a hash of every pair's answer in each mode. */
async function hashes(checkouts) {
    const queries = await pairs();
    const out = [];
    for (const checkout of checkouts) {
        const answer = await open(checkout);
        const hashOf = {};
        for (const [name, mode] of Object.entries(MODES)) {
            const hash = createHash('sha256');
            for (const q of queries) {
                const a = answer(mode, q);
                hash.update(typeof a === 'string' ? `error ${a}\n` : withoutTook(a));
            }
            hashOf[name] = hash.digest('hex').slice(0, 16);
        }
        out.push(hashOf);
    }
    return out;
}

/** The answer without info.took (the milliseconds the search took, different every time). */
function withoutTook(bytes) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return text.slice(0, text.lastIndexOf(',"took":'));
}

/** Per checkout, CPU µs per route of each pass, the checkouts' passes in turn (ABBA…) after one pass each that warms them. */
async function cpu(checkouts, mode) {
    const queries = await pairs();
    const answers = [];
    for (const checkout of checkouts) answers.push(await open(checkout));
    for (const answer of answers) for (const q of queries) answer(mode, q);
    const us = checkouts.map(() => []);
    for (let pass = 0; pass < passes; pass++) {
        for (let k = 0; k < answers.length; k++) {
            const c = (pass + (pass >> 1)) % 2 === 0 ? k : answers.length - 1 - k;
            const before = process.cpuUsage();
            for (const q of queries) answers[c](mode, q);
            const used = process.cpuUsage(before);
            us[c].push((used.user + used.system) / queries.length);
        }
    }
    return us;
}

/** Heap bytes allocated per route: the used heap before and after each, less what reading it costs (measured with nothing between). */
async function bytes(checkout, mode) {
    const queries = await pairs();
    const answer = await open(checkout);
    for (const q of queries) answer(mode, q);
    const v8 = await import('node:v8');
    const heap = () => v8.getHeapStatistics().used_heap_size;
    let empty = Infinity;
    for (let i = 0; i < 100; i++) {
        const a = heap();
        const b = heap();
        if (b >= a) empty = Math.min(empty, b - a);
    }
    let sum = 0, counted = 0;
    for (const q of queries) {
        const a = heap();
        answer(mode, q);
        const b = heap();
        if (b < a) continue; // a collection fell inside
        sum += b - a - empty;
        counted++;
    }
    return sum / counted;
}

/** One child's measurement. */
function measure(kind, checkouts) {
    const [what, name] = kind.split(':');
    if (what === 'hash') return hashes(checkouts);
    if (what === 'cpu') return cpu(checkouts, MODES[name]);
    return bytes(checkouts[0], MODES[name]);
}

function run(kind, checkouts) {
    // For the bytes, a young generation large enough that scavenges are rare.
    const nodeArgs = kind.startsWith('bytes') ? ['--max-semi-space-size=128'] : SERVING_NODE_ARGS;
    const args = [...nodeArgs, fileURLToPath(import.meta.url), '--child', kind, '--pairs', String(pairCount), '--passes', String(passes)];
    for (const c of checkouts) args.push('--checkout', c);
    const r = spawnSync(process.execPath, args, {cwd: here, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024});
    if (r.status !== 0) throw new Error(`${kind}: exit ${r.status}\n${r.stderr.slice(-3000)}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const range = (xs, digits) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

if (!isMainThread) {
    parentPort.postMessage(await measure(workerData.kind, workerData.checkouts));
} else if (flags.child?.startsWith('cpu')) {
    // On a thread with a routing thread's young generation; process.cpuUsage counts the idle main thread too.
    // The semi-space flag is the main thread's, as in the server (worker-threads.ts): it would win over resourceLimits.
    v8.setFlagsFromString('--max-semi-space-size=0');
    const worker = new Worker(fileURLToPath(import.meta.url), {workerData: {kind: flags.child, checkouts: flags.checkout},
        argv: ['--pairs', String(pairCount), '--passes', String(passes)], resourceLimits: {maxYoungGenerationSizeMb: ROUTING_THREAD_YOUNG_MB}});
    const [result] = await once(worker, 'message');
    process.stdout.write(`${JSON.stringify(result)}\n`);
    await worker.terminate();
} else if (flags.child) {
    process.stdout.write(`${JSON.stringify(await measure(flags.child, flags.checkout))}\n`);
} else {
    const rounds = Number(flags.rounds ?? 5);
    const modes = (flags.modes ?? 'car,foot').split(',');
    const names = ['this', ...(flags.base ? ['base'] : [])];
    const checkouts = [here, ...(flags.base ? [path.resolve(flags.base)] : [])];
    const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`route-thread: ${pairCount} pairs, ${rounds} rounds of ${passes} passes, load ${load()}`);
    if (flags.base) {
        const [mine, theirs] = run('hash', checkouts);
        for (const name of Object.keys(MODES)) {
            console.log(`answers ${name}: ${mine[name] === theirs[name] ? 'the same bytes' : 'DIFFERENT'} (${mine[name]} / ${theirs[name]})`);
            if (mine[name] !== theirs[name]) process.exitCode = 1;
        }
    }
    for (const m of modes) {
        const heapBytes = checkouts.map((dir) => run(`bytes:${m}`, [dir]));
        /** Per checkout, the median pass of each round. */
        const us = checkouts.map(() => []);
        const ratios = [];
        for (let round = 0; round < rounds; round++) {
            const passUs = run(`cpu:${m}`, checkouts);
            passUs.forEach((xs, c) => us[c].push(median(xs)));
            if (flags.base) ratios.push(median(passUs[0].map((x, p) => x / passUs[1][p])));
        }
        for (let c = 0; c < checkouts.length; c++) {
            console.log(`${m} ${names[c].padEnd(4)} CPU µs per route: median ${median(us[c]).toFixed(0)} (${range(us[c], 0)} over the rounds); heap bytes allocated per route: ${heapBytes[c].toFixed(0)}`);
        }
        if (flags.base) console.log(`${m} this / base CPU: median ${median(ratios).toFixed(3)} (${range(ratios, 3)} round by round, each its passes' median)`);
        printFigure(`route-thread.${m}.cpu-us`, median(us[0]), flags.base ? median(us[1]) : undefined);
        printFigure(`route-thread.${m}.heap-bytes`, heapBytes[0], flags.base ? heapBytes[1] : undefined);
    }
    console.log(`load at the end ${load()}`);
}
