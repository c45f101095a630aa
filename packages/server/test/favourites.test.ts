// Favourite addresses (issue 27, PLUGINS.md §1) over HTTP on the test bundles: saved, listed and deleted
// per key owner and visitor, bounded, kept across a restart (and a SIGKILL right after the 201), shared by
// the frontend and backend keys of one owner and by replicas on one Redis, never seen by another owner;
// the travel times from a property equal /route's; nothing of the visitor's in the access log.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import t, {type Test} from 'tap';
import {KeyStore} from '../src/http/keys.js';
import {BACKEND_KEY, FRONTEND_KEY, get, send, testServer, type Reply} from './helpers.js';
import {main, serverArgs, startProcess} from './process-helpers.js';
import {RedisServer, freePort} from './services.js';

/** Two Brussels addresses and a property between them. */
const WORK = {label: 'Work', address: 'Rue de la Loi 16, 1000 Bruxelles', latitude: 50.8466, longitude: 4.3668};
const SCHOOL = {label: 'School', address: 'Avenue Louise 120, 1050 Ixelles', latitude: 50.8300, longitude: 4.3600};
const PROPERTY = {latitude: 50.8412, longitude: 4.3598};
const FRONTEND = {LicenseKey: FRONTEND_KEY, Origin: 'http://localhost'};

