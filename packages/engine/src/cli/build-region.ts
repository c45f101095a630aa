#!/usr/bin/env node
// quartier-build: compiles region bundles from OSM extracts (and, later, GTFS feeds).
//   quartier-build --all                 every configured region (data/regions.json)
//   quartier-build BE PT                 some of them
//   quartier-build --country LU --osm ~/luxembourg-latest.osm.pbf [--gtfs feed.zip] [--name Luxembourg]
//                                        a region of your own, remembered in config/regions.local.json
// Options: --data DIR (data root), --out DIR (bundle folder), --force (rebuild even if up to date).
import {parseArgs} from 'node:util';
import {buildRegion} from '../region/build.js';
import {buildRoot, dataRoot, loadRegionConfigs, regionsFromEnv, saveLocalRegion, type RegionConfig} from '../region/config.js';

function main(): void {
    const {values, positionals} = parseArgs({
        allowPositionals: true,
        options: {
            all: {type: 'boolean'},
            data: {type: 'string'},
            out: {type: 'string'},
            force: {type: 'boolean'},
            country: {type: 'string'},
            osm: {type: 'string', multiple: true},
            gtfs: {type: 'string', multiple: true},
            name: {type: 'string'},
            quiet: {type: 'boolean'},
            help: {type: 'boolean', short: 'h'}
        }
    });
    if (values.help) {
        process.stdout.write(`usage: quartier-build [--all | CC ...] [--data DIR] [--out DIR] [--force]
       quartier-build --country CC --osm FILE.osm.pbf [--osm MORE.osm.pbf] [--gtfs FEED.zip] [--name 'AREA NAME']
`);
        return;
    }
    const root = dataRoot(values.data);
    const out = buildRoot(values.out);
    let regions: RegionConfig[];
    if (values.country) {
        if (!values.osm?.length) throw new Error('--country needs at least one --osm extract');
        const config: RegionConfig = {country: values.country.toUpperCase(), osm: values.osm.map((f) => f), gtfs: values.gtfs ?? []};
        // The area's name for messages ("outside the area this server has data for (LU: Luxembourg)").
        if (values.name) config.name = values.name;
        saveLocalRegion(config);
        regions = [config];
    } else {
        regions = loadRegionConfigs(positionals.length ? positionals : values.all ? undefined : regionsFromEnv());
    }
    for (const region of regions) {
        buildRegion(region, {dataRoot: root, outDir: out, force: values.force, quiet: values.quiet});
    }
}

try {
    main();
} catch (err) {
    process.stderr.write(`quartier-build: ${(err as Error).message}\n`);
    process.exit(1);
}
