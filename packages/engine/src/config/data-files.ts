// The committed configuration in the repository's data/ folder (countries, categories, regions).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The repository's data/ folder (committed configuration), found from this file's location. */
export const CONFIG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data');

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
