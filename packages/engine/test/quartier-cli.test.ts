// The `quartier` command line (issue 16), spawned as a user runs it: `npx quartier …` from a folder inside the
// repository that is not its root, with paths relative to that folder, on a tiny hand-made extract near Aachen.
// add-region builds and remembers a region; a failed add-region writes nothing (neither the local regions file nor
// the bundle); build-region rebuilds from the remembered paths; serve serves it from relative paths and stops on SIGTERM.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';
import {repoRoot, serveQuartier} from './helpers.js';

// Inside the repository (npx finds the quartier bin from there), in build/ (ignored by git).
const cwd = fs.mkdtempSync(path.join(repoRoot, 'build', 'cli-test-'));
t.teardown(() => fs.rmSync(cwd, {recursive: true, force: true}));
const localRegions = path.join(cwd, 'regions.local.json');
const env = {...process.env, QUARTIER_LOCAL_REGIONS: localRegions};

fs.mkdirSync(path.join(cwd, 'extracts'));
// A ring road in Aachen with a side street, and a damaged copy of the same file.
const w = new OsmPbfWriter(path.join(cwd, 'extracts', 'ring.osm.pbf'), [6.05, 50.75, 6.12, 50.80]);
const nodes: [number, number, number][] = [[1, 50.770, 6.070], [2, 50.770, 6.090], [3, 50.780, 6.090], [4, 50.780, 6.070], [5, 50.785, 6.080]];
for (const [id, lat, lon] of nodes) w.node(id, lat, lon);
w.way(10, [1, 2, 3, 4, 1], {highway: 'residential', name: 'Ringstraße'});
w.way(11, [3, 5], {highway: 'residential', name: 'Seitenweg'});
w.close();
const ring = fs.readFileSync(path.join(cwd, 'extracts', 'ring.osm.pbf'));
fs.writeFileSync(path.join(cwd, 'extracts', 'cut.osm.pbf'), ring.subarray(0, ring.length - 20));

function quartier(...args: string[]) {
    const r = spawnSync('npx', ['--no', 'quartier', ...args], {cwd, env, encoding: 'utf8'});
    return {status: r.status, out: r.stdout, err: r.stderr};
}

const snapshot = () => ({
    local: fs.existsSync(localRegions) ? fs.readFileSync(localRegions, 'utf8') : null,
    manifest: fs.existsSync(path.join(cwd, 'bundles', 'DE', 'manifest.json')) ? fs.readFileSync(path.join(cwd, 'bundles', 'DE', 'manifest.json'), 'utf8') : null,
    bundles: fs.existsSync(path.join(cwd, 'bundles')) ? fs.readdirSync(path.join(cwd, 'bundles')) : [],
});

t.test('help and unknown commands', async (t) => {
    const help = quartier('help');
    t.equal(help.status, 0);
    for (const c of ['serve', 'build-region', 'add-region', 'enrich']) t.match(help.err, `quartier ${c}`);
    const wrong = quartier('frobnicate');
    t.equal(wrong.status, 1);
    t.match(wrong.err, "quartier: unknown command 'frobnicate'");
});

t.test('add-region with relative paths builds the bundle, then remembers the region', async (t) => {
    const r = quartier('add-region', '--country', 'DE', '--osm', 'extracts/ring.osm.pbf', '--name', 'Ring Fixture', '--out', 'bundles', '--quiet');
    t.equal(r.status, 0, r.err);
    t.match(r.out, 'replaces the region configured for DE (Aachen)');
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'bundles', 'DE', 'manifest.json'), 'utf8'));
    t.equal(manifest.name, 'Ring Fixture');
    t.equal(manifest.sources[0].path, path.join(cwd, 'extracts', 'ring.osm.pbf'), 'the extract, relative to the current folder');
    t.same(JSON.parse(fs.readFileSync(localRegions, 'utf8')).regions,
        [{country: 'DE', osm: [path.join(cwd, 'extracts', 'ring.osm.pbf')], gtfs: [], name: 'Ring Fixture'}], 'remembered with absolute paths');
});

t.test('a failed add-region writes nothing', async (t) => {
    const before = snapshot();
    t.ok(before.local && before.manifest, 'a region is there to lose');
    const missing = quartier('add-region', '--country', 'DE', '--osm', 'extracts/missing.osm.pbf', '--out', 'bundles', '--quiet');
    t.equal(missing.status, 1);
    t.match(missing.err, `OSM extract not found: ${path.join(cwd, 'extracts', 'missing.osm.pbf')}`);
    t.same(snapshot(), before, 'a missing extract: nothing changed');
    const cut = quartier('add-region', '--country', 'DE', '--osm', 'extracts/cut.osm.pbf', '--out', 'bundles', '--quiet');
    t.equal(cut.status, 1);
    t.match(cut.err, /cut\.osm\.pbf/);
    t.same(snapshot(), before, 'a damaged extract: nothing changed');
    const noOsm = quartier('add-region', '--country', 'DE', '--out', 'bundles');
    t.equal(noOsm.status, 1);
    t.match(noOsm.err, 'add-region needs --country CC and at least one --osm FILE');
    t.same(snapshot(), before, 'no extract given: nothing changed');
});

t.test('build-region rebuilds the remembered region from another folder', async (t) => {
    const before = JSON.parse(snapshot().manifest!);
    const r = spawnSync('npx', ['--no', 'quartier', 'build-region', 'DE', '--out', '../bundles', '--force', '--quiet'], {cwd: path.join(cwd, 'extracts'), env, encoding: 'utf8'});
    t.equal(r.status, 0, r.stderr);
    const after = JSON.parse(snapshot().manifest!);
    t.not(after.builtAt, before.builtAt, 'rebuilt');
    t.equal(after.inputHash, before.inputHash, 'from the same inputs');
});

t.test('build-region of several regions builds them each in a process of its own; one failing leaves the others built', async (t) => {
    const file = path.join(cwd, 'two.json');
    fs.writeFileSync(file, JSON.stringify({regions: [{country: 'DE', osm: ['ring.osm.pbf']}, {country: 'BE', osm: ['cut.osm.pbf']}]}));
    const r = quartier('build-region', '--all', '--regions-file', file, '--data', 'extracts', '--out', 'two', '--jobs', '2', '--quiet');
    t.equal(r.status, 1, 'the damaged extract fails its region');
    t.match(r.err, /cut\.osm\.pbf/, 'its build says why');
    t.match(r.err, 'quartier: building BE failed (see above)');
    t.ok(fs.existsSync(path.join(cwd, 'two', 'DE', 'manifest.json')), 'the other region is built');
    t.notOk(fs.existsSync(path.join(cwd, 'two', 'BE')), 'nothing of the failed one');
    const zero = quartier('build-region', '--all', '--regions-file', file, '--data', 'extracts', '--out', 'two', '--jobs', '0');
    t.equal(zero.status, 1);
    t.match(zero.err, "--jobs takes a whole number of regions built at once, 1 or more, got '0'");
});

t.test('serve from relative paths, stopped by SIGTERM', async (t) => {
    // Through the bin itself (npx runs it through a shell): the signal goes to the server.
    const {port, log, exited, kill} = await serveQuartier(t, cwd,
        ['--out', 'bundles', '--no-build', '--no-warmup', '--cache', 'off', '--regions', 'DE', '--workers', '1'], env);
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json() as {regions: {country: string; name: string}[]};
    t.same(health.regions.map((r) => [r.country, r.name]), [['DE', 'Ring Fixture']]);
    kill('SIGTERM');
    t.equal(await exited, 0);
    t.match(log(), 'quartier: stopped');
});
