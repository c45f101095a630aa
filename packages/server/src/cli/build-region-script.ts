// The engine's region builder, run as a separate process (by the server at start, and by `quartier build-region` and
// `quartier add-region`), so that the caller's memory never holds a build's working set.
import {createRequire} from 'node:module';
import path from 'node:path';

export const BUILD_REGION_SCRIPT = path.join(path.dirname(createRequire(import.meta.url).resolve('@quartier/engine')), 'cli', 'build-region.js');
