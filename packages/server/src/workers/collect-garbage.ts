// A full garbage collection on demand, for a region swapped out: its sections (SharedArrayBuffers) go back once no
// thread holds them, and a thread lets go of its references only at its next major collection, which an idle thread
// never runs (the threads collect when the roster drops a set, the main thread once it has retired the set).
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;

/** Collects this thread's garbage now (a full, blocking collection: tens of milliseconds on a server's heap). */
export function collectGarbage(): void {
    if (!gc) {
        // V8 gives the function to contexts made once the flag is set; this one only fetches it.
        v8.setFlagsFromString('--expose-gc');
        gc = vm.runInNewContext('gc') as () => void;
    }
    gc();
}
