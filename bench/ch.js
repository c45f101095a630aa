// Contraction hierarchy bench: per region and mode, the road graph size, preprocessing time and
// peak memory, shortcuts, and in-process query latency of CH against bidirectional Dijkstra on the
// same random pairs (both ends drawn from the mode's main component, so nearly all are reachable).
// Each region and mode runs in its own process. Memory: RSS before contracting (road graph built,
// after a GC), the highest RSS seen while contracting, and the process peak (graph build included).
// Small regions: these are mostly Node's own ~50 MB and the graph build; bench/ch-scaling.js
// measures contraction memory on its own.
// CPU seconds are printed beside wall seconds: on a shared machine they are the figure to compare.
//   npx tsc -b && node bench/ch.js [--pairs 1000] [--regions brussels,porto] [--modes car,foot,bike]
// --pairs also sets how many pairs are compared: CH ≠ Dijkstra mismatches are counted on all of them.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BidirectionalDijkstra, ContractionHierarchy, CHQuery, MODES, INF} from '@quartier/engine/internal';
import {loadRoadGraph, measuredContract} from './ch-lib.js';
import {mulberry32, percentile} from './lib/stats.js';
import {arg} from './lib/args.js';

const REGIONS = {
    brussels: 'be-brussels/osm/brussels_capital_region-2013-01-01.osm.pbf',
    porto: 'pt-porto/porto_portugal.osm.pbf',
    milan: 'it-milano/milan_italy_small.osm.pbf',
    malta: 'mt-malta/malta-latest-2018-08-27.osm.pbf',
    aachen: 'de-aachen/aachen.osm.pbf'
};

function child(file, mode, pairCount) {
    const g = loadRoadGraph(file);
    const graphRssMB = process.resourceUsage().maxRSS / 1024;
    const {bytes, contractSeconds, contractCpuSeconds, baseRssMB, contractRssMB} = measuredContract(g, mode);
    const peakRssMB = process.resourceUsage().maxRSS / 1024;
    const ch = ContractionHierarchy.from(bytes.buffer, mode, bytes.byteOffset, bytes.byteLength);
    const q = new CHQuery(g, ch);
    const bidirectional = new BidirectionalDijkstra(g, mode);

    const main = [];
    for (let i = 0; i < g.nodeCount; i++) if (g.inMainComponent(i, mode)) main.push(i);
    const random = mulberry32(12345 + mode);
    const sources = new Uint32Array(pairCount), targets = new Uint32Array(pairCount);
    for (let i = 0; i < pairCount; i++) {
        sources[i] = main[Math.floor(random() * main.length)];
        targets[i] = main[Math.floor(random() * main.length)];
    }
    const chDist = new Float64Array(pairCount), dijkstraDist = new Float64Array(pairCount);
    const time = (fn, out) => {
        for (let i = 0; i < Math.min(pairCount, 200); i++) fn(sources[i], targets[i]); // warm up
        const ms = new Float64Array(pairCount);
        for (let i = 0; i < pairCount; i++) {
            const t = performance.now();
            out[i] = fn(sources[i], targets[i]);
            ms[i] = performance.now() - t;
        }
        return ms.sort();
    };
    let chSettled = 0, dijkstraSettled = 0;
    const chMs = time((s, t) => {
        const d = q.distance(s, t);
        chSettled += q.settledCount;
        return d;
    }, chDist);
    const pathMs = time((s, t) => q.path(s, t).weight, new Float64Array(pairCount));
    const dijkstraMs = time((s, t) => {
        const d = bidirectional.distance(s, t);
        dijkstraSettled += bidirectional.settledCount;
        return d;
    }, dijkstraDist);
    let mismatches = 0, unreachable = 0;
    for (let i = 0; i < pairCount; i++) {
        if (chDist[i] !== dijkstraDist[i]) mismatches++;
        if (dijkstraDist[i] === INF) unreachable++;
    }
    // One source against 300 targets: buckets filled once (timed), then one upward search per source.
    const k = Math.min(300, pairCount);
    const manyTargets = targets.slice(0, k), out = new Float64Array(k);
    for (let i = 0; i < 3; i++) q.oneToMany(targets[i], sources.subarray(i * 100, i * 100 + k), out); // warm up
    let t0 = performance.now();
    q.oneToMany(sources[0], manyTargets, out);
    const bucketMs = performance.now() - t0;
    for (let i = 0; i < Math.min(200, pairCount); i++) q.oneToMany(sources[i], manyTargets, out); // warm up
    t0 = performance.now();
    for (let i = 0; i < pairCount; i++) q.oneToMany(sources[i], manyTargets, out);
    const oneToManyMs = (performance.now() - t0) / pairCount;
    const mean = (a) => a.reduce((s, x) => s + x, 0) / a.length;
    console.log(JSON.stringify({
        nodes: g.nodeCount, arcs: g.arcCount, mainNodes: main.length, contractSeconds, contractCpuSeconds, baseRssMB, contractRssMB,
        graphRssMB, peakRssMB,
        shortcuts: ch.section.meta.shortcuts, upArcs: ch.upHead.length, downArcs: ch.downHead.length, sectionMB: bytes.byteLength / 1e6,
        chP50: percentile(chMs, 0.5), chP95: percentile(chMs, 0.95), chMean: mean(chMs),
        pathP50: percentile(pathMs, 0.5),
        dijkstraP50: percentile(dijkstraMs, 0.5), dijkstraP95: percentile(dijkstraMs, 0.95), dijkstraMean: mean(dijkstraMs),
        chSettled: chSettled / pairCount, dijkstraSettled: dijkstraSettled / pairCount,
        mismatches, unreachable, bucketMs, oneToManyMs, oneToManyTargets: k
    }));
}

