// The channel on which a test makes its HTTP threads fail (failing-http-thread.ts): a module of its own, so that a
// test can name it without loading the thread.
export const FAIL_CHANNEL = 'quartier-test-fail-http-thread';
