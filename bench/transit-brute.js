// RAPTOR against a brute-force time-dependent Dijkstra over the same timetable (the oracle of the
// tests, packages/engine/test/transit-oracle.ts), on 1,000 random origin–destination pairs per
// feed (positions up to ~600 m around the feed's stops, departures mostly 07:30–08:30, some at
// any hour). Prints every mismatch; exits 1 if there is one.
//   npx tsc -b && node bench/transit-brute.js [--pairs 1000]
// Uses the test bundles (build/test-regions: `npm test` builds them once).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {
    ACCESS_MAX_SECONDS, EGRESS_MAX_SECONDS, MAX_RIDES, Region, Snapper, TransitError, regionSections
} from '@quartier/engine/internal';
import {oracle} from '../packages/engine/dist/test/transit-oracle.js';
import {mulberry32} from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', 'build', 'test-regions');
const i = process.argv.indexOf('--pairs');
const pairs = i > 0 ? Number(process.argv[i + 1]) : 1000;

let failures = 0;
console.log('| region | feed | pairs compared | by transit | walks | mismatches | seconds |');
console.log('|---|---|---|---|---|---|---|');
for (const [cc, feedIndex] of [['IT', 0], ['PT', 0], ['BE', 0], ['BE', 1]]) {
    const started = performance.now();
    const region = Region.open(path.join(root, cc));
    const {transit: net, roads: g} = regionSections(region), router = region.transitRouter;
    const snapper = new Snapper(g);
    const key = `${net.feeds[feedIndex].key}:`;
    const stops = [];
    for (let s = 0; s < net.stopCount; s++) {
        if (net.stopEdge[s] >= 0 && net.stopIds.get(s).startsWith(key) && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
    }
    const rnd = mulberry32(4321 + feedIndex);
    const near = () => {
        const s = stops[Math.floor(rnd() * stops.length)];
        return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016];
    };
    const bounds = {accessMs: ACCESS_MAX_SECONDS * 1000, egressMs: EGRESS_MAX_SECONDS * 1000, maxRides: MAX_RIDES};
    let compared = 0, mismatches = 0, walks = 0, rides = 0;
    for (let k = 0; k < pairs; k++) {
        const [aLat, aLon] = near(), [bLat, bLon] = near();
        const departure = rnd() < 0.6 ? Math.round(7.5 * 3600 + rnd() * 3600) : Math.round(rnd() * 24 * 3600);
        let r;
        try {
            r = router.route(aLat, aLon, bLat, bLon, departure);
        } catch (err) {
            if (err instanceof TransitError && err.code !== 'unreachable') continue;
            throw err;
        }
        const o = oracle(g, snapper, net, router.days, bounds, aLat, aLon, bLat, bLon, departure, r.time + 1000);
        compared++;
        if (r.walkOnly) walks++;
        else rides++;
        if (Math.abs(o.time - r.time) > 2) {
            mismatches++;
            console.error(`mismatch ${cc} ${net.feeds[feedIndex].key}: ${aLat},${aLon} → ${bLat},${bLon} at ${departure} s: RAPTOR ${r.time} ms, brute force ${o.time} ms (walk ${o.walk}, transit ${o.transit})`);
        }
    }
    failures += mismatches;
    console.log(`| ${cc} | ${net.feeds[feedIndex].key} | ${compared} | ${rides} | ${walks} | ${mismatches} | ${((performance.now() - started) / 1000).toFixed(1)} |`);
}
process.exit(failures > 0 ? 1 : 0);
