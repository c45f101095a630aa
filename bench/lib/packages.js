// How a bench reaches the packages: by their entry points and bin commands, in this checkout or in another one
// (a bench comparing two checkouts runs the other one's build), never by a file path inside a package.
import {createRequire} from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The URL of a package entry point ('@quartier/engine/internal') as a checkout resolves it, for import(). */
export function packageEntry(specifier, checkout = root) {
    return pathToFileURL(createRequire(path.join(checkout, 'package.json')).resolve(specifier)).href;
}

/** The script of a @quartier/server bin command ('quartier', 'quartier-server'): its package.json "bin" field. */
export function serverBin(command, checkout = root) {
    const dir = path.join(checkout, 'node_modules', '@quartier', 'server');
    const file = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).bin?.[command];
    if (!file) throw new Error(`@quartier/server has no bin command '${command}'`);
    return path.join(dir, file);
}
