// The vector tiles' OpenMapTiles fields checked against the OSM extracts they were cut from: road refs
// and route networks, surface and service, peaks' and aerodromes' elevations and codes, localities,
// parks in the park layer, POI ranks per label-grid cell, road pieces merged below zoom 14 without
// losing length, what the lowest zooms show, and the world around the region at zooms 0–5 (Natural
// Earth). Tiles are decoded with @mapbox/vector-tile.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {VectorTile, type VectorTileFeature} from '@mapbox/vector-tile';
import {PbfReader} from 'pbf';
import {mercatorX, mercatorY, NATURAL_EARTH_MAX_ZOOM, NaturalEarth, readOsmPbf, TileBuilder, WORLD, type Region, regionSections} from '../src/internal.js';
import {dataRoot, testRegion} from './helpers.js';

interface Feature {
    type: number;
    properties: Record<string, string | number | boolean>;
    geometry: {x: number; y: number}[][];
    /** The tile it came from. */
    tile: [number, number, number];
}

function decode(region: Region, z: number, x: number, y: number): VectorTile | null {
    const gz = regionSections(region).tiles.get(z, x, y);
    return gz === null ? null : new VectorTile(new PbfReader(zlib.gunzipSync(gz)));
}

function featuresOf(vt: VectorTile | null, layer: string, tile: [number, number, number]): Feature[] {
    const l = vt?.layers[layer];
    const out: Feature[] = [];
    for (let i = 0; l && i < l.length; i++) {
        const f: VectorTileFeature = l.feature(i);
        out.push({type: f.type, properties: f.properties as Feature['properties'], geometry: f.loadGeometry(), tile});
    }
    return out;
}

/** Every feature of a layer in the region's stored tiles of a zoom. */
function layerAt(region: Region, z: number, layer: string): Feature[] {
    const [w, s, e, n] = regionSections(region).tiles.bounds;
    const size = WORLD / 2 ** z;
    const out: Feature[] = [];
    for (let x = Math.floor(mercatorX(w) / size); x <= Math.floor(mercatorX(e) / size); x++) {
        for (let y = Math.floor(mercatorY(n) / size); y <= Math.floor(mercatorY(s) / size); y++) {
            out.push(...featuresOf(decode(region, z, x, y), layer, [z, x, y]));
        }
    }
    return out;
}

function tileOf(lat: number, lon: number, z: number): [number, number, number] {
    const size = WORLD / 2 ** z;
    return [z, Math.floor(mercatorX(lon) / size), Math.floor(mercatorY(lat) / size)];
}

interface OsmPoint {name: string; lat: number; lon: number; tags: Record<string, string>}

/** Named nodes of an extract whose tags match. */
function osmNodes(file: string, match: (get: (k: string) => string | undefined) => boolean): OsmPoint[] {
    const out: OsmPoint[] = [];
    readOsmPbf(path.join(dataRoot, file), {
        node: (n) => {
            if (n.tags.count === 0 || !n.tags.get('name') || !match((k) => n.tags.get(k))) return;
            const tags: Record<string, string> = {};
            for (let i = 0; i < n.tags.count; i++) tags[n.tags.key(i)] = n.tags.value(i);
            out.push({name: tags.name, lat: n.lat, lon: n.lon, tags});
        }
    });
    return out;
}

