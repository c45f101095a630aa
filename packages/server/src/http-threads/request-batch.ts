// An HTTP thread's requests, as its request observer reports them (request-observer.ts: the metrics' request() and
// the access log's info()), posted to the main thread in batches, where the server's metrics and log take them in
// (takeBatch): one message per BATCH_MS, not one per request.
import type {MessagePort} from 'node:worker_threads';

const BATCH_MS = 50;

/** A batch as posted: per request its endpoint, method, status and seconds; per task its type, outcome and seconds; the access-log lines. */
export interface RequestBatchMessage {
    requests: (string | number)[];
    tasks: (string | number)[];
    log: object[];
}

/** Where the main thread takes a batch in: the server's metrics (Metrics' request() and task()). */
export interface BatchMetrics {
    request(endpoint: string, method: string, status: number, seconds: number): void;
    task(type: string, outcome: string, seconds: number): void;
}

export class RequestBatch {
    private requests: (string | number)[] = [];
    private tasks: (string | number)[] = [];
    private log: object[] = [];
    private timer: NodeJS.Timeout | null = null;

    constructor(private readonly control: MessagePort) {}

    /** Metrics.request's signature. */
    request(endpoint: string, method: string, status: number, seconds: number): void {
        this.requests.push(endpoint, method, status, seconds);
        this.schedule();
    }

    /** A routing task run on this thread. */
    task(type: string, outcome: string, seconds: number): void {
        this.tasks.push(type, outcome, seconds);
        this.schedule();
    }

    /** Logger.info's signature, as the observer calls it. */
    info(line: object): void {
        this.log.push(line);
        this.schedule();
    }

    private schedule(): void {
        this.timer ??= setTimeout(() => this.flush(), BATCH_MS).unref();
    }

    flush(): void {
        this.timer = null;
        if (this.requests.length === 0 && this.tasks.length === 0 && this.log.length === 0) return;
        this.control.postMessage({requests: this.requests, tasks: this.tasks, log: this.log} satisfies RequestBatchMessage);
        this.requests = [];
        this.tasks = [];
        this.log = [];
    }
}

/** In the main thread: a batch into the server's metrics and access log. */
export function takeBatch(m: RequestBatchMessage, metrics: BatchMetrics, log: ((line: object) => void) | null): void {
    const r = m.requests;
    for (let i = 0; i + 3 < r.length; i += 4) metrics.request(r[i] as string, r[i + 1] as string, r[i + 2] as number, r[i + 3] as number);
    const k = m.tasks;
    for (let i = 0; i + 2 < k.length; i += 3) metrics.task(k[i] as string, k[i + 1] as string, k[i + 2] as number);
    if (log) for (const line of m.log) log(line);
}
