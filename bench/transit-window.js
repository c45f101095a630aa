// Public transport over a departure window (issue 15): the range RAPTOR (07:30–08:30, one run per
// minute, labels kept) against one departure at 08:00, in the same run, per region with GTFS.
// - point-to-point route() p50 / p95 (snapping, walks, legs included), window and 08:00;
// - one-to-all: stops within 30 and 60 min, and stops plus the foot network (isochrones) 30 min;
// - measureMany from one origin to 12 and 100 destinations (enrichment, a matrix row);
// - how far the window's median is from leaving at exactly 08:00, over the same pairs;
// - brute force: for the first --brute pairs, every minute routed alone and the median taken by hand.
//   npx tsc -b && node bench/transit-window.js [--pairs 1000] [--brute 200] [--regions IT,BE,PT] [--only-brute]
// Uses the test bundles (build/test-regions: `npm test` builds them once).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region, TransitError} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import {mulberry32, percentileOf, timed} from './lib/stats.js';
import {arg} from './lib/args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', 'build', 'test-regions');

const pairs = Number(arg('pairs', 1000));
const countries = arg('regions', 'IT,BE,PT').split(',');
const brute = Number(arg('brute', 200));
const onlyBrute = process.argv.includes('--only-brute');
const EIGHT = 8 * 3600;

/** Runs fn for each input, timing it; inputs whose start is off the network are skipped. */
function timeAll(inputs, fn) {
    const times = [], values = [];
    for (const input of inputs) {
        try {
            const [ms, v] = timed(() => fn(input));
            times.push(ms);
            values.push(v);
        } catch (err) {
            if (!(err instanceof TransitError)) throw err;
            values.push(null);
        }
    }
    return {times, values};
}

const f2 = (x) => x.toFixed(2);
const rows = [], diffRows = [], bruteRows = [];
for (const cc of countries) {
    const region = Region.open(path.join(root, cc));
    const net = regionSections(region).transit, router = region.transitRouter;
    const rnd = mulberry32(11);
    const stops = [];
    for (let s = 0; s < net.stopCount; s++) if (net.stopEdge[s] >= 0 && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
    const near = (spread = 1) => {
        const s = stops[Math.floor(rnd() * stops.length)];
        return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011 * spread, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016 * spread];
    };
    // Half the pairs around stops (up to ~600 m), half up to a few km away.
    const routePairs = [];
    for (let i = 0; i < pairs; i++) routePairs.push([...near(), ...near(i % 2 === 0 ? 1 : 4)]);
    const origins = [];
    for (let i = 0; i < Math.max(50, pairs / 10); i++) origins.push(near());
    const many = (k) => {
        const list = [];
        for (let i = 0; i < 20; i++) {
            const tos = [];
            for (let j = 0; j < k; j++) tos.push(...near(j % 2 === 0 ? 1 : 4));
            list.push([...near(), tos]);
        }
        return list;
    };
    const many12 = many(12), many100 = many(100);

    // Brute force: the window's answer against the 61 departures routed alone (nearest-rank median).
    let compared = 0, mismatches = 0;
    for (const p of routePairs.slice(0, brute)) {
        let r;
        try {
            r = router.route(...p);
        } catch (err) {
            if (err instanceof TransitError) continue;
            throw err;
        }
        const times = [];
        for (let m = 0; m <= 60; m++) {
            try {
                times.push(router.route(...p, 27000 + 60 * m).time);
            } catch {
                times.push(Infinity);
            }
        }
        const median = times.slice().sort((a, b) => a - b)[30];
        compared++;
        if (r.time !== median || r.departure !== 27000 + 60 * times.lastIndexOf(median)) {
            mismatches++;
            console.error(`${cc} ${p.join(',')}: window ${r.time} ms leaving ${r.departure}, by hand ${median}`);
        }
    }
    bruteRows.push(`| ${cc} | ${compared} | ${mismatches} |`);
    if (onlyBrute) continue;

    // Warm up both paths, then measure one after the other on the same inputs.
    for (const p of routePairs.slice(0, 100)) {
        try {
            router.route(...p);
            router.route(...p, EIGHT);
        } catch { /* off the network */ }
    }
    const single = timeAll(routePairs, (p) => router.route(...p, EIGHT).time);
    const window = timeAll(routePairs, (p) => router.route(...p).time);
    const oneToAll = (maxSeconds, nodes, departure) => timeAll(origins, ([lat, lon]) =>
        nodes ? router.oneToAll(lat, lon, maxSeconds, departure) : router.oneToAllStops(lat, lon, maxSeconds, departure)).times;
    const measure = (list, departure) => timeAll(list, ([lat, lon, tos]) => router.measureMany(lat, lon, tos, departure)).times;
    const cases = [
        ['route() point to point', single.times, window.times],
        ['one-to-all stops, 30 min', oneToAll(1800, false, EIGHT), oneToAll(1800, false)],
        ['one-to-all stops, 60 min', oneToAll(3600, false, EIGHT), oneToAll(3600, false)],
        ['one-to-all stops + foot network, 30 min', oneToAll(1800, true, EIGHT), oneToAll(1800, true)],
        ['measureMany 1 x 12', measure(many12, EIGHT), measure(many12)],
        ['measureMany 1 x 100', measure(many100, EIGHT), measure(many100)]
    ];
    for (const [name, one, win] of cases) {
        rows.push(`| ${cc} | ${name} | ${one.length} | ${f2(percentileOf(one, 0.5))} / ${f2(percentileOf(one, 0.95))} | ${f2(percentileOf(win, 0.5))} / ${f2(percentileOf(win, 0.95))} | ${f2(percentileOf(win, 0.5) / percentileOf(one, 0.5))} |`);
    }

    // Window median against leaving at exactly 08:00, in minutes (positive: the median is longer).
    const diffs = [];
    for (let i = 0; i < routePairs.length; i++) {
        if (single.values[i] === null || window.values[i] === null) continue;
        diffs.push((window.values[i] - single.values[i]) / 60000);
    }
    const abs = diffs.map(Math.abs);
    const share = (test) => `${(100 * diffs.filter(test).length / diffs.length).toFixed(1)}%`;
    diffRows.push(`| ${cc} | ${diffs.length} | ${share((d) => Math.abs(d) < 1 / 60000)} | ${share((d) => d < 0)} | ${share((d) => d > 0)} | ` +
        `${f2(diffs.reduce((a, b) => a + b, 0) / diffs.length)} | ${f2(percentileOf(abs, 0.5))} / ${f2(percentileOf(abs, 0.9))} / ${f2(percentileOf(abs, 0.99))} / ${f2(Math.max(...abs))} | ` +
        `${f2(percentileOf(diffs, 0.05))} / ${f2(percentileOf(diffs, 0.95))} | ${share((d) => Math.abs(d) > 5)} |`);
}

console.log('Brute force (every departure routed alone, the median by hand; time and departure):\n');
console.log('| region | pairs | mismatches |');
console.log('|---|---|---|');
for (const r of bruteRows) console.log(r);
if (onlyBrute) process.exit(0);
console.log('\nIn-process, one thread; window 07:30–08:30 (61 departures, median) against one departure at 08:00, same inputs, same run.\n');
console.log('| region | query | queries | 08:00 p50 / p95 (ms) | window p50 / p95 (ms) | ratio p50 |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log('\nThe window\'s median travel time minus the 08:00 departure\'s, per pair (minutes):\n');
console.log('| region | pairs | same | median faster | median slower | mean | abs p50 / p90 / p99 / max | p5 / p95 | over 5 min apart |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of diffRows) console.log(r);
