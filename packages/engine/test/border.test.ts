import fs from 'node:fs';
import {createRequire} from 'node:module';
import t from 'tap';
import {buildBorderSection, CountryBorder, loadBorderFeature} from '../src/geo/border.js';
import {BorderCells} from '../src/geo/border-cells.js';
import {encodeSection, Section} from '../src/format/section.js';
import {equirectangularSquaredMeters, haversineMeters, metersPerDegreeLon, METERS_PER_DEGREE_LAT} from '../src/geo/distance.js';
import {random} from './helpers.js';

const built = new Map<string, CountryBorder>();
function border(iso2: string): CountryBorder {
    let b = built.get(iso2);
    if (!b) {
        const bytes = buildBorderSection(iso2);
        b = CountryBorder.from(Section.from(bytes.buffer, 'border', 1, bytes.byteOffset, bytes.byteLength));
        built.set(iso2, b);
    }
    return b;
}

// Textbook even-odd over every edge of every ring, independent of the index.
function bruteForceContains(coords: Float64Array, ringStarts: Uint32Array, lat: number, lon: number): boolean {
    let inside = false;
    for (let r = 0; r + 1 < ringStarts.length; r++) {
        for (let p = ringStarts[r]; p + 1 < ringStarts[r + 1]; p++) {
            const ax = coords[2 * p], ay = coords[2 * p + 1];
            const bx = coords[2 * p + 2], by = coords[2 * p + 3];
            if ((ay > lat) !== (by > lat) && lon < ax + (lat - ay) * (bx - ax) / (by - ay)) inside = !inside;
        }
    }
    return inside;
}

// Run first: until a code is unknown (ZZ, below) the borders are read one country's slice of the file at a time.
t.test('a country read from its slice of the file has the rings of the whole file parsed', async t => {
    const file = createRequire(import.meta.url).resolve('@osm_borders/maritime_10m/borders.geo.json');
    const whole = JSON.parse(fs.readFileSync(file, 'utf8')).features as {properties: {isoA2: string; isoA3: string}; geometry: any}[];
    const rings = (geometry: any): number[][][] => geometry.type === 'GeometryCollection' ? geometry.geometries.flatMap(rings)
        : geometry.type === 'Polygon' ? geometry.coordinates : geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : [];
    // The first and last features of the file, a country of many parts, one with no alpha-2 code (Bonaire: BES).
    const codes = [whole[0].properties.isoA2, whole[whole.length - 1].properties.isoA2, 'NO', 'BES'];
    for (const code of codes) {
        const expected = whole.find((f) => (code.length === 2 ? f.properties.isoA2 : f.properties.isoA3) === code)!;
        const feature = loadBorderFeature(code);
        t.equal(feature.iso3, expected.properties.isoA3, `${code}: the country`);
        t.same(feature.rings, rings(expected.geometry).filter((r) => r.length > 0), `${code}: its rings`);
    }
});

t.test('known places', async t => {
    const be = border('BE');
    t.ok(be.contains(50.8467, 4.3525), 'Brussels Grand-Place in BE');
    t.ok(be.contains(51.4406, 4.9302), 'Baarle-Hertog enclave in BE');
    t.notOk(border('NL').contains(51.4406, 4.9302), 'Baarle-Hertog enclave not in NL');
    t.ok(be.contains(51.30, 2.80), '10 km off Ostend, in territorial waters, in BE');
    t.notOk(be.contains(48.8566, 2.3522), 'Paris not in BE');
    t.notOk(be.contains(56.0, 3.0), 'middle of the North Sea not in BE');
    t.ok(border('MT').contains(35.8989, 14.5146), 'Valletta in MT');
    t.notOk(border('IT').contains(35.8989, 14.5146), 'Valletta not in IT');
    t.ok(border('IT').contains(45.4642, 9.1900), 'Milan in IT');
    t.ok(border('PT').contains(41.1496, -8.6110), 'Porto in PT');
    t.ok(border('DE').contains(50.7753, 6.0839), 'Aachen in DE');
    t.notOk(be.contains(50.7753, 6.0839), 'Aachen not in BE');
    t.notOk(be.contains(NaN, 4.35), 'NaN is outside');
});

