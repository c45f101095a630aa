// A routing thread's task lane: a MessagePort of its own on which the main thread (thread-lanes.ts) sends it one
// task at a time and it answers. Piscina starts, replaces and stops the threads; the tasks travel here, where each
// costs a message each way and nothing else (Piscina's own dispatch cost about 100 µs of CPU a request across the
// two threads and their collections: bench/RESULTS.md, "Route over HTTP, against OSRM").
import {MessageChannel, parentPort, threadId, type MessagePort} from 'node:worker_threads';

/** A thread's message to the pool (through Piscina's worker messages) once it may take tasks: its lane. */
export interface LaneHello {
    lanePort: MessagePort;
    threadId: number;
}

/** A task on a lane, numbered by the main thread. */
export interface LaneTask {
    id: number;
    task: unknown;
}

/** The thread's answer: the task's (an answer in bytes is moved, not copied), or why it threw. */
export type LaneAnswer = {id: number; answer: unknown; failed?: undefined} | {id: number; failed: string};

/** Opens this thread's lane: `handler` answers every task that comes on it, one after the other. */
export function openLane(handler: (task: never) => unknown): void {
    const {port1, port2} = new MessageChannel();
    port1.on('message', ({id, task}: LaneTask) => {
        let answer: unknown;
        try {
            answer = handler(task as never);
        } catch (err) {
            port1.postMessage({id, failed: (err as Error)?.message ?? String(err)} satisfies LaneAnswer);
            return;
        }
        const own = answer instanceof Uint8Array && answer.byteOffset === 0 && answer.byteLength === answer.buffer.byteLength;
        port1.postMessage({id, answer} satisfies LaneAnswer, own ? [(answer as Uint8Array).buffer as ArrayBuffer] : []);
    });
    parentPort!.postMessage({lanePort: port2, threadId} satisfies LaneHello, [port2]);
}
