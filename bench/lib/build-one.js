// Child of build-regions.js: builds one region from scratch, reopens it, prints figures as JSON.
import fs from 'node:fs';
import path from 'node:path';
import {Region, buildRegion, loadRegionConfigs} from '@quartier/engine';

const [cc, out] = process.argv.slice(2);
const [config] = loadRegionConfigs([cc]);
const result = buildRegion(config, {outDir: out, force: true, quiet: true});
const peakRssMB = process.resourceUsage().maxRSS / 1024;
// Open several times: the first includes reading the files from the page cache.
let openMs = Infinity;
let region;
for (let i = 0; i < 5; i++) {
    const t = performance.now();
    region = Region.open(result.dir);
    openMs = Math.min(openMs, performance.now() - t);
}
const bundleBytes = fs.readdirSync(result.dir).reduce((s, f) => s + fs.statSync(path.join(result.dir, f)).size, 0);
process.stdout.write(JSON.stringify({
    country: cc,
    sourceMB: result.manifest.sources.reduce((s, x) => s + x.bytes, 0) / 1e6,
    buildSeconds: result.seconds,
    peakRssMB,
    bundleMB: bundleBytes / 1e6,
    roadNodes: region.counts.roadNodes,
    edges: region.counts.roadEdges,
    pois: region.counts.pois,
    addresses: region.counts.addresses,
    openMs
}));
