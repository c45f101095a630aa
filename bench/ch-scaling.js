// How contraction hierarchies scale: synthetic road networks of growing size (tools/synthetic-roads.js),
// each written as .osm.pbf, built into a road graph with RoadGraphBuilder, contracted for one mode,
// then queried. Per size, one process builds the road graph from the .osm.pbf and writes its section to
// a file beside it; a second one reads that section (as a region would) and contracts and queries it,
// so its RSS is the graph section plus what contraction needs, not the graph build's leftovers.
// RSS columns: before contracting, the highest seen while contracting (sampled), and the process peak
// (queries included: CHQuery and BidirectionalDijkstra scratch arrays).
//   npx tsc -b && node bench/ch-scaling.js [--sizes 100000,300000,1000000,3000000] [--mode car] [--pairs 1000]
// The .osm.pbf files are kept in the OS temp directory and reused (QUARTIER_SYNTHETIC_DIR to move them).
// Bidirectional Dijkstra is timed on fewer pairs on big graphs (--dijkstra-pairs, default 1000 below
// 500k nodes, else 100); CH ≠ Dijkstra is counted on those pairs.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {
    BidirectionalDijkstra, ContractionHierarchy, CHQuery, readFileShared, writeFileAtomic, MODES, RoadGraph
} from '@quartier/engine/internal';
import {writeSyntheticRoads} from '../tools/synthetic-roads-lib.js';
import {loadRoadGraph, measuredContract} from './ch-lib.js';
import {mulberry32, percentile} from './lib/stats.js';
import {arg} from './lib/args.js';

function graphChild(pbfFile, roadsFile) {
    const t = performance.now();
    const g = loadRoadGraph(pbfFile);
    const graphSeconds = (performance.now() - t) / 1000;
    const s = g.section;
    writeFileAtomic(roadsFile, new Uint8Array(s.buffer, s.byteOffset, s.byteLength));
    console.log(JSON.stringify({graphSeconds, graphBuildRssMB: process.resourceUsage().maxRSS / 1024, roadsMB: s.byteLength / 1e6}));
}

function child(roadsFile, mode, pairCount, dijkstraPairs) {
    const g = RoadGraph.from(readFileShared(roadsFile));
    const {bytes, contractSeconds, contractCpuSeconds, baseRssMB, contractRssMB} = measuredContract(g, mode);
    const peakRssMB = process.resourceUsage().maxRSS / 1024;
    const q = new CHQuery(g, ContractionHierarchy.from(bytes.buffer, mode, bytes.byteOffset, bytes.byteLength));

    const main = [];
    for (let i = 0; i < g.nodeCount; i++) if (g.inMainComponent(i, mode)) main.push(i);
    const random = mulberry32(777);
    const sources = new Uint32Array(pairCount), targets = new Uint32Array(pairCount);
    for (let i = 0; i < pairCount; i++) {
        sources[i] = main[Math.floor(random() * main.length)];
        targets[i] = main[Math.floor(random() * main.length)];
    }
    const chDist = new Float64Array(pairCount);
    for (let i = 0; i < Math.min(200, pairCount); i++) q.distance(sources[i], targets[i]);
    const chMs = new Float64Array(pairCount);
    let settled = 0;
    for (let i = 0; i < pairCount; i++) {
        const s = performance.now();
        chDist[i] = q.distance(sources[i], targets[i]);
        chMs[i] = performance.now() - s;
        settled += q.settledCount;
    }
    chMs.sort();
    const k = Math.min(dijkstraPairs, pairCount);
    const bidirectional = new BidirectionalDijkstra(g, mode);
    const dijkstraMs = new Float64Array(k);
    let mismatches = 0;
    for (let i = 0; i < k; i++) {
        const s = performance.now();
        const d = bidirectional.distance(sources[i], targets[i]);
        dijkstraMs[i] = performance.now() - s;
        if (d !== chDist[i]) mismatches++;
    }
    dijkstraMs.sort();
    console.log(JSON.stringify({
        nodes: g.nodeCount, arcs: g.arcCount, contractSeconds, contractCpuSeconds, baseRssMB, contractRssMB, peakRssMB,
        shortcuts: q.ch.section.meta.shortcuts, sectionMB: bytes.byteLength / 1e6,
        chP50: percentile(chMs, 0.5), chP95: percentile(chMs, 0.95), settled: settled / pairCount,
        dijkstraP50: percentile(dijkstraMs, 0.5), dijkstraP95: percentile(dijkstraMs, 0.95), dijkstraPairs: k, mismatches
    }));
}

