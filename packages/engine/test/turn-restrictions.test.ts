// Turn restrictions: exact routes on a tiny hand-made grid (no_left_turn with except=bicycle,
// only_straight_on, a via-way no_left_turn, only_straight_on into a dead end where the route turns
// back), the same answers from tables, one-to-many and isochrones; the same grid with ways one may
// only start or end on (access=destination) where restrictions begin and end; then the 1,000
// Brussels pairs walked against the extract's restrictions (restriction-checker.ts).
//
//   7 ---- 8 -- 9      rows 111 m apart; columns 98 m (west) and 70 m (east) apart
//   |      |    |      10: a dead-end spur 56 m north of 7
//   4 ---- 5 -- 6      every segment its own residential way
//   |      |    |
//   1 ---- 2 -- 3
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
const tap = t;
import {BIKE, CAR, CHQuery, FOOT, Region, RoadIsochrones, RoadRouter, buildRegion, pointInPolygon, regionSections} from '../src/internal.js';
import {INF, REVERSED} from '../src/graph/road-graph.js';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';
import {dataRoot, random, testRegion} from './helpers.js';
import {RestrictionChecker} from './restriction-checker.js';

const LAT = [50.850, 50.851, 50.852], LON = [4.3500, 4.3514, 4.3524];
const NODES: Record<number, [number, number]> = {10: [50.8525, 4.3500]};
for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) NODES[1 + r * 3 + c] = [LAT[r], LON[c]];
const WAYS: Record<number, [number, number]> = {
    101: [1, 2], 102: [2, 3], 103: [4, 5], 104: [5, 6], 105: [7, 8], 106: [8, 9],
    111: [1, 4], 112: [4, 7], 113: [2, 5], 114: [5, 8], 115: [3, 6], 116: [6, 9], 117: [7, 10]
};

/** The grid and its restrictions; `access`: extra tags per way id. */
function fixtureRegion(access: Record<number, Record<string, string>> = {}): Region {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-turns-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'turns.osm.pbf');
    const w = new OsmPbfWriter(file, [4.34, 50.84, 4.36, 50.86]);
    for (const [id, [lat, lon]] of Object.entries(NODES)) w.node(Number(id), lat, lon);
    for (const [id, refs] of Object.entries(WAYS)) w.way(Number(id), refs, {highway: 'residential', name: `Way ${id}`, ...access[Number(id)]});
    const restriction = (id: number, from: number, via: {node?: number; way?: number}, to: number, tags: Record<string, string>) =>
        w.relation(id, [
            {type: 'way', ref: from, role: 'from'},
            via.node !== undefined ? {type: 'node', ref: via.node, role: 'via'} : {type: 'way', ref: via.way!, role: 'via'},
            {type: 'way', ref: to, role: 'to'}
        ], {type: 'restriction', ...tags});
    // Northbound on 2-5, no left turn onto 5-4, except for bicycles.
    restriction(201, 113, {node: 5}, 103, {restriction: 'no_left_turn', except: 'bicycle'});
    // Eastbound on 4-5, straight on to 5-6 only.
    restriction(202, 103, {node: 5}, 104, {restriction: 'only_straight_on'});
    // Eastbound on 1-2, then along 2-3, no left turn onto 3-6.
    restriction(203, 101, {way: 102}, 115, {restriction: 'no_left_turn'});
    // Northbound on 4-7, straight on only: into the dead end 7-10.
    restriction(204, 112, {node: 7}, 117, {'restriction:conditional': 'only_straight_on @ (Mo-Fr 07:00-19:00)'});
    w.close();
    buildRegion({country: 'BE', name: 'Fixture Turns', osm: [file]}, {dataRoot: dir, outDir: dir, quiet: true});
    return Region.open(path.join(dir, 'BE'));
}

const fixture = fixtureRegion();
const mid = (a: number, b: number): [number, number] => [(NODES[a][0] + NODES[b][0]) / 2, (NODES[a][1] + NODES[b][1]) / 2];

