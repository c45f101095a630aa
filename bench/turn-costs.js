// Turn costs (graph/turn-costs.ts), measured on Brussels for car and bicycle, with and without them in
// the same run: contraction CPU time and section size (the arcs' bearings and inner turns), route()
// and measure() p50 over the 1,000 OSRM pairs, a 100 × 100 table and a one-to-300 sweep, the ratio to
// OSRM's durations (which include its turn penalties), and what choosing paths without turns costs:
// on 300 random junction pairs, our time (the node-based path, its turns added) against the fastest
// path with turns found by an edge-based Dijkstra (a state per arc, u-turns allowed at their cost).
//   npx tsc -b && node bench/turn-costs.js
import fs from 'node:fs';
import path from 'node:path';
import {
    BIKE, CAR, CHQuery, ContractionHierarchy, INF, RoadRouter, dataRoot, turnCosts, NodeHeap
} from '@quartier/engine/internal';
import {loadRoadGraph, measuredContract} from './ch-lib.js';
import {mulberry32, percentile} from './lib/stats.js';

const osm = path.join(dataRoot(), 'be-brussels', 'osm', 'brussels_capital_region-2013-01-01.osm.pbf');
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const g = loadRoadGraph(osm);
const f3 = (x) => x.toFixed(3);

function timed(fn) {
    const t = performance.now();
    fn();
    return performance.now() - t;
}

/** The fastest time with turns from junction s to junction t: states are arcs (time on arriving at the arc's head). */
function edgeBasedTime(mode, tc, s, t, dist, heap) {
    const out = g.arcOut[mode], first = g.arcFirst, head = g.arcHead, ref = g.arcEdge;
    dist.fill(Infinity);
    heap.clear();
    for (let a = first[s]; a < first[s + 1]; a++) if (out[a] !== INF) { dist[a] = out[a]; heap.push(a, out[a]); }
    while (heap.length > 0) {
        const a = heap.pop();
        const v = head[a], d = dist[a];
        if (v === t) return d;
        const leave = tc.leave(ref[a]);
        for (let b = first[v]; b < first[v + 1]; b++) {
            if (out[b] === INF) continue;
            const nd = d + out[b] + tc.at(v, leave, tc.enter(ref[b]));
            if (nd < dist[b]) { dist[b] = nd; heap.push(b, nd); }
        }
    }
    return Infinity;
}

