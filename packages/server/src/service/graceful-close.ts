// Stopping the HTTP server without losing a request: stop accepting connections, let the requests in flight finish
// (their connections are closed as soon as they are answered, and answers given meanwhile say `Connection: close`),
// and cut what is still running when the grace period ends. A cut connection is reset (TCP RST), not closed: a
// streamed answer (a batch) cut that way never looks complete to any HTTP client.
import type http from 'node:http';
import type {Socket} from 'node:net';

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export class GracefulClose {
    private closing = false;
    private inFlight = 0;
    /** The connections of the requests in flight. */
    private readonly busy = new Set<Socket>();

    constructor(private readonly server: http.Server) {
        server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
            this.inFlight++;
            const socket = req.socket;
            this.busy.add(socket);
            if (this.closing && !res.headersSent) res.setHeader('Connection', 'close');
            res.once('close', () => {
                this.inFlight--;
                this.busy.delete(socket);
                // The connection it used is idle now: close it rather than wait for its keep-alive time.
                if (this.closing) server.closeIdleConnections();
            });
        });
    }

    /** Requests received and not yet answered. */
    get requestsInFlight(): number {
        return this.inFlight;
    }

    /**
     * Stops accepting connections and resolves once every request in flight has been answered, or when `graceMs`
     * have passed (then the connections still open are cut). Resolves with the number of requests cut.
     */
    close(graceMs: number): Promise<number> {
        this.closing = true;
        return new Promise((resolve) => {
            const timer = setTimeout(() => resolve(this.cut()), graceMs);
            this.server.close(() => {
                clearTimeout(timer);
                resolve(0);
            });
            this.server.closeIdleConnections();
        });
    }

    /** Resets the connections of the requests in flight and closes the others; the number of requests cut. */
    cut(): number {
        const cut = this.inFlight;
        for (const socket of this.busy) socket.resetAndDestroy();
        this.busy.clear();
        this.server.closeAllConnections();
        return cut;
    }
}
