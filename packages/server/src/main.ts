#!/usr/bin/env node
// quartier-server: builds missing region bundles, then serves the API.
//   node packages/server/dist/src/main.js [--port N] [--data DIR] [--keys FILE] [--regions BE,PT]
//                                         [--default-country BE] [--workers N] [--task-timeout MS] [--cache DIR|off]
//                                         [--max-enrichments N] [--no-warmup] [--production] [--no-build]
//                                         [--access-log] [--log-level info] [--metrics-port N]
import {parseArgs} from 'node:util';
import {loadServerConfig, startServer} from './server.js';

const {values} = parseArgs({
    options: {
        port: {type: 'string'}, host: {type: 'string'}, data: {type: 'string'}, out: {type: 'string'},
        keys: {type: 'string'}, regions: {type: 'string'}, 'default-country': {type: 'string'},
        production: {type: 'boolean'}, 'no-build': {type: 'boolean'}, workers: {type: 'string'}, 'task-timeout': {type: 'string'},
        cache: {type: 'string'}, 'max-enrichments': {type: 'string'}, 'no-warmup': {type: 'boolean'},
        'access-log': {type: 'boolean'}, 'log-level': {type: 'string'}, 'metrics-port': {type: 'string'}
    }
});

try {
    const running = await startServer(loadServerConfig(values));
    const stop = () => {
        running.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
} catch (err) {
    process.stderr.write(`quartier-server: ${(err as Error).message}\n`);
    process.exit(1);
}
