// Contraction hierarchies against plain Dijkstra: exact distances, contiguous unpacked paths,
// one-to-many and tables, on small random graphs (zero weights, parallel and one-way arcs), on the Brussels road
// graph built straight from its PBF file and contracted here, and on the hierarchies of Porto's test bundle (the
// sections the server answers with, contracted by the region build), every mode.
import path from 'node:path';
import t from 'tap';
import {contract, chKind, CH_VERSION, type CHGraph} from '../src/ch/contract.js';
import {BidirectionalDijkstra, Dijkstra} from '../src/search/dijkstra.js';
import {ContractionHierarchy} from '../src/ch/hierarchy.js';
import {CHQuery, roadArcTail} from '../src/ch/query.js';
import {Section} from '../src/format/section.js';
import {MODES, MODE_COUNT} from '../src/graph/profiles.js';
import {INF, REVERSED} from '../src/graph/road-graph.js';
import {regionSections} from '../src/region/region.js';
import {dataRoot, graphFromPbf, random as mulberry32, testRegion} from './helpers.js';

// About 20 s on a quiet 2-core machine (3 contractions, 180 searches of Dijkstra's to the whole graph as the oracle); the
// default 30 s when run directly with node is too tight on a busy one.
t.setTimeout(300_000);

/**
 * The arcs of a road graph straight from edges [from, to, forward ms, backward ms] (INF: not
 * allowed), car weights only, laid out as the builder does: each edge's arcs at both ends.
 */
function graphFromEdges(nodeCount: number, edges: [number, number, number, number][]): CHGraph {
    const arcFirst = new Uint32Array(nodeCount + 1);
    for (const [u, v] of edges) {
        arcFirst[u + 1]++;
        arcFirst[v + 1]++;
    }
    for (let i = 0; i < nodeCount; i++) arcFirst[i + 1] += arcFirst[i];
    const arcCount = arcFirst[nodeCount];
    const arcHead = new Uint32Array(arcCount), arcEdge = new Uint32Array(arcCount);
    const out = new Uint32Array(arcCount), back = new Uint32Array(arcCount);
    const fill = arcFirst.slice(0, nodeCount);
    edges.forEach(([u, v, fwd, bwd], e) => {
        const a = fill[u]++, b = fill[v]++;
        arcHead[a] = v;
        arcEdge[a] = e;
        out[a] = fwd;
        back[a] = bwd;
        arcHead[b] = u;
        arcEdge[b] = (e | REVERSED) >>> 0;
        out[b] = bwd;
        back[b] = fwd;
    });
    const closed = new Uint32Array(arcCount).fill(INF);
    return {
        nodeCount, arcCount, arcFirst, arcHead, arcEdge,
        arcOut: [out, closed, closed], arcIn: [back, closed, closed],
        edgeFrom: Uint32Array.from(edges, (x) => x[0]), edgeTo: Uint32Array.from(edges, (x) => x[1]),
        // Metres: one per 100 ms of the faster direction (only the stored arc lengths read them).
        edgeLength: Float32Array.from(edges, (x) => Math.min(x[2], x[3]) / 100)
    };
}

/** Reopens a section the way a region does: copied once into a SharedArrayBuffer, then views. */
function reopen(bytes: Uint8Array, mode: number): ContractionHierarchy {
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    return new ContractionHierarchy(Section.from(shared, chKind(mode), CH_VERSION));
}

/** Checks one path (path(), or tablePath()): contiguous road arcs from source to target whose weights add up. Returns a failure or ''. */
function checkPath(g: CHGraph, mode: number, q: CHQuery, s: number, target: number, expected: number, table = false): string {
    const p = table ? q.tablePath(s, target) : q.path(s, target);
    if (p.weight !== expected) return `path weight ${p.weight}, expected ${expected}`;
    if (expected === INF) return p.arcs.length === 0 ? '' : 'arcs on an unreachable path';
    let at = s, sum = 0;
    for (let i = 0; i < p.arcs.length; i++) {
        const a = p.arcs[i];
        if (roadArcTail(g, a) !== at) return `arc ${i} (${a}) leaves ${roadArcTail(g, a)}, not ${at}`;
        const w = g.arcOut[mode][a];
        if (w === INF) return `arc ${a} is closed to ${MODES[mode]}`;
        sum += w;
        at = g.arcHead[a];
    }
    if (at !== target) return `path ends at ${at}, not ${target}`;
    if (sum !== expected) return `arc weights add up to ${sum}, expected ${expected}`;
    return '';
}

