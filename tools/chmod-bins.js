#!/usr/bin/env node
// After the build: the workspaces' bin files (quartier, quartier-server, quartier-build) executable. On
// a fresh clone `npm ci` links the bins before tsc has written them, so npm could not mark them then,
// and `npx quartier` would fail with "Permission denied".
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
for (const dir of workspaces) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const file of Object.values(pkg.bin ?? {})) {
        const target = path.join(root, dir, file);
        if (fs.existsSync(target)) fs.chmodSync(target, 0o755);
    }
}
