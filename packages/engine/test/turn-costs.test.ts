// Turn costs (graph/turn-costs.ts): a hand-made crossing where each turn's cost is known, then the
// real Brussels extract: every way of measuring a trip gives the route's time, and times now match
// OSRM's (which has turn costs) within the targets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {BIKE, CAR, CHQuery, FOOT, Region, RoadIsochrones, RoadRouter, buildRegion, pointInPolygon, turnSeconds, regionSections} from '../src/internal.js';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';
import {dataRoot, random, testRegion} from './helpers.js';

t.test('the cost of a turn by its angle and side', async (t) => {
    t.ok(turnSeconds(CAR, 0) < 0.01, `car straight on: ${turnSeconds(CAR, 0).toFixed(3)} s`);
    t.ok(Math.abs(turnSeconds(CAR, 90) - 2.1) < 0.1, `car right: ${turnSeconds(CAR, 90).toFixed(2)} s`);
    t.ok(Math.abs(turnSeconds(CAR, -90) - 5.4) < 0.1, `car left (across the traffic): ${turnSeconds(CAR, -90).toFixed(2)} s`);
    t.ok(turnSeconds(CAR, 180) > 27, `car turning back: ${turnSeconds(CAR, 180).toFixed(1)} s`);
    t.ok(Math.abs(turnSeconds(BIKE, 90) - 6 / 1.4) < 1e-9 && Math.abs(turnSeconds(BIKE, -90) - 6 * 1.4) < 1e-9, 'bicycle: 6 s × (angle / 90°)², left 1.4× dearer, right 1.4× cheaper');
    t.equal(turnSeconds(FOOT, -90), 0, 'walkers turn for free');
    for (let a = 0; a < 180; a += 10) t.ok(turnSeconds(CAR, -a) >= turnSeconds(CAR, a), `car: left ${a}° costs at least right ${a}°`);
});

// A crossing C of four residential arms (N, S, E, W, about 110 m each); the east arm bends north at B,
// a node where only two roads meet.
const C: [number, number] = [50.85, 4.35];
const NODES: Record<number, [number, number]> = {
    1: C, 2: [50.851, 4.35], 3: [50.849, 4.35], 4: [50.85, 4.3516], 5: [50.85, 4.3484], 6: [50.851, 4.3516]
};

function crossingRegion(): Region {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-turn-costs-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'crossing.osm.pbf');
    const w = new OsmPbfWriter(file, [4.34, 50.84, 4.36, 50.86]);
    for (const [id, [lat, lon]] of Object.entries(NODES)) w.node(Number(id), lat, lon);
    w.way(11, [1, 2], {highway: 'residential', name: 'North'});
    w.way(12, [1, 3], {highway: 'residential', name: 'South'});
    w.way(13, [1, 4, 6], {highway: 'residential', name: 'East'});
    w.way(14, [1, 5], {highway: 'residential', name: 'West'});
    w.close();
    buildRegion({country: 'BE', name: 'Crossing', osm: [file]}, {dataRoot: dir, outDir: dir, quiet: true});
    return Region.open(path.join(dir, 'BE'));
}

const crossing = crossingRegion();
const crossingSections = regionSections(crossing);
const plain = new RoadRouter(crossingSections.roads, crossingSections.ch.map((ch) => new CHQuery(crossingSections.roads, ch)), {turns: false});
const SOUTH: [number, number] = [50.8495, 4.35], NORTH: [number, number] = [50.8505, 4.35];
const EAST: [number, number] = [50.85, 4.3508], WEST: [number, number] = [50.85, 4.3492], BEYOND_BEND: [number, number] = [50.8505, 4.3516];

/** ms the turns add to a route: with them minus without. */
function added(mode: number, from: [number, number], to: [number, number]): number {
    return crossing.router.route(mode, from[0], from[1], to[0], to[1]).time - plain.route(mode, from[0], from[1], to[0], to[1]).time;
}

t.test('at a crossing: left dearer than right, straight on nearly free, a bend between junctions free', async (t) => {
    const near = (got: number, seconds: number) => Math.abs(got - seconds * 1000) <= 100;
    // From the south arm northbound: west is a left turn, east a right turn, north straight on.
    const left = added(CAR, SOUTH, WEST), right = added(CAR, SOUTH, EAST), straight = added(CAR, SOUTH, NORTH);
    t.ok(near(left, turnSeconds(CAR, -90)), `car left: ${left} ms`);
    t.ok(near(right, turnSeconds(CAR, 90)), `car right: ${right} ms`);
    t.ok(straight <= 20, `car straight on: ${straight} ms`);
    t.equal(added(CAR, EAST, BEYOND_BEND), 0, 'the bend at B (two roads) costs nothing');
    t.ok(near(added(BIKE, SOUTH, WEST), turnSeconds(BIKE, -90)), `bicycle left: ${added(BIKE, SOUTH, WEST)} ms`);
    t.ok(near(added(BIKE, SOUTH, EAST), turnSeconds(BIKE, 90)), `bicycle right: ${added(BIKE, SOUTH, EAST)} ms`);
    t.equal(added(FOOT, SOUTH, WEST), 0, 'walking: no turn costs');
    // The other way round the sides swap: from the west arm, south is a right turn.
    t.ok(near(added(CAR, WEST, SOUTH), turnSeconds(CAR, 90)), `car west to south (right): ${added(CAR, WEST, SOUTH)} ms`);
});