t.test('roads carry their ref and route network; motorways without a name are labelled by ref', async (t) => {
    const be = testRegion('BE');
    const names = layerAt(be, 12, 'transportation_name').filter((f) => f.properties.class === 'motorway');
    const e19 = names.filter((f) => f.properties.ref === 'E19');
    // The E19 runs in the region as a way tagged ref=E19 and a member of an e-road route relation.
    t.ok(e19.length > 0 && e19.every((f) => f.properties.network === 'e-road'), `E19 pieces at z12 are in the e-road network (${e19.length})`);
    const a12 = names.find((f) => f.properties.ref === 'A12');
    t.equal(a12?.properties.network, 'road', 'A12 is a national road');
    t.ok(names.every((f) => !f.properties.ref || f.properties.ref_length === String(f.properties.ref).length), 'ref_length is the length of ref');
    t.ok(names.some((f) => f.properties.ref && !f.properties.name), 'an unnamed motorway is still labelled by its ref');

    // Porto's extract has no route relations: its motorways and national roads carry their own refs.
    const pt = layerAt(testRegion('PT'), 12, 'transportation_name');
    const refs = new Set(pt.map((f) => f.properties.ref));
    for (const ref of ['A 3', 'A 4', 'A 28', 'A 41', 'EN 12']) t.ok(refs.has(ref), `Porto's ${ref}`);
    t.ok(pt.every((f) => !f.properties.ref || f.properties.network === 'road'), 'all in the default network');
});

t.test('surface and service from zoom 12, not below', async (t) => {
    const pt = testRegion('PT');
    const z14 = layerAt(pt, 14, 'transportation');
    t.ok(z14.some((f) => f.properties.class === 'track' && f.properties.surface === 'unpaved'), 'unpaved tracks');
    t.ok(z14.some((f) => f.properties.class === 'motorway' && f.properties.surface === 'paved'), 'paved motorways');
    t.ok(z14.every((f) => f.properties.surface === undefined || f.properties.surface === 'paved' || f.properties.surface === 'unpaved'), 'surface is paved or unpaved');
    t.ok(z14.some((f) => f.properties.class === 'service' && f.properties.service === 'parking_aisle'), 'parking aisles');
    t.ok(z14.some((f) => f.properties.class === 'service' && f.properties.service === 'driveway'), 'driveways');
    const z11 = layerAt(pt, 11, 'transportation');
    t.ok(z11.length > 0 && z11.every((f) => f.properties.surface === undefined && f.properties.service === undefined), 'none at z11');
});

t.test("every named peak of the extracts, with the OSM node's elevation", async (t) => {
    for (const [cc, file] of [['DE', 'de-aachen/aachen.osm.pbf'], ['MT', 'mt-malta/malta-latest-2018-08-27.osm.pbf']]) {
        const region = testRegion(cc);
        const peaks = osmNodes(file, (get) => get('natural') === 'peak').filter((p) => regionSections(region).coverage.contains(p.lat, p.lon));
        t.ok(peaks.length >= 3, `${cc}: ${peaks.length} named peaks in the extract`);
        for (const p of peaks) {
            const z = 12, [, x, y] = tileOf(p.lat, p.lon, z);
            const found = featuresOf(decode(region, z, x, y), 'mountain_peak', [z, x, y]).filter((f) => f.properties.name === p.name);
            t.equal(found.length, 1, `${cc} ${p.name} at z12`);
            const ele = p.tags.ele === undefined ? undefined : Math.round(Number(p.tags.ele));
            t.equal(found[0]?.properties.ele, ele, `${p.name}: ele ${p.tags.ele}`);
            t.equal(found[0]?.properties.ele_ft, ele === undefined ? undefined : Math.round(ele * 3.2808399), `${p.name}: ele_ft`);
            t.equal(found[0]?.properties.class, 'peak');
        }
    }
    // Ranked by elevation within the tile: rank 1 is the highest.
    const de = layerAt(testRegion('DE'), 12, 'mountain_peak');
    for (const f of de) {
        const higher = de.filter((g) => g.tile[1] === f.tile[1] && g.tile[2] === f.tile[2] && (g.properties.ele as number) > (f.properties.ele as number));
        t.equal(f.properties.rank, higher.length + 1, `${f.properties.name} ranks ${f.properties.rank}`);
    }
});

