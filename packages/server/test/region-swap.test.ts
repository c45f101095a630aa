// Swapping a region's new bundle in while serving (issue 28), on a tiny hand-made region near Aachen built twice:
// before, and after a supermarket opened. The new bundle is renamed into the served bundle folder as a build does; the
// server sees it (its watch), keeps an /image request held in flight on the old bundle and answers it from there,
// answers new requests from the new one, never from an answer cached from the old data, and frees the old one.
// A swap starts no thread: the routing and render threads serving before take the new bundle in, and a task held on
// a routing thread (the test worker's held task) finishes on the old data; each routing thread has prepared the new
// bundle's regions (what their first requests would make) before the switch. A damaged bundle is refused (the old
// one goes on serving; the answer, the log and /health say why); POST /admin/reload needs the admin token; SIGHUP
// swaps a server that does not watch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import t from 'tap';
import {BACKEND_KEY, Gate, TEST_WORKER, get, send, testServer} from './helpers.js';
import {HELD_LATITUDE, heldTask} from './held-task.js';
import {freePort, kill, startQuartier} from './services.js';
import {buildTinyRegion} from './tiny-region.js';
import type {PartsAnswer} from './test-worker.js';
import type {Task} from '../src/workers/tasks.js';
import {hasReusePort} from '../src/http-threads/http-threads.js';

const ADMIN_TOKEN = 'swap-test-admin-token-0123456789';
process.env.QUARTIER_ADMIN_TOKEN = ADMIN_TOKEN;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-swap-'));
t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
const served = path.join(dir, 'served');

/** The fixture's bundle built into `out` from the extract before or after the supermarket. */
const build = (out: string, supermarket: boolean) => buildTinyRegion(dir, out, supermarket);

/** Renames a finished bundle folder into the served folder, as a build does: the old one out, the new one in. */
function install(bundle: string): void {
    const target = path.join(served, 'DE');
    fs.renameSync(target, `${target}.old`);
    fs.renameSync(bundle, target);
    fs.rmSync(`${target}.old`, {recursive: true, force: true});
}

build(served, false);
build(path.join(dir, 'staged'), true);
// Every render passes the gate of the moment: open ones count renders, a closed one holds them in flight.
let gate = new Gate();
gate.open();
const server = await testServer({regions: 'DE', 'regions-file': path.join(dir, 'regions-before.json'), out: served}, {beforeRender: () => gate.pass(), workerFile: TEST_WORKER});
t.teardown(() => server.close());
const de = `${server.url}/de`;
const POINTS = `${de}/points?bound1=50.769,6.069&bound2=50.777,6.081&language=DE`;
const SUMMARY = `${de}/summary?latitude=50.7705&longitude=6.0705&language=DE`;
const IMAGE = `${de}/image?latitude=50.773&longitude=6.075&hexaColor=d03020&width=320&height=200`;
const admin = (query = '', token: string | null = ADMIN_TOKEN) =>
    send(`${server.url}/admin/reload${query}`, {method: 'POST', headers: token ? {Authorization: `Bearer ${token}`} : {}});
const bundleId = async () => (await get(`${server.url}/health`)).body.regions[0].bundleId as string;
const names = async () => JSON.stringify((await get(POINTS)).body);

/**
 * Whether the object goes once garbage is collected (a few collections, the last references dropping meanwhile).
 * Each collection runs in a job of its own: deref() keeps its object alive until the end of the job it is called in.
 */
async function collected(ref: WeakRef<object>): Promise<boolean> {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        gc();
        await new Promise((resolve) => setImmediate(resolve));
        if (ref.deref() === undefined) return true;
    }
    return false;
}

