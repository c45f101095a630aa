// Geocoding on the real extracts (the test regions): forward search, autocomplete near a
// position, reverse geocoding and the summaries' place names, country scoping, bad input.
import t from 'tap';
import {haversineMeters, type GeocodeResult, regionSections} from '../src/internal.js';
import {testRegion} from './helpers.js';

const GRAND_PLACE = [50.8467, 4.3524];
const FOCUS = [50.8461, 4.3664]; // Rue de la Loi, the reference position of ../shared/reference
const near = (r: GeocodeResult | undefined, lat: number, lon: number, meters: number) =>
    r !== undefined && haversineMeters(r.lat, r.lon, lat, lon) <= meters;

t.test("'Rue de la Loi, 1000 Bruxelles' finds the street in Brussels", async (t) => {
    const be = testRegion('BE').geocoder;
    const [first] = be.search('Rue de la Loi, 1000 Bruxelles', {language: 'FR'});
    t.equal(first.type, 'street');
    t.equal(first.name, 'Rue de la Loi', 'its French name');
    t.equal(first.postcode, '1000', 'the postcode asked for, among the street\'s');
    t.equal(first.city, 'Bruxelles');
    t.equal(first.countrycode, 'BE');
    t.equal(first.country, 'Belgique');
    t.ok(first.lat > 50.83 && first.lat < 50.85 && first.lon > 4.36 && first.lon < 4.39, 'on Rue de la Loi');
    const en = be.search('Rue de la Loi, 1000 Bruxelles', {language: 'EN'})[0];
    t.equal(en.name, 'Rue de la Loi - Wetstraat', 'no English name in the data: the default (bilingual) one');
    t.equal(en.city, 'Brussels', 'the city has name:en');
    t.equal(be.search('Rue de la Loi, 1000 Bruxelles', {language: 'NL'})[0].name, en.name, 'NL is not a geocoding language: EN');
});

t.test("'Grand Place' near the reference position finds the square; typos too", async (t) => {
    const be = testRegion('BE').geocoder;
    for (const q of ['Grand Place', 'grand-place', "Grand'Place", 'GRAND PLACE', 'Grand Plcae', 'Grnad Place', 'Grand Palce', 'Grote Markt', 'Grote Mrakt']) {
        const [first] = be.search(q, {lat: FOCUS[0], lon: FOCUS[1], language: 'FR'});
        t.ok(near(first, GRAND_PLACE[0], GRAND_PLACE[1], 100), `${q}: ${first?.name} at ${first?.lat},${first?.lon}`);
        t.ok(first.distance !== null && first.distance > 800 && first.distance < 1200, `${q}: distance from the focus ${first.distance} m`);
    }
});

t.test('house numbers, abbreviations, word order, the other language', async (t) => {
    const be = testRegion('BE').geocoder;
    // Rue de la Loi 175 is an address of the data (a building outline).
    const queries = ['Rue de la Loi 175', '175 Rue de la Loi', 'rue de la loi 175, 1000 bruxelles', '1000 Bruxelles, 175 rue de la Loi',
        'R. de la Loi 175', 'Wetstraat 175', 'Wetstr. 175 Brussel', 'Rue de la Loi 175 Belgique', 'Rue de la Loi 175, Belgium'];
    const [ref] = be.search('Rue de la Loi 175');
    t.equal(ref.type, 'house');
    t.equal(ref.housenumber, '175');
    t.equal(ref.postcode, '1000');
    for (const q of queries) {
        const [first] = be.search(q, {language: 'FR'});
        t.equal(first?.type, 'house', q);
        t.ok(near(first, ref.lat, ref.lon, 1), `${q}: the same address`);
    }
    const [avenue] = be.search('Av. Louise', {language: 'FR'});
    t.equal(avenue.name, 'Avenue Louise', 'Av. → Avenue');
    const [bd] = be.search('Bd Anspach', {language: 'FR'});
    t.equal(bd.name, 'Boulevard Anspach');
    const [chee] = be.search('Chée de Wavre', {language: 'FR'});
    t.equal(chee.name, 'Chaussée de Wavre');
});

