// A region built from several extracts: two neighbouring, overlapping extracts give the same region as
// one extract holding their union (objects in both are counted once), and the same extract given twice
// gives the region of one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {CAR, Region, buildRegion, regionSections} from '../src/internal.js';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-multi-'));
t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));

type Node = [number, number, number, Record<string, string>?];
type Way = [number, number[], Record<string, string>];
type Relation = [number, {type: 'node' | 'way' | 'relation'; ref: number; role: string}[], Record<string, string>];

// Two districts of a town along 4.36° E; the middle street (way 20), its nodes, a school on it, a house
// (node 103), a building with two numbers (way 40) and the street relation are in both extracts, as
// neighbouring extracts overlap at their edge.
const west: {nodes: Node[]; ways: Way[]; relations: Relation[]} = {
    nodes: [[1, 50.840, 4.340], [2, 50.840, 4.350], [3, 50.845, 4.350], [4, 50.840, 4.360], [5, 50.845, 4.360],
        [100, 50.8405, 4.3550, {amenity: 'school', name: 'École du Milieu'}],
        [101, 50.8402, 4.3420, {amenity: 'school', name: 'École de l’Ouest'}],
        [103, 50.8401, 4.3552, {'addr:housenumber': '7', 'addr:street': 'Rue du Milieu'}],
        [104, 50.8398, 4.3560], [105, 50.8398, 4.3564], [106, 50.8396, 4.3564], [107, 50.8396, 4.3560],],
    ways: [[10, [1, 2], {highway: 'residential', name: 'Rue de l’Ouest'}], [11, [2, 3], {highway: 'residential', name: 'Rue du Nord'}],
        [20, [2, 4], {highway: 'residential', name: 'Rue du Milieu'}], [21, [4, 5], {highway: 'residential', name: 'Rue du Coin'}],
        [40, [104, 105, 106, 107, 104], {building: 'yes', 'addr:housenumber': '9;11', 'addr:street': 'Rue du Milieu'}]],
    relations: [[500, [{type: 'way', ref: 20, role: 'street'}, {type: 'node', ref: 100, role: 'house'}], {type: 'street', name: 'Rue du Milieu'}]]
};
const east: typeof west = {
    nodes: [[2, 50.840, 4.350], [4, 50.840, 4.360], [5, 50.845, 4.360], [6, 50.840, 4.370], [7, 50.845, 4.370],
        [100, 50.8405, 4.3550, {amenity: 'school', name: 'École du Milieu'}],
        [102, 50.8402, 4.3680, {amenity: 'school', name: 'École de l’Est'}],
        [103, 50.8401, 4.3552, {'addr:housenumber': '7', 'addr:street': 'Rue du Milieu'}],
        [104, 50.8398, 4.3560], [105, 50.8398, 4.3564], [106, 50.8396, 4.3564], [107, 50.8396, 4.3560],],
    ways: [[20, [2, 4], {highway: 'residential', name: 'Rue du Milieu'}], [21, [4, 5], {highway: 'residential', name: 'Rue du Coin'}],
        [30, [4, 6], {highway: 'residential', name: 'Rue de l’Est'}], [31, [6, 7], {highway: 'residential', name: 'Rue du Levant'}],
        [40, [104, 105, 106, 107, 104], {building: 'yes', 'addr:housenumber': '9;11', 'addr:street': 'Rue du Milieu'}]],
    relations: [[500, [{type: 'way', ref: 20, role: 'street'}, {type: 'node', ref: 100, role: 'house'}], {type: 'street', name: 'Rue du Milieu'}]]
};

function write(name: string, parts: typeof west[]): string {
    const file = path.join(dir, name);
    const w = new OsmPbfWriter(file, [4.33, 50.83, 4.38, 50.85]);
    const byId = <T extends [number, ...unknown[]]>(list: T[]): T[] => [...new Map(list.map((x) => [x[0], x])).values()].sort((a, b) => a[0] - b[0]);
    for (const [id, lat, lon, tags] of byId(parts.flatMap((p) => p.nodes))) w.node(id, lat, lon, tags);
    for (const [id, refs, tags] of byId(parts.flatMap((p) => p.ways))) w.way(id, refs, tags);
    for (const [id, members, tags] of byId(parts.flatMap((p) => p.relations))) w.relation(id, members, tags);
    w.close();
    return file;
}

function build(name: string, osm: string[]): Region {
    const out = path.join(dir, name);
    buildRegion({country: 'BE', name, osm}, {dataRoot: dir, outDir: out, quiet: true});
    return Region.open(path.join(out, 'BE'));
}

const westFile = write('west.osm.pbf', [west]), eastFile = write('east.osm.pbf', [east]), unionFile = write('union.osm.pbf', [west, east]);
const union = build('union', [unionFile]);
const both = build('both', [westFile, eastFile]);
const twice = build('twice', [westFile, westFile]);
const single = build('single', [westFile]);

/** What a region holds, counted: road nodes and arcs, POIs, geocoder features and addresses, map features. */
function counts(r: Region): Record<string, number> {
    const {roads, pois, places, map} = regionSections(r);
    return {roadNodes: roads.nodeCount, roadArcs: roads.arcCount, pois: pois.count, places: places.featureCount,
        addresses: places.addressCount, map: map.bands[0].count};
}

t.test('two overlapping extracts make the region of their union', async (t) => {
    t.same(counts(both), counts(union));
    const bothPois = regionSections(both).pois;
    const schools = bothPois.inBox(50.83, 4.33, 50.85, 4.38).map((i) => bothPois.name(i)).sort();
    t.same(schools, ['École de l’Est', 'École de l’Ouest', 'École du Milieu'], 'the school in both extracts is one POI');
    t.equal(both.geocoder.search('Rue du Milieu').filter((r) => r.name === 'Rue du Milieu' || r.street === 'Rue du Milieu').length, 1, 'the street in both is one street');
    t.equal(regionSections(both).places.addressCount, 3, 'the house and the building in both are three addresses (7, 9 and 11), not six');
    for (const number of ['7', '9', '11']) {
        const found = both.geocoder.search(`${number} Rue du Milieu`).filter((r) => r.housenumber === number && r.street === 'Rue du Milieu');
        t.equal(found.length, 1, `${number} Rue du Milieu is found once`);
    }
    const route = both.router.route(CAR, 50.840, 4.341, 50.8449, 4.370);
    t.ok(route.time > 0, 'a route crosses from one extract into the other');
    t.same([route.time, route.distance], [union.router.route(CAR, 50.840, 4.341, 50.8449, 4.370).time, union.router.route(CAR, 50.840, 4.341, 50.8449, 4.370).distance], 'as in the union');
});

t.test('the same extract twice is the region of one', async (t) => {
    t.same(counts(twice), counts(single));
});
