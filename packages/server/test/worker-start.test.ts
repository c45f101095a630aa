// Worker threads that cannot start (issue 16): the pool stops after a few failures instead of restarting them for
// ever, /health says `failed` (503) with the reason, and requests get 503 at once. The failure comes from a test
// hook preloaded into the server process (test/worker-fail-hook.ts).
import t from 'tap';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {Region} from '@quartier/engine';
import {WorkerPool} from '../src/workers/pool.js';
import {BACKEND_KEY, testBuildRoot} from './helpers.js';
import {main, request, serverArgs, startProcess} from './process-helpers.js';

const hook = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-fail-hook.js')).href;

t.test('workers that cannot start: /health reports the region failed, no restart loop', async (t) => {
    const server = await startProcess(t, process.execPath, [main, ...serverArgs, '--workers', '2'], hook);
    await server.logged('not starting more');
    t.match(server.log(), /the worker threads cannot start \(3 failed\): test hook: this worker cannot start/);
    const health = await request(server.port, '/health');
    t.equal(health.status, 503);
    const body = JSON.parse(health.body);
    t.equal(body.status, 'failed');
    t.match(body.error, /the worker threads cannot start .*test hook: this worker cannot start/);
    t.same(body.regions.map((r: {country: string; status: string}) => [r.country, r.status]), [['DE', 'failed']]);
    const route = await request(server.port, '/de/route?travelMode=2&startLatitude=50.7753&startLongitude=6.0839&arrivalLatitude=50.7806&arrivalLongitude=6.0702',
        {LicenseKey: BACKEND_KEY});
    t.equal(route.status, 503, 'a route: 503 at once');
    t.match(JSON.parse(route.body).Error, 'The routing engine cannot start on this server');
    const errorsBefore = server.log().split('worker error:').length;
    server.child.kill('SIGTERM');
    t.same(await server.exited, {code: 0, signal: null}, 'stops cleanly');
    t.equal(server.log().split('worker error:').length, errorsBefore, 'no worker started (and failed) after the pool stopped');
});

t.test('idle workers count as loaded: close() has nothing to wait for (it used to wait 5 s for them)', async (t) => {
    const regions = [Region.open(path.join(testBuildRoot, 'MT'))];
    const pool = new WorkerPool(regions, {size: 2});
    await pool.ready;
    // One worker answered the pool's first task; the other has run none. Both loaded: the count reaches 0
    // (before, the idle one blocked in Atomics.wait before it could count itself, and this never ended).
    while (pool.loadingWorkers > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    t.equal(pool.loadingWorkers, 0);
    await pool.close();
    t.equal(pool.threads, 0, 'every thread stopped');
});
