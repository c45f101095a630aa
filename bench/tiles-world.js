// The world at zooms 0–5 (Natural Earth, engine tiles/natural-earth.ts): what it adds to each region's
// tile archive at build time (bytes, milliseconds, largest low-zoom tile) against the region's own tiles
// alone cut in the same run, the one-off cost of reading world-atlas (time, memory), and /image at the
// low zooms it makes drawable against a street-level image (zoom 16) in the same run.
// Usage: node bench/tiles-world.js [regions=BE,PT,MT,IT,DE] [images per zoom = 10]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {NATURAL_EARTH_MAX_ZOOM, NaturalEarth, buildTileArchive, regionSections} from '@quartier/engine/internal';
import {renderJpeg} from '@quartier/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build', 'test-regions');
const regions = (process.argv[2] ?? 'BE,PT,MT,IT,DE').split(',');
const images = Number(process.argv[3] ?? 10);
const pct = (list, p) => list.slice().sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];

const rss0 = process.memoryUsage().rss;
const loadStarted = performance.now();
NaturalEarth.load();
const loadMs = performance.now() - loadStarted;
global.gc?.();
console.log(`world-atlas read and decoded once per process: ${loadMs.toFixed(0)} ms, resident memory +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB`);

const low = (stats) => stats.zooms.filter((z) => z.zoom <= NATURAL_EARTH_MAX_ZOOM);
const sum = (list, key) => list.reduce((s, z) => s + z[key], 0);

console.log('\n| region | tiles z0–5 (own → with world) | bytes z0–5 | section MB (own → with world) | added KB | cut CPU s (own → with world) | time ratio | largest z0–5 tile KB |');
console.log('|---|---|---|---|---:|---|---:|---:|');
for (const cc of regions) {
    const {map, places, coverage} = regionSections(Region.open(path.join(out, cc)));
    // CPU time of each cut (one thread), twice, alternating, the faster kept: this shared machine's load moves wall times.
    const cut = (world) => {
        const c0 = process.cpuUsage();
        const archive = buildTileArchive(map, places, coverage, undefined, world ? NaturalEarth.load : null);
        const c1 = process.cpuUsage(c0);
        return {...archive, cpuMs: (c1.user + c1.system) / 1000};
    };
    const faster = (a, b) => (a.cpuMs <= b.cpuMs ? a : b);
    const ownFirst = cut(false), worldFirst = cut(true);
    const own = faster(ownFirst, cut(false)), world = faster(worldFirst, cut(true));
    const largest = Math.max(...low(world.stats).map((z) => z.largest));
    console.log(`| ${cc} | ${sum(low(own.stats), 'stored')} → ${sum(low(world.stats), 'stored')} | ${(sum(low(own.stats), 'bytes') / 1024).toFixed(0)} KB → ${(sum(low(world.stats), 'bytes') / 1024).toFixed(0)} KB`
        + ` | ${(own.section.length / 1e6).toFixed(2)} → ${(world.section.length / 1e6).toFixed(2)} | ${((world.section.length - own.section.length) / 1024).toFixed(0)}`
        + ` | ${(own.cpuMs / 1000).toFixed(2)} → ${(world.cpuMs / 1000).toFixed(2)} | ${(world.cpuMs / own.cpuMs).toFixed(2)} | ${(largest / 1024).toFixed(1)} |`);
}

console.log(`\n/image 800×450 liberty around Brussels, in-process (renderJpeg, no cache), ${images} images per zoom:`);
console.log('| zoom | p50 ms | p95 ms | ratio p50 to zoom 16 |');
console.log('|---:|---:|---:|---:|');
const be = Region.open(path.join(out, 'BE'));
const times = async (zoom) => {
    const list = [];
    for (let i = 0; i < images; i++) {
        const started = performance.now();
        await renderJpeg(be, {latitude: 50.8461 + i * 0.001, longitude: 4.3664, width: 800, height: 450, mapStyle: 1, pinColor: '#428bff', zoom});
        list.push(performance.now() - started);
    }
    return list;
};
await times(16);
const street = await times(16);
for (const zoom of [1, 3, 5, 6, 16]) {
    const list = zoom === 16 ? street : await times(zoom);
    console.log(`| ${zoom} | ${pct(list, 0.5).toFixed(0)} | ${pct(list, 0.95).toFixed(0)} | ${(pct(list, 0.5) / pct(street, 0.5)).toFixed(2)} |`);
}
