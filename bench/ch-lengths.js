// CH arc lengths: what storing them in the bundle (section ch-<mode> version 2) saves and costs. Before,
// each worker measured every arc of every hierarchy on its first one-to-many with lengths (the summaries
// and enrichment); now the build does it once. Per region and mode: the time that first-use measurement
// took (arcLengths on the opened hierarchy, best of 3, as a worker paid it), the section size with and
// without the two Float64 length arrays, and a check that the stored lengths equal a fresh measurement.
//   npx tsc -b && node packages/engine/dist/test/setup/build-regions.js && node bench/ch-lengths.js
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {MODES, Region} from '@quartier/engine';
import {arcLengths, regionSections} from '@quartier/engine/internal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const regions = ['BE', 'PT', 'MT', 'IT', 'DE'];
console.log('| region | mode | arcs | first-use measurement ms (saved per worker start) | section MB | of which lengths MB | stored = measured |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const cc of regions) {
    const {ch: hierarchies, roads} = regionSections(Region.open(path.join(root, 'build', 'test-regions', cc)));
    for (let m = 0; m < MODES.length; m++) {
        const ch = hierarchies[m];
        let best = Infinity, fresh = null;
        for (let r = 0; r < 3; r++) {
            const t0 = performance.now();
            fresh = arcLengths(ch, roads.arcEdge, roads.edgeLength);
            best = Math.min(best, performance.now() - t0);
        }
        let same = fresh.up.length === ch.upLength.length && fresh.down.length === ch.downLength.length;
        for (let i = 0; same && i < fresh.up.length; i++) same = fresh.up[i] === ch.upLength[i];
        for (let i = 0; same && i < fresh.down.length; i++) same = fresh.down[i] === ch.downLength[i];
        const lengthBytes = (ch.upLength.byteLength + ch.downLength.byteLength);
        console.log(`| ${cc} | ${MODES[m]} | ${ch.arcCount} | ${best.toFixed(1)} | ${(ch.section.byteLength / 1e6).toFixed(2)} | ${(lengthBytes / 1e6).toFixed(2)} | ${same ? 'yes' : 'NO'} |`);
    }
}