/** Whether tablePath's arcs are as long as the table says. Returns a failure or ''. */
function tableLength(g: CHGraph, q: CHQuery, s: number, target: number, edgeLength: ArrayLike<number>, expected: number): string {
    const p = q.tablePath(s, target);
    if (p.weight === INF) return expected === Infinity ? '' : `table length ${expected} for an unreachable pair`;
    let sum = 0;
    for (const a of p.arcs) sum += edgeLength[(g.arcEdge[a] & ~REVERSED) >>> 0];
    return sum === expected ? '' : `tablePath ${sum} m long, the table says ${expected} m`;
}

// Scaled weights make paths of hours: the tables' searches then go in several passes, each cut at a
// bound (query.ts), and unreachable pairs take them to the end.
for (const scale of [1, 20_000, 200_000]) t.test(`random small graphs: zero weights, parallel arcs, one-ways; weights ×${scale}`, async (t) => {
    const random = mulberry32(42);
    let pairs = 0, unreachable = 0, failures = 0;
    for (let round = 0; round < 30; round++) {
        const n = 20 + Math.floor(random() * 60);
        const edges: [number, number, number, number][] = [];
        const edgeCount = Math.floor(n * (1 + random() * 1.5));
        for (let e = 0; e < edgeCount; e++) {
            const u = Math.floor(random() * n);
            let v = Math.floor(random() * (n - 1));
            if (v >= u) v++;
            const weight = () => (random() < 0.15 ? 0 : (1 + Math.floor(random() * 30)) * scale);
            const fwd = weight();
            const kind = random();
            // one-way either way, two-way with different weights, or a parallel copy of the previous edge
            if (kind < 0.2) edges.push([u, v, fwd, INF]);
            else if (kind < 0.3) edges.push([u, v, INF, fwd]);
            else if (kind < 0.4 && edges.length > 0) {
                const [pu, pv] = edges[edges.length - 1];
                edges.push([pu, pv, fwd, weight()]);
            } else edges.push([u, v, fwd, weight()]);
        }
        // Lengths that have nothing to do with the weights: many paths of the same time differ in length.
        const edgeLength = Float32Array.from(edges, () => 1 + Math.floor(random() * 100));
        const g = {...graphFromEdges(n, edges), edgeLength};
        const q = new CHQuery(g, reopen(contract(g, 0), 0));
        const dijkstra = new Dijkstra(g, 0), bidirectional = new BidirectionalDijkstra(g, 0);
        const all = Uint32Array.from({length: n}, (_, i) => i);
        const row = new Float64Array(n);
        const table = q.table(all, all);
        const measured = q.tableWithLengths(all, all);
        for (let s = 0; s < n; s++) {
            q.oneToMany(s, all, row);
            const swept = q.sweepFromSeeds(Uint32Array.of(s), Float64Array.of(0), Float64Array.of(0), all);
            for (let x = 0; x < n; x++) {
                const expected = dijkstra.distance(s, x);
                pairs++;
                if (expected === INF) unreachable++;
                const got = q.distance(s, x);
                const problem = got !== expected ? `distance ${got}`
                    : bidirectional.distance(s, x) !== expected ? `bidirectional ${bidirectional.distance(s, x)}`
                        : row[x] !== expected ? `oneToMany ${row[x]}`
                            : table[s * n + x] !== expected ? `table ${table[s * n + x]}`
                                : measured.times[s * n + x] !== expected ? `tableWithLengths ${measured.times[s * n + x]}`
                                    : swept.times[x] !== expected ? `sweepFromSeeds ${swept.times[x]}`
                                : checkPath(g, 0, q, s, x, expected) || checkPath(g, 0, q, s, x, expected, true) || tableLength(g, q, s, x, edgeLength, measured.lengths[s * n + x]);
                if (problem && failures++ < 10) t.fail(`round ${round}, ${s} → ${x}: ${problem}, expected ${expected}`);
            }
        }
    }
    t.equal(failures, 0, `${pairs} pairs (${unreachable} unreachable) agree with Dijkstra`);
    t.ok(unreachable > 0 && unreachable < pairs, 'some pairs unreachable, most not');
});

