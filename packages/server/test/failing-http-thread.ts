// An HTTP thread a test can make fail (ServerHooks.httpThreadFile): 'fail' on FAIL_CHANNEL throws an exception nothing
// catches, as a bug would, and the thread stops. Production threads run http-thread.js alone.
import {BroadcastChannel} from 'node:worker_threads';
import '../src/http-threads/http-thread.js';
import {FAIL_CHANNEL} from './fail-channel.js';

const channel = new BroadcastChannel(FAIL_CHANNEL);
channel.onmessage = () => {
    throw new Error('test: an HTTP thread fails');
};
channel.unref();