t.test('aerodromes: class from aerodrome:type, IATA, ICAO and elevation as tagged', async (t) => {
    const mt = layerAt(testRegion('MT'), 10, 'aerodrome_label');
    const mla = mt.find((f) => f.properties.iata === 'MLA');
    // OSM: aeroway=aerodrome, aerodrome:type=public, iata=MLA, icao=LMML, ele=91.
    t.same(mla && {cls: mla.properties.class, icao: mla.properties.icao, ele: mla.properties.ele, ft: mla.properties.ele_ft},
        {cls: 'public', icao: 'LMML', ele: 91, ft: 299}, 'Malta International Airport');
    t.ok(mt.some((f) => f.properties.class === 'other' && f.properties.iata === undefined), 'a heliport with no type or codes is other');
    const it = layerAt(testRegion('IT'), 10, 'aerodrome_label');
    const linate = it.find((f) => f.properties.name === 'Milano Linate');
    t.same(linate && [linate.properties.class, linate.properties.iata, linate.properties.icao, linate.properties.ele], ['other', 'LIN', 'LIML', undefined],
        'Linate: codes, no type or elevation tagged');
    t.equal(it.find((f) => f.properties.icao === 'LIMB')?.properties.iata, undefined, 'Bresso has an ICAO code only');
});

t.test('localities are places at zoom 14', async (t) => {
    const be = testRegion('BE');
    const localities = osmNodes('be-brussels/osm/brussels_capital_region-2013-01-01.osm.pbf', (get) => get('place') === 'locality')
        .filter((p) => regionSections(be).coverage.contains(p.lat, p.lon));
    t.ok(localities.length >= 10, `${localities.length} localities in the coverage`);
    const shown = new Set(layerAt(be, 14, 'place').filter((f) => f.properties.class === 'locality').map((f) => f.properties.name));
    const missing = localities.filter((p) => !shown.has(p.name)).map((p) => p.name);
    t.same(missing, [], 'every locality is shown');
    t.notOk(layerAt(be, 13, 'place').some((f) => f.properties.class === 'locality'), 'not below 14');
});

t.test('parks in the park layer with their names, and label points', async (t) => {
    const be = testRegion('BE');
    const parks = layerAt(be, 14, 'park');
    const areas = parks.filter((f) => f.type === 3 && f.properties.class === 'park');
    t.ok(areas.length > 50, `${areas.length} park areas`);
    const labels = parks.filter((f) => f.type === 1 && f.properties.class === 'park' && f.properties.name);
    t.ok(labels.length > 20, `${labels.length} park label points`);
    const parcDeBruxelles = labels.find((f) => /Parc de Bruxelles/.test(String(f.properties.name)));
    t.ok(parcDeBruxelles, 'the Parc de Bruxelles is labelled');
    t.ok(labels.some((f) => f.properties['name:nl'] && f.properties['name:fr']), 'with its French and Dutch names');
    // Ranked 1, 2, ... in each tile.
    const byTile = new Map<string, number[]>();
    for (const f of parks.filter((p) => p.type === 1)) byTile.set(f.tile.join('/'), [...(byTile.get(f.tile.join('/')) ?? []), f.properties.rank as number]);
    t.ok([...byTile.values()].every((ranks) => ranks.sort((a, b) => a - b).every((r, i) => r === i + 1)), `label points ranked in ${byTile.size} tiles`);
    // The parks stay grass land cover too, as in OpenMapTiles.
    t.ok(layerAt(be, 14, 'landcover').some((f) => f.properties.subclass === 'park'), 'and landcover grass/park');
});