/** The route's points as node ids ('s' and 'e' for its two ends). */
function routeNodes(mode: number, from: [number, number], to: [number, number], region = fixture): (number | string)[] {
    const r = region.router.route(mode, from[0], from[1], to[0], to[1]);
    const out: (number | string)[] = [];
    for (let i = 0; i < r.points.length; i += 2) {
        const lon = r.points[i], lat = r.points[i + 1];
        const node = Object.entries(NODES).find(([, [la, lo]]) => Math.abs(la - lat) < 1e-7 && Math.abs(lo - lon) < 1e-7);
        const label = node ? Number(node[0]) : i === 0 ? 's' : 'e';
        if (out[out.length - 1] !== label) out.push(label);
    }
    return out;
}

t.test('no_left_turn: cars go round the block, bicycles (except=bicycle) and walkers turn', async (t) => {
    const from = mid(2, 5), to = mid(5, 4);
    t.same(routeNodes(CAR, from, to), ['s', 2, 1, 4, 'e'], 'car: back south, round by 1 and 4');
    t.same(routeNodes(BIKE, from, to), ['s', 5, 'e'], 'bicycle: the left turn');
    t.same(routeNodes(FOOT, from, to), ['s', 5, 'e'], 'foot: the left turn');
});

t.test('only_straight_on: straight on to 6, round the block, no u-turn at 6', async (t) => {
    const from = mid(4, 5), to = mid(5, 8);
    t.same(routeNodes(CAR, from, to), ['s', 5, 6, 9, 8, 'e']);
    t.same(routeNodes(FOOT, from, to), ['s', 5, 'e']);
});

t.test('via way: no left turn at 3 after coming along 1-2-3', async (t) => {
    const from = mid(1, 2), to = mid(3, 6);
    t.same(routeNodes(CAR, from, to), ['s', 2, 5, 6, 'e'], 'car: north at 2 instead');
    t.same(routeNodes(BIKE, from, to), ['s', 2, 5, 6, 'e'], 'bicycle: bound too (plain restriction=*)');
    t.same(routeNodes(FOOT, from, to), ['s', 2, 3, 'e']);
    // Coming from 5 down to 2 and along to 3, the left turn at 3 is allowed.
    t.same(routeNodes(CAR, mid(5, 2), to), ['s', 2, 3, 'e']);
});

t.test('only_straight_on into a dead end (a conditional restriction, held at all times): the car turns back at its end', async (t) => {
    t.same(routeNodes(CAR, mid(4, 7), mid(7, 8)), ['s', 7, 10, 7, 'e']);
    // Turning back at the dead end costs the u-turn (turn-costs.ts): 7.5 s + 20 s.
    const {roads, ch} = regionSections(fixture);
    const plain = new RoadRouter(roads, ch.map((c) => new CHQuery(roads, c)), {turns: false});
    const [from, to] = [mid(4, 7), mid(7, 8)];
    const uTurn = fixture.router.route(CAR, from[0], from[1], to[0], to[1]).time - plain.route(CAR, from[0], from[1], to[0], to[1]).time;
    t.ok(uTurn >= 27000 && uTurn < 36000, `the u-turn and the turn out of the dead end add ${uTurn} ms`);
    t.same(routeNodes(FOOT, mid(4, 7), mid(7, 8)), ['s', 7, 'e']);
});

