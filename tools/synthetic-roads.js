// Writes a synthetic road network as a .osm.pbf (see synthetic-roads-lib.js for what it holds).
//   npx tsc -b && node tools/synthetic-roads.js --junctions 1000000 [--seed 1] [--out file.osm.pbf]
//   [--motorway-every 3] [--spacing 7000] [--lat 45 --lon 5]   (default out: the OS temp directory)
// A synthetic country (names, places, POIs, addresses; see synthetic-country-lib.js), with a GTFS feed:
//   node tools/synthetic-roads.js --junctions 7000000 --spacing 4500 --lat 44 --lon -0.5 --country --gtfs /tmp/feed.gtfs.zip
import os from 'node:os';
import path from 'node:path';
import {writeSyntheticRoads} from './synthetic-roads-lib.js';

function arg(name, fallback) {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
}

const junctions = Number(arg('junctions', 100000));
const seed = Number(arg('seed', 1));
const out = arg('out', path.join(os.tmpdir(), `quartier-synthetic-${junctions}-seed${seed}.osm.pbf`));
const result = writeSyntheticRoads(out, {
    junctions, seed, motorwayEvery: Number(arg('motorway-every', 3)), spacing: Number(arg('spacing', 7000)),
    lat: Number(arg('lat', 45)), lon: Number(arg('lon', 5)), country: process.argv.includes('--country'), gtfs: arg('gtfs', undefined)
});
console.log(`${result.file}: ${result.osmNodes} OSM nodes (${result.roadNodes} on roads), ${result.ways} ways, ${result.towns} towns (${result.columns} × ${result.rows}), ` +
    `${result.motorways} motorways, ${result.seconds.toFixed(1)} s`);
if (result.content) console.log(`  ${JSON.stringify(result.content)}${result.gtfs ? ` → ${result.gtfs}` : ''}`);
