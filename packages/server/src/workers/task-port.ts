// A routing thread's task port: the channel on which the main thread hands it tasks one at a time
// (task-dispatch.ts) and it answers. Piscina starts, replaces and stops the threads; the tasks go over this port,
// not Piscina's: a task and its answer cost one message each way and nothing more (Piscina's own dispatch, with its
// task objects and async tracking, cost about twice our main thread's time per task; bench/RESULTS.md).
import {MessageChannel, parentPort, threadId, type MessagePort} from 'node:worker_threads';

/** The main thread's message: a task and its number. */
export interface TaskMessage {
    id: number;
    task: unknown;
}

/** A thread's answer: the task's result, or why the thread failed on it (an exception: an engine bug). */
export type AnswerMessage = {id: number; result: unknown} | {id: number; failed: string};

/** A thread's first message to the pool (through Piscina's worker messages), once its task module has loaded. */
export interface TaskPortHello {
    taskPort: MessagePort;
    threadId: number;
}

/**
 * Opens this thread's task port and announces it: `handler` answers every task. An answer in bytes (a Uint8Array
 * of its own buffer: json-answer.ts) is moved to the main thread, not copied.
 */
export function serveTasks(handler: (task: never) => unknown): void {
    const {port1, port2} = new MessageChannel();
    port1.on('message', (message: TaskMessage) => {
        let result: unknown;
        try {
            result = handler(message.task as never);
        } catch (err) {
            port1.postMessage({id: message.id, failed: (err as Error)?.message ?? String(err)} satisfies AnswerMessage);
            return;
        }
        const transfer = result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [];
        port1.postMessage({id: message.id, result} satisfies AnswerMessage, transfer);
    });
    parentPort!.postMessage({taskPort: port2, threadId} satisfies TaskPortHello, [port2]);
}
