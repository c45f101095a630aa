#!/usr/bin/env node
// quartier-server: builds missing region bundles, then serves the API.
//   node packages/server/dist/src/main.js [--port N] [--data DIR] [--keys FILE] [--regions BE,PT] [--regions-file FILE]
//                                         [--default-country BE] [--workers N] [--http-threads N] [--task-timeout MS] [--cache DIR|redis://HOST:PORT|off] [--favourites DIR]
//                                         [--max-enrichments N] [--render-rate PIXELS_PER_S] [--shutdown-grace MS] [--no-warmup] [--production] [--no-build]
//                                         [--access-log] [--log-level info] [--metrics-port N] [--trusted-proxies loopback,10.0.0.0/8] [--no-watch]
// SIGHUP: swaps in the regions' new bundles found in the bundle folder (as it does by itself when it watches it), the
// requests in flight finishing on the old ones (service/region-swap.ts).
// SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (at most the grace period),
// close the workers and the cache, exit 0. A second signal at least a second later exits at once (code 1), the
// requests in flight reset; one sooner is the same signal delivered twice (a signal to the process group reaches
// npm, which passes it on, and node) and is ignored, as is, under npm, the first repeat whenever it comes.
import {parseArgs} from 'node:util';
import {createLogger} from './service/logger.js';
import {loadServerConfig, startServer} from './service/server.js';

/** A second signal sooner than this after the first is the same signal delivered twice (tests may set it). */
const REPEATED_SIGNAL_MS = Number(process.env.QUARTIER_REPEATED_SIGNAL_MS ?? 1000);
/** Started by `npm start` (npm names the script it runs in npm_lifecycle_event; other scripts' children inherit theirs). */
const UNDER_NPM = process.env.npm_lifecycle_event === 'start';

const {values} = parseArgs({
    options: {
        port: {type: 'string'}, host: {type: 'string'}, data: {type: 'string'}, out: {type: 'string'},
        keys: {type: 'string'}, regions: {type: 'string'}, 'regions-file': {type: 'string'}, 'default-country': {type: 'string'},
        production: {type: 'boolean'}, 'no-build': {type: 'boolean'}, workers: {type: 'string'}, 'task-timeout': {type: 'string'},
        cache: {type: 'string'}, favourites: {type: 'string'}, 'max-enrichments': {type: 'string'}, 'no-warmup': {type: 'boolean'}, 'shutdown-grace': {type: 'string'},
        'render-rate': {type: 'string'}, 'access-log': {type: 'boolean'}, 'log-level': {type: 'string'}, 'metrics-port': {type: 'string'},
        'trusted-proxies': {type: 'string'}, 'no-watch': {type: 'boolean'}, 'http-threads': {type: 'string'}
    }
});

// Before the configuration is read, messages go out at the default level.
let logger = createLogger();
const log = (line: string) => logger.info(line);
// SIGHUP means "look for new bundles", never "exit" (its default): one that comes while the server starts (its port
// may already answer: HTTP threads accept as they come up) is acted on once it has started.
let reload: (() => void) | null = null, reloadAsked = false;
process.on('SIGHUP', () => {
    if (reload) reload();
    else reloadAsked = true;
});
try {
    const config = loadServerConfig(values);
    logger = createLogger({level: config.logLevel});
    const running = await startServer(config, logger);
    let stopping = false, stoppingSince = 0, npmRepeatSeen = false;
    const stop = (signal: NodeJS.Signals) => {
        if (stopping) {
            // Under npm a signal to the process group arrives twice, the second passed on by npm whenever its own
            // event loop gets to it (seconds later on a loaded machine): its first repeat is never a user's.
            const passedOnByNpm = UNDER_NPM && !npmRepeatSeen;
            npmRepeatSeen = true;
            if (passedOnByNpm || performance.now() - stoppingSince < REPEATED_SIGNAL_MS) {
                log(`quartier: ${signal} again, the same signal delivered twice (a signal to the process group reaches npm, which passes it on, and node): still finishing; send it again to exit at once`);
                return;
            }
            log(`quartier: ${signal} again: exiting now, ${running.cutNow()} request(s) cut`);
            process.exit(1);
        }
        stopping = true;
        stoppingSince = performance.now();
        log(`quartier: ${signal}: no new connections; finishing ${running.requestsInFlight} request(s) in flight (at most ${config.shutdownGraceMs / 1000} s)`);
        running.close().then(
            (cut) => {
                log(cut ? `quartier: stopped (${cut} request(s) cut at the end of the grace period)` : 'quartier: stopped');
                process.exit(0);
            },
            (err: unknown) => {
                log(`quartier: error while stopping: ${(err as Error).message}`);
                process.exit(1);
            });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    reload = () => {
        if (stopping) return;
        log('quartier: SIGHUP: looking for new region bundles');
        running.reload().then((outcomes) => {
            for (const o of outcomes) if (o.outcome === 'unchanged') log(`quartier: ${o.country}: bundle ${o.bundleId} unchanged`);
        }, (err: unknown) => logger.error(`quartier: reloading failed: ${(err as Error).message}`));
    };
    if (reloadAsked) reload();
} catch (err) {
    log(`quartier-server: ${(err as Error).message}`);
    process.exit(1);
}
