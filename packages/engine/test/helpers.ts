// Shared helpers for the tests: where the real data lives and the regions built from it.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '../src/region/region.js';

/** The repository root (tests run from packages/engine/dist/test). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The read-only data root: QUARTIER_DATA, else ../shared/data beside the repository. */
export const dataRoot = process.env.QUARTIER_DATA ?? path.resolve(repoRoot, '../shared/data');

/** Where the test run's region bundles are built (once, by test/setup/build-regions). */
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');

const opened = new Map<string, Region>();

/** A region built by the test setup, opened once per test process. */
export function testRegion(country: string): Region {
    let r = opened.get(country);
    if (!r) {
        r = Region.open(path.join(testBuildRoot, country));
        opened.set(country, r);
    }
    return r;
}

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
export {mulberry32 as random} from '../src/util/random.js';
