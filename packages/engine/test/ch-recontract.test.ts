// Partial re-contraction (ch/recontract.ts, issue 28): Brussels' road graph contracted, then changed as a change file
// changes it (maxspeeds lowered and raised, road classes changed, oneways set and lifted, ways deleted, a road
// extended to a node of another: a new stretch of road), and contracted again in the previous order from the
// previous hierarchy. Every mode: travel times from sources at the changed nodes and at random ones to every node,
// and a table, equal plain Dijkstra's on the changed graph and a fresh hierarchy's; only a small part searched
// again. A large change builds the hierarchy afresh, byte for byte.
import path from 'node:path';
import t, {type Test} from 'tap';
import {contract, chKind, CH_VERSION} from '../src/ch/contract.js';
import {ContractionHierarchy} from '../src/ch/hierarchy.js';
import {CHQuery} from '../src/ch/query.js';
import {matchNodes} from '../src/ch/recontract.js';
import {Section} from '../src/format/section.js';
import {MODES, MODE_COUNT} from '../src/graph/profiles.js';
import {INF, type RoadGraph} from '../src/graph/road-graph.js';
import type {OsmWay} from '../src/osm/objects.js';
import type {Tags} from '../src/osm/pbf-writer.js';
import {Dijkstra} from '../src/search/dijkstra.js';
import {dataRoot, graphFromPbf, random as mulberry32, tagsOf} from './helpers.js';

t.setTimeout(600_000);

const FILE = path.join(dataRoot, 'be-brussels/osm/brussels_capital_region-2013-01-01.osm.pbf');
const ROADS = new Set(['primary', 'secondary', 'tertiary', 'residential', 'unclassified', 'living_street']);

/** Every 400th road way changed, the kind of change in turn; 24 ways in all. */
function changed(): (w: OsmWay) => OsmWay | null {
    let seen = 0, count = 0, extendTo = -1;
    return (w) => {
        const highway = w.tags.get('highway');
        if (!highway || !ROADS.has(highway) || seen++ % 400 !== 0 || count >= 24) return w;
        const tags: Tags = {};
        for (let i = 0; i < w.tags.count; i++) tags[w.tags.key(i)] = w.tags.value(i);
        let refs = w.refs.slice(0, w.refCount);
        switch (count++ % 6) {
            case 0: tags.maxspeed = '30'; break;
            case 1: tags.maxspeed = '90'; break;
            case 2: tags.highway = highway === 'residential' ? 'secondary' : 'residential'; break;
            case 3: if (tags.oneway) delete tags.oneway; else tags.oneway = 'yes'; break;
            case 4: return null;
            case 5:
                // A new stretch of road from this way's end to the first node of the way changed before.
                if (extendTo >= 0) refs = Float64Array.from([...refs, extendTo]);
                break;
        }
        extendTo = refs[0];
        return {id: w.id, refCount: refs.length, refs, tags: tagsOf(tags)};
    };
}

function reopen(bytes: Uint8Array, mode: number): ContractionHierarchy {
    return new ContractionHierarchy(Section.from(bytes.buffer as ArrayBuffer, chKind(mode), CH_VERSION, bytes.byteOffset, bytes.byteLength));
}

/** Nodes of `after` whose arcs for the mode are not those of the node at the same position in `before`, or new. */
function changedNodes(before: RoadGraph, after: RoadGraph, mode: number): number[] {
    const oldOf = matchNodes(before.nodeLat, before.nodeLon, after.nodeLat, after.nodeLon);
    const sum = (g: RoadGraph, x: number) => {
        let s = 0;
        for (let a = g.arcFirst[x]; a < g.arcFirst[x + 1]; a++) if (g.arcOut[mode][a] !== INF) s += g.arcOut[mode][a] + 1;
        return s;
    };
    const out: number[] = [];
    for (let x = 0; x < after.nodeCount; x++) if (oldOf[x] < 0 || sum(after, x) !== sum(before, oldOf[x])) out.push(x);
    return out;
}

const before = graphFromPbf(FILE);
const after = graphFromPbf(FILE, changed());

