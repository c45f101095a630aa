// What a worker task answers instead of its result when the request cannot be served: the status
// and message the main thread sends as the JSON error (WorkerPool.run throws it as an HttpError).
export interface TaskError {
    error: {status: number; message: string};
}
