// npm run update-golden: redraws every golden image into packages/render/test/golden (each written to
// a temporary name, then renamed). Look at the changed files (git diff --stat, an image viewer)
// before committing them: the test suite only compares, it never writes one.
import fs from 'node:fs';
import path from 'node:path';
import {GOLDEN_CASES, renderGolden} from './golden-cases.js';
import {goldenDir} from './helpers.js';

fs.mkdirSync(goldenDir, {recursive: true});
for (const golden of GOLDEN_CASES) {
    const file = path.join(goldenDir, golden.name);
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, await renderGolden(golden));
    fs.renameSync(temporary, file);
    process.stdout.write(`${file}\n`);
}
