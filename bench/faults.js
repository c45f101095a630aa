// The storage and process faults of issue 16, reproduced on real servers, printing what each did (the
// HTTP faults, an expensive SVG marker, 72 concurrent 2048² images and the parser's refusals, are in
// bench/http-faults.js):
//  1. a full disk under the answers cache (a real 64 KiB tmpfs): cold answers keep coming, the server stays up;
//  2. a read-only cache folder (a tmpfs mounted read-only): the server starts without the cache and says why;
//  3. a region bundle with one byte changed: the server refuses to start, naming the file, the section and the
//     command that rebuilds it;
//  4. SIGTERM while 40 requests are in flight: how many are answered, and the exit code;
//  5. the HTTP edges of the list: an IPv4-compatible IPv6 marker host, an unserved country without a key,
//     a wrong method, /{cc}/health, a transit line badge asked twice.
// Needs root for the tmpfs mounts (1 and 2 are skipped, saying so, otherwise).
// Usage: node bench/faults.js [regions dir = build/test-regions]
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {serverBin} from './lib/packages.js';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const regions = process.argv[2] ?? path.join(root, 'build', 'test-regions');
const KEY = {LicenseKey: 'quartier-dev-backend-key'};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-faults-'));
const mounts = [];

function tmpfs(name, options) {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    if (r.status !== 0) return null;
    mounts.push(dir);
    return dir;
}

/** Positions inside Brussels, each new (cold answers). */
let n = 0;
const position = () => {
    n++;
    return `latitude=${(50.835 + (n % 40) * 0.0007).toFixed(5)}&longitude=${(4.350 + Math.floor(n / 40) * 0.0011).toFixed(5)}`;
};

try {
    // 1. Full disk.
    const full = tmpfs('full', 'size=64k');
    if (!full) {
        console.log('1. full disk: skipped (cannot mount a tmpfs: not root)');
    } else {
        const server = await startBenchServer(['--out', regions, '--no-build', '--regions', 'BE', '--cache', full]);
        const statuses = [];
        for (let i = 0; i < 30; i++) statuses.push((await fetch(`${server.url}/be/summary?${position()}&language=FR`, {headers: KEY})).status);
        const alive = (await fetch(`${server.url}/health`)).status;
        // The server's messages (pino JSON lines): those about failed cache writes.
        const messages = server.log().split('\n').flatMap((l) => {
            try {
                return [String(JSON.parse(l).msg)];
            } catch {
                return [];
            }
        });
        const logged = messages.filter((m) => /cache/i.test(m) && /fail|ENOSPC|MDB_|space/i.test(m));
        console.log(`1. full disk (64 KiB tmpfs): 30 cold /summary → ${statuses.filter((s) => s === 200).length} × 200, others ${JSON.stringify(statuses.filter((s) => s !== 200))}; /health ${alive} afterwards; ${logged.length} cache-failure log line(s): ${logged[0]?.slice(0, 200) ?? 'none'}`);
        server.stop();
    }

    // 2. Read-only cache folder.
    const readOnly = tmpfs('readonly', 'size=1m,ro');
    if (!readOnly) {
        console.log('2. read-only cache folder: skipped (cannot mount a tmpfs: not root)');
    } else {
        const server = await startBenchServer(['--out', regions, '--no-build', '--regions', 'BE', '--cache', path.join(readOnly, 'cache')]);
        const status = (await fetch(`${server.url}/be/summary?${position()}&language=FR`, {headers: KEY})).status;
        const warning = server.log().split('\n').find((l) => /without the answers cache/.test(l));
        console.log(`2. read-only cache folder: started; a cold /summary → ${status}; the log says: ${warning?.slice(0, 240) ?? '(nothing)'}`);
        server.stop();
    }

    // 3. One changed byte in a bundle.
    const damaged = path.join(work, 'damaged');
    fs.cpSync(path.join(regions, 'DE'), path.join(damaged, 'DE'), {recursive: true});
    const file = path.join(damaged, 'DE', 'pois.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length >> 1] ^= 0x10;
    fs.writeFileSync(file, bytes);
    const refused = spawnSync(process.execPath, [serverBin('quartier-server'), '--port', '0', '--out', damaged, '--no-build', '--regions', 'DE'],
        {encoding: 'utf8', timeout: 120000});
    const reason = (refused.stderr.split('\n').find((l) => /damaged|checksum/i.test(l)) ?? refused.stderr.slice(-300)).slice(0, 300);
    console.log(`3. one byte changed in DE/pois.bin: exit code ${refused.status}; ${reason}`);

    // 4. SIGTERM under load.
    const server = await startBenchServer(['--out', regions, '--no-build', '--regions', 'BE', '--cache', 'off']);
    const sent = Array.from({length: 40}, () => fetch(`${server.url}/be/summary?${position()}&language=FR`, {headers: KEY}).then((r) => r.status, () => 'lost'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise((resolve) => {
        const check = setInterval(() => {
            try {
                process.kill(server.pid, 0);
            } catch {
                clearInterval(check);
                resolve();
            }
        }, 50);
    });
    process.kill(server.pid, 'SIGTERM');
    const statuses = await Promise.all(sent);
    await exited;
    const stopped = server.log().split('\n').find((l) => /quartier: stopped/.test(l));
    console.log(`4. SIGTERM with 40 cold /summary in flight: ${statuses.filter((s) => s === 200).length} answered 200, others ${JSON.stringify(statuses.filter((s) => s !== 200))}; the log says: ${stopped?.slice(0, 200) ?? '(nothing)'}`);

    // 5. HTTP edges.
    const edges = await startBenchServer(['--out', regions, '--no-build', '--regions', 'BE', '--cache', 'off']);
    const show = async (label, url, init = {}) => {
        const started = performance.now();
        const res = await fetch(`${edges.url}${url}`, init);
        const body = await res.text();
        const allow = res.headers.get('allow');
        console.log(`5. ${label}: ${res.status}${allow ? ` Allow: ${allow}` : ''} in ${(performance.now() - started).toFixed(1)} ms ${body.startsWith('{') ? body.slice(0, 160) : `(${body.length} bytes)`}`);
    };
    await show('marker at https://[::127.0.0.1]/', `/be/image?latitude=50.8461&longitude=4.3664&hexaColor=428BFF&width=400&height=200&customMarkerUrl=${encodeURIComponent('https://[::127.0.0.1]/m.png')}&customMarkerWidth=20&customMarkerHeight=30`, {headers: KEY});
    await show('unserved country, no key', '/fr/points?bound1=48.85,2.34&bound2=48.86,2.35');
    await show('POST on a GET path', '/be/points?bound1=50.844,4.362&bound2=50.849,4.371', {method: 'POST', headers: KEY});
    await show('/be/health', '/be/health');
    await show('transit line badge, first', '/be/subicons24/1@2x.png');
    await show('transit line badge, again', '/be/subicons24/1@2x.png');
    edges.stop();
} finally {
    for (const dir of mounts) spawnSync('umount', ['-l', dir]);
    fs.rmSync(work, {recursive: true, force: true});
}
