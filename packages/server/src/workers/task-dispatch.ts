// The main thread's side of the task ports (task-port.ts): tasks wait in one queue, and each thread that has
// announced its port takes one at a time, as Piscina hands them out (a long task on one thread holds back no task
// another thread could take). A task past its time limit is cut: waiting, it leaves the queue; running, its thread is
// stopped (Piscina starts another, which announces its own port). A thread that stops fails the task it held.
import type {MessagePort, Worker} from 'node:worker_threads';
import type {Piscina} from 'piscina';
import type {AnswerMessage, TaskMessage, TaskPortHello} from './task-port.js';

/** Why a task did not get its answer: its time limit, or its thread failed (an exception, a crash, the pool closed). */
export class TaskCut extends Error {
    constructor(message: string, readonly timedOut: boolean) {
        super(message);
    }
}

/** Taken slots at the head of the queue beyond which it is copied without them. */
const COMPACT_AFTER = 1024;

interface Pending {
    id: number;
    task: unknown;
    resolve(result: unknown): void;
    reject(err: TaskCut): void;
    timer: NodeJS.Timeout;
    /** The thread running it; null while it waits. */
    lane: Lane | null;
}

interface Lane {
    threadId: number;
    port: MessagePort;
    /** The task it runs, or null (then it is in `idle`). */
    running: Pending | null;
}

export class TaskDispatch {
    /** The threads that have announced their ports, by thread id. */
    private readonly lanes = new Map<number, Lane>();
    /** Threads with no task, the one that finished last on top (it is the likeliest to be awake). */
    private readonly idle: Lane[] = [];
    /** Tasks waiting for a thread, oldest first, from `head` on (the slots before it are taken). */
    private queue: (Pending | null)[] = [];
    private head = 0;
    private nextId = 0;
    /** Tasks answered by a thread so far. */
    completed = 0;
    /** Why the dispatch takes no more tasks (the pool closed, or cannot start threads); null while it does. */
    private closedBecause: string | null = null;

    constructor(private readonly piscina: Piscina) {
        piscina.on('message', (m: Partial<TaskPortHello> | null) => {
            if (m?.taskPort) this.welcome(m as TaskPortHello);
        });
        piscina.on('workerDestroy', (worker: {id: number}) => this.lost(worker.id, 'its routing thread stopped'));
    }

    /** Tasks waiting for a thread. */
    get waiting(): number {
        return this.queue.length - this.head;
    }

    /** Runs `task` on the first thread free; rejects with a TaskCut past `timeoutMs` or when its thread fails. */
    run(task: unknown, timeoutMs: number): Promise<unknown> {
        if (this.closedBecause !== null) return Promise.reject(new TaskCut(this.closedBecause, false));
        return new Promise((resolve, reject) => {
            const pending: Pending = {id: ++this.nextId, task, resolve, reject, lane: null, timer: setTimeout(() => this.cut(pending, timeoutMs), timeoutMs)};
            const lane = this.idle.pop();
            if (lane) this.start(lane, pending);
            else this.queue.push(pending);
        });
    }

    /** Takes no more tasks, and fails those waiting (the pool is closing, or cannot start threads). */
    close(reason: string): void {
        this.closedBecause ??= reason;
        for (let i = this.head; i < this.queue.length; i++) this.settle(this.queue[i]!, new TaskCut(reason, false));
        this.queue = [];
        this.head = 0;
    }

    private start(lane: Lane, pending: Pending): void {
        lane.running = pending;
        pending.lane = lane;
        try {
            lane.port.postMessage({id: pending.id, task: pending.task} satisfies TaskMessage);
        } catch (err) {
            // A task that cannot be copied to a thread (never one the server makes).
            lane.running = null;
            this.settle(pending, new TaskCut((err as Error).message, false));
            this.next(lane);
        }
    }

    /** The lane's thread is free: the next task waiting, or the idle list. */
    private next(lane: Lane): void {
        if (this.head === this.queue.length) {
            this.idle.push(lane);
            return;
        }
        const pending = this.queue[this.head]!;
        this.queue[this.head++] = null;
        this.compact();
        this.start(lane, pending);
    }

    /** Drops the slots taken: all of them once the queue is empty, else once they are most of it (a queue never empty under load). */
    private compact(): void {
        if (this.head === this.queue.length) {
            this.queue = [];
            this.head = 0;
        } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.queue.length) {
            this.queue = this.queue.slice(this.head);
            this.head = 0;
        }
    }

    private answered(lane: Lane, answer: AnswerMessage): void {
        const pending = lane.running;
        // An answer for a task already cut (its thread is being stopped) is dropped.
        if (!pending || pending.id !== answer.id) return;
        lane.running = null;
        this.completed++;
        if ('failed' in answer) this.settle(pending, new TaskCut(answer.failed, false));
        else {
            clearTimeout(pending.timer);
            pending.resolve(answer.result);
        }
        this.next(lane);
    }

    private settle(pending: Pending, err: TaskCut): void {
        clearTimeout(pending.timer);
        pending.lane = null;
        pending.reject(err);
    }

    private cut(pending: Pending, timeoutMs: number): void {
        const lane = pending.lane;
        const err = new TaskCut(`no answer within ${timeoutMs / 1000} s`, true);
        if (!lane) {
            // Still waiting: out of the queue.
            const at = this.queue.indexOf(pending, this.head);
            if (at >= 0) this.queue.splice(at, 1);
            this.settle(pending, err);
            return;
        }
        // Running: its thread is stopped (a runaway task holds it for good); Piscina starts another.
        lane.running = null;
        this.settle(pending, err);
        this.forget(lane);
        this.threadOf(lane.threadId)?.terminate().catch(() => {});
    }

    private welcome(hello: TaskPortHello): void {
        const lane: Lane = {threadId: hello.threadId, port: hello.taskPort, running: null};
        this.lanes.set(lane.threadId, lane);
        lane.port.on('message', (answer: AnswerMessage) => this.answered(lane, answer));
        lane.port.on('close', () => this.lost(lane.threadId, 'its routing thread stopped'));
        // The pending tasks' timers keep the process alive; an idle port does not.
        lane.port.unref();
        this.next(lane);
    }

    /** A thread stopped (crashed, cut, or the pool closed): the task it ran fails. */
    private lost(threadId: number, reason: string): void {
        const lane = this.lanes.get(threadId);
        if (!lane) return;
        this.forget(lane);
        const pending = lane.running;
        lane.running = null;
        if (pending) this.settle(pending, new TaskCut(`the task failed: ${reason}`, false));
    }

    private forget(lane: Lane): void {
        if (this.lanes.get(lane.threadId) !== lane) return;
        this.lanes.delete(lane.threadId);
        const at = this.idle.indexOf(lane);
        if (at >= 0) this.idle.splice(at, 1);
        lane.port.close();
    }

    private threadOf(threadId: number): Worker | undefined {
        return this.piscina.threads.find((worker) => worker.threadId === threadId);
    }
}