const rows = [], gaps = [], osrmRows = [];
for (const [mode, name] of [[CAR, 'car'], [BIKE, 'bicycle']]) {
    const tc = turnCosts(g, mode);
    const plainBuild = measuredContract(g, mode);
    const turnBuild = measuredContract(g, mode, {turns: tc});
    const ch = ContractionHierarchy.from(turnBuild.bytes.buffer, mode, turnBuild.bytes.byteOffset, turnBuild.bytes.byteLength);
    const finders = (withTurns) => [0, 1, 2].map((m) => (m === mode ? new CHQuery(g, ch, withTurns ? tc : null) : null));
    const routers = {without: new RoadRouter(g, finders(false), {turns: false}), with: new RoadRouter(g, finders(true))};
    const pairs = reference.queries;
    const snaps = pairs.map((q) => [routers.with.snap(q.from[0], q.from[1], mode), routers.with.snap(q.to[0], q.to[1], mode)]);
    const result = {};
    for (const [label, router] of Object.entries(routers)) {
        for (const q of pairs.slice(0, 200)) router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]); // warm up
        const routeMs = [], measureMs = [], ratios = [];
        for (const q of pairs) {
            let r;
            routeMs.push(timed(() => { r = router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]); }));
            ratios.push(r.time / 1000 / q.osrm[name].duration);
        }
        for (const [a, b] of snaps) measureMs.push(timed(() => router.measure(mode, a, b)));
        const froms = snaps.slice(0, 100).map(([a]) => a), tos = snaps.slice(100, 200).map(([, b]) => b);
        const tableMs = [], manyMs = [];
        for (let k = 0; k < 5; k++) tableMs.push(timed(() => router.measureTable(mode, froms, tos)));
        const targets = snaps.slice(0, 300).map(([, b]) => b);
        for (let k = 0; k < 50; k++) manyMs.push(timed(() => router.measureMany(mode, snaps[300 + k][0], targets)));
        for (const xs of [routeMs, measureMs, ratios, tableMs, manyMs]) xs.sort((a, b) => a - b);
        const off = (x) => ratios.filter((r) => Math.abs(r - 1) > x).length / ratios.length * 100;
        result[label] = {route: percentile(routeMs, 0.5), measure: percentile(measureMs, 0.5), table: percentile(tableMs, 0.5), many: percentile(manyMs, 0.5)};
        osrmRows.push(`| ${name} | ${label} turn costs | ${f3(ratios.reduce((a, b) => a + b, 0) / ratios.length)} | ${f3(percentile(ratios, 0.5))} | ${f3(percentile(ratios, 0.05))} | ${f3(percentile(ratios, 0.95))} | ${off(0.05).toFixed(1)}% | ${off(0.1).toFixed(1)}% |`);
    }
    const w = result.without, t = result.with;
    rows.push(`| ${name} | ${plainBuild.contractCpuSeconds.toFixed(2)} → ${turnBuild.contractCpuSeconds.toFixed(2)} | ${(plainBuild.bytes.length / 1e6).toFixed(2)} → ${(turnBuild.bytes.length / 1e6).toFixed(2)} | ` +
        `${f3(w.route)} → ${f3(t.route)} (${(t.route / w.route).toFixed(2)}×) | ${f3(w.measure)} → ${f3(t.measure)} (${(t.measure / w.measure).toFixed(2)}×) | ` +
        `${w.table.toFixed(1)} → ${t.table.toFixed(1)} (${(t.table / w.table).toFixed(2)}×) | ${f3(w.many)} → ${f3(t.many)} (${(t.many / w.many).toFixed(2)}×) |`);

    // Choosing paths without turns: our time against the fastest with turns, junction to junction.
    const q = new CHQuery(g, ch, tc);
    const rand = mulberry32(5 + mode);
    const dist = new Float64Array(g.arcCount), heap = new NodeHeap(g.arcCount);
    const excess = [];
    while (excess.length < 300) {
        const s = Math.floor(rand() * g.junctionCount), t2 = Math.floor(rand() * g.junctionCount);
        if (s === t2 || g.hasCopies(s) || g.hasCopies(t2) || !g.inMainComponent(s, mode) || !g.inMainComponent(t2, mode)) continue;
        const path = q.tablePath(s, t2);
        if (path.weight === INF) continue;
        const ours = path.weight + tc.along(Array.from(path.arcs, (a) => g.arcEdge[a]), g);
        const best = edgeBasedTime(mode, tc, s, t2, dist, heap);
        excess.push(ours / best - 1);
    }
    excess.sort((a, b) => a - b);
    const share = (x) => (excess.filter((e) => e > x).length / excess.length * 100).toFixed(1);
    gaps.push(`| ${name} | ${excess.length} | ${(percentile(excess, 0.5) * 100).toFixed(2)}% | ${(percentile(excess, 0.95) * 100).toFixed(2)}% | ${(excess[excess.length - 1] * 100).toFixed(1)}% | ${share(0.01)}% | ${share(0.05)}% | ${(Math.min(...excess) * 100).toFixed(2)}% |`);
}
console.log('| mode | contraction CPU s (without → with) | section MB | route() p50 ms | measure() p50 ms | 100×100 table ms | one-to-300 ms |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log('\n| mode | | duration ratio to OSRM mean | median | p5 | p95 | >5% off | >10% off |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of osrmRows) console.log(r);
console.log('\n| mode | junction pairs | our time over the fastest with turns: median | p95 | max | pairs over 1% | over 5% | min (must be ≥ 0) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of gaps) console.log(r);
