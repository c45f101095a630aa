// The main thread's side of the routing threads' task lanes (task-lane.ts): one task at a time per thread, the
// others waiting in one queue, first come first served. A task still waiting or running at its time limit is
// answered at once; a thread running one then is stopped (Piscina starts another, which opens a new lane), and so
// is the task of a thread that dies: its lane closes.
import type {MessagePort} from 'node:worker_threads';
import type {LaneAnswer, LaneHello, LaneTask} from './task-lane.js';

/** Why a task got no answer: its time limit, or its thread's failure (`message`: what the thread said). */
export class LaneFailure extends Error {
    constructor(readonly timedOut: boolean, message: string) {
        super(message);
    }
}

interface Pending {
    id: number;
    task: unknown;
    resolve: (answer: unknown) => void;
    reject: (err: LaneFailure) => void;
    timer: NodeJS.Timeout;
    /** The lane running it; null while it waits. */
    lane: Lane | null;
}

interface Lane {
    threadId: number;
    port: MessagePort;
    /** The task it runs; null: free. */
    running: Pending | null;
}

/** Waiting tasks left at the head of the queue before it is compacted. */
const QUEUE_COMPACT_AT = 1024;

export class ThreadLanes {
    private lanes: Lane[] = [];
    private queue: Pending[] = [];
    private head = 0;
    private nextId = 0;
    /** Tasks answered so far (by their thread, or at their time limit). */
    completed = 0;
    private readonly expire = (pending: Pending) => this.timedOut(pending);

    /** `stop(threadId)`: stops a thread whose task ran past its time limit. */
    constructor(private readonly stop: (threadId: number) => void) {}

    /** A thread's lane opens: it takes the first task waiting. */
    open({lanePort: port, threadId}: LaneHello): void {
        const lane: Lane = {threadId, port, running: null};
        this.lanes.push(lane);
        port.on('message', (answer: LaneAnswer) => this.answered(lane, answer));
        port.on('close', () => this.lost(lane, 'its thread stopped'));
        port.unref();
        this.next(lane);
    }

    /** Runs `task` on the next free thread; rejects with a LaneFailure at `timeoutMs` or when its thread fails. */
    run(task: unknown, timeoutMs: number): Promise<unknown> {
        return new Promise((resolve, reject) => {
            const pending: Pending = {id: ++this.nextId, task, resolve, reject, timer: undefined as unknown as NodeJS.Timeout, lane: null};
            pending.timer = setTimeout(this.expire, timeoutMs, pending);
            const lane = this.free();
            if (lane !== null) this.send(lane, pending);
            else this.queue.push(pending);
        });
    }

    /** Tasks waiting for a thread. */
    get waiting(): number {
        return this.queue.length - this.head;
    }

    /** Tasks running on a thread. */
    get running(): number {
        let n = 0;
        for (const lane of this.lanes) if (lane.running !== null) n++;
        return n;
    }

    /** The pool stops: every task not answered yet is refused. */
    close(): void {
        for (const lane of [...this.lanes]) this.lost(lane, 'the pool was closed');
        while (this.head < this.queue.length) this.fail(this.queue[this.head++], false, 'the pool was closed');
        this.queue = [];
        this.head = 0;
    }

    private free(): Lane | null {
        for (const lane of this.lanes) if (lane.running === null) return lane;
        return null;
    }

    private send(lane: Lane, pending: Pending): void {
        lane.running = pending;
        pending.lane = lane;
        lane.port.postMessage({id: pending.id, task: pending.task} satisfies LaneTask);
    }

    /** The lane is free: it takes the first task waiting. */
    private next(lane: Lane): void {
        lane.running = null;
        if (this.head === this.queue.length) return;
        const pending = this.queue[this.head++];
        if (this.head >= QUEUE_COMPACT_AT && this.head * 2 >= this.queue.length) {
            this.queue = this.queue.slice(this.head);
            this.head = 0;
        }
        this.send(lane, pending);
    }

    private answered(lane: Lane, answer: LaneAnswer): void {
        const pending = lane.running;
        // An answer after the time limit (the thread being stopped) is nobody's.
        if (pending === null || pending.id !== answer.id) return;
        clearTimeout(pending.timer);
        this.completed++;
        if (answer.failed !== undefined) pending.reject(new LaneFailure(false, answer.failed));
        else pending.resolve(answer.answer);
        this.next(lane);
    }

    private timedOut(pending: Pending): void {
        const lane = pending.lane;
        if (lane === null) {
            const at = this.queue.indexOf(pending, this.head);
            if (at >= 0) this.queue.splice(at, 1);
        } else {
            this.drop(lane);
            this.stop(lane.threadId);
        }
        this.fail(pending, true, 'time limit');
    }

    /** The lane's thread is gone (or going): its task, if any, fails. */
    private lost(lane: Lane, why: string): void {
        if (!this.lanes.includes(lane)) return;
        const pending = lane.running;
        this.drop(lane);
        if (pending !== null) this.fail(pending, false, why);
    }

    private drop(lane: Lane): void {
        this.lanes = this.lanes.filter((l) => l !== lane);
        lane.running = null;
        lane.port.close();
    }

    private fail(pending: Pending, timedOut: boolean, message: string): void {
        clearTimeout(pending.timer);
        this.completed++;
        pending.reject(new LaneFailure(timedOut, message));
    }
}
