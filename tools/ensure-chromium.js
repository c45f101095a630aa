#!/usr/bin/env node
// The browser test (packages/server/test/playground.test.ts) drives Debian's Chromium through
// playwright-core. Run before the tests (npm's pretest): finds it, or installs Debian's package when
// this is a Debian machine and we are root; otherwise says how to install it.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM)) {
    const root = process.getuid?.() === 0;
    const apt = fs.existsSync('/usr/bin/apt-get');
    if (!root || !apt) {
        process.stderr.write(`Chromium is missing at ${CHROMIUM}: the browser test needs it. Install Debian's package `
            + `(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.\n`);
        process.exit(1);
    }
    process.stderr.write('installing Debian\'s chromium for the browser test (apt-get, once)...\n');
    execFileSync('apt-get', ['update', '-q'], {stdio: ['ignore', 'ignore', 'inherit']});
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], {stdio: ['ignore', 'inherit', 'inherit'], env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}});
}
