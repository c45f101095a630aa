// `quartier update-region` (issue 28) and regions files of one's own, spawned as a user runs them, on a tiny hand-made
// extract near Aachen and a hand-made change file that creates, modifies and deletes nodes, ways and relations
// (roads, a turn restriction, a park, a bus route, shops and an address). The region is built from a regions file in
// a temporary folder (paths in it relative to the data root), updated, and compared with a fresh build of the
// extract the changes lead to: every section the same, by content. Then what a failed update leaves (nothing
// changed), a second update, new feeds, and the server serving the updated region with its data's age in /health;
// then the sections reused (hard links; the map data unless a drawn object changed) and the vector tiles patched
// (tiles/tile-patch.ts), each against a fresh build. An update builds the places on a thread of its own (reading the
// extract itself), a forced fresh build on the main thread: each comparison holds the two ways to each other.
// The same comparison on real data (Malta, Rutland) is bench/update-region.js and tools/answer-corpus.js.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';
import t, {type Test} from 'tap';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';
import {repoRoot, serveQuartier} from './helpers.js';

// Its builds and updates took 2.5 to 3.5 minutes in CI, other test files running beside it on two cores.
t.setTimeout(600_000);
const cwd = fs.mkdtempSync(path.join(repoRoot, 'build', 'update-test-'));
t.teardown(() => fs.rmSync(cwd, {recursive: true, force: true}));
const data = path.join(cwd, 'data');
fs.mkdirSync(data);

type Tags = Record<string, string>;
interface Obj {type: 'node' | 'way' | 'relation'; id: number; lat?: number; lon?: number; refs?: number[]; members?: {type: 'node' | 'way' | 'relation'; ref: number; role: string}[]; tags?: Tags}

const node = (id: number, lat: number, lon: number, tags?: Tags): Obj => ({type: 'node', id, lat, lon, tags});
const way = (id: number, refs: number[], tags: Tags): Obj => ({type: 'way', id, refs, tags});
const relation = (id: number, members: Obj['members'], tags: Tags): Obj => ({type: 'relation', id, members, tags});

// Before: a ring road with a side street, a pub, a café, an address, a park, a turn restriction.
const before: Obj[] = [
    node(1, 50.770, 6.070), node(2, 50.770, 6.090), node(3, 50.780, 6.090), node(4, 50.780, 6.070), node(5, 50.785, 6.080),
    node(6, 50.775, 6.0705, {amenity: 'pub', name: 'Zum Ring'}),
    node(7, 50.7755, 6.0895, {amenity: 'cafe', name: 'Café Eins'}),
    node(8, 50.7702, 6.080, {'addr:street': 'Ringstraße', 'addr:housenumber': '3', 'addr:postcode': '52062', 'addr:city': 'Aachen'}),
    node(20, 50.772, 6.075), node(21, 50.772, 6.078), node(22, 50.774, 6.078), node(23, 50.774, 6.075),
    way(10, [1, 2, 3, 4, 1], {highway: 'residential', name: 'Ringstraße'}),
    way(11, [3, 5], {highway: 'residential', name: 'Seitenweg'}),
    way(12, [20, 21, 22, 23, 20], {leisure: 'park'}),
    relation(100, [{type: 'way', ref: 10, role: 'from'}, {type: 'node', ref: 3, role: 'via'}, {type: 'way', ref: 11, role: 'to'}], {type: 'restriction', restriction: 'no_left_turn'}),
    relation(101, [{type: 'way', ref: 12, role: 'outer'}], {type: 'multipolygon', leisure: 'park'})
];

// The changes, in osmChange's three sections.
const created = [
    node(30, 50.7850, 6.0950), node(31, 50.7900, 6.0950),
    node(32, 50.7765, 6.0702, {shop: 'bakery', name: 'Bäckerei Korn'}),
    way(13, [5, 30, 31], {highway: 'tertiary', name: 'Neue Straße'}),
    relation(102, [{type: 'way', ref: 11, role: ''}, {type: 'way', ref: 13, role: ''}, {type: 'node', ref: 32, role: 'stop'}], {type: 'route', route: 'bus', ref: '33', name: 'Bus 33'})
];
const modified = [
    node(2, 50.7705, 6.0905),
    node(7, 50.7755, 6.0895, {amenity: 'cafe', name: 'Café Zwei', opening_hours: 'Mo-Fr 08:00-18:00'}),
    way(11, [3, 5], {highway: 'residential', name: 'Seitenweg', maxspeed: '30'}),
    relation(101, [{type: 'way', ref: 12, role: 'outer'}], {type: 'multipolygon', leisure: 'park', name: 'Ringpark'})
];
const deleted = [relation(100, [], {}), node(6, 0, 0), node(8, 0, 0)];
const NEWEST = '2024-05-02T09:30:00Z';

