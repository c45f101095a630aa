// How a test makes its HTTP threads fail (failing-http-thread.ts): a module of its own, so that a test can name them
// without loading the thread.
export const FAIL_CHANNEL = 'quartier-test-fail-http-thread';

/** A road route from this latitude throws in the engine on a failing HTTP thread, as a bug in the engine would. */
export const ENGINE_FAILURE_LATITUDE = 50.84123;
