// Transit one-to-many: measureMany gives, for every destination, exactly the time and distance
// route() gives for the pair (null where route() finds no journey or the destination is off the
// foot network, 0 for the same place), on seeded pairs in every region with a timetable, with and
// without a walk finder, at several departures and over the default departure window (07:30-08:30).
import t from 'tap';
import {DEFAULT_DEPARTURE_WINDOW, Snapper, TransitError, TransitRouter, type Departure, type TransitMeasure, regionSections} from '../src/internal.js';
import {measureOfRoute, random, testRegion} from './helpers.js';

/** Pairs route() answered by public transport (not the direct walk), counted by single(). */
let rideCount = 0;

/** route()'s time and distance for a pair, or what measureMany gives instead of its errors. */
function single(router: TransitRouter, aLat: number, aLon: number, bLat: number, bLon: number, departure: Departure): TransitMeasure | null | string {
    try {
        const r = router.route(aLat, aLon, bLat, bLon, departure);
        if (!r.walkOnly) rideCount++;
        return measureOfRoute(r);
    } catch (err) {
        if (!(err instanceof TransitError)) throw err;
        if (err.code === 'same-position') return {time: 0, distance: 0};
        if (err.code === 'unreachable' || err.code === 'to-off-network') return null;
        return err.code;
    }
}

const ORIGINS = 12, PER_ORIGIN = 30;

for (const [country, finder] of [['BE', true], ['PT', true], ['IT', true], ['BE', false]] as [string, boolean][]) {
    t.test(`${country}${finder ? '' : ' without a walk finder'}: measureMany equals route() on ${ORIGINS * PER_ORIGIN} pairs`, async (t) => {
        const region = testRegion(country);
        const {transit, roads} = regionSections(region), net = transit!;
        const router = finder ? region.transitRouter : new TransitRouter(roads, new Snapper(roads), net);
        const stops: number[] = [];
        for (let s = 0; s < net.stopCount; s++) if (net.stopEdge[s] >= 0 && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
        const rnd = random(country.charCodeAt(0) * 31 + (finder ? 1 : 2));
        // Around a stop: up to about 600 m, sometimes several km away (long walks, long rides).
        const near = (spread: number): [number, number] => {
            const s = stops[Math.floor(rnd() * stops.length)];
            return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011 * spread, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016 * spread];
        };
        let compared = 0, nulls = 0, zeros = 0;
        rideCount = 0;
        const problems: string[] = [];
        for (let o = 0; o < ORIGINS; o++) {
            const [aLat, aLon] = near(1);
            const minute = o % 3 === 2 ? Math.round(rnd() * 24 * 3600) : Math.round(7.5 * 3600 + rnd() * 3600);
            // Every fourth origin over the window: the median per destination, as route() has it.
            const departure: Departure = o % 4 === 3 ? DEFAULT_DEPARTURE_WINDOW : minute;
            const tos: number[] = [];
            for (let j = 0; j < PER_ORIGIN; j++) {
                const [lat, lon] = j === 0 ? [aLat, aLon] : j === 1 ? [aLat + 3, aLon] : near(rnd() < 0.8 ? 1 : 4);
                tos.push(lat, lon);
            }
            let many: (TransitMeasure | null)[];
            try {
                many = router.measureMany(aLat, aLon, tos, departure);
            } catch (err) {
                if (err instanceof TransitError && err.code === 'from-off-network') {
                    t.equal(single(router, aLat, aLon, tos[2], tos[3], departure), 'from-off-network', 'route() refuses the same start');
                    continue;
                }
                throw err;
            }
            t.equal(many.length, PER_ORIGIN);
            // The second time the destinations' egress walks come from the router's memory.
            t.same(router.measureMany(aLat, aLon, tos, departure), many, 'measured again: the same answers');
            for (let j = 0; j < PER_ORIGIN; j++) {
                const expected = single(router, aLat, aLon, tos[2 * j], tos[2 * j + 1], departure);
                compared++;
                if (expected === null) nulls++;
                else if (typeof expected === 'object' && expected.time === 0) zeros++;
                if (JSON.stringify(many[j]) !== JSON.stringify(expected) && problems.length < 5) {
                    problems.push(`${aLat},${aLon} → ${tos[2 * j]},${tos[2 * j + 1]} at ${JSON.stringify(departure)}: measureMany ${JSON.stringify(many[j])}, route() ${JSON.stringify(expected)}`);
                }
            }
        }
        t.same(problems, [], 'every destination as route() has it');
        t.ok(compared >= ORIGINS * PER_ORIGIN * 0.8, `${compared} pairs compared (${nulls} null, ${zeros} same place)`);
        t.ok(nulls >= 1 && zeros >= 1, 'the off-network and same-place cases are among them');
        t.ok(rideCount > compared / 4, `${rideCount} of them by public transport, the rest on foot`);
    });
}

t.test('BE: a matrix (targets shared by its origins) equals route() on every cell, its long walks\' metres from the walk table', async (t) => {
    const region = testRegion('BE');
    const router = region.transitRouter, net = regionSections(region).transit!;
    const rnd = random(29);
    // Around stops, up to a few km apart: many walks longer than the access bound, by public transport or not.
    const near = (): [number, number] => {
        const s = Math.floor(rnd() * net.stopCount);
        return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.03, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.045];
    };
    const origins = Array.from({length: 4}, near), tos = Array.from({length: 25}, near).flat();
    const targets = router.targets(tos);
    const problems: string[] = [];
    let longWalks = 0, rides = 0;
    for (const [aLat, aLon] of origins) {
        const row = router.measureTargets(aLat, aLon, targets);
        for (let j = 0; j < row.length; j++) {
            const expected = single(router, aLat, aLon, tos[2 * j], tos[2 * j + 1], DEFAULT_DEPARTURE_WINDOW);
            if (row[j]?.walkOnly && row[j]!.time > 15 * 60 * 1000) longWalks++;
            else if (row[j] && !row[j]!.walkOnly && row[j]!.time > 0) rides++;
            if (JSON.stringify(row[j]) !== JSON.stringify(expected) && problems.length < 5) {
                problems.push(`${aLat},${aLon} → ${tos[2 * j]},${tos[2 * j + 1]}: matrix ${JSON.stringify(row[j])}, route() ${JSON.stringify(expected)}`);
            }
        }
    }
    t.same(problems, [], 'every cell as route() has it, metres to the last bit');
    t.ok(longWalks >= 10, `${longWalks} walks over 15 minutes answer (metres from the table, not a path per cell)`);
    t.ok(rides >= 10, `${rides} journeys by public transport`);
});

t.test('measureMany throws like route() for a start off the network; an empty list gives an empty answer', async (t) => {
    const router = testRegion('BE').transitRouter;
    t.throws(() => router.measureMany(0, 0, [50.85, 4.35]), {code: 'from-off-network'});
    t.same(router.measureMany(50.8466, 4.3528, []), []);
});
