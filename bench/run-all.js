// Every benchmark of bench/, one after the other, each in its own process with its default arguments
// (`npm run bench`; the figures go in bench/RESULTS.md by hand, with the machine's load noted). Takes
// well over an hour on a 2-core machine; run one with `node bench/<name>.js` instead. The test setup's
// regions (build/test-regions) and the default regions (build/regions, `npm start` builds them) must exist.
//   node bench/run-all.js [name ...]   # only these (e.g. matrix bulk)
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Not benchmarks: shared code, this script and bench:check (which runs some of them).
const LIBRARIES = new Set(['ch-lib.js', 'run-all.js', 'check.js']);
// Node flags some benches need.
const FLAGS = {'image-memory.js': ['--expose-gc']};
const only = new Set(process.argv.slice(2).map((n) => (n.endsWith('.js') ? n : `${n}.js`)));
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.js') && !LIBRARIES.has(f) && (only.size === 0 || only.has(f))).sort();
let failed = 0;
for (const file of benches) {
    process.stdout.write(`\n### ${file}\n\n`);
    const started = Date.now();
    const run = spawnSync(process.execPath, [...(FLAGS[file] ?? []), path.join(dir, file)], {stdio: 'inherit'});
    if (run.status !== 0) failed++;
    process.stdout.write(`\n(${file}: ${run.status === 0 ? 'done' : `FAILED, exit ${run.status ?? run.signal}`} in ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}
process.exitCode = failed ? 1 : 0;