t.test('metadata and features', async t => {
    const be = border('BE');
    t.equal(be.iso2, 'BE');
    t.equal(be.iso3, 'BEL');
    t.ok(be.bbox[0] < 2.6 && be.bbox[2] > 6.3 && be.bbox[1] < 49.6 && be.bbox[3] > 51.4, `BE bbox ${be.bbox}`);
    const feature = loadBorderFeature('be');
    t.equal(feature.iso2, 'BE', 'codes are case-insensitive');
    t.same(feature.bbox, be.bbox);
    t.equal(feature.rings.length, be.ringStarts.length - 1);
    t.ok(loadBorderFeature('GB').rings.length > 0, 'the UK is GB');
    t.throws(() => loadBorderFeature('ZZ'), /'ZZ'/, 'an unknown code throws naming it');
    t.throws(() => buildBorderSection('UK'), /'UK'/);
});

t.test('reopening does not copy', async t => {
    const bytes = buildBorderSection('MT');
    const b = CountryBorder.fromBuffer(bytes.buffer);
    t.equal(b.coords.buffer, bytes.buffer);
    t.equal(b.index.data, bytes.buffer, 'the Flatbush index is read in place');
    t.ok(b.contains(35.8989, 14.5146));

    // at an 8-byte-aligned offset inside a larger SharedArrayBuffer
    const shared = new SharedArrayBuffer(bytes.byteLength + 64);
    new Uint8Array(shared).set(bytes, 64);
    const s = CountryBorder.fromBuffer(shared, 64, bytes.byteLength);
    t.equal(s.index.data, shared);
    t.ok(s.contains(35.8989, 14.5146));
    t.notOk(s.contains(37.5, 14.5));
});

t.test('the index gives exactly the brute-force answers', async t => {
    for (const iso2 of ['BE', 'MT', 'PT']) {
        const b = border(iso2);
        const [minLon, minLat, maxLon, maxLat] = b.bbox;
        const next = random(iso2.charCodeAt(0) * 256 + iso2.charCodeAt(1));
        let inside = 0;
        let mismatches = 0;
        for (let i = 0; i < 2000; i++) {
            const lat = minLat + next() * (maxLat - minLat);
            const lon = minLon + next() * (maxLon - minLon);
            const expected = bruteForceContains(b.coords, b.ringStarts, lat, lon);
            if (b.contains(lat, lon) !== expected) {
                if (mismatches++ < 5) t.fail(`${iso2} (${lat}, ${lon}): expected ${expected}`);
            }
            if (expected) inside++;
        }
        t.equal(mismatches, 0, `${iso2}: 2000 random points agree (${inside} inside)`);
        t.ok(inside > 50 && inside < 1950, `${iso2}: the sample has points on both sides`);
    }
});

t.test('rays through vertices count once', async t => {
    // Points at exactly a vertex's latitude: the ray passes through that vertex (and often others),
    // which is where a careless crossing rule counts twice or not at all.
    for (const iso2 of ['BE', 'MT', 'PT']) {
        const b = border(iso2);
        const numPoints = b.coords.length / 2;
        const next = random(7 + iso2.charCodeAt(1));
        let mismatches = 0;
        for (let i = 0; i < 2000; i++) {
            const p = Math.floor(next() * numPoints);
            const lat = b.coords[2 * p + 1];
            // alternately near the vertex and anywhere along the bbox's width
            const lon = i % 2 ? b.coords[2 * p] + (next() - 0.5) * 0.01 : b.bbox[0] + next() * (b.bbox[2] - b.bbox[0]);
            if (lon === b.coords[2 * p]) continue; // on the border itself: either answer is right
            if (b.contains(lat, lon) !== bruteForceContains(b.coords, b.ringStarts, lat, lon)) mismatches++;
        }
        t.equal(mismatches, 0, `${iso2}: 2000 points on vertex latitudes agree`);
    }
});