/** Tables and one-to-many give each pair's route time and length. */
function agreeWithRoutes(t: Pick<typeof tap, 'equal' | 'ok'>, region: Region): void {
    const points = [mid(2, 5), mid(4, 5), mid(5, 8), mid(1, 2), mid(3, 6), mid(4, 7), mid(7, 8), mid(6, 9)];
    for (const mode of [CAR, BIKE, FOOT]) {
        const snaps = points.map(([lat, lon]) => region.router.snap(lat, lon, mode));
        const table = region.router.measureTable(mode, snaps, snaps);
        // One-to-many without turn costs: in this symmetric grid, two ways out of a position often take
        // exactly the same time, and the sweep may then add another path's turns (turn-costs.test.ts
        // checks one-to-many with turns on real streets, where such ties do not happen).
        const {roads, ch} = regionSections(region);
        const plain = new RoadRouter(roads, ch.map((c) => new CHQuery(roads, c)), {turns: false});
        for (let i = 0; i < points.length; i++) {
            const many = plain.measureMany(mode, snaps[i]!, snaps);
            for (let j = 0; j < points.length; j++) {
                if (i === j) continue;
                const route = region.router.route(mode, points[i][0], points[i][1], points[j][0], points[j][1]);
                t.equal(table.times[i * points.length + j], route.time, `mode ${mode}: table ${i} → ${j}`);
                t.ok(Math.abs(table.distances[i * points.length + j] - route.distance) < 1e-6, `mode ${mode}: table distance ${i} → ${j}`);
                const plainRoute = plain.route(mode, points[i][0], points[i][1], points[j][0], points[j][1]);
                t.equal(many[j]!.time, plainRoute.time, `mode ${mode}: one-to-many ${i} → ${j}: ${many[j]!.time} ms, route ${plainRoute.time} ms`);
                const measured = region.router.measure(mode, snaps[i]!, snaps[j]!);
                t.equal(measured!.time, route.time, `mode ${mode}: measure ${i} → ${j}`);
            }
        }
    }
}

t.test('tables, one-to-many and isochrones agree with the routes', async (t) => {
    agreeWithRoutes(t, fixture);
    westArmIn25s(t, fixture);
});

t.test('start-or-end-only ways (access=destination) where restrictions begin and end: the restrictions hold', async (t) => {
    // 2-5 and 5-8 are destination-only: a car may start on 2-5 or end on 5-8, never pass along them.
    const region = fixtureRegion({113: {access: 'destination'}, 114: {access: 'destination'}});
    // Starting on 2-5 northbound, the left turn onto 5-4 stays closed (the search out of the
    // destination-only way runs over the copy of 5 that the restriction made).
    t.same(routeNodes(CAR, mid(2, 5), mid(5, 4), region), ['s', 2, 1, 4, 'e'], 'car: back south, round by 1 and 4');
    t.same(routeNodes(BIKE, mid(2, 5), mid(5, 4), region), ['s', 5, 'e'], 'bicycle: the left turn (except=bicycle)');
    // Ending on 5-8 from 4-5 (straight on to 6 only): into 5-8 from 8, not by turning left at 5.
    t.same(routeNodes(CAR, mid(4, 5), mid(5, 8), region), ['s', 5, 6, 9, 8, 'e']);
    t.same(routeNodes(FOOT, mid(4, 5), mid(5, 8), region), ['s', 5, 'e']);
    // From one destination-only way to the other: 2-5 then 5-8 straight on (no restriction there).
    t.same(routeNodes(CAR, mid(2, 5), mid(5, 8), region), ['s', 5, 'e']);
    // Through traffic still keeps off them: from 1-2 to 7-8 not along 2-5-8.
    t.same(routeNodes(CAR, mid(1, 2), mid(7, 8), region), ['s', 1, 4, 7, 10, 7, 'e'], 'car: 1-2 to 7-8 not along 2-5-8');
    agreeWithRoutes(t, region);
    // The isochrone: as on public roads.
    westArmIn25s(t, region);
});

