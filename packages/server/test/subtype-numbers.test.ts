// Sub-type numbers by country (COMPAT.md "Sub-type numbers differ by country"): the nursery is 4 in
// BE and PT, 1 in DE and MT, 6 in IT, in every answer that carries an id, and poiTypesIds reads the
// country's numbers. /categories' top level has integer `i` and `aid`.
import t from 'tap';
import {loadCategories} from '@quartier/engine/internal';
import {get, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());

const REGIONS = [
    {cc: 'be', nursery: 4, lat: 50.8461, lon: 4.3664},
    {cc: 'pt', nursery: 4, lat: 41.1496, lon: -8.6109},
    {cc: 'mt', nursery: 1, lat: 35.8989, lon: 14.5146},
    {cc: 'it', nursery: 6, lat: 45.4642, lon: 9.19},
    {cc: 'de', nursery: 1, lat: 50.7753, lon: 6.0839}
];
const nurseryConfig = loadCategories().categories.find((c) => c.ct === 1)!.subtypes.find((s) => s.key === 'nursery')!;
const nurseryId = (st: number, variant: number) => 1001e10 + st * 1e6 + variant;

for (const region of REGIONS) {
    t.test(`${region.cc}: the nursery is sub-type ${region.nursery}`, async (t) => {
        const base = `${server.url}/${region.cc}`;
        const wildcard = nurseryId(region.nursery, 1);

        const tree = (await get(`${base}/categories?language=EN`)).body;
        for (const c of tree) {
            t.ok(Number.isInteger(c.i) && Number.isInteger(c.aid) && Number.isInteger(c.id), `top level ${c.id}: integer id, aid and i`);
            t.equal(c.aid, 0);
        }
        const education = tree.find((c: any) => c.id === 1001).c;
        t.equal(education.find((s: any) => s.l === nurseryConfig.plural.EN)?.id, wildcard, '/categories');
        const allIds = tree.flatMap((c: any) => c.c.map((s: any) => s.id));
        t.equal(new Set(allIds).size, allIds.length, 'no two sub-types share a number');

        const simplified = (await get(`${base}/simplifiedcategories?language=EN`)).body;
        t.ok(simplified.Education.includes(wildcard), '/simplifiedcategories');
        t.same([...simplified.Education].sort(), education.map((s: any) => s.id).sort(), 'the same ids as /categories');

        // The whole region (Malta and Milan have one nursery each in the test extracts).
        const box = `bound1=${region.lat - 0.2},${region.lon - 0.2}&bound2=${region.lat + 0.2},${region.lon + 0.2}&caringForBigResponse=false`;
        const reply = await get(`${base}/points?${box}&language=EN&poiTypesIds=${wildcard}`);
        t.equal(reply.status, 200);
        const points = reply.body;
        t.ok(points.length > 0, `${points.length} nurseries by the country's id`);
        for (const p of points) {
            t.equal(p.p, String(nurseryId(region.nursery, 0)), '/points p');
            t.equal(p.t, nurseryConfig.singular.EN, 'and it is a nursery');
        }
        // Every other Education id of the country names something else: none of its places is a nursery.
        for (const other of education.filter((s: any) => s.id !== wildcard)) {
            const some = (await get(`${base}/points?${box}&language=EN&poiTypesIds=${other.id}`)).body;
            t.notOk(some.some((p: any) => p.t === nurseryConfig.singular.EN), `${other.id} (${other.l}) lists no nursery`);
        }

        const nursery = points[0];
        const summary = (await get(`${base}/summary?latitude=${nursery.la}&longitude=${nursery.ln}&language=EN`)).body;
        const sc = summary.AvailableCategoriesAroundPosition.find((c: any) => c.ct === 1)?.sc.find((s: any) => s.l === nurseryConfig.plural.EN);
        t.equal(sc?.st, region.nursery, '/summary st');
        for (const d of sc?.d ?? []) t.equal(d.id, nurseryId(region.nursery, 0), '/summary place id');

        const enrichment = (await get(`${base}/enrichment?latitude=${nursery.la}&longitude=${nursery.ln}&language=EN`)).body;
        const entry = enrichment.categories.find((c: any) => c.label === nurseryConfig.singular.EN);
        t.equal(entry?.id, nurseryId(region.nursery, 0), `/enrichment ${entry?.key}`);
    });
}

t.test('an id that names no sub-type in the country lists nothing', async (t) => {
    // In Germany 4 was the nursery's old number and names nothing now.
    const r = await get(`${server.url}/de/points?bound1=50.6,5.9&bound2=50.9,6.3&caringForBigResponse=false&language=EN&poiTypesIds=${nurseryId(4, 1)}`);
    t.equal(r.status, 200);
    t.same(r.body, []);
});
