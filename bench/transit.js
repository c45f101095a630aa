// Public transport bench, per region with GTFS (BE, IT, PT): import time and section size per feed
// and per region (read, check, compile, attach stops, footpaths), the reference day chosen, RAPTOR
// point-to-point latency in-process (snapping, access and egress walks, direct walk and journey
// assembly included), and one-to-all: stops only, and stops plus the foot network (isochrones).
//   npx tsc -b && node bench/transit.js [--pairs 1000] [--regions BE,IT,PT]
// Regions are built into build/regions first when missing or outdated (like npm start).
import {
    Region, buildRegion, buildRoot, buildTransitSection, countryConfig, dataRoot, loadRegionConfigs, resolveSource, regionSections
} from '@quartier/engine/internal';
import {arg} from './lib/args.js';
import {mulberry32, percentile, timed} from './lib/stats.js';

const pairs = Number(arg('pairs', 1000));
const countries = arg('regions', 'BE,IT,PT').split(',');

const importRows = [], queryRows = [];
for (const cc of countries) {
    const [config] = loadRegionConfigs([cc]);
    const {dir} = buildRegion(config, {dataRoot: dataRoot(), outDir: buildRoot(), quiet: true});
    const region = Region.open(dir);
    const {transit: net, roads} = regionSections(region);
    if (!net) {
        console.log(`${cc}: no transit section`);
        continue;
    }
    const timezone = countryConfig(cc).timezone;
    const files = config.gtfs.map((f) => resolveSource(dataRoot(), f));
    // Import: each feed alone, then the region's feeds together (what the build does).
    for (const file of [...files.map((f) => [f]), ...(files.length > 1 ? [files] : [])]) {
        const runs = [];
        let result;
        for (let i = 0; i < 3; i++) {
            const [ms, r] = timed(() => buildTransitSection(file, roads, {timezone}));
            runs.push(ms);
            result = r;
        }
        runs.sort((a, b) => a - b);
        const m = result.meta;
        importRows.push({
            region: cc,
            feeds: file.length > 1 ? 'all feeds' : m.feeds[0].key,
            seconds: runs[1] / 1000,
            mb: result.section.byteLength / 1e6,
            stopTimes: m.feeds.reduce((s, f) => s + f.stats.stopTimes, 0),
            callsKept: m.feeds.reduce((s, f) => s + f.stats.callsKept, 0),
            stops: m.stopCount, patterns: m.patternCount, trips: m.tripCount, footpaths: m.stats.footpaths,
            day: [...new Set(m.feeds.map((f) => f.referenceDate))].join(', ')
        });
    }

    const router = region.transitRouter;
    const rnd = mulberry32(7);
    const stops = [];
    for (let s = 0; s < net.stopCount; s++) if (net.stopEdge[s] >= 0 && net.stopPatternFirst[s + 1] > net.stopPatternFirst[s]) stops.push(s);
    const near = () => {
        const s = stops[Math.floor(rnd() * stops.length)];
        return [net.stopLat[s] / 1e7 + (rnd() - 0.5) * 0.011, net.stopLon[s] / 1e7 + (rnd() - 0.5) * 0.016];
    };
    const departure = () => Math.round(7.5 * 3600 + rnd() * 3600);
    // Warm up, then measure.
    for (let i = 0; i < 200; i++) {
        try {
            router.route(...near(), ...near(), departure());
        } catch { /* off the network */ }
    }
    const p2p = [];
    let walks = 0, rides = 0;
    for (let i = 0; i < pairs; i++) {
        const a = near(), b = near(), dep = departure();
        try {
            const [ms, r] = timed(() => router.route(a[0], a[1], b[0], b[1], dep));
            p2p.push(ms);
            if (r.walkOnly) walks++;
            else rides++;
        } catch { /* off the network */ }
    }
    p2p.sort((a, b) => a - b);
    const oneToAll = (limit, nodes) => {
        const times = [];
        const out = nodes ? new Uint32Array(roads.nodeCount) : new Uint32Array(net.stopCount);
        for (let i = 0; i < Math.max(50, pairs / 5); i++) {
            const [lat, lon] = near();
            try {
                const [ms] = timed(() => nodes ? router.oneToAll(lat, lon, limit, departure(), out) : router.oneToAllStops(lat, lon, limit, departure(), out));
                times.push(ms);
            } catch { /* off the network */ }
        }
        times.sort((a, b) => a - b);
        return times;
    };
    const stops30 = oneToAll(1800, false), stops60 = oneToAll(3600, false), nodes20 = oneToAll(1200, true), nodes30 = oneToAll(1800, true);
    queryRows.push({
        region: cc, pairs: p2p.length, rides, walks,
        p50: percentile(p2p, 0.5), p95: percentile(p2p, 0.95), max: p2p[p2p.length - 1],
        stops30: [percentile(stops30, 0.5), percentile(stops30, 0.95)], stops60: [percentile(stops60, 0.5), percentile(stops60, 0.95)],
        nodes20: [percentile(nodes20, 0.5), percentile(nodes20, 0.95)], nodes30: [percentile(nodes30, 0.5), percentile(nodes30, 0.95)],
        footNodes: roads.nodeCount
    });
}

const f1 = (x) => x.toFixed(1), f2 = (x) => x.toFixed(2);
console.log('Import (read + check + compile + attach + footpaths; median of 3, on the region\'s road graph):\n');
console.log('| region | feeds | import (s) | section (MB) | stop_times read | calls kept | stops | patterns | trips | footpaths | reference day |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of importRows) {
    console.log(`| ${r.region} | ${r.feeds} | ${f2(r.seconds)} | ${f2(r.mb)} | ${r.stopTimes} | ${r.callsKept} | ${r.stops} | ${r.patterns} | ${r.trips} | ${r.footpaths} | ${r.day} |`);
}
console.log(`\nQueries (in-process, one thread, departures 07:30–08:30; point-to-point includes snapping, access/egress walks, the direct walk and the legs):\n`);
console.log('| region | pairs | transit / walk | p2p p50 (ms) | p2p p95 (ms) | p2p max (ms) | one-to-all stops 30 min p50 / p95 | 60 min p50 / p95 | + foot network 20 min p50 / p95 | 30 min p50 / p95 | foot nodes |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of queryRows) {
    console.log(`| ${r.region} | ${r.pairs} | ${r.rides} / ${r.walks} | ${f2(r.p50)} | ${f2(r.p95)} | ${f1(r.max)} | ${f2(r.stops30[0])} / ${f2(r.stops30[1])} | ${f2(r.stops60[0])} / ${f2(r.stops60[1])} | ${f2(r.nodes20[0])} / ${f2(r.nodes20[1])} | ${f2(r.nodes30[0])} / ${f2(r.nodes30[1])} | ${r.footNodes} |`);
}