t.test('POIs are ranked per 100-pixel label-grid cell by OpenMapTiles class rank', async (t) => {
    const classRank = (c: unknown): number => ({hospital: 20, railway: 40, bus: 50, attraction: 70, college: 80, school: 85, stadium: 90,
        zoo: 95, town_hall: 100, campsite: 110, cemetery: 115, park: 120, library: 130, police: 135, post: 140, shop: 400, grocery: 500,
        fast_food: 600, clothing_store: 700, bar: 800} as Record<string, number>)[String(c)] ?? 1000;
    const [z, x, y] = tileOf(50.8466, 4.3528, 14);
    const pois = featuresOf(decode(testRegion('BE'), z, x, y), 'poi', [z, x, y]);
    t.ok(pois.length > 50, `${pois.length} POIs`);
    // A cell is 100/256 of a tile, on a grid aligned with the world.
    const cellOf = (f: Feature): string => {
        const p = f.geometry[0][0], cell = 4096 * 100 / 256;
        return `${Math.floor((x * 4096 + p.x) / cell)}/${Math.floor((y * 4096 + p.y) / cell)}`;
    };
    const cells = new Map<string, Feature[]>();
    for (const f of pois) cells.set(cellOf(f), [...(cells.get(cellOf(f)) ?? []), f]);
    t.ok(cells.size >= 4, `${cells.size} cells`);
    for (const [cell, list] of cells) {
        list.sort((a, b) => (a.properties.rank as number) - (b.properties.rank as number));
        t.same(list.map((f) => f.properties.rank), list.map((_, i) => i + 1), `cell ${cell}: ranks 1..${list.length}`);
        t.ok(list.every((f, i) => i === 0 || classRank(list[i - 1].properties.class) <= classRank(f.properties.class)), `cell ${cell}: by class rank`);
    }
});

/** Length of a line inside the tile's own box (not its buffer), in tile units. */
function clippedLength(line: {x: number; y: number}[]): number {
    let length = 0;
    for (let i = 1; i < line.length; i++) {
        const a = line[i - 1], b = line[i];
        let t0 = 0, t1 = 1;
        const dx = b.x - a.x, dy = b.y - a.y;
        let inside = true;
        for (const [p, q] of [[-dx, a.x], [dx, 4096 - a.x], [-dy, a.y], [dy, 4096 - a.y]]) {
            if (p === 0) {
                if (q < 0) inside = false;
                continue;
            }
            const r = q / p;
            if (p < 0) t0 = Math.max(t0, r);
            else t1 = Math.min(t1, r);
        }
        if (inside && t1 > t0) length += Math.hypot(dx, dy) * (t1 - t0);
    }
    return length;
}

t.test('below zoom 14 road pieces of equal attributes are one feature, with the same length', async (t) => {
    const be = testRegion('BE');
    const MAIN = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary']);
    const [, x, y] = tileOf(50.8466, 4.3528, 13);
    const z13 = featuresOf(decode(be, 13, x, y), 'transportation', [13, x, y]).filter((f) => f.type === 2);
    const keys = z13.map((f) => JSON.stringify(f.properties));
    t.equal(new Set(keys).size, keys.length, `z13: one feature per set of attributes (${keys.length})`);
    // The same roads in the four z14 tiles beneath (full detail, one feature per map-data line).
    let length13 = 0, length14 = 0, count14 = 0, count13 = 0;
    for (const f of z13) {
        if (!MAIN.has(String(f.properties.class))) continue;
        count13++;
        for (const line of f.geometry) length13 += clippedLength(line);
    }
    for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const tile: [number, number, number] = [14, x * 2 + dx, y * 2 + dy];
        for (const f of featuresOf(decode(be, ...tile), 'transportation', tile)) {
            if (f.type !== 2 || !MAIN.has(String(f.properties.class))) continue;
            count14++;
            // z14 units are half of z13's.
            for (const line of f.geometry) length14 += clippedLength(line) / 2;
        }
    }
    t.ok(count13 * 10 < count14, `main roads: ${count13} features at z13, ${count14} in the z14 tiles`);
    t.ok(Math.abs(length13 - length14) / length14 < 0.03, `total length z13 ${length13.toFixed(0)} vs z14 ${length14.toFixed(0)} (within 3%)`);
    // Within a feature the lines are joined as far as they go: no line ends where another begins
    // (in the direction of travel on one-way roads; anywhere on the others).
    let unjoined = 0, lines = 0;
    for (const f of z13) {
        const key = (p: {x: number; y: number}) => `${p.x},${p.y}`;
        const starts = new Map<string, number>(), ends = new Map<string, number>();
        for (const line of f.geometry) {
            lines++;
            if (key(line[0]) === key(line[line.length - 1])) continue;
            starts.set(key(line[0]), (starts.get(key(line[0])) ?? 0) + 1);
            ends.set(key(line[line.length - 1]), (ends.get(key(line[line.length - 1])) ?? 0) + 1);
        }
        for (const [p, n] of ends) {
            if (f.properties.oneway === 1) unjoined += starts.has(p) ? 1 : 0;
            else unjoined += (starts.get(p) ?? 0) + n - 1;
        }
        if (f.properties.oneway !== 1) for (const n of starts.values()) unjoined += n - 1;
    }
    t.equal(unjoined, 0, `${lines} lines at z13, none could be joined further`);
});

