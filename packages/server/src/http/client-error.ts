// Requests Node's HTTP parser refuses before Express sees them (headers past maxHeaderSize, bytes
// that are not HTTP, a request that does not arrive in time) get the same JSON error body as every
// other error, instead of Node's empty answer; then the connection closes (it cannot be trusted).
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

export function answerClientErrors(server: http.Server, maxHeaderSize: number): void {
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
        // Nothing to say to a connection that is gone, or one whose answer has begun.
        if (err.code === 'ECONNRESET' || !socket.writable || (socket as {_httpMessage?: {headersSent?: boolean}})._httpMessage?.headersSent) {
            socket.destroy();
            return;
        }
        const [status, reason, message] = answerFor(err.code, maxHeaderSize);
        const body = errorBody(message);
        socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
            + `Connection: close\r\n\r\n${body}`);
    });
}
