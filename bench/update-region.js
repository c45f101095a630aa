// Bringing a region up to date (issue 28): `update-region` (an older extract + the real OSM change file to a newer
// one, applied with osmium-tool, then the bundle rebuilt) against a full build of the newer extract, on Malta
// (2016-11-09 -> 2018-08-27) and Rutland (2018-02-27 -> 2022-07-20) (../shared/data/SOURCES.md). Each region is
// built from its older extract first (not timed), in a temporary folder with regions files of its own; then one
// round of each, each in a process of its own as `quartier update-region` and `quartier build-region` run them:
// the update (applying the changes, and building) and the full build, their wall seconds, their CPU
// seconds (this process and osmium; steadier than wall time on a shared machine) and the ratios. Last, whether the two bundles' sections are the same by content (tools/answer-corpus-bundles.js; the
// answers are compared with tools/answer-corpus.js, see docs/regions.md "Updating a region"). Then, on the updated
// region, a change of POIs only (--pois new shops and cafés with addresses, made here): the sections that
// reuse the previous bundle's (the road graph being the same) and the time against the full build.
//   npx tsc -b && node bench/update-region.js [--regions MT,UK] [--dir /tmp/quartier-update-bench]
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {dataRoot, readManifest, withHugePages} from '@quartier/engine/internal';
import {BUILD_REGION_SCRIPT, UPDATE_REGION_SCRIPT} from '@quartier/server';
import zlib from 'node:zlib';
import {arg} from './lib/args.js';
import {mulberry32} from './lib/stats.js';
import {sectionDigest} from '../tools/answer-corpus-bundles.js';

const PAIRS = {
    MT: {name: 'Malta', wholeCountry: true, older: 'mt-malta/updates/malta-2016-11-09.osm.pbf', newer: 'mt-malta/malta-latest-2018-08-27.osm.pbf',
        changes: 'mt-malta/updates/malta-2016-11-09-to-2018-08-27.osc.gz', poiBox: [14.40, 35.87, 14.52, 35.93]},
    UK: {name: 'Rutland', older: 'uk-rutland/updates/rutland-2018-02-27.osm.pbf', newer: 'uk-rutland/rutland-2022-07-20.osm.pbf',
        changes: 'uk-rutland/updates/rutland-2018-02-27-to-2022-07-20.osc.gz', poiBox: [-0.75, 52.60, -0.55, 52.70]}
};
const poiCount = Number(arg('pois', 300));
const wanted = arg('regions', 'MT,UK').split(',').map((c) => c.trim().toUpperCase());
const dir = path.resolve(arg('dir', '/tmp/quartier-update-bench'));
const root = dataRoot();
fs.rmSync(dir, {recursive: true, force: true});
fs.mkdirSync(dir, {recursive: true});

/** A regions file of one region, in the bench's folder. */
function regionsFile(cc, osm) {
    const {name, wholeCountry} = PAIRS[cc];
    const file = path.join(dir, `${cc}-${path.basename(osm, '.osm.pbf')}.json`);
    fs.writeFileSync(file, JSON.stringify({regions: [{country: cc, name, ...(wholeCountry ? {wholeCountry} : {}), osm: [osm]}]}));
    return file;
}

