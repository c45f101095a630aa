// The house rules of issue 26 hold on the whole tree (tools/structure-check.js): function and file
// lengths, folder sizes, no import circle, nothing in the engine below region/ importing region/, no
// deep dist paths. And the checker finds each kind of breach in a small hand-made tree.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {repoRoot} from './helpers.js';

const {checkStructure} = await import(path.join(repoRoot, 'tools', 'structure-check.js')) as {checkStructure: (root?: string) => string[]};

t.test('every rule holds on the repository', async (t) => {
    t.same(checkStructure(), []);
});

t.test('each kind of breach is found', async (t) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-structure-'));
    t.teardown(() => fs.rmSync(root, {recursive: true, force: true}));
    const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
        fs.writeFileSync(path.join(root, file), text);
    };
    const src = 'packages/engine/src';
    write(`${src}/a/long.ts`, `export function long(): number {\n    let x = 0;\n${'    x++;\n'.repeat(150)}    return x;\n}\n`);
    // A body of exactly 150 lines, its braces included, is within the limit.
    write(`${src}/a/fits.ts`, `export function fits(): number {\n    let x = 0;\n${'    x++;\n'.repeat(146)}    return x;\n}\n`);
    write(`${src}/a/big.ts`, 'export const n = 1;\n'.repeat(701));
    write(`${src}/b/one.ts`, "import {two} from './two.js';\nexport const one = () => two;\n");
    write(`${src}/b/two.ts`, "import {one} from './one.js';\nexport const two = () => one;\n");
    write(`${src}/region/region.ts`, 'export class Region {}\n');
    write(`${src}/graph/uses-region.ts`, "import {Region} from '../region/region.js';\nexport const r = Region;\n");
    write(`${src}/index.ts`, "export {Region} from './region/region.js';\n");
    for (let i = 0; i < 16; i++) write(`${src}/many/f${i}.ts`, `export const f${i} = ${i};\n`);
    write('packages/server/src/deep.ts', "import {x} from '@quartier/engine/dist/src/x.js';\nexport const y = x;\n");
    write('bench/deep.js', "import {x} from '../packages/engine/dist/src/x.js';\n");
    const breaches = checkStructure(root).join('\n');
    t.match(breaches, /function packages\/engine\/src\/a\/long\.ts:1 long: 154 lines/);
    t.notMatch(breaches, /fits/);
    t.match(breaches, /file packages\/engine\/src\/a\/big\.ts: 701 lines/);
    t.match(breaches, /import circle: packages\/engine\/src\/b\/one\.ts ↔ packages\/engine\/src\/b\/two\.ts/);
    t.match(breaches, /below the roof packages\/engine\/src\/graph\/uses-region\.ts imports packages\/engine\/src\/region\/region\.ts/);
    t.notMatch(breaches, /below the roof packages\/engine\/src\/index\.ts/);
    t.match(breaches, /folder packages\/engine\/src\/many: 16 source files/);
    t.match(breaches, /deep import packages\/server\/src\/deep\.ts/);
    t.match(breaches, /deep dist path bench\/deep\.js/);
});
