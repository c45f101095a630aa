#!/usr/bin/env node
// quartier: the command line (`npx quartier …` inside the repository). Paths are relative to the current folder.
//   npx quartier serve [server flags]                       the server (the same as `npm start`)
//   npx quartier build-region [--all | CC ...] [--force]     build the configured regions' bundles
//   npx quartier add-region --country CC --osm FILE ...     build a region of your own and remember it
//   npx quartier update-region CC --changes FILE.osc.gz     apply OSM change files (and new feeds) to a region, rebuild it
//   npx quartier enrich --country BE listings.csv -o scored.ndjson
//   npx quartier mcp [--regions BE,PT] [--out BUNDLES_DIR]      the MCP tools over stdio, for a local AI assistant
import {spawnSync} from 'node:child_process';

const [command, ...rest] = process.argv.slice(2);

const USAGE = `usage:
  quartier serve [--port N] [--regions BE,PT] [--regions-file FILE] [--out BUNDLES_DIR] [--cache DIR|off] [--shutdown-grace MS]
                 [other quartier-server flags: see docs/configuration.md]
  quartier build-region [--all | CC ...] [--regions-file FILE] [--data DIR] [--out DIR] [--force]
  quartier add-region --country CC --osm FILE.osm.pbf [--osm MORE.osm.pbf] [--gtfs FEED.zip] [--name 'AREA NAME']
                      [--regions-file FILE] [--out DIR] [--force]
  quartier update-region CC --changes FILE.osc.gz [--changes MORE.osc.gz ...] [--gtfs FEED.zip ...]
                         [--regions-file FILE] [--data DIR] [--out DIR]
  quartier enrich --country CC INPUT.(csv|ndjson) -o OUTPUT.(ndjson|csv) [--language EN] [--workers N]
                  [--regions-file FILE] [--out BUNDLES_DIR] [--input-format csv|ndjson]
  quartier mcp [--regions BE,PT] [--regions-file FILE] [--out BUNDLES_DIR] [--cache DIR|off] [--workers N] [--no-warmup]
                 the MCP tools over stdio for a local AI assistant (docs/mcp.md)
Paths are relative to the current folder.
`;

if (command === 'enrich') {
    const {runEnrichCommand} = await import('./cli/enrich-command.js');
    process.exitCode = await runEnrichCommand(rest);
} else if (command === 'mcp') {
    const {runMcpCommand} = await import('./mcp/stdio.js');
    process.exitCode = await runMcpCommand(rest);
} else if (command === 'serve') {
    process.argv = [process.argv[0], process.argv[1], ...rest];
    await import('./main.js');
} else if (command === 'build-region' || command === 'add-region' || command === 'update-region') {
    const {BUILD_REGION_SCRIPT, UPDATE_REGION_SCRIPT} = await import('./cli/build-region-script.js');
    const script = command === 'update-region' ? UPDATE_REGION_SCRIPT : BUILD_REGION_SCRIPT;
    const args = command === 'add-region' ? ['--add', ...rest] : rest;
    const {withHugePages} = await import('@quartier/engine/internal');
    const run = spawnSync(process.execPath, [script, ...args], {stdio: 'inherit', env: withHugePages()});
    process.exitCode = run.status ?? 1;
} else {
    const help = command === undefined || command === '--help' || command === '-h' || command === 'help';
    process.stderr.write(help ? USAGE : `quartier: unknown command '${command}'\n${USAGE}`);
    process.exitCode = help ? 0 : 1;
}
