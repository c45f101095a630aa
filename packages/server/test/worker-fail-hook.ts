// A test hook, loaded into a server process with NODE_OPTIONS=--import (worker threads inherit it): every worker
// thread of the routing pool fails as it starts, as it would if it could not open the regions.
import {isMainThread, workerData} from 'node:worker_threads';

// Routing threads are those told whether to warm up (render threads are not).
if (!isMainThread && workerData && typeof workerData === 'object' && 'warm' in workerData) throw new Error('test hook: this worker cannot start');