t.test('ranking: house number over street over place, then importance', async (t) => {
    const be = testRegion('BE').geocoder;
    const city = be.search('Bruxelles', {language: 'FR'});
    t.equal(city[0].type, 'city', 'the city before streets named after it');
    t.equal(city[0].name, 'Bruxelles');
    t.ok(city.slice(1).some((r) => r.type === 'street' && /Bruxelles/.test(r.name)), 'then Chaussée de Bruxelles and the like');
    const ixelles = be.search('Ixelles');
    t.equal(ixelles[0].type, 'city');
    const loi = be.search('Rue de la Loi 16');
    t.equal(loi[0].type, 'house', 'a number the data lacks: placed on the street (accuracy interpolated)');
    t.match(loi[0].name, /Rue de la Loi/);
    t.notOk(loi.some((r) => r.type === 'house' && !/Loi/.test(r.street)), 'never a 16 of another street');
    t.match(be.search('1050')[0].name, /^Ixelles/, 'a postcode alone: the place carrying it');
    t.same(be.search('9999'), []);
    const limited = be.search('Rue', {limit: 3});
    t.equal(limited.length, 3, 'limit');
    t.equal(be.search('Rue', {limit: 1000}).length, 50, 'at most 50');
});

t.test('autocomplete near a position: prefixes, nearest first among equals', async (t) => {
    const be = testRegion('BE').geocoder;
    const [first] = be.search('Rue Neu', {lat: 50.8525, lon: 4.3558});
    t.equal(first.name, 'Rue Neuve - Nieuwstraat');
    const typed = be.search('Grand Pl', {lat: FOCUS[0], lon: FOCUS[1]});
    t.ok(near(typed[0], GRAND_PLACE[0], GRAND_PLACE[1], 100), 'Grand Pl → Grand-Place');
    // Two streets of one name: the focus decides.
    const all = be.search('Rue Terre Neuve', {limit: 10});
    const distinct = all.filter((r) => r.type === 'street' && r.name.startsWith('Rue Terre Neuve'));
    t.equal(distinct.length, 2, 'Rue Terre Neuve - Nieuwlandstraat and Rue Terre Neuve - Nieuwland, 400 m apart');
    for (const street of distinct) {
        const [closest] = be.search('Rue Terre Neuve', {lat: street.lat, lon: street.lon});
        t.ok(near(closest, street.lat, street.lon, 1), `${street.name}: the one at the focus first`);
    }
});

t.test('a place of another country returns nothing from this sub-domain', async (t) => {
    t.same(testRegion('BE').geocoder.search('Valletta'), []);
    t.same(testRegion('BE').geocoder.search('Aachen'), []);
    t.same(testRegion('MT').geocoder.search('Wetstraat'), []);
    t.ok(testRegion('MT').geocoder.search('Valletta')[0].type === 'city', 'Valletta is found in Malta');
    // The Aachen extract reaches into the Netherlands and Belgium: Vaals and Kelmis are not German.
    const de = testRegion('DE');
    for (const q of ['Vaals', 'Kelmis', 'Neu-Moresnet']) {
        for (const r of de.geocoder.search(q)) {
            t.ok(de.contains(r.lat, r.lon), `${q}: ${r.name} lies in Germany`);
            t.not(r.type === 'city' && r.name === q, true, `${q} the town is not answered`);
        }
    }
    t.equal(de.geocoder.search('Aachen', {language: 'DE'})[0].name, 'Aachen');
    t.equal(de.geocoder.search('Aix-la-Chapelle', {language: 'FR'})[0].name, 'Aix-la-Chapelle', 'name:fr finds and answers');
});

t.test('Aachen: German addresses, postcodes from the postal-code boundaries', async (t) => {
    const de = testRegion('DE').geocoder;
    const [a] = de.search('Kackertstraße 16, 52072 Aachen', {language: 'DE'});
    t.equal(a.type, 'house');
    t.equal(a.street, 'Kackertstraße');
    t.equal(a.postcode, '52072');
    t.equal(a.city, 'Aachen');
    for (const q of ['Kackertstr. 16', 'kackertstrasse 16', 'Kackertsraße 16', '16 Kackertstraße 52072']) {
        t.ok(near(de.search(q)[0], a.lat, a.lon, 1), q);
    }
    const [square] = de.search('Theaterplatz', {language: 'DE'});
    t.equal(square.type, 'street');
    t.equal(square.postcode, '52062');
});

