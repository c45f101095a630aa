// A Piscina worker: reopens the regions over the SharedArrayBuffers the main thread loaded
// (no copy) and runs tasks.
import {workerData} from 'node:worker_threads';
import {TaskRunner, type RegionHandle, type Task} from './tasks.js';

const data = workerData as {regions: RegionHandle[]; warm?: boolean};
const runner = new TaskRunner(data.regions);
if (data.warm) runner.warm();

export default function run(task: Task): unknown {
    return runner.run(task);
}
