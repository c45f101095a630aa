// The enrichment search in-process, per position (the work a worker does for one listing, before
// formatting): Brussels, Porto and Malta, seeded positions (Brussels: the OSRM reference origins and
// destinations; Porto and Malta: places moved 30 m). In the same run, the public transport part both
// ways: one route() per winning place (before issue 13) and one measureMany per position (now).
//   npx tsc -b && node packages/engine/dist/test/setup/build-regions.js && node bench/enrichment-speed.js [positions=1000] [--regions BE,PT,MT]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {dataRoot, regionSections} from '@quartier/engine/internal';
import {arg} from './lib/args.js';
import {printFigure} from './lib/figure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 1000);

function positions(cc, region) {
    if (cc === 'BE') {
        const ref = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
        return ref.queries.flatMap((q) => [q.from, q.to]).slice(0, count);
    }
    const out = [], pois = regionSections(region).pois;
    let x = 12345;
    while (out.length < count) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const i = x % pois.count;
        out.push([pois.lat[i] + 0.00027, pois.lon[i]]);
    }
    return out;
}

console.log('| region | positions | enrichment ms/position | CPU ms/position | per core /s | transit per place ms | transit one search ms | ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const cpuMs = {};
for (const cc of arg('regions', 'BE,PT,MT').split(',')) {
    const region = Region.open(path.join(root, 'build', 'test-regions', cc));
    const finder = region.neighbourhood;
    const list = positions(cc, region);
    // Warm-up: compile the hot code, and make public transport's stop profiles as a worker does when it starts.
    if (region.hasTransit) region.transitRouter.prepareWindow?.();
    for (const [lat, lon] of list.slice(0, 50)) finder.enrich(lat, lon);
    const winners = [];
    const t0 = performance.now(), cpu0 = process.cpuUsage();
    for (const [lat, lon] of list) winners.push(finder.enrich(lat, lon).entries.filter((e) => e.nearest).map((e) => [e.nearest.lat, e.nearest.lon]));
    const enrichMs = (performance.now() - t0) / list.length, cpu = process.cpuUsage(cpu0);
    cpuMs[cc] = (cpu.user + cpu.system) / 1000 / list.length;
    let perPlace = NaN, oneSearch = NaN;
    if (region.hasTransit) {
        const router = region.transitRouter;
        const t1 = performance.now();
        list.forEach(([lat, lon], i) => {
            for (const [pLat, pLon] of winners[i]) {
                try { router.route(lat, lon, pLat, pLon); } catch { /* no journey */ }
            }
        });
        perPlace = (performance.now() - t1) / list.length;
        const t2 = performance.now();
        list.forEach(([lat, lon], i) => {
            try { router.measureMany(lat, lon, winners[i].flat()); } catch { /* origin off the network */ }
        });
        oneSearch = (performance.now() - t2) / list.length;
    }
    const f = (v) => (Number.isNaN(v) ? '-' : v.toFixed(2));
    printFigure(`enrichment-speed.${cc}`, enrichMs);
    console.log(`| ${cc} | ${list.length} | ${enrichMs.toFixed(2)} | ${cpuMs[cc].toFixed(2)} | ${Math.round(1000 / enrichMs)} | ${f(perPlace)} | ${f(oneSearch)} | ${Number.isNaN(perPlace) ? '-' : (perPlace / oneSearch).toFixed(1) + '×'} |`);
}