t.test('Malta: Maltese and English names, postcodes in two words', async (t) => {
    const mt = testRegion('MT').geocoder;
    const [merkanti] = mt.search('Triq il-Merkanti, Valletta');
    t.equal(merkanti.type, 'street');
    t.match(merkanti.city, /Valletta|La Valette/);
    const [gozo] = mt.search('Gozo');
    t.ok(gozo && gozo.lat > 36, 'Gozo (name:en of Għawdex) is the northern island');
    const [archbishop] = mt.search('Triq l-Arcisqof, Valletta', {language: 'EN'});
    t.equal(archbishop.name, 'Archbishop Street', 'found by its Maltese name, answered in English');
    // One piece of the street is mapped as "Archbishop Street" only: both answer.
    const names = mt.search('Archbishop Street, Valletta', {language: 'FR'}).slice(0, 2).map((r) => r.name);
    t.ok(names.includes('Triq l-Arcisqof'), 'found in English; no French name: the default one');
    const [house] = mt.search('Triq l-Arcisqof 132, Valletta', {language: 'FR'});
    t.equal(house.type, 'house');
    t.equal(house.name, '132 Triq l-Arcisqof', 'number first in Malta');
});

t.test('Porto: the two extracts count once', async (t) => {
    const pt = testRegion('PT');
    const P = regionSections(pt).places;
    const seen = new Map<string, number>();
    let duplicates = 0;
    for (let f = P.poiOffset; f < P.featureCount; f++) {
        const key = `${P.name(f)}|${P.fLat[f]}|${P.fLon[f]}`;
        if (seen.has(key)) duplicates++;
        seen.set(key, f);
    }
    t.equal(duplicates, 0, 'no POI twice at one position');
    const [first] = pt.geocoder.search('Rua de Santa Catarina', {language: 'EN'});
    t.match(first.name, /Rua de Santa Catarina/);
    t.equal(first.city, 'Porto');
});

t.test('reverse: the nearest address or street, with city and postcode; null far away', async (t) => {
    const be = testRegion('BE').geocoder;
    const info = be.placeNames(FOCUS[0], FOCUS[1]);
    t.same(info && {streetName: info.streetName, isLocality: info.isLocality, cityName: info.cityName, postcode: info.postcode},
        {streetName: 'Rue de la Loi - Wetstraat', isLocality: false, cityName: 'Bruxelles - Brussel', postcode: '1000'},
        'the reference answer of the live service (its PlaceInformation: packages/server/src/answers/neighbourhood-answer.ts)');
    t.equal(info!.streetNames!.FR, 'Rue de la Loi');
    t.equal(info!.streetNames!.NL, 'Wetstraat');
    t.equal(info!.cityNames!.NL, 'Brussel');
    const r = be.reverse(FOCUS[0], FOCUS[1], 'FR')!;
    t.equal(r.street, 'Rue de la Loi');
    t.ok(r.distance !== null && r.distance < 30, `${r.distance} m from the street`);
    const house = be.reverse(50.84129, 4.38146, 'FR')!;
    t.equal(house.type, 'house', 'on an address: the address');
    t.equal(house.housenumber, '175');
    t.equal(be.reverse(51.3, 2.5), null, 'the North Sea: nothing');
    const forest = be.placeNames(50.78, 4.42)!;
    t.equal(forest.isLocality, true, 'in the Forêt de Soignes, no street near: the municipality');
    t.equal(forest.streetName, '');
    t.equal(forest.cityName, 'Watermael-Boitsfort - Watermaal-Bosvoorde');
    const mt = testRegion('MT').geocoder;
    t.equal(mt.reverse(36.2, 14.0), null);
    const valletta = mt.reverse(35.8989, 14.5146, 'EN')!;
    t.equal(valletta.city, 'Valletta');
    const de = testRegion('DE').geocoder.reverse(50.7753, 6.0839, 'DE')!;
    t.equal(de.postcode, '52062');
    t.equal(de.city, 'Aachen');
});

t.test('bad input never throws', async (t) => {
    const be = testRegion('BE').geocoder;
    for (const q of ['', ' ', '!!!', '...---...', 'a'.repeat(500), 'Rue\u0000de\u0007la Loi', '\uD800', '%', '🙂🙂', 'x '.repeat(100), '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34']) {
        const r = be.search(q);
        t.ok(Array.isArray(r), JSON.stringify(q).slice(0, 30));
    }
    t.same(be.search('!!!'), []);
    // The Photon-style GeoJSON of these results is the server's: packages/server/test/answers.test.ts.
});
