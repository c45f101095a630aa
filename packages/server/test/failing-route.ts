// A route task from this latitude throws inside the test worker (test-worker.ts): a module of its own,
// so that a test can name it without loading the worker (which starts a TaskRunner when imported).
export const FAILING_LATITUDE = 50.8123457;
