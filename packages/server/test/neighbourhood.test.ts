// /summary, /summary/text, /summary/text-and-data, /scores and /enrichment on the real Brussels,
// Porto and Malta data: shapes against the reference response, the SPEC rules one by one, the
// limits and the cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {distanceLabels, durationLabels, loadCategories, wholeMinutes} from '@quartier/engine/internal';
import {BACKEND_KEY, FRONTEND_KEY, get, repoRoot, testServer} from './helpers.js';

const reference = JSON.parse(fs.readFileSync(path.join(repoRoot, '..', 'shared', 'reference', 'brussels-text-and-data.json'), 'utf8'));
const server = await testServer();
t.teardown(() => server.close());
const BXL = 'latitude=50.8461&longitude=4.3664';
const PORTO = 'latitude=41.1496&longitude=-8.6109';
const VALLETTA = 'latitude=35.8989&longitude=14.5146';
const url = (cc: string, endpoint: string, query: string) => `${server.url}/${cc}/${endpoint}?${query}`;

function keysOf(o: object): string[] {
    return Object.keys(o);
}

t.test('/summary has the reference shape, field by field', async (t) => {
    const r = await get(url('be', 'summary', `${BXL}&language=FR`));
    t.equal(r.status, 200);
    t.match(r.headers.get('content-type'), /application\/json/);
    const ref = reference.Data;
    t.same(keysOf(r.body), keysOf(ref));
    const cats = r.body.AvailableCategoriesAroundPosition;
    t.ok(cats.length >= 4, 'education, transport, shopping and tourism around the Rue de la Loi');
    const refCat = ref.AvailableCategoriesAroundPosition[0], refSub = refCat.sc[0], refPlace = refSub.d[0], refTd = refPlace.td[0];
    const prefixes: Record<number, number> = {1: 1001, 2: 1002, 3: 1003, 7: 1007};
    for (const c of cats) {
        t.same(keysOf(c), keysOf(refCat));
        t.ok(c.sc.length > 0);
        for (const s of c.sc) {
            t.same(keysOf(s), keysOf(refSub));
            t.ok(typeof s.l === 'string' && s.l.length > 0);
            t.ok(s.lb === null || typeof s.lb === 'string');
            t.ok(s.d.length >= 1);
            for (const p of s.d) {
                t.same(keysOf(p), keysOf(refPlace));
                t.equal(String(p.id).length, 14, '14-digit id');
                t.equal(Math.floor(p.id / 1e10), prefixes[c.ct], 'id starts with the category');
                t.equal(Math.floor((p.id % 1e10) / 1e6), s.st, 'then the sub-type');
                t.ok(Number.isInteger(p.i) && Number.isInteger(p.si));
                t.ok(typeof p.la === 'number' && typeof p.lo === 'number');
                t.ok(typeof p.n === 'string' && p.n.length > 0);
                t.ok(p.sd === null || typeof p.sd === 'string');
                for (const e of p.td) {
                    t.same(keysOf(e), keysOf(refTd));
                    t.equal(e.hti, true);
                    t.ok([1, 2, 3, 4].includes(e.tm));
                    t.ok(Number.isInteger(e.ptdd) && Number.isInteger(e.tt) && e.tt >= 0);
                    // Labels are the units module's labels of the same figures (checked literally in units.test).
                    const d = distanceLabels(e.ptdd, 'FR'), tt = durationLabels(e.tt, 'FR');
                    t.equal(e.ptdll, d.long);
                    t.equal(e.ptdsl, d.short);
                    t.equal(e.ttll, tt.long);
                    t.equal(e.ttsl, tt.short);
                    t.equal(e.ttesl, tt.extraShort);
                    t.equal(e.ttm, {1: 'En voiture', 2: 'À pied', 3: 'À vélo', 4: 'En transports'}[e.tm as 1 | 2 | 3 | 4]);
                }
            }
        }
    }
    // Transit stops: one entry per line, with the line badge as si, all at the same stop.
    const transport = cats.find((c: any) => c.ct === 2);
    const metro = transport.sc.find((s: any) => s.st === 1);
    t.ok(metro && metro.d.length >= 2, 'several metro lines at Arts-Loi');
    t.equal(new Set(metro.d.map((p: any) => p.si)).size, metro.d.length, 'one entry per line');
    t.ok(metro.d.every((p: any) => p.si > 0 && p.td.length === 1 && p.td[0].tm === 2), 'lines reached on foot only');
    t.equal(new Set(metro.d.map((p: any) => `${p.la},${p.lo}`)).size, 1, 'all at one stop');
    // Modes per kind: motorways and tourism by car (tourism also on foot within a 10-minute walk), schools by every mode.
    const motorways = transport.sc.filter((s: any) => s.st === 5);
    t.equal(motorways.length, 1, 'motorway accesses listed');
    t.ok(motorways[0].d.length >= 1 && motorways[0].d.every((p: any) => p.td.length >= 1 && p.td.every((e: any) => e.tm === 1)), 'motorways by car only');
    const tourism = cats.find((c: any) => c.ct === 7);
    t.ok(tourism.sc.length >= 5, `${tourism.sc.length} kinds of places to visit`);
    t.ok(tourism.sc.every((s: any) => s.d.length >= 1) && tourism.sc.every((s: any) => s.d.every((p: any) => p.td[0].tm === 1
        && (p.td.length === 1 || (p.td.length === 2 && p.td[1].tm === 2 && wholeMinutes(p.td[1].tt) <= 10)))));
    const education = cats.find((c: any) => c.ct === 1);
    t.ok(education.sc.some((s: any) => s.d[0].td.length === 4), 'schools: bike, car, transit, walk');
    // Ranked by proximity (straight line of the first place).
    const dist = (p: any) => Math.hypot((p.la - 50.8461) * 111, (p.lo - 4.3664) * 70);
    for (const c of cats) for (let i = 1; i < c.sc.length; i++) t.ok(dist(c.sc[i - 1].d[0]) <= dist(c.sc[i].d[0]) + 0.01);
    // Close cities: names in every language, car and bike.
    const refCity = ref.CloseCities[0];
    t.ok(r.body.CloseCities.length >= 3);
    for (const city of r.body.CloseCities) {
        t.same(keysOf(city), keysOf(refCity));
        for (const l of Object.keys(refCity.n)) t.ok(typeof city.n[l] === 'string' && city.n[l].length > 0, `name in ${l}`);
        t.same(keysOf(city.c), ['Latitude', 'Longitude']);
        t.same(city.td.map((e: any) => e.tm), [1, 3]);
    }
    t.same(keysOf(r.body.PlaceInformation), keysOf(ref.PlaceInformation));
    t.equal(r.body.PlaceInformation.StreetName, 'Rue de la Loi - Wetstraat');
    t.equal(r.body.PlaceInformation.ZipCode, '1000');
});

