// Partial re-contraction (issue 28, ch/recontract.ts), per mode, on the bundles bench/country-update.js leaves: the
// road graph and hierarchies of the full build (DIR/country-J-base/FR) and the road graph after the road update
// (DIR/country-J-bundles/FR). The updated graph's hierarchy three ways, CPU seconds of this process each: a fresh
// contraction (its own order), the previous order with every node searched again (what the order alone saves), and
// the partial re-contraction (the update's way: nodes searched again, shortcuts). Then queries: the same random pairs
// of the mode's main component on the fresh and the partial hierarchy, in alternate rounds: times equal, CH
// distance p50 and p95 (µs) of each (a reused order must not slow queries).
//   npx tsc -b && node bench/ch-recontract.js [--junctions 2000000] [--dir /tmp/quartier-country-update]
//        [--modes car,foot,bike] [--pairs 2000] [--rounds 3]
import fs from 'node:fs';
import path from 'node:path';
import {CHQuery, ContractionHierarchy, MODES, RoadGraph, contract, turnCosts} from '@quartier/engine/internal';
import {arg} from './lib/args.js';
import {mulberry32, percentileOf} from './lib/stats.js';

const junctions = Number(arg('junctions', 2000000));
const dir = path.resolve(arg('dir', '/tmp/quartier-country-update'));
const modes = String(arg('modes', 'car,foot,bike')).split(',').map((m) => MODES.indexOf(m));
const pairCount = Number(arg('pairs', 2000));
const rounds = Number(arg('rounds', 3));
const before = path.join(dir, `country-${junctions}-base`, 'FR'), after = path.join(dir, `country-${junctions}-bundles`, 'FR');

const read = (file) => {
    const bytes = fs.readFileSync(file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};
const graphOf = (folder) => {
    const b = read(path.join(folder, 'roads.bin'));
    return RoadGraph.from(b.buffer, b.byteOffset, b.byteLength);
};
const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
};
/** fn's value and the CPU seconds it took. */
const measured = (fn) => {
    const start = cpu();
    const value = fn();
    return [cpu() - start, value];
};

const oldGraph = graphOf(before), newGraph = graphOf(after);
console.error(`graphs: ${oldGraph.nodeCount} nodes before, ${newGraph.nodeCount} after`);
const rows = [];
for (const m of modes) {
    const b = read(path.join(before, `ch-${MODES[m]}.bin`));
    const previous = {hierarchy: ContractionHierarchy.from(b.buffer, m, b.byteOffset, b.byteLength), graph: oldGraph};
    const turns = turnCosts(newGraph, m);
    const [freshCpu, freshBytes] = measured(() => contract(newGraph, m, {turns}));
    const [orderCpu] = measured(() => contract(newGraph, m, {turns, previous, replay: false}));
    const stats = {};
    const [partialCpu, partialBytes] = measured(() => contract(newGraph, m, {turns, previous, stats}));
    const fresh = ContractionHierarchy.from(freshBytes.buffer, m, freshBytes.byteOffset, freshBytes.byteLength);
    const partial = ContractionHierarchy.from(partialBytes.buffer, m, partialBytes.byteOffset, partialBytes.byteLength);
    const main = [];
    for (let x = 0; x < newGraph.nodeCount; x++) if (newGraph.inMainComponent(x, m)) main.push(x);
    const random = mulberry32(2811 + m);
    const pairs = Array.from({length: pairCount}, () => [main[Math.floor(random() * main.length)], main[Math.floor(random() * main.length)]]);
    const queries = {fresh: new CHQuery(newGraph, fresh), partial: new CHQuery(newGraph, partial)};
    const micros = {fresh: [], partial: []};
    let differ = 0;
    for (let round = 0; round < rounds; round++) {
        for (const name of round % 2 === 0 ? ['fresh', 'partial'] : ['partial', 'fresh']) {
            for (const [s, t] of pairs) {
                const start = performance.now();
                queries[name].distance(s, t);
                micros[name].push((performance.now() - start) * 1000);
            }
        }
    }
    for (const [s, t] of pairs) if (queries.fresh.distance(s, t) !== queries.partial.distance(s, t)) differ++;
    const row = {
        mode: MODES[m], nodes: newGraph.nodeCount, recontracted: stats.recontracted ?? 'all (over the share)',
        freshCpuS: +freshCpu.toFixed(1), orderOnlyCpuS: +orderCpu.toFixed(1), partialCpuS: +partialCpu.toFixed(1),
        partialRatio: +(partialCpu / freshCpu).toFixed(3), orderOnlyRatio: +(orderCpu / freshCpu).toFixed(3),
        freshShortcuts: fresh.section.meta.shortcuts, partialShortcuts: partial.section.meta.shortcuts,
        freshP50us: +percentileOf(micros.fresh, 0.5).toFixed(1), partialP50us: +percentileOf(micros.partial, 0.5).toFixed(1),
        freshP95us: +percentileOf(micros.fresh, 0.95).toFixed(1), partialP95us: +percentileOf(micros.partial, 0.95).toFixed(1),
        timesDiffer: differ
    };
    rows.push(row);
    console.error(JSON.stringify(row));
}
console.table(rows);
process.stdout.write(`${JSON.stringify({junctions, load: fs.readFileSync('/proc/loadavg', 'utf8').trim(), rows})}\n`);
