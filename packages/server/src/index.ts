// @quartier/server: the HTTP API over @quartier/engine.
// requestListener(app): the listener for http.createServer, with GET /route's lane past Express (route-lane.ts).
export {createApp, requestListener} from './http/app.js';
export type {AppOptions} from './http/app.js';
export {KeyStore} from './http/keys.js';
export type {KeyEntry} from './http/keys.js';
export {startServer, loadServerConfig} from './service/server.js';
export type {ServerConfig} from './service/server.js';
// The engine's region builder script (run in its own process, as the server and `quartier build-region` run it).
export {BUILD_REGION_SCRIPT} from './cli/build-region-script.js';
