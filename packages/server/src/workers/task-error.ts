// What a worker task answers instead of its result when the request cannot be served: the status
// and message the main thread sends as the JSON error (WorkerPool.run throws it as an HttpError).
import {HttpError} from '../http/errors.js';

export interface TaskError {
    error: {status: number; message: string};
}

/** The TaskError in a task's result, if it is one. */
export function taskErrorOf(result: unknown): TaskError['error'] | undefined {
    return (result as TaskError | null)?.error;
}

/** A task's result as its request takes it: its TaskError thrown as the HttpError to send. */
export function taskAnswer<T>(result: unknown): T {
    const error = taskErrorOf(result);
    if (error) throw new HttpError(error.status, error.message);
    return result as T;
}

/** The answer to a task the engine threw on (a bug): the request gets 503, the server goes on. */
export function engineFailed(): HttpError {
    return new HttpError(503, 'The routing engine failed on this request; retry later.');
}
