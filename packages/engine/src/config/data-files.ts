// The committed configuration in the repository's data/ folder (countries, categories, regions).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REPOSITORY_DATA = path.resolve(PACKAGE_ROOT, '../../data');

/**
 * Whether this engine runs from the quartier repository (packages/engine, data/ two levels up),
 * rather than from an installed package, which carries its own copy of the data/ files (npm pack).
 */
export const IN_REPOSITORY = fs.existsSync(path.join(REPOSITORY_DATA, 'categories.json'));

/** The data/ folder: the repository's, else the installed package's own. */
export const CONFIG_DIR = IN_REPOSITORY ? REPOSITORY_DATA : path.join(PACKAGE_ROOT, 'data');

const cache = new Map<string, unknown>();

/** Parses a JSON file of data/ once per process. */
export function readConfigJson<T>(name: string): T {
    let v = cache.get(name);
    if (v === undefined) {
        const file = path.join(CONFIG_DIR, name);
        try {
            v = JSON.parse(fs.readFileSync(file, 'utf8'));
        } catch (err) {
            throw new Error(`cannot read the configuration file ${file}: ${(err as Error).message}`);
        }
        cache.set(name, v);
    }
    return v as T;
}
