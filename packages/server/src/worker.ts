// A Piscina worker: reopens the regions over the SharedArrayBuffers the main thread loaded
// (no copy) and runs tasks. An answer already in bytes (json-answer.ts) is moved to the main
// thread, not copied.
import {workerData} from 'node:worker_threads';
import {move} from 'piscina';
import {TaskRunner, type RegionHandle, type Task} from './tasks.js';

const data = workerData as {regions: RegionHandle[]; warm?: boolean; loaded?: SharedArrayBuffer};
const runner = new TaskRunner(data.regions);
if (data.warm) runner.warm();
// Loaded: the pool may now terminate this thread safely (WorkerPool.close).
if (data.loaded) Atomics.add(new Int32Array(data.loaded), 0, 1);

export default function run(task: Task): unknown {
    const answer = runner.run(task);
    return answer instanceof Uint8Array ? move(answer) : answer;
}
