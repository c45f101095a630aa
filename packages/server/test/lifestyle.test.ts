// GET /isochrone/lifestyle on the real Brussels network and timetable: for seeded random positions by
// a road, the area agrees with the trips /enrichment measures (the engine's TripMeter, from the
// position to every place of each category, public transport over the same departure window): in
// when every category's nearest place is within the limit, out otherwise. And bad input answers 400.
import t from 'tap';
import path from 'node:path';
import {Region} from '@quartier/engine';
import {loadCategories, mulberry32, pointInPolygon, regionSections, splitTypeId, TripMeter, TM_BIKE, TM_CAR, TM_TRANSIT, TM_WALK} from '@quartier/engine/internal';
import {BACKEND_KEY, get, getWithHost, testBuildRoot, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be/isochrone/lifestyle`;
const BOX = [4.33, 50.83, 4.39, 50.87] as const;
const SAMPLES = 60;

type Ring = [number, number][];

const region = Region.open(path.join(testBuildRoot, 'BE'));
const pois = regionSections(region).pois;
const entries = loadCategories().enrichment.BE;

/** The distinct named places of an enrichment category (as /enrichment chooses among them). */
function placesOf(key: string): [number, number][] {
    const {ct, st} = splitTypeId(entries.find((e) => e.key === key)!.id);
    const seen = new Set<number>(), out: [number, number][] = [];
    for (let i = 0; i < pois.count; i++) {
        if (pois.ct[i] !== ct || pois.st[i] !== st || pois.nameOf[i] === 0 || seen.has(pois.place[i])) continue;
        seen.add(pois.place[i]);
        out.push([pois.lat[i], pois.lon[i]]);
    }
    return out;
}

const inside = (x: number, y: number, polygons: Ring[][]) => polygons.some((rings) => pointInPolygon(x, y, rings));

/** Road mode of each travel mode code, for snapping the samples. */
const ROAD = {[TM_CAR]: 0, [TM_WALK]: 1, [TM_BIKE]: 2, [TM_TRANSIT]: 1} as Record<number, number>;
const NAME = {[TM_CAR]: 'Driving', [TM_WALK]: 'Walking', [TM_BIKE]: 'Bicycling', [TM_TRANSIT]: 'Transit'} as Record<number, string>;

const CASES = [
    {keys: ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'], tm: TM_WALK, minutes: 8},
    {keys: ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'], tm: TM_BIKE, minutes: 4},
    {keys: ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'], tm: TM_CAR, minutes: 3},
    {keys: ['Transports.Trams', 'Transports.BikeSharing'], tm: TM_WALK, minutes: 4},
    {keys: ['Transports.Trams', 'Transports.BikeSharing'], tm: TM_BIKE, minutes: 2},
    {keys: ['Transports.Trams', 'Transports.BikeSharing'], tm: TM_CAR, minutes: 2},
    {keys: ['Children.SecondarySchool', 'Transports.TrainStations'], tm: TM_TRANSIT, minutes: 10},
    {keys: ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.TrainStations'], tm: TM_TRANSIT, minutes: 12},
    // Past the walk to a first stop (15 min): walking all the way no longer counts as public transport.
    {keys: ['Transports.TrainStations', 'Children.SecondarySchool'], tm: TM_TRANSIT, minutes: 17}
];
const sections = regionSections(region);

for (const c of CASES) {
    t.test(`${c.keys.join(' + ')}: ${NAME[c.tm]} within ${c.minutes} min`, async (t) => {
        const res = await get(`${base}?categories=${c.keys.join(',')}&travelMode=${NAME[c.tm]}&minutes=${c.minutes}&bbox=${BOX.join(',')}`);
        t.equal(res.status, 200, res.text.slice(0, 200));
        t.equal(res.body.type, 'MultiPolygon');
        const polygons = res.body.coordinates as Ring[][];
        const places = c.keys.map(placesOf);
        const random = mulberry32(27 + c.tm * 10 + c.minutes);
        let right = 0, ins = 0, outs = 0, tries = 0;
        const wrong: string[] = [];
        for (let n = 0; n < SAMPLES && tries < 100 * SAMPLES; tries++) {
            const lat = BOX[1] + random() * (BOX[3] - BOX[1]), lon = BOX[0] + random() * (BOX[2] - BOX[0]);
            // Positions by a road (the areas count those within 50 m of one, as isochrones do).
            const snap = region.router.snap(lat, lon, ROAD[c.tm]);
            if (!snap || snap.distance > 25) continue;
            n++;
            const meter = new TripMeter({router: region.router, transit: sections.transit, transitRouter: region.transitRouter}, lat, lon);
            let worst = 0;
            for (const list of places) {
                meter.prefetch(c.tm, list);
                let best = Infinity;
                for (const [pLat, pLon] of list) best = Math.min(best, meter.trip(c.tm, pLat, pLon)?.seconds ?? Infinity);
                worst = Math.max(worst, best);
            }
            const want = worst <= c.minutes * 60;
            if (want) ins++;
            else outs++;
            if (inside(lon, lat, polygons) === want) right++;
            else wrong.push(`${lat.toFixed(5)},${lon.toFixed(5)} ${worst} s`);
        }
        t.equal(ins + outs, SAMPLES, 'enough positions by a road');
        // Both kinds among the samples, or the check proves little.
        t.ok(ins >= 5 && outs >= 5, `${ins} positions within the limit, ${outs} beyond`);
        t.ok(right >= 0.95 * SAMPLES, `${right} of ${SAMPLES} right (wrong: ${wrong.join('; ')})`);
    });
}

t.test('minutes and numberOfSeconds, the region\'s box by default, the country from the host too', async (t) => {
    const q = 'categories=Shopping.Supermarket&travelMode=Walking';
    const a = await get(`${base}?${q}&minutes=5&bbox=${BOX.join(',')}`);
    const b = await get(`${base}?${q}&numberOfSeconds=300&bbox=${BOX.join(',')}`);
    t.equal(a.status, 200);
    t.equal(a.text, b.text, 'the same area');
    const whole = await get(`${base}?${q}&minutes=5`);
    t.equal(whole.status, 200);
    t.ok(whole.body.coordinates.length >= a.body.coordinates.length, 'the region\'s box holds at least as many pieces');
    // A box reaching beyond the region is clipped to it.
    const wide = await get(`${base}?${q}&minutes=5&bbox=3,50,6,52`);
    t.equal(wide.status, 200);
    t.equal(wide.text, whole.text, 'clipped to the region\'s box');
    const bare = await getWithHost(`${server.url}/isochrone/lifestyle?${q}&minutes=5&bbox=${BOX.join(',')}`, {LicenseKey: BACKEND_KEY, Host: 'be.quartier.local'});
    t.equal(bare.status, 200);
    t.equal(bare.text, a.text);
});

t.test('by public transport where there is no timetable: 400', async (t) => {
    const res = await get(`${server.url}/mt/isochrone/lifestyle?categories=Shopping.Supermarket&travelMode=Transit&minutes=10`);
    t.equal(res.status, 400);
    t.match(res.body.Error, /Public transport is not available in this region/);
    t.equal((await get(`${server.url}/mt/isochrone/lifestyle?categories=Shopping.Supermarket&travelMode=Walking&minutes=10`)).status, 200, 'the road modes are');
});

t.test('a category without places: nowhere qualifies', async (t) => {
    const res = await get(`${base}?categories=Shopping.Supermarket,Transports.Airports&travelMode=Driving&minutes=10&bbox=${BOX.join(',')}`);
    t.equal(res.status, 200);
    t.same(res.body, {type: 'MultiPolygon', coordinates: []});
});

t.test('bad input answers 400 with a message', async (t) => {
    const ok = `travelMode=Walking&minutes=5&bbox=${BOX.join(',')}`;
    const seven = entries.slice(0, 7).map((e) => e.key).join(',');
    const bad: [string, RegExp][] = [
        [`categories=Shopping.Nothing&${ok}`, /Unknown category 'Shopping.Nothing'.*Shopping.Supermarket/],
        [`categories=&${ok}`, /1 to 6 category keys/],
        [ok, /1 to 6 category keys/],
        [`categories=${seven}&${ok}`, /1 to 6 category keys.*got 7/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=0', /'minutes' must be a whole number of minutes from 1 to 60/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=61', /'minutes'/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=2.5', /'minutes'/],
        ['categories=Shopping.Supermarket&travelMode=Walking&numberOfSeconds=59', /'numberOfSeconds'/],
        ['categories=Shopping.Supermarket&travelMode=Walking', /one of the two/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&numberOfSeconds=300', /one of the two/],
        ['categories=Shopping.Supermarket&travelMode=Flying&minutes=5', /travelMode/],
        ['categories=Shopping.Supermarket&minutes=5', /travelMode/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&bbox=4.3,50.8,4.4', /'bbox' must be 'west,south,east,north'/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&bbox=4.4,50.8,4.3,50.9', /west < east/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&bbox=4.3,50.8,x,50.9', /'bbox' must be a decimal/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&bbox=4.3,95,4.4,96', /latitude/],
        ['categories=Shopping.Supermarket&travelMode=Walking&minutes=5&bbox=10,40,11,41', /outside the area/],
        ['categories=Shopping.Supermarket&travelMode=Train&minutes=5', /travelMode/]
    ];
    for (const [q, message] of bad) {
        const res = await get(`${base}?${q}`);
        t.equal(res.status, 400, q);
        t.match(res.body.Error, message, q);
    }
});
