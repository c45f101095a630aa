// The API's node:http server, the main thread's and each HTTP thread's alike: its header limit and time limits, the
// keep-alive time, and the JSON answers of what node:http refuses itself (client-error.ts).
import http from 'node:http';
import {answerClientErrors, refuseWithoutHost} from './client-error.js';

const MAX_HEADER_SIZE = 16384;

/**
 * `listener` gets every request but an HTTP/1.1 one without a Host header (answered 400 here); `first` runs on each
 * request before that check (the main thread's takePeer: a relayed request's client and HTTP version).
 */
export function apiServer(listener: http.RequestListener, first?: (req: http.IncomingMessage) => void): http.Server {
    // requireHostHeader off: refuseWithoutHost answers such a request with a JSON body, not Node's empty 400.
    const server = http.createServer({requestTimeout: 30000, headersTimeout: 10000, maxHeaderSize: MAX_HEADER_SIZE, requireHostHeader: false},
        (req, res) => {
            first?.(req);
            if (!refuseWithoutHost(req, res)) listener(req, res);
        });
    answerClientErrors(server, MAX_HEADER_SIZE);
    server.keepAliveTimeout = 5000;
    return server;
}
