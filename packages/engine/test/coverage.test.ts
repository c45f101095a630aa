// A region's coverage: exact cases on a tiny hand-made extract built as a region (a square ring
// road near Brussels with nothing inside, a ferry line 5 km east to a short road that the extract's
// header box cuts), then the real regions' bitmaps against their outlines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {CAR, FOOT, BIKE, MAX_SNAP_METERS, Region, RoadIsochrones, buildRegion, pointInPolygon, regionSections} from '../src/internal.js';
import {OsmPbfWriter} from '../src/osm/pbf-writer.js';
import {testRegion} from './helpers.js';

type Ring = number[][];

function inOutline(region: Region, lat: number, lon: number): boolean {
    return regionSections(region).coverage.outline.coordinates.some((p) => pointInPolygon(lon, lat, p));
}

/** The fixture region, built once into a temporary folder. */
function fixtureRegion(): Region {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-coverage-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'fixture.osm.pbf');
    // The header box ends at 4.436° E: the far port's road runs on to 4.44° E, out of the extract.
    const w = new OsmPbfWriter(file, [4.2, 50.8, 4.436, 50.95]);
    const nodes: [number, number, number][] = [
        [1, 50.84, 4.30], [2, 50.84, 4.356], [3, 50.858, 4.356], [4, 50.876, 4.356], [5, 50.876, 4.30],
        [6, 50.858, 4.43], [7, 50.858, 4.44]
    ];
    for (const [id, lat, lon] of nodes) w.node(id, lat, lon);
    w.way(10, [1, 2, 3, 4, 5, 1], {highway: 'residential', name: 'Ring'});
    w.way(11, [3, 6], {route: 'ferry', name: 'Ferry East'});
    w.way(12, [6, 7], {highway: 'residential', name: 'Far Port'});
    w.close();
    buildRegion({country: 'BE', name: 'Fixture Ring', osm: [file]}, {dataRoot: dir, outDir: dir, quiet: true});
    return Region.open(path.join(dir, 'BE'));
}

const fixture = fixtureRegion();

t.test('a position is covered within the snapping limit of a usable road, holes filled', async (t) => {
    t.equal(fixture.label, 'BE: Fixture Ring');
    t.ok(fixture.covers(50.84, 4.33), 'on the ring road');
    t.ok(fixture.covers(50.858, 4.2886), '800 m west of the ring');
    t.notOk(fixture.covers(50.858, 4.2815), '1,300 m west of the ring');
    t.ok(fixture.covers(50.858, 4.328), 'the middle of the ring, 2 km from any road: a hole, filled');
    t.throws(() => fixture.router.route(FOOT, 50.858, 4.328, 50.84, 4.33), {code: 'from-off-network'}, 'covered, yet too far from a road to route from');
    t.notOk(fixture.covers(50.8585, 4.39), 'beside the ferry line, 2.4 km from any road');
    t.ok(fixture.covers(50.858, 4.432), "on the far port's road, inside the extract's header box");
    t.notOk(fixture.covers(50.858, 4.439), "on the far port's road, beyond the header box");
    t.notOk(fixture.covers(50.858, 4.2), 'far outside');
    t.notOk(fixture.covers(NaN, 4.33), 'NaN');
    // The outline agrees with the point test away from its edge.
    for (const [lat, lon] of [[50.84, 4.33], [50.858, 4.328], [50.858, 4.432]]) t.ok(inOutline(fixture, lat, lon), `${lat},${lon} is in the outline`);
    for (const [lat, lon] of [[50.858, 4.2815], [50.8585, 4.39], [50.858, 4.439]]) t.notOk(inOutline(fixture, lat, lon), `${lat},${lon} is not`);
    t.ok(regionSections(fixture).coverage.touches(50.85, 4.25, 50.86, 4.29), 'a box reaching the ring touches the coverage');
    t.notOk(regionSections(fixture).coverage.touches(50.855, 4.38, 50.86, 4.40), 'a box over the ferry line alone does not');
});

