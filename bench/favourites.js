// Favourite addresses saved per second over HTTP with durability on: POST /favourites answered 201 only
// once the save is durable. LMDB (committed and flushed to disk), and Redis with `appendonly yes` and
// `appendfsync always` when Debian's redis-server is installed. One client in sequence, then 8 at once;
// each save is a new visitor, so no per-visitor bound stops the run. The server in its own process.
// Usage: node bench/favourites.js [seconds=5]
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {startBenchServer} from './lib/server.js';

const seconds = Number(process.argv[2] ?? 5);
const REDIS = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const body = (i) => JSON.stringify({userId: `bench-${process.pid}-${i}`, label: 'Work', address: 'Rue de la Loi 16, 1000 Bruxelles', latitude: 50.8466, longitude: 4.3668});

/** Saves for `seconds` by `clients` clients, each one request at a time; saves per second and latencies. */
async function run(url, clients) {
    let next = 0, failed = 0;
    const latencies = [];
    const until = performance.now() + seconds * 1000;
    const client = async () => {
        while (performance.now() < until) {
            const began = performance.now();
            const res = await fetch(`${url}/be/favourites`, {method: 'POST', headers: {LicenseKey: 'quartier-dev-backend-key', 'Content-Type': 'application/json'}, body: body(next++)});
            await res.arrayBuffer();
            if (res.status === 201) latencies.push(performance.now() - began);
            else failed++;
        }
    };
    const began = performance.now();
    await Promise.all(Array.from({length: clients}, client));
    const elapsed = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(2);
    return `${(latencies.length / elapsed).toFixed(0)} saves/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${latencies.length} saves, ${failed} failed)`;
}

async function measure(title, args) {
    const server = await startBenchServer(['--regions', 'BE', '--workers', '1', '--no-warmup', ...args], {QUARTIER_FAVOURITES_VISITORS_PER_OWNER: '100000000'});
    try {
        console.log(`${title}, 1 client: ${await run(server.url, 1)}`);
        console.log(`${title}, 8 clients: ${await run(server.url, 8)}`);
    } finally {
        server.stop();
    }
}

/** redis-server with every write synced to its append-only file before it answers. */
async function startRedis(dir) {
    const port = 19000 + Math.floor(Math.random() * 1000);
    const child = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], {stdio: 'ignore'});
    for (let i = 0; i < 100; i++) {
        const up = await new Promise((resolve) => net.connect(port, '127.0.0.1').once('connect', function () {
            this.end();
            resolve(true);
        }).once('error', () => resolve(false)));
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {url: `redis://127.0.0.1:${port}`, stop: () => child.kill()};
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bench-favourites-'));
try {
    await measure('LMDB (flushed)', ['--cache', 'off', '--favourites', path.join(dir, 'lmdb')]);
    if (fs.existsSync(REDIS)) {
        fs.mkdirSync(path.join(dir, 'redis'));
        const redis = await startRedis(path.join(dir, 'redis'));
        try {
            await measure('Redis (appendfsync always)', ['--cache', redis.url]);
        } finally {
            redis.stop();
        }
    } else {
        console.log(`Redis: skipped (${REDIS} is not installed)`);
    }
} finally {
    fs.rmSync(dir, {recursive: true, force: true});
}