t.test('/summary: values do not depend on the language, labels do', async (t) => {
    const fr = (await get(url('be', 'summary', `${BXL}&language=FR`))).body;
    const nl = (await get(url('be', 'summary', `${BXL}&language=NL`))).body;
    const strip = (s: any) => JSON.parse(JSON.stringify(s, (k, v) => (['l', 'lb', 'ttm', 'ptdll', 'ptdsl', 'ttll', 'ttsl', 'ttesl'].includes(k) ? undefined : v)));
    t.same(strip(fr), strip(nl));
    t.equal(nl.AvailableCategoriesAroundPosition.find((c: any) => c.ct === 1).l, 'Onderwijs');
    const es = await get(url('be', 'summary', `${BXL}&language=ES`));
    t.equal(es.status, 200, 'a language the country does not serve falls back to EN');
    t.equal(es.body.AvailableCategoriesAroundPosition.find((c: any) => c.ct === 1).l, 'Education');
    // The service's own three-letter code (Montenegrin) is accepted, and falls back like any language the country lacks.
    for (const code of ['CNR', 'cnr']) {
        const cnr = await get(url('be', 'summary', `${BXL}&language=${code}`));
        t.equal(cnr.status, 200, `language=${code}`);
        t.same(cnr.body, es.body, `language=${code}: the EN answer`);
    }
    t.equal((await get(url('be', 'summary', `${BXL}&language=CNX`))).status, 400, 'other three-letter codes are not languages here');
});

t.test('Porto and Malta answer; Malta has no public transport anywhere', async (t) => {
    const pt = await get(url('pt', 'summary', `${PORTO}&language=PT`));
    t.equal(pt.status, 200);
    t.ok(pt.body.AvailableCategoriesAroundPosition.length >= 3);
    t.ok(JSON.stringify(pt.body).includes('"tm":4'), 'Porto has metro times');
    const mt = await get(url('mt', 'summary', `${VALLETTA}&language=EN`));
    t.equal(mt.status, 200);
    t.notOk(JSON.stringify(mt.body).includes('"tm":4'), 'no transit entry in Malta');
    const e = await get(url('mt', 'enrichment', VALLETTA));
    t.equal(e.status, 200);
    for (const c of e.body.categories) if (c.nearest) t.equal(c.nearest.transit, null, `${c.key}: transit null`);
    t.ok(e.body.categories.some((c: any) => c.nearest && c.nearest.walking !== null), 'other modes are there');
});

