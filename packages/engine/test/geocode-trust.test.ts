// Geocoding answers a local would trust (issue #12): house numbers placed where they are (exact,
// interpolated, or honestly only the street), short-word transpositions, towns before streets of
// their name, named places, and the city a result lies in (its municipality's boundary).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {Geocoder, Places, PlacesBuilder, countryConfig, haversineMeters, type GeocodeResult} from '../src/internal.js';
import {OsmPbfWriter, type Tags} from '../src/osm/pbf-writer.js';
import {readOsmPbf} from '../src/osm/pbf.js';
import {NodeStore} from '../src/osm/node-store.js';
import {testRegion} from './helpers.js';

const meters = (r: GeocodeResult, lat: number, lon: number) => haversineMeters(r.lat, r.lon, lat, lon);

t.test("'Rue de la Loi 16': the house, placed from the street's even numbers, never the street's middle", async (t) => {
    const be = testRegion('BE').geocoder;
    // The data (2013) maps 26, 56, 170 and 200 on the even side, 43 and 175 on the odd side; 16 is not mapped.
    const [n26] = be.search('Rue de la Loi 26');
    t.equal(n26.accuracy, 'exact', 'a mapped number is exact');
    t.equal(n26.housenumber, '26');
    const [n56] = be.search('Rue de la Loi 56');
    t.equal(n56.accuracy, 'exact');
    const [street] = be.search('Rue de la Loi');
    t.equal(street.accuracy, 'street');
    t.equal(street.housenumber, '');
    for (const q of ['Rue de la Loi 16', 'rue de la loi 16, 1000 bruxelles', 'Wetstraat 16', 'Rue de la Lio 16', '16 Rue de la Loi']) {
        const [r] = be.search(q, {language: 'FR'});
        t.equal(r?.type, 'house', q);
        t.equal(r.accuracy, 'interpolated', `${q}: says it is an estimate`);
        t.equal(r.housenumber, '16');
        t.equal(r.name, 'Rue de la Loi 16');
        t.equal(r.postcode, q.includes('1000') ? '1000' : n26.postcode, 'the postcode asked for, else that of the nearest known number');
        t.equal(r.city, 'Bruxelles');
        // 16 is before 26 on the side of 26 and 56: west of 26, as far from it as a third of 26-56.
        const from26 = meters(r, n26.lat, n26.lon), span = meters(n56, n26.lat, n26.lon);
        t.ok(r.lon < n26.lon && Math.abs(from26 - span / 3) < 15, `${q}: ${from26.toFixed(0)} m west of 26 (26-56 is ${span.toFixed(0)} m)`);
        t.ok(meters(r, street.lat, street.lon) > 400, 'not the middle of the street');
        // The reference position of the live service for Rue de la Loi (../shared/reference) lies at its west end.
        t.ok(meters(r, 50.8461, 4.3664) < 150, `${meters(r, 50.8461, 4.3664).toFixed(0)} m from the west end`);
    }
    // Between two known numbers of the same side: 100 lies between 56 and 170, on their side.
    const [n100] = be.search('Rue de la Loi 100');
    const [n170] = be.search('Rue de la Loi 170');
    t.equal(n100.accuracy, 'interpolated');
    t.ok(n100.lon > n56.lon && n100.lon < n170.lon, '100 between 56 and 170');
    // Odd numbers are placed from the odd side (43, 175), not from the even numbers around them.
    const [n101] = be.search('Rue de la Loi 101');
    const [n43] = be.search('Rue de la Loi 43');
    const [n175] = be.search('Rue de la Loi 175');
    t.equal(n101.accuracy, 'interpolated');
    const f = (101 - 43) / (175 - 43);
    const expectLon = n43.lon + (n175.lon - n43.lon) * f;
    t.ok(Math.abs(n101.lon - expectLon) * 70000 < 40, `101: ${f.toFixed(2)} of the way from 43 to 175`);
    // A street without usable numbers: the street, and the label does not claim the number.
    const [bare] = be.search('Avenue Louise 9999');
    t.not(bare.type, 'house');
    t.equal(bare.housenumber, '');
    t.notMatch(bare.name, /9999/);
});