// A sweep to a few targets of a graph larger than the ranks every selection holds (sweep.ts's TOP_SELECTED): its
// first pass selects what lies within the bound of a target, and when a time is past that bound the selection may
// be cut where the forward search was not; the next pass must then go on.
t.test('random graphs of 600 nodes: sweeps to a few targets past the first bound agree with Dijkstra, with kept lists the build made too', async (t) => {
    const random = mulberry32(11);
    let sweeps = 0, failures = 0;
    for (let round = 0; round < 4; round++) {
        const n = 600;
        const edges: [number, number, number, number][] = [];
        // Minutes to half an hour per edge, in ms.
        const weight = () => (1 + Math.floor(random() * 30)) * 40_000;
        // A ring of roads (every node reachable), and shortcuts across it.
        for (let u = 0; u < n; u++) edges.push([u, (u + 1) % n, weight(), weight()]);
        for (let e = 0; e < n / 2; e++) {
            const u = Math.floor(random() * n), v = Math.floor(random() * n);
            if (u !== v) edges.push([u, v, weight(), random() < 0.3 ? INF : weight()]);
        }
        const g = {...graphFromEdges(n, edges), edgeLength: Float32Array.from(edges, () => 1 + Math.floor(random() * 100))};
        const ch = reopen(contract(g, 0), 0), q = new CHQuery(g, ch);
        // The lists a region build would store, for every other node (the rest searched by the query).
        const built = new CHQuery(g, ch, null, null, new CHQuery(g, ch).keptLists(Array.from({length: n / 2}, (_, i) => 2 * i)));
        const dijkstra = new Dijkstra(g, 0);
        // Sources high in the hierarchy too: their forward search ends within the bound.
        const highest = Array.from(ch.node.subarray(n - 40));
        for (let k = 0; k < 150; k++) {
            const s = k % 2 === 0 ? highest[Math.floor(random() * highest.length)] : Math.floor(random() * n);
            const targets = Uint32Array.from({length: 1 + Math.floor(random() * 3)}, () => Math.floor(random() * n));
            for (const [name, query] of [['searched', q], ['built', built]] as const) {
                const swept = query.sweepFromSeeds(Uint32Array.of(s), Float64Array.of(0), Float64Array.of(0), targets);
                sweeps++;
                for (let j = 0; j < targets.length; j++) {
                    const expected = dijkstra.distance(s, targets[j]);
                    if (swept.times[j] !== expected && failures++ < 10) t.fail(`round ${round}, ${name} lists: ${s} → ${targets[j]}: sweepFromSeeds ${swept.times[j]}, expected ${expected}`);
                }
            }
        }
    }
    t.equal(failures, 0, `${sweeps} sweeps agree with Dijkstra`);
});