t.test('at sea beside a ferry line nothing is snapped: one boards at a port', async (t) => {
    for (const mode of [CAR, FOOT, BIKE]) {
        t.equal(fixture.router.snap(50.8585, 4.39, mode), null, `mode ${mode}: no snap within ${MAX_SNAP_METERS} m`);
        t.throws(() => fixture.router.route(mode, 50.8585, 4.39, 50.84, 4.33), {code: 'from-off-network'});
    }
    // Within the limit of the ring road, a position beside the ferry snaps onto the road, not the ferry.
    const snap = fixture.router.snap(50.8582, 4.362, FOOT)!;
    t.ok(snap !== null && Math.abs(snap.lon - 4.356) < 1e-6, 'snapped onto the ring road');
    // A route across the ferry still takes it.
    const route = fixture.router.route(FOOT, 50.858, 4.356, 50.858, 4.432);
    t.match(JSON.stringify(route), /Ferry East/);
});

t.test('an isochrone does not paint the ferry line', async (t) => {
    const iso = new RoadIsochrones(regionSections(fixture).roads, fixture.router.snapper);
    const result = iso.compute(FOOT, 50.858, 4.356, [1200])!;
    const rings = result.areas[0].coordinates;
    t.ok(pointInPolygon(4.3565, 50.858, rings), 'the start, at the quay, is inside');
    t.ok(pointInPolygon(4.356, 50.865, rings), 'the ring road north of the quay is inside');
    for (const lon of [4.36, 4.37, 4.39, 4.42]) t.notOk(pointInPolygon(lon, 50.858, rings), `the ferry line at ${lon}° E is outside`);
});

t.test("the real regions: a bitmap that agrees with its outline, and the regions' names", async (t) => {
    const names: Record<string, string> = {BE: 'Brussels-Capital Region', PT: 'Greater Porto', MT: 'Malta', IT: 'Milan', DE: 'Aachen'};
    for (const [code, name] of Object.entries(names)) {
        const region = testRegion(code);
        t.equal(region.label, `${code}: ${name}`);
        // Sample the coverage's box: the outline, simplified, may differ from the bitmap only near its edge.
        const {minLat, minLon, maxLat, maxLon} = outlineBox(region);
        let agree = 0, total = 0, covered = 0;
        for (let i = 0; i < 61; i++) {
            for (let j = 0; j < 61; j++) {
                const lat = minLat + ((maxLat - minLat) * (i + 0.5)) / 61, lon = minLon + ((maxLon - minLon) * (j + 0.5)) / 61;
                const a = region.covers(lat, lon);
                if (a === inOutline(region, lat, lon)) agree++;
                if (a) covered++;
                total++;
            }
        }
        t.ok(covered > total / 10, `${code}: a good part of the box is covered (${covered}/${total})`);
        t.ok(agree / total >= 0.98, `${code}: bitmap and outline agree on ${agree}/${total} samples`);
    }
    const be = testRegion('BE');
    t.ok(be.covers(50.8467, 4.3525), 'Grand-Place');
    t.notOk(be.covers(51.2194, 4.4025), 'Antwerp');
    const mt = testRegion('MT');
    t.ok(mt.covers(36.0444, 14.2395), 'Victoria, Gozo');
    t.notOk(mt.covers(35.9796, 14.5625), 'the sea 8 km off Malta, on the Pozzallo ferry line');
});

function outlineBox(region: Region): {minLat: number; minLon: number; maxLat: number; maxLon: number} {
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (const polygon of regionSections(region).coverage.outline.coordinates) {
        for (const [lon, lat] of polygon[0]) {
            minLat = Math.min(minLat, lat);
            maxLat = Math.max(maxLat, lat);
            minLon = Math.min(minLon, lon);
            maxLon = Math.max(maxLon, lon);
        }
    }
    return {minLat, minLon, maxLat, maxLon};
}