t.test('a restriction off the main network (every way at 5 destination-only): it holds in the search at the ends', async (t) => {
    const region = fixtureRegion({103: {access: 'destination'}, 104: {access: 'destination'}, 113: {access: 'destination'}, 114: {access: 'destination'}});
    t.notOk(regionSections(region).roads.inMainComponent(junctionAt(region, 5), CAR), '5 is off the main network');
    // From 2-5 northbound the search at the start passes 5 (its copy for "arrived from 2"): no left turn there.
    t.same(routeNodes(CAR, mid(2, 5), mid(5, 4), region), ['s', 2, 1, 4, 'e'], 'car: back south, round by 1 and 4');
    t.same(routeNodes(BIKE, mid(2, 5), mid(5, 4), region), ['s', 5, 'e'], 'bicycle: the left turn (except=bicycle)');
    t.same(routeNodes(CAR, mid(2, 5), mid(5, 6), region), ['s', 5, 'e'], 'car: the right turn is open');
    agreeWithRoutes(t, region);
    westArmIn25s(t, region);
});

/**
 * 25 s from the middle of 2-5 northbound: by car the left turn onto 5-4 is closed, so 5-4 is out of
 * reach (it is 38 s away round the block); by bicycle it is in.
 */
function westArmIn25s(t: Pick<typeof tap, 'ok' | 'notOk'>, region: Region): void {
    const iso = new RoadIsochrones(regionSections(region).roads, region.router.snapper);
    const [lat, lon] = mid(2, 5);
    const westArm = [4.3511, 50.851];
    const car = iso.compute(CAR, lat, lon, [25])!.areas[0].coordinates;
    const bike = iso.compute(BIKE, lat, lon, [25])!.areas[0].coordinates;
    t.ok(pointInPolygon(LON[1], 50.8514, car), 'car: north of 5 is inside');
    t.notOk(pointInPolygon(westArm[0], westArm[1], car), 'car: 21 m west of 5 is outside');
    t.ok(pointInPolygon(westArm[0], westArm[1], bike), 'bicycle: 21 m west of 5 is inside');
}

/** The graph node at grid node `id`. */
function junctionAt(region: Region, id: number): number {
    const g = regionSections(region).roads, [lat, lon] = NODES[id];
    for (let x = 0; x < g.junctionCount; x++) {
        if (Math.abs(g.nodeLat[x] / 1e7 - lat) < 1e-7 && Math.abs(g.nodeLon[x] / 1e7 - lon) < 1e-7) return x;
    }
    return -1;
}

t.test('real extracts: no car or bicycle route breaks a turn restriction (Brussels: the 1,000 OSRM pairs)', async (t) => {
    const region = testRegion('BE');
    const osm = path.join(dataRoot, 'be-brussels', 'osm', 'brussels_capital_region-2013-01-01.osm.pbf');
    const reference = JSON.parse(fs.readFileSync(path.resolve(dataRoot, '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    for (const mode of [CAR, BIKE]) {
        const checker = new RestrictionChecker(osm, mode);
        t.ok(checker.restrictions.length >= 6, `mode ${mode}: ${checker.restrictions.length} restrictions placed`);
        let breaking = 0, through = 0;
        for (const q of reference.queries) {
            const route = region.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]);
            if (checker.violations(route.points).length > 0) breaking++;
            if (checker.passesVia(route.points)) through++;
        }
        t.equal(breaking, 0, `mode ${mode}: routes breaking a restriction`);
        // The check is not idle: many routes pass through a restricted junction.
        t.ok(through > 20, `mode ${mode}: ${through} routes pass a via node`);
    }
    // Aachen and Milan (262 and 1,251 restrictions placed, via ways among them): random pairs.
    for (const code of ['DE', 'IT']) {
        const other = testRegion(code), g = regionSections(other).roads, rnd = random(code === 'DE' ? 3 : 4);
        const osmFile = code === 'DE' ? 'de-aachen/aachen.osm.pbf' : 'it-milano/milan_italy_small.osm.pbf';
        const main: number[] = [];
        for (let x = 0; x < g.junctionCount; x++) if (g.inMainComponent(x, CAR)) main.push(x);
        const at = () => {
            const x = main[Math.floor(rnd() * main.length)];
            return [g.nodeLat[x] / 1e7 + (rnd() - 0.5) * 0.001, g.nodeLon[x] / 1e7 + (rnd() - 0.5) * 0.001];
        };
        for (const mode of [CAR, BIKE]) {
            const checker = new RestrictionChecker(path.join(dataRoot, osmFile), mode);
            let breaking = 0, through = 0;
            for (let i = 0; i < 300; i++) {
                const [a, b] = [at(), at()];
                const route = other.router.route(mode, a[0], a[1], b[0], b[1]);
                if (checker.violations(route.points).length > 0) breaking++;
                if (checker.passesVia(route.points)) through++;
            }
            t.equal(breaking, 0, `${code} mode ${mode}: of 300 random routes (${through} pass a via node), none breaks a restriction`);
        }
    }
    // Tables equal routes on the real graph too.
    const pts = reference.queries.slice(0, 25);
    const froms = pts.map((q: {from: number[]}) => region.router.snap(q.from[0], q.from[1], CAR));
    const tos = pts.map((q: {to: number[]}) => region.router.snap(q.to[0], q.to[1], CAR));
    const table = region.router.measureTable(CAR, froms, tos);
    let equal = 0;
    for (let i = 0; i < pts.length; i++) {
        for (let j = 0; j < pts.length; j++) {
            const route = region.router.route(CAR, pts[i].from[0], pts[i].from[1], pts[j].to[0], pts[j].to[1]);
            if (table.times[i * pts.length + j] === route.time) equal++;
        }
    }
    t.equal(equal, pts.length * pts.length, 'car table cells equal routes');
});

