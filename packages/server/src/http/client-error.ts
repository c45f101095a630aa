// Requests Node's HTTP parser refuses before Express sees them (headers past maxHeaderSize, bytes
// that are not HTTP, a request that does not arrive in time) get the same JSON error body as every
// other error, instead of Node's empty answer; then the connection closes (it cannot be trusted). So do an
// HTTP/1.1 request without a Host header (Node's own check is turned off for this: requireHostHeader) and a
// CONNECT (no proxy here), which Node would close without a word.
import type http from 'node:http';
import type {Duplex} from 'node:stream';
import {errorBody} from '../answers/error-answer.js';

/** The status and message for a parser error code. */
function answerFor(code: string | undefined, maxHeaderSize: number): [number, string, string] {
    if (code === 'HPE_HEADER_OVERFLOW') {
        return [431, 'Request Header Fields Too Large', `The request's headers are larger than ${maxHeaderSize} bytes: send fewer or shorter headers (cookies, long Referer).`];
    }
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') {
        return [408, 'Request Timeout', 'The request did not arrive in time: send it whole, without pauses.'];
    }
    return [400, 'Bad Request', `The request is not valid HTTP/1.1${code ? ` (${code})` : ''}: check the request line, the header lines and the body's length.`];
}

/** The raw answer of a refused connection: JSON error body, then the connection closes. */
function rawAnswer(status: number, reason: string, message: string, extra = ''): string {
    const body = errorBody(message);
    return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
        + `${extra}Connection: close\r\n\r\n${body}`;
}

/** Answers an HTTP/1.1 request that has no Host header (true), as Node would but with a JSON body. */
export function refuseWithoutHost(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return false;
    const body = errorBody('An HTTP/1.1 request needs a Host header: send the host you called (e.g. Host: be.example.org).');
    res.writeHead(400, {'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close'});
    res.end(body);
    return true;
}

export function answerClientErrors(server: http.Server, maxHeaderSize: number): void {
    server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
        socket.end(rawAnswer(405, 'Method Not Allowed', 'CONNECT is not served: this is an HTTP API, not a proxy. Use GET or POST.', 'Allow: GET, POST, OPTIONS\r\n'));
    });
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
        // Nothing to say to a connection that is gone, or one whose answer has begun.
        if (err.code === 'ECONNRESET' || !socket.writable || (socket as {_httpMessage?: {headersSent?: boolean}})._httpMessage?.headersSent) {
            socket.destroy();
            return;
        }
        const [status, reason, message] = answerFor(err.code, maxHeaderSize);
        socket.end(rawAnswer(status, reason, message));
    });
}
