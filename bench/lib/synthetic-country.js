// Where the synthetic country of bench/country-build.js lies, for the benches that query it: France
// (south-west corner 44° N, 0.5° W; 4.5 km between towns keeps 15M road nodes inside the border,
// which geocoding and the coverage read), towns on a grid of `spacing` metres.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const TOOLS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'tools');
export const SHAPE = {spacing: 4500, lat: 44, lon: -0.5};
export const COUNTRY = 'FR';
/** Metres per degree of latitude, and of longitude at the country's latitude. */
export const M = 111320, M_LON = M * Math.cos(SHAPE.lat * Math.PI / 180);

/** Town (tx, ty) of the grid, `dy` and `dx` metres off its centre: [lat, lon]. */
export function townCentre(tx, ty, dy, dx) {
    return [SHAPE.lat + (ty * SHAPE.spacing + dy) / M, SHAPE.lon + (tx * SHAPE.spacing + dx) / M_LON];
}

/** The z14 tile holding a position. */
export function z14(lat, lon) {
    const n = 2 ** 14, rad = lat * Math.PI / 180;
    return [Math.floor((lon + 180) / 360 * n), Math.floor((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2 * n)];
}

/**
 * The synthetic country's extract (base.osm.pbf, base.gtfs.zip, with POIs, addresses and the feed), generated with
 * tools/synthetic-roads-lib.js when missing (in a process of its own); its figures (base.extract.json).
 */
export function countryExtract(base, junctions) {
    const pbf = `${base}.osm.pbf`, gtfs = `${base}.gtfs.zip`, statsFile = `${base}.extract.json`;
    if (!fs.existsSync(pbf) || !fs.existsSync(gtfs) || !fs.existsSync(statsFile)) {
        console.error(`generating ${pbf} (${junctions} junctions) ...`);
        const script = `import fs from 'node:fs'; import {writeSyntheticRoads} from ${JSON.stringify(path.join(TOOLS, 'synthetic-roads-lib.js'))};
            const r = writeSyntheticRoads(${JSON.stringify(pbf)}, ${JSON.stringify({junctions, ...SHAPE, country: true, gtfs})});
            r.peakRssMB = process.resourceUsage().maxRSS / 1024; fs.writeFileSync(${JSON.stringify(statsFile)}, JSON.stringify(r));`;
        const run = spawnSync(process.execPath, ['--max-old-space-size=12000', '--input-type=module', '-e', script], {stdio: 'inherit'});
        if (run.status !== 0) throw new Error('the generator failed');
    }
    return JSON.parse(fs.readFileSync(statsFile, 'utf8'));
}
