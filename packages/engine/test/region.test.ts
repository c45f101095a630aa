// Region bundles: build, skip when unchanged, nothing written on a broken source, reopen, query.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {Region, buildRegion, haversineMeters, queryPoints, regionSections} from '../src/internal.js';
import {dataRoot, testRegion} from './helpers.js';

const CENTER = 'pt-porto/porto-center-valhalla-2020.osm.pbf';

t.test('build, skip when unchanged, rebuild with --force', async (t) => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-region-'));
    t.teardown(() => fs.rmSync(out, {recursive: true, force: true}));
    const config = {country: 'PT', osm: [CENTER]};
    const first = buildRegion(config, {dataRoot, outDir: out, quiet: true});
    t.equal(first.skipped, false);
    const manifest = JSON.parse(fs.readFileSync(path.join(first.dir, 'manifest.json'), 'utf8'));
    t.equal(manifest.country, 'PT');
    t.equal(manifest.sources[0].date, '2020-07-20T10:27:03.000Z');
    t.match(manifest.sources[0].sha256, /^[0-9a-f]{64}$/);
    for (const f of ['roads.bin', 'pois.bin', 'places.bin', 'border.bin']) t.ok(fs.existsSync(path.join(first.dir, f)), f);
    const second = buildRegion(config, {dataRoot, outDir: out, quiet: true});
    t.equal(second.skipped, true, 'unchanged sources: skipped');
    const forced = buildRegion(config, {dataRoot, outDir: out, quiet: true, force: true});
    t.equal(forced.skipped, false);
    t.same(fs.readdirSync(out), ['PT'], 'no temporary folder left behind');
});

t.test('a corrupt extract names the file and block, and writes nothing', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-corrupt-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const bytes = fs.readFileSync(path.join(dataRoot, CENTER));
    const cut = path.join(dir, 'cut.osm.pbf');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const out = path.join(dir, 'out');
    t.throws(() => buildRegion({country: 'PT', osm: [cut]}, {dataRoot, outDir: out, quiet: true}), /cut\.osm\.pbf: block \d+ at byte \d+/);
    t.same(fs.existsSync(out) ? fs.readdirSync(out) : [], [], 'nothing written');
    t.throws(() => buildRegion({country: 'PT', osm: ['nowhere/missing.osm.pbf']}, {dataRoot, outDir: out, quiet: true}),
        /OSM extract not found: .*missing\.osm\.pbf.*QUARTIER_DATA/);
});

t.test('opening a missing bundle says how to build it', async (t) => {
    t.throws(() => Region.open(path.join(os.tmpdir(), 'no-such-region', 'BE')), /npx quartier build-region BE/);
});