t.test('the lowest zooms show the region outline, its city and the sea', async (t) => {
    const be = testRegion('BE');
    for (const z of [2, 3]) {
        const [, x, y] = tileOf(50.8466, 4.3528, z);
        const vt = decode(be, z, x, y);
        const city = featuresOf(vt, 'place', [z, x, y]).filter((f) => f.properties.class !== 'country');
        t.same(city.map((f) => [f.properties.class, f.properties['name:fr'], f.properties.rank]), [['city', 'Bruxelles', 1]], `z${z}: Brussels`);
        t.ok(featuresOf(vt, 'boundary', [z, x, y]).some((f) => (f.properties.admin_level as number) <= 4), `z${z}: the region's border`);
    }
    const [, x, y] = tileOf(35.9, 14.45, 0);
    t.ok(featuresOf(decode(testRegion('MT'), 0, x, y), 'water', [0, x, y]).some((f) => f.properties.class === 'ocean'), 'z0: the sea around Malta');
});

/** Twice the signed area of a ring in tile coordinates (y down): positive for the vector tile spec's exterior rings. */
function ringArea(ring: {x: number; y: number}[]): number {
    let sum = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
    return sum;
}

/** Whether a point lies strictly inside a ring (even-odd; on the edge counts as outside for a vertex shared with it). */
function inRing(ring: {x: number; y: number}[], p: {x: number; y: number}): boolean {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const a = ring[i], b = ring[j];
        if (a.x === p.x && a.y === p.y) return false;
        if ((a.y > p.y) !== (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) inside = !inside;
    }
    return inside;
}

/** Whether a world point lies in a polygon feature of a tile (even-odd over all its rings). */
function covers(feature: Feature, lat: number, lon: number): boolean {
    const [z, x, y] = feature.tile;
    const unit = WORLD / 2 ** z / 4096;
    const px = (mercatorX(lon) - x * WORLD / 2 ** z) / unit, py = (mercatorY(lat) - y * WORLD / 2 ** z) / unit;
    let inside = false;
    for (const ring of feature.geometry) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const a = ring[i], b = ring[j];
            if ((a.y > py) !== (b.y > py) && px < (b.x - a.x) * (py - a.y) / (b.y - a.y) + a.x) inside = !inside;
        }
    }
    return inside;
}

function segmentDistance(px: number, py: number, a: {x: number; y: number}, b: {x: number; y: number}): number {
    const dx = b.x - a.x, dy = b.y - a.y;
    const k = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(a.x + k * dx - px, a.y + k * dy - py);
}

function oceanAt(region: Region, lat: number, lon: number, z: number): Feature[] {
    const at = tileOf(lat, lon, z);
    return featuresOf(decode(region, ...at), 'water', at).filter((f) => f.properties.class === 'ocean');
}

