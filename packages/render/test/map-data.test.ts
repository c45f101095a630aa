// The map data of the region build: kinds and classes, zoom bands, the index, rings and coastlines.
import t from 'tap';
import {
    CLASSES, KINDS, MAP_BANDS, clipRing, isAreaKind, joinPieces, landRings, mercatorX, mercatorY, orientRings, ringArea2,
    simplifyLine, simplifyRing, splitLine, unitsPerPixel, regionSections} from '@quartier/engine/internal';
import {testRegion} from './helpers.js';

const kind = (name: string) => KINDS.indexOf(name as any);

t.test('Brussels: every kind a street map needs, in every band', async (t) => {
    const map = regionSections(testRegion('BE')).map;
    t.equal(map.bands.length, MAP_BANDS.length);
    t.equal(map.coastline, false, 'no sea in Brussels');
    const band = map.band(16);
    const counts = new Map<string, number>();
    for (let f = 0; f < band.count; f++) counts.set(KINDS[band.kind[f]], (counts.get(KINDS[band.kind[f]]) ?? 0) + 1);
    for (const k of ['landuse', 'park', 'water', 'building', 'road', 'rail', 'boundary', 'place']) t.ok((counts.get(k) ?? 0) > 0, `${k}: ${counts.get(k)}`);
    t.ok(map.band(12).count < band.count, 'the low-zoom band holds fewer features');
    const coords = (b: typeof band) => b.coordStart[b.coordStart.length - 1];
    t.ok(coords(map.band(12)) < coords(map.band(14)) && coords(map.band(14)) < coords(band), 'and fewer coordinates, band by band');
    const low = map.band(12);
    for (let f = 0; f < low.count; f++) if (low.kind[f] === kind('building')) t.fail('no buildings below zoom 13');
});

t.test('Rue de la Loi is one named line, not a way per block', async (t) => {
    const map = regionSections(testRegion('BE')).map;
    const band = map.band(16);
    let pieces = 0, points = 0;
    const classes = new Set<string>();
    for (let f = 0; f < band.count; f++) {
        if (band.kind[f] !== kind('road') || map.name(band.name[f]) !== 'Rue de la Loi - Wetstraat') continue;
        pieces++;
        points += band.coordStart[band.partStart[f + 1]] - band.coordStart[band.partStart[f]];
        classes.add(CLASSES.road[band.cls[f]]);
    }
    t.ok(pieces > 0 && pieces <= 12, `${pieces} pieces, ${points} points`);
    t.ok(classes.has('secondary'), [...classes].join(', '));
});

t.test('a view reads only the features around it', async (t) => {
    const band = regionSections(testRegion('BE')).map.band(16);
    const x = mercatorX(4.3664), y = mercatorY(50.8461), half = 400 * unitsPerPixel(16);
    const ids = band.search(x - half, y - half, x + half, y + half);
    t.ok(ids.length > 100 && ids.length < band.count / 20, `${ids.length} of ${band.count} features`);
    for (const f of ids.slice(0, 200)) {
        let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
        for (let c = band.coordStart[band.partStart[f]]; c < band.coordStart[band.partStart[f + 1]]; c++) {
            minX = Math.min(minX, band.x[c]);
            maxX = Math.max(maxX, band.x[c]);
            minY = Math.min(minY, band.y[c]);
            maxY = Math.max(maxY, band.y[c]);
        }
        if (maxX < x - half || minX > x + half || maxY < y - half || minY > y + half) t.fail(`feature ${f} is outside the box`);
    }
});

t.test('buildings keep tagged heights', async (t) => {
    const band = regionSections(testRegion('DE')).map.band(16);
    let tall = 0, buildings = 0;
    for (let f = 0; f < band.count; f++) {
        if (band.kind[f] !== kind('building')) continue;
        buildings++;
        if (band.height[f] > 0) tall++;
    }
    t.ok(buildings > 1000, `${buildings} buildings in Aachen`);
    t.ok(tall > 0, `${tall} with a height or levels`);
});

