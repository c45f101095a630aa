#!/usr/bin/env node
// Programs some tests drive, from Debian's packages: Chromium (the browser test, through playwright-core),
// redis-server (the shared answers cache), nginx (the deployment test) and osmium-tool (update-region applies OSM
// change files with it). Run before the tests (npm's
// pretest): finds them, or installs the missing packages when this is a Debian machine and we are root;
// otherwise says how to install them.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';

const PROGRAMS = [
    {file: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium', env: 'CHROMIUM_PATH', what: 'the browser test'},
    {file: process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server', pkg: 'redis-server', env: 'REDIS_SERVER_PATH', what: 'the shared-cache tests'},
    {file: process.env.NGINX_PATH ?? '/usr/sbin/nginx', pkg: 'nginx', env: 'NGINX_PATH', what: 'the deployment test'},
    {file: process.env.QUARTIER_OSMIUM ?? '/usr/bin/osmium', pkg: 'osmium-tool', env: 'QUARTIER_OSMIUM', what: 'the update-region test'}
];

const missing = PROGRAMS.filter((p) => !fs.existsSync(p.file));
if (missing.length > 0) {
    const root = process.getuid?.() === 0;
    const apt = fs.existsSync('/usr/bin/apt-get');
    if (!root || !apt) {
        for (const p of missing) {
            process.stderr.write(`${p.file} is missing: ${p.what} needs it. Install Debian's package (sudo apt-get install ${p.pkg}) or set ${p.env}.\n`);
        }
        process.exit(1);
    }
    const pkgs = missing.map((p) => p.pkg);
    process.stderr.write(`installing Debian's ${pkgs.join(', ')} for the tests (apt-get, once)...\n`);
    execFileSync('apt-get', ['update', '-q'], {stdio: ['ignore', 'ignore', 'inherit']});
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...pkgs], {stdio: ['ignore', 'inherit', 'inherit'], env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}});
}
