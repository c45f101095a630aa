// A routing thread (Piscina starts it): serves the region sets the main thread announces on its port
// (region-inbox.ts), over the SharedArrayBuffers the main thread loaded (no copy), and runs the tasks that come on its
// task port (task-port.ts).
import {workerData} from 'node:worker_threads';
import {keptBytes} from '@quartier/engine/internal';
import {TaskRunner, type Task} from './tasks.js';
import {ThreadMemoryBoard} from './thread-memory.js';
import {RegionInbox} from './region-inbox.js';
import {serveTasks} from './task-port.js';
import type {RosterData} from './region-roster.js';
import type {ThreadTask} from './worker-threads.js';

const data = workerData as {roster: RosterData; warm?: boolean | 'enrichment'; loaded?: SharedArrayBuffer; memory?: SharedArrayBuffer};
const memory = data.memory ? new ThreadMemoryBoard(data.memory) : null;
memory?.write(0, true);
// A set's runner. The regions new to this thread warm up as it takes them in at its start (when the pool warms up);
// a region swapped in is prepared instead (what its first request would make): the thread, serving before, has its
// code compiled and its scratch arrays made, and serves requests meanwhile, so the less it does the better.
const inbox = new RegionInbox(data.roster, (regions, fresh, held) => {
    if (fresh.length > 0 && (data.warm || held.length > 0)) {
        const runner = new TaskRunner(fresh);
        if (held.length > 0) runner.prepare();
        else runner.warm(data.warm === 'enrichment');
        memory?.write(keptBytes(), true);
    }
    return new TaskRunner(regions);
});
if (data.warm) inbox.takeAll();

export function run(task: ThreadTask | Task): unknown {
    if (task.type === 'roster') return inbox.answer(task.call);
    if (task.type === 'ping') return 'pong';
    const answer = inbox.get((task as {set: number}).set).run(task);
    memory?.write(keptBytes());
    return answer;
}

/** Per country, the parts this thread has made for `set`'s regions; null when it has not taken the set in (tests: test-worker.ts). */
export function preparedParts(set: number): Record<string, string[]> | null {
    return inbox.takenIn(set)?.threadParts() ?? null;
}

/** The regions this thread has let go of (sets dropped), and those not collected yet (tests: test-worker.ts). */
export function regionsLetGo(): {letGo: number; awaitingCollection: boolean} {
    return inbox.regionsLetGo();
}

/**
 * A worker module's default export for Piscina: a thenable of its task function. Piscina loads the
 * module with require() (Node's require of an ES module), which builds a CommonJS facade after the
 * module's code has run, then awaits the default export: `then` runs once require() has returned, the
 * moment from which the pool may terminate the thread safely (a thread terminated while its modules
 * load aborts the whole process). It counts the thread as loaded there (WorkerPool.close waits for it),
 * and opens the thread's task port (task-port.ts): no task reaches a thread still loading.
 */
export function piscinaHandler<T>(handler: (task: T) => unknown): PromiseLike<(task: T) => unknown> {
    return {
        then(resolve) {
            if (data.loaded) Atomics.add(new Int32Array(data.loaded), 0, 1);
            serveTasks(handler);
            return Promise.resolve(handler).then(resolve);
        }
    } as PromiseLike<(task: T) => unknown>;
}

export default piscinaHandler(run);
