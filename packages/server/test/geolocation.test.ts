// /geolocation, /Geolocation/GetClose and /geolocation/reverse over HTTP on the real data:
// Photon-style answers, country scoping by sub-domain, and every kind of bad input.
import t, {type Test} from 'tap';
import {BE_ONLY_KEY, get, getWithHost, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const be = `${server.url}/be`;
const PROPERTIES = ['name', 'street', 'housenumber', 'postcode', 'city', 'country', 'countrycode', 'type', 'accuracy'];
const ACCURACIES = ['exact', 'interpolated', 'street', 'locality'];

function checkCollection(t: Test, body: any): void {
    t.equal(body.type, 'FeatureCollection');
    t.ok(Array.isArray(body.features));
    for (const f of body.features) {
        t.equal(f.type, 'Feature');
        t.equal(f.geometry.type, 'Point');
        t.equal(f.geometry.coordinates.length, 2);
        for (const k of PROPERTIES) t.equal(typeof f.properties[k], 'string', `property ${k} is a string`);
        t.ok(ACCURACIES.includes(f.properties.accuracy), `accuracy ${f.properties.accuracy}`);
    }
}

t.test('GET /geolocation: every result says how exact it is; a number the data lacks is placed, not the street\'s middle', async (t) => {
    const ask = async (address: string) => (await get(`${be}/geolocation?address=${encodeURIComponent(address)}&language=FR`)).body;
    const mapped = await ask('Rue de la Loi 175');
    checkCollection(t, mapped);
    t.equal(mapped.features[0].properties.accuracy, 'exact');
    const missing = await ask('Rue de la Lio 16');
    checkCollection(t, missing);
    const p = missing.features[0].properties;
    t.same([p.type, p.accuracy, p.housenumber, p.name], ['house', 'interpolated', '16', 'Rue de la Loi 16']);
    const [lon] = missing.features[0].geometry.coordinates;
    t.ok(lon < 4.37, `at the west end of the street (${lon}), not its middle (4.376)`);
    const street = await ask('Rue de la Loi');
    t.equal(street.features[0].properties.accuracy, 'street');
    const town = await ask('Ixelles');
    t.equal(town.features[0].properties.accuracy, 'locality');
    const reverse = await get(`${be}/geolocation/reverse?latitude=50.84129&longitude=4.38146`);
    checkCollection(t, reverse.body);
    t.equal(reverse.body.features[0].properties.accuracy, 'exact');
});

t.test('GET /geolocation: the street in Brussels, best first, Photon-style', async (t) => {
    const r = await get(`${be}/geolocation?address=${encodeURIComponent('Rue de la Loi, 1000 Bruxelles')}&language=FR`);
    t.equal(r.status, 200);
    t.match(r.headers.get('content-type'), /application\/json/);
    checkCollection(t, r.body);
    const first = r.body.features[0];
    t.equal(first.properties.name, 'Rue de la Loi');
    t.equal(first.properties.type, 'street');
    t.equal(first.properties.postcode, '1000');
    t.equal(first.properties.city, 'Bruxelles');
    t.equal(first.properties.country, 'Belgique');
    t.equal(first.properties.countrycode, 'BE');
    const [lon, lat] = first.geometry.coordinates;
    t.ok(lon > 4.3 && lon < 4.45 && lat > 50.8 && lat < 50.9, '[longitude, latitude]');
});

t.test('paths and spellings clients send', async (t) => {
    const q = `address=${encodeURIComponent('Rue de la Loi 175')}&language=EN`;
    const a = await get(`${be}/geolocation?${q}`);
    const b = await get(`${be}/Geolocation?${q}`);
    const c = await get(`${be}/geolocation?${q.replace('address', 'Address').replace('language', 'LANGUAGE')}`);
    const d = await get(`${be}/geolocation?address=Rue+de+la+Loi+175&language=EN`);
    for (const r of [a, b, c, d]) {
        t.equal(r.status, 200);
        t.equal(r.body.features[0].properties.housenumber, '175');
        t.equal(r.body.features[0].properties.type, 'house');
    }
    const host = await getWithHost(`${server.url}/geolocation?${q}`, {Host: 'be.quartier.local', LicenseKey: 'quartier-dev-backend-key'});
    t.equal(host.status, 200, 'country from the Host sub-domain');
    t.equal(host.body.features[0].properties.housenumber, '175');
});

t.test('GET /Geolocation/GetClose: autocomplete near a position', async (t) => {
    const r = await get(`${be}/Geolocation/GetClose?latitude=50.8461000&longitude=4.3664000&address=Grand%20Pl&language=FR`);
    t.equal(r.status, 200);
    checkCollection(t, r.body);
    const [lon, lat] = r.body.features[0].geometry.coordinates;
    t.ok(Math.abs(lat - 50.8467) < 0.001 && Math.abs(lon - 4.3524) < 0.0015, 'the Grand-Place');
    const typo = await get(`${be}/geolocation/getclose?latitude=50.8461&longitude=4.3664&address=Grnad%20Place`);
    t.equal(typo.status, 200);
    t.ok(Math.abs(typo.body.features[0].geometry.coordinates[1] - 50.8467) < 0.001, 'a typo still finds it');
    const missing = await get(`${be}/Geolocation/GetClose?address=Grand%20Place`);
    t.equal(missing.status, 400);
    t.match(missing.body.Error, /latitude/);
    const bad = await get(`${be}/Geolocation/GetClose?latitude=abc&longitude=4.3&address=x`);
    t.equal(bad.status, 400);
});

t.test('GET /geolocation/reverse: 0 or 1 feature', async (t) => {
    const r = await get(`${be}/geolocation/reverse?latitude=50.8461&longitude=4.3664&language=FR`);
    t.equal(r.status, 200);
    checkCollection(t, r.body);
    t.equal(r.body.features.length, 1);
    const p = r.body.features[0].properties;
    t.equal(p.street, 'Rue de la Loi');
    t.equal(p.postcode, '1000');
    t.equal(p.city, 'Bruxelles');
    const far = await get(`${be}/geolocation/reverse?latitude=51.35&longitude=2.6&language=FR`);
    t.equal(far.status, 400, 'outside Belgium');
    t.match(far.body.Error, /outside BE/);
    const mt = await get(`${server.url}/mt/geolocation/reverse?latitude=35.8989&longitude=14.5146&language=EN`);
    t.equal(mt.status, 200);
    t.equal(mt.body.features[0].properties.city, 'Valletta');
});

t.test('a place of another country: an empty collection from this sub-domain', async (t) => {
    for (const q of ['Valletta', 'Aachen', 'Sliema', 'Vila Nova de Gaia', 'Matosinhos']) {
        const r = await get(`${be}/geolocation?address=${encodeURIComponent(q)}&language=EN`);
        t.equal(r.status, 200);
        t.same(r.body, {type: 'FeatureCollection', features: []}, q);
    }
    const mt = await get(`${server.url}/mt/geolocation?address=Valletta&language=EN`);
    t.ok(mt.body.features.length > 0, 'found on its own sub-domain');
    t.equal(mt.body.features[0].properties.countrycode, 'MT');
});

t.test('languages: EN, FR, DE, IT direct; others EN', async (t) => {
    const q = `address=${encodeURIComponent('Rue de la Loi, 1000 Bruxelles')}`;
    const city = async (lang: string) => (await get(`${be}/geolocation?${q}&language=${lang}`)).body.features[0].properties;
    t.equal((await city('FR')).city, 'Bruxelles');
    t.equal((await city('EN')).city, 'Brussels');
    t.equal((await city('DE')).city, 'Brüssel');
    t.equal((await city('IT')).city, 'Bruxelles');
    t.equal((await city('NL')).city, 'Brussels', 'NL falls back to EN');
    t.equal((await city('fr')).city, 'Bruxelles', 'any case');
    t.equal((await city('EN')).country, 'Belgium');
    const none = await get(`${be}/geolocation?${q}`);
    t.equal(none.status, 200, 'language may be left out: EN');
    t.equal(none.body.features[0].properties.city, 'Brussels');
});

t.test('bad input: a clear 400 or an empty collection, never a 500', async (t) => {
    const cases: [string, string, number][] = [
        ['missing address', 'language=EN', 400],
        ['empty address', 'address=&language=EN', 400],
        ['blank address', 'address=%20%20&language=EN', 400],
        ['500 characters', `address=${'a'.repeat(500)}&language=EN`, 400],
        ['201 characters', `address=${'Rue '.repeat(50)}a&language=EN`, 400],
        ['control characters', 'address=Rue%00de%07la%20Loi&language=EN', 400],
        ['newline', 'address=Rue%0Ade%20la%20Loi&language=EN', 400],
        ['malformed language', 'address=Loi&language=F', 400],
        ['language with a digit', 'address=Loi&language=E1', 400],
        ['limit not a number', 'address=Loi&limit=ten', 400],
        ['limit zero', 'address=Loi&limit=0', 400],
        ['limit too big', 'address=Loi&limit=51', 400],
        ['very long parameter', `address=${'x'.repeat(5000)}`, 400]
    ];
    for (const [name, query, status] of cases) {
        const r = await get(`${be}/geolocation?${query}`);
        t.equal(r.status, status, `${name}: ${JSON.stringify(r.body).slice(0, 120)}`);
        t.equal(typeof r.body.Error, 'string', name);
    }
    for (const q of ['!!!', '...', '%2C%2C%2C', '-', '%F0%9F%99%82']) {
        const r = await get(`${be}/geolocation?address=${q}&language=EN`);
        t.equal(r.status, 200, `only punctuation or symbols (${q}): an empty collection`);
        t.same(r.body, {type: 'FeatureCollection', features: []});
    }
    for (const q of ['zzzzqqqq', '1', '12345678901234567890', 'a%20b%20c%20d%20e%20f%20g%20h%20i%20j%20k%20l%20m%20n%20o%20p%20q%20r%20s%20t%20u%20v%20w%20x%20y%20z', '%25', '%27%27', 'Loi%27%3B%20DROP%20TABLE']) {
        const r = await get(`${be}/geolocation?address=${q}&language=EN`);
        t.equal(r.status, 200, q);
        checkCollection(t, r.body);
    }
    const bad = await get(`${be}/geolocation?address=%E0%A4%A&language=EN`);
    t.equal(bad.status, 400, 'malformed percent-encoding');
    t.match(bad.body.Error, /percent-encoded UTF-8 near 'address'/);
    const reverse = await get(`${be}/geolocation/reverse?latitude=95&longitude=4.3`);
    t.equal(reverse.status, 400);
    t.match(reverse.body.Error, /latitude/);
    const noKey = await get(`${be}/geolocation?address=Loi`, {});
    t.equal(noKey.status, 401);
    const otherCountry = await get(`${server.url}/pt/geolocation?address=Porto`, {LicenseKey: BE_ONLY_KEY});
    t.equal(otherCountry.status, 403);
});

t.test('limit', async (t) => {
    const r = await get(`${be}/geolocation?address=Rue&limit=3`);
    t.equal(r.body.features.length, 3);
    const d = await get(`${be}/geolocation?address=Rue`);
    t.equal(d.body.features.length, 10, 'default 10');
});
