// Answers that leave as ready JSON bytes. A worker writes the answer's JSON and encodes it into an
// ArrayBuffer of its own, which the pool transfers (moves, never copies) to the main thread; the main
// thread writes those bytes as they are. The main thread, which serves every connection, thus never
// clones, parses or stringifies the answer (bench/RESULTS.md: "/route over HTTP: where the time went").
import type {ServerResponse} from 'node:http';

const encoder = new TextEncoder();

/** JSON text as bytes in an ArrayBuffer of their own, so that the pool can transfer them. */
export function jsonBytes(text: string): Uint8Array {
    return encoder.encode(text);
}

/**
 * Sends a JSON body as it is: the headers Express's res.json sets (Content-Type with the charset,
 * Content-Length), nothing stringified again. A HEAD request gets the headers alone (node:http drops the body).
 */
export function sendJson(res: ServerResponse, body: Uint8Array | string): void {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    res.end(body);
}