t.test('/enrichment follows SPEC §2.4 and §4.4', async (t) => {
    const r = await get(url('be', 'enrichment', `${BXL}&language=FR`));
    t.equal(r.status, 200);
    const doc = r.body;
    t.same(keysOf(doc), ['latitude', 'longitude', 'country', 'language', 'searchRadiusMeters', 'dataReachMeters', 'categories']);
    t.equal(doc.latitude, 50.8461);
    t.equal(doc.longitude, 4.3664);
    t.equal(doc.country, 'BE');
    t.equal(doc.language, 'FR');
    t.equal(doc.searchRadiusMeters, 25000);
    const expected = loadCategories().enrichment.BE;
    t.same(doc.categories.map((c: any) => c.key), expected.map((e) => e.key), 'the country list, in order');
    t.same(doc.categories.map((c: any) => c.id), expected.map((e) => e.id));
    t.ok(doc.categories.find((c: any) => c.key === 'Transports.Metros').nearest.name.includes('Arts-Loi'));
    for (const c of doc.categories) {
        t.same(keysOf(c), ['id', 'key', 'group', 'label', 'nearest', 'complete']);
        t.match(c.key, /^(Children|Transports|Shopping)\.[A-Za-z]+$/);
        t.equal(c.group, c.key.split('.')[0]);
        if (c.nearest === null) continue;
        const n = c.nearest;
        t.same(keysOf(n), ['name', 'latitude', 'longitude', 'straightLineDistanceMeters', 'walking', 'bicycling', 'driving', 'transit']);
        t.ok(n.straightLineDistanceMeters <= 25000);
        for (const mode of ['walking', 'bicycling', 'driving', 'transit']) {
            const trip = n[mode];
            if (trip === null) continue;
            t.same(keysOf(trip), ['distanceMeters', 'durationSeconds', 'durationMinutes']);
            t.equal(trip.durationMinutes, Math.ceil(trip.durationSeconds / 60), 'minutes rounded up');
            t.ok(trip.durationSeconds > 0 && trip.distanceMeters > 0, 'a routed trip is never 0');
        }
        // Transit is never slower than the walk (the walk itself counts as the trip).
        if (n.transit && n.walking) t.ok(n.transit.durationSeconds <= n.walking.durationSeconds + 1);
    }
    // Brussels Airport (Zaventem, 11 km away) lies outside the Brussels-Capital extract: the data
    // ends 1-10 km from the Rue de la Loi, so the null airport is not "none within 25 km".
    t.ok(doc.dataReachMeters > 1000 && doc.dataReachMeters < 10000, `the data reaches ${doc.dataReachMeters} m`);
    const airport = doc.categories.find((c: any) => c.key === 'Transports.Airports');
    t.same([airport.nearest, airport.complete], [null, false], 'no airport in the data, and the answer says it is not certain');
    const metro = doc.categories.find((c: any) => c.key === 'Transports.Metros');
    t.equal(metro.complete, true, 'a metro station 200 m away: nothing beyond the data can be nearer');
    for (const c of doc.categories) {
        if (c.nearest) t.equal(c.complete, (c.nearest.walking?.distanceMeters ?? c.nearest.straightLineDistanceMeters) <= doc.dataReachMeters, c.key);
    }
    // Malta's extract is the whole country: every answer is certain, nulls included.
    const malta = (await get(url('mt', 'enrichment', VALLETTA))).body;
    t.equal(malta.dataReachMeters, null);
    t.ok(malta.categories.every((c: any) => c.complete), 'Malta: complete');
    // Everything but the labels is the same in every language.
    const en = (await get(url('be', 'enrichment', BXL))).body;
    t.equal(en.language, 'EN', 'default language');
    const strip = (d: any) => ({...d, language: null, categories: d.categories.map((c: any) => ({...c, label: null}))});
    t.same(strip(en), strip(doc));
    t.equal(doc.categories[0].label, 'Crèche');
    t.equal(en.categories[0].label, 'Nursery');
    // The same categories for another position.
    const other = (await get(url('be', 'enrichment', 'latitude=50.8200&longitude=4.3900'))).body;
    t.same(other.categories.map((c: any) => c.key), expected.map((e) => e.key));
});