// A route's ways out and in searched at once (bestPairPath) pick what searching each pair would: the
// fastest total, of pairs as fast the first source then the first target, the pair's path tablePath's.
t.test('random small graphs: several sources and targets in one search give the pair each pair\'s own search gives', async (t) => {
    const random = mulberry32(7);
    let cases = 0, ties = 0, failures = 0;
    for (let round = 0; round < 40; round++) {
        const n = 15 + Math.floor(random() * 40);
        const edges: [number, number, number, number][] = [];
        for (let e = 0; e < n * 2; e++) {
            const u = Math.floor(random() * n);
            let v = Math.floor(random() * (n - 1));
            if (v >= u) v++;
            // Few distinct weights, zeros among them: many pairs tie.
            const weight = () => (random() < 0.1 ? 0 : 1 + Math.floor(random() * 4));
            edges.push(random() < 0.2 ? [u, v, weight(), INF] : [u, v, weight(), weight()]);
        }
        const g = {...graphFromEdges(n, edges), edgeLength: Float32Array.from(edges, () => 1 + Math.floor(random() * 100))};
        const q = new CHQuery(g, reopen(contract(g, 0), 0));
        for (let k = 0; k < 40; k++) {
            const pick = (count: number) => Uint32Array.from({length: count}, () => Math.floor(random() * n));
            const sources = pick(1 + Math.floor(random() * 4)), targets = pick(1 + Math.floor(random() * 4));
            const seedTimes = (count: number) => Array.from({length: count}, () => Math.floor(random() * 3));
            const sourceTimes = seedTimes(sources.length), targetTimes = seedTimes(targets.length);
            const bound = random() < 0.7 ? Infinity : Math.floor(random() * 12);
            // Each pair alone, in order: the first strictly better total wins.
            let best = bound, expected: {source: number; target: number; arcs: number[]} | null = null;
            const totals: number[] = [];
            for (let i = 0; i < sources.length; i++) {
                for (let j = 0; j < targets.length; j++) {
                    const path = q.tablePath(sources[i], targets[j]);
                    if (path.weight === INF) continue;
                    const total = sourceTimes[i] + targetTimes[j] + path.weight;
                    totals.push(total);
                    if (total < best) {
                        best = total;
                        expected = {source: i, target: j, arcs: Array.from(path.arcs)};
                    }
                }
            }
            const tied = expected !== null && totals.filter((total) => total === best).length > 1;
            const found = q.bestPairPath(sources, sourceTimes, targets, targetTimes, bound);
            const got = found && {source: found.source, target: found.target, arcs: Array.from(found.path.arcs)};
            cases++;
            if (tied) ties++;
            // A pair as fast as the one chosen is always flagged (routes with turn costs then weigh each pair's turns).
            if (tied && !found?.tied && failures++ < 5) t.fail(`round ${round}: a tie not flagged: ${sources} (${sourceTimes}) → ${targets} (${targetTimes}), bound ${bound}: ${JSON.stringify(got)}`);
            else if (JSON.stringify(got) !== JSON.stringify(expected) && failures++ < 5) {
                t.fail(`round ${round}: ${sources} (${sourceTimes}) → ${targets} (${targetTimes}), bound ${bound}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
            }
        }
    }
    t.equal(failures, 0, `${cases} searches pick the pair and path of the pairs searched one by one`);
    t.ok(ties > 100, `${ties} of them with pairs as fast as the best`);
});

/** Brussels contracted here from its extract; Porto's hierarchies as its region build made them (not contracted twice). */
const REGIONS: {name: string; hierarchies: () => {g: CHGraph; ch: (mode: number) => {ch: ContractionHierarchy; contractSeconds: number}}}[] = [
    {name: 'Brussels', hierarchies: () => {
        const g = graphFromPbf(path.join(dataRoot, 'be-brussels/osm/brussels_capital_region-2013-01-01.osm.pbf'));
        return {g, ch: (mode) => {
            const started = performance.now();
            const bytes = contract(g, mode);
            return {ch: reopen(bytes, mode), contractSeconds: (performance.now() - started) / 1000};
        }};
    }},
    {name: 'Porto (its test bundle)', hierarchies: () => {
        const sections = regionSections(testRegion('PT'));
        return {g: sections.roads, ch: (mode) => ({ch: sections.ch[mode], contractSeconds: 0})};
    }}
];
const SOURCES = 30;
const PAIRS_PER_SOURCE = 20;
const TARGETS = 200;

for (const region of REGIONS) {
    t.test(`${region.name}: CH equals Dijkstra, every mode`, async (t) => {
        const {g, ch: hierarchy} = region.hierarchies();
        t.ok(g.nodeCount > 10000, `${g.nodeCount} nodes, ${g.arcCount} arcs`);
        for (let mode = 0; mode < MODE_COUNT; mode++) {
            const {ch, contractSeconds} = hierarchy(mode);
            t.equal(ch.rank.buffer, ch.section.buffer, 'arrays are views of the section buffer, not copies');
            t.equal(ch.section.meta.modeName, MODES[mode], 'meta names the mode');
            const q = new CHQuery(g, ch.section);
            const dijkstra = new Dijkstra(g, mode);
            const random = mulberry32(1000 + mode);
            const pick = () => Math.floor(random() * g.nodeCount);
            let unreachable = 0, failures = 0;
            // One search to the whole graph per source answers all of its pairs (a search per pair took 4 times as long).
            for (let i = 0; i < SOURCES; i++) {
                const a = pick();
                dijkstra.oneToAll(a);
                for (let j = 0; j < PAIRS_PER_SOURCE; j++) {
                    const b = pick();
                    const expected = dijkstra.dist[b] === Infinity ? INF : dijkstra.dist[b];
                    if (expected === INF) unreachable++;
                    const got = q.distance(a, b);
                    const problem = got !== expected ? `distance ${got}` : checkPath(g, mode, q, a, b, expected);
                    if (problem && failures++ < 10) t.fail(`${MODES[mode]} ${a} → ${b}: ${problem}, expected ${expected}`);
                }
            }
            t.equal(failures, 0, `${MODES[mode]}: ${SOURCES * PAIRS_PER_SOURCE} pairs (${unreachable} unreachable) equal Dijkstra, paths contiguous ` +
                `(${contractSeconds > 0 ? `contracted in ${contractSeconds.toFixed(1)} s, ` : 'the bundle\'s, '}${ch.section.meta.shortcuts} shortcuts)`);
            t.ok(unreachable > 0, `${MODES[mode]}: unreachable pairs are covered`);

            // One-to-many from a few sources against the same targets: buckets filled once.
            const targets = Uint32Array.from({length: TARGETS}, pick);
            const out = new Float64Array(TARGETS);
            let manyFailures = 0;
            for (let k = 0; k < 5; k++) {
                const s = pick();
                q.oneToMany(s, targets, out);
                for (let j = 0; j < TARGETS; j++) {
                    const expected = q.distance(s, targets[j]);
                    if (out[j] !== expected && manyFailures++ < 5) t.fail(`${MODES[mode]} oneToMany ${s} → ${targets[j]}: ${out[j]}, expected ${expected}`);
                }
            }
            const sources = Uint32Array.from({length: 4}, pick);
            const table = q.table(sources, targets);
            for (let i = 0; i < sources.length; i++) {
                for (let j = 0; j < TARGETS; j++) {
                    const expected = q.distance(sources[i], targets[j]);
                    if (table[i * TARGETS + j] !== expected && manyFailures++ < 5) t.fail(`${MODES[mode]} table ${sources[i]} → ${targets[j]}`);
                }
            }
            t.equal(manyFailures, 0, `${MODES[mode]}: oneToMany and table equal distance()`);
        }
    });
}

t.test('a section for another graph or mode is refused', async (t) => {
    const g = graphFromEdges(3, [[0, 1, 5, 5], [1, 2, 5, INF]]);
    const other = graphFromEdges(4, [[0, 1, 5, 5], [1, 2, 5, INF], [2, 3, 1, 1]]);
    const bytes = contract(g, 0);
    t.throws(() => new CHQuery(other, reopen(bytes, 0)), /not built from this road graph/);
    t.throws(() => ContractionHierarchy.from(bytes.buffer as ArrayBuffer, 1, bytes.byteOffset, bytes.byteLength), /section is a 'ch-car', expected 'ch-foot'/);
    const q = new CHQuery(g, reopen(bytes, 0));
    t.equal(q.distance(0, 2), 10);
    t.equal(q.distance(2, 0), INF, 'one-way');
    t.equal(q.distance(1, 1), 0);
    t.same(Array.from(q.path(1, 1).arcs), []);
    t.throws(() => q.distance(0, 3), RangeError);
    // Buckets are kept for a target set, and refilled when the same array is changed in place.
    const targets = Uint32Array.of(2, 1), out = new Float64Array(2);
    q.oneToMany(0, targets, out);
    t.same(Array.from(out), [10, 5]);
    targets[1] = 0;
    q.oneToMany(0, targets, out);
    t.same(Array.from(out), [10, 0], 'changed targets are noticed');
});
