// Shared helpers for the tests: where the real data lives and the regions built from it.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Test} from 'tap';
import {RoadGraphBuilder} from '../src/graph/builder.js';
import {RoadGraph} from '../src/graph/road-graph.js';
import {NodeStore} from '../src/osm/node-store.js';
import type {OsmTags, OsmWay} from '../src/osm/objects.js';
import type {Tags} from '../src/osm/pbf-writer.js';
import {readOsmPbf} from '../src/osm/pbf.js';
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

/** A road graph built straight from a PBF file; `way` may hand the builder each way changed (or null: left out). */
export function graphFromPbf(file: string, way: (w: OsmWay) => OsmWay | null = (w) => w): RoadGraph {
    const store = new NodeStore();
    const builder = new RoadGraphBuilder(store);
    readOsmPbf(file, {relation: (r) => builder.addRelation(r)});
    readOsmPbf(file, {way: (w) => {
        const changed = way(w);
        if (changed) builder.addWay(changed);
    }});
    store.seal();
    readOsmPbf(file, {node: (n) => {
        store.visit(n);
        builder.addNode(n);
    }});
    const {section} = builder.build();
    return RoadGraph.from(section.buffer as ArrayBuffer, section.byteOffset, section.byteLength);
}

/** OSM tags (the readers' view) over a plain object. */
export function tagsOf(obj: Tags): OsmTags {
    const keys = Object.keys(obj);
    return {
        count: keys.length,
        key: (i) => keys[i],
        value: (i) => obj[keys[i]],
        get: (k) => obj[k],
        has: (k) => k in obj
    };
}

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
export {mulberry32 as random} from '../src/util/random.js';

/**
 * `quartier serve ARGS` through the bin itself, from `cwd` (a signal goes to the server, not to a shell); resolves
 * once it listens, with its port, its log so far and its exit.
 */
export async function serveQuartier(t: Test, cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env):
    Promise<{port: number; log: () => string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void}> {
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'quartier'), ['serve', '--port', '0', '--host', '127.0.0.1', ...args],
        {cwd, env, stdio: ['ignore', 'ignore', 'pipe']});
    t.teardown(() => child.kill('SIGKILL'));
    let log = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const port = await new Promise<number>((resolve, reject) => {
        child.stderr!.on('data', (d) => {
            log += d;
            const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
            if (m) resolve(Number(m[1]));
        });
        void exited.then(() => reject(new Error(`exited:\n${log}`)));
    });
    return {port, log: () => log, exited, kill: (signal) => child.kill(signal)};
}

/** What measureMany gives for a destination route() reaches with answer `r`: its time, length, and whether it is the walk. */
export function measureOfRoute(r: {time: number; distance: number; walkOnly: boolean}): {time: number; distance: number; walkOnly?: true} {
    return r.walkOnly ? {time: r.time, distance: r.distance, walkOnly: true} : {time: r.time, distance: r.distance};
}

/**
 * A test region's bundle (its files linked into a temporary folder) with one section file (`file`, manifest key
 * `section`) taken from another region's bundle: a valid section of another build, the manifest saying its size.
 * `drop()` then takes the section out of the bundle and its manifest (a bundle built before the section).
 */
export function bundleWithSectionOf(t: Test, country: string, section: string, file: string, other: string): {bundle: string; drop: () => void} {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-mixed-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const own = path.join(testBuildRoot, country), bundle = path.join(dir, country);
    fs.mkdirSync(bundle);
    for (const f of fs.readdirSync(own)) if (f !== file && f !== 'manifest.json') fs.symlinkSync(path.join(own, f), path.join(bundle, f));
    fs.copyFileSync(path.join(testBuildRoot, other, file), path.join(bundle, file));
    const manifest = JSON.parse(fs.readFileSync(path.join(own, 'manifest.json'), 'utf8'));
    manifest.sections[section].bytes = fs.statSync(path.join(bundle, file)).size;
    fs.writeFileSync(path.join(bundle, 'manifest.json'), JSON.stringify(manifest));
    const drop = () => {
        fs.rmSync(path.join(bundle, file));
        delete manifest.sections[section];
        fs.writeFileSync(path.join(bundle, 'manifest.json'), JSON.stringify(manifest));
    };
    return {bundle, drop};
}
