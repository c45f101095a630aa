#!/usr/bin/env node
// quartier: the command line. `quartier enrich` scores a listing file; `quartier serve` starts the
// server (the same as quartier-server).
//   npx quartier enrich --country BE listings.csv -o scored.ndjson
//   npx quartier serve [server flags]
const [command, ...rest] = process.argv.slice(2);

const USAGE = `usage:
  quartier enrich --country CC INPUT.(csv|ndjson) -o OUTPUT.(ndjson|csv) [--language EN] [--workers N]
                  [--out BUNDLES_DIR] [--input-format csv|ndjson]
  quartier serve [--port N] [--regions BE,PT] [other quartier-server flags]
`;

if (command === 'enrich') {
    const {runEnrichCommand} = await import('./enrich-command.js');
    process.exitCode = await runEnrichCommand(rest);
} else if (command === 'serve') {
    process.argv = [process.argv[0], process.argv[1], ...rest];
    await import('./main.js');
} else {
    process.stderr.write(command === undefined || command === '--help' || command === 'help' ? USAGE : `quartier: unknown command '${command}'\n${USAGE}`);
    process.exitCode = command === undefined || command === '--help' || command === 'help' ? 0 : 1;
}