t.test('/enrichment refuses what SPEC §7.2 lists', async (t) => {
    const de = await get(url('be', 'enrichment', `${BXL}&language=DE`));
    t.equal(de.status, 400, 'a language Belgium does not serve');
    t.match(de.body.Error, /FR, EN, NL/);
    t.equal((await get(url('be', 'enrichment', `${BXL}&language=xx1`))).status, 400);
    const frontend = await get(url('be', 'enrichment', BXL), {LicenseKey: FRONTEND_KEY, Origin: 'https://example.com'});
    t.equal(frontend.status, 403, 'domain keys are refused');
    t.equal((await get(url('be', 'enrichment', BXL), {})).status, 401);
    t.equal((await get(url('be', 'enrichment', 'latitude=41.1496&longitude=-8.6109'))).status, 400, 'outside the country');
    t.equal((await get(url('be', 'enrichment', 'latitude=50.8461'))).status, 400, 'longitude missing');
    t.equal((await get(url('be', 'enrichment', 'latitude=abc&longitude=4.3'))).status, 400);
    for (const ep of ['summary', 'summary/text', 'summary/text-and-data', 'scores']) {
        t.equal((await get(url('be', ep, 'latitude=41.1496&longitude=-8.6109'))).status, 400, `${ep}: outside`);
        t.equal((await get(url('be', ep, 'latitude=91&longitude=4.3'))).status, 400, `${ep}: latitude`);
        if (ep !== 'summary/text') t.equal((await get(url('be', ep, `${BXL}&language=F`))).status, 400, `${ep}: malformed language`);
    }
});