function apply(objs: Obj[]): Obj[] {
    const key = (o: Obj) => `${o.type}/${o.id}`;
    const map = new Map(objs.map((o) => [key(o), o]));
    for (const o of [...created, ...modified]) map.set(key(o), o);
    for (const o of deleted) map.delete(key(o));
    return [...map.values()].sort(byTypeAndId);
}

/** The order of an extract: nodes, ways, relations, each by id. */
function byTypeAndId(a: Obj, b: Obj): number {
    const order = {node: 0, way: 1, relation: 2};
    return order[a.type] - order[b.type] || a.id - b.id;
}

function writePbf(file: string, objs: Obj[]): void {
    const w = new OsmPbfWriter(file, [6.05, 50.75, 6.12, 50.80]);
    for (const o of objs) {
        if (o.type === 'node') w.node(o.id, o.lat!, o.lon!, o.tags);
        else if (o.type === 'way') w.way(o.id, o.refs!, o.tags);
        else w.relation(o.id, o.members!.map((m) => ({type: m.type, ref: m.ref, role: m.role})), o.tags);
    }
    w.close();
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
function oscObject(o: Obj, version: number, timestamp: string): string {
    const attrs = `id="${o.id}" version="${version}" timestamp="${timestamp}"`;
    const tags = Object.entries(o.tags ?? {}).map(([k, v]) => `<tag k="${esc(k)}" v="${esc(v)}"/>`).join('');
    if (o.type === 'node') return `<node ${attrs} lat="${o.lat}" lon="${o.lon}">${tags}</node>`;
    if (o.type === 'way') return `<way ${attrs}>${o.refs!.map((r) => `<nd ref="${r}"/>`).join('')}${tags}</way>`;
    return `<relation ${attrs}>${o.members!.map((m) => `<member type="${m.type}" ref="${m.ref}" role="${m.role}"/>`).join('')}${tags}</relation>`;
}

function writeOsc(file: string, sections: [string, Obj[]][], version = 2): void {
    const body = sections.map(([action, objs]) => `<${action}>\n${objs.map((o, i) => oscObject(o, version, i === 0 && action === 'modify' ? NEWEST : '2024-05-01T12:00:00Z')).join('\n')}\n</${action}>`).join('\n');
    fs.writeFileSync(file, zlib.gzipSync(`<?xml version="1.0" encoding="UTF-8"?>\n<osmChange version="0.6" generator="quartier test">\n${body}\n</osmChange>\n`));
}

writePbf(path.join(data, 'before.osm.pbf'), before);
writePbf(path.join(data, 'after.osm.pbf'), apply(before));
writeOsc(path.join(cwd, 'changes.osc.gz'), [['create', created], ['modify', modified], ['delete', deleted]]);
fs.writeFileSync(path.join(cwd, 'broken.osc.gz'), zlib.gzipSync('<osmChange version="0.6"><create><node id="1" lat='));
const regionsFile = (name: string, osm: string, extra: object = {}) => {
    const file = path.join(cwd, name);
    fs.writeFileSync(file, JSON.stringify({regions: [{country: 'DE', name: 'Ring Fixture', osm: [osm], ...extra}]}));
    return file;
};
const beforeRegions = regionsFile('regions-before.json', 'before.osm.pbf');
const afterRegions = regionsFile('regions-after.json', 'after.osm.pbf');

/** The quartier bin npx would run (quartier-cli.test runs it through npx; spared here, 0.5 s a command). */
const bin = path.join(repoRoot, 'node_modules', '.bin', 'quartier');
function quartier(args: string[], env: Record<string, string> = {}) {
    const r = spawnSync(bin, args, {cwd, env: {...process.env, ...env}, encoding: 'utf8'});
    return {status: r.status, out: r.stdout, err: r.stderr};
}
const update = (...args: string[]) => quartier(['update-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'updated', '--quiet', ...args]);

/** A section file by content: its header without build times, and its arrays' bytes. */
function sectionContent(file: string): string {
    const bytes = fs.readFileSync(file);
    const header = JSON.parse(bytes.subarray(24, 24 + bytes.readUInt32LE(8)).toString('utf8'));
    delete header.meta?.seconds;
    const sizes: Record<string, number> = {Int8Array: 1, Uint8Array: 1, Int16Array: 2, Uint16Array: 2, Int32Array: 4, Uint32Array: 4, Float32Array: 4, Float64Array: 8};
    const arrays = Object.entries(header.arrays as Record<string, [string, number, number]>)
        .map(([name, [type, offset, length]]) => `${name}:${type}:${bytes.subarray(offset, offset + length * sizes[type]).toString('base64')}`);
    return JSON.stringify({kind: header.kind, version: header.version, meta: header.meta, arrays});
}

/** What a failed update must leave as it was: the bundle's files and the update store. */
function snapshot(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const dir of ['updated/DE', 'updated/DE.osm']) {
        const full = path.join(cwd, dir);
        if (!fs.existsSync(full)) continue;
        for (const f of fs.readdirSync(full).sort()) out[`${dir}/${f}`] = fs.readFileSync(path.join(full, f)).toString('base64');
    }
    return out;
}

t.test('a regions file of ones own: paths relative to the data root, nothing written to config/', async (t) => {
    const local = path.join(repoRoot, 'config', 'regions.local.json');
    const localBefore = fs.existsSync(local) ? fs.readFileSync(local, 'utf8') : null;
    const r = quartier(['build-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'updated', '--quiet']);
    t.equal(r.status, 0, r.err);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.equal(manifest.sources[0].path, path.join(data, 'before.osm.pbf'));
    t.equal(manifest.name, 'Ring Fixture');
    const env = quartier(['build-region', 'DE', '--data', data, '--out', 'updated'], {QUARTIER_REGIONS_FILE: beforeRegions});
    t.equal(env.status, 0, env.err);
    t.match(env.err, 'DE: up to date', 'QUARTIER_REGIONS_FILE names the same regions');
    const unknown = quartier(['build-region', 'PT', '--regions-file', beforeRegions, '--data', data, '--out', 'updated']);
    t.equal(unknown.status, 1);
    t.match(unknown.err, `no region is configured for 'PT' in ${beforeRegions}`);
    const missing = quartier(['build-region', 'DE', '--regions-file', path.join(cwd, 'nothing.json'), '--out', 'updated']);
    t.equal(missing.status, 1);
    t.match(missing.err, `cannot read the regions file ${path.join(cwd, 'nothing.json')}`);
    t.equal(fs.existsSync(local) ? fs.readFileSync(local, 'utf8') : null, localBefore, 'config/regions.local.json untouched');
});

t.test('a failed update changes nothing, and says what to do', async (t) => {
    const base = snapshot();
    t.ok(base['updated/DE/manifest.json'], 'a bundle is there to lose');
    const noFile = update('--changes', 'missing.osc.gz');
    t.equal(noFile.status, 1);
    t.match(noFile.err, `change file not found: ${path.join(cwd, 'missing.osc.gz')}`);
    const withoutOsmium = quartier(['update-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'updated', '--changes', 'changes.osc.gz'],
        {QUARTIER_OSMIUM: path.join(cwd, 'no-osmium')});
    t.equal(withoutOsmium.status, 1);
    t.match(withoutOsmium.err, 'osmium-tool is needed');
    t.match(withoutOsmium.err, 'apt-get install osmium-tool');
    const broken = update('--changes', 'broken.osc.gz');
    t.equal(broken.status, 1);
    t.match(broken.err, `osmium could not read the timestamps of ${path.join(cwd, 'broken.osc.gz')}`);
    const nothing = update();
    t.equal(nothing.status, 1);
    t.match(nothing.err, 'nothing to update for DE');
    t.same(snapshot(), base, 'nothing changed');
    t.same(fs.existsSync(path.join(cwd, 'updated', 'DE.osm')) ? fs.readdirSync(path.join(cwd, 'updated', 'DE.osm')) : [], [], 'no file left behind');
});

t.test('the update gives the sections of a fresh build of the newer extract', async (t) => {
    const r = update('--changes', 'changes.osc.gz');
    t.equal(r.status, 0, r.err);
    const {updated, built} = sameAsFresh(t, afterRegions, 'fresh');
    t.same(updated.stats.roads, built.stats.roads, 'the same road network (the new street, the moved node)');
    // The update's geocoding index is built on a thread of its own, reading the extract itself (build-stages/places-thread.ts);
    // the fresh build's on the main thread: the places sections above equal, the two ways agree.
    t.equal(updated.stats.placesOnThread, os.availableParallelism() > 1, 'the update\'s places built on a thread of their own');
    t.equal(built.stats.placesOnThread, false, 'the fresh build\'s on the main thread');
    t.ok(built.stats.pois && JSON.stringify(updated.stats.pois) === JSON.stringify(built.stats.pois), 'the same POIs');
    const state = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE.osm', 'state.json'), 'utf8'));
    t.equal(state.file, 'DE-1.osm.pbf');
    t.equal(state.dataDate, NEWEST, 'the data date: the newest object of the change file');
    t.same(state.boxes, [[6.05, 50.75, 6.12, 50.8]], 'the base extract\'s box, which coverage clips to');
    t.equal(updated.sources[0].path, path.join(cwd, 'updated', 'DE.osm', 'DE-1.osm.pbf'));
    t.equal(updated.sources[0].date, '2024-05-02T09:30:00.000Z');
    // A build of the region (the server's start) reads the update, not the regions file's extract.
    const again = quartier(['build-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'updated']);
    t.match(again.err, 'DE: up to date');
});

/** Builds the region from `regions` into `out` (forced: every section built) and compares each section with the updated bundle's. */
function sameAsFresh(t: Test, regions: string, out: string): {updated: any; built: any} {
    // The engine's script itself (what `quartier build-region` runs), without npx's start-up.
    const fresh = spawnSync(process.execPath, [fileURLToPath(new URL('../src/cli/build-region.js', import.meta.url)), 'DE', '--regions-file', regions,
        '--data', data, '--out', out, '--force', '--quiet'], {cwd, encoding: 'utf8'});
    t.equal(fresh.status, 0, fresh.stderr);
    const updated = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    const built = JSON.parse(fs.readFileSync(path.join(cwd, out, 'DE', 'manifest.json'), 'utf8'));
    t.same(Object.keys(updated.sections), Object.keys(built.sections));
    t.same(built.reused, [], 'the fresh build built every section');
    for (const [name, {file}] of Object.entries(updated.sections as Record<string, {file: string}>)) {
        t.equal(sectionContent(path.join(cwd, 'updated', 'DE', file)), sectionContent(path.join(cwd, out, 'DE', file)), `${name}: the same`);
    }
    return {updated, built};
}

let thirdObjects: Obj[] = [], fourthObjects: Obj[] = [], fifthObjects: Obj[] = [], sixthObjects: Obj[] = [];
const bytesOf = (file: string) => fs.readFileSync(path.join(cwd, 'updated', 'DE', file));
const pharmacy = node(40, 50.7801, 6.0800, {amenity: 'pharmacy', name: 'Ring-Apotheke'});

t.test('a second update and new feeds', async (t) => {
    const second = path.join(cwd, 'second.osc.gz');
    writeOsc(second, [['create', [pharmacy]]]);
    const r = update('--changes', 'second.osc.gz', '--gtfs', 'feed');
    t.equal(r.status, 1, 'a missing feed');
    t.match(r.err, `GTFS feed not found: ${path.join(cwd, 'feed')}`);
    writeFeed(path.join(cwd, 'feed'));
    const hierarchies = ['roads.bin', 'ch-car.bin', 'ch-foot.bin', 'ch-bike.bin', 'coverage.bin'].map(bytesOf);
    const ok = update('--changes', 'second.osc.gz', '--gtfs', 'feed');
    t.equal(ok.status, 0, ok.err);
    // A pharmacy leaves the road graph as it was: the graph (not built again), its hierarchies and coverage are the
    // previous bundle's, byte for byte.
    const reused = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8')).reused;
    t.same(reused, ['roads', 'chCar', 'chFoot', 'chBike', 'border', 'coverage', 'map'], 'reused: the road graph, the hierarchies, the border, coverage and the map data (a pharmacy is not drawn); transit is new (a new feed)');
    t.same(['roads.bin', 'ch-car.bin', 'ch-foot.bin', 'ch-bike.bin', 'coverage.bin'].map(bytesOf), hierarchies, 'byte for byte');
    const withFeed = regionsFile('regions-second.json', 'second.osm.pbf', {gtfs: [path.join(cwd, 'feed')]});
    writePbf(path.join(data, 'second.osm.pbf'), [...apply(before), pharmacy].sort(byTypeAndId));
    sameAsFresh(t, withFeed, 'fresh-second');
    const state = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE.osm', 'state.json'), 'utf8'));
    t.equal(state.file, 'DE-2.osm.pbf');
    t.same(fs.readdirSync(path.join(cwd, 'updated', 'DE.osm')).sort(), ['DE-2.osm.pbf', 'state.json'], 'the previous extract is gone');
    t.same(state.changes.map((c: {path: string}) => path.basename(c.path)), ['changes.osc.gz', 'second.osc.gz']);
    t.same(state.gtfs, [path.join(cwd, 'feed')]);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.equal(manifest.stats.transit.feeds[0].path, path.join(cwd, 'feed'), 'built with the new feed');
    // The same change file again: the data is unchanged, the store keeps its extract and the feed.
    const third = quartier(['update-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'updated', '--changes', 'second.osc.gz']);
    t.equal(third.status, 0, third.err);
    t.match(third.err, 'the changes were applied before: the data is unchanged');
    t.match(third.err, 'DE: up to date');
    const after = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE.osm', 'state.json'), 'utf8'));
    t.equal(after.file, 'DE-2.osm.pbf');
    t.same(after.gtfs, [path.join(cwd, 'feed')]);
    t.equal(JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8')).stats.transit.feeds[0].path, path.join(cwd, 'feed'));
});

t.test('a bundle updated in another folder is kept by a build that cannot see its update (a replica\'s start)', async (t) => {
    const replica = path.join(cwd, 'replica');
    fs.cpSync(path.join(cwd, 'updated', 'DE'), path.join(replica, 'DE'), {recursive: true});
    const staged = fs.readFileSync(path.join(replica, 'DE', 'manifest.json'), 'utf8');
    const r = quartier(['build-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'replica']);
    t.equal(r.status, 0, r.err);
    t.match(r.err, `DE: the bundle in ${path.join(replica, 'DE')} was built from an updated extract that ${replica} does not hold (${path.join(cwd, 'updated', 'DE.osm', 'DE-2.osm.pbf')}): kept as it is`);
    t.equal(fs.readFileSync(path.join(replica, 'DE', 'manifest.json'), 'utf8'), staged, 'the update stands');
    const forced = quartier(['build-region', 'DE', '--regions-file', beforeRegions, '--data', data, '--out', 'replica', '--force', '--quiet']);
    t.equal(forced.status, 0, forced.err);
    const rebuilt = JSON.parse(fs.readFileSync(path.join(replica, 'DE', 'manifest.json'), 'utf8'));
    t.equal(rebuilt.sources[0].path, path.join(data, 'before.osm.pbf'), '--force: from the regions file');
});

t.test('served from the regions file: /health tells the data\'s age and flags the ended feed', async (t) => {
    const {port, log, exited, kill} = await serveQuartier(t, cwd,
        ['--regions-file', beforeRegions, '--data', data, '--out', 'updated', '--no-warmup', '--cache', 'off', '--workers', '1']);
    t.match(log(), 'DE: up to date', 'the start builds nothing: the update stands');
    t.match(log(), 'the GTFS feed feed (Ring Bus) ran until 2020-01-31: transit answers still run its timetable of 2020-01-');
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json() as {regions: Record<string, any>[]};
    const [region] = health.regions;
    t.equal(region.name, 'Ring Fixture');
    t.equal(region.dataDate, '2024-05-02T09:30:00.000Z');
    t.match(region.bundleId, /^[0-9a-f]{16}$/);
    t.equal(region.sources[0].file, 'DE-2.osm.pbf');
    t.match(region.feeds, [{file: 'feed', agency: 'Ring Bus', firstDate: '2020-01-01', lastDate: '2020-01-31', expired: true, notice: /update-region DE --gtfs/}]);
    kill('SIGTERM');
    t.equal(await exited, 0);
});

t.test('a road change rebuilds the hierarchies, transit and coverage; the feed and the tiles of the same inputs stay', async (t) => {
    const renamed = way(13, [5, 30, 31], {highway: 'residential', name: 'Neue Straße', maxspeed: '30'});
    writeOsc(path.join(cwd, 'road.osc.gz'), [['modify', [renamed]]], 3);
    const hierarchies = ['ch-car.bin', 'ch-foot.bin', 'ch-bike.bin'].map(bytesOf);
    const r = update('--changes', 'road.osc.gz');
    t.equal(r.status, 0, r.err);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    for (const s of ['roads', 'chCar', 'chFoot', 'chBike', 'transit']) t.notOk(manifest.reused.includes(s), `${s} rebuilt`);
    t.notOk(bytesOf('ch-car.bin').equals(hierarchies[0]), 'the car hierarchy changed');
    const objs = [...apply(before), pharmacy].map((o) => (o.type === 'way' && o.id === 13 ? renamed : o))
        .sort(byTypeAndId);
    writePbf(path.join(data, 'third.osm.pbf'), objs);
    sameAsFresh(t, regionsFile('regions-third.json', 'third.osm.pbf', {gtfs: [path.join(cwd, 'feed')]}), 'fresh-third');
    thirdObjects = objs;
});

t.test('a damaged section is built again, not reused', async (t) => {
    const file = path.join(cwd, 'updated', 'DE', 'ch-foot.bin');
    const damaged = fs.readFileSync(file);
    damaged[damaged.length - 9] ^= 0xff;
    fs.writeFileSync(file, damaged);
    const kiosk = node(41, 50.7799, 6.0750, {shop: 'kiosk', name: 'Kiosk am Ring'});
    writeOsc(path.join(cwd, 'kiosk.osc.gz'), [['create', [kiosk]]], 4);
    const r = update('--changes', 'kiosk.osc.gz');
    t.equal(r.status, 0, r.err);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.same(manifest.reused, ['roads', 'chCar', 'chBike', 'transit', 'stopProfiles', 'border', 'coverage', 'map'], 'the damaged foot hierarchy built again; the graph, transit and map data reused (the same ways, feed and no landmark)');
    fourthObjects = [...thirdObjects, kiosk].sort(byTypeAndId);
    writePbf(path.join(data, 'fourth.osm.pbf'), fourthObjects);
    sameAsFresh(t, regionsFile('regions-fourth.json', 'fourth.osm.pbf', {gtfs: [path.join(cwd, 'feed')]}), 'fresh-fourth');
});

t.test('a maxspeed change rebuilds the car\'s hierarchy only', async (t) => {
    const faster = way(11, [3, 5], {highway: 'residential', name: 'Seitenweg', maxspeed: '50'});
    writeOsc(path.join(cwd, 'maxspeed.osc.gz'), [['modify', [faster]]], 5);
    const foot = bytesOf('ch-foot.bin'), bike = bytesOf('ch-bike.bin'), car = bytesOf('ch-car.bin');
    const r = update('--changes', 'maxspeed.osc.gz');
    t.equal(r.status, 0, r.err);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.same(manifest.reused, ['chFoot', 'chBike', 'stopProfiles', 'border', 'map', 'tiles'], 'the foot and bike hierarchies reused, the stop profiles (transit built again, the same bytes), the map data (a speed is not drawn) and the tiles (the map, places and coverage are the same)');
    t.ok(bytesOf('ch-foot.bin').equals(foot) && bytesOf('ch-bike.bin').equals(bike), 'byte for byte');
    t.notOk(bytesOf('ch-car.bin').equals(car), 'the car\'s rebuilt, with the new speed');
    fifthObjects = fourthObjects.map((o) => (o.type === 'way' && o.id === 11 ? faster : o));
    writePbf(path.join(data, 'fifth.osm.pbf'), fifthObjects);
    sameAsFresh(t, regionsFile('regions-fifth.json', 'fifth.osm.pbf', {gtfs: [path.join(cwd, 'feed')]}), 'fresh-fifth');
});

t.test('a change of POIs and an address patches the vector tiles: the tiles it reaches cut again, the rest copied', async (t) => {
    const renamed = {...pharmacy, tags: {amenity: 'pharmacy', name: 'Apotheke am Ring'}};
    const address = node(42, 50.7712, 6.0852, {'addr:street': 'Ringstraße', 'addr:housenumber': '5', 'addr:postcode': '52062', 'addr:city': 'Aachen'});
    writeOsc(path.join(cwd, 'pois.osc.gz'), [['create', [address]], ['modify', [renamed]], ['delete', [node(41, 0, 0)]]], 6);
    const inode = (file: string) => fs.statSync(path.join(cwd, 'updated', 'DE', file)).ino;
    const linked = ['roads.bin', 'ch-car.bin', 'transit.bin'].map(inode);
    const r = update('--changes', 'pois.osc.gz');
    t.equal(r.status, 0, r.err);
    t.same(['roads.bin', 'ch-car.bin', 'transit.bin'].map(inode), linked, 'the sections reused are the previous files, linked (not read and written again)');
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.same(manifest.reused, ['roads', 'chCar', 'chFoot', 'chBike', 'transit', 'stopProfiles', 'border', 'coverage', 'map', 'poiSearches'],
        'the road graph and what is built from it reused, the map data (no landmark changed), and the POI searches (the POIs section the same bytes)');
    const tiles = manifest.stats.tiles;
    const lookedAt = tiles.zooms.reduce((n: number, z: {tiles: number}) => n + z.tiles, 0);
    t.ok(tiles.changes >= 3 && tiles.cut > 0 && tiles.cut < lookedAt / 2, `patched: ${tiles.cut} of ${lookedAt} tiles cut again, for ${tiles.changes} changed objects`);
    const objs = [...fifthObjects.filter((o) => !(o.type === 'node' && o.id === 41)).map((o) => (o.type === 'node' && o.id === 40 ? renamed : o)), address]
        .sort(byTypeAndId);
    writePbf(path.join(data, 'sixth.osm.pbf'), objs);
    sameAsFresh(t, regionsFile('regions-sixth.json', 'sixth.osm.pbf', {gtfs: [path.join(cwd, 'feed')]}), 'fresh-sixth');
    sixthObjects = objs;
});

t.test('a named peak is drawn: the map data is built again, not reused', async (t) => {
    // A peak is a landmark of the map data (map-data/landmarks.ts), unlike the pharmacy and the address above.
    const peak = node(43, 50.7790, 6.0720, {natural: 'peak', name: 'Ringberg', ele: '264'});
    writeOsc(path.join(cwd, 'peak.osc.gz'), [['create', [peak]]], 7);
    const map = bytesOf('map.bin');
    const r = update('--changes', 'peak.osc.gz');
    t.equal(r.status, 0, r.err);
    const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'updated', 'DE', 'manifest.json'), 'utf8'));
    t.same(manifest.reused, ['roads', 'chCar', 'chFoot', 'chBike', 'transit', 'stopProfiles', 'border', 'coverage', 'poiSearches'], 'the map data rebuilt (and the tiles patched)');
    t.notOk(bytesOf('map.bin').equals(map), 'the map data holds the peak');
    writePbf(path.join(data, 'seventh.osm.pbf'), [...sixthObjects, peak].sort(byTypeAndId));
    sameAsFresh(t, regionsFile('regions-seventh.json', 'seventh.osm.pbf', {gtfs: [path.join(cwd, 'feed')]}), 'fresh-seventh');
});

/** A tiny feed on the ring: one bus line of two stops, in January 2020 only (long ended). */
function writeFeed(dir: string): void {
    fs.mkdirSync(dir, {recursive: true});
    const files: Record<string, string> = {
        'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA,Ring Bus,https://example.org,Europe/Berlin\n',
        'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nS1,Ring Süd,50.7701,6.0800\nS2,Ring Nord,50.7799,6.0800\n',
        'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,A,7,3\n',
        'trips.txt': 'route_id,service_id,trip_id\nR1,WD,T1\nR1,WD,T2\n',
        'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,07:50:00,07:50:00,S1,1\nT1,07:56:00,07:56:00,S2,2\nT2,08:10:00,08:10:00,S1,1\nT2,08:16:00,08:16:00,S2,2\n',
        'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20200101,20200131\n'
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}
