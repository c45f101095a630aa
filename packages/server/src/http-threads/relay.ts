// The requests an HTTP thread does not answer itself go to the main thread's server as they came, over relay
// connections carried by MessagePorts (relay-socket.ts), kept open from one request to the next: the method, the path
// and the headers as sent (the connection's own aside), the body as it streams, the client's address; the answer comes
// back the same way, streamed. The main thread's app answers them exactly as it answers a connection it accepted itself.
// A relay never times out on the main thread (RelaySocket.setTimeout arms nothing): the thread closes those it has no
// use for, so that no relay is closed by one side as the other sends a request on it.
import http, {type IncomingMessage, type ServerResponse} from 'node:http';
import {MessageChannel, type MessagePort} from 'node:worker_threads';
import {errorBody} from '../answers/error-answer.js';
import {RelaySocket} from './relay-socket.js';

/** What an HTTP thread posts on its control port to open a relay (a connection that carries many requests, one at a time). */
export interface RelayOpening {
    relay: MessagePort;
}

/**
 * The client's address, family and port, as the HTTP thread's connection has them, and the HTTP version it spoke (a
 * relay speaks 1.1; an HTTP/1.0 request needs no Host): a header of the relayed request alone, which the main thread
 * takes off (takePeer) before anything reads the request. A client's own is dropped.
 */
const PEER_HEADER = 'x-quartier-relay-peer';

/** The headers of one hop, never passed on (RFC 9110 §7.6.1); `expect`: the thread has answered 100-continue itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect']);

/** `raw` (a rawHeaders list) without the headers of one hop. */
function endToEnd(raw: string[]): string[] {
    const kept: string[] = [];
    for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i].toLowerCase();
        if (!HOP_BY_HOP.has(name) && name !== PEER_HEADER) kept.push(raw[i], raw[i + 1]);
    }
    return kept;
}

let agent: http.Agent | null = null;

/**
 * The relays, kept open from one request to the next (opening one costs a channel and a connection on each side, a
 * third of a relayed request's time), the last used first.
 */
function relayAgent(control: MessagePort): http.Agent {
    const a = new http.Agent({keepAlive: true, maxSockets: Infinity, maxFreeSockets: 64, scheduling: 'lifo'});
    (a as unknown as {createConnection: () => RelaySocket}).createConnection = () => {
        const {port1, port2} = new MessageChannel();
        control.postMessage({relay: port2} satisfies RelayOpening, [port2]);
        return new RelaySocket(port1);
    };
    return a;
}

/** In an HTTP thread: hands `req` to the main thread's server (acceptRelays) and streams its answer into `res`. */
export function relayRequest(control: MessagePort, req: IncomingMessage, res: ServerResponse): void {
    agent ??= relayAgent(control);
    const s = req.socket;
    const headers = endToEnd(req.rawHeaders);
    headers.push(PEER_HEADER, `${s.remoteFamily ?? '-'} ${s.remotePort ?? '-'} ${s.remoteAddress ?? '-'} ${req.httpVersion}`);
    const relayed = http.request({method: req.method, path: req.url, headers, setHost: false, agent});
    relayed.on('response', (answer) => {
        // The main thread's Date is the answer's.
        res.sendDate = false;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
        answer.pipe(res);
    });
    relayed.on('error', (err) => {
        process.stderr.write(`a relayed request failed: ${err.message}\n`);
        if (res.headersSent) {
            res.destroy();
            return;
        }
        const body = errorBody('The server could not answer this request; retry.');
        res.writeHead(502, {'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body)});
        res.end(body);
    });
    // The client gone before its answer: the main thread's request is cut too (its 'close').
    res.on('close', () => {
        if (!res.writableFinished) relayed.destroy();
    });
    req.pipe(relayed);
}

/** In the main thread: every relay an HTTP thread opens on `control` becomes a connection of `server`. */
export function acceptRelays(control: MessagePort, server: http.Server): void {
    control.on('message', (m: Partial<RelayOpening>) => {
        if (m.relay) server.emit('connection', new RelaySocket(m.relay));
    });
}

/** In the main thread, first on every request: a relayed one's connection takes its client's address (PEER_HEADER); whether it was relayed. */
export function takePeer(req: IncomingMessage): boolean {
    const socket = req.socket;
    if (!(socket instanceof RelaySocket)) return false;
    const value = req.headers[PEER_HEADER];
    delete req.headers[PEER_HEADER];
    const at = req.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === PEER_HEADER);
    if (at >= 0) req.rawHeaders.splice(at, 2);
    const [family, port, address, version] = typeof value === 'string' ? value.split(' ') : [];
    const known = (v: string | undefined) => (v && v !== '-' ? v : undefined);
    socket.peer = {remoteFamily: known(family), remotePort: known(port) ? Number(port) : undefined, remoteAddress: known(address)};
    if (version === '1.0') {
        req.httpVersion = '1.0';
        req.httpVersionMinor = 0;
    }
    return true;
}
