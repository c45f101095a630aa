// @quartier/server: the HTTP API over @quartier/engine.
// requestListener(app): the listener for http.createServer, with GET /route's lane past Express (route-lane.ts).
export {createApp, requestListener} from './app.js';
export type {AppOptions} from './app.js';
export {KeyStore} from './keys.js';
export type {KeyEntry} from './keys.js';
export {startServer, loadServerConfig} from './server.js';
export type {ServerConfig} from './server.js';
// The engine's region builder script (run in its own process, as the server and `quartier build-region` run it).
export {BUILD_REGION_SCRIPT} from './build-region-script.js';
