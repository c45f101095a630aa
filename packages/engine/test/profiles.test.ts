// Access, one-way, barrier and speed rules: exact cases on the profile functions and on tiny
// hand-made OSM files built into a road graph.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {parseMaxspeed} from '../src/graph/maxspeed.js';
import {BIKE, CAR, FOOT, WayProfile, barrierBlocks, barrierDelay, evaluateWay} from '../src/graph/profiles.js';
import {INF, RoadGraph, mainComponentBit} from '../src/graph/road-graph.js';
import {OsmPbfWriter, type Tags} from '../src/osm/pbf-writer.js';
import {graphFromPbf, tagsOf} from './helpers.js';

function speeds(obj: Tags): number[] {
    const p = new WayProfile();
    evaluateWay(tagsOf(obj), p);
    return Array.from(p.speeds).map((s) => Math.round(s * 10) / 10);
}

t.test('maxspeed forms', async (t) => {
    t.equal(parseMaxspeed('50'), 50);
    t.equal(parseMaxspeed('50 km/h'), 50);
    t.equal(Math.round(parseMaxspeed('30 mph')), 48);
    t.equal(parseMaxspeed('BE:urban'), 50);
    t.equal(parseMaxspeed('BE-VLG:rural'), 70);
    t.equal(parseMaxspeed('DE:zone30'), 30);
    t.equal(parseMaxspeed('FR:zone30'), 30);
    t.equal(parseMaxspeed('IT:motorway'), 130);
    t.equal(parseMaxspeed('none'), Infinity);
    t.equal(parseMaxspeed('walk'), 6);
    t.ok(Number.isNaN(parseMaxspeed('signals')));
    t.ok(Number.isNaN(parseMaxspeed('fast')));
    t.ok(Number.isNaN(parseMaxspeed(undefined)));
    t.equal(parseMaxspeed('30;50'), 30);
});