t.test('zooms 0–5: the ocean from Natural Earth, a valid polygon with the land cut out', async (t) => {
    const be = testRegion('BE');
    // [lat, lon, sea?]: the Atlantic, the North Sea, the Caspian (a sea inside the land), Brussels, central Germany, the Sahara.
    const probes: [number, number, boolean][] = [[0, -30, true], [52.8, 3, true], [42, 51, true], [50.85, 4.35, false], [51, 10, false], [24, 10, false]];
    for (let z = 0; z <= 5; z++) {
        for (const [lat, lon, sea] of probes) {
            if (z >= 4 && Math.abs(lon - 4.35) > 8) continue; // zooms 4–5 hold the tiles near the region only
            const ocean = oceanAt(be, lat, lon, z);
            t.ok(ocean.length <= 1, `z${z} ${lat},${lon}: at most one ocean feature per tile`);
            t.equal(ocean.some((f) => covers(f, lat, lon)), sea, `z${z} ${lat},${lon} is ${sea ? 'sea' : 'land'}`);
        }
    }
    // Every ocean polygon of every stored tile of zooms 0–3: rings closed, exterior first (positive area), holes negative.
    let polygons = 0, bad = 0, nestedHoles = 0;
    for (let z = 0; z <= 3; z++) {
        for (let x = 0; x < 2 ** z; x++) {
            for (let y = 0; y < 2 ** z; y++) {
                for (const f of featuresOf(decode(be, z, x, y), 'water', [z, x, y])) {
                    if (f.properties.class !== 'ocean') continue;
                    t.equal(f.type, 3, 'a polygon');
                    const areas = f.geometry.map(ringArea);
                    if (areas[0] <= 0 || areas.some((a) => a === 0)) bad++;
                    polygons += areas.filter((a) => a > 0).length;
                    // Each polygon (an exterior and the holes after it): no hole inside another (an island of the
                    // Caspian belongs to the Caspian's polygon, not to the sea's with the land around it).
                    for (let r = 0; r < f.geometry.length;) {
                        let end = r + 1;
                        while (end < f.geometry.length && areas[end] < 0) end++;
                        for (let h = r + 1; h < end; h++) {
                            for (let o = r + 1; o < end; o++) {
                                if (o !== h && inRing(f.geometry[o], f.geometry[h][0]) && inRing(f.geometry[o], f.geometry[h][1])) nestedHoles++;
                            }
                        }
                        r = end;
                    }
                }
            }
        }
    }
    t.ok(polygons > 85, `${polygons} ocean polygons at zooms 0–3`);
    t.equal(bad, 0, 'every ocean feature starts with an exterior ring and has no empty ring');
    t.equal(nestedHoles, 0, 'no hole inside another hole of its polygon');
    // The region's own sea (Malta's coastline) takes over at zoom 6, Natural Earth's (1:10m) is drawn up to 5.
    const mt = testRegion('MT');
    t.ok(oceanAt(mt, 35.95, 14.6, 5).some((f) => covers(f, 35.95, 14.6)), 'z5: the sea off Malta');
    t.notOk(oceanAt(mt, 35.88, 14.45, 5).some((f) => covers(f, 35.88, 14.45)), 'z5: Malta is land (1:10m)');
    t.equal(oceanAt(mt, 35.95, 14.6, 6).length, 1, 'z6: the sea from the region\'s coastline');
});

