// Ways one may only start or end on (access=private, destination…), closed roads and gates: a
// tiny hand-made extract built as a region, its routes checked against a brute-force search that
// applies the rule directly, then the Haren spots of the real Brussels extract.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {BIKE, CAR, CHQuery, INF, REVERSED, Region, RoadIsochrones, RoadRouter, buildRegion, pointInPolygon, type Snap, regionSections} from '../src/internal.js';
import {OsmPbfWriter, type Tags} from '../src/osm/pbf-writer.js';
import {dataRoot, random, testRegion} from './helpers.js';

// A 6 x 6 grid of public streets, 0.001° apart (about 111 m north-south, 70 m east-west), rows
// r = 0..5 at lat 50 + r / 1000, columns c = 0..5 at lon 4 + c / 1000.
const id = (r: number, c: number) => 1000 + r * 10 + c;
const lat = (r: number) => 50 + r * 0.001;
const lon = (c: number) => 4 + c * 0.001;

function fixtureRegion(): Region {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-access-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'fixture.osm.pbf');
    const w = new OsmPbfWriter(file);
    const way = (wid: number, refs: number[], tags: Tags) => w.way(wid, refs, tags);
    for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) w.node(id(r, c), lat(r), lon(c));
    // An estate north of the grid: a loop of ordinary streets reached only by a private road from (5, 2).
    w.node(1, 50.0065, lon(2));
    w.node(2, 50.0080, lon(1));
    w.node(3, 50.0080, lon(3));
    w.node(4, 50.0095, lon(2));
    // A private road along the grid's south side, straight from (0, 0) to (0, 5) a little south: a
    // shortcut no through route may take.
    w.node(5, 49.9995, lon(0) + 0.0002);
    w.node(6, 49.9995, lon(5) - 0.0002);
    // A tunnel under construction from (2, 0) to (2, 5), and a gate on row 4 between columns 2 and 3.
    w.node(7, lat(4), 4.0025, {barrier: 'gate'});
    w.node(8, 49.998, lon(2));
    w.node(9, 49.998, lon(3));
    let wid = 1;
    for (let r = 0; r < 6; r++) {
        const refs = Array.from({length: 6}, (_, c) => id(r, c));
        if (r === 4) refs.splice(3, 0, 7);
        way(wid++, refs, {highway: 'residential', name: `Row ${r}`});
    }
    for (let c = 0; c < 6; c++) way(wid++, Array.from({length: 6}, (_, r) => id(r, c)), {highway: 'residential', name: `Column ${c}`});
    way(100, [id(5, 2), 1], {highway: 'service', access: 'private', name: 'Estate Drive'});
    way(101, [1, 2, 4, 3, 1], {highway: 'residential', name: 'Estate Loop'});
    way(102, [id(0, 0), 5, 6, id(0, 5)], {highway: 'primary', motor_vehicle: 'destination', name: 'Shortcut'});
    way(103, [id(2, 0), id(2, 5)], {highway: 'trunk', tunnel: 'yes', construction: 'yes', name: 'Tunnel'});
    // A dead-end private drive south of (0, 2) with a private street beyond it, to start and end in.
    way(104, [id(0, 2), 8, 9], {highway: 'service', access: 'private', name: 'South Drive'});
    w.close();
    buildRegion({country: 'BE', name: 'Access Fixture', osm: [file]}, {dataRoot: dir, outDir: dir, quiet: true});
    return Region.open(path.join(dir, 'BE'));
}

const fixture = fixtureRegion();
const g = regionSections(fixture).roads;
/** The access rule alone: times without turn costs (turn-costs.test.ts checks those), as the oracle counts them. */
const withoutTurns = new RoadRouter(g, regionSections(fixture).ch.map((ch) => new CHQuery(g, ch)), {turns: false});

/**
 * The rule, searched by brute force over (node, phase) states: phase 0 before the main network
 * (any way), 1 on it (through ways between its nodes only), 2 after it (any way, never back).
 * Returns the best time (ms) between two snapped positions.
 */
