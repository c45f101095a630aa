// What one /route costs a routing thread: in this process, as the worker does it (Region.open, the road
// router's route, then the answer's bytes by the server's writer, tasks.ts and answers/route-answer.ts),
// over the 1,000 origin-destination pairs of the OSRM reference set (Brussels), car and foot, language FR.
// Per route: CPU µs (process.cpuUsage, one pass over the pairs after a pass that warms the code) and bytes
// allocated on the JS heap (used heap size before and after each route, in a process whose young generation
// is large enough that a scavenge seldom falls inside one; routes a collection fell inside are left out).
// Each measurement runs in a fresh child process (one checkout, one mode: the code compiled for that mode
// alone, as a thread serving a stream of one mode's routes), rounds alternating which checkout goes first.
// With --base DIR, another checkout's built packages measured the same way in the same rounds, and the
// answers' bytes of every pair in car, foot and bike compared (a hash each, info.took left out): a change
// that must leave the answers as they were proves it here.
// Usage: node bench/route-thread.js [--rounds 5] [--pairs 1000] [--base DIR] [--modes car,foot]
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {printFigure} from './lib/figure.js';
import {packageEntry} from './lib/packages.js';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODES = {car: 0, foot: 1, bike: 2};
const {values: flags} = parseArgs({options: {
    rounds: {type: 'string'}, pairs: {type: 'string'}, base: {type: 'string'}, modes: {type: 'string'},
    child: {type: 'string'}, checkout: {type: 'string'}
}});
const pairCount = Number(flags.pairs ?? 1000);

/** The region and the pairs, in a child process: the checkout's own engine and answer writer. */
async function open(checkout) {
    const {Region} = await import(packageEntry('@quartier/engine', checkout));
    const {dataRoot} = await import(packageEntry('@quartier/engine/internal', checkout));
    const {JsonWriter, writeRoadRoute} = await import(packageEntry('@quartier/server', checkout));
    const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    const region = Region.open(path.join(here, 'build', 'test-regions', 'BE'));
    const writer = new JsonWriter();
    /** The worker's route task: the answer's bytes, or the route error's code. */
    const answer = (mode, q) => {
        const started = performance.now();
        try {
            return writeRoadRoute(writer, region.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1], 'FR'), started);
        } catch (err) {
            if (err.code) return err.code;
            throw err;
        }
    };
    return {answer, queries: reference.queries.slice(0, pairCount)};
}

/** One child's measurement, printed as a JSON line. */
async function child(kind, checkout) {
    const {answer, queries} = await open(checkout);
    if (kind === 'hash') {
        const hashes = {};
        for (const [name, mode] of Object.entries(MODES)) {
            const hash = createHash('sha256');
            for (const q of queries) {
                const a = answer(mode, q);
                if (typeof a === 'string') hash.update(`error ${a}\n`);
                else hash.update(withoutTook(a));
            }
            hashes[name] = hash.digest('hex').slice(0, 16);
        }
        return hashes;
    }
    const [what, name] = kind.split(':');
    const mode = MODES[name];
    for (const q of queries) answer(mode, q); // the code compiled and the scratch arrays made
    if (what === 'cpu') {
        const before = process.cpuUsage();
        for (const q of queries) answer(mode, q);
        const used = process.cpuUsage(before);
        return {us: (used.user + used.system) / queries.length};
    }
    // Bytes: the used heap before and after each route, less what reading it costs (measured with nothing between).
    const v8 = await import('node:v8');
    const heap = () => v8.getHeapStatistics().used_heap_size;
    let empty = Infinity;
    for (let i = 0; i < 100; i++) {
        const a = heap();
        const b = heap();
        if (b >= a) empty = Math.min(empty, b - a);
    }
    let bytes = 0, counted = 0;
    for (const q of queries) {
        const a = heap();
        answer(mode, q);
        const b = heap();
        if (b < a) continue; // a collection fell inside
        bytes += b - a - empty;
        counted++;
    }
    return {bytes: bytes / counted, counted};
}

/** The answer without info.took (the milliseconds the search took, different every time). */
function withoutTook(bytes) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return text.slice(0, text.lastIndexOf(',"took":'));
}

function run(kind, checkout) {
    const flagsOf = kind.startsWith('bytes') ? ['--max-semi-space-size=128'] : [];
    const r = spawnSync(process.execPath, [...flagsOf, fileURLToPath(import.meta.url), '--child', kind, '--checkout', checkout, '--pairs', String(pairCount)],
        {cwd: here, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024});
    if (r.status !== 0) throw new Error(`${kind} on ${checkout}: exit ${r.status}\n${r.stderr.slice(-3000)}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const spread = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

if (flags.child) {
    process.stdout.write(`${JSON.stringify(await child(flags.child, flags.checkout))}\n`);
} else {
    const rounds = Number(flags.rounds ?? 5);
    const modes = (flags.modes ?? 'car,foot').split(',');
    const checkouts = [['this', here], ...(flags.base ? [['base', path.resolve(flags.base)]] : [])];
    const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`route-thread: ${pairCount} pairs, ${rounds} rounds, load ${load()}`);
    if (flags.base) {
        const [mine, theirs] = checkouts.map(([, dir]) => run('hash', dir));
        for (const name of Object.keys(MODES)) {
            console.log(`answers ${name}: ${mine[name] === theirs[name] ? 'the same bytes' : 'DIFFERENT'} (${mine[name]} / ${theirs[name]})`);
        }
        if (Object.keys(MODES).some((name) => mine[name] !== theirs[name])) process.exitCode = 1;
    }
    /** results[checkout][mode]: {us: [], bytes: number} */
    const results = checkouts.map(() => Object.fromEntries(modes.map((m) => [m, {us: [], bytes: NaN}])));
    for (const m of modes) checkouts.forEach(([, dir], c) => { results[c][m].bytes = run(`bytes:${m}`, dir).bytes; });
    for (let round = 0; round < rounds; round++) {
        for (const m of modes) {
            const order = round % 2 === 0 ? checkouts.map((_, c) => c) : checkouts.map((_, c) => c).reverse();
            for (const c of order) results[c][m].us.push(run(`cpu:${m}`, checkouts[c][1]).us);
        }
    }
    for (const m of modes) {
        for (let c = 0; c < checkouts.length; c++) {
            const {us, bytes} = results[c][m];
            console.log(`${m} ${checkouts[c][0].padEnd(4)} CPU µs per route: median ${median(us).toFixed(0)} (${spread(us)} over ${rounds} rounds); heap bytes allocated per route: ${bytes.toFixed(0)}`);
        }
        if (flags.base) {
            const ratios = results[0][m].us.map((x, r) => x / results[1][m].us[r]);
            console.log(`${m} this / base CPU: median ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} round by round)`);
        }
        printFigure(`route-thread.${m}.cpu-us`, median(results[0][m].us), flags.base ? median(results[1][m].us) : undefined);
        printFigure(`route-thread.${m}.heap-bytes`, results[0][m].bytes, flags.base ? results[1][m].bytes : undefined);
    }
    console.log(`load at the end ${load()}`);
}