t.test('the library: contains, points, nearest', async (t) => {
    const be = testRegion('BE');
    t.equal(be.contains(50.8467, 4.3525), true, 'Grand-Place is in Belgium');
    t.equal(be.contains(48.8566, 2.3522), false, 'Paris is not');
    const {items} = be.points({minLat: 50.844, minLon: 4.362, maxLat: 50.849, maxLon: 4.371, language: 'NL'});
    t.ok(items.length > 10);
    const P = regionSections(be).pois;
    t.same(queryPoints(P, be.catalog, {minLat: 50.844, minLon: 4.362, maxLat: 50.849, maxLon: 4.371, language: 'NL'}).items, items, 'points() asks queryPoints with the region\'s catalog');
    const isSupermarket = (i: number) => P.ct[i] === 3 && P.st[i] === 1;
    const named = (i: number) => P.name(i).length > 0;
    const nearest = P.nearestOfType(50.8461, 4.3664, 3, 1, 3, named);
    t.equal(nearest.length, 3);
    // Nearest really is nearest: brute force over every supermarket.
    const d = (i: number) => Math.hypot((P.lat[i] - 50.8461) * 111320, (P.lon[i] - 4.3664) * 111320 * Math.cos(50.8461 * Math.PI / 180));
    const all = Array.from({length: P.count}, (_, i) => i).filter((i) => isSupermarket(i) && named(i)).sort((a, b) => d(a) - d(b));
    t.same(nearest.map((i) => P.place[i]), all.slice(0, 3).map((i) => P.place[i]));
    t.ok(nearest.every(named));
    // Every sub-type of the region, from a few positions, one record per place (as the neighbourhood asks): the
    // places of that sub-type at the smallest distances.
    const types = new Set(Array.from({length: P.count}, (_, i) => P.ct[i] * 256 + P.st[i]));
    t.ok(types.size > 15, `${types.size} sub-types`);
    let checked = 0;
    for (const type of types) {
        const ct = type >> 8, st = type & 255;
        for (const [lat, lon] of [[50.8461, 4.3664], [50.80, 4.30], [50.89, 4.42]]) {
            const m = (i: number) => Math.round(haversineMeters(lat, lon, P.lat[i], P.lon[i]) * 1000);
            const seen = new Set<number>();
            const firstOfPlace = (i: number) => !seen.has(P.place[i]) && seen.add(P.place[i]) !== undefined;
            const found = P.nearestOfType(lat, lon, ct, st, 3, firstOfPlace, 5000);
            const places = new Map<number, number>();
            for (let i = 0; i < P.count; i++) if (P.ct[i] === ct && P.st[i] === st && m(i) <= 5e6) places.set(P.place[i], m(i));
            const brute = [...places.values()].sort((a, b) => a - b).slice(0, 3);
            t.ok(found.every((i) => P.ct[i] === ct && P.st[i] === st));
            if (JSON.stringify(found.map(m)) !== JSON.stringify(brute)) t.fail(`sub-type ${ct}/${st} at ${lat},${lon}: ${found.map(m)} against ${brute}`);
            checked++;
        }
    }
    t.equal(P.nearestOfType(50.8461, 4.3664, 250, 250, 3).length, 0, 'a sub-type the region lacks has no nearest record');
    t.pass(`${checked} searches of a sub-type equal brute force`);
});

t.test('POIs from nodes, ways and multipolygons with real tags', async (t) => {
    const de = regionSections(testRegion('DE')).pois;
    const types = new Set<number>();
    for (let i = 0; i < de.count; i++) types.add(de.osmType[i]);
    t.same([...types].sort(), [0, 1, 2], 'nodes, ways and relations all give POIs');
    const be = regionSections(testRegion('BE')).pois;
    // Brussels-Central station (railway=station) is a train station; a metro stop has its line badges.
    let metroWithLine = 0;
    for (let i = 0; i < be.count; i++) if (be.ct[i] === 2 && be.st[i] === 1 && be.subIcon[i] > 0) metroWithLine++;
    t.ok(metroWithLine > 20, `${metroWithLine} metro records with a line badge`);
    const badge = be.subIcon.find((s, i) => be.ct[i] === 2 && be.st[i] === 1 && s > 0)!;
    t.match(be.badgeText.get(badge), /^[1-6]$/, 'Brussels metro lines are 1 to 6');
    // Supermarket brands from the reference: Delhaize (variant 2) and Carrefour (variant 4).
    const variants = new Set<number>();
    for (let i = 0; i < be.count; i++) if (be.ct[i] === 3) variants.add(be.variant[i]);
    t.ok(variants.has(2) && variants.has(4), 'Delhaize and Carrefour variants');
    const mt = regionSections(testRegion('MT')).pois;
    const airport = Array.from({length: mt.count}, (_, i) => i).find((i) => mt.ct[i] === 2 && mt.st[i] === 8);
    t.ok(airport !== undefined, 'Malta International Airport');
    t.match(mt.sd(airport!), /"iata":"MLA"/);
});

t.test('addresses and places are kept with their languages', async (t) => {
    const be = regionSections(testRegion('BE')).places;
    t.ok(be.addressCount > 5000);
    const names = be.column('place_names', Uint32Array);
    const name = be.column('place_name', Uint32Array);
    let bilingual = 0;
    for (let i = 0; i < be.placeCount; i++) {
        const langs = JSON.parse(be.strings.get(names[i]));
        if (langs.FR && langs.NL) bilingual++;
        t.ok(be.strings.get(name[i]).length > 0);
    }
    t.ok(bilingual > 5, `${bilingual} places with FR and NL names`);
    t.ok(regionSections(testRegion('DE')).places.addressCount > 20000, 'Aachen house numbers');
});
