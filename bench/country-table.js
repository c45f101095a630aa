// What each of the 25 countries of SPEC §1 would need, on paper: road nodes estimated from the size of
// its Geofabrik extract (× road nodes per MB of .osm.pbf, measured here on our real extracts), then
// bundle size, build time, build peak and serving memory from the per-road-node figures that
// bench/country-build.js measured on synthetic countries (its DIR/country-J.json files). With two
// sizes or more, time and bundle size follow a power law fitted to them (contraction is not linear) and the
// peak memory a straight line (a fixed part, the process and the border data, plus a part per node).
//   npx tsc -b && node bench/country-table.js [/tmp/quartier-country/country-400000.json ...]   (default: every
//   country-J.json in /tmp/quartier-country)
import fs from 'node:fs';
import path from 'node:path';
import {loadRegionConfigs} from '@quartier/engine';
import {WayProfile, dataRoot, evaluateWay, readOsmPbf} from '@quartier/engine/internal';

/**
 * Geofabrik extract sizes in MB (the .osm.pbf of the country's page on download.geofabrik.de). No network
 * here: Italy (2,109 MiB) and Australia (909 MiB) are 2026-07-16 extracts and Montenegro (29 MiB)
 * 2025-01-01, as measured in osmix's docs (LIMITS.md); Netherlands (1.3 GB) and Luxembourg (44 MB) from
 * a 2025 deployment note; the others are the sizes the download pages showed in 2024-2025 as remembered,
 * to ±15 %. UK is great-britain plus Northern Ireland's share of ireland-and-northern-ireland; IE the rest.
 */
const EXTRACT_MB = {
    FR: 4600, DE: 4300, IT: 2210, UK: 1900, CA: 3600, ES: 1350, NL: 1360, AU: 950, AT: 730, BE: 650, CH: 490,
    GR: 390, PT: 340, IE: 260, SI: 300, MA: 280, HR: 200, RS: 190, BG: 150, BA: 130, AL: 75,
    LU: 46, ME: 30, CY: 36, MT: 11
};
const COUNTRIES = ['BE', 'FR', 'NL', 'LU', 'CH', 'DE', 'IT', 'ES', 'PT', 'IE', 'UK', 'AT', 'CA', 'GR', 'MA', 'HR', 'MT', 'SI', 'RS', 'CY', 'BA', 'ME', 'BG', 'AL', 'AU'];
const MACHINES_GB = [8, 16, 32, 64, 128, 256];
/** Of a machine's memory, what a build or a server may take (the OS, page cache and headroom keep the rest). */
const USABLE = 0.8;

/** OSM nodes on ways some mode may use (the road graph's own test), and all nodes, counted in one extract. */
function roadNodes(file) {
    const ids = new Set();
    const profile = new WayProfile();
    let all = 0;
    readOsmPbf(file, {
        node: () => all++,
        way: (w) => {
            if (w.refCount < 2 || !evaluateWay(w.tags, profile)) return;
            for (let i = 0; i < w.refCount; i++) ids.add(w.refs[i]);
        }
    });
    return {road: ids.size, all};
}

const root = dataRoot();
console.log('Road nodes per MB of .osm.pbf, on our real extracts (the routing files of data/regions.json):\n');
// A Geofabrik extract holds everything (buildings, land use, ...); some of ours were cut to roads (Porto,
// Milan: most of their nodes are road nodes). Only full extracts, where road nodes are under half of
// the nodes, give the ratio.
console.log('| extract | MB | road nodes | all nodes | road nodes / MB | full extract |');
console.log('|---|---|---|---|---|---|');
let totalNodes = 0, totalMB = 0;
for (const region of loadRegionConfigs()) {
    for (const f of region.osm.slice(0, region.routingFiles ?? region.osm.length)) {
        const file = path.isAbsolute(f) ? f : path.join(root, f);
        if (!fs.existsSync(file)) continue;
        const mb = fs.statSync(file).size / 1e6, {road, all} = roadNodes(file), full = road < all / 2;
        if (full) {
            totalNodes += road;
            totalMB += mb;
        }
        console.log(`| ${region.country} ${path.basename(file)} | ${mb.toFixed(1)} | ${road.toLocaleString('en')} | ${all.toLocaleString('en')} | ${Math.round(road / mb).toLocaleString('en')} | ${full ? 'yes' : 'no (cut to roads)'} |`);
    }
}
const perMB = totalNodes / totalMB;
console.log(`| full extracts | ${totalMB.toFixed(1)} | ${totalNodes.toLocaleString('en')} | | ${Math.round(perMB).toLocaleString('en')} | |\n`);

