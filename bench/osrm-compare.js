// Our road times and distances against OSRM's default profiles on the same Brussels extract:
// the 1,000 origin-destination pairs of ../shared/reference/osrm-brussels-1000.json, routed
// in-process. Prints per mode the ratio ours / OSRM (mean, median, p5, p10, p90, p95, share of
// pairs more than 5% and 10% off) for duration and distance, and the implied average speeds.
// Usage: node bench/osrm-compare.js [bundle dir, default build/regions/BE] [--pairs file.json]
// (--pairs: also write each pair's ratios, to compare two runs pair by pair)
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region, buildRegion, loadRegionConfigs} from '@quartier/engine';
import {dataRoot} from '@quartier/engine/internal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const pairsAt = args.indexOf('--pairs');
const pairsFile = pairsAt >= 0 ? args.splice(pairsAt, 2)[1] : null;
let dir = args[0];
if (!dir) {
    const [config] = loadRegionConfigs(['BE']);
    dir = buildRegion(config, {outDir: path.join(root, 'build', 'regions'), quiet: true}).dir;
}
const region = Region.open(dir);
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const modes = [['car', 0], ['foot', 1], ['bicycle', 2]];

const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log('| mode | routed | failed | duration ratio mean | median | p5 | p10 | p90 | p95 | >5% off | >10% off | distance ratio mean | median | our km/h | OSRM km/h |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const perPair = {};
for (const [name, mode] of modes) {
    const dRatio = [], lRatio = [];
    let failed = 0, ourDist = 0, ourTime = 0, refDist = 0, refTime = 0;
    perPair[name] = [];
    for (const q of reference.queries) {
        const ref = q.osrm[name];
        try {
            const r = region.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]);
            dRatio.push(r.time / 1000 / ref.duration);
            lRatio.push(r.distance / ref.distance);
            perPair[name].push({candidate: q.candidate, duration: r.time / 1000 / ref.duration, distance: r.distance / ref.distance});
            ourDist += r.distance;
            ourTime += r.time / 1000;
            refDist += ref.distance;
            refTime += ref.duration;
        } catch {
            failed++;
        }
    }
    const f = (x) => x.toFixed(3);
    const off = (limit) => `${(100 * dRatio.filter((x) => Math.abs(x - 1) > limit).length / dRatio.length).toFixed(1)}%`;
    console.log(`| ${name} | ${dRatio.length} | ${failed} | ${f(mean(dRatio))} | ${f(quantile(dRatio, 0.5))} | ${f(quantile(dRatio, 0.05))} | ${f(quantile(dRatio, 0.1))} | ${f(quantile(dRatio, 0.9))} | ${f(quantile(dRatio, 0.95))} | ${off(0.05)} | ${off(0.1)} | ${f(mean(lRatio))} | ${f(quantile(lRatio, 0.5))} | ${(ourDist / ourTime * 3.6).toFixed(1)} | ${(refDist / refTime * 3.6).toFixed(1)} |`);
}
if (pairsFile) fs.writeFileSync(pairsFile, JSON.stringify(perPair));
