// The routing threads' task lanes (thread-lanes.ts), through the pool: a task that waits past its time limit is
// answered without stopping a thread, tasks waiting when a thread dies go to the thread that replaces it, and a
// thread takes one task at a time, so a task never waits behind a held one while another thread is free. Tasks are
// held on their thread by the test worker (held-task.ts), never raced.
import path from 'node:path';
import t from 'tap';
import {Region} from '@quartier/engine';
import {WorkerPool} from '../src/workers/pool.js';
import {HELD_LATITUDE, heldTask} from './held-task.js';
import {TEST_WORKER, testBuildRoot} from './helpers.js';
import type {TestTask} from './test-worker.js';

const regions = [Region.open(path.join(testBuildRoot, 'BE'))];
const HELD = {type: 'neighbourhood', country: 'BE', lat: HELD_LATITUDE, lon: 4.3517} as const;
const test = (task: TestTask) => task as unknown as Parameters<WorkerPool['run']>[0];

t.test('a task that waits past its time limit is answered 503, and no thread is stopped for it', async (t) => {
    const pool = new WorkerPool(regions, {size: 1, timeoutMs: 60_000, workerFile: TEST_WORKER});
    t.teardown(() => pool.close());
    const holding = heldTask();
    const held = pool.run(HELD);
    const release = await holding;
    // The only thread is held: the echo waits in the queue, with a limit of 1 ms.
    await t.rejects(pool.threadPool.run({type: 'echo'} as unknown as Parameters<typeof pool.threadPool.run>[0], 1), {status: 503, message: /did not answer/});
    t.equal(pool.waiting, 0, 'it left the queue');
    release();
    await held;
    t.equal(pool.restarts, 0, 'the held thread ran on');
    t.same(await pool.run(test({type: 'echo'})), {echo: true}, 'and answers the next task');
});

t.test('tasks waiting when a thread dies go to the thread that replaces it', async (t) => {
    const pool = new WorkerPool(regions, {size: 1, timeoutMs: 60_000, workerFile: TEST_WORKER});
    t.teardown(() => pool.close());
    await pool.allStarted();
    const crash = pool.run(test({type: 'crash'}));
    const waiting = Array.from({length: 3}, () => pool.run(test({type: 'echo'})));
    await t.rejects(crash, {status: 503, message: /failed on this request/});
    t.same(await Promise.all(waiting), [{echo: true}, {echo: true}, {echo: true}]);
    t.equal(pool.restarts, 1);
});

t.test('a thread takes one task at a time: with one held, the others go to the free thread', async (t) => {
    const pool = new WorkerPool(regions, {size: 2, timeoutMs: 60_000, workerFile: TEST_WORKER});
    t.teardown(() => pool.close());
    await pool.allStarted();
    const holding = heldTask();
    const held = pool.run(HELD);
    const release = await holding;
    // Were any of these sent behind the held task, it would wait for the release, which comes after them.
    const answers = await Promise.all(Array.from({length: 20}, () => pool.run(test({type: 'echo'}))));
    t.equal(answers.length, 20, 'all answered while the other thread is held');
    t.equal(pool.running, 1, 'the held task alone runs');
    release();
    await held;
});
