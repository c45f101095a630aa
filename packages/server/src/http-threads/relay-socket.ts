// A connection carried over a MessagePort between two threads of the process: each end is a Duplex that node:http
// takes for a socket (an http.Server given it by emit('connection'), or an http.request given it by createConnection).
// An HTTP thread hands the main thread the requests it does not answer itself this way (relay.ts), bytes as they come,
// so that streamed answers (MCP's events, a batch's lines) stream through. The writer sends at most WINDOW bytes
// ahead of what the reader has taken (credit messages), so a slow client holds the main thread's answer back rather
// than piling it up in memory.
import {Duplex} from 'node:stream';
import type {MessagePort} from 'node:worker_threads';

/** What one end posts to the other. */
export type RelayMessage =
    | {bytes: Uint8Array}
    | {end: true}
    | {credit: number};

/** The client's side of the connection, as the main thread's server reads it (req.socket). */
export interface RelayPeer {
    remoteAddress?: string;
    remotePort?: number;
    remoteFamily?: string;
}

/** Bytes a writer sends ahead of the reader's credit. */
const WINDOW = 1 << 20;
/** Bytes read before the reader gives credit back. */
const CREDIT_EVERY = 64 << 10;

export class RelaySocket extends Duplex {
    /** The client of the request it carries now (relay.ts, takePeer). */
    peer: RelayPeer = {};
    /** Sent and not yet credited. */
    private ahead = 0;
    /** A write waiting for credit. */
    private waiting: (() => void) | null = null;
    /** Read and not yet credited. */
    private owed = 0;
    private readEnded = false;

    constructor(private readonly port: MessagePort) {
        super({allowHalfOpen: true});
        port.on('message', (m: RelayMessage) => this.receive(m));
        port.on('close', () => {
            // After the end (every byte has come), the readable side ends as it is read; before, the connection is cut.
            if (!this.readEnded) this.destroy(Object.assign(new Error('the relayed connection was cut'), {code: 'ECONNRESET'}));
        });
    }

    override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
        this.send([chunk], chunk.byteLength, callback);
    }

    /** node:http writes an answer's head and body at once: one message for both (a message costs both threads). */
    override _writev(chunks: {chunk: Buffer}[], callback: (err?: Error | null) => void): void {
        let size = 0;
        for (const c of chunks) size += c.chunk.byteLength;
        this.send(chunks.map((c) => c.chunk), size, callback);
    }

    private send(chunks: Buffer[], size: number, callback: (err?: Error | null) => void): void {
        // Copied into a buffer of its own, which moves to the other thread (node:http's chunks may be slices of a pool).
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
            bytes.set(chunk, at);
            at += chunk.byteLength;
        }
        this.port.postMessage({bytes} satisfies RelayMessage, [bytes.buffer]);
        this.ahead += size;
        if (this.ahead > WINDOW) this.waiting = () => callback();
        else callback();
    }

    override _final(callback: (err?: Error | null) => void): void {
        this.port.postMessage({end: true} satisfies RelayMessage);
        callback();
    }

    override _read(): void {
        // Credit goes back by CREDIT_EVERY bytes, not by message: a writer blocked past WINDOW has sent more than that.
        if (this.owed >= CREDIT_EVERY) this.credit();
    }

    override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
        // The port's close tells the other end: one that has not read the end yet is cut there (a reset).
        this.port.close();
        const waiting = this.waiting;
        this.waiting = null;
        waiting?.();
        callback(err);
    }

    get remoteAddress(): string | undefined {
        return this.peer.remoteAddress;
    }

    get remotePort(): number | undefined {
        return this.peer.remotePort;
    }

    get remoteFamily(): string | undefined {
        return this.peer.remoteFamily;
    }

    /**
     * What node:http asks of a socket (net.Socket's), with nothing to do over a port. A relay never times out (relay.ts):
     * no timer, and no callback kept (node:http asks after every answer).
     */
    setTimeout(): this {
        return this;
    }

    setNoDelay(): this {
        return this;
    }

    setKeepAlive(): this {
        return this;
    }

    ref(): this {
        return this;
    }

    unref(): this {
        return this;
    }

    /** node:http ends a connection it closes after an answer with destroySoon(): the end, then the close. */
    destroySoon(): void {
        this.end(() => this.destroy());
    }

    /** A cut (GracefulClose.cut). */
    resetAndDestroy(): this {
        return this.destroy();
    }

    private receive(m: RelayMessage): void {
        if ('bytes' in m) {
            const chunk = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
            this.owed += chunk.byteLength;
            if (this.push(chunk) && this.owed >= CREDIT_EVERY) this.credit();
        } else if ('end' in m) {
            this.readEnded = true;
            this.push(null);
        } else {
            this.ahead -= m.credit;
            if (this.waiting && this.ahead <= WINDOW) {
                const waiting = this.waiting;
                this.waiting = null;
                waiting();
            }
        }
    }

    private credit(): void {
        this.port.postMessage({credit: this.owed} satisfies RelayMessage);
        this.owed = 0;
    }
}
