// /route on the real Brussels network, and the worker pool's limits.
import t from 'tap';
import {haversineMeters} from '@quartier/engine/internal';
import {WorkerPool} from '../src/workers/pool.js';
import {TEST_WORKER, get, testServer} from './helpers.js';
import type {TestTask} from './test-worker.js';
import {FAILING_LATITUDE} from './failing-route.js';
import {HELD_LATITUDE, heldTask} from './held-task.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be/route`;
/** A route task's answer: its JSON bytes. */
const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8'));
const WALK = 'startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8503&arrivalLongitude=4.3517';

t.test('the walking route Rue de la Loi → Boulevard Anspach is plausible', async (t) => {
    const r = await get(`${base}?travelMode=Walking&${WALK}&language=EN`);
    t.equal(r.status, 200);
    const path = r.body.paths[0];
    t.ok(path.distance > 500 && path.distance < 2500, `${path.distance} m`);
    t.ok(path.time > path.distance / 2 * 1000 && path.time < path.distance / 0.9 * 1000, `${path.time} ms: walking pace`);
    t.equal(path.points.type, 'LineString');
    const c = path.points.coordinates;
    t.ok(c.length > 10, `${c.length} points`);
    // Follows streets: consecutive points are close, the line starts and ends near the request.
    let length = 0;
    for (let i = 1; i < c.length; i++) {
        const d = haversineMeters(c[i - 1][1], c[i - 1][0], c[i][1], c[i][0]);
        length += d;
        t.ok(d < 400, 'no jump');
    }
    t.ok(Math.abs(length - path.distance) / path.distance < 0.02, `geometry length ${length.toFixed(0)} m matches distance`);
    t.ok(haversineMeters(50.8461, 4.3664, c[0][1], c[0][0]) < 60, 'starts at the origin');
    t.ok(haversineMeters(50.8503, 4.3517, c[c.length - 1][1], c[c.length - 1][0]) < 60, 'ends at the destination');
    const ins = path.instructions;
    t.ok(ins.length >= 3);
    t.equal(ins[ins.length - 1].sign, 4, 'last instruction: arrive');
    t.ok(ins.some((i: any) => /Rue de la Loi/.test(i.street_name)), 'starts on Rue de la Loi');
    const sum = ins.reduce((s: number, i: any) => s + i.distance, 0);
    t.ok(Math.abs(sum - path.distance) < 1, 'instruction distances add up');
    for (const i of ins) {
        t.equal(typeof i.text, 'string');
        t.ok(Array.isArray(i.interval) && i.interval[0] <= i.interval[1] && i.interval[1] < c.length);
    }
    const fr = await get(`${base}?travelMode=Walking&${WALK}&language=FR`);
    t.match(fr.body.paths[0].instructions.at(-1).text, /arrivé/, 'French instructions');
    t.equal(fr.body.paths[0].distance, path.distance, 'same route whatever the language');
});

t.test('modes by name or number give identical answers', async (t) => {
    for (const [name, num] of [['Driving', 1], ['walking', 2], ['BICYCLING', 3]] as const) {
        const a = await get(`${base}?travelMode=${name}&${WALK}`);
        const b = await get(`${base}?travelMode=${num}&${WALK}`);
        t.equal(a.status, 200);
        a.body.info.took = b.body.info.took = 0;
        t.same(a.body, b.body, `${name} = ${num}`);
    }
    const car = await get(`${base}?travelMode=1&${WALK}`);
    const bike = await get(`${base}?travelMode=3&${WALK}`);
    const foot = await get(`${base}?travelMode=2&${WALK}`);
    t.ok(car.body.paths[0].time < foot.body.paths[0].time, 'driving is faster than walking');
    t.ok(bike.body.paths[0].time < foot.body.paths[0].time, 'cycling is faster than walking');
});

t.test('bad input: the right 400', async (t) => {
    const cases: [string, RegExp][] = [
        ['travelMode=2&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8461&arrivalLongitude=4.3664', /same place/],
        // Off Ostend: Belgian waters, far outside what the Brussels region covers.
        ['travelMode=2&startLatitude=51.30&startLongitude=2.80&arrivalLatitude=50.85&arrivalLongitude=4.35', /^The start position is outside the area this server has data for \(BE: Brussels-Capital Region\)/],
        ['travelMode=2&startLatitude=48.8566&startLongitude=2.3522&arrivalLatitude=50.85&arrivalLongitude=4.35', /outside BE/],
        ['travelMode=2&startLatitude=50.85&startLongitude=4.35&arrivalLatitude=48.8566&arrivalLongitude=2.3522', /outside BE/],
        ['travelMode=Boat&' + WALK, /travelMode/],
        ['travelMode=5&' + WALK, /travelMode/],
        [WALK, /Missing parameter 'travelMode'/],
        ['travelMode=2&startLatitude=50.8461&startLongitude=4.3664', /Missing parameter 'arrivalLatitude'/],
        ['travelMode=2&startLatitude=abc&startLongitude=4.3664&arrivalLatitude=50.85&arrivalLongitude=4.35', /startLatitude/],
        ['travelMode=2&startLatitude=91&startLongitude=4.3664&arrivalLatitude=50.85&arrivalLongitude=4.35', /startLatitude/]
    ];
    for (const [q, re] of cases) {
        const r = await get(`${base}?${q}`);
        t.equal(r.status, 400, q);
        t.match(r.body.Error, re);
    }
});

