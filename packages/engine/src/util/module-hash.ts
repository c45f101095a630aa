// The engine code a piece of work runs, hashed: the compiled modules reachable by relative import from its entry
// modules (static imports, followed through the engine's own files), in path order. What is built from that code
// (a section, Natural Earth prepared) is reused only while this hash is the same.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** SHA-256 over the files reachable from `entries` (absolute paths) by relative imports, named relative to `root`. */
export function moduleClosureHash(entries: string[], root: string): string {
    const seen = new Set<string>();
    const stack = entries.slice();
    while (stack.length > 0) {
        const file = stack.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(IMPORT)) stack.push(path.resolve(path.dirname(file), m[1]));
    }
    const h = crypto.createHash('sha256');
    for (const file of [...seen].sort()) h.update(`${path.relative(root, file)}\n`).update(fs.readFileSync(file));
    return h.digest('hex');
}
