// The routing worker with test-only tasks, for the pool's own tests (WorkerPool's workerFile):
// 'hang' never finishes (a runaway task, to exercise the time limit) and 'crash' ends the thread; a
// route task starting at latitude FAILING_LATITUDE throws inside the worker (an engine bug, as the
// main thread sees it); a neighbourhood task from HELD_LATITUDE waits on its thread until the test releases it
// (held-task.ts); 'parts' tells what each thread has made for its set's regions.
// Production workers (src/worker.ts) know neither. Import it only as a worker (helpers.ts: TEST_WORKER).
import {BroadcastChannel, receiveMessageOnPort, threadId} from 'node:worker_threads';
import {piscinaHandler, preparedParts, regionsLetGo, run} from '../src/workers/worker.js';
import {FAILING_LATITUDE} from './failing-route.js';
import {HELD_LATITUDE, HOLD_CHANNEL} from './held-task.js';

export interface TestTask {
    type: 'hang' | 'crash' | 'echo';
}

/**
 * Asks a routing thread what it has made for its set's regions (worker.ts preparedParts), once `threads` such tasks
 * have reached threads at once: each waits for the others (a barrier), so `threads` of them answer from as many threads.
 */
export interface PartsTask {
    type: 'parts';
    barrier: SharedArrayBuffer;
    threads: number;
}

/** A thread's answer to a PartsTask. */
export interface PartsAnswer {
    thread: number;
    parts: Record<string, string[]> | null;
    /** Regions the thread has let go of (sets dropped), and whether they wait for the thread's collections. */
    letGo: number;
    awaitingCollection: boolean;
}

/** How long a parts task waits for the others, at most. */
const BARRIER_WAIT_MS = 10_000;

function parts(task: PartsTask & {set: number}): PartsAnswer | {error: {status: number; message: string}} {
    const barrier = new Int32Array(task.barrier);
    Atomics.add(barrier, 0, 1);
    Atomics.notify(barrier, 0);
    const deadline = performance.now() + BARRIER_WAIT_MS;
    for (let seen = Atomics.load(barrier, 0); seen < task.threads; seen = Atomics.load(barrier, 0)) {
        if (performance.now() > deadline) return {error: {status: 500, message: `${seen} of ${task.threads} parts tasks reached threads`}};
        Atomics.wait(barrier, 0, seen, 100);
    }
    return {thread: threadId, parts: preparedParts(task.set), ...regionsLetGo()};
}

function runTest(task: TestTask | (PartsTask & {set: number}) | Parameters<typeof run>[0]): unknown {
    switch (task.type) {
        case 'parts':
            return parts(task);
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
