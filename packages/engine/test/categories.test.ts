// Category rules on a tiny hand-made extract (exact cases of common mis-tagging), and what /categories
// may list in a region: only transit modes it has, only brands configured for its country or present.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {Catalog, CategoryMatcher, Region, buildRegion, catalogScope, loadCategories, splitTypeId, regionSections} from '../src/internal.js';
import {OsmPbfWriter, type Tags} from '../src/osm/pbf-writer.js';
import {dataRoot} from './helpers.js';

const file = loadCategories();
const keyOf = new Map<number, string>();
for (const c of file.categories) for (const s of c.subtypes) keyOf.set((c.ct << 8) | s.st, s.key);

// Around Valletta (inside the Maltese border), one object every ~30 m along a street.
const LAT = 35.8990, LON = 14.5120;

interface Case {
    id: number;
    tags: Tags;
    /** sub-type keys the object must have (exactly) */
    expect: string[];
    /** placed inside the zoo's outline instead of along the street */
    inZoo?: boolean;
}

const CASES: Case[] = [
    {id: 101, tags: {amenity: 'car_sharing', name: 'Hertz Rent a Car'}, expect: []},
    {id: 102, tags: {amenity: 'car_sharing', name: 'Europcar'}, expect: []},
    {id: 103, tags: {amenity: 'car_sharing', name: 'GoTo Ħamrun', operator: 'GoTo'}, expect: ['carSharing']},
    {id: 111, tags: {historic: 'city_gate', name: 'City Gate'}, expect: []},
    {id: 112, tags: {historic: 'castle', castle_type: 'defensive', name: 'Fort St. Angelo'}, expect: ['castle']},
    {id: 121, tags: {amenity: 'childcare', name: 'Birkirkara FC Nursery', sport: 'soccer'}, expect: []},
    {id: 122, tags: {amenity: 'kindergarten', name: 'Hibernians Football Nursery'}, expect: []},
    {id: 123, tags: {amenity: 'childcare', club: 'sport', name: 'Little Lions'}, expect: []},
    {id: 124, tags: {amenity: 'childcare', name: 'Tiny Tots Childcare Centre'}, expect: ['nursery']},
    {id: 131, tags: {leisure: 'water_park', name: 'Piscine Victor Boin'}, expect: []},
    {id: 132, tags: {leisure: 'water_park', sport: 'swimming', name: 'Aquatic Centre'}, expect: []},
    {id: 133, tags: {leisure: 'water_park', name: 'Splash & Fun Water Park'}, expect: ['amusementPark']},
    {id: 134, tags: {tourism: 'theme_park', name: 'Popeye Village'}, expect: ['amusementPark']},
    // A Stadtbahn station (Heidelberg's RNV line 5): the station node is in no route, its stop area is.
    {id: 141, tags: {railway: 'station', name: 'Bismarckplatz', operator: 'Rhein-Neckar-Verkehr GmbH'}, expect: ['tram']},
    {id: 142, tags: {railway: 'tram_stop', public_transport: 'stop_position', name: 'Römerkreis'}, expect: ['tram']},
    {id: 143, tags: {railway: 'halt', name: 'Handschuhsheim'}, expect: ['tram']},
    {id: 144, tags: {railway: 'station', name: 'Heidelberg Hauptbahnhof'}, expect: ['trainStation']},
    {id: 151, tags: {shop: 'supermarket', name: 'Lidl'}, expect: ['supermarket']},
    {id: 152, tags: {shop: 'supermarket', name: 'Carrefour'}, expect: ['supermarket']},
    {id: 153, tags: {shop: 'supermarket', name: 'Safeway'}, expect: ['supermarket']},
    {id: 154, tags: {shop: 'supermarket', name: 'Tesco Metro', brand: 'Tesco'}, expect: ['supermarket']},
    // Inside the zoo drawn below: an enclosure mapped as a plain attraction is part of the zoo.
    {id: 161, tags: {tourism: 'attraction', name: 'Kleiner Panda'}, expect: [], inZoo: true},
    {id: 162, tags: {tourism: 'attraction', name: 'Manneken Pis'}, expect: ['attraction']},
    {id: 171, tags: {highway: 'bus_stop', name: 'Fixture Stop'}, expect: ['bus']},
    // "Academy" names a UK secondary school; in Malta it is a tuition centre, and no school level at all.
    {id: 181, tags: {amenity: 'school', name: 'Magister Academy'}, expect: []},
    // Three rooms of one congress centre, mapped as theatres ~33 m apart: one venue, named after the operator.
    {id: 191, tags: {amenity: 'theatre', name: 'Berlin', operator: 'Eurogress Fixture'}, expect: ['theatre']},
    {id: 192, tags: {amenity: 'theatre', name: 'Brüssel', operator: 'Eurogress Fixture'}, expect: []},
    {id: 193, tags: {amenity: 'theatre', name: 'Europa', operator: 'Eurogress Fixture', 'theatre:genre': 'philharmonic'}, expect: []}
];

