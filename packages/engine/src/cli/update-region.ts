#!/usr/bin/env node
// Brings a region's bundle up to date with OSM change files and/or new GTFS feeds; run as `quartier update-region`
// (packages/server/src/cli.ts). See region/update-region.ts.
//   update-region CC --changes FILE.osc.gz [--changes MORE.osc.gz ...] [--gtfs FEED.zip ...]
// Options: --regions-file FILE, --data DIR (data root), --out DIR (bundle folder), --quiet. Paths on the command
// line are relative to the current folder.
import {parseArgs} from 'node:util';
import {updateRegion} from '../region/update-region.js';
import {buildRoot, dataRoot, loadRegionConfigs, regionsFile} from '../config/regions.js';

const USAGE = `usage: quartier update-region CC --changes FILE.osc.gz [--changes MORE.osc.gz ...] [--gtfs FEED.zip ...]
                             [--regions-file FILE] [--data DIR] [--out DIR] [--quiet]
`;

function main(): void {
    const {values, positionals} = parseArgs({
        allowPositionals: true,
        options: {
            changes: {type: 'string', multiple: true},
            gtfs: {type: 'string', multiple: true},
            'regions-file': {type: 'string'},
            data: {type: 'string'},
            out: {type: 'string'},
            quiet: {type: 'boolean'},
            help: {type: 'boolean', short: 'h'}
        }
    });
    if (values.help) {
        process.stdout.write(USAGE);
        return;
    }
    if (positionals.length !== 1) throw new Error(`name one region (its country code)\n${USAGE}`);
    const [config] = loadRegionConfigs(positionals, regionsFile(values['regions-file']));
    const outDir = buildRoot(values.out);
    updateRegion(config, {changes: values.changes ?? [], gtfs: values.gtfs, dataRoot: dataRoot(values.data), outDir, quiet: values.quiet});
    if (!values.quiet) {
        process.stderr.write(`${config.country}: a quartier server serving ${outDir} swaps the new bundle in by itself, or at once on SIGHUP or `
            + 'POST /admin/reload (docs/operations.md, "Updating data while serving")\n');
    }
}

try {
    main();
} catch (err) {
    process.stderr.write(`quartier: ${(err as Error).message}\n`);
    process.exit(1);
}
