// Coverage bench: per region, the covered area, its outline, the time the build spends on it, and
// the cost of the point test every position-based request runs (against the country-border test
// that runs before it), on the same random points in the coverage grid's box.
//   npm run build && node packages/engine/dist/test/setup/build-regions.js && node bench/coverage.js [bundle folder]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {buildCoverageSection, regionSections} from '@quartier/engine/internal';
import {mulberry32} from './lib/stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? path.join(root, 'build', 'test-regions');
const COUNTRIES = ['BE', 'PT', 'MT', 'IT', 'DE'];
const POINTS = 1_000_000;
const BUILDS = 5;

console.log('region                       km²  polygons  positions  cell m  grid       section KB  build ms  bundle build s  covers ns  border ns  covered');
for (const code of COUNTRIES) {
    const region = Region.open(path.join(dir, code));
    const sections = regionSections(region);
    const headers = region.manifest.sources.filter((s) => s.role === 'roads+places').map(() => null);
    // Build time: the section again from the bundle's graph and border. The extracts' header boxes
    // are not re-read here (null: no box clip), so this is the cost without that cheap last step.
    let buildMs = Infinity, section = null;
    for (let i = 0; i < BUILDS; i++) {
        const started = performance.now();
        section = buildCoverageSection(sections.roads, sections.border, headers).section;
        buildMs = Math.min(buildMs, performance.now() - started);
    }
    const stats = region.manifest.stats.coverage;
    const outline = region.coverageOutline;
    // Random points over the box of the outline, twice its size.
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (const polygon of outline.coordinates) for (const [lon, lat] of polygon[0]) {
        minLat = Math.min(minLat, lat); maxLat = Math.max(maxLat, lat);
        minLon = Math.min(minLon, lon); maxLon = Math.max(maxLon, lon);
    }
    const next = mulberry32(12); // the same points on every run
    const lats = new Float64Array(POINTS), lons = new Float64Array(POINTS);
    for (let i = 0; i < POINTS; i++) {
        lats[i] = minLat - (maxLat - minLat) / 2 + next() * (maxLat - minLat) * 2;
        lons[i] = minLon - (maxLon - minLon) / 2 + next() * (maxLon - minLon) * 2;
    }
    const time = (fn) => {
        let best = Infinity, hits = 0;
        for (let round = 0; round < 3; round++) {
            hits = 0;
            const started = performance.now();
            for (let i = 0; i < POINTS; i++) if (fn(lats[i], lons[i])) hits++;
            best = Math.min(best, performance.now() - started);
        }
        return {ns: (best * 1e6) / POINTS, hits};
    };
    const covers = time((lat, lon) => region.covers(lat, lon));
    const border = time((lat, lon) => region.contains(lat, lon));
    console.log([
        `${code}: ${region.manifest.name}`.padEnd(26),
        stats.squareKilometers.toFixed(0).padStart(6),
        String(outline.coordinates.length).padStart(9),
        String(stats.outlinePositions).padStart(10),
        String(stats.cellMeters).padStart(7),
        `${stats.columns}×${stats.rows}`.padStart(9),
        (region.manifest.sections.coverage.bytes / 1024).toFixed(1).padStart(12),
        `${stats.seconds * 1000} (${buildMs.toFixed(0)})`.padStart(10),
        region.manifest.buildSeconds.toFixed(1).padStart(15),
        covers.ns.toFixed(1).padStart(10),
        border.ns.toFixed(1).padStart(10),
        `${((covers.hits / POINTS) * 100).toFixed(1)}%`.padStart(8)
    ].join(' '));
    void section;
}
console.log('\nbuild ms: measured during the bundle build (in brackets: best of 5 rebuilt here without the header-box clip).');
console.log('covers ns / border ns: per call, over 1,000,000 random points in twice the outline\'s box (best of 3).');
