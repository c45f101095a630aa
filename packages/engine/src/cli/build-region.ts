#!/usr/bin/env node
// Builds region bundles from OSM extracts and GTFS feeds; run as `quartier build-region` and `quartier add-region`
// (packages/server/src/cli.ts), and by the server at start for bundles missing or out of date.
//   build-region --all                 every configured region (data/regions.json, then config/regions.local.json)
//   build-region BE PT                 some of them
//   add-region --country LU --osm ~/luxembourg-latest.osm.pbf [--gtfs feed.zip] [--name Luxembourg]
//                                      a region of your own, remembered in config/regions.local.json once built
// Options: --regions-file FILE (instead of data/regions.json), --data DIR (data root), --out DIR (bundle folder),
// --force (rebuild even if up to date), --jobs N (regions built at once, each in a process of its own; by default as
// many as there are cores and memory for).
// Paths on the command line are relative to the current folder. A region added is written to the local regions
// file only after its bundle was built: a failed attempt changes nothing.
import path from 'node:path';
import {parseArgs} from 'node:util';
import {buildRegion} from '../region/build.js';
import {buildRoot, dataRoot, loadRegionConfigs, regionsFile, regionsFromEnv, saveLocalRegion, type RegionConfig} from '../config/regions.js';
import {buildInProcesses, defaultJobs} from './build-in-processes.js';

const USAGE = `usage: quartier build-region [--all | CC ...] [--regions-file FILE] [--data DIR] [--out DIR] [--force] [--jobs N]
       quartier add-region --country CC --osm FILE.osm.pbf [--osm MORE.osm.pbf] [--gtfs FEED.zip] [--name 'AREA NAME']
                           [--regions-file FILE] [--out DIR] [--force]
`;

async function main(): Promise<void> {
    const {values, positionals} = parseArgs({
        allowPositionals: true,
        options: {
            all: {type: 'boolean'},
            add: {type: 'boolean'},
            data: {type: 'string'},
            'regions-file': {type: 'string'},
            out: {type: 'string'},
            force: {type: 'boolean'},
            country: {type: 'string'},
            osm: {type: 'string', multiple: true},
            gtfs: {type: 'string', multiple: true},
            name: {type: 'string'},
            quiet: {type: 'boolean'},
            jobs: {type: 'string'},
            help: {type: 'boolean', short: 'h'}
        }
    });
    if (values.help) {
        process.stdout.write(USAGE);
        return;
    }
    const root = dataRoot(values.data);
    const out = buildRoot(values.out);
    const file = regionsFile(values['regions-file']);
    if (values.add || values.country) {
        if (!values.country || !values.osm?.length) throw new Error(`add-region needs --country CC and at least one --osm FILE\n${USAGE}`);
        const country = values.country.toUpperCase();
        // Absolute paths: relative to the current folder, not to the data root, and so kept in the local regions file.
        const config: RegionConfig = {country, osm: values.osm.map((f) => path.resolve(f)), gtfs: (values.gtfs ?? []).map((f) => path.resolve(f))};
        // The area's name for messages ("outside the area this server has data for (LU: Luxembourg)").
        if (values.name) config.name = values.name;
        const replaced = loadRegionConfigs(undefined, file).find((r) => r.country === country);
        buildRegion(config, {dataRoot: root, outDir: out, force: values.force, quiet: values.quiet});
        saveLocalRegion(config, file);
        const what = replaced ? `replaces the region configured for ${country} (${replaced.name ?? replaced.osm.join(', ')})` : `added ${country}`;
        process.stdout.write(`${what}: remembered in ${file ?? 'the local regions file'}; the server serves it from its next start\n`);
        return;
    }
    const regions = loadRegionConfigs(positionals.length ? positionals : values.all ? undefined : regionsFromEnv(), file);
    const jobs = values.jobs === undefined ? defaultJobs(regions, root) : Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs takes a whole number of regions built at once, 1 or more, got '${values.jobs}'\n${USAGE}`);
    if (jobs > 1 && regions.length > 1) {
        const options = [...(file ? ['--regions-file', file] : []), '--data', root, '--out', out, ...(values.force ? ['--force'] : []), ...(values.quiet ? ['--quiet'] : [])];
        await buildInProcesses(regions, root, options, jobs);
        return;
    }
    for (const region of regions) {
        buildRegion(region, {dataRoot: root, outDir: out, force: values.force, quiet: values.quiet});
    }
}

main().catch((err) => {
    process.stderr.write(`quartier: ${(err as Error).message}\n`);
    process.exit(1);
});
