// Bringing a country up to date (issue 28): the synthetic country of bench/country-build.js (15.4M road nodes at
// the default 7.9M junctions), built once in full, then two osmChange files applied with `quartier update-region`:
// one touching only POIs and addresses (--pois N: N POIs and N addresses created beside existing addresses with
// the generator's tags, N/2 of each modified, N/4 of each deleted), then one changing --roads ways (1,000: a
// quarter each a new maxspeed, another maxspeed, a new road class, a oneway set or lifted), picked evenly over the
// country from the extract (osmium tags-filter: the objects as they are, with their node lists). Each run is a
// child process sampled as bench/country-build.js samples its build (bench/lib/sampled-run.js): seconds, CPU
// seconds (with osmium's), peak RSS, per stage; the sections reused from the previous bundle and rebuilt, and the
// vector tiles patched (tiles cut again of those looked at, for how many changed objects: tiles/tile-patch.ts).
// --verify then builds the updated extract (the store's) from scratch and compares the sections by content.
// Figures go to DIR/country-update-J.json. Targets (issue 28): the POI update under 2 minutes, the road update
// under half the full build.
//   npx tsc -b && node bench/country-update.js [--junctions 7900000] [--dir /tmp/quartier-country-update]
//        [--pois 1000] [--roads 1000] [--heap 12000] [--cpu-prof DIR] [--skip-build] [--build-only] [--pois-only] [--roads-only] [--verify]
// --heap: node's --max-old-space-size (MB) for the build and the updates (at e85f898 the country's map data stage
// outgrew node's default 4 GB heap).
// --skip-build reuses the full build of an earlier run: the bundle as built, kept beside it (DIR/...-base, hard
// links: a build never writes into a section file) and put back before the updates, so each run updates the same
// base. --build-only stops after the full build; --pois-only applies the POI change alone, --roads-only the road change
// alone (straight after the full build).
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import {withHugePages} from '@quartier/engine/internal';
import {BUILD_REGION_SCRIPT, UPDATE_REGION_SCRIPT} from '@quartier/server';
import {arg} from './lib/args.js';
import {COUNTRY, countryExtract} from './lib/synthetic-country.js';
import {runSampled} from './lib/sampled-run.js';
import {categoryTags} from '../tools/synthetic-country-lib.js';
import {sectionDigest} from '../tools/answer-corpus-bundles.js';

