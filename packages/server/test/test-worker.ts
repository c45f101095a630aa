// The routing worker with test-only tasks, for the pool's own tests (WorkerPool's workerFile):
// 'hang' never finishes (a runaway task, to exercise the time limit) and 'crash' ends the thread; a
// route task starting at latitude FAILING_LATITUDE throws inside the worker (an engine bug, as the
// main thread sees it).
// Production workers (src/worker.ts) know neither. Import it only as a worker (helpers.ts: TEST_WORKER).
import {piscinaHandler, run} from '../src/workers/worker.js';
import {FAILING_LATITUDE} from './failing-route.js';

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
            return run(task);
    }
}

export default piscinaHandler(runTest);
