// @quartier/server: the HTTP API over @quartier/engine.
export {createApp} from './app.js';
export type {AppOptions} from './app.js';
export {KeyStore} from './keys.js';
export type {KeyEntry} from './keys.js';
export {startServer, loadServerConfig} from './server.js';
export type {ServerConfig} from './server.js';
