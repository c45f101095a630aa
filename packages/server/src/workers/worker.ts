// A Piscina worker: reopens the regions over the SharedArrayBuffers the main thread loaded
// (no copy) and runs tasks. An answer already in bytes (json-answer.ts) is moved to the main
// thread, not copied.
import {workerData} from 'node:worker_threads';
import {move} from 'piscina';
import {TaskRunner, type RegionHandle, type Task} from './tasks.js';

const data = workerData as {regions: RegionHandle[]; warm?: boolean; loaded?: SharedArrayBuffer};
const runner = new TaskRunner(data.regions);
if (data.warm) runner.warm();
// Loaded: the pool may now terminate this thread safely (WorkerPool.close). Counted on the next turn of
// the event loop: Piscina loads this module with require() (Node's require of an ES module), which still
// builds its CommonJS facade after this code has run, and a thread terminated in between aborts the process.
const loaded = data.loaded;
if (loaded) setImmediate(() => Atomics.add(new Int32Array(loaded), 0, 1));

export default function run(task: Task): unknown {
    const answer = runner.run(task);
    return answer instanceof Uint8Array ? move(answer) : answer;
}
