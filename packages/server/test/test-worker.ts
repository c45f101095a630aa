// The routing worker with test-only tasks, for the pool's own tests (WorkerPool's workerFile):
// 'hang' never finishes (a runaway task, to exercise the time limit) and 'crash' ends the thread; a
// route task starting at latitude FAILING_LATITUDE throws inside the worker (an engine bug, as the
// main thread sees it); a neighbourhood task from HELD_LATITUDE waits on its thread until the test releases it
// (held-task.ts).
// Production workers (src/worker.ts) know neither. Import it only as a worker (helpers.ts: TEST_WORKER).
import {BroadcastChannel, receiveMessageOnPort} from 'node:worker_threads';
import {piscinaHandler, run} from '../src/workers/worker.js';
import {FAILING_LATITUDE} from './failing-route.js';
import {HELD_LATITUDE, HOLD_CHANNEL} from './held-task.js';

export interface TestTask {
    type: 'hang' | 'crash' | 'echo';
}

function runTest(task: TestTask | Parameters<typeof run>[0]): unknown {
    switch (task.type) {
        case 'hang':
            for (;;) { /* busy on purpose: only the pool's time limit ends it */ }
        case 'crash':
            process.exit(1);
        case 'echo':
            return {echo: true};
        default:
            if (task.type === 'route' && task.fromLat === FAILING_LATITUDE) throw new Error('test worker: a route that fails');
            if (task.type === 'neighbourhood' && task.lat === HELD_LATITUDE) holdUntilReleased();
            return run(task);
    }
}

/** Says 'held' and waits for 'release' (read between short sleeps: the thread handles no message event meanwhile). */
function holdUntilReleased(): void {
    const channel = new BroadcastChannel(HOLD_CHANNEL);
    channel.postMessage('held');
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    while (receiveMessageOnPort(channel as unknown as Parameters<typeof receiveMessageOnPort>[0]) === undefined) Atomics.wait(sleep, 0, 0, 10);
    channel.close();
}

export default piscinaHandler(runTest);