function writeFixture(pbf: string): void {
    const w = new OsmPbfWriter(pbf, [LON - 0.01, LAT - 0.01, LON + 0.01, LAT + 0.01]);
    const road: number[] = [];
    for (let i = 0; i < 30; i++) {
        w.node(1 + i, LAT, LON + i * 0.0003);
        road.push(1 + i);
    }
    CASES.forEach((c, i) => w.node(c.id, c.inZoo ? LAT + 0.003 : LAT + 0.0002, LON + i * 0.0003, c.tags));
    // A zoo north of the street, around the enclosure.
    const zooLon = LON + CASES.findIndex((c) => c.inZoo) * 0.0003;
    w.node(301, LAT + 0.002, zooLon - 0.001);
    w.node(302, LAT + 0.002, zooLon + 0.001);
    w.node(303, LAT + 0.004, zooLon + 0.001);
    w.node(304, LAT + 0.004, zooLon - 0.001);
    // Stop positions of the Stadtbahn on the track.
    w.node(201, LAT - 0.0001, LON + 13 * 0.0003, {public_transport: 'stop_position', name: 'Bismarckplatz'});
    w.node(202, LAT - 0.0001, LON + 15 * 0.0003, {public_transport: 'stop_position', name: 'Handschuhsheim'});
    w.node(203, LAT - 0.0001, LON + 16 * 0.0003, {public_transport: 'stop_position', name: 'Heidelberg Hauptbahnhof'});
    w.way(1, road, {highway: 'residential', name: 'Triq il-Fixture'});
    w.way(2, [301, 302, 303, 304, 301], {tourism: 'zoo', name: 'Fixture Zoo'});
    w.relation(1, [{type: 'node', ref: 201, role: 'stop'}, {type: 'node', ref: 142, role: 'stop'}, {type: 'node', ref: 202, role: 'stop'}],
        {type: 'route', route: 'light_rail', ref: '5', name: 'RNV 5'});
    w.relation(2, [{type: 'node', ref: 142, role: 'stop'}], {type: 'route', route: 'tram', ref: '24'});
    w.relation(3, [{type: 'node', ref: 203, role: 'stop'}], {type: 'route', route: 'train', ref: 'S1'});
    w.relation(11, [{type: 'node', ref: 141}, {type: 'node', ref: 201, role: 'stop'}], {type: 'public_transport', public_transport: 'stop_area'});
    w.relation(12, [{type: 'node', ref: 143}, {type: 'node', ref: 202, role: 'stop'}], {type: 'public_transport', public_transport: 'stop_area'});
    w.relation(13, [{type: 'node', ref: 144}, {type: 'node', ref: 203, role: 'stop'}], {type: 'public_transport', public_transport: 'stop_area'});
    w.close();
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-categories-'));
t.teardown(() => fs.rmSync(out, {recursive: true, force: true}));
const pbf = path.join(out, 'fixture.osm.pbf');
writeFixture(pbf);
const built = buildRegion({country: 'MT', osm: [pbf]}, {dataRoot, outDir: out, quiet: true});
const region = Region.open(built.dir);

t.test('tightened rules: each hand-made object gets exactly its sub-types', async (t) => {
    const got = new Map<number, Set<string>>();
    const pois = regionSections(region).pois;
    for (let i = 0; i < pois.count; i++) {
        const {ct, st} = splitTypeId(pois.typeId(i));
        let set = got.get(pois.osmId[i]);
        if (!set) got.set(pois.osmId[i], set = new Set());
        set.add(keyOf.get((ct << 8) | st)!);
    }
    for (const c of CASES) {
        t.same([...(got.get(c.id) ?? [])].sort(), c.expect.slice().sort(), `${c.tags.name}: ${c.expect.join(', ') || 'nothing'}`);
    }
    t.same([...(got.get(2) ?? [])], ['zoo'], 'the zoo itself');
});

t.test('halls of one venue are one place under the operator\'s name', async (t) => {
    const names: string[] = [];
    const P = regionSections(region).pois;
    for (let i = 0; i < P.count; i++) if (P.osmId[i] === 191) names.push(P.name(i));
    t.same(names, ['Eurogress Fixture']);
});

t.test('naming habits of one country: rules and name exclusions per country', async (t) => {
    const tagsOf = (o: Record<string, string>) => {
        const entries = Object.entries(o);
        return {count: entries.length, key: (i: number) => entries[i][0], value: (i: number) => entries[i][1],
            get: (k: string) => o[k], has: (k: string) => k in o};
    };
    const keysFor = (country: string | null, tags: Record<string, string>) => {
        const m = new CategoryMatcher(file, country);
        const out: number[] = [];
        m.match(tagsOf(tags), out);
        return out.map((s) => m.subtypes[s].subtype.key).sort();
    };
    const academy = {amenity: 'school', name: 'Oakfield Academy'};
    t.same(keysFor('UK', academy), ['secondarySchool'], 'a UK academy is a secondary school');
    t.same(keysFor('MT', academy), [], 'a Maltese academy is no school level');
    const herculano = {amenity: 'school', name: 'Escola Alexandre Herculano'};
    t.same(keysFor('PT', herculano), [], 'a Portuguese school named after a person, no level: not claimed primary');
    t.same(keysFor('BE', herculano), ['elementarySchool'], 'the exclusion is Portugal\'s only');
    t.same(keysFor('PT', {amenity: 'school', name: 'Escola da Bandeirinha'}), ['elementarySchool'], 'named after its neighbourhood: primary');
    t.same(keysFor('PT', {amenity: 'school', name: 'Escola Básica de Miragaia'}), ['elementarySchool'], 'Escola Básica');
});

t.test('a chain is recognised by its name only where it trades', async (t) => {
    const brands = file.categories.find((c) => c.ct === 3)!.subtypes.find((s) => s.key === 'supermarket')!.brands!;
    const P = regionSections(region).pois;
    const variantOf = (id: number) => {
        for (let i = 0; i < P.count; i++) if (P.osmId[i] === id) return P.variant[i];
        return -1;
    };
    t.equal(variantOf(151), brands.find((b) => b.name === 'Lidl')!.variant, 'Lidl trades in Malta');
    t.equal(variantOf(153), 0, 'a Maltese shop named Safeway is not the Canadian chain');
});

t.test('/categories of a region lists only its modes and its brands', async (t) => {
    // What the catalog may list (the tree's layout is the server's: packages/server/test/answers.test.ts).
    t.same([...regionSections(region).pois.osmTransitRoutes], ['light_rail', 'train', 'tram'], 'route types stored in the bundle');
    const catalog = region.catalog;
    const transport = file.categories.find((c) => c.ct === 2)!;
    const listedKeys = (cat: Catalog) => transport.subtypes.filter((s) => cat.listed(transport.ct, s.st)).map((s) => s.key);
    const stopKeys = listedKeys(catalog).filter((k) => ['metro', 'tram', 'bus', 'trainStation'].includes(k));
    t.same(stopKeys.sort(), ['bus', 'trainStation', 'tram'], 'light rail without metro stations is no metro; a bus stop without mapped routes is still a bus stop');
    const supermarket = file.categories.find((c) => c.ct === 3)!.subtypes.find((s) => s.key === 'supermarket')!;
    const brands = catalog.listedBrands(3, supermarket).map((b) => b.name);
    t.ok(brands.includes("Welbee's"), 'a Maltese chain is offered in Malta');
    t.ok(brands.includes('Tesco'), 'a chain present in the data (by its brand tag) is offered');
    t.notOk(brands.includes('Carrefour'), 'nor a foreign chain by name only');
    t.notOk(brands.includes('Safeway'), 'nor a foreign chain by name only');
    t.notOk(brands.includes('Loblaws') || brands.includes('Rewe') || brands.includes('Delhaize'), 'no chain from elsewhere');
    const everything = new Catalog(regionSections(region).pois);
    t.ok(listedKeys(everything).length > listedKeys(catalog).length, 'without a scope the whole file is listed');
});
