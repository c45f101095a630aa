// The request contract: what an API handler is given (the country, its served region, the parsed
// query, the worker pool) and how it is put in front of the request steps (request-steps.ts). The
// routes, the route lane and the app's wiring all import it; it imports none of them.
import type {IncomingMessage} from 'node:http';
import type {NextFunction, Request, Response} from 'express';
import type {Region} from '@quartier/engine';
import type {WorkerPool} from '../workers/pool.js';
import type {Access} from './keys.js';
import type {Query} from './params.js';

/** What an API handler works from, once the request is authorized. */
export interface RequestContext {
    country: string;
    /** The served region of that country. */
    region: Region;
    query: Query;
    pool: WorkerPool | undefined;
    /** Who owns the key that authorised the request (keys.ts, ownerId): what is kept per portal is kept under it. */
    keyOwner: string;
}

/** Checks the query's encoding and the key, parses the query, resolves the served region. `url`: as sent. */
export type Authorize = (req: IncomingMessage, url: string, rawQuery: Record<string, unknown>, country: string, access: Access) => RequestContext;

/** An API handler: it answers, or throws (or rejects with) an error that becomes a JSON answer. */
export type Handler = (ctx: RequestContext, req: Request, res: Response) => void | Promise<void>;

/** Wraps a handler as an Express one: authorize, then the handler; errors go on to the error steps. */
export type Guard = (access: Access, handler: Handler) => (req: Request, res: Response, next: NextFunction) => void;
