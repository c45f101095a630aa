// Waiting on state other threads change (counters in shared memory, a pool's tasks): polled, as nothing signals it.

/** Resolves once `done()` holds, or once `limitMs` have passed; `done` is asked every `stepMs`. */
export async function until(done: () => boolean, limitMs = Infinity, stepMs = 10): Promise<void> {
    const deadline = performance.now() + limitMs;
    while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, stepMs));
}
