// The engine's region builder, run as a separate process (by the server at start, and by `quartier build-region`,
// `quartier add-region` and `quartier update-region`), so that the caller's memory never holds a build's working set.
import {createRequire} from 'node:module';
import path from 'node:path';

const ENGINE_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('@quartier/engine')), 'cli');
export const BUILD_REGION_SCRIPT = path.join(ENGINE_CLI, 'build-region.js');
/** `quartier update-region`: OSM change files and new feeds applied to a region, its bundle rebuilt. */
export const UPDATE_REGION_SCRIPT = path.join(ENGINE_CLI, 'update-region.js');
