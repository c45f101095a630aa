// Servers in their own processes, for the tests of process behaviour (signals, start-up failures): spawned with a
// test hook preloaded, their log watched, requests through node:http on fresh connections.
import {spawn, type ChildProcess} from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type {Test} from 'tap';
import {repoRoot, testBuildRoot} from './helpers.js';

export const main = path.join(repoRoot, 'packages/server/dist/src/main.js');
export const serverArgs = ['--port', '0', '--host', '127.0.0.1', '--out', testBuildRoot, '--no-build', '--no-warmup', '--cache', 'off', '--regions', 'DE', '--workers', '1'];

export interface Started {
    child: ChildProcess;
    port: number;
    /** stderr so far */
    log(): string;
    exited: Promise<{code: number | null; signal: NodeJS.Signals | null}>;
    /** resolves when the log contains `text` */
    logged(text: string): Promise<void>;
}

/** Spawns a server (or npm start) with `hook` preloaded (NODE_OPTIONS), and resolves once it listens. */
export function startProcess(t: Test, command: string, args: string[], hook: string, options: {group?: boolean; env?: Record<string, string>} = {}): Promise<Started> {
    // group: the child leads a process group of its own, as under systemd, so a test can signal the whole group.
    const child = spawn(command, args, {cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'], detached: options.group ?? false,
        env: {...process.env, ...options.env, NODE_OPTIONS: `--import ${hook}`}});
    let log = '';
    const waiters: [string, () => void][] = [];
    child.stderr!.on('data', (d) => {
        log += d;
        for (const w of waiters.filter(([text]) => log.includes(text))) {
            waiters.splice(waiters.indexOf(w), 1);
            w[1]();
        }
    });
    const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) => child.on('exit', (code, signal) => resolve({code, signal})));
    // A failed test leaves nothing running: the hook logs the server's own pid (under npm it is not the child's).
    t.teardown(() => {
        const pid = /holding a request \(pid (\d+)\)/.exec(log)?.[1];
        for (const p of [child.pid, pid && Number(pid)]) {
            try {
                if (p) process.kill(p, 'SIGKILL');
            } catch {
                // already gone
            }
        }
    });
    const logged = (text: string) => (log.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push([text, resolve])));
    return new Promise((resolve, reject) => {
        void exited.then(({code}) => reject(new Error(`exited with ${code} before listening:\n${log}`)));
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/;
        void logged('listening on').then(() => resolve({child, port: Number(match.exec(log)![1]), log: () => log, exited, logged}));
    });
}

export function request(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<{status: number; body: string}> {
    return new Promise((resolve, reject) => {
        http.get({host: '127.0.0.1', port, path: urlPath, headers, agent: false}, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({status: res.statusCode!, body}));
        }).on('error', reject);
    });
}

