// Through nginx (deploy/nginx.conf, Debian's nginx) with one and then two replicas of BE sharing a
// redis-server: requests per second on cached /summary answers (autocannon, 20 connections), and the
// cache hit rate across replicas (each position computed once through nginx, then asked again: the second
// ask lands on the other replica about half the time and must still be a hit). On this 2-core machine
// the ceiling is the machine: a second replica adds processes, not cores.
// Usage: node bench/nginx.js [seconds = 10]
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {Redis} from 'ioredis';
import {RedisServer, freePort, kill, startQuartier} from '../packages/server/dist/test/services.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 10);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-nginx-'));
const redis = new RedisServer(await freePort());
await redis.start();
const admin = new Redis(redis.url);
const [a, b, front] = [await freePort(), await freePort(), await freePort()];
const replicas = [await startQuartier(a, ['--regions', 'BE', '--cache', redis.url]), await startQuartier(b, ['--regions', 'BE', '--cache', redis.url])];
let nginx = null;

async function startNginx(ports) {
    if (nginx) await kill(nginx, 'SIGTERM'); // the master stops its workers (killed outright, it leaves them running)
    // Both upstream lines name the replicas in use (one replica: the same port twice).
    const conf = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
        .replace('127.0.0.1:8081', `127.0.0.1:${ports[0]}`).replace('127.0.0.1:8082', `127.0.0.1:${ports[1] ?? ports[0]}`)
        .replace('127.0.0.1:8083', `127.0.0.1:${ports[0]}`).replace('listen 8080;', `listen 127.0.0.1:${front};`);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
    nginx = spawn('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;`], {stdio: 'ignore'});
    for (let i = 0; i < 100; i++) {
        try {
            await fetch(`http://127.0.0.1:${front}/be/health`);
            return;
        } catch {
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
    }
}

const positions = Array.from({length: 200}, (_, i) => `/be/summary?latitude=${(50.830 + (i % 20) * 0.001).toFixed(4)}&longitude=${(4.350 + Math.floor(i / 20) * 0.002).toFixed(4)}&language=FR`);
const headers = {LicenseKey: 'quartier-dev-backend-key'};

async function stats() {
    const info = await admin.info('stats');
    const get = (k) => Number(new RegExp(`${k}:(\\d+)`).exec(info)[1]);
    return {hits: get('keyspace_hits'), misses: get('keyspace_misses')};
}

try {
    await startNginx([a, b]);
    // Each position once through nginx (computed by one replica or the other, stored in Redis), then again.
    for (const p of positions) if ((await fetch(`http://127.0.0.1:${front}${p}`, {headers})).status !== 200) throw new Error(p);
    const before = await stats();
    for (const p of positions) await fetch(`http://127.0.0.1:${front}${p}`, {headers});
    const after = await stats();
    // Each answer is one GET of its body (the position's data is not read again on a hit).
    const hits = after.hits - before.hits, misses = after.misses - before.misses;
    console.log(`cache across replicas: second ask of ${positions.length} positions: ${hits} hits, ${misses} misses (${(100 * hits / (hits + misses)).toFixed(1)}% hit rate)`);
    console.log('| replicas of BE behind nginx | requests/s (cached /summary) | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    const results = [];
    for (const ports of [[a], [a, b]]) {
        await startNginx(ports);
        const r = await autocannon({url: `http://127.0.0.1:${front}`, connections: 20, duration: seconds, headers,
            requests: positions.map((p) => ({method: 'GET', path: p}))});
        if (r.non2xx) throw new Error(`${r.non2xx} answers were not 200`);
        results.push(r.requests.average);
        console.log(`| ${ports.length} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} |`);
    }
    console.log(`two replicas / one: ${(results[1] / results[0]).toFixed(2)}× on ${os.cpus().length} cores`);
} finally {
    if (nginx) await kill(nginx, 'SIGTERM');
    for (const r of replicas) await kill(r);
    admin.disconnect();
    await redis.stop();
    fs.rmSync(dir, {recursive: true, force: true});
}
