// The headline benches on two checkouts in the same run (e.g. a worktree of the commit before a
// refactoring, and this one): each bench runs on one checkout, then on the other, which first
// alternating round by round, so both see the same machine; each run is that checkout's own bench
// script over its own packages and the same bundles (build/test-regions of this checkout). Prints every
// run's output under its label; the figures go in bench/RESULTS.md with the spread over the rounds.
// route-http compares two servers itself (--base), in its own interleaved rounds.
//   node bench/checkouts.js --base ../base [--rounds 2] [name ...]   names: route enrichment geocode image matrix
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values: flags, positionals} = parseArgs({allowPositionals: true, options: {base: {type: 'string'}, rounds: {type: 'string'}}});
if (!flags.base) {
    process.stderr.write('usage: node bench/checkouts.js --base CHECKOUT [--rounds 2] [route enrichment geocode image matrix]\n');
    process.exit(2);
}
const base = path.resolve(flags.base);
const rounds = Number(flags.rounds ?? 2);
const bundles = path.join(here, 'build', 'test-regions');

/** Each bench's arguments: small enough for the five to take about 20 minutes on 2 cores. */
const BENCHES = {
    route: {script: 'route-http.js', args: ['4', '20', '--rounds', '3', '--base', base], both: true},
    enrichment: {script: 'enrichment-speed.js', args: ['300']},
    geocode: {script: 'geocode.js', args: ['BE', 'DE', 'MT', '--n', '150']},
    image: {script: 'image.js', args: ['4']},
    matrix: {script: 'matrix.js', args: [bundles]}
};

function run(checkout, bench) {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--expose-gc', path.join(checkout, 'bench', bench.script), ...bench.args], {cwd: checkout, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    return `${r.stdout}${r.status === 0 ? '' : `\n(exit ${r.status})\n${r.stderr.slice(-2000)}`}\n(${seconds} s)`;
}

for (const name of positionals.length ? positionals : Object.keys(BENCHES)) {
    const bench = BENCHES[name];
    if (!bench) throw new Error(`unknown bench '${name}' (${Object.keys(BENCHES).join(', ')})`);
    if (!fs.existsSync(path.join(base, 'bench', bench.script))) throw new Error(`${base} has no bench/${bench.script}`);
    if (bench.both) {
        process.stdout.write(`\n## ${name}: this checkout against ${base}, interleaved by the bench\n\n${run(here, bench)}\n`);
        continue;
    }
    for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? [['base', base], ['this', here]] : [['this', here], ['base', base]];
        for (const [label, checkout] of order) {
            process.stdout.write(`\n## ${name}, round ${round + 1}, ${label} (${checkout})\n\n${run(checkout, bench)}\n`);
        }
    }
}
