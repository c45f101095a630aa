// Real services the deployment tests run beside quartier: Debian's redis-server and nginx, on free
// loopback ports, and quartier server processes (the built CLI), each stopped at the end.
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {Redis} from 'ioredis';
import {repoRoot, testBuildRoot} from './helpers.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    return port;
}

/** A program a test needs, or an error saying how to get it. */
export function program(file: string, pkg: string): string {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: install Debian's ${pkg} (.ci/run does)`);
    return file;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills a child and waits for it to be gone. */
export async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill(signal);
    });
}

/** redis-server on a loopback port: no persistence, bounded memory, LRU (as docs/api/neighbourhood.md recommends). */
export class RedisServer {
    readonly url: string;
    private child: ChildProcess | null = null;

    constructor(readonly port: number) {
        this.url = `redis://127.0.0.1:${port}`;
    }

    async start(): Promise<void> {
        this.child = spawn(program(process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server', 'redis-server'), ['--port', String(this.port),
            '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru'], {stdio: 'ignore'});
        const probe = new Redis(this.url, {lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50});
        probe.on('error', () => {});
        for (let i = 0; i < 200; i++) {
            try {
                if (probe.status !== 'ready') await probe.connect();
                if ((await probe.ping()) === 'PONG') break;
            } catch {
                await sleep(50);
            }
        }
        probe.disconnect();
    }

    async stop(): Promise<void> {
        if (this.child) await kill(this.child);
    }
}

/** A quartier server process (the built CLI) on a loopback port, ready when /health answers. */
export async function startQuartier(port: number, args: string[]): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.join(repoRoot, 'packages/server/dist/src/main.js'), '--port', String(port), '--host', '127.0.0.1',
        '--out', testBuildRoot, '--no-build', '--no-warmup', ...args], {stdio: 'ignore'});
    for (let i = 0; i < 1200; i++) {
        if (child.exitCode !== null) throw new Error(`quartier on ${port} exited with ${child.exitCode}`);
        try {
            if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
        } catch {
            // not listening yet
        }
        await sleep(50);
    }
    throw new Error(`quartier on ${port} did not start`);
}

/** The ports of the shipped nginx deployment: BE's two replicas, the small countries' instance, the front. */
export interface NginxPorts {
    beA: number;
    beB: number;
    small: number;
    front: number;
}

/**
 * deploy/nginx.conf with this run's ports and a header naming the replica that answered (X-Test-Upstream:
 * nginx's $upstream_addr, two addresses when a request was sent to a second replica).
 */
export function shippedNginxConf({beA, beB, small, front}: NginxPorts): string {
    const conf = fs.readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8')
        .replace('127.0.0.1:8081', `127.0.0.1:${beA}`).replace('127.0.0.1:8082', `127.0.0.1:${beB}`).replace('127.0.0.1:8083', `127.0.0.1:${small}`)
        .replaceAll('listen 8080;', `listen 127.0.0.1:${front};`)
        .replaceAll('proxy_pass http://$quartier_upstream;', 'proxy_pass http://$quartier_upstream;\n            add_header X-Test-Upstream $upstream_addr always;');
    if (!conf.includes(`:${beB};`) && !conf.includes(`:${beB} `)) throw new Error('deploy/nginx.conf no longer names the replica ports the tests rewrite');
    return conf;
}

/**
 * Debian's nginx on `conf`, its files in `dir`, ready once the front port answers. Stop it with SIGTERM
 * (kill(child, 'SIGTERM')): its master then stops the workers; a master killed outright leaves them running,
 * orphaned, holding the front port.
 */
export async function startNginx(dir: string, conf: string, front: number): Promise<ChildProcess> {
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
    const nginx = spawn(program(NGINX, 'nginx'), ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')};`], {stdio: 'ignore'});
    for (let i = 0; i < 200; i++) {
        try {
            await fetch(`http://127.0.0.1:${front}/health`);
            break;
        } catch {
            await sleep(50);
        }
    }
    return nginx;
}