function oracle(mode: number, from: Snap, to: Snap): number {
    const [fw, bw] = g.accessWeights(mode);
    const [tfw, tbw] = g.edgeWeights(mode);
    const main = (u: number) => g.inMainComponent(u, mode);
    const n = g.nodeCount;
    const dist = new Float64Array(3 * n).fill(Infinity);
    const done = new Uint8Array(3 * n);
    const seed = (u: number, w: number) => {
        const s = (main(u) ? 1 : 0) * n + u;
        if (w < dist[s]) dist[s] = w;
    };
    const len = Math.max(from.length, 1e-9);
    if (fw[from.edge] !== INF) seed(g.edgeTo[from.edge], fw[from.edge] * (from.length - from.offset) / len);
    if (bw[from.edge] !== INF) seed(g.edgeFrom[from.edge], bw[from.edge] * from.offset / len);
    for (;;) {
        let s = -1;
        for (let i = 0; i < 3 * n; i++) if (!done[i] && dist[i] < Infinity && (s < 0 || dist[i] < dist[s])) s = i;
        if (s < 0) break;
        done[s] = 1;
        const phase = Math.floor(s / n), u = s % n;
        for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) {
            const ref = g.arcEdge[a], e = (ref & ~REVERSED) >>> 0, back = (ref & REVERSED) !== 0;
            const v = g.arcHead[a];
            const any = back ? bw[e] : fw[e], through = back ? tbw[e] : tfw[e];
            let next = -1, w = any;
            if (phase === 0) next = main(v) ? 1 : 0;
            else if (phase === 1) {
                if (main(v)) {
                    next = 1;
                    w = through;
                } else next = 2;
            } else if (!main(v)) next = 2;
            if (next < 0 || w === INF) continue;
            const k = next * n + v;
            if (dist[s] + w < dist[k]) dist[k] = dist[s] + w;
        }
    }
    const tl = Math.max(to.length, 1e-9);
    let best = Infinity;
    for (let p = 0; p < 3; p++) {
        if (fw[to.edge] !== INF) best = Math.min(best, dist[p * n + g.edgeFrom[to.edge]] + fw[to.edge] * to.offset / tl);
        if (bw[to.edge] !== INF) best = Math.min(best, dist[p * n + g.edgeTo[to.edge]] + bw[to.edge] * (to.length - to.offset) / tl);
    }
    if (from.edge === to.edge) {
        if (to.offset >= from.offset && fw[to.edge] !== INF) best = Math.min(best, fw[to.edge] * (to.offset - from.offset) / tl);
        if (to.offset <= from.offset && bw[to.edge] !== INF) best = Math.min(best, bw[to.edge] * (from.offset - to.offset) / tl);
    }
    return best;
}

const ESTATE: [number, number] = [50.0080, 4.0012];
const SOUTH_DRIVE: [number, number] = [49.9981, 4.0025];

t.test('a position inside a private estate snaps onto its own streets', async (t) => {
    for (const mode of [CAR, BIKE]) {
        const s = fixture.router.snap(ESTATE[0], ESTATE[1], mode)!;
        t.ok(s.distance < 50, `mode ${mode}: ${s.distance.toFixed(0)} m from the estate's loop`);
        t.equal(g.names.get(g.edgeName[s.edge]), 'Estate Loop');
        const d = fixture.router.snap(SOUTH_DRIVE[0], SOUTH_DRIVE[1], mode)!;
        t.equal(g.names.get(g.edgeName[d.edge]), 'South Drive', 'and onto a private drive');
    }
});

t.test('routes start and end behind private roads but never pass through them', async (t) => {
    const r = withoutTurns;
    const out = r.route(CAR, ESTATE[0], ESTATE[1], lat(0), lon(4));
    t.ok(JSON.stringify(out.instructions).includes('Estate Drive'), 'leaves by the private drive');
    const back = r.route(CAR, lat(0), lon(4), ESTATE[0], ESTATE[1]);
    t.ok(Math.abs(back.time - out.time) < 1000, `in ${back.time} ms, out ${out.time} ms`);
    // From one private place to another: out of one, across the grid, into the other.
    const across = r.route(CAR, ESTATE[0], ESTATE[1], SOUTH_DRIVE[0], SOUTH_DRIVE[1]);
    t.ok(across.time > 0 && across.distance > 1000, `estate to south drive: ${across.distance.toFixed(0)} m`);
    // Between two public corners the destination-only shortcut is not taken: the grid's row 0 is.
    const corner = r.route(CAR, lat(0) + 0.0001, lon(0), lat(0) + 0.0001, lon(5));
    t.notOk(JSON.stringify(corner.instructions).includes('Shortcut'), 'through traffic keeps off the shortcut');
    // Within the estate, the route never leaves it.
    const inside = r.route(CAR, 50.0080, 4.0012, 50.0090, 4.0027);
    t.ok(inside.distance < 300, `inside the estate: ${inside.distance.toFixed(0)} m`);
    // On the shortcut itself one may start: its own ends are public.
    const onShortcut = r.route(CAR, 49.9995, 4.0025, lat(3), lon(3));
    t.ok(onShortcut.time > 0, 'a trip may start on a destination-only road');
});

