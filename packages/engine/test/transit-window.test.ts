// Public transport over a departure window: a tram every 10 minutes where the median wait is known
// by hand; then, on the real feeds, the window's answers (range RAPTOR, labels kept between
// departures) against routing every minute of the window alone and taking the percentile by hand,
// for route(), measureMany() and the stops of one-to-all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {
    DEFAULT_DEPARTURE_WINDOW, INF, Snapper, TransitError, TransitNetwork, TransitRouter, buildTransitSection, departureCount,
    parseDepartureWindow, type DepartureWindow, type TransitRoute, regionSections} from '../src/internal.js';
import {measureOfRoute, random, testRegion} from './helpers.js';
import {tinyFeed, writeFeed} from './transit-fixture.js';

const MINUTE = 60_000;

t.test('windows: 07:30–08:30 by default, parsed and checked with a clear message', async (t) => {
    t.same(DEFAULT_DEPARTURE_WINDOW, {startSeconds: 27000, endSeconds: 30600, percentile: 50});
    t.equal(departureCount(DEFAULT_DEPARTURE_WINDOW), 61, 'one departure a minute, both ends included');
    t.same(parseDepartureWindow('7:00-9:30', 80), {startSeconds: 25200, endSeconds: 34200, percentile: 80});
    t.throws(() => parseDepartureWindow('08:30-07:30'), /ends before it starts/);
    t.throws(() => parseDepartureWindow('08:00'), /HH:MM-HH:MM/);
    t.throws(() => parseDepartureWindow('06:00-11:00'), /at most 241 departures/);
    t.throws(() => parseDepartureWindow('07:30-08:30', 0), /percentile must be a number from 1 to 100/);
    const be = testRegion('BE');
    const {roads, transit} = regionSections(be);
    t.throws(() => new TransitRouter(roads, new Snapper(roads), transit!, {window: {startSeconds: 0, endSeconds: 60, percentile: 101}}), /percentile/);
});

t.test('a tram every 10 minutes: the median wait by hand, the real departure, other percentiles', async (t) => {
    const be = testRegion('BE');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-window-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const {files, nodes} = tinyFeed(be);
    writeFeed(dir, files);
    const {section} = buildTransitSection([dir], regionSections(be).roads, {timezone: 'Europe/Brussels'});
    const net = TransitNetwork.from(section.buffer as ArrayBuffer, section.byteOffset, section.byteLength);
    const g = regionSections(be).roads;
    const router = new TransitRouter(g, new Snapper(g), net);
    // From about 20 m beside Alpha to Gamma, 4 km away (a 50-minute walk): tram 1, 10 minutes.
    const aLat = g.nodeLat[nodes[0]] / 1e7 + 0.0002, aLon = g.nodeLon[nodes[0]] / 1e7;
    const cLat = g.nodeLat[nodes[2]] / 1e7, cLon = g.nodeLon[nodes[2]] / 1e7;

    const r = router.route(aLat, aLon, cLat, cLon);
    t.equal(r.walkOnly, false);
    const access = r.legs[0].time, egress = r.legs[r.legs.length - 1].time;
    t.ok(access > 0 && access < MINUTE, `the walk to the tram takes under a minute (${access} ms)`);
    // Leaving at 07:30 + m min one is at the stop just after that minute, so the next tram (every
    // 10 min from 07:00) comes 10 - m % 10 minutes after leaving (10 when m % 10 = 0): over 61
    // departures 1..9 minutes six times each, 10 minutes seven times. The 31st of the 61 sorted
    // (nearest rank, the median) is 6 minutes: m % 10 = 4, the latest such m is 54 (08:24).
    t.equal(r.time, 6 * MINUTE + 10 * MINUTE + egress, 'median: 6 minutes to the tram, 10 riding, then the walk');
    t.equal(r.departure, 8 * 3600 + 24 * 60, 'leaving at 08:24');
    t.equal(r.legs[0].departureTime, '2024-03-05T08:24:00+01:00');
    const ride = r.legs.find((l) => l.type === 'ride')!;
    t.equal(ride.departureTime, '2024-03-05T08:30:00+01:00', 'the 08:30 tram');

    // Leaving at exactly 08:00 one just misses the 08:00 tram: 10 minutes.
    t.equal(router.route(aLat, aLon, cLat, cLon, 8 * 3600).time, 20 * MINUTE + egress, 'one departure, 08:00: the worst case');
    const w = (percentile: number): DepartureWindow => ({...DEFAULT_DEPARTURE_WINDOW, percentile});
    const slowest = router.route(aLat, aLon, cLat, cLon, w(100));
    t.equal(slowest.time, 20 * MINUTE + egress, 'percentile 100: the longest wait, 10 minutes');
    t.equal(slowest.departure, 8 * 3600 + 30 * 60, 'the latest of them, 08:30');
    const fastest = router.route(aLat, aLon, cLat, cLon, w(1));
    t.equal(fastest.time, 11 * MINUTE + egress, 'percentile 1: one minute');
    t.equal(fastest.departure, 8 * 3600 + 29 * 60);

    // The other consumers agree: measureMany (enrichment, matrix) and the stops of one-to-all.
    t.same(router.measureMany(aLat, aLon, [cLat, cLon]), [measureOfRoute(r)]);
    const stops = router.oneToAllStops(aLat, aLon, 3600);
    let gamma = -1;
    for (let s = 0; s < net.stopCount; s++) if (net.stopIds.get(s).endsWith(':C1')) gamma = s;
    t.ok(gamma >= 0);
    t.equal(stops[gamma], 16 * MINUTE, 'Gamma\'s platform: 6 minutes waiting, 10 riding (median)');
});