t.test('public transport: walk, ride, walk; Malta has none', async (t) => {
    const r = await get(`${base}?travelMode=Transit&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8263&arrivalLongitude=4.3410&language=FR`);
    t.equal(r.status, 200);
    const path = r.body.paths[0];
    t.ok(path.time > 0 && path.distance > 1000);
    const types = path.legs.map((l: any) => l.type);
    t.ok(types.includes('pt'), `legs: ${types.join(', ')}`);
    const ride = path.legs.find((l: any) => l.type === 'pt');
    t.ok(ride.route_short_name && ride.trip_headsign !== undefined && ride.stops.length >= 2, `line ${ride.route_short_name}`);
    const walkTime = (await get(`${base}?travelMode=Walking&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8263&arrivalLongitude=4.3410`)).body.paths[0].time;
    t.ok(path.time <= walkTime, 'never slower than walking');
    const near = await get(`${base}?travelMode=4&startLatitude=50.8461&startLongitude=4.3664&arrivalLatitude=50.8475&arrivalLongitude=4.3660`);
    t.equal(near.status, 200);
    t.same(near.body.paths[0].legs.map((l: any) => l.type), ['walk'], 'a few hundred metres: the walk itself');
    const mt = await get(`${server.url}/mt/route?travelMode=Transit&startLatitude=35.8989&startLongitude=14.5146&arrivalLatitude=35.9122&arrivalLongitude=14.5042`);
    t.equal(mt.status, 400);
    t.match(mt.body.Error, /no timetable/);
});

t.test('a start in a pedestrian square: cars start from the nearest street they may use', async (t) => {
    // Inside the pedestrian Grand-Place, cars snap to the nearest street a car may use, never into the square.
    const square = [50.8467, 4.3525];
    const to = 'arrivalLatitude=50.8503&arrivalLongitude=4.3517';
    const from = `startLatitude=${square[0]}&startLongitude=${square[1]}`;
    const snapped = (body: any): [number, number] => {
        const [lon, lat] = body.paths[0].snapped_waypoints.coordinates[0];
        return [lat, lon];
    };
    const car = await get(`${base}?travelMode=Driving&${from}&${to}`);
    t.equal(car.status, 200);
    const walk = await get(`${base}?travelMode=Walking&${from}&${to}`);
    t.equal(walk.status, 200);
    const carStart = snapped(car.body), walkStart = snapped(walk.body);
    const carMeters = haversineMeters(square[0], square[1], carStart[0], carStart[1]);
    const walkMeters = haversineMeters(square[0], square[1], walkStart[0], walkStart[1]);
    // The square is about 110 × 70 m: on foot one starts in it, by car outside it.
    t.ok(walkMeters < 40, `on foot, the start is ${walkMeters.toFixed(0)} m away, in the square`);
    t.ok(carMeters > 60 && carMeters < 400, `by car, the start is ${carMeters.toFixed(0)} m away, on a street outside the square`);
    // That point is on a street cars may use: a car route from it starts there.
    const again = await get(`${base}?travelMode=Driving&startLatitude=${carStart[0]}&startLongitude=${carStart[1]}&${to}`);
    t.equal(again.status, 200);
    const onItself = snapped(again.body);
    t.ok(haversineMeters(carStart[0], carStart[1], onItself[0], onItself[1]) < 2, 'the car start snaps to itself');
    t.ok(car.body.paths[0].distance > 0);
});

t.test('other countries route too', async (t) => {
    const pt = await get(`${server.url}/pt/route?travelMode=Driving&startLatitude=41.1496&startLongitude=-8.6110&arrivalLatitude=41.1579&arrivalLongitude=-8.6291`);
    t.equal(pt.status, 200);
    t.ok(pt.body.paths[0].distance > 1500 && pt.body.paths[0].distance < 6000);
    const mt = await get(`${server.url}/mt/route?travelMode=Walking&startLatitude=35.8989&startLongitude=14.5146&arrivalLatitude=35.9122&arrivalLongitude=14.5042`);
    t.equal(mt.status, 200);
});