t.test('at a crossing: measure, tables, one-to-many and isochrones count the same turns', async (t) => {
    const points = [SOUTH, NORTH, EAST, WEST, BEYOND_BEND];
    const r = crossing.router;
    for (const mode of [CAR, BIKE]) {
        const snaps = points.map(([la, lo]) => r.snap(la, lo, mode));
        const table = r.measureTable(mode, snaps, snaps);
        for (let i = 0; i < points.length; i++) {
            const many = r.measureMany(mode, snaps[i]!, snaps);
            for (let j = 0; j < points.length; j++) {
                if (i === j) continue;
                const route = r.route(mode, points[i][0], points[i][1], points[j][0], points[j][1]);
                t.equal(table.times[i * points.length + j], route.time, `mode ${mode} table ${i} → ${j}`);
                t.equal(many[j]!.time, route.time, `mode ${mode} one-to-many ${i} → ${j}`);
                t.equal(r.measure(mode, snaps[i]!, snaps[j]!)!.time, route.time, `mode ${mode} measure ${i} → ${j}`);
            }
        }
    }
    // An isochrone of exactly the straight-on time reaches the north arm's point but not the west
    // one (same distance, a left turn more).
    const straight = r.route(CAR, SOUTH[0], SOUTH[1], NORTH[0], NORTH[1]).time;
    const west = r.route(CAR, SOUTH[0], SOUTH[1], WEST[0], WEST[1]).time;
    t.ok(west - straight > 4000, `the left turn costs ${west - straight} ms more than straight on`);
    const iso = new RoadIsochrones(crossingSections.roads, r.snapper).compute(CAR, SOUTH[0], SOUTH[1], [(straight + 1000) / 1000])!;
    const inside = (p: [number, number]) => pointInPolygon(p[1], p[0], iso.areas[0].coordinates);
    t.ok(inside(NORTH), 'straight on: inside');
    t.notOk(inside([50.85, 4.3488]), 'as far to the west (a left turn): outside');
});

t.test('Brussels: tables, one-to-many and measure give every route its time with turns', async (t) => {
    const be = testRegion('BE');
    const r = be.router;
    const rand = random(21);
    const points: [number, number][] = [];
    for (let i = 0; i < 30; i++) points.push([50.80 + rand() * 0.09, 4.30 + rand() * 0.12]);
    for (const mode of [CAR, BIKE]) {
        const snaps = points.map(([la, lo]) => r.snap(la, lo, mode));
        const table = r.measureTable(mode, snaps, snaps);
        let pairs = 0, wrong = 0;
        for (let i = 0; i < points.length; i++) {
            if (!snaps[i]) continue;
            const many = r.measureMany(mode, snaps[i]!, snaps);
            for (let j = 0; j < points.length; j++) {
                if (i === j || !snaps[j]) continue;
                const route = r.route(mode, points[i][0], points[i][1], points[j][0], points[j][1]);
                pairs++;
                if (table.times[i * points.length + j] !== route.time || many[j]!.time !== route.time || r.measure(mode, snaps[i]!, snaps[j]!)!.time !== route.time) {
                    wrong++;
                    t.fail(`mode ${mode} ${i} → ${j}: route ${route.time}, table ${table.times[i * points.length + j]}, one-to-many ${many[j]!.time}`);
                }
            }
        }
        t.ok(pairs > 700, `mode ${mode}: ${pairs} pairs`);
        t.equal(wrong, 0, `mode ${mode}: every way of measuring gives the route's time`);
    }
});

t.test('Brussels against OSRM (which counts turns): median within 3%, under 15% of pairs more than 5% off', async (t) => {
    const be = testRegion('BE');
    const reference = JSON.parse(fs.readFileSync(path.join(dataRoot, '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    for (const [mode, name] of [[CAR, 'car'], [BIKE, 'bicycle']] as const) {
        const ratios: number[] = [];
        for (const q of reference.queries.slice(0, 300)) {
            const route = be.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]);
            ratios.push(route.time / 1000 / q.osrm[name].duration);
        }
        ratios.sort((a, b) => a - b);
        const median = ratios[ratios.length >> 1];
        const off = ratios.filter((x) => Math.abs(x - 1) > 0.05).length / ratios.length;
        t.equal(ratios.length, 300, `${name}: ${ratios.length} pairs`);
        t.ok(median >= 0.97 && median <= 1.03, `${name}: median ratio ${median.toFixed(3)}`);
        t.ok(off < 0.15, `${name}: ${(off * 100).toFixed(1)}% of pairs more than 5% off`);
    }
});
