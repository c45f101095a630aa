// Opens a region bundle in a thread of its own (region-opener.ts), when the routing threads cannot (see open-bundle.ts).
import {parentPort, workerData} from 'node:worker_threads';
import {openBundle} from './open-bundle.js';

const {dir} = workerData as {dir: string};
try {
    parentPort!.postMessage(openBundle(dir));
} catch (err) {
    parentPort!.postMessage({error: (err as Error).message});
}
