// Errors that become JSON answers: {"Error": "..."} with a status.
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {NextFunction, Request, Response} from 'express';
import {sendJson} from '../answers/json-answer.js';
import {errorBody} from '../answers/error-answer.js';

export class HttpError extends Error {
    constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
        super(message);
    }
}

export const badRequest = (message: string) => new HttpError(400, message);

/** The one wording of "this server does not serve that country" (a 404); `served`, when given, lists those it does. */
export function notServed(country: string, served?: readonly string[]): string {
    return `Country ${country} is not served by this server${served ? ` (served: ${served.join(', ') || 'none'})` : ''}.`;
}

/** Plain node:http calls, so that the route lane (route-lane.ts), outside Express, answers errors the same way. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.statusCode = status;
    sendJson(res, errorBody(message));
}

/** The last middleware: every error leaves as JSON, never as an HTML page or a stack trace. */
export function errorHandler(err: unknown, _req: Request | IncomingMessage, res: Response | ServerResponse, _next: NextFunction): void {
    if (res.headersSent) {
        res.end();
        return;
    }
    if (err instanceof HttpError) {
        sendError(res, err.status, err.message, err.headers);
        return;
    }
    const e = err as {status?: number; statusCode?: number; type?: string; message?: string};
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
        sendError(res, status, e.message ?? 'Bad request.');
        return;
    }
    process.stderr.write(`internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    sendError(res, 500, 'Internal error.');
}