t.test("'Lio' is 'Loi' with two letters swapped; a different letter in a short word is not a typo", async (t) => {
    const be = testRegion('BE').geocoder;
    const [lio] = be.search('Rue de la Lio', {language: 'FR'});
    t.equal(lio?.name, 'Rue de la Loi');
    const [ref] = be.search('Rue de la Loi 175');
    const [typo] = be.search('Rue de la Lio 175');
    t.equal(typo.accuracy, 'exact');
    t.ok(meters(typo, ref.lat, ref.lon) < 1, 'the same house');
    t.ok(typo.score < ref.score, 'a typo scores below the exact spelling');
});

t.test('a letter dropped from a short word: Tiq for Triq, Gma for Gama', async (t) => {
    const mt = testRegion('MT').geocoder;
    const [ref] = mt.search('Triq L-Esperanto');
    const [typo] = mt.search('Tiq L-Esperanto');
    t.equal(typo.name, ref.name);
    t.ok(meters(typo, ref.lat, ref.lon) < 1);
    t.ok(typo.score < ref.score);
});

t.test("'Birkirkara': the town first, then the streets named after it", async (t) => {
    const mt = testRegion('MT').geocoder;
    for (const q of ['Birkirkara', 'birkirkara', 'BIRKIRKARA', 'Birkirkra']) {
        const r = mt.search(q);
        t.equal(r[0].type, 'city', `${q}: ${r[0].name} (${r[0].kind})`);
        t.equal(r[0].name, 'Birkirkara');
        t.equal(r[0].accuracy, 'locality');
        t.ok(r.slice(1).some((x) => x.kind === 'street'), 'the streets after it');
    }
});

t.test('named places: stations, squares, museums, parks', async (t) => {
    const be = testRegion('BE').geocoder;
    const [midi] = be.search('Gare du Midi', {language: 'FR'});
    t.equal(midi.name, 'Gare du Midi');
    t.equal(midi.accuracy, 'exact');
    t.ok(meters(midi, 50.8357, 4.3363) < 300, 'Brussels-South station');
    const [grand] = be.search('Grand-Place', {language: 'FR'});
    t.ok(meters(grand, 50.8467, 4.3524) < 100, `Grand-Place: ${grand.name}`);
    const pt = testRegion('PT').geocoder;
    // The extracts do not map the Casa da Música concert hall (only a footway's note names it); the
    // metro station of that name, beside it, is in the Metro do Porto feed (stop 5706): that is the answer.
    for (const q of ['Casa da Musica', 'Casa da Música', 'casa da musica']) {
        const [first] = pt.search(q);
        t.equal(first?.name, 'Casa da Música', q);
        t.equal(first.accuracy, 'exact');
        t.equal(first.city, 'Porto');
        t.ok(meters(first, 41.16058, -8.628282) < 5, `${q}: the station`);
    }
    // A feed's station the OSM data already maps is not added twice (Gare du Midi: OSM's and SNCB's "Bruxelles-Midi" differ in name).
    const midis = be.search('Gare du Midi', {language: 'FR', limit: 10}).filter((r) => r.name.toLowerCase() === 'gare du midi');
    t.equal(midis.length, 1, 'one Gare du Midi, though STIB lists it too (GARE DU MIDI)');
    const [museum] = pt.search('Museu da Misericórdia do Porto');
    t.equal(museum.kind, 'poi');
    t.ok(meters(museum, 41.1424, -8.6148) < 300, `Museu da Misericórdia: ${museum.lat}, ${museum.lon}`);
    const [noAccent] = pt.search('museu da misericordia do porto');
    t.equal(noAccent.name, museum.name, 'without accents, lower case');
});

