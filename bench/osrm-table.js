// A 100 × 100 car table over HTTP, side by side with OSRM: our POST /matrix (the server in its own process,
// Brussels, 2 workers, no answers cache) against a running osrm-routed's /table with the car profile on the
// same extract (how it was built and run: docs/osrm-side-by-side.md; nothing of it in this repository).
// Sources: the `from` of the first 100 pairs of ../shared/reference/osrm-brussels-1000.json, destinations
// their `to`, as OSRM and we snap them. Both answer durations and distances (OSRM: annotations=duration,distance).
// Rounds alternate which server goes first; each round times `tables` requests one after the other per server
// and keeps the median; each server's CPU per table (our whole process, workers too; OSRM's with --osrm-pid).
// Also a plausibility check of the cells: the median of our duration over OSRM's.
// Usage: node bench/osrm-table.js --osrm URL [--osrm-pid PID] [--rounds 5] [--tables 10] [--out BUNDLES]
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {dataRoot} from '@quartier/engine/internal';
import {printFigure} from './lib/figure.js';
import {cpuSeconds} from './lib/process-cpu.js';
import {startBenchServer} from './lib/server.js';
import {percentileOf} from './lib/stats.js';

const {values: flags} = parseArgs({options: {osrm: {type: 'string'}, 'osrm-pid': {type: 'string'}, rounds: {type: 'string'}, tables: {type: 'string'}, out: {type: 'string'}}});
if (!flags.osrm) throw new Error('--osrm URL: a running osrm-routed with the car profile (docs/osrm-side-by-side.md)');
const rounds = Number(flags.rounds ?? 5), tables = Number(flags.tables ?? 10);
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const pairs = reference.queries.slice(0, 100);
const sources = pairs.map((q) => q.from), destinations = pairs.map((q) => q.to);

const serverArgs = ['--regions', 'BE', '--default-country', 'BE', '--cache', 'off', ...(flags.out ? ['--out', path.resolve(flags.out), '--no-build'] : [])];
const ours = await startBenchServer(serverArgs);
const osrmUrl = flags.osrm.replace(/\/$/, '');
const osrmPath = `/table/v1/driving/${[...sources, ...destinations].map(([lat, lon]) => `${lon},${lat}`).join(';')}` +
    `?sources=${sources.map((_, i) => i).join(';')}&destinations=${destinations.map((_, i) => 100 + i).join(';')}&annotations=duration,distance`;

/** One table from each side: its durations (s) row by row. */
const ask = {
    async quartier() {
        const res = await fetch(`${ours.url}/matrix`, {method: 'POST', headers: {LicenseKey: 'quartier-dev-backend-key', 'Content-Type': 'application/json'},
            body: JSON.stringify({travelMode: 'Driving', sources, destinations})});
        const body = await res.json();
        if (res.status !== 200) throw new Error(`POST /matrix: ${res.status} ${JSON.stringify(body)}`);
        return body.durations;
    },
    async OSRM() {
        const res = await fetch(`${osrmUrl}${osrmPath}`);
        const body = await res.json();
        if (body.code !== 'Ok') throw new Error(`OSRM /table: ${body.code} ${body.message ?? ''}`);
        return body.durations;
    }
};
const pids = {quartier: ours.pid, OSRM: Number(flags['osrm-pid'] ?? 0)};
const median = (xs) => percentileOf(xs, 0.5);

try {
    const [a, b] = [await ask.quartier(), await ask.OSRM()]; // warm-up, and the cells' check
    const ratios = [];
    for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) if (a[i][j] > 0 && b[i][j] > 0) ratios.push(a[i][j] / b[i][j]);
    console.log(`cells routed by both: ${ratios.length} of 10,000; our duration / OSRM's: median ${median(ratios).toFixed(3)}, p5 ${percentileOf(ratios, 0.05).toFixed(3)}, p95 ${percentileOf(ratios, 0.95).toFixed(3)}`);
    /** per side: per round the median ms of a table, and the CPU ms per table. */
    const results = {quartier: [], OSRM: []};
    for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 ? ['OSRM', 'quartier'] : ['quartier', 'OSRM']) {
            const times = [], cpu0 = cpuSeconds(pids[side], true);
            for (let t = 0; t < tables; t++) {
                const t0 = performance.now();
                await ask[side]();
                times.push(performance.now() - t0);
            }
            results[side].push({ms: median(times), cpuMs: (cpuSeconds(pids[side], true) - cpu0) / tables * 1000});
            process.stderr.write(`round ${round + 1} ${side}: ${median(times).toFixed(1)} ms per table (median of ${tables}), server CPU ${results[side].at(-1).cpuMs.toFixed(1)} ms per table\n`);
        }
    }
    const spread = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
    console.log(`\n100 × 100 car over HTTP, ${rounds} rounds of ${tables} tables, medians (range over the rounds)\n`);
    console.log('| server | ms per table | server CPU ms per table |');
    console.log('|---|---|---|');
    for (const side of ['quartier', 'OSRM']) console.log(`| ${side} | ${spread(results[side].map((r) => r.ms))} | ${spread(results[side].map((r) => r.cpuMs))} |`);
    const perRound = results.quartier.map((r, i) => r.ms / results.OSRM[i].ms);
    console.log(`\nours / OSRM's, round by round: ${perRound.map((x) => x.toFixed(2)).join(', ')} (median ${median(perRound).toFixed(2)}×)`);
    printFigure('osrm-table.car.100.http', median(results.quartier.map((r) => r.ms)), median(results.OSRM.map((r) => r.ms)));
} finally {
    await ours.stop();
}