t.test('zooms 0–5: country borders and country labels, around the region too', async (t) => {
    const be = testRegion('BE');
    // The Belgian, Dutch and German borders meet at Vaals (50.7545 N, 6.0209 E).
    const at = tileOf(50.7545, 6.0209, 5);
    const borders = featuresOf(decode(be, ...at), 'boundary', at).filter((f) => f.properties.admin_level === 2);
    t.ok(borders.length > 0 && borders.every((f) => f.type === 2 && f.properties.maritime === 0 && f.properties.disputed === 0), 'z5: national borders, land only');
    const unit = WORLD / 32 / 4096;
    const vx = (mercatorX(6.0209) - at[1] * WORLD / 32) / unit, vy = (mercatorY(50.7545) - at[2] * WORLD / 32) / unit;
    let nearest = Infinity;
    for (const f of borders) {
        for (const line of f.geometry) {
            for (let i = 1; i < line.length; i++) nearest = Math.min(nearest, segmentDistance(vx, vy, line[i - 1], line[i]));
        }
    }
    // world-atlas's 1:10m border passes 1.8 km from it (generalized, quantized): under 13 tile units (2.5 km) at zoom 5 and 50° N.
    t.ok(nearest < 13, `a border passes ${nearest.toFixed(1)} tile units from the tripoint`);

    // Labels: class country with the English name, CLDR names in quartier's languages, ISO code and a rank by area.
    const labels = (z: number, lat: number, lon: number) => {
        const tile = tileOf(lat, lon, z);
        return featuresOf(decode(be, ...tile), 'place', tile).filter((f) => f.properties.class === 'country');
    };
    const world = labels(0, 0, 0);
    const russia = world.find((f) => f.properties.iso_a2 === 'RU');
    t.same([russia?.properties.name, russia?.properties['name:fr'], russia?.properties['name:nl'], russia?.properties.rank], ['Russia', 'Russie', 'Rusland', 1], 'z0: Russia');
    t.ok(world.length >= 5 && world.every((f) => f.properties.rank === 1), `z0: only the largest countries (${world.map((f) => f.properties.iso_a2)})`);
    const belgium = labels(5, 50.75, 4.7).find((f) => f.properties.iso_a2 === 'BE');
    t.same([belgium?.properties.name_en, belgium?.properties['name:fr'], belgium?.properties['name:nl'], belgium?.properties.name_de], ['Belgium', 'Belgique', 'België', 'Belgien'], 'z5: Belgium');
    t.notOk(labels(3, 50.75, 4.7).some((f) => f.properties.iso_a2 === 'BE'), 'z3: too small a country for the label');

    // Zooms 0–3 cover the world, 4–5 the tiles near the region, 6 and above the region alone.
    t.ok(labels(3, 39.9, -98.15).some((f) => f.properties.iso_a2 === 'US'), 'z3: the United States, far from Brussels');
    t.not(decode(be, ...tileOf(48.85, 2.35, 5)), null, 'z5: Paris, two tiles from the region');
    t.equal(decode(be, ...tileOf(40.7, -74, 5)), null, 'z5: no tile over New York');
    t.equal(decode(be, ...tileOf(48.85, 2.35, 6)), null, 'z6: no tile over Paris');
    const z6 = tileOf(50.85, 4.35, 6);
    t.notOk(featuresOf(decode(be, ...z6), 'place', z6).some((f) => f.properties.class === 'country'), 'z6: no Natural Earth');
});

t.test('Natural Earth prepared by the build: read back, it cuts the tiles the decoded data cuts, byte for byte', async (t) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-ne-')), 'natural-earth.bin');
    t.teardown(() => fs.rmSync(path.dirname(file), {recursive: true, force: true}));
    t.notOk(NaturalEarth.read(file), 'no file: nothing read');
    t.ok(NaturalEarth.prepare(file), 'written');
    t.notOk(NaturalEarth.prepare(file), 'current: not written again');
    const prepared = NaturalEarth.read(file)!, decoded = NaturalEarth.decode();
    t.same(prepared.labels, decoded.labels, 'the country labels');
    const {map, places} = regionSections(testRegion('MT'));
    const fromFile = new TileBuilder(map, places, prepared), fromPackage = new TileBuilder(map, places, decoded);
    // Every tile of zooms 0–2, and Malta's of zooms 3–5 (the 10m scale's land and borders).
    const tiles: [number, number, number][] = [];
    for (let z = 0; z <= NATURAL_EARTH_MAX_ZOOM; z++) {
        const n = 2 ** z, x = Math.floor(mercatorX(14.45) / WORLD * n), y = Math.floor(mercatorY(35.9) / WORLD * n);
        for (let tx = 0; tx < n; tx++) for (let ty = 0; ty < n; ty++) if (z <= 2 || (tx === x && ty === y)) tiles.push([z, tx, ty]);
    }
    const differ = tiles.filter(([z, x, y]) => !Buffer.from(fromFile.build(z, x, y) ?? []).equals(Buffer.from(fromPackage.build(z, x, y) ?? [])));
    t.same(differ, [], `${tiles.length} tiles the same`);
    // A file prepared from other data or code (its key) is not read.
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('"key":"') + 7;
    bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
    fs.writeFileSync(file, bytes);
    t.equal(NaturalEarth.read(file), null, 'another key (or a damaged file): decoded instead');
});
