// How to carry turn restrictions in the road graph, measured on Brussels by car: the graph without
// them, with node splitting only at the junctions they pass through (what regions build), and split
// at every junction (a state per way in, as an edge-based graph has: what turn costs and "u-turns
// only at dead ends" would need). Per variant: graph build and contraction seconds (wall and CPU),
// nodes, arcs, shortcuts, in-process route time p50/p95 over the 1,000 OSRM pairs (route(): snapping,
// search, geometry, instructions) and measure() p50, the routes that break a restriction
// (restriction-checker.ts), and the median ratio of our car duration to OSRM's.
// Each variant runs in its own process.   Usage: node bench/turn-graph.js [--variants plain,restricted,split]
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {CAR, CHQuery, ContractionHierarchy, RoadRouter, dataRoot} from '@quartier/engine/internal';
import {RestrictionChecker} from '../packages/engine/dist/test/restriction-checker.js';
import {loadRoadGraph, measuredContract} from './ch-lib.js';
import {percentile} from './lib/stats.js';

const osm = path.join(dataRoot(), 'be-brussels', 'osm', 'brussels_capital_region-2013-01-01.osm.pbf');
const VARIANTS = {
    plain: {restrictions: false},
    restricted: {restrictions: true},
    split: {restrictions: true, splitModes: 1 << CAR}
};

function child(name) {
    const cpu = process.cpuUsage();
    let t = performance.now();
    const g = loadRoadGraph(osm, VARIANTS[name]);
    const buildSeconds = (performance.now() - t) / 1000;
    const {bytes, contractSeconds, contractCpuSeconds} = measuredContract(g, CAR);
    const ch = ContractionHierarchy.from(bytes.buffer, CAR, bytes.byteOffset, bytes.byteLength);
    const router = new RoadRouter(g, [new CHQuery(g, ch), null, null]);
    const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    const checker = new RestrictionChecker(osm, CAR);
    const pairs = reference.queries;
    for (const q of pairs.slice(0, 200)) router.route(CAR, q.from[0], q.from[1], q.to[0], q.to[1]); // warm up
    const routeMs = [], ratios = [];
    let breaking = 0;
    for (const q of pairs) {
        t = performance.now();
        const r = router.route(CAR, q.from[0], q.from[1], q.to[0], q.to[1]);
        routeMs.push(performance.now() - t);
        ratios.push(r.time / 1000 / q.osrm.car.duration);
        if (checker.violations(r.points).length > 0) breaking++;
    }
    const snaps = pairs.map((q) => [router.snap(q.from[0], q.from[1], CAR), router.snap(q.to[0], q.to[1], CAR)]);
    const measureMs = [];
    for (const [a, b] of snaps) {
        t = performance.now();
        router.measure(CAR, a, b);
        measureMs.push(performance.now() - t);
    }
    routeMs.sort((a, b) => a - b);
    measureMs.sort((a, b) => a - b);
    ratios.sort((a, b) => a - b);
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({
        name, nodes: g.nodeCount, arcs: g.arcCount, buildSeconds, contractSeconds, contractCpuSeconds,
        shortcuts: ch.section.meta.shortcuts, routeP50: percentile(routeMs, 0.5), routeP95: percentile(routeMs, 0.95),
        measureP50: percentile(measureMs, 0.5), breaking, ratioMedian: percentile(ratios, 0.5), cpuSeconds: (used.user + used.system) / 1e6
    }));
}

if (process.argv[2] === '--child') {
    child(process.argv[3]);
} else {
    const i = process.argv.indexOf('--variants');
    const names = i > 0 ? process.argv[i + 1].split(',') : Object.keys(VARIANTS);
    console.log('| variant | nodes | arcs | graph s | CH s | CH CPU s | shortcuts | route p50 ms | p95 | measure p50 ms | routes breaking a restriction | median duration / OSRM |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const name of names) {
        const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']});
        const r = JSON.parse(out.trim().split('\n').pop());
        const f = (x, d = 2) => x.toFixed(d);
        console.log(`| ${name} | ${r.nodes} | ${r.arcs} | ${f(r.buildSeconds)} | ${f(r.contractSeconds)} | ${f(r.contractCpuSeconds)} | ${r.shortcuts} | ${f(r.routeP50, 3)} | ${f(r.routeP95, 3)} | ${f(r.measureP50, 3)} | ${r.breaking} | ${f(r.ratioMedian, 3)} |`);
    }
}
