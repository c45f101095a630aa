// A neighbourhood task from HELD_LATITUDE is held on its routing thread by the test worker (test-worker.ts) until the
// test releases it: a request in flight on a region set, by construction rather than by timing. The thread says
// 'held' on HOLD_CHANNEL (a BroadcastChannel) and waits for 'release' there; a module of its own, so that a test can
// name it without loading the worker.
import {BroadcastChannel} from 'node:worker_threads';

export const HELD_LATITUDE = 50.77052;
export const HOLD_CHANNEL = 'quartier-test-held-task';

/** In the test: resolves once a task is held, with the function that releases it. */
export function heldTask(): Promise<() => void> {
    const channel = new BroadcastChannel(HOLD_CHANNEL);
    return new Promise((resolve) => {
        channel.onmessage = () => resolve(() => {
            channel.postMessage('release');
            channel.close();
        });
    });
}
