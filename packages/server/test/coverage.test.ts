// Coverage on the real data: /health lists the area each region covers, every position-based
// endpoint refuses (400) a position in the country that the region has no data for, a position
// at sea off Malta is never routed by ferry, and Malta's drive areas stay on land.
import path from 'node:path';
import t from 'tap';
import {FOOT, MAX_SNAP_METERS, Region, pointInPolygon} from '@quartier/engine/internal';
import {get, testBuildRoot, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());

/** A listing in Antwerp: in Belgium, far outside the Brussels-Capital Region's extract. */
const ANTWERP = {lat: 51.2194, lon: 4.4025};
const BRUSSELS = {lat: 50.8467, lon: 4.3525};
const MIDI = {lat: 50.8357, lon: 4.3365};
/** On the Malta – Pozzallo ferry line, 8.5 km from the nearest road: at sea, inside Malta's waters. */
const MALTA_SEA = {lat: 35.9796, lon: 14.5625};
const VALLETTA = {lat: 35.8989, lon: 14.5146};
const BIRKIRKARA = {lat: 35.8972, lon: 14.4611};
const BE_MESSAGE = 'outside the area this server has data for (BE: Brussels-Capital Region)';

type Ring = number[][];

function signedArea(ring: Ring): number {
    let a = 0;
    for (let i = 0; i + 1 < ring.length; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    return a / 2;
}

/** Every position-based request at one position (the /points box around it); routes go to or from Brussels-Midi. */
function positionRequests(lat: number, lon: number): string[] {
    const at = `latitude=${lat}&longitude=${lon}`;
    const near = `startLatitude=${MIDI.lat}&startLongitude=${MIDI.lon}`;
    return [
        `/route?travelMode=Driving&startLatitude=${lat}&startLongitude=${lon}&arrivalLatitude=${MIDI.lat}&arrivalLongitude=${MIDI.lon}`,
        `/route?travelMode=Transit&${near}&arrivalLatitude=${lat}&arrivalLongitude=${lon}`,
        `/isochrone?travelMode=Walking&numberOfSeconds=600&${at}`,
        `/isochrone/TravelTime?travelMode=Driving&numberOfSeconds=600&${at}`,
        `/isochrone/GetMultipleTimes?travelMode=Transit&${at}`,
        `/summary?${at}`,
        `/summary/text?${at}`,
        `/summary/text-and-data?${at}`,
        `/scores?${at}`,
        `/enrichment?${at}&language=FR`,
        `/Geolocation/GetClose?address=Grote%20Markt&${at}`,
        `/geolocation/reverse?${at}`,
        `/image?${at}&hexaColor=428BFF&width=300&height=200`,
        `/points?bound1=${lat - 0.01},${lon - 0.01}&bound2=${lat + 0.01},${lon + 0.01}`
    ];
}

t.test('/health lists each region with its name and covered area', async (t) => {
    const h = await get(`${server.url}/health`, {});
    t.equal(h.status, 200);
    const names = Object.fromEntries(h.body.regions.map((r: any) => [r.country, r.name]));
    t.same(names, {BE: 'Brussels-Capital Region', PT: 'Greater Porto', MT: 'Malta', IT: 'Milan', DE: 'Aachen'});
    for (const r of h.body.regions) {
        t.equal(r.coverage.type, 'MultiPolygon', `${r.country}: a MultiPolygon`);
        t.ok(r.coverage.coordinates.length >= 1, `${r.country}: at least one polygon`);
        for (const polygon of r.coverage.coordinates) {
            polygon.forEach((ring: Ring, i: number) => {
                t.ok(ring.length >= 4, `${r.country}: a ring has at least 4 positions`);
                t.same(ring[0], ring[ring.length - 1], `${r.country}: rings are closed`);
                // RFC 7946: exteriors counter-clockwise, holes clockwise.
                t.equal(signedArea(ring) > 0, i === 0, `${r.country}: ring ${i} orientation`);
                for (const [x, y] of ring) t.ok(Math.round(x * 1e6) / 1e6 === x && Math.round(y * 1e6) / 1e6 === y, `${r.country}: 6 decimals`);
            });
        }
    }
    const be = h.body.regions.find((r: any) => r.country === 'BE').coverage.coordinates as Ring[][];
    t.ok(be.some((p) => pointInPolygon(BRUSSELS.lon, BRUSSELS.lat, p)), 'the Grand-Place is covered');
    t.notOk(be.some((p) => pointInPolygon(ANTWERP.lon, ANTWERP.lat, p)), 'Antwerp is not');
    const mt = h.body.regions.find((r: any) => r.country === 'MT').coverage.coordinates as Ring[][];
    t.ok(mt.some((p) => pointInPolygon(VALLETTA.lon, VALLETTA.lat, p)), 'Valletta is covered');
    t.notOk(mt.some((p) => pointInPolygon(MALTA_SEA.lon, MALTA_SEA.lat, p)), 'the sea 8 km out is not');
});

t.test('a listing in Antwerp on the Brussels region: 400 on every position-based endpoint', async (t) => {
    for (const request of positionRequests(ANTWERP.lat, ANTWERP.lon)) {
        const r = await get(`${server.url}/be${request}`);
        t.equal(r.status, 400, request);
        t.match(r.body.Error, BE_MESSAGE, request);
    }
    // The start of a route is checked as well as its arrival, and says which end is wrong.
    const start = await get(`${server.url}/be/route?travelMode=Walking&startLatitude=${ANTWERP.lat}&startLongitude=${ANTWERP.lon}&arrivalLatitude=${BRUSSELS.lat}&arrivalLongitude=${BRUSSELS.lon}`);
    t.match(start.body.Error, `The start position is ${BE_MESSAGE}`);
    const arrival = await get(`${server.url}/be/route?travelMode=Walking&arrivalLatitude=${ANTWERP.lat}&arrivalLongitude=${ANTWERP.lon}&startLatitude=${BRUSSELS.lat}&startLongitude=${BRUSSELS.lon}`);
    t.match(arrival.body.Error, `The arrival position is ${BE_MESSAGE}`);
});

t.test('the same requests in Brussels are answered', async (t) => {
    for (const request of positionRequests(BRUSSELS.lat, BRUSSELS.lon)) {
        const r = await get(`${server.url}/be${request}`);
        t.equal(r.status, 200, `${request}: ${r.status === 200 ? '' : JSON.stringify(r.body).slice(0, 200)}`);
    }
    // A /points box reaching from Brussels towards Antwerp is answered: part of it is covered.
    const r = await get(`${server.url}/be/points?bound1=${BRUSSELS.lat},${BRUSSELS.lon}&bound2=${BRUSSELS.lat + 0.08},${BRUSSELS.lon + 0.08}`);
    t.equal(r.status, 200);
});

t.test('outside the country: the existing 400 stays as it is', async (t) => {
    const r = await get(`${server.url}/be/summary?latitude=48.8566&longitude=2.3522`);
    t.equal(r.status, 400);
    t.equal(r.body.Error, 'The position is outside BE.');
});

t.test('at sea off Malta: 400, never a ferry ride', async (t) => {
    const to = `arrivalLatitude=${VALLETTA.lat}&arrivalLongitude=${VALLETTA.lon}`;
    const at = `latitude=${MALTA_SEA.lat}&longitude=${MALTA_SEA.lon}`;
    const requests = ['Driving', 'Walking', 'Bicycling'].map((m) => `/route?travelMode=${m}&startLatitude=${MALTA_SEA.lat}&startLongitude=${MALTA_SEA.lon}&${to}`)
        .concat([`/isochrone?travelMode=Driving&numberOfSeconds=1200&${at}`, `/summary?${at}`, `/summary/text?${at}`]);
    for (const request of requests) {
        const r = await get(`${server.url}/mt${request}`);
        t.equal(r.status, 400, request);
        t.match(r.body.Error, 'outside the area this server has data for (MT: Malta)', request);
        t.notMatch(JSON.stringify(r.body), /ferry/i, request);
    }
});

t.test('at sea, the engine itself snaps onto nothing: no ferry line is a place to start', async (t) => {
    const mt = Region.open(path.join(testBuildRoot, 'MT'));
    for (const mode of [0, 1, 2]) {
        t.equal(mt.router.snap(MALTA_SEA.lat, MALTA_SEA.lon, mode), null, `mode ${mode}: nothing within ${MAX_SNAP_METERS} m`);
        t.throws(() => mt.router.route(mode, MALTA_SEA.lat, MALTA_SEA.lon, VALLETTA.lat, VALLETTA.lon), {code: 'from-off-network'}, `mode ${mode}: no route`);
    }
    // Transit's access walk snaps on the foot network through the same snapper.
    t.equal(mt.router.snapper.snap(MALTA_SEA.lat, MALTA_SEA.lon, FOOT), null);
});

t.test("Malta's 20-minute drive areas stay on land: no arm along the Sicily ferry, no harbour water", async (t) => {
    const mt = Region.open(path.join(testBuildRoot, 'MT'));
    // Points on the Malta – Pozzallo line 2.7 to 7 km from its quay, and in the middle of the
    // Grand Harbour and Marsamxett Harbour; each at least 250 m from every usable road.
    const ferry = [[35.9002, 14.5225], [35.9030, 14.5286], [35.9057, 14.5343], [35.9219, 14.5405], [35.9381, 14.5467]];
    // (Not 35.9040, 14.5060: 55 m from Triq il-Forti Manoel, a private road one may drive to as a destination.)
    const water = [[35.8950, 14.5210], [35.8880, 14.5110], [35.9055, 14.5145]];
    for (const [lat, lon] of ferry.concat(water)) {
        t.equal(mt.router.snapper.snap(lat, lon, 0, 250), null, `${lat},${lon} lies at least 250 m from any road`);
    }
    for (const [name, origin] of Object.entries({Valletta: VALLETTA, Birkirkara: BIRKIRKARA})) {
        const r = await get(`${server.url}/mt/isochrone?travelMode=Driving&numberOfSeconds=1200&latitude=${origin.lat}&longitude=${origin.lon}`);
        t.equal(r.status, 200);
        const rings = r.body.coordinates as Ring[];
        t.ok(pointInPolygon(origin.lon, origin.lat, rings), `${name}: the origin is inside`);
        for (const [lat, lon] of ferry) t.notOk(pointInPolygon(lon, lat, rings), `${name}: ${lat},${lon} on the Sicily ferry is outside`);
        for (const [lat, lon] of water) t.notOk(pointInPolygon(lon, lat, rings), `${name}: harbour water ${lat},${lon} is outside`);
        // Every outline position lies near a road (some reached roads, like the Dragonara
        // peninsula's, are open to cars but snapped to on foot only): the off-road allowance plus
        // the grid spacing (about 70 m each here), with room for simplification.
        let far = 0;
        for (const ring of rings) for (const [lon, lat] of ring) if (mt.router.snapper.snap(lat, lon, 0, 250) === null && mt.router.snapper.snap(lat, lon, FOOT, 250) === null) far++;
        t.equal(far, 0, `${name}: no outline position lies 250 m or more from a road`);
    }
});