t.test('real extracts: trips that start or end on start-or-end-only ways break no restriction (Brussels)', async (t) => {
    const region = testRegion('BE'), g = regionSections(region).roads;
    const osm = path.join(dataRoot, 'be-brussels', 'osm', 'brussels_capital_region-2013-01-01.osm.pbf');
    const reference = JSON.parse(fs.readFileSync(path.resolve(dataRoot, '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
    for (const mode of [CAR, BIKE]) {
        // Edges the mode may only start or end on; a position at the middle of each, on it.
        const local = new Set<number>();
        for (let i = 0; i < g.localArcs.length; i++) {
            if (g.localOut[mode][i] !== INF || g.localIn[mode][i] !== INF) local.add((g.arcEdge[g.localArcs[i]] & ~REVERSED) >>> 0);
        }
        const rnd = random(40 + mode), edges = [...local];
        const starts: [number, number][] = [];
        for (let k = 0; k < 4000 && starts.length < 150; k++) {
            const e = edges[Math.floor(rnd() * edges.length)];
            const lat = (g.nodeLat[g.edgeFrom[e]] + g.nodeLat[g.edgeTo[e]]) / 2e7, lon = (g.nodeLon[g.edgeFrom[e]] + g.nodeLon[g.edgeTo[e]]) / 2e7;
            if (region.router.snap(lat, lon, mode)?.edge === e) starts.push([lat, lon]);
        }
        t.ok(starts.length >= 100, `mode ${mode}: ${starts.length} positions on start-or-end-only ways (of ${edges.length})`);
        const checker = new RestrictionChecker(osm, mode);
        let routed = 0, breaking = 0, through = 0;
        starts.forEach((at, i) => {
            const other = reference.queries[i].to;
            for (const [a, b] of [[at, other], [other, at]]) {
                let route;
                try {
                    route = region.router.route(mode, a[0], a[1], b[0], b[1]);
                } catch {
                    continue;
                }
                routed++;
                if (checker.violations(route.points).length > 0) breaking++;
                if (checker.passesVia(route.points)) through++;
            }
        });
        t.ok(routed >= starts.length, `mode ${mode}: ${routed} routes`);
        t.equal(breaking, 0, `mode ${mode}: of ${routed} routes from or to those ways (${through} pass a via node), none breaks a restriction`);
        t.ok(through > 10, `mode ${mode}: the check is not idle (${through} pass a via node)`);
    }
});