if (process.argv[2] === '--child') {
    child(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
} else {
    const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dataRoot = process.env.QUARTIER_DATA ?? path.resolve(repoRoot, '../shared/data');
    const pairs = Number(arg('pairs', 1000));
    const regions = arg('regions', Object.keys(REGIONS).join(',')).split(',');
    const modes = arg('modes', MODES.join(',')).split(',').map((m) => MODES.indexOf(m));
    const pad = (s, n) => String(s).padStart(n);
    const f = (x, d = 1) => x.toFixed(d);
    console.log(`${pairs} random pairs per region and mode; times in-process, one query at a time; CH ≠ Dijkstra counted on all pairs.`);
    console.log(['region'.padEnd(9), pad('mode', 4), pad('nodes', 7), pad('arcs', 7), pad('CH s', 5), pad('CPU s', 5), pad('CPU s/Mnode', 11),
        pad('RSS before', 10), pad('during', 6), pad('peak', 5), pad('shortcuts', 9), pad('CH p50 µs', 9), pad('p95', 6), pad('path p50', 8),
        pad('BiDij p50 µs', 12), pad('p95', 7), pad('p50 ×', 6), pad('mean ×', 6), pad('settled CH', 10), pad('BiDij', 6),
        pad('1×300 µs', 8), pad('buckets ms', 10), pad('mismatch', 8)].join(' '));
    for (const region of regions) {
        for (const mode of modes) {
            const file = path.join(dataRoot, REGIONS[region]);
            const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', file, String(mode), String(pairs)],
                {encoding: 'utf8', maxBuffer: 1 << 24});
            const r = JSON.parse(out.trim().split('\n').pop());
            console.log([region.padEnd(9), pad(MODES[mode], 4), pad(r.nodes, 7), pad(r.arcs, 7), pad(f(r.contractSeconds, 2), 5),
                pad(f(r.contractCpuSeconds, 2), 5), pad(f(r.contractCpuSeconds / r.nodes * 1e6), 11),
                pad(f(r.baseRssMB, 0), 10), pad(f(r.contractRssMB, 0), 6), pad(f(r.peakRssMB, 0), 5), pad(r.shortcuts, 9),
                pad(f(r.chP50 * 1000), 9), pad(f(r.chP95 * 1000), 6), pad(f(r.pathP50 * 1000), 8),
                pad(f(r.dijkstraP50 * 1000, 0), 12), pad(f(r.dijkstraP95 * 1000, 0), 7),
                pad(f(r.dijkstraP50 / r.chP50, 0), 6), pad(f(r.dijkstraMean / r.chMean, 0), 6),
                pad(f(r.chSettled, 0), 10), pad(f(r.dijkstraSettled, 0), 6),
                pad(f(r.oneToManyMs * 1000, 0), 8), pad(f(r.bucketMs, 1), 10), pad(r.mismatches, 8)].join(' '));
        }
    }
}
