// Opens a region bundle for a swap in a thread of its own (region-opener.ts), at a lower OS priority than the
// serving threads: reading and checking a bundle is CPU the serving threads' requests would otherwise wait for
// (a tenth of a second for Malta, seconds for a country; on a routing thread, as before, it held half of a pool of
// two for that long). The engine is loaded once the priority is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parentPort, workerData} from 'node:worker_threads';

/** The opening thread's nice value (the serving threads' is the process's, 0 by default): a tenth of their weight. */
const OPENING_NICE = 10;

lowerThisThread(OPENING_NICE);
const {openBundle} = await import('./open-bundle.js');
const {dir} = workerData as {dir: string};
try {
    parentPort!.postMessage(openBundle(dir));
} catch (err) {
    parentPort!.postMessage({error: (err as Error).message});
}

/** Lowers this thread's priority alone (Linux: setpriority on the thread's own id, named by /proc/thread-self). */
function lowerThisThread(nice: number): void {
    try {
        os.setPriority(Number(path.basename(fs.readlinkSync('/proc/thread-self'))), nice);
    } catch {
        // Not Linux: the thread runs at the process's priority.
    }
}