function tempDir(t: Test, name: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quartier-${name}-`));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    return dir;
}

function post(base: string, body: unknown, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}): Promise<Reply> {
    return send(`${base}/favourites`, {method: 'POST', headers: {'Content-Type': 'application/json', ...headers}, body: typeof body === 'string' ? body : JSON.stringify(body)});
}

function del(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}): Promise<Reply> {
    return send(url, {method: 'DELETE', headers});
}

const list = async (base: string, userId: string, headers?: Record<string, string>) => (await get(`${base}/favourites?userId=${encodeURIComponent(userId)}`, headers)).body.Favourites;

t.test('save, list, delete one, delete all; every answer no-store', async (t) => {
    const server = await testServer({'default-country': 'BE'});
    t.teardown(() => server.close());
    const be = `${server.url}/be`;
    const empty = await get(`${be}/favourites?userId=visitor-1`);
    t.same([empty.status, empty.body], [200, {Favourites: []}], 'nothing yet');
    t.equal(empty.headers.get('cache-control'), 'no-store');
    const work = await post(be, {userId: 'visitor-1', ...WORK});
    t.equal(work.status, 201);
    t.equal(work.headers.get('cache-control'), 'no-store');
    t.match(work.body, {Id: /^[a-z2-7]{12}$/, Label: 'Work', Address: WORK.address, Latitude: WORK.latitude, Longitude: WORK.longitude});
    const school = await post(be, {userId: 'visitor-1', ...SCHOOL, label: '  School  '});
    t.equal(school.body.Label, 'School', 'the label is trimmed');
    t.not(school.body.Id, work.body.Id);
    t.same(await list(be, 'visitor-1'), [work.body, school.body], 'in the order of creation');
    t.same(await list(server.url, 'visitor-1'), [work.body, school.body], 'the same at the root (default country)');
    t.same(await list(be, 'visitor-2'), [], 'another visitor has none');

    const gone = await del(`${be}/favourites/${work.body.Id}?userId=visitor-1`);
    t.same([gone.status, gone.text, gone.headers.get('cache-control')], [204, '', 'no-store']);
    t.same(await list(be, 'visitor-1'), [school.body]);
    t.equal((await del(`${be}/favourites/${work.body.Id}?userId=visitor-1`)).status, 404, 'deleted already');
    t.equal((await del(`${be}/favourites/${school.body.Id}?userId=visitor-2`)).status, 404, 'another visitor cannot delete it');
    t.equal((await del(`${be}/favourites/not-an-id?userId=visitor-1`)).status, 404);
    await post(be, {userId: 'visitor-1', ...WORK});
    t.equal((await del(`${be}/favourites?userId=visitor-1`)).status, 204);
    t.same(await list(be, 'visitor-1'), [], 'all deleted');
    t.equal((await del(`${be}/favourites?userId=visitor-1`)).status, 204, 'deleting none is fine');
});

t.test('bounds and bad input: clear 400, 409, 413', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());
    const be = `${server.url}/be`;
    const refused = async (body: unknown, status: number, message: RegExp) => {
        const r = await post(be, body);
        t.equal(r.status, status, String(message));
        t.match(r.body.Error, message);
        return r;
    };
    const ok = {userId: 'v', ...WORK};
    await refused({...ok, label: 'L'.repeat(61)}, 400, /^'label' is too long \(at most 60 characters\)\.$/);
    await refused({...ok, address: 'A'.repeat(201)}, 400, /'address' is too long \(at most 200 characters\)/);
    await refused({...ok, userId: 'u'.repeat(129)}, 400, /'userId' is too long \(at most 128 characters\)/);
    await refused({...ok, userId: ''}, 400, /'userId' is empty/);
    await refused({...ok, label: undefined}, 400, /Missing 'label'/);
    await refused({...ok, latitude: '50.84'}, 400, /'latitude' must be a number/);
    await refused({...ok, latitude: 38.72, longitude: -9.14}, 400, /The favourite's position is outside BE/);
    await refused([ok], 400, /must be a JSON object/);
    await refused('{"userId": ', 400, /not valid JSON/);
    await refused({...ok, address: 'A'.repeat(5000)}, 413, /larger than 4096 bytes/);
    t.equal((await post(be, 'A'.repeat(5000), {})).status, 401, 'without a key, the body is not read');
    const tooLong = await refused({...ok, label: 'Secret label that is far too long for the limit of sixty chars'}, 400, /too long/);
    t.notOk(tooLong.text.includes('Secret'), 'the message does not repeat the value');
    t.equal((await get(`${be}/favourites`)).status, 400, 'no userId');
    t.equal((await get(`${be}/favourites?userId=${'u'.repeat(129)}`)).status, 400);
    for (let i = 0; i < 10; i++) t.equal((await post(be, {...ok, label: `Place ${i}`})).status, 201);
    await refused({...ok, label: 'Eleventh'}, 409, /already keeps 10 favourite addresses/);
    t.equal((await list(be, 'v')).length, 10);
});

t.test('visitors per owner are bounded (QUARTIER_FAVOURITES_VISITORS_PER_OWNER)', async (t) => {
    process.env.QUARTIER_FAVOURITES_VISITORS_PER_OWNER = '2';
    const server = await testServer().finally(() => delete process.env.QUARTIER_FAVOURITES_VISITORS_PER_OWNER);
    t.teardown(() => server.close());
    const be = `${server.url}/be`;
    t.equal((await post(be, {userId: 'a', ...WORK})).status, 201);
    t.equal((await post(be, {userId: 'b', ...WORK})).status, 201);
    t.equal((await post(be, {userId: 'b', ...SCHOOL})).status, 201, 'a counted visitor adds more');
    const third = await post(be, {userId: 'c', ...WORK});
    t.equal(third.status, 409);
    t.match(third.body.Error, /at most 2 visitors per portal/);
    await del(`${be}/favourites?userId=a`);
    t.equal((await post(be, {userId: 'c', ...WORK})).status, 201, 'a visitor who left makes room');
});

t.test('key owners: one owner\'s frontend and backend keys share, another owner sees nothing', async (t) => {
    const dir = tempDir(t, 'owner-keys');
    const keysFile = path.join(dir, 'keys.json');
    const frontend = (key: string) => ({key, kind: 'frontend', countries: ['BE'], domains: ['localhost']});
    fs.writeFileSync(keysFile, JSON.stringify([
        {key: 'portal-a-backend-key', kind: 'backend', countries: ['BE'], owner: 'portal-a'},
        {...frontend('portal-a-frontend-key'), owner: 'portal-a'},
        {...frontend('portal-b-frontend-key'), owner: 'portal-b'},
        {key: 'ownerless-backend-key', kind: 'backend', countries: ['BE']}
    ]));
    const server = await testServer({keys: keysFile});
    t.teardown(() => server.close());
    const be = `${server.url}/be`;
    const aBackend = {LicenseKey: 'portal-a-backend-key'};
    const aFrontend = {LicenseKey: 'portal-a-frontend-key', Origin: 'http://localhost'};
    const bFrontend = {LicenseKey: 'portal-b-frontend-key', Origin: 'http://localhost'};
    const saved = (await post(be, {userId: 'same-visitor', ...WORK}, aBackend)).body;
    t.same(await list(be, 'same-visitor', aFrontend), [saved], 'the owner\'s frontend key sees what its backend key saved');
    t.same(await list(be, 'same-visitor', bFrontend), [], 'another owner, same visitor id: nothing');
    t.same(await list(be, 'same-visitor', {LicenseKey: 'ownerless-backend-key'}), [], 'a key without an owner is its own owner');
    t.equal((await del(`${be}/favourites/${saved.Id}?userId=same-visitor`, bFrontend)).status, 404, 'another owner cannot delete it');
    t.equal((await del(`${be}/favourites?userId=same-visitor`, bFrontend)).status, 204);
    t.same(await list(be, 'same-visitor', aFrontend), [saved], 'nor delete all of it');
    t.equal((await get(`${be}/favourites?userId=x`, {LicenseKey: 'portal-b-frontend-key', Origin: 'http://elsewhere.example'})).status, 403, 'keys are checked as everywhere');

    t.throws(() => new KeyStore([{key: 'some-key-123', kind: 'backend', countries: ['BE'], owner: ''}]), /"owner" must be a non-empty string of at most 100 characters/);
    t.throws(() => new KeyStore([{key: 'some-key-123', kind: 'backend', countries: ['BE'], owner: 'o'.repeat(101)}]), /"owner"/);
});

t.test('times from a Brussels property to two favourites equal /route\'s, by every mode', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());
    const be = `${server.url}/be`;
    const saved = [(await post(be, {userId: 'commuter', ...WORK}, FRONTEND)).body, (await post(be, {userId: 'commuter', ...SCHOOL}, FRONTEND)).body];
    const answer = await get(`${be}/favourites/times?userId=commuter&latitude=${PROPERTY.latitude}&longitude=${PROPERTY.longitude}`, FRONTEND);
    t.equal(answer.status, 200);
    t.equal(answer.headers.get('cache-control'), 'no-store');
    t.equal(answer.body.Favourites.length, 2);
    const modes = {Walking: 'Walking', Bicycling: 'Bicycling', Driving: 'Driving', Transit: 'Transit'} as const;
    for (const [i, favourite] of answer.body.Favourites.entries()) {
        t.match(favourite, saved[i], 'the favourite itself');
        for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
            const route = await get(`${be}/route?travelMode=${mode}&startLatitude=${PROPERTY.latitude}&startLongitude=${PROPERTY.longitude}`
                + `&arrivalLatitude=${favourite.Latitude}&arrivalLongitude=${favourite.Longitude}`);
            t.equal(route.status, 200);
            const trip = favourite.Times[mode];
            t.ok(trip, `${favourite.Label} by ${mode}: ${JSON.stringify(trip)}`);
            t.ok(Math.abs(trip.Seconds - route.body.paths[0].time / 1000) <= 0.5, `${mode} seconds ${trip.Seconds} = /route ${route.body.paths[0].time / 1000}`);
            t.ok(Math.abs(trip.Meters - route.body.paths[0].distance) <= 0.5, `${mode} metres ${trip.Meters} = /route ${route.body.paths[0].distance}`);
        }
    }
    const none = await get(`${be}/favourites/times?userId=nobody&latitude=${PROPERTY.latitude}&longitude=${PROPERTY.longitude}`, FRONTEND);
    t.same(none.body, {Favourites: []});
    t.equal((await get(`${be}/favourites/times?userId=commuter&latitude=38.72&longitude=-9.14`, FRONTEND)).status, 400, 'a property outside BE');
});

t.test('a restart keeps them', async (t) => {
    const favourites = tempDir(t, 'favourites-restart');
    const first = await testServer({favourites});
    const saved = (await post(`${first.url}/be`, {userId: 'stays', ...WORK})).body;
    await first.close();
    const second = await testServer({favourites});
    t.teardown(() => second.close());
    t.same(await list(`${second.url}/be`, 'stays'), [saved]);
});

const hook = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'hold-hook.js')).href;
/** A server process on BE with its favourites in `dir`; extra arguments after. */
const startBrussels = (t: Test, dir: string, ...extra: string[]) =>
    startProcess(t, process.execPath, [main, ...serverArgs.map((a) => (a === 'DE' ? 'BE' : a)), '--favourites', dir, ...extra], hook);

t.test('SIGKILL right after the 201: the favourite is there after the restart', async (t) => {
    const dir = tempDir(t, 'favourites-kill');
    const first = await startBrussels(t, dir);
    const saved = await post(`http://127.0.0.1:${first.port}/be`, {userId: 'durable', ...SCHOOL});
    first.child.kill('SIGKILL');
    t.equal(saved.status, 201);
    t.same(await first.exited, {code: null, signal: 'SIGKILL'});
    const second = await startBrussels(t, dir);
    t.same(await list(`http://127.0.0.1:${second.port}/be`, 'durable'), [saved.body], 'acknowledged means kept');
    second.child.kill('SIGKILL');
});

