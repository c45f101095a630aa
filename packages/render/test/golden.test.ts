// Golden images (golden-cases.ts) compared with the committed JPEGs under test/golden with a
// perceptual tolerance. A missing golden image fails: the test never writes one. After a deliberate
// change of the drawing, `npm run update-golden` redraws them (look at them before committing).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {difference, goldenDir} from './helpers.js';
import {GOLDEN_CASES, renderGolden} from './golden-cases.js';

/** Mean RGB difference (0-255) and share of changed pixels tolerated after the 100 × 56 reduction. */
const MAX_MEAN = 6;
const MAX_CHANGED = 0.03;

for (const golden of GOLDEN_CASES) {
    t.test(golden.name, async (t) => {
        const file = path.join(goldenDir, golden.name);
        if (!fs.existsSync(file)) {
            t.fail(`no golden image ${file}: run npm run update-golden, look at it, and commit it`);
            return;
        }
        const d = difference(await renderGolden(golden), fs.readFileSync(file));
        t.ok(d.mean <= MAX_MEAN && d.changed <= MAX_CHANGED, `${golden.name}: mean difference ${d.mean.toFixed(2)}, ${(d.changed * 100).toFixed(2)}% changed`);
    });
}

t.test('the comparison tells styles and places apart', async (t) => {
    const read = (n: string) => fs.readFileSync(path.join(goldenDir, n));
    const self = difference(read('brussels-1.jpg'), read('brussels-1.jpg'));
    t.equal(self.mean, 0);
    const otherStyle = difference(read('brussels-1.jpg'), read('brussels-6.jpg'));
    t.ok(otherStyle.mean > MAX_MEAN * 3, `liberty vs dark: ${otherStyle.mean.toFixed(1)}`);
    const otherPlace = difference(read('brussels-1.jpg'), read('porto-1.jpg'));
    t.ok(otherPlace.changed > MAX_CHANGED * 2, `Brussels vs Porto: ${(otherPlace.changed * 100).toFixed(1)}% changed`);
});
