// The real feeds (BE: STIB + SNCB, IT: ATM Milan, PT: Metro do Porto): RAPTOR against a brute-force
// oracle on random pairs and departures, and the journeys' invariants (times chain up, rides follow
// the timetable, transfers take their footpath).
import t from 'tap';
import {ACCESS_MAX_SECONDS, EGRESS_MAX_SECONDS, MAX_RIDES, Snapper, TransitError, TransitNetwork, type TransitRoute, regionSections} from '../src/internal.js';
import {random, testRegion} from './helpers.js';
import {oracle} from './transit-oracle.js';

/**
 * Pairs per feed for the brute-force comparison (QUARTIER_TRANSIT_PAIRS overrides; about 20 s for the four
 * feeds). bench/transit-brute.js runs the same comparison on as many pairs as asked and prints every mismatch.
 */
const PAIRS = Number(process.env.QUARTIER_TRANSIT_PAIRS ?? 500);

/** Journey invariants: times chain up, rides follow the timetable, transfers take their footpath. */
function checkJourney(net: TransitNetwork, r: TransitRoute, departure: number, walkMs: number): string | null {
    if (r.time > walkMs + 2) return `time ${r.time} beats nothing: the direct walk takes ${walkMs}`;
    if (Math.abs(r.legs[0].departure - departure) > 1e-6) return 'the first leg does not leave at the departure';
    let clock = departure;
    let last: TransitRoute['legs'][number] | null = null;
    for (const leg of r.legs) {
        if (leg.departure < clock - 1e-6) return `a ${leg.type} leg leaves at ${leg.departure} before ${clock}`;
        if (leg.type === 'ride') {
            // Boarded where the trip stops, at its departure there, never before it arrives.
            const first = leg.stops[0], lastCall = leg.stops[leg.stops.length - 1];
            if (first.departure !== leg.departure || lastCall.arrival !== leg.arrival) return 'ride times differ from its calls';
            if (first.arrival > leg.departure) return 'boarded before the trip arrives';
            if (last?.type === 'ride') {
                const s = indexOfStop(net, leg.from.id);
                if (leg.from.id !== last.to.id) return 'consecutive rides at different stops without a transfer';
                if (leg.departure * 1000 < last.arrival * 1000 + net.stopChangeMs[s]) return 'the change time at the stop is not respected';
            }
            if (last?.type === 'transfer' && leg.from.id !== last.to.id) return 'the ride does not start where the transfer ends';
        } else if (leg.type === 'transfer') {
            if (last?.type !== 'ride' || last.to.id !== leg.from.id) return 'a transfer not following a ride at its stop';
            const a = indexOfStop(net, leg.from.id), b = indexOfStop(net, leg.to.id);
            let foot = -1;
            for (let i = net.footFirst[a]; i < net.footFirst[a + 1]; i++) if (net.footTo[i] === b) foot = net.footMs[i];
            if (foot < 0) return 'a transfer without a footpath';
            if (Math.abs(leg.time - foot) > 1) return `transfer takes ${leg.time} ms, its footpath ${foot}`;
        }
        clock = leg.arrival;
        last = leg;
    }
    if (Math.abs((clock - departure) * 1000 - r.time) > 2) return `the legs end at ${clock}, not at departure + time`;
    return null;
}

const stopIndexCache = new Map<TransitNetwork, Map<string, number>>();
function indexOfStop(net: TransitNetwork, id: string): number {
    let m = stopIndexCache.get(net);
    if (!m) {
        m = new Map();
        for (let s = 0; s < net.stopCount; s++) m.set(net.stopIds.get(s), s);
        stopIndexCache.set(net, m);
    }
    return m.get(id)!;
}

const FEEDS: [string, number][] = [['IT', 0], ['PT', 0], ['BE', 0], ['BE', 1]];

for (const [country, feedIndex] of FEEDS) {
    t.test(`${country} ${regionSections(testRegion(country)).transit!.feeds[feedIndex].key}: RAPTOR equals brute force on ${PAIRS} pairs, journeys hold together`, async (t) => {
        const region = testRegion(country);
        const net = regionSections(region).transit!, router = region.transitRouter, g = regionSections(region).roads;
        const snapper = new Snapper(g);
        const key = `${net.feeds[feedIndex].key}:`;
        const stops: number[] = [];
        for (let s = 0; s < net.stopCount; s++) if (net.stopEdge[s] >= 0 && net.stopIds.get(s).startsWith(key) && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
        t.ok(stops.length > 10, `${stops.length} stops on the walking network`);
        const rnd = random(1234 + feedIndex);
        const near = (): [number, number] => {
            const s = stops[Math.floor(rnd() * stops.length)];
            // Up to about 600 m around a stop.
            return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016];
        };
        const bounds = {accessMs: ACCESS_MAX_SECONDS * 1000, egressMs: EGRESS_MAX_SECONDS * 1000, maxRides: MAX_RIDES};
        let compared = 0, mismatches = 0, walks = 0, rides = 0, transfers = 0, broken = 0;
        const firstProblems: string[] = [];
        for (let i = 0; i < PAIRS; i++) {
            const [aLat, aLon] = near(), [bLat, bLon] = near();
            // Mostly around 08:00, some at any hour (late evening and after midnight included).
            const departure = rnd() < 0.6 ? Math.round(7.5 * 3600 + rnd() * 3600) : Math.round(rnd() * 24 * 3600);
            let r: TransitRoute;
            try {
                r = router.route(aLat, aLon, bLat, bLon, departure);
            } catch (err) {
                if (err instanceof TransitError && err.code !== 'unreachable') continue; // off the network or the same place
                throw err;
            }
            const o = oracle(g, snapper, net, router.days, bounds, aLat, aLon, bLat, bLon, departure, r.time + 1000);
            compared++;
            if (Math.abs(o.time - r.time) > 2) {
                mismatches++;
                if (firstProblems.length < 5) firstProblems.push(`${aLat},${aLon} → ${bLat},${bLon} at ${departure}: RAPTOR ${r.time} ms, brute force ${o.time} (walk ${o.walk}, transit ${o.transit})`);
            }
            const problem = checkJourney(net, r, departure, o.walk);
            if (problem) {
                broken++;
                if (firstProblems.length < 5) firstProblems.push(`${aLat},${aLon} → ${bLat},${bLon} at ${departure}: ${problem}`);
            }
            if (r.walkOnly) walks++;
            else {
                rides++;
                transfers += r.transfers;
            }
        }
        t.same(firstProblems, [], 'no mismatch, no broken journey');
        t.equal(mismatches, 0);
        t.equal(broken, 0);
        t.ok(compared > PAIRS * 0.9, `${compared} pairs compared (${rides} by transit with ${transfers} transfers, ${walks} walks)`);
        t.ok(rides > compared / 4, 'transit wins a good share of them');
    });
}