t.test('BorderCells answers as contains, point for point (cells no edge comes near answered once)', async t => {
    // Anywhere in the box, on vertex latitudes and within metres of the vertices (where cells are mixed), and on the
    // grid's own lines: the cell answers must be contains()'s bit for bit, an enclave (Baarle-Hertog) and holes included.
    for (const iso2 of ['BE', 'NL', 'IT', 'MT', 'PT']) {
        const b = border(iso2), cells = new BorderCells(b);
        const [minLon, minLat, maxLon, maxLat] = b.bbox;
        const next = random(11 + iso2.charCodeAt(0));
        const numPoints = b.coords.length / 2;
        let mismatches = 0, inside = 0;
        for (let i = 0; i < 60000; i++) {
            let lat: number, lon: number;
            if (i % 3 === 0) {
                lat = minLat + next() * (maxLat - minLat);
                lon = minLon + next() * (maxLon - minLon);
            } else {
                const p = Math.floor(next() * numPoints);
                lat = b.coords[2 * p + 1] + (i % 3 === 1 ? 0 : (next() - 0.5) * 0.001);
                lon = b.coords[2 * p] + (next() - 0.5) * (i % 3 === 1 ? 0.2 : 0.001);
            }
            if (i % 7 === 0) lat = minLat + Math.round((lat - minLat) / 0.01) * 0.01;
            const expected = b.contains(lat, lon);
            if (cells.contains(lat, lon) !== expected && mismatches++ < 5) t.fail(`${iso2} (${lat}, ${lon}): expected ${expected}`);
            if (expected) inside++;
        }
        t.equal(mismatches, 0, `${iso2}: 60,000 points agree (${inside} inside)`);
    }
    t.notOk(new BorderCells(border('BE')).contains(NaN, 4.35), 'NaN is outside, as contains() says');
});

t.test('wrong kind or version throws', async t => {
    const bytes = buildBorderSection('MT');
    const section = Section.from(bytes.buffer, 'border', 1);
    t.throws(() => Section.from(bytes.buffer, 'border', 2), /version/);
    t.throws(() => Section.from(bytes.buffer, 'roads', 1), /'border'/);

    const v2 = encodeSection('border', 2, section.meta, {});
    t.throws(() => CountryBorder.fromBuffer(v2.buffer), /version 2/);
    const other = encodeSection('roads', 1, section.meta, {});
    t.throws(() => CountryBorder.fromBuffer(other.buffer), /'roads'/);
    t.throws(() => CountryBorder.from(Section.from(other.buffer, 'roads', 1)), /'roads'/);
    t.throws(() => CountryBorder.from(Section.from(v2.buffer, 'border', 2)), /version 2/);
});

t.test('distance helpers', async t => {
    const brusselsParis = haversineMeters(50.8467, 4.3525, 48.8566, 2.3522);
    t.ok(Math.abs(brusselsParis - 263_700) < 500, `Brussels-Paris ${brusselsParis.toFixed(0)} m`);
    t.equal(haversineMeters(0, 0, 0, 180), Math.PI * 6371000, 'antipodes: half the circumference');
    t.ok(Math.abs(metersPerDegreeLon(60) - METERS_PER_DEGREE_LAT / 2) < 1e-6, 'a degree of longitude at 60 degrees is half the equator\'s');
    // 10 km north-east of the Grand-Place: the cheap form is within 0.05% of haversine
    const lat = 50.8467 + 0.0636, lon = 4.3525 + 0.1003;
    const exact = haversineMeters(50.8467, 4.3525, lat, lon);
    const cheap = Math.sqrt(equirectangularSquaredMeters(50.8467, 4.3525, lat, lon, metersPerDegreeLon(50.8467)));
    t.ok(Math.abs(cheap - exact) / exact < 5e-4, `${cheap.toFixed(1)} m vs ${exact.toFixed(1)} m`);
    t.ok(Math.abs(Math.sqrt(equirectangularSquaredMeters(0, 179.99, 0, -179.99)) - 2 * METERS_PER_DEGREE_LAT * 0.01) < 1e-6, 'wraps the antimeridian');
});