/** Waits, at most a minute, until /health names a bundle other than `old` (the watch swaps it in). */
async function swappedFrom(old: string): Promise<string> {
    for (let i = 0; i < 600; i++) {
        const id = await bundleId();
        if (id !== old) return id;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the new bundle was not swapped in within a minute');
}

t.test('a new bundle is swapped in: held requests finish on the old one, new ones and cached answers come from the new one', async (t) => {
    const before = await bundleId();
    const oldRegion = new WeakRef(server.regions[0]);
    t.notMatch(await names(), 'Tauschmarkt', 'no supermarket before');
    const summary = await get(SUMMARY);
    t.equal(summary.status, 200);
    t.notMatch(summary.text, 'Tauschmarkt');
    t.equal((await get(SUMMARY)).text, summary.text, 'the summary is cached');
    const first = await get(IMAGE);
    t.equal(first.status, 200, first.text.slice(0, 200));
    t.equal((await get(IMAGE)).status, 200);
    t.equal(gate.entered, 1, 'the second image came from the image cache');

    // A request held in flight on the old bundle: an image of another size, at the gate.
    gate = new Gate();
    const held = get(IMAGE.replace('width=320', 'width=330'));
    await gate.entries(1);
    install(path.join(dir, 'staged', 'DE'));
    const after = await swappedFrom(before);
    t.not(after, before, 'the new bundle serves');
    t.match(await names(), 'Tauschmarkt', 'new requests see the supermarket');
    t.match((await get(SUMMARY)).text, 'Tauschmarkt', 'the summary cached from the old data is not served');
    t.equal((await get(`${server.url}/health`)).body.regions[0].swappedAt !== undefined, true, '/health says when it was swapped in');
    let freed = false;
    const retired = server.retired().then(() => (freed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal(freed, false, 'the old bundle is kept while a request runs on it');

    const cached = get(IMAGE);
    await gate.entries(2);
    t.equal(gate.entered, 2, 'the image cached from the old data is drawn again from the new');
    gate.open();
    const heldAnswer = await held;
    t.equal(heldAnswer.status, 200, 'the held request is answered');
    t.equal(heldAnswer.headers.get('content-type'), 'image/jpeg');
    t.equal((await cached).status, 200);
    await retired;
    t.ok(freed, 'the old bundle is freed once its requests are answered');
    await new Promise((resolve) => setImmediate(resolve));
    t.equal(oldRegion.deref(), undefined, 'the server has collected the old region itself (no request came: at once)');
    t.ok(await collected(oldRegion), 'nothing holds the old region: its memory goes back');
    const again = await admin();
    t.equal(again.status, 200);
    t.same(again.body.regions.map((r: {country: string; outcome: string}) => [r.country, r.outcome]), [['DE', 'unchanged']], 'nothing new: unchanged');
});

t.test('a damaged bundle is refused: the old one goes on serving, the answer and /health say why', async (t) => {
    const good = await bundleId();
    const damaged = path.join(dir, 'damaged');
    fs.cpSync(path.join(served, 'DE'), damaged, {recursive: true});
    const manifestFile = path.join(damaged, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.inputHash = 'f'.repeat(64);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const pois = path.join(damaged, manifest.sections.pois.file);
    fs.truncateSync(pois, fs.statSync(pois).size - 100);
    fs.cpSync(path.join(served, 'DE'), path.join(dir, 'good'), {recursive: true});
    install(damaged);
    const r = await admin('?country=de');
    t.equal(r.status, 409, 'refused');
    t.equal(r.body.regions[0].outcome, 'refused');
    t.equal(r.body.regions[0].bundleId, good, 'the old bundle serves');
    t.equal(r.body.regions[0].otherBundleId, 'f'.repeat(16));
    t.match(r.body.Error, `DE: region bundle ${path.join(served, 'DE')} is damaged: ${path.join(served, 'DE', manifest.sections.pois.file)} (section 'pois') is`);
    t.match(r.body.Error, 'npx quartier build-region DE --force');
    const health = await get(`${server.url}/health`);
    t.equal(health.status, 200);
    t.equal(health.body.regions[0].bundleId, good);
    t.equal(health.body.regions[0].refused.bundleId, 'f'.repeat(16));
    t.match(health.body.regions[0].refused.reason, 'truncated or replaced');
    t.match(await names(), 'Tauschmarkt', 'still served');
    install(path.join(dir, 'good'));
    t.equal((await admin()).body.regions[0].outcome, 'unchanged');
    t.equal((await get(`${server.url}/health`)).body.regions[0].refused, undefined, 'the good bundle back: the refusal is over');
});

t.test('a swap starts no thread, and a task running on the old bundle finishes on it', async (t) => {
    const before = await bundleId();
    t.equal((await get(IMAGE)).status, 200, 'the render threads run');
    const routing = server.pool.threadIds, render = server.imagePool.threadIds;
    t.equal(routing.length, server.pool.size);
    t.ok(render.length > 0);
    t.match(await names(), 'Tauschmarkt', 'the bundle served has the supermarket');
    const held = heldTask();
    const heldSummary = get(`${de}/summary?latitude=${HELD_LATITUDE}&longitude=6.0705&language=DE`);
    const release = await held;
    build(path.join(dir, 'without'), false);
    install(path.join(dir, 'without', 'DE'));
    await swappedFrom(before);
    t.notMatch(await names(), 'Tauschmarkt', 'new requests: the bundle without the supermarket');
    t.same(server.pool.threadIds, routing, 'the same routing threads serve the new bundle');
    t.equal((await get(IMAGE)).status, 200);
    t.same(server.imagePool.threadIds, render, 'the same render threads');
    let freed = false;
    const retired = server.retired().then(() => (freed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal(freed, false, 'the old bundle is kept while its task runs');
    release();
    const answer = await heldSummary;
    t.equal(answer.status, 200);
    t.match(answer.text, 'Tauschmarkt', 'the held task answered from the old bundle, where the supermarket is');
    await retired;
    t.same(server.pool.threadIds, routing, 'the threads outlive the old bundle');
});

t.test('POST /admin/reload needs the admin token and served countries', async (t) => {
    const none = await admin('', null);
    t.equal(none.status, 401);
    t.equal(none.headers.get('www-authenticate'), 'Bearer');
    t.match(none.body.Error, 'Authorization: Bearer');
    t.equal((await admin('', 'not-the-token-but-long-enough')).status, 401);
    t.equal((await send(`${server.url}/admin/reload`, {method: 'POST', headers: {LicenseKey: BACKEND_KEY}})).status, 401, 'a backend key is no admin token');
    const unknown = await admin('?country=BE');
    t.equal(unknown.status, 400);
    t.match(unknown.body.Error, 'country must name served regions (DE)');
    t.equal((await send(`${server.url}/admin/reload`)).status, 405, 'GET: 405');
    delete process.env.QUARTIER_ADMIN_TOKEN;
    const off = await testServer({regions: 'MT'});
    process.env.QUARTIER_ADMIN_TOKEN = ADMIN_TOKEN;
    const offAnswer = await send(`${off.url}/admin/reload`, {method: 'POST', headers: {Authorization: 'Bearer any-token-at-all-0123456'}});
    await off.close();
    t.equal(offAnswer.status, 403);
    t.match(offAnswer.body.Error, 'start it with QUARTIER_ADMIN_TOKEN set');
});

t.test('SIGHUP swaps the new bundle in on a server that does not watch', async (t) => {
    const port = await freePort();
    const child = await startQuartier(port, ['--regions', 'DE', '--regions-file', path.join(dir, 'regions-before.json'), '--out', served, '--no-watch']);
    t.teardown(() => kill(child));
    const health = async () => (await get(`http://127.0.0.1:${port}/health`)).body.regions[0].bundleId as string;
    const before = await health();
    build(path.join(dir, 'rebuilt'), true); // the supermarket again: the folder serves the bundle without it
    install(path.join(dir, 'rebuilt', 'DE'));
    child.kill('SIGHUP');
    for (let i = 0; i < 600 && await health() === before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    t.not(await health(), before, 'swapped in on SIGHUP');
    t.equal(child.exitCode, null, 'still running');
});

/** One parts task per routing thread, held at a barrier until all have come: each thread's answer. */
async function threadParts(): Promise<PartsAnswer[]> {
    const threads = server.pool.size;
    const barrier = new SharedArrayBuffer(4);
    return Promise.all(Array.from({length: threads}, () => server.pool.run<PartsAnswer>({type: 'parts', barrier, threads} as unknown as Task)));
}

t.test('every routing thread has made what the new bundle\'s first requests would make before the switch, and lets go of the old one', async (t) => {
    t.equal((await admin()).status, 200, 'the server serves the bundle in its folder (the SIGHUP test put one there)');
    await server.retired();
    const letGoBefore = new Map((await threadParts()).map((a) => [a.thread, a.letGo]));
    const httpThreadsLetGoBefore = server.httpThreadRegionsLetGo;
    const before = await bundleId();
    build(path.join(dir, 'prepared'), false);
    install(path.join(dir, 'prepared', 'DE'));
    await swappedFrom(before);
    // Straight after the switch, before any request.
    const answers = await threadParts();
    t.equal(new Set(answers.map((a) => a.thread)).size, server.pool.size, 'an answer from each routing thread');
    for (const a of answers) {
        t.same(a.parts, {DE: ['router', 'roadIsochrones', 'lifestyleAreas', 'geocoder', 'neighbourhood']}, `thread ${a.thread} took the new bundle in and prepared it`);
    }
    // Once the old set is freed (an idle server: each thread collects at once), no thread holds its region.
    await server.retired();
    for (const a of await threadParts()) {
        t.equal(a.letGo, letGoBefore.get(a.thread)! + 1, `thread ${a.thread} let go of the region swapped out`);
        t.equal(a.awaitingCollection, false, `thread ${a.thread} has collected it`);
    }
    // And every HTTP thread (one per core, on Node 22.12 or later): the region's memory goes back when no thread holds it.
    t.equal(server.httpThreadRegionsLetGo, httpThreadsLetGoBefore + (hasReusePort() ? os.availableParallelism() : 0), 'each HTTP thread let go of it, collected');
});