for (let mode = 0; mode < MODE_COUNT; mode++) t.test(`${MODES[mode]}: the hierarchy contracted again in part gives Dijkstra's times`, async (t) => {
    const previous = {hierarchy: reopen(contract(before, mode), mode), graph: before};
    t.ok(previous.hierarchy.section.has('witnessReach'), 'a contraction records its witness searches\' reach');
    const stats: {recontracted?: number} = {};
    const partial = reopen(contract(after, mode, {previous, stats}), mode);
    const fresh = reopen(contract(after, mode), mode);
    const recontracted = stats.recontracted ?? NaN;
    t.ok(recontracted > 0 && recontracted < after.nodeCount * 0.2,
        `${recontracted} of ${after.nodeCount} nodes searched again (${partial.section.meta.shortcuts} shortcuts, fresh ${fresh.section.meta.shortcuts})`);
    const touched = changedNodes(before, after, mode);
    t.ok(touched.length > 10, `${touched.length} nodes changed`);

    const random = mulberry32(7 + mode);
    const pick = () => Math.floor(random() * after.nodeCount);
    const sources = [...Array.from({length: 12}, () => touched[Math.floor(random() * touched.length)]), ...Array.from({length: 12}, pick)];
    const all = Uint32Array.from({length: after.nodeCount}, (_, i) => i);
    const qPartial = new CHQuery(after, partial), qFresh = new CHQuery(after, fresh);
    const dijkstra = new Dijkstra(after, mode);
    const row = new Float64Array(all.length), freshRow = new Float64Array(all.length);
    let pairs = 0, failures = 0;
    for (const s of sources) {
        dijkstra.oneToAll(s);
        qPartial.oneToMany(s, all, row);
        qFresh.oneToMany(s, all, freshRow);
        for (let x = 0; x < all.length; x++) {
            const expected = dijkstra.dist[x] === Infinity ? INF : dijkstra.dist[x];
            pairs++;
            if ((row[x] !== expected || freshRow[x] !== expected) && failures++ < 10) {
                t.fail(`${s} → ${x}: partial ${row[x]}, fresh ${freshRow[x]}, Dijkstra ${expected}`);
            }
        }
        for (let i = 0; i < 20; i++) {
            const x = pick();
            if (qPartial.distance(s, x) !== qFresh.distance(s, x) && failures++ < 10) t.fail(`${s} → ${x}: point to point differs`);
        }
    }
    t.equal(failures, 0, `${pairs} pairs: the partial hierarchy's times are Dijkstra's and a fresh hierarchy's`);
    const targets = touched.slice(0, 200);
    t.same(qPartial.table(Uint32Array.from(sources), Uint32Array.from(targets)), qFresh.table(Uint32Array.from(sources), Uint32Array.from(targets)),
        'tables equal');
});

/** Whether two hierarchies hold the same arrays, byte for byte. */
function sameArrays(t: Test, a: ContractionHierarchy, b: ContractionHierarchy): void {
    const bytes = (x: ArrayBufferView) => Buffer.from(x.buffer, x.byteOffset, x.byteLength);
    const arrays = a.section.arrays();
    t.same(Object.keys(arrays), Object.keys(b.section.arrays()));
    for (const [name, array] of Object.entries(b.section.arrays())) t.ok(bytes(arrays[name]).equals(bytes(array)), `${name}: the same bytes`);
}

t.test('a change above the share contracts afresh: the fresh build\'s hierarchy', async (t) => {
    const previous = {hierarchy: reopen(contract(before, 0), 0), graph: before};
    const stats: {recontracted?: number} = {};
    const over = reopen(contract(after, 0, {previous, maxChangedShare: 0, stats}), 0);
    t.equal(stats.recontracted, undefined, 'no partial contraction');
    sameArrays(t, over, reopen(contract(after, 0), 0));
});

t.test('a change that leaves a mode\'s arcs as they were: the previous hierarchy, a fresh build\'s bytes', async (t) => {
    // Maxspeeds only (and one of them on a way no car may take): the foot's arcs are the same, the road arcs renumbered.
    let seen = 0;
    const faster = graphFromPbf(FILE, (w) => {
        if (!w.tags.has('highway') || seen++ % 300 !== 0) return w;
        const tags: Tags = {maxspeed: '20'};
        for (let i = 0; i < w.tags.count; i++) tags[w.tags.key(i)] = w.tags.value(i);
        return {id: w.id, refCount: w.refCount, refs: w.refs.slice(0, w.refCount), tags: tagsOf(tags)};
    });
    const foot = MODES.indexOf('foot');
    const previous = {hierarchy: reopen(contract(before, foot), foot), graph: before};
    const stats: {recontracted?: number} = {};
    const same = reopen(contract(faster, foot, {previous, stats}), foot);
    t.equal(stats.recontracted, 0, 'nothing searched again');
    sameArrays(t, same, reopen(contract(faster, foot), foot));
});
