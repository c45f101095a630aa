// A test hook, loaded into a server process with `node --import` (or NODE_OPTIONS): GET /__test/hold is held, without
// reaching the app, until the process receives SIGTERM or SIGINT, and answered 200 just after (once the server's own
// signal handler has begun the shutdown). So a test holds a request in flight during a shutdown without racing it.
// GET /__test/hold-forever is never answered (the server must cut it at the end of its grace period).
// GET /__test/hold-two-signals is answered just after the process's second signal (a signal sent to a process group
// reaches npm, which passes it on, and node: two signals).
// The server's own code knows nothing of this.
import http from 'node:http';
import {isMainThread} from 'node:worker_threads';

const createServer = http.createServer;
// The main thread's server alone (threads inherit the --import): an HTTP thread relays /__test/hold to it.
if (isMainThread) {
    (http as {createServer: unknown}).createServer = function (this: unknown, ...args: unknown[]) {
        const handler = args.find((a) => typeof a === 'function') as http.RequestListener;
        const held: http.RequestListener = (req, res) => {
            if (req.url === '/__test/hold-forever') {
                process.stderr.write(`quartier-test: holding a request for ever (pid ${process.pid})\n`);
                return;
            }
            if (req.url === '/__test/hold-two-signals') {
                let signals = 0;
                const count = () => {
                    if (++signals === 2) setImmediate(() => res.end(JSON.stringify({held: true, answeredAfter: 'two signals'})));
                };
                process.on('SIGTERM', count);
                process.on('SIGINT', count);
                process.stderr.write(`quartier-test: holding a request (pid ${process.pid})\n`);
                return;
            }
            if (req.url !== '/__test/hold') return handler(req, res);
            const answer = (signal: string) => setImmediate(() => {
                res.writeHead(200, {'Content-Type': 'application/json'});
                res.end(JSON.stringify({held: true, answeredAfter: signal}));
            });
            process.once('SIGTERM', () => answer('SIGTERM'));
            process.once('SIGINT', () => answer('SIGINT'));
            process.stderr.write(`quartier-test: holding a request (pid ${process.pid})\n`);
        };
        return (createServer as (...a: unknown[]) => http.Server).apply(this, args.map((a) => (a === handler ? held : a)));
    };
}