// Measured synthetic countries, smallest first.
const defaultDir = '/tmp/quartier-country';
const files = process.argv.length > 2 ? process.argv.slice(2)
    : fs.existsSync(defaultDir) ? fs.readdirSync(defaultDir).filter((f) => /^country-\d+\.json$/.test(f)).map((f) => path.join(defaultDir, f)) : [];
const measured = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8'))).filter((r) => r.build && r.bundle);
// CPU seconds when every run has them: on a shared machine the wall time says more about the others' load than about the build.
const byCpu = measured.every((r) => r.build.cpuSeconds > 0);
const runs = measured
    .map((r) => ({nodes: r.extract.roadNodes, seconds: byCpu ? r.build.cpuSeconds : r.build.seconds, peakMB: r.build.peakRssMB, bytes: r.bundle.bytes,
        servingMB: r.serve?.country.rssAfterWarmupMB}))
    .sort((a, b) => a.nodes - b.nodes);
if (runs.length === 0) throw new Error('name at least one country-J.json written by bench/country-build.js');
const big = runs[runs.length - 1];
/** y = big.y × (n / big.n)^exponent, the exponent fitted between the smallest and the largest run (1 with one run). */
const law = (key) => {
    const small = runs[0];
    const exponent = runs.length > 1 && small[key] > 0 ? Math.log(big[key] / small[key]) / Math.log(big.nodes / small.nodes) : 1;
    return {exponent, at: (n) => big[key] * (n / big.nodes) ** exponent};
};
/** y = a + b × n through the smallest and the largest run (through the origin with one run). */
const line = (key) => {
    const small = runs[0];
    const slope = runs.length > 1 ? (big[key] - small[key]) / (big.nodes - small.nodes) : big[key] / big.nodes;
    return {slope, intercept: big[key] - slope * big.nodes, at: (n) => big[key] + slope * (n - big.nodes)};
};
// Contraction grows faster than the graph: a fitted time exponent under 1 only says the machine's load changed
// between the runs, so time is then taken as linear from the largest run (a lower bound).
const fitted = law('seconds');
const time = fitted.exponent >= 1 ? fitted : {exponent: 1, at: (n) => big.seconds * n / big.nodes};
const peak = line('peakMB'), size = law('bytes');
const servingRatio = big.servingMB ? big.servingMB * 1048576 / big.bytes : 1.3;
console.log(`From ${runs.map((r) => `${(r.nodes / 1e6).toFixed(1)}M`).join(' and ')} road nodes: build time (${byCpu ? 'CPU' : 'wall'}) ∝ n^${time.exponent.toFixed(2)} (fitted ${fitted.exponent.toFixed(2)}), ` +
    `build peak = ${peak.intercept.toFixed(0)} MB + ${(peak.slope * 1048576).toFixed(0)} bytes per road node, bundle ∝ n^${size.exponent.toFixed(2)} (${(big.bytes / big.nodes).toFixed(0)} bytes per road node at ${(big.nodes / 1e6).toFixed(1)}M); ` +
    `serving RSS = ${servingRatio.toFixed(2)}× the bundle. Machine: the smallest of ${MACHINES_GB.join('/')} GB whose ${USABLE * 100}% holds it.\n`);
const machine = (mb) => {
    const gb = MACHINES_GB.find((g) => mb / 1024 <= g * USABLE);
    return gb ? `${gb} GB` : `> ${MACHINES_GB[MACHINES_GB.length - 1]} GB`;
};
console.log(`| country | extract MB | road nodes (est.) | bundle GB | build min (${byCpu ? 'CPU, one core' : '2 cores'}) | build peak GB | build on | serve RSS GB | serve on |`);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const cc of COUNTRIES) {
    const mb = EXTRACT_MB[cc], n = mb * perMB;
    const bundleMB = size.at(n) / 1048576, peakMB = peak.at(n), servingMB = bundleMB * servingRatio;
    console.log(`| ${cc} | ${mb.toLocaleString('en')} | ${(n / 1e6).toFixed(1)}M | ${(bundleMB / 1024).toFixed(1)} | ${(time.at(n) / 60).toFixed(0)} | ` +
        `${(peakMB / 1024).toFixed(1)} | ${machine(peakMB)} | ${(servingMB / 1024).toFixed(1)} | ${machine(servingMB)} |`);
}