t.test('way access and one-way rules', async (t) => {
    const [cf, cb, ff, fb, bf, bb] = speeds({highway: 'residential'});
    t.ok(cf > 0 && cb > 0 && ff > 0 && fb > 0 && bf > 0 && bb > 0, 'residential: everyone, both ways');

    let s = speeds({highway: 'residential', oneway: 'yes'});
    t.ok(s[0] > 0 && s[1] === 0, 'oneway=yes: car forward only');
    t.ok(s[2] > 0 && s[3] > 0, 'oneway=yes: foot both ways');
    t.ok(s[4] > 0 && s[5] === 4, 'oneway=yes: bike pushed backwards at walking pace');

    s = speeds({highway: 'residential', oneway: '-1'});
    t.ok(s[0] === 0 && s[1] > 0, 'oneway=-1: car backward only');

    s = speeds({highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no'});
    t.ok(s[4] > 6 && s[5] > 6, 'oneway:bicycle=no: bike rides both ways');
    s = speeds({highway: 'residential', oneway: 'yes', cycleway: 'opposite_lane'});
    t.ok(s[5] > 6, 'cycleway=opposite_lane: contraflow');

    s = speeds({highway: 'primary', junction: 'roundabout'});
    t.ok(s[0] > 0 && s[1] === 0, 'roundabout is one-way for cars');
    t.ok(s[5] === 0, 'no pushing against a primary roundabout');

    s = speeds({highway: 'motorway'});
    t.ok(s[0] > 0 && s[1] === 0, 'motorway implied one-way');
    t.same([s[2], s[3], s[4], s[5]], [0, 0, 0, 0], 'motorway: no foot, no bike');

    s = speeds({highway: 'footway'});
    t.same([s[0], s[1]], [0, 0], 'footway: no car');
    t.ok(s[2] === 5 && s[4] === 4, 'footway: walk, push bike');
    s = speeds({highway: 'footway', bicycle: 'yes'});
    t.ok(s[4] > 6, 'footway with bicycle=yes: ride');
    s = speeds({highway: 'steps'});
    t.ok(s[2] > 0 && s[2] < 5 && s[4] === 2, 'steps: slow walk, carried bike');
    s = speeds({highway: 'cycleway'});
    t.ok(s[0] === 0 && s[4] === 15, 'cycleway: bikes, no cars');
    s = speeds({highway: 'pedestrian', area: 'yes'});
    t.ok(s[0] === 0 && s[2] > 0, 'pedestrian area: walk, no car');

    s = speeds({highway: 'residential', access: 'private'});
    t.ok(s[0] > 0 && s[4] > 0 && s[2] === 0, 'access=private: cars and bikes may start or end there, walkers are kept off');
    const p = new WayProfile();
    evaluateWay(tagsOf({highway: 'residential', motor_vehicle: 'destination'}), p);
    t.equal(p.localOnly, 1 << CAR, 'motor_vehicle=destination: start or end only, for cars');
    evaluateWay(tagsOf({highway: 'service', access: 'private', bicycle: 'yes'}), p);
    t.equal(p.localOnly, 1 << CAR, 'bicycle=yes lets bikes through a private road');
    evaluateWay(tagsOf({highway: 'residential'}), p);
    t.equal(p.localOnly, 0, 'an ordinary street is open to through traffic');
    evaluateWay(tagsOf({highway: 'residential', access: 'destination'}), p);
    t.equal(p.localOnly, 1 << CAR, 'access=destination: start or end only for cars; bikes ride through (as OSRM)');
    t.ok(p.speeds[2] > 0 && p.speeds[4] > 0, 'and walkers and bikes pass');
    evaluateWay(tagsOf({highway: 'service', access: 'delivery'}), p);
    t.equal(p.localOnly, (1 << CAR) | (1 << BIKE), 'access=delivery: start or end only for cars and bikes');
    s = speeds({highway: 'trunk', tunnel: 'yes', construction: 'yes'});
    t.same(s, [0, 0, 0, 0, 0, 0], 'construction=yes closes a highway');
    t.ok(speeds({highway: 'primary', construction: 'minor'})[0] > 0, 'construction=minor leaves it open');
    t.same(speeds({highway: 'proposed'}), [0, 0, 0, 0, 0, 0], 'proposed is closed');
    s = speeds({highway: 'residential', access: 'no', foot: 'yes'});
    t.ok(s[0] === 0 && s[2] > 0 && s[4] === 0, 'access=no + foot=yes: walkers only');
    s = speeds({highway: 'service', motor_vehicle: 'no'});
    t.ok(s[0] === 0 && s[2] > 0 && s[4] > 0, 'motor_vehicle=no: no car');
    s = speeds({highway: 'track', motorcar: 'yes'});
    t.ok(s[0] > 0, 'motorcar=yes opens a track');
    s = speeds({highway: 'primary', motorroad: 'yes'});
    t.ok(s[0] > 0 && s[2] === 0 && s[4] === 0, 'motorroad: cars only');
    s = speeds({highway: 'residential', bicycle: 'no'});
    t.ok(s[4] === 0 && s[2] > 0, 'bicycle=no');
    s = speeds({highway: 'construction'});
    t.same(s, [0, 0, 0, 0, 0, 0], 'construction is closed');

    // maxspeed lowers the class speed, factored for traffic.
    const base = speeds({highway: 'primary'})[0];
    const slow = speeds({highway: 'primary', maxspeed: '30'})[0];
    t.ok(slow < base && slow === 24, `maxspeed=30 on a primary: ${slow} km/h`);
    t.equal(speeds({highway: 'primary', maxspeed: 'BE:urban'})[0], 40);
    t.equal(speeds({highway: 'residential', maxspeed: '50'})[0], 40, 'a residential street signed 50: 40 km/h, as OSRM');
    t.same(speeds({highway: 'primary', maxspeed: '50', 'maxspeed:backward': '30'}).slice(0, 2), [40, 24], 'maxspeed:backward');
    t.equal(speeds({highway: 'primary', maxspeed: '50', surface: 'cobblestone'})[0], 30, 'cobblestones cap a car at 30 km/h');
    t.equal(speeds({highway: 'residential', surface: 'paving_stones'})[4], 10, 'paving stones cap a bike at 10 km/h');
    t.ok(speeds({highway: 'residential', surface: 'cobblestone'})[4] < speeds({highway: 'residential'})[4], 'cobbles slow bikes');

    s = speeds({route: 'ferry', motor_vehicle: 'yes'});
    t.ok(s[0] > 0 && s[2] > 0, 'ferry with motor_vehicle=yes takes cars and walkers');
    s = speeds({route: 'ferry'});
    t.ok(s[0] === 0 && s[2] > 0, 'ferry without vehicles: walkers');
});

t.test('barriers', async (t) => {
    t.equal(barrierBlocks(tagsOf({barrier: 'bollard'})), 1 << CAR, 'bollard blocks cars only');
    t.equal(barrierBlocks(tagsOf({barrier: 'gate'})), 0, 'open gate blocks nobody');
    t.equal(barrierBlocks(tagsOf({barrier: 'gate', access: 'private'})), (1 << CAR) | (1 << FOOT) | (1 << BIKE), 'private gate');
    t.equal(barrierBlocks(tagsOf({barrier: 'stile'})), (1 << CAR) | (1 << BIKE), 'stile: walkers only');
    t.equal(barrierBlocks(tagsOf({barrier: 'bollard', motor_vehicle: 'yes'})), 0, 'bollard opened by access');
    t.equal(barrierBlocks(tagsOf({barrier: 'lift_gate'})), 0);
    t.equal(barrierBlocks(tagsOf({barrier: 'bollard', access: 'destination'})), 0, 'a bollard marked destination opens for everyone, as before');
    t.equal(barrierBlocks(tagsOf({barrier: 'bollard', motor_vehicle: 'private'})), 1 << CAR, 'one marked motor_vehicle=private stays closed to cars');
    t.equal(barrierDelay(CAR, tagsOf({barrier: 'lift_gate'})), 10, 'a lift gate costs a car 10 s');
    t.equal(barrierDelay(FOOT, tagsOf({barrier: 'bollard'})), 0, 'a bollard costs nothing');
});

/** Builds the road graph of a tiny OSM file written with the given nodes and ways. */
function graphOf(t: {teardown(fn: () => void): void}, nodes: [number, number, number, Tags?][], ways: [number, number[], Tags][]): RoadGraph {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-fixture-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'fixture.osm.pbf');
    const w = new OsmPbfWriter(file);
    for (const [id, lat, lon, tags] of nodes) w.node(id, lat, lon, tags);
    for (const [id, refs, tags] of ways) w.way(id, refs, tags);
    w.close();
    return graphFromPbf(file);
}

/** Plain Dijkstra over the graph's arcs for one mode: ms from node a to node b (INF if unreachable). */
function travel(g: RoadGraph, mode: number, a: number, b: number): number {
    const dist = new Float64Array(g.nodeCount).fill(Infinity);
    const done = new Uint8Array(g.nodeCount);
    dist[a] = 0;
    for (;;) {
        let u = -1;
        for (let i = 0; i < g.nodeCount; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
        if (u < 0) return INF;
        if (u === b) return dist[u];
        done[u] = 1;
        for (let e = g.arcFirst[u]; e < g.arcFirst[u + 1]; e++) {
            const w = g.arcOut[mode][e];
            if (w === INF) continue;
            const v = g.arcHead[e];
            if (dist[u] + w < dist[v]) dist[v] = dist[u] + w;
        }
    }
}

function nodeAt(g: RoadGraph, lat: number, lon: number): number {
    for (let i = 0; i < g.nodeCount; i++) {
        if (g.nodeLat[i] === Math.round(lat * 1e7) && g.nodeLon[i] === Math.round(lon * 1e7)) return i;
    }
    throw new Error(`no graph node at ${lat},${lon}`);
}

t.test('one-way street in a tiny network', async (t) => {
    // A square: 1-2 one-way east, 2-3, 3-4, 4-1 two-way residential.
    const g = graphOf(t, [
        [1, 50.0, 4.0], [2, 50.0, 4.001], [3, 50.001, 4.001], [4, 50.001, 4.0], [5, 50.0, 4.0005]
    ], [
        [10, [1, 5, 2], {highway: 'residential', oneway: 'yes'}],
        [11, [2, 3, 4, 1], {highway: 'residential'}]
    ]);
    const a = nodeAt(g, 50.0, 4.0), b = nodeAt(g, 50.0, 4.001);
    t.equal(g.nodeCount >= 2, true);
    const direct = travel(g, CAR, a, b);
    const back = travel(g, CAR, b, a);
    t.ok(direct < back, `car: with the one-way ${direct} ms, against it around the block ${back} ms`);
    t.equal(travel(g, FOOT, a, b), travel(g, FOOT, b, a), 'foot ignores the one-way');
    // Interior node 5 is not a junction: the edge keeps it as geometry.
    t.ok(g.geomLat.length >= 1, 'way geometry kept');
});

t.test('bollard blocks cars but not walkers or cyclists', async (t) => {
    const g = graphOf(t, [
        [1, 50.0, 4.0], [2, 50.0, 4.001, {barrier: 'bollard'}], [3, 50.0, 4.002],
        [4, 50.002, 4.0], [5, 50.002, 4.002]
    ], [
        [10, [1, 2, 3], {highway: 'residential'}],
        [11, [1, 4, 5, 3], {highway: 'residential'}]
    ]);
    const a = nodeAt(g, 50.0, 4.0), c = nodeAt(g, 50.0, 4.002);
    const footDirect = travel(g, FOOT, a, c);
    const carTime = travel(g, CAR, a, c);
    t.ok(footDirect < 120000, `walk through: ${footDirect} ms`);
    t.ok(carTime !== INF, 'car goes around');
    // The detour is 3x longer: at 25 km/h ~ 46 s versus ~21 s straight through.
    t.ok(carTime > 35000, `car detours around the bollard: ${carTime} ms`);
    t.ok(travel(g, BIKE, a, c) < carTime, 'bike passes the bollard');
});

t.test('footway: walkers only', async (t) => {
    const g = graphOf(t, [
        [1, 50.0, 4.0], [2, 50.0, 4.001], [3, 50.0, 4.002], [4, 50.001, 4.0], [5, 50.001, 4.002]
    ], [
        [10, [1, 2, 3], {highway: 'footway'}],
        [11, [1, 4, 5, 3], {highway: 'residential'}]
    ]);
    const a = nodeAt(g, 50.0, 4.0), c = nodeAt(g, 50.0, 4.002);
    // The footway is 143 m (103 s on foot); around the block is 365 m (263 s on foot).
    const walk = travel(g, FOOT, a, c);
    t.ok(walk > 95000 && walk < 110000, `walkers take the footway: ${walk} ms`);
    const drive = travel(g, CAR, a, c);
    t.ok(drive > 365 / (25 / 3.6) * 1000 - 2000, `cars go around: ${drive} ms`);
});

t.test('islands are marked per mode', async (t) => {
    // A 10 x 10 grid of residential streets and, apart from it, one lone service road.
    const nodes: [number, number, number, Tags?][] = [];
    const ways: [number, number[], Tags][] = [];
    const id = (r: number, c: number) => 1000 + r * 10 + c;
    for (let r = 0; r < 10; r++) for (let c = 0; c < 10; c++) nodes.push([id(r, c), 50 + r * 0.001, 4 + c * 0.001]);
    let wid = 1;
    for (let r = 0; r < 10; r++) ways.push([wid++, Array.from({length: 10}, (_, c) => id(r, c)), {highway: 'residential'}]);
    for (let c = 0; c < 10; c++) ways.push([wid++, Array.from({length: 10}, (_, r) => id(r, c)), {highway: 'residential'}]);
    nodes.push([1, 50.05, 4.05], [2, 50.05, 4.051]);
    ways.push([wid++, [1, 2], {highway: 'service'}]);
    // A one-way trap: a spur one can drive into but not out of is an island for cars only.
    nodes.push([3, 49.999, 4.0]);
    ways.push([wid++, [id(0, 0), 3], {highway: 'residential', oneway: 'yes'}]);
    const g = graphOf(t, nodes, ways);
    const island = nodeAt(g, 50.05, 4.05);
    t.notOk(g.nodeFlags[island] & mainComponentBit(CAR), 'the lone service road is an island for cars');
    t.notOk(g.nodeFlags[island] & mainComponentBit(FOOT), 'and for walkers');
    t.ok(g.nodeFlags[nodeAt(g, 50.005, 4.005)] & mainComponentBit(CAR), 'the grid is the main component');
    const trap = nodeAt(g, 49.999, 4.0);
    t.notOk(g.nodeFlags[trap] & mainComponentBit(CAR), 'one-way trap: island for cars');
    t.ok(g.nodeFlags[trap] & mainComponentBit(FOOT), 'but not for walkers');
});