t.test('the city of a result is the municipality it lies in, not the nearest big city', async (t) => {
    const pt = testRegion('PT').geocoder;
    // Matosinhos beach: the extract has neither Matosinhos's boundary nor a place node for it, and
    // Porto's boundary is cut (20 of its 25 ways missing). Porto's centre is 7 km away: not Porto.
    const beach = pt.reverse(41.1775, -8.6905, 'EN')!;
    t.not(beach.city, 'Porto', `Matosinhos beach: '${beach.city}'`);
    const foz = pt.reverse(41.152, -8.675, 'EN')!;
    t.equal(foz.city, 'Porto', 'Foz do Douro, inside Porto, 5 km from its centre: Porto');
    const be = testRegion('BE').geocoder;
    t.equal(be.reverse(50.8275, 4.3717, 'FR')!.city, 'Ixelles', 'a Brussels commune (admin_level 8)');
});

/** A geocoder on a hand-made extract. */
function fixtureGeocoder(t: {teardown(fn: () => void): void}, country: string, write: (w: OsmPbfWriter) => void): Geocoder {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-geocode-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'fixture.osm.pbf');
    const w = new OsmPbfWriter(file);
    write(w);
    w.close();
    const nodes = new NodeStore();
    const builder = new PlacesBuilder(nodes);
    readOsmPbf(file, {relation: (r) => builder.addRelation(r)});
    readOsmPbf(file, {way: (x) => builder.addWay(x)});
    nodes.seal();
    readOsmPbf(file, {node: (n) => {
        nodes.visit(n);
        builder.addNode(n);
    }});
    const config = countryConfig(country);
    const {section} = builder.build(null, config.cityAdminLevel);
    return new Geocoder(Places.from(section.buffer as ArrayBuffer, section.byteOffset, section.byteLength), config);
}

/** A PT/BE-like fixture: two municipalities (admin_level 7) side by side, a parish (8) inside one, a beach and a street in it. */
function fixturePlaces(t: {teardown(fn: () => void): void}, country: string): Geocoder {
    return fixtureGeocoder(t, country, (w) => {
        const square = (first: number, lat0: number, lon0: number, lat1: number, lon1: number) => {
            w.node(first, lat0, lon0);
            w.node(first + 1, lat0, lon1);
            w.node(first + 2, lat1, lon1);
            w.node(first + 3, lat1, lon0);
        };
        square(1, 41.16, -8.72, 41.22, -8.66); // Matosinhos
        square(5, 41.17, -8.71, 41.20, -8.68); // its parish
        square(9, 41.13, -8.66, 41.18, -8.58); // Porto
        w.node(20, 41.15, -8.61, {place: 'city', name: 'Porto'});
        w.node(21, 41.1785, -8.6905, {natural: 'beach', name: 'Praia de Matosinhos'});
        w.node(22, 41.185, -8.70);
        w.node(23, 41.185, -8.69);
        const ring = (id: number, first: number, tags?: Tags) => w.way(id, [first, first + 1, first + 2, first + 3, first], tags);
        ring(100, 1);
        ring(101, 5);
        ring(102, 9);
        w.way(103, [22, 23], {highway: 'residential', name: 'Rua Brito Capelo'});
        const boundary = (id: number, way: number, level: string, name: string, centre?: number) => w.relation(id,
            [{type: 'way', ref: way, role: 'outer'}, ...(centre ? [{type: 'node' as const, ref: centre, role: 'admin_centre'}] : [])],
            {type: 'boundary', boundary: 'administrative', admin_level: level, name});
        boundary(1000, 100, '7', 'Matosinhos');
        boundary(1001, 101, '8', 'Matosinhos e Leça da Palmeira');
        boundary(1002, 102, '7', 'Porto', 20);
    });
}

t.test("the city level is the country's: PT's concelho (7), not its freguesia (8)", async (t) => {
    const pt = fixturePlaces(t, 'PT');
    t.equal(countryConfig('PT').cityAdminLevel, 7);
    const [beach] = pt.search('Praia de Matosinhos');
    t.equal(beach.city, 'Matosinhos', 'the municipality, not Porto (the nearest city node) nor the parish');
    t.equal(beach.accuracy, 'exact');
    t.equal(pt.reverse(41.1785, -8.6905)!.city, 'Matosinhos');
    const [street] = pt.search('Rua Brito Capelo');
    t.equal(street.city, 'Matosinhos');
    t.equal(pt.search('Praia de Matosinhos, Porto').some((r) => r.city === 'Porto'), false);
    t.equal(pt.reverse(41.15, -8.62)!.city, 'Porto', 'inside Porto: Porto');
    // Where the municipalities are at level 8 (BE, DE, IT, MT), the level-8 boundary is the city.
    const be = fixturePlaces(t, 'BE');
    t.equal(countryConfig('BE').cityAdminLevel ?? 8, 8);
    t.equal(be.search('Praia de Matosinhos')[0].city, 'Matosinhos e Leça da Palmeira');
});