t.test('the access log holds nothing of the visitor: no userId, label or address', async (t) => {
    const dir = tempDir(t, 'favourites-log');
    const server = await startBrussels(t, dir, '--access-log');
    const be = `http://127.0.0.1:${server.port}/be`;
    const visitor = 'visitor-7f3a9c';
    const body = {userId: visitor, label: 'Grandmother', address: 'Rue Haute 301, 1000 Bruxelles', latitude: 50.8380, longitude: 4.3460};
    const saved = (await post(be, body)).body;
    await list(be, visitor);
    await get(`${be}/favourites/times?userId=${visitor}&latitude=${PROPERTY.latitude}&longitude=${PROPERTY.longitude}`);
    await post(be, {...body, label: 'x'.repeat(61)});
    await del(`${be}/favourites/${saved.Id}?userId=${visitor}`);
    await del(`${be}/favourites?userId=${visitor}`);
    // The line is written as the answer finishes: wait for the last one.
    for (let i = 0; i < 200 && server.log().split('"msg":"request"').length < 7; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = server.log().split('\n').filter((l) => l.includes('"msg":"request"'));
    t.equal(lines.length, 6, 'one line per request');
    t.match(lines[0], /"method":"POST","path":"\/be\/favourites"/);
    for (const secret of [visitor, 'Grandmother', 'Rue Haute', 'userId', 'xxxxxxxx']) t.notOk(server.log().includes(secret), `the log never holds ${secret}`);
    server.child.kill('SIGKILL');
});

t.test('replicas on one Redis share the favourites', async (t) => {
    const redis = new RedisServer(await freePort());
    await redis.start();
    t.teardown(() => redis.stop());
    const a = await testServer({cache: redis.url});
    t.teardown(() => a.close());
    const b = await testServer({cache: redis.url});
    t.teardown(() => b.close());
    const saved = (await post(`${a.url}/be`, {userId: 'shared', ...WORK})).body;
    t.same(await list(`${b.url}/be`, 'shared'), [saved], 'B sees what A saved');
    const second = (await post(`${b.url}/be`, {userId: 'shared', ...SCHOOL})).body;
    t.same(await list(`${a.url}/be`, 'shared'), [saved, second], 'and A what B saved, in order');
    t.equal((await del(`${b.url}/be/favourites/${saved.Id}?userId=shared`)).status, 204);
    t.same(await list(`${a.url}/be`, 'shared'), [second]);
    t.same(await list(`${a.url}/be`, 'shared', FRONTEND), [second], 'the same owner\'s frontend key too');
});