if (process.argv[2] === '--graph') {
    graphChild(process.argv[3], process.argv[4]);
} else if (process.argv[2] === '--child') {
    child(process.argv[3], Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6]));
} else {
    const sizes = arg('sizes', '100000,300000,1000000,3000000').split(',').map(Number);
    const mode = MODES.indexOf(arg('mode', 'car'));
    const pairs = Number(arg('pairs', 1000));
    const dir = process.env.QUARTIER_SYNTHETIC_DIR ?? os.tmpdir();
    const pad = (s, n) => String(s).padStart(n);
    const f = (x, d = 1) => x.toFixed(d);
    console.log(`synthetic road networks, mode ${MODES[mode]}, ${pairs} random pairs in the main component`);
    console.log([pad('nodes', 8), pad('arcs', 8), pad('pbf MB', 6), pad('graph s', 7), pad('build RSS', 9), pad('roads MB', 8),
        pad('CH s', 6), pad('CPU s', 6), pad('CPU s/Mnode', 11), pad('RSS before', 10), pad('during', 6), pad('peak', 5), pad('shortcuts', 9), pad('CH MB', 6), pad('CH p50 µs', 9), pad('p95', 6),
        pad('settled', 7), pad('BiDij p50 ms', 12), pad('p95', 6), pad('×', 5), pad('mismatch', 8)].join(' '));
    for (const junctions of sizes) {
        const file = path.join(dir, `quartier-synthetic-${junctions}-seed1.osm.pbf`);
        if (!fs.existsSync(file)) writeSyntheticRoads(file, {junctions, seed: 1});
        const dijkstraPairs = Number(arg('dijkstra-pairs', junctions >= 500000 ? 100 : 1000));
        const roadsFile = `${file}.roads`;
        const run = (args) => {
            const out = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', fileURLToPath(import.meta.url), ...args],
                {encoding: 'utf8', maxBuffer: 1 << 24});
            return JSON.parse(out.trim().split('\n').pop());
        };
        const b = run(['--graph', file, roadsFile]);
        const r = run(['--child', roadsFile, String(mode), String(pairs), String(dijkstraPairs)]);
        fs.rmSync(roadsFile);
        console.log([pad(r.nodes, 8), pad(r.arcs, 8), pad(f(fs.statSync(file).size / 1e6), 6), pad(f(b.graphSeconds), 7),
            pad(f(b.graphBuildRssMB, 0), 9), pad(f(b.roadsMB, 0), 8),
            pad(f(r.contractSeconds), 6), pad(f(r.contractCpuSeconds), 6), pad(f(r.contractCpuSeconds / r.nodes * 1e6), 11),
            pad(f(r.baseRssMB, 0), 10), pad(f(r.contractRssMB, 0), 6), pad(f(r.peakRssMB, 0), 5), pad(r.shortcuts, 9),
            pad(f(r.sectionMB), 6), pad(f(r.chP50 * 1000), 9), pad(f(r.chP95 * 1000), 6), pad(f(r.settled, 0), 7),
            pad(f(r.dijkstraP50, 1), 12), pad(f(r.dijkstraP95, 1), 6), pad(f(r.dijkstraP50 / r.chP50, 0), 5), pad(`${r.mismatches}/${r.dijkstraPairs}`, 8)].join(' '));
    }
}