/** Runs a quartier command's script; its wall and CPU seconds (cpuSeconds counts the children waited for). */
function run(script, args) {
    const t = performance.now(), cpu = cpuSeconds();
    const r = spawnSync(process.execPath, [script, ...args, '--data', root, '--quiet'], {stdio: ['ignore', 'inherit', 'inherit'], env: withHugePages()});
    if (r.status !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} failed (exit ${r.status})`);
    return {seconds: (performance.now() - t) / 1000, cpu: cpuSeconds() - cpu};
}

/** CPU seconds of this process and of its children waited for (osmium), from /proc (Linux): what a quiet machine's wall time would be. */
function cpuSeconds() {
    const {user, system} = process.cpuUsage();
    const stat = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), in clock ticks (100 a second on Linux).
    return (user + system) / 1e6 + (Number(stat[13]) + Number(stat[14])) / 100;
}

function sameSections(a, b) {
    const differ = [];
    for (const f of fs.readdirSync(a).filter((x) => x.endsWith('.bin')).sort()) {
        if (sectionDigest(fs.readFileSync(path.join(a, f))).digest !== sectionDigest(fs.readFileSync(path.join(b, f))).digest) differ.push(f);
    }
    return differ;
}

/** An osmChange file creating `poiCount` shops and cafés with addresses at random places of a box (lon, lat, lon, lat). */
function writePoiChanges(file, bbox) {
    const random = mulberry32(28);
    const kinds = [['shop', 'bakery'], ['shop', 'supermarket'], ['amenity', 'cafe'], ['amenity', 'pharmacy'], ['shop', 'hairdresser']];
    const nodes = [];
    for (let i = 0; i < poiCount; i++) {
        const lon = (bbox[0] + random() * (bbox[2] - bbox[0])).toFixed(7), lat = (bbox[1] + random() * (bbox[3] - bbox[1])).toFixed(7);
        const [k, v] = kinds[i % kinds.length];
        nodes.push(`<node id="${9_000_000_000 + i}" version="1" timestamp="2026-01-01T00:00:00Z" lat="${lat}" lon="${lon}">`
            + `<tag k="${k}" v="${v}"/><tag k="name" v="Bench ${v} ${i}"/><tag k="addr:street" v="Bench Street"/><tag k="addr:housenumber" v="${i + 1}"/></node>`);
    }
    fs.writeFileSync(file, zlib.gzipSync(`<?xml version="1.0" encoding="UTF-8"?>\n<osmChange version="0.6" generator="bench/update-region.js">\n<create>\n${nodes.join('\n')}\n</create>\n</osmChange>\n`));
}

const rows = [];
for (const cc of wanted) {
    const pair = PAIRS[cc];
    if (!pair) throw new Error(`no update pair for ${cc}: give --regions ${Object.keys(PAIRS).join(',')}`);
    const updated = path.join(dir, 'updated'), fresh = path.join(dir, 'fresh');
    const older = regionsFile(cc, pair.older);
    run(BUILD_REGION_SCRIPT, [cc, '--regions-file', older, '--out', updated, '--force']);
    const update = run(UPDATE_REGION_SCRIPT, [cc, '--regions-file', older, '--out', updated, '--changes', path.join(root, pair.changes)]);
    const full = run(BUILD_REGION_SCRIPT, [cc, '--regions-file', regionsFile(cc, pair.newer), '--out', fresh, '--force']);
    const state = JSON.parse(fs.readFileSync(path.join(updated, `${cc}.osm`, 'state.json'), 'utf8'));
    const differ = sameSections(path.join(updated, cc), path.join(fresh, cc));
    rows.push({region: `${cc} (${pair.name})`, changeMB: +(fs.statSync(path.join(root, pair.changes)).size / 1e6).toFixed(2),
        updateSeconds: +update.seconds.toFixed(2), fullBuildSeconds: +full.seconds.toFixed(2), ratio: +(update.seconds / full.seconds).toFixed(2),
        updateCpu: +update.cpu.toFixed(2), fullBuildCpu: +full.cpu.toFixed(2), cpuRatio: +(update.cpu / full.cpu).toFixed(2),
        roadNodes: readManifest(path.join(fresh, cc)).stats.roads.nodes, changesApplied: state.changes.length,
        sections: differ.length === 0 ? 'all the same' : `differ: ${differ.join(', ')}`, reused: readManifest(path.join(updated, cc)).reused.join(', ')});
    // POIs only, on the region just updated.
    const pois = path.join(dir, `${cc}-pois.osc.gz`);
    writePoiChanges(pois, pair.poiBox);
    const poiUpdate = run(UPDATE_REGION_SCRIPT, [cc, '--regions-file', older, '--out', updated, '--changes', pois]);
    rows.push({region: `${cc} (${pair.name}), ${poiCount} new POIs`, changeMB: +(fs.statSync(pois).size / 1e6).toFixed(3),
        updateSeconds: +poiUpdate.seconds.toFixed(2), fullBuildSeconds: +full.seconds.toFixed(2), ratio: +(poiUpdate.seconds / full.seconds).toFixed(2),
        updateCpu: +poiUpdate.cpu.toFixed(2), fullBuildCpu: +full.cpu.toFixed(2), cpuRatio: +(poiUpdate.cpu / full.cpu).toFixed(2),
        roadNodes: readManifest(path.join(updated, cc)).stats.roads.nodes,
        changesApplied: JSON.parse(fs.readFileSync(path.join(updated, `${cc}.osm`, 'state.json'), 'utf8')).changes.length, sections: '', reused: readManifest(path.join(updated, cc)).reused.join(', ')});
}
console.table(rows);
process.stdout.write(`${JSON.stringify(rows)}\n`);
fs.rmSync(dir, {recursive: true, force: true});
