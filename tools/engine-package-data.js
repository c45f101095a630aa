// npm pack of @quartier/engine: `copy` puts the data/ files the engine reads into
// packages/engine/data (prepack), so the package carries them; `remove` takes them out again
// (postpack), so the repository keeps one copy. The engine reads its package's data/ when it is
// there, else the repository's.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'packages', 'engine', 'data');
/** Every data/ file the engine reads (readConfigJson and the build's input hash). */
export const ENGINE_DATA_FILES = ['categories.json', 'countries.json', 'labels.json', 'narrative.json', 'regions.json', 'route-text.json', 'scores.json'];

const mode = process.argv[2];
if (mode === 'copy') {
    fs.rmSync(target, {recursive: true, force: true});
    fs.mkdirSync(target);
    for (const f of ENGINE_DATA_FILES) fs.copyFileSync(path.join(root, 'data', f), path.join(target, f));
} else if (mode === 'remove') {
    fs.rmSync(target, {recursive: true, force: true});
} else {
    process.stderr.write('usage: node tools/engine-package-data.js copy|remove\n');
    process.exitCode = 1;
}
