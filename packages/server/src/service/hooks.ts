// What a test may hand a server to watch or steer it (never reachable by a request, never set by
// the production entry point): a marker fetch policy that reaches its local HTTPS server, a gate
// holding work in flight so that limits are proven by construction rather than by timing, and the
// worker module that adds test-only tasks.
import type {MarkerFetchOptions} from '../image/marker-fetch.js';

export interface ServerHooks {
    /** The custom marker fetch policy instead of MARKER_FETCH_POLICY; read at every fetch, so a test may change its fields. */
    markerFetch?: MarkerFetchOptions;
    /** Awaited by every admitted render before it reaches a render thread. */
    beforeRender?: () => Promise<void>;
    /** The module the routing workers run instead of worker.js (a test worker with test-only tasks). */
    workerFile?: URL;
    /** The module the HTTP threads run instead of http-thread.js (one a test can make fail). */
    httpThreadFile?: URL;
}
