// A tiny hand-made region for the swap tests (issue 28): a 600 m grid of residential streets with a pub, built
// before and after a supermarket ("Tauschmarkt") opened on its corner. Builds in well under a second. The grid lies
// near Aachen when served as DE, in Brussels as BE (a region's positions must lie in its country).
import fs from 'node:fs';
import path from 'node:path';
import {buildRegion, loadRegionConfigs, OsmPbfWriter} from '@quartier/engine/internal';

/** The grid's south-west corner, per country it can be served as. */
const CORNERS: Record<string, [number, number]> = {DE: [50.770, 6.070], BE: [50.840, 4.360]};

/** Where the grid lies when served as `country`: a box around it, and the supermarket's corner. */
export function tinyRegion(country = 'DE') {
    const [lat, lon] = CORNERS[country];
    const at = (dLat: number, dLon: number) => `${(lat + dLat).toFixed(4)},${(lon + dLon).toFixed(4)}`;
    return {
        corner: [lat, lon] as const,
        bounds: {bound1: at(-0.001, -0.001), bound2: at(0.007, 0.011)},
        supermarket: {latitude: +(lat + 0.0005).toFixed(4), longitude: +(lon + 0.0005).toFixed(4), name: 'Tauschmarkt'}
    };
}

/** The extract before or after the supermarket opened. */
function writeExtract(file: string, country: string, supermarket: boolean): void {
    const [lat, lon] = tinyRegion(country).corner;
    const w = new OsmPbfWriter(file, [lon - 0.02, lat - 0.02, lon + 0.05, lat + 0.03]);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) w.node(1 + i * 3 + j, lat + 0.003 * i, lon + 0.005 * j);
    w.node(20, lat + 0.0031, lon + 0.0051, {amenity: 'pub', name: 'Zum Gitter'});
    if (supermarket) w.node(21, lat + 0.0002, lon + 0.0002, {shop: 'supermarket', name: 'Tauschmarkt'});
    for (let i = 0; i < 3; i++) w.way(100 + i, [1 + i * 3, 2 + i * 3, 3 + i * 3], {highway: 'residential', name: `Querstraße ${i + 1}`});
    for (let j = 0; j < 3; j++) w.way(110 + j, [1 + j, 4 + j, 7 + j], {highway: 'residential', name: `Längsstraße ${j + 1}`});
    w.close();
}

/**
 * Builds the region as `country` into `out` (its bundle lands in out/{country}), from an extract and a regions
 * file written in `dir` (the data root), before or after the supermarket. Answers the regions file (a server's
 * --regions-file).
 */
export function buildTinyRegion(dir: string, out: string, supermarket: boolean, country = 'DE'): string {
    const name = supermarket ? 'after' : 'before';
    writeExtract(path.join(dir, `${name}.osm.pbf`), country, supermarket);
    const file = path.join(dir, `regions-${name}.json`);
    fs.writeFileSync(file, JSON.stringify({regions: [{country, name: 'Swap Fixture', osm: [`${name}.osm.pbf`]}]}));
    buildRegion(loadRegionConfigs([country], file)[0], {dataRoot: dir, outDir: out, quiet: true});
    return file;
}
