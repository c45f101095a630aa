// An HTTP thread a test can make fail (ServerHooks.httpThreadFile): 'fail' on FAIL_CHANNEL throws an exception nothing
// catches, as a bug would, and the thread stops; a road route from ENGINE_FAILURE_LATITUDE throws in its engine, as a
// bug there would. Production threads run http-thread.js alone.
import {BroadcastChannel} from 'node:worker_threads';
import {TaskRunner, type Task} from '../src/workers/tasks.js';
import '../src/http-threads/http-thread.js';
import {ENGINE_FAILURE_LATITUDE, FAIL_CHANNEL} from './fail-channel.js';

const channel = new BroadcastChannel(FAIL_CHANNEL);
channel.onmessage = () => {
    throw new Error('test: an HTTP thread fails');
};
channel.unref();

const run = TaskRunner.prototype.run;
TaskRunner.prototype.run = function (this: TaskRunner, task: Task) {
    if (task.type === 'route' && task.fromLat === ENGINE_FAILURE_LATITUDE) throw new Error('test: an engine bug');
    return run.call(this, task);
};
