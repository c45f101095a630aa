// Region build time and peak memory per region, each built from scratch in its own process.
// Also times reopening the bundle (the "load under 1 s" target).
// Usage: node bench/build-regions.js [CC ...]
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'lib', 'build-one.js');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-build-'));
const countries = process.argv.slice(2).length ? process.argv.slice(2) : ['BE', 'PT', 'MT', 'IT', 'DE'];
const rows = [];
for (const cc of countries) {
    const json = execFileSync(process.execPath, [child, cc, out], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']});
    rows.push(JSON.parse(json));
}
fs.rmSync(out, {recursive: true, force: true});
console.log('| region | sources (MB) | build (s) | peak RSS (MB) | bundle (MB) | road nodes | edges | POI records | addresses | open (ms) |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
    console.log(`| ${r.country} | ${r.sourceMB.toFixed(1)} | ${r.buildSeconds.toFixed(2)} | ${r.peakRssMB.toFixed(0)} | ${r.bundleMB.toFixed(1)} | ${r.roadNodes} | ${r.edges} | ${r.pois} | ${r.addresses} | ${r.openMs.toFixed(1)} |`);
}
