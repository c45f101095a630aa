// Public transport over the departure window, over HTTP: the enrichment's transit trip to every
// nearest place, the /matrix cell and /route agree for the same pair, and /route's journey leaves
// at a real departure inside 07:30–08:30 and takes the time it answers.
import t from 'tap';
import {get, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const [LAT, LON] = [50.8461, 4.3664];

t.test('enrichment == /matrix == /route for public transport; the route leaves inside the window', async (t) => {
    const e = await get(`${server.url}/be/enrichment?latitude=${LAT}&longitude=${LON}`);
    t.equal(e.status, 200);
    const places = e.body.categories.map((c: any) => c.nearest).filter((n: any) => n && n.transit);
    t.ok(places.length >= 5, `${places.length} nearest places with a transit trip`);
    const destinations = places.map((n: any) => `${n.latitude},${n.longitude}`).join(';');
    const m = await get(`${server.url}/be/matrix?travelMode=Transit&sources=${LAT},${LON}&destinations=${destinations}`);
    t.equal(m.status, 200);
    let rides = 0;
    for (let j = 0; j < places.length; j++) {
        const n = places[j];
        const r = await get(`${server.url}/be/route?travelMode=Transit&startLatitude=${LAT}&startLongitude=${LON}&arrivalLatitude=${n.latitude}&arrivalLongitude=${n.longitude}`);
        t.equal(r.status, 200);
        const path = r.body.paths[0];
        t.equal(m.body.durations[0][j], path.time / 1000, `${n.name}: the matrix cell is /route's time`);
        t.equal(m.body.distances[0][j], Math.round(path.distance * 1000) / 1000, `${n.name}: and its distance`);
        t.same([n.transit.durationSeconds, n.transit.distanceMeters], [Math.round(path.time / 1000), Math.round(path.distance)], `${n.name}: the enrichment trip is /route's`);
        // The journey's own clock: it leaves in the window and arrives time ms later.
        const legs = path.legs;
        const leaves = Date.parse(legs[0].departure_time), arrives = Date.parse(legs[legs.length - 1].arrival_time);
        const local = legs[0].departure_time.slice(11, 16);
        t.ok(local >= '07:30' && local <= '08:30', `${n.name}: leaves at ${local}`);
        t.ok(Math.abs(arrives - leaves - path.time) < 1000, `${n.name}: arrives ${path.time} ms later`);
        if (legs.some((l: any) => l.type === 'pt')) rides++;
    }
    t.ok(rides >= 2, `${rides} of them by public transport`);
});