/** route()'s answer, or the error code. */
function routeOrCode(router: TransitRouter, a: [number, number], b: [number, number], departure: number | DepartureWindow): TransitRoute | string {
    try {
        return router.route(a[0], a[1], b[0], b[1], departure);
    } catch (err) {
        if (err instanceof TransitError) return err.code;
        throw err;
    }
}

const PAIRS = Number(process.env.QUARTIER_WINDOW_PAIRS ?? 25);

for (const country of ['IT', 'PT', 'BE']) {
    t.test(`${country}: the window equals every minute routed alone (brute force), and measureMany equals route()`, async (t) => {
        const region = testRegion(country);
        const net = regionSections(region).transit!, router = region.transitRouter;
        const window = DEFAULT_DEPARTURE_WINDOW, count = departureCount(window);
        const stops: number[] = [];
        for (let s = 0; s < net.stopCount; s++) if (net.stopEdge[s] >= 0 && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
        const rnd = random(country.charCodeAt(0) * 7 + 3);
        const near = (spread: number): [number, number] => {
            const s = stops[Math.floor(rnd() * stops.length)];
            return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011 * spread, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016 * spread];
        };
        const problems: string[] = [];
        let compared = 0, rides = 0, differFrom8 = 0;
        for (let i = 0; i < PAIRS; i++) {
            const a = near(1), b = near(rnd() < 0.5 ? 1 : 4);
            const r = routeOrCode(router, a, b, window);
            if (typeof r === 'string') {
                if (r === 'unreachable') t.equal(routeOrCode(router, a, b, window.startSeconds), 'unreachable');
                continue;
            }
            // Every minute alone, then the median by hand (nearest rank), the latest departure on a tie.
            const times: number[] = [];
            for (let m = 0; m < count; m++) {
                const one = routeOrCode(router, a, b, window.startSeconds + 60 * m);
                times.push(typeof one === 'string' ? Infinity : one.time);
            }
            const median = times.slice().sort((x, y) => x - y)[Math.ceil(count / 2) - 1];
            const latest = times.lastIndexOf(median);
            compared++;
            if (!r.walkOnly) rides++;
            if (median !== times[30]) differFrom8++;
            if (r.time !== median || r.departure !== window.startSeconds + 60 * latest) {
                problems.push(`${a} → ${b}: window ${r.time} ms leaving ${r.departure}, by hand ${median} leaving ${window.startSeconds + 60 * latest}`);
            }
            // The journey really leaves then and takes that long.
            if (Math.abs((r.arrival - r.departure) * 1000 - r.time) > 1) problems.push(`${a} → ${b}: arrival - departure ${r.arrival - r.departure} s, time ${r.time} ms`);
            const many = router.measureMany(a[0], a[1], [b[0], b[1], a[0], a[1]]);
            if (JSON.stringify(many[0]) !== JSON.stringify(measureOfRoute(r))) problems.push(`${a} → ${b}: measureMany ${JSON.stringify(many[0])}, route() ${r.time} ms ${r.distance} m`);
        }
        t.same(problems.slice(0, 5), [], 'no difference');
        t.ok(compared >= PAIRS * 0.8, `${compared} pairs compared`);
        t.ok(rides > compared / 4, `${rides} by public transport`);
        if (country !== 'PT') t.ok(differFrom8 > 0, `the median differs from leaving at 08:00 on ${differFrom8} pairs`);

        // One-to-all stops: per stop the median of the per-minute times, computed alone.
        for (let q = 0; q < 2; q++) {
            const [lat, lon] = near(0.5);
            let windowed: Uint32Array;
            try {
                windowed = router.oneToAllStops(lat, lon, 1800).slice();
            } catch {
                continue;
            }
            const perMinute: Uint32Array[] = [];
            for (let m = 0; m < count; m++) perMinute.push(router.oneToAllStops(lat, lon, 1800, window.startSeconds + 60 * m).slice());
            let differ = 0, reached = 0;
            for (let s = 0; s < net.stopCount; s++) {
                const median = perMinute.map((x) => x[s]).sort((x, y) => x - y)[Math.ceil(count / 2) - 1];
                if (Math.abs(median - windowed[s]) > 1) differ++;
                if (windowed[s] <= 1800_000) reached++;
            }
            t.equal(differ, 0, `one-to-all from ${lat},${lon}: ${reached} stops, each the median of its 61 times`);
        }

        // The foot network (isochrones): a node inside within its window time is reached within it
        // leaving at at least half of the departures (routed alone).
        const [lat, lon] = near(0.5);
        let nodes: Uint32Array;
        try {
            nodes = router.oneToAll(lat, lon, 1200).slice();
        } catch {
            return;
        }
        const reachedWithin = new Uint8Array(nodes.length);
        for (let m = 0; m < count; m++) {
            const alone = router.oneToAll(lat, lon, 1200, window.startSeconds + 60 * m);
            for (let x = 0; x < nodes.length; x++) if (nodes[x] !== INF && alone[x] <= nodes[x]) reachedWithin[x]++;
        }
        let inside = 0, tooFew = 0;
        for (let x = 0; x < nodes.length; x++) {
            if (nodes[x] === INF) continue;
            inside++;
            if (reachedWithin[x] < Math.ceil(count / 2)) tooFew++;
        }
        t.ok(inside > 100, `${inside} nodes within 20 min`);
        t.equal(tooFew, 0, 'each reached within its time at least 31 times of 61');
    });
}