t.test('a house number the street lacks: the street the query names, in the town it names', async (t) => {
    // Real extracts: the street named, honestly without the house, not a house of another street.
    const cases: [string, string, string][] = [['DE', 'Geusenweg 15', 'Geusenweg'], ['DE', '27 Frankenstraße, Aachen', 'Frankenstraße'],
        ['IT', 'Via Roma 2', 'Via Roma'], ['IT', '56 Via Dante, Zelo Buon Persico', 'Via Dante'], ['MT', '51 Triq San Ġorġ, Iż-Żejtun', 'Triq San Ġorġ']];
    for (const [cc, q, street] of cases) {
        const [best] = testRegion(cc).geocoder.search(q, {language: 'FR'});
        t.equal(best?.name, street, `${cc} '${q}': ${best?.name}, ${best?.city}`);
        t.equal(best?.accuracy, 'street', 'the street, not a house');
        t.equal(best?.housenumber, '', 'the label does not claim the number');
    }
    // A country in small: 120 towns with a Rue des Écoles that has a number 38, so that "rue", "des"
    // and "écoles" weigh little; Verboistairo, whose name many stops bear (it weighs little too), has
    // one without a 38; Verboistai, a typo away, has one with a 38.
    const letters = 'bcdfghjklmnprstvz', vowels = 'aeiou';
    const name = (i: number) => `${letters[i % 17]}${vowels[i % 5]}${letters[Math.floor(i / 17)]}${vowels[(i + 2) % 5]}${letters[(i * 5 + 3) % 17]}ule`;
    const g = fixtureGeocoder(t, 'FR', (w) => {
        const towns: [string, boolean][] = [['Verboistairo', false], ['Verboistai', true]];
        for (let i = 0; i < 120; i++) towns.push([name(i)[0].toUpperCase() + name(i).slice(1), true]);
        towns.forEach(([town, has38], i) => {
            const id = 100 * (i + 1), lat = 44 + i * 0.05;
            w.node(id, lat, 1.0, {place: 'town', name: town});
            w.node(id + 1, lat + 0.001, 0.999);
            w.node(id + 2, lat + 0.001, 1.001);
            if (has38) w.node(id + 3, lat + 0.0011, 1.0, {'addr:housenumber': '38', 'addr:street': 'Rue des Écoles'});
        });
        for (let i = 0; i < 60; i++) w.node(10000 + i, 44 + i * 0.0001, 1.002, {highway: 'bus_stop', name: `Verboistairo ${name(i)}`});
        towns.forEach((_, i) => w.way(100 * (i + 1), [100 * (i + 1) + 1, 100 * (i + 1) + 2], {highway: 'residential', name: 'Rue des Écoles'}));
    });
    for (const q of ['38 Rue des Écoles, Verboistairo', 'Rue des Écoles 38 Verboistairo', 'Rue des Écoles, Verboistairo']) {
        const [best, next] = g.search(q, {language: 'FR'});
        t.equal(`${best?.name}, ${best?.city}`, 'Rue des Écoles, Verboistairo', `'${q}': the town named, not a house of another town nor the town a typo away`);
        t.equal(best?.accuracy, 'street');
        t.ok(!next || next.score < best.score, `'${q}': then ${next?.name}, ${next?.city} (${next?.score} < ${best?.score})`);
    }
    const [house] = g.search('38 Rue des Écoles, Verboistai', {language: 'FR'});
    t.equal(`${house?.name}, ${house?.city}`, '38 Rue des Écoles, Verboistai', 'the house where the town named has it');
});