t.test('Malta: land polygons from the coastline; Porto has none to trust', async (t) => {
    t.equal(regionSections(testRegion('MT')).map.coastline, true);
    t.equal(regionSections(testRegion('PT')).map.coastline, false, "the Porto extracts carry no usable coastline");
    const band = regionSections(testRegion('MT')).map.band(16);
    let land = 0;
    for (let f = 0; f < band.count; f++) if (band.kind[f] === kind('land')) land++;
    t.ok(land > 10, `${land} land cells`);
});

t.test('area rings turn positively, holes negatively', async (t) => {
    const band = regionSections(testRegion('BE')).map.band(16);
    let checked = 0;
    for (let f = 0; f < band.count && checked < 2000; f++) {
        if (!isAreaKind(band.kind[f]) || band.partStart[f + 1] - band.partStart[f] !== 1) continue;
        const p = band.partStart[f];
        const ring = Int32Array.from({length: (band.coordStart[p + 1] - band.coordStart[p]) * 2}, (_, i) =>
            (i & 1 ? band.y : band.x)[band.coordStart[p] + (i >> 1)]);
        if (ringArea2(ring) === 0) continue;
        checked++;
        if (ringArea2(ring) < 0) {
            t.fail(`ring of feature ${f} turns the wrong way`);
            break;
        }
    }
    t.ok(checked > 100);
});

t.test('joining pieces into rings and chains', async (t) => {
    const j = joinPieces([[1, 2, 3], [3, 4], [4, 1], [7, 8], [9, 8]], false);
    t.same(j.closed, [[1, 2, 3, 4, 1]]);
    t.same(j.open, [[7, 8, 9]]);
    const d = joinPieces([[3, 4], [1, 2, 3], [9, 8]], true);
    t.same(d.open.map((c) => c.join(',')).sort(), ['1,2,3,4', '9,8']);
});

t.test('coastline chains close along the box, land on the left', async (t) => {
    // A coast running north to south through a 100 × 100 box: land to its east (left of southward travel).
    const chain = Int32Array.of(50, 0, 50, 100);
    const rings = landRings([], [chain], 0, 0, 100, 100);
    t.equal(rings.length, 1);
    const r = rings[0];
    let east = 0;
    for (let i = 0; i < r.length; i += 2) if (r[i] >= 50) east++;
    t.equal(east, r.length / 2, 'the land ring lies east of the coast');
    t.ok(Math.abs(ringArea2(r)) / 2 >= 4900, 'half the box');
    // A chain that ends inside the box (cut short) is left out rather than flooding the map.
    t.same(landRings([], [Int32Array.of(50, 0, 50, 40)], 0, 0, 100, 100), []);
    // Islands pass through.
    const island = Int32Array.of(10, 10, 10, 20, 20, 20, 10, 10);
    t.same(landRings([island], [], 0, 0, 100, 100), [island]);
});

t.test('orienting, clipping, simplifying', async (t) => {
    const outer = Int32Array.of(0, 0, 0, 10, 10, 10, 10, 0, 0, 0);
    const hole = Int32Array.of(2, 2, 4, 2, 4, 4, 2, 4, 2, 2);
    orientRings([outer, hole]);
    t.ok(ringArea2(outer) > 0 && ringArea2(hole) < 0);
    const clipped = clipRing(outer, 5, 5, 20, 20)!;
    t.equal(Math.abs(ringArea2(clipped)) / 2, 25);
    t.equal(clipRing(outer, 20, 20, 30, 30), null);
    const line = Int32Array.from({length: 200}, (_, i) => (i & 1 ? 0 : i));
    t.equal(simplifyLine(line, 1).length, 4, 'a straight line keeps its ends');
    t.same(splitLine(line, 64).map((p) => p.length / 2), [64, 37]);
    const ring = Int32Array.of(0, 0, 0, 5, 0, 10, 10, 10, 10, 0, 0, 0);
    t.equal(simplifyRing(ring, 1)!.length, 10, 'a collinear point dropped, the ring kept');
});
