// Runs once before the whole test run (tap's `before`): builds every configured region from the
// real data into build/test-regions (always there: QUARTIER_BUILD names a served bundle folder, which a test run
// must never write into), several at once as `quartier build-region --all` does. A region whose sources and
// configuration are unchanged is skipped, so a second run starts at once.
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {dataRoot, testBuildRoot} from '../helpers.js';

const started = performance.now();
const script = fileURLToPath(new URL('../../src/cli/build-region.js', import.meta.url));
const run = spawnSync(process.execPath, [script, '--all', '--data', dataRoot, '--out', testBuildRoot, '--quiet'], {stdio: 'inherit'});
if (run.status !== 0) process.exit(run.status ?? 1);
process.stderr.write(`test regions ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${testBuildRoot})\n`);