t.test('route, measure, tables and one-to-many agree with the brute-force rule', async (t) => {
    const r = withoutTurns;
    const rand = random(15);
    const points: [number, number][] = [ESTATE, SOUTH_DRIVE, [49.9995, 4.0031], [50.0092, 4.0026], [50.0070, 4.0021]];
    for (let i = 0; i < 25; i++) points.push([49.998 + rand() * 0.012, 3.9995 + rand() * 0.006]);
    for (const mode of [CAR, BIKE]) {
        const snaps = points.map(([la, lo]) => r.snap(la, lo, mode));
        const table = r.measureTable(mode, snaps, snaps);
        let checked = 0, mismatches = 0, tableMismatches = 0;
        for (let i = 0; i < snaps.length; i++) {
            const many = r.measureMany(mode, snaps[i]!, snaps);
            for (let j = 0; j < snaps.length; j++) {
                const from = snaps[i], to = snaps[j];
                if (!from || !to || i === j) continue;
                const expected = oracle(mode, from, to);
                if (from.edge === to.edge && Math.abs(from.offset - to.offset) < 1) continue;
                const got = r.measure(mode, from, to);
                checked++;
                if (expected === Infinity ? got !== null : got === null || Math.abs(got.time - expected) > 1) {
                    mismatches++;
                    t.fail(`mode ${mode} ${i}→${j}: ${got?.time} ms, brute force ${expected}`);
                }
                const cell = table.times[i * snaps.length + j];
                const one = many[j];
                if ((expected === Infinity ? !Number.isNaN(cell) : Math.abs(cell - expected) > 1) || (expected === Infinity ? one !== null : Math.abs(one!.time - expected) > 1)) tableMismatches++;
                if (got !== null && expected !== Infinity) {
                    const route = r.route(mode, points[i][0], points[i][1], points[j][0], points[j][1]);
                    if (Math.abs(route.time - got.time) > 1 || Math.abs(route.distance - got.distance) > 0.5) mismatches++;
                }
            }
        }
        t.equal(mismatches, 0, `mode ${mode}: ${checked} pairs, route and measure equal the rule`);
        t.equal(tableMismatches, 0, `mode ${mode}: table and one-to-many equal the rule`);
    }
});

t.test('isochrones reach into private places and out of them', async (t) => {
    const iso = new RoadIsochrones(g, fixture.router.snapper);
    const inside = (p: {coordinates: number[][][]}, la: number, lo: number) => pointInPolygon(lo, la, p.coordinates);
    const fromGrid = iso.compute(CAR, lat(2), lon(2), [600])!;
    t.ok(inside(fromGrid.areas[0], ESTATE[0], ESTATE[1]), 'the estate is inside a 10-minute area from the grid');
    t.ok(inside(fromGrid.areas[0], SOUTH_DRIVE[0], SOUTH_DRIVE[1]), 'and the private drive');
    const fromEstate = iso.compute(CAR, ESTATE[0], ESTATE[1], [600])!;
    t.ok(inside(fromEstate.areas[0], lat(2), lon(2)), 'the grid is inside a 10-minute area from the estate');
});

t.test('a highway under construction is closed, a gate costs time', async (t) => {
    const r = fixture.router;
    // Row 2 west to east: the tunnel (construction=yes) would be as long; the route is the row.
    const row = r.route(CAR, lat(2), lon(0) + 0.0001, lat(2), lon(5) - 0.0001);
    t.notOk(JSON.stringify(row.instructions).includes('Tunnel'), 'no route through the tunnel under construction');
    const tunnelSnap = r.snap(lat(2), lon(2) + 0.0005, CAR)!;
    t.equal(g.names.get(g.edgeName[tunnelSnap.edge]), 'Row 2', 'nothing snaps onto it');
    // Row 4 has a gate between columns 2 and 3; row 3 has none. Same length, 10 s apart for cars
    // (turns aside: a trip from a corner may set off along the column).
    const gated = withoutTurns.route(CAR, lat(4), lon(2), lat(4), lon(3)).time;
    const open = withoutTurns.route(CAR, lat(3), lon(2), lat(3), lon(3)).time;
    t.ok(Math.abs(gated - open - 10000) <= 2, `gate: ${gated} ms against ${open} ms`);
    const gatedBike = withoutTurns.route(BIKE, lat(4), lon(2), lat(4), lon(3)).time;
    const openBike = withoutTurns.route(BIKE, lat(3), lon(2), lat(3), lon(3)).time;
    t.ok(Math.abs(gatedBike - openBike - 5000) <= 2, `bike: ${gatedBike} ms against ${openBike} ms`);
});

t.test('Haren, Brussels: starts that used to snap far away now take the road OSRM takes', async (t) => {
    const be = testRegion('BE');
    const reference = JSON.parse(fs.readFileSync(path.join(dataRoot, '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    // Pairs of ../shared/reference/osrm-brussels-1000.json starting in Haren that used to snap
    // 340-750 m away onto the public network: now on the road OSRM starts from (same distance).
    const haren = new Set([55, 200, 397, 547, 663, 862, 993, 1146]);
    for (const q of reference.queries) {
        if (!haren.has(q.candidate)) continue;
        const route = be.router.route(CAR, q.from[0], q.from[1], q.to[0], q.to[1]);
        const ratio = route.distance / q.osrm.car.distance;
        t.ok(Math.abs(ratio - 1) < 0.03, `candidate ${q.candidate}: ${route.distance.toFixed(0)} m, OSRM ${q.osrm.car.distance} m (start snapped ${route.from.distance.toFixed(0)} m away)`);
    }
});
