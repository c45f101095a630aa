// Vector tiles (OpenMapTiles schema): what cutting every tile of a region costs at build time, per zoom
// (time, gzipped bytes, largest tile: the archive section of the bundle), then tile serving over HTTP
// from memory with autocannon, against /health on the same server in the same run.
// Usage: node bench/tiles.js [regions=BE,PT,MT,IT,DE] [seconds=10] [connections=20]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {Region} from '@quartier/engine';
import {WORLD, buildTileArchive, mercatorX, mercatorY, regionSections} from '@quartier/engine/internal';
import {printFigure} from './lib/figure.js';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build', 'test-regions');
const regions = (process.argv[2] ?? 'BE,PT,MT,IT,DE').split(',');
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 20);

console.log('## generation at region-build time (one thread, cut + gzip -9, every tile touching the coverage)');
console.log('| region | zoom | tiles | stored | total s | ms/tile | gzip MB | largest KB |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const cc of regions) {
    const {map, places, coverage} = regionSections(Region.open(path.join(out, cc)));
    const {section, stats} = buildTileArchive(map, places, coverage);
    let ms = 0, tiles = 0, largest = 0;
    for (const z of stats.zooms) {
        ms += z.ms;
        tiles += z.tiles;
        largest = Math.max(largest, z.largest);
        console.log(`| ${cc} | ${z.zoom} | ${z.tiles} | ${z.stored} | ${(z.ms / 1000).toFixed(2)} | ${(z.ms / Math.max(1, z.tiles)).toFixed(1)} | ${(z.bytes / 1e6).toFixed(2)} | ${(z.largest / 1024).toFixed(0)} |`);
    }
    printFigure(`tiles.${cc}.cut-s`, ms / 1000);
    console.log(`| ${cc} | all | ${tiles} | | ${(ms / 1000).toFixed(1)} | ${(ms / tiles).toFixed(1)} | ${(section.length / 1e6).toFixed(1)} (section) | ${(largest / 1024).toFixed(0)} |`);
}

// Serving: the non-empty tiles among 336 at zooms 12-14 around central Brussels (fetched once first,
// so the pages of the bundle are in memory), then autocannon cycling over them.
const server = await startBenchServer(['--out', out, '--no-build', '--regions', 'BE', '--default-country', 'BE']);
try {
    const paths = [];
    for (const [z, span] of [[14, 16], [13, 8], [12, 4]]) {
        const size = WORLD / 2 ** z;
        const cx = Math.floor(mercatorX(4.3528) / size), cy = Math.floor(mercatorY(50.8466) / size);
        for (let dx = -span / 2; dx < span / 2; dx++) {
            for (let dy = -span / 2; dy < span / 2; dy++) paths.push(`/be/tiles/${z}/${cx + dx}/${cy + dy}.pbf`);
        }
    }
    const warm = performance.now();
    const full = [];
    for (const p of paths) {
        const res = await fetch(server.url + p);
        if (res.status === 200) full.push(p);
        await res.arrayBuffer();
    }
    console.log(`\nfirst pass: ${paths.length} tiles (${paths.length - full.length} empty: 204) over HTTP one at a time in ${((performance.now() - warm) / 1000).toFixed(1)} s`);
    const run = async (title, requests) => {
        const result = await autocannon({url: server.url, connections, duration: seconds, pipelining: 1, requests});
        console.log(`${title}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}`);
        return result.requests.average;
    };
    const base = await run('/health (baseline)', [{method: 'GET', path: '/health'}]);
    const tiles = await run(`tiles (${full.length} non-empty, warm)`, full.map((p) => ({method: 'GET', path: p})));
    console.log(`ratio tiles to baseline: ${(tiles / base).toFixed(2)}`);
    printFigure('tiles.BE.z12-14.served', tiles, base);
} finally {
    server.stop();
}