const junctions = Number(arg('junctions', 7900000));
const dir = path.resolve(arg('dir', '/tmp/quartier-country-update'));
const poiCount = Number(arg('pois', 1000));
const roadCount = Number(arg('roads', 1000));
const heap = [`--max-old-space-size=${Number(arg('heap', 12000))}`];
// --cpu-prof DIR: each update's profile written there (node --cpu-prof), to see where an update's time goes.
const profile = arg('cpu-prof', '') ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(arg('cpu-prof', ''))}`] : [];
fs.mkdirSync(dir, {recursive: true});
const base = path.join(dir, `country-${junctions}`);
const pbf = `${base}.osm.pbf`, gtfs = `${base}.gtfs.zip`, out = `${base}-bundles`, kept = `${base}-base`, resultsFile = path.join(dir, `country-update-${junctions}.json`);
const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
const save = () => fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
const extract = countryExtract(base, junctions);
const regionsFile = path.join(dir, 'regions.json');
fs.writeFileSync(regionsFile, JSON.stringify({regions: [{country: COUNTRY, name: 'Synthetic country', osm: [pbf], gtfs: [gtfs]}]}));
const env = withHugePages();
const WHEN = '2026-11-28T12:00:00Z';

/** OPL's escapes (%hex%) decoded. */
const unOpl = (s) => s.replace(/%([0-9a-fA-F]+)%/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)));
const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An OPL line of osmium: {type, id, version, tags, x, y, refs}. */
function parseOpl(line) {
    const o = {type: line[0], id: Number(line.slice(1, line.indexOf(' '))), version: 0, tags: {}, x: null, y: null, refs: []};
    for (const field of line.split(' ').slice(1)) {
        const key = field[0], value = field.slice(1);
        if (key === 'v') o.version = Number(value);
        else if (key === 'x') o.x = value;
        else if (key === 'y') o.y = value;
        else if (key === 'N' && value) o.refs = value.split(',').map((r) => r.slice(1));
        else if (key === 'T' && value) {
            for (const pair of value.split(',')) {
                const eq = pair.indexOf('=');
                o.tags[unOpl(pair.slice(0, eq))] = unOpl(pair.slice(eq + 1));
            }
        }
    }
    return o;
}

/** The objects osmium tags-filter passes (`filters`), as OPL lines, each given to `keep(line)`. */
async function filtered(filters) {
    const child = spawn('osmium', ['tags-filter', pbf, ...filters, '-R', '-f', 'opl', '-o', '-'], {stdio: ['ignore', 'pipe', 'inherit']});
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const lines = [];
    for await (const line of readline.createInterface({input: child.stdout})) lines.push(line);
    if (await exited !== 0) throw new Error('osmium tags-filter failed');
    return lines;
}

const tagXml = (tags) => Object.entries(tags).map(([k, v]) => `<tag k="${xml(k)}" v="${xml(v)}"/>`).join('');
const nodeXml = (o, tags) => `<node id="${o.id}" version="${o.version + 1}" timestamp="${WHEN}" lat="${o.y}" lon="${o.x}">${tagXml(tags)}</node>`;
const wayXml = (o, tags) => `<way id="${o.id}" version="${o.version + 1}" timestamp="${WHEN}">${o.refs.map((r) => `<nd ref="${r}"/>`).join('')}${tagXml(tags)}</way>`;

function writeChanges(file, blocks) {
    const body = Object.entries(blocks).filter(([, list]) => list.length).map(([kind, list]) => `<${kind}>\n${list.join('\n')}\n</${kind}>`).join('\n');
    fs.writeFileSync(file, zlib.gzipSync(`<?xml version="1.0" encoding="UTF-8"?>\n<osmChange version="0.6" generator="bench/country-update.js">\n${body}\n</osmChange>\n`));
}

/** `count` items of a list, spread evenly over it. */
const spread = (list, count) => Array.from({length: Math.min(count, list.length)}, (_, i) => list[Math.floor(i * list.length / Math.min(count, list.length))]);

/** POIs and addresses: created beside existing addresses, modified, deleted (off-road nodes only: no road is touched). */
async function writePoiChanges(file) {
    const lines = await filtered(['n/addr:housenumber', 'n/shop', 'n/amenity', 'n/tourism', 'n/leisure', 'n/historic']);
    const addresses = [], pois = [];
    for (const line of lines) (line.includes('addr:housenumber=') ? addresses : pois).push(line);
    const kinds = categoryTags();
    const create = [], modify = [], remove = [];
    const addressesUsed = spread(addresses, poiCount + poiCount / 2 + poiCount / 4).map(parseOpl);
    const poisUsed = spread(pois, poiCount / 2 + poiCount / 4).map(parseOpl);
    for (let i = 0; i < poiCount; i++) {
        // A new POI and a new address beside an existing address (about 20 m north), of its street and town.
        const at = addressesUsed[i], city = at.tags['addr:city'];
        const kind = kinds[i % kinds.length];
        const beside = (id, dy) => ({id, version: 0, x: at.x, y: (Number(at.y) + dy).toFixed(7)});
        create.push(nodeXml(beside(9_000_000_000 + 2 * i, 0.0002), {...kind.tags, name: `${kind.label} ${city} neuf ${i}`}));
        create.push(nodeXml(beside(9_000_000_001 + 2 * i, -0.0002), {...at.tags, 'addr:housenumber': `${1000 + i}`}));
    }
    addressesUsed.slice(poiCount, poiCount + poiCount / 2).forEach((o) => modify.push(nodeXml(o, {...o.tags, 'addr:housenumber': `${o.tags['addr:housenumber']}bis`})));
    addressesUsed.slice(poiCount + poiCount / 2).forEach((o) => remove.push(nodeXml(o, o.tags)));
    poisUsed.slice(0, poiCount / 2).forEach((o) => modify.push(nodeXml(o, {...o.tags, name: `${o.tags.name} (rénové)`})));
    poisUsed.slice(poiCount / 2).forEach((o) => remove.push(nodeXml(o, o.tags)));
    writeChanges(file, {create, modify, delete: remove});
    return {created: create.length, modified: modify.length, deleted: remove.length};
}

const CLASS_CHANGE = {residential: 'unclassified', unclassified: 'residential', tertiary: 'secondary', secondary: 'tertiary', primary: 'secondary', trunk: 'primary', service: 'residential'};

/** Roads: `roadCount` highway ways spread over the country, each with one change of tags (their nodes as they are). */
async function writeRoadChanges(file) {
    const ways = spread(await filtered(['w/highway']), roadCount).map(parseOpl);
    const modify = [];
    const kinds = {};
    ways.forEach((w, i) => {
        const tags = {...w.tags};
        let kind = ['maxspeed 30', 'maxspeed 70', 'road class', 'oneway'][i % 4];
        if (kind === 'road class' && !CLASS_CHANGE[tags.highway]) kind = 'maxspeed 70';
        if (kind === 'maxspeed 30') tags.maxspeed = tags.maxspeed === '30' ? '50' : '30';
        else if (kind === 'maxspeed 70') tags.maxspeed = tags.maxspeed === '70' ? '90' : '70';
        else if (kind === 'road class') tags.highway = CLASS_CHANGE[tags.highway];
        else if (tags.oneway) delete tags.oneway;
        else tags.oneway = 'yes';
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        modify.push(wayXml(w, tags));
    });
    writeChanges(file, {modify});
    return {modified: modify.length, kinds};
}

/** The manifest's sections reused from the previous bundle and rebuilt. */
function sections(bundle) {
    const manifest = JSON.parse(fs.readFileSync(path.join(bundle, 'manifest.json'), 'utf8'));
    const reused = manifest.reused ?? [];
    // The vector tiles patched (tiles/tile-patch.ts): tiles cut again of those looked at, for how many changed objects.
    const tiles = manifest.stats.tiles;
    const patched = tiles?.cut === undefined ? null : {cut: tiles.cut, of: tiles.zooms.reduce((n, z) => n + z.tiles, 0), changes: tiles.changes, diffMs: tiles.diffMs};
    return {reused, rebuilt: Object.keys(manifest.sections).filter((k) => !reused.includes(k)), nodes: manifest.stats.roads.nodes, tilesPatched: patched,
        hierarchies: hierarchies(bundle, manifest), recontracted: manifest.stats.recontracted ?? null};
}

/** Per mode, what its hierarchy's header says: nodes, shortcuts, seconds. */
function hierarchies(bundle, manifest) {
    const out = {};
    for (const [name, {file}] of Object.entries(manifest.sections)) {
        if (!name.startsWith('ch')) continue;
        const fd = fs.openSync(path.join(bundle, file), 'r');
        const head = Buffer.alloc(24);
        fs.readSync(fd, head, 0, 24, 0);
        const json = Buffer.alloc(head.readUInt32LE(8));
        fs.readSync(fd, json, 0, json.length, 24);
        fs.closeSync(fd);
        const {meta} = JSON.parse(json.toString('utf8'));
        out[meta.modeName] = {nodes: meta.nodeCount, shortcuts: meta.shortcuts, seconds: meta.seconds};
    }
    return out;
}

const summary = (r) => `${r.seconds.toFixed(0)} s (${r.cpuSeconds.toFixed(0)} CPU s), peak ${(r.peakRssMB / 1024).toFixed(1)} GiB`;

/** A copy of a bundle folder of hard links (cp -al). */
const linkCopy = (from, to) => {
    fs.rmSync(to, {recursive: true, force: true});
    if (spawnSync('cp', ['-al', from, to], {stdio: 'inherit'}).status !== 0) throw new Error(`cannot copy ${from} to ${to}`);
};

if (!process.argv.includes('--skip-build') || !results.build || !fs.existsSync(kept)) {
    fs.rmSync(out, {recursive: true, force: true});
    console.error(`full build of ${pbf} (${extract.roadNodes} road nodes) ...`);
    results.build = await runSampled([...heap, BUILD_REGION_SCRIPT, COUNTRY, '--regions-file', regionsFile, '--out', out, '--force'], env);
    linkCopy(out, kept);
    save();
} else {
    linkCopy(kept, out);
}
console.error(`full build: ${summary(results.build)}`);
if (process.argv.includes('--build-only')) process.exit(0);
results.updates = [];
const changeKinds = [['POIs and addresses', writePoiChanges], [`${roadCount} roads`, writeRoadChanges]];
const kinds = process.argv.includes('--pois-only') ? changeKinds.slice(0, 1) : process.argv.includes('--roads-only') ? changeKinds.slice(1) : changeKinds;
for (const [name, write] of kinds) {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.osc.gz`);
    const change = await write(file);
    console.error(`${name}: ${JSON.stringify(change)}, ${(fs.statSync(file).size / 1024).toFixed(0)} KB; update-region ...`);
    const run = await runSampled([...heap, ...profile, UPDATE_REGION_SCRIPT, COUNTRY, '--regions-file', regionsFile, '--out', out, '--changes', file], env);
    const update = {change: name, ...change, changeKB: fs.statSync(file).size / 1024, ...run, ...sections(path.join(out, COUNTRY)),
        ratio: run.seconds / results.build.seconds, cpuRatio: run.cpuSeconds / results.build.cpuSeconds};
    results.updates.push(update);
    save();
    console.error(`${name}: ${summary(run)}, ${(update.ratio * 100).toFixed(0)}% of the full build; reused ${update.reused.join(', ') || 'nothing'}; hierarchies ${JSON.stringify(update.hierarchies)}, nodes searched again ${JSON.stringify(update.recontracted)}`
        + (update.tilesPatched ? `; tiles patched: ${update.tilesPatched.cut} of ${update.tilesPatched.of} cut again for ${update.tilesPatched.changes} changed objects` : ''));
}

