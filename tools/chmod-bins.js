#!/usr/bin/env node
// After the build: the workspaces' bin files (quartier, quartier-server) executable, and linked into
// node_modules/.bin. On a fresh clone `npm ci` runs before tsc has written them, and npm neither marks
// nor links a bin whose file does not exist yet: `npx quartier` would then fail with "Permission denied",
// or worse, look for a package of that name on the public registry.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binDir = path.join(root, 'node_modules', '.bin');
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
for (const dir of workspaces) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const [name, file] of Object.entries(pkg.bin ?? {})) {
        const target = path.join(root, dir, file);
        if (!fs.existsSync(target)) continue;
        fs.chmodSync(target, 0o755);
        // The link npm makes: node_modules/.bin/NAME -> ../@scope/pkg/FILE (through the workspace's own link).
        const link = path.join(binDir, name);
        const relative = path.join('..', pkg.name, file);
        if (fs.existsSync(path.join(binDir, relative))) {
            let current = null;
            try {
                current = fs.readlinkSync(link);
            } catch {
                // missing (or not a link): made below
            }
            if (current !== relative) {
                fs.mkdirSync(binDir, {recursive: true});
                fs.rmSync(link, {force: true});
                fs.symlinkSync(relative, link);
            }
        }
    }
}