t.test('/summary/text: every language of the country in its order, figures from the data', async (t) => {
    const r = await get(url('be', 'Summary/text', BXL));
    t.equal(r.status, 200);
    const paragraphs = r.body.Paragraphs;
    const order = ['tourism', 'transports', 'education', 'shopping', 'cities', 'publictransports'];
    const ids = paragraphs.map((p: any) => p.IconId);
    t.same(ids, order.filter((id) => ids.includes(id)), 'paragraphs in order');
    t.ok(ids.length >= 5);
    const refParagraph = reference.Text.Paragraphs[0];
    for (const p of paragraphs) {
        t.same(keysOf(p), keysOf(refParagraph));
        for (const map of [p.Title, p.TitleBis, p.TitleTer, ...p.Sentences, ...p.List]) t.same(keysOf(map), ['FR', 'EN', 'NL']);
        t.ok(p.Sentences.length >= 1);
        for (const s of p.Sentences) {
            for (const text of Object.values(s) as string[]) {
                t.ok(text.length > 10);
                t.notMatch(text, /undefined|NaN|\[object|<[a-z]/);
                t.equal(text.split('[STRONG]').length, text.split('[/STRONG]').length, 'balanced markers');
            }
        }
    }
    t.match(paragraphs[0].TitleBis.FR, /Rue de la Loi/);
    t.match(paragraphs[0].TitleBis.NL, /Wetstraat/, 'Dutch titles use the Dutch street name');
    // The tourism sentences name each place with the minutes of its summary trip: on foot when near, else by car.
    const summary = (await get(url('be', 'summary', `${BXL}&language=FR`))).body;
    const sights = summary.AvailableCategoriesAroundPosition.find((c: any) => c.ct === 7).sc.map((s: any) => s.d[0]);
    const tourism = paragraphs.find((p: any) => p.IconId === 'tourism');
    let checked = 0;
    for (const s of tourism.Sentences) {
        const sight = sights.find((x: any) => s.FR.includes(`"${x.n}"`) || s.FR.includes(x.n));
        if (!sight) continue;
        const minutes = wholeMinutes(sight.td[sight.td.length - 1].tt);
        const hours = Math.floor(minutes / 60), rest = minutes % 60;
        for (const text of Object.values(s) as string[]) {
            t.ok(text.includes(sight.n), 'named in every language');
            if (minutes < 60) t.match(text, new RegExp(`\\b${minutes}\\b`), `${minutes} min in "${text}"`);
            else t.match(text, new RegExp(`\\b${hours}\\b.*${rest ? `\\b${rest}\\b` : ''}`));
        }
        checked++;
    }
    t.ok(checked >= 3, `${checked} tourism sentences checked against the data`);
    // No language given: still every language; the same text for the same position.
    const again = await get(url('be', 'summary/text', `${BXL}&language=NL`));
    t.same(again.body, r.body);
    const porto = await get(url('pt', 'summary/text', PORTO));
    t.same(keysOf(porto.body.Paragraphs[0].Title), ['PT', 'EN']);
});

t.test('/summary/text-and-data: Data, Summary and Text', async (t) => {
    const r = await get(url('be', 'summary/text-and-data', `${BXL}&language=NL`));
    t.equal(r.status, 200);
    t.same(keysOf(r.body), ['Data', 'Summary', 'Text']);
    t.same(r.body.Data, r.body.Summary);
    t.same(r.body.Data, (await get(url('be', 'summary', `${BXL}&language=NL`))).body);
    t.same(r.body.Text, (await get(url('be', 'summary/text', BXL))).body);
});

t.test('/scores: 0-10 per key, the documented keys', async (t) => {
    const r = await get(url('be', 'Scores', `${BXL}&language=FR`));
    t.equal(r.status, 200);
    t.same(keysOf(r.body), ['scores', 'language']);
    t.equal(r.body.language, 'FR');
    const keys = r.body.scores.map((s: any) => s.k);
    for (const k of ['publicTransport', 'trains', 'motorways', 'nurseries', 'schools', 'supermarkets']) t.ok(keys.includes(k), k);
    for (const s of r.body.scores) {
        t.same(keysOf(s), ['k', 'l', 'v', 'iconId', 'pt', 'st']);
        t.ok(s.v >= 0 && s.v <= 10);
        t.ok(typeof s.l === 'string' && s.l.length > 0);
        t.ok(Array.isArray(s.st) && s.st.every((x: unknown) => Number.isInteger(x)));
    }
    t.ok(r.body.scores.find((s: any) => s.k === 'publicTransport').v >= 8, 'Arts-Loi: metro, tram and bus at the door');
    const malta = await get(url('mt', 'scores', VALLETTA));
    t.ok(malta.body.scores.find((s: any) => s.k === 'trains').v === 0, 'no train in Malta');
});

t.test('at most 4 enrichments in flight: the fifth cold one gets 429 with Retry-After', async (t) => {
    const positions = [0, 1, 2, 3, 4].map((i) => `latitude=${(50.83 + i * 0.004).toFixed(4)}&longitude=${(4.34 + i * 0.003).toFixed(4)}`);
    // Hold every computation at the pool until the fifth request has been answered, so four are in
    // flight by construction, whatever the machine's speed.
    const pool = server.pool;
    const run = pool.run.bind(pool);
    t.teardown(() => { pool.run = run; });
    let release!: () => void, fourHeld!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const four = new Promise<void>((resolve) => (fourHeld = resolve));
    let held = 0;
    pool.run = (async (task: Parameters<typeof run>[0]) => {
        if (++held === 4) fourHeld();
        await gate;
        return run(task);
    }) as typeof pool.run;
    const first = positions.slice(0, 4).map((p) => get(url('be', 'enrichment', p)));
    await four;
    const refused = await get(url('be', 'enrichment', positions[4]));
    t.equal(refused.status, 429);
    t.ok(Number(refused.headers.get('retry-after')) > 0);
    t.match(refused.body.Error, /retry/i);
    release();
    t.same((await Promise.all(first)).map((r) => r.status), [200, 200, 200, 200]);
    pool.run = run;
    // Answers from the cache do not count: the same five again all succeed.
    const again = await Promise.all(positions.map((p) => get(url('be', 'enrichment', p))));
    t.same(again.map((r) => r.status), [200, 200, 200, 200, 200]);
});

t.test('the routing engine not answering in time gives 503 and nothing is stored', async (t) => {
    const slow = await testServer({'task-timeout': '1'});
    t.teardown(() => slow.close());
    for (const ep of ['enrichment', 'summary']) {
        const r = await get(`${slow.url}/be/${ep}?${BXL}`);
        t.equal(r.status, 503, ep);
        t.match(r.body.Error, /retry/i);
    }
    t.equal(slow.cache!.stats().entries, 0, 'nothing in the cache');
});

t.test('answers survive a restart (the cache is on disk)', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-test-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const first = await testServer({cache: dir});
    const q = 'latitude=50.8399&longitude=4.3801';
    const a = await get(`${first.url}/be/summary?${q}&language=NL`);
    const e = await get(`${first.url}/be/enrichment?${q}`, {LicenseKey: BACKEND_KEY});
    t.equal(a.status, 200);
    await first.close();
    // The second server cannot compute anything (1 ms task limit): only the cache can answer.
    const second = await testServer({cache: dir, 'task-timeout': '1'});
    t.teardown(() => second.close());
    const b = await get(`${second.url}/be/summary?${q}&language=NL`);
    t.equal(b.status, 200, 'served from the cache after the restart');
    t.same(b.body, a.body);
    t.same((await get(`${second.url}/be/enrichment?${q}`)).body, e.body);
    t.equal((await get(`${second.url}/be/summary?${q}&language=FR`)).status, 200, 'another language of the same position: from the stored data');
    t.equal((await get(`${second.url}/be/summary?latitude=50.8398&longitude=4.3801`)).status, 503, 'another position must be computed');
});
