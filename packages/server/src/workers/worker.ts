// A Piscina worker: reopens the regions over the SharedArrayBuffers the main thread loaded
// (no copy) and runs tasks. An answer already in bytes (json-answer.ts) is moved to the main
// thread, not copied.
import {workerData} from 'node:worker_threads';
import {move} from 'piscina';
import {keptBytes} from '@quartier/engine/internal';
import {TaskRunner, type RegionHandle, type Task} from './tasks.js';
import {ThreadMemoryBoard} from './thread-memory.js';

const data = workerData as {regions: RegionHandle[]; warm?: boolean | 'enrichment'; loaded?: SharedArrayBuffer; memory?: SharedArrayBuffer};
const runner = new TaskRunner(data.regions);
const memory = data.memory ? new ThreadMemoryBoard(data.memory) : null;
memory?.write(0, true);
if (data.warm) {
    runner.warm(data.warm === 'enrichment');
    memory?.write(keptBytes(), true);
}

export function run(task: Task): unknown {
    const answer = runner.run(task);
    memory?.write(keptBytes());
    return answer instanceof Uint8Array ? move(answer) : answer;
}

/**
 * A worker module's default export for Piscina: a thenable of its task function. Piscina loads the
 * module with require() (Node's require of an ES module), which builds a CommonJS facade after the
 * module's code has run, then awaits the default export: `then` runs once require() has returned, the
 * moment from which the pool may terminate the thread safely (a thread terminated while its modules
 * load aborts the whole process). It counts the thread as loaded there (WorkerPool.close waits for it).
 * Not later: an idle thread then blocks in Atomics.wait, and a callback queued for later would never run.
 */
export function piscinaHandler<T>(handler: (task: T) => unknown): PromiseLike<(task: T) => unknown> {
    return {
        then(resolve) {
            if (data.loaded) Atomics.add(new Int32Array(data.loaded), 0, 1);
            return Promise.resolve(handler).then(resolve);
        }
    } as PromiseLike<(task: T) => unknown>;
}

export default piscinaHandler(run);