t.test('the pool: time limit, crash, and going on afterwards', async (t) => {
    // The runaway task never ends, so only the limit ends it. The next task is sent once the worker
    // that replaces the abandoned one is ready, so its time is the route's alone, never the start of
    // a worker on a loaded machine. Test-only tasks ('hang', 'crash') come from the test worker:
    // production workers do not know them.
    const pool = new WorkerPool(server.regions, {size: 1, timeoutMs: 10000, workerFile: TEST_WORKER});
    t.teardown(() => pool.close());
    await new Promise((resolve) => setImmediate(resolve)); // the first worker announced itself
    const test = (task: TestTask) => task as unknown as Parameters<typeof pool.run>[0];
    let replaced = pool.nextWorkerReady();
    await t.rejects(pool.run(test({type: 'hang'})), /did not answer/);
    await replaced;
    const ok = json(await pool.run<Uint8Array>({type: 'route', country: 'BE', mode: 1, fromLat: 50.8461, fromLon: 4.3664, toLat: 50.8503, toLon: 4.3517, language: 'EN'}));
    t.ok(ok.paths[0].distance > 500, 'a new worker answers after the abandoned task');
    replaced = pool.nextWorkerReady();
    await t.rejects(pool.run(test({type: 'crash'})), /failed on this request/);
    await replaced;
    const again = json(await pool.run<Uint8Array>({type: 'route', country: 'BE', mode: 0, fromLat: 50.8461, fromLon: 4.3664, toLat: 50.8503, toLon: 4.3517, language: 'EN'}));
    t.ok(again.paths[0].distance > 500, 'and after a crash');
    // A queue that stays long (its taken slots are dropped as it goes, task-dispatch.ts): every task answered once.
    const long = new WorkerPool(server.regions, {size: 1, timeoutMs: 60000, maxQueue: 3000, workerFile: TEST_WORKER});
    t.teardown(() => long.close());
    await long.allStarted();
    const seen = long.threadPool.tasksSeen;
    const answers = await Promise.all(Array.from({length: 3000}, () => long.run(test({type: 'echo'}))));
    t.equal(answers.filter((a) => (a as {echo?: boolean}).echo === true).length, 3000, 'all 3,000 queued tasks answered');
    t.equal(long.threadPool.tasksSeen - seen, 3000, 'each ran once');
    // One worker and one waiting place: of six tasks submitted at once, the pool admits two (its
    // count is taken when run() is called) and refuses four at once, whatever the machine's speed.
    const full = new WorkerPool(server.regions, {size: 1, timeoutMs: 10000, maxQueue: 1, workerFile: TEST_WORKER});
    t.teardown(() => full.close());
    const burst = await Promise.allSettled(Array.from({length: 6}, () => full.run(test({type: 'echo'}))));
    t.same(burst.map((r) => r.status), ['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
    for (const r of burst.slice(2)) t.match((r as PromiseRejectedResult).reason, {status: 503, message: /busy/, headers: {'Retry-After': '2'}});
});

t.test('the pool: a task waits for a free thread, leaves the queue at its limit, and a failure costs only its task', async (t) => {
    // One thread, held on a task until the test releases it (held-task.ts): the next task waits, by construction.
    const pool = new WorkerPool(server.regions, {size: 1, timeoutMs: 10000, workerFile: TEST_WORKER});
    t.teardown(() => pool.close());
    await pool.allStarted();
    const route = (fromLat: number) => ({type: 'route', country: 'BE', mode: 0, fromLat, fromLon: 4.3664, toLat: 50.8503, toLon: 4.3517, language: 'EN'} as const);
    const held = heldTask();
    const holding = pool.run({type: 'neighbourhood', country: 'BE', lat: HELD_LATITUDE, lon: 4.3664});
    const release = await held;
    t.equal(pool.running, 1);
    // A waiting task past its (short) limit leaves the queue: the thread that holds the first is not stopped.
    const waiting = pool.threadPool.run({...route(50.8461), set: 1}, 50);
    t.equal(pool.waiting, 1, 'the second task waits for the one thread');
    await t.rejects(waiting, {status: 503, message: /did not answer within 0.05 s/});
    t.equal(pool.waiting, 0, 'and leaves the queue at its limit');
    const queued = pool.run<Uint8Array>(route(50.8461));
    release();
    t.ok(await holding, 'the held task is answered once released');
    t.ok(json(await queued).paths[0].distance > 500, 'the task queued behind it next');
    // The thread ran the start's ping, the held task and the queued one: never the task cut while it waited.
    t.equal(pool.threadPool.tasksSeen, 3, 'the task cut while waiting never ran');
    // An exception in the engine fails its task alone: the thread goes on.
    await t.rejects(pool.run(route(FAILING_LATITUDE)), {status: 503, message: /failed on this request/});
    t.ok(json(await pool.run<Uint8Array>(route(50.8461))).paths[0].distance > 500);
    t.equal(pool.restarts, 0, 'no thread was stopped or replaced');
    await pool.close();
    await t.rejects(pool.run(route(50.8461)), {status: 503, message: /failed on this request/}, 'a closed pool answers at once');
});

t.test('the production worker knows no test task', async (t) => {
    const pool = new WorkerPool(server.regions, {size: 1});
    t.teardown(() => pool.close());
    await t.rejects(pool.run({type: 'hang'} as unknown as Parameters<typeof pool.run>[0]), {status: 400, message: /Unknown task type 'hang'/});
});