if (process.argv.includes('--verify')) {
    // The store's extract (every change applied) built from scratch: the same sections as the updated bundle?
    const state = JSON.parse(fs.readFileSync(path.join(out, `${COUNTRY}.osm`, 'state.json'), 'utf8'));
    const fresh = `${base}-fresh`, freshRegions = path.join(dir, 'regions-fresh.json');
    fs.writeFileSync(freshRegions, JSON.stringify({regions: [{country: COUNTRY, name: 'Synthetic country', osm: [path.join(out, `${COUNTRY}.osm`, state.file)], gtfs: [gtfs]}]}));
    const run = spawnSync(process.execPath, [...heap, BUILD_REGION_SCRIPT, COUNTRY, '--regions-file', freshRegions, '--out', fresh, '--force', '--quiet'], {stdio: 'inherit', env});
    if (run.status !== 0) throw new Error('the fresh build failed');
    const differ = [];
    for (const f of fs.readdirSync(path.join(fresh, COUNTRY)).filter((x) => x.endsWith('.bin')).sort()) {
        const digest = (d) => sectionDigest(fs.readFileSync(path.join(d, COUNTRY, f))).digest;
        if (digest(out) !== digest(fresh)) differ.push(f);
    }
    results.verify = differ.length ? `differ: ${differ.join(', ')}` : 'all the same';
    save();
    fs.rmSync(fresh, {recursive: true, force: true});
}

console.table([{run: 'full build', seconds: results.build.seconds, cpuSeconds: results.build.cpuSeconds, peakRssMB: results.build.peakRssMB},
    ...results.updates.map((u) => ({run: u.change, seconds: u.seconds, cpuSeconds: u.cpuSeconds, peakRssMB: u.peakRssMB, ratio: u.ratio,
        reused: u.reused.join(', '), rebuilt: u.rebuilt.join(', ')}))].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? +v.toFixed(2) : v]))));
for (const u of results.updates) {
    console.log(`\n${u.change}, per stage:`);
    console.table(u.stages.map((s) => ({stage: s.stage, seconds: +s.seconds.toFixed(1), cpuSeconds: +s.cpuSeconds.toFixed(1), peakRssMB: Math.round(s.peakRssMB)})));
}
if (results.verify) console.log(`updated bundle against a fresh build of the updated extract: ${results.verify}`);
process.stdout.write(`${JSON.stringify(results)}\n`);
