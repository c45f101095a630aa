// Runs once before the whole test run (tap's `before`): builds every configured region from the
// real data into build/test-regions (always there: QUARTIER_BUILD names a served bundle folder, which a test run
// must never write into). A region whose sources and configuration are unchanged is
// skipped, so a second run starts at once.
import {buildRegion, loadRegionConfigs} from '../../src/internal.js';
import {dataRoot, testBuildRoot} from '../helpers.js';

const started = performance.now();
for (const region of loadRegionConfigs()) {
    buildRegion(region, {dataRoot, outDir: testBuildRoot, quiet: true});
}
process.stderr.write(`test regions ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${testBuildRoot})\n`);
