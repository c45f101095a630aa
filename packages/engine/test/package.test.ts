// The library outside the repository: `npm pack` of @quartier/engine, installed offline from the
// tarball into a temporary project (its dependencies from npm's cache, pinned by a lockfile made
// from the repository's), runs the library example of docs/library.md (bench/example-library.js), and its
// entry point is the curated interface, with everything else under '@quartier/engine/internal'.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import t from 'tap';
import {dataRoot} from '../src/internal.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const testBundles = path.join(repoRoot, 'build', 'test-regions');

/** The environment without npm's own variables (a test run by `npm test` inherits them). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'QUARTIER_DATA' && k !== 'QUARTIER_BUILD') env[k] = v;
    return {...env, ...extra};
}

function run(command: string, args: string[], cwd: string, env = cleanEnv()) {
    const r = spawnSync(command, args, {cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
    return {status: r.status, stdout: r.stdout, stderr: r.stderr, all: `${r.stdout}\n${r.stderr}`};
}

/** A lockfile for the temporary project: the engine from the tarball, its dependencies as the repository locks them. */
function lockfile(tarball: string): unknown {
    const repoLock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
    const engine = JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages', 'engine', 'package.json'), 'utf8'));
    const packages: Record<string, unknown> = {
        '': {name: 'try-quartier', dependencies: {'@quartier/engine': `file:${tarball}`}},
        'node_modules/@quartier/engine': {version: engine.version, resolved: `file:${tarball}`, license: engine.license, dependencies: engine.dependencies}
    };
    const todo = Object.keys(engine.dependencies);
    while (todo.length > 0) {
        const name = todo.pop()!;
        const key = `node_modules/${name}`;
        if (packages[key]) continue;
        const entry = repoLock.packages[key] ?? repoLock.packages[`packages/engine/node_modules/${name}`];
        if (!entry) continue; // an optional package for another platform, not installed here either
        // The tarball's address (the repository's lock leaves it out): with it and the integrity, npm takes
        // the tarball from its cache without asking the registry for the package's metadata.
        const base = name.split('/').pop();
        packages[key] = entry.resolved ? entry : {...entry, resolved: `https://registry.npmjs.org/${name}/-/${base}-${entry.version}.tgz`};
        todo.push(...Object.keys({...entry.dependencies, ...entry.optionalDependencies}));
    }
    return {name: 'try-quartier', lockfileVersion: 3, requires: true, packages};
}

t.test('npm pack of @quartier/engine installs and runs the docs/library.md example outside the repository', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-package-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));

    const pack = run('npm', ['pack', '-w', '@quartier/engine', '--pack-destination', dir, '--json'], repoRoot);
    t.equal(pack.status, 0, `npm pack: ${pack.all.slice(-2000)}`);
    const tarball = (JSON.parse(pack.stdout) as {filename: string}[])[0].filename.replace(/^@quartier\//, 'quartier-');
    t.ok(fs.existsSync(path.join(dir, tarball)), `the tarball ${tarball}`);
    t.notOk(fs.existsSync(path.join(repoRoot, 'packages', 'engine', 'data')), 'the data copied for packing is gone from the repository');
    const files = (JSON.parse(pack.stdout) as {files: {path: string}[]}[])[0].files.map((f) => f.path);
    for (const f of ['data/categories.json', 'data/countries.json', 'data/regions.json', 'dist/src/index.js', 'dist/src/internal.js', 'dist/src/region/build.js']) {
        t.ok(files.includes(f), `the package carries ${f}`);
    }
    t.notOk(files.some((f) => f.startsWith('dist/test/') || f.startsWith('src/')), 'and neither the tests nor the TypeScript sources');

    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({name: 'try-quartier', private: true, type: 'module', dependencies: {'@quartier/engine': `file:${tarball}`}}));
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockfile(tarball)));
    const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir);
    t.equal(install.status, 0, `npm install --offline: ${install.all.slice(-2000)}`);
    t.ok(fs.existsSync(path.join(dir, 'node_modules', '@quartier', 'engine', 'data', 'categories.json')), 'installed with its data files');

    // The example builds the Brussels bundle into ./build/regions, or reuses one up to date: the
    // test run's own bundle is one (the same inputs and engine code), so it is copied there.
    fs.cpSync(path.join(testBundles, 'BE'), path.join(dir, 'build', 'regions', 'BE'), {recursive: true});
    fs.copyFileSync(path.join(repoRoot, 'bench', 'example-library.js'), path.join(dir, 'example.js'));
    const example = run(process.execPath, ['example.js'], dir, cleanEnv({QUARTIER_DATA: dataRoot()}));
    t.equal(example.status, 0, `the example runs: ${example.all.slice(-3000)}`);
    const lines = example.stdout.split('\n');
    t.equal(lines.find((l) => l === 'true' || l === 'false'), 'true', 'Brussels is inside Belgium');
    t.ok(lines.includes('false'), 'Paris is not');
    t.match(example.stdout, /^\d+ false \{/m, 'the points of a box, not truncated');
    t.match(example.stdout, /^\d+ \d+$/m, 'a walk: metres and milliseconds');
    t.match(example.stdout, /Carrefour/, 'the nearest supermarkets by name');

    // The entry point is the curated interface; the internals are a subpath of their own.
    const probe = `const pub = await import('@quartier/engine'); const int = await import('@quartier/engine/internal');
        console.log(JSON.stringify({pub: Object.keys(pub), int: Object.keys(int)}));`;
    const api = run(process.execPath, ['--input-type=module', '-e', probe], dir);
    t.equal(api.status, 0, api.all);
    const {pub, int} = JSON.parse(api.stdout) as {pub: string[]; int: string[]};
    for (const name of ['Region', 'buildRegion', 'loadRegionConfigs', 'FOOT', 'RouteError', 'TransitError', 'neighbourhoodText', 'neighbourhoodScores']) {
        t.ok(pub.includes(name), `the entry point exports ${name}`);
    }
    // The answers' JSON is the server's (@quartier/server, packages/server/src/answers/), not the engine's.
    for (const name of ['formatSummary', 'formatEnrichment', 'formatText', 'formatScores', 'featureCollection']) {
        t.notOk(pub.includes(name) || int.includes(name), `the engine writes no client JSON (${name})`);
    }
    // The query classes are types there (a Region makes them); the sections' accessor and the folders are internal.
    for (const name of ['CHQuery', 'readOsmPbf', 'encodeSection', 'contract', 'CsvParser', 'EditDistance', 'RoadRouter', 'queryPoints', 'regionSections', 'dataRoot', 'buildRoot']) {
        t.notOk(pub.includes(name), `but not the internal ${name}`);
        t.ok(int.includes(name), `which '@quartier/engine/internal' has`);
    }

    // Outside the repository the data root must be named, and the error says how.
    const noData = run(process.execPath, ['--input-type=module', '-e', `const {buildRegion, loadRegionConfigs} = await import('@quartier/engine'); buildRegion(loadRegionConfigs(['BE'])[0], {outDir: 'elsewhere'});`], dir);
    t.not(noData.status, 0);
    t.match(noData.stderr, /QUARTIER_DATA=/, 'without QUARTIER_DATA: an error that says what to set');
});
