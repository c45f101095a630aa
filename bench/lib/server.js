// Starts the built server in its own process for a benchmark and waits until it listens.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {withHugePages} from '@quartier/engine/internal';
import {serverBin} from './packages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * As npm start: the main thread's V8 semi-spaces of 8 MiB (the other threads' are bounded in the code), heaps grown by
 * half their live size at most, marked by each thread itself (no concurrent marking threads).
 */
export const SERVING_NODE_ARGS = ['--max-semi-space-size=8', '--heap-growing-percent=50', '--no-concurrent-marking'];

/** As npm start: two malloc arenas, blocks of 128 KiB and more mapped apart, unless GLIBC_TUNABLES is set (its own choice kept). */
function withArenaLimit(env) {
    return env.GLIBC_TUNABLES === undefined ? {...env, GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072'} : env;
}

/**
 * `checkout`: the repository whose built server runs (default this one; another to compare with in the same run).
 * `nodeArgs`: node's own flags (e.g. --cpu-prof, which NODE_OPTIONS does not take).
 */
export async function startBenchServer(args = [], env = {}, checkout = root, nodeArgs = []) {
    const port = 18000 + Math.floor(Math.random() * 1000);
    const child = spawn(process.execPath, [...SERVING_NODE_ARGS, ...nodeArgs, serverBin('quartier-server', checkout), '--port', String(port), '--host', '127.0.0.1', ...args], {
        stdio: ['ignore', 'ignore', 'pipe'],
        // As npm start runs it: huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=0 in the bench's environment keeps them off).
        env: {...withHugePages(withArenaLimit(process.env)), QUARTIER_KEYS: path.join(root, 'config', 'keys.dev.json'), ...env}
    });
    let log = '';
    child.stderr.on('data', (d) => (log += d));
    await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 300000);
        child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
        const check = setInterval(() => {
            if (log.includes('listening')) {
                clearInterval(check);
                clearTimeout(timer);
                resolve();
            }
        }, 100);
    });
    // stop(): resolves once the server has exited (a bench that ends first leaves its stderr pipe without a reader).
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return {url: `http://127.0.0.1:${port}`, pid: child.pid, log: () => log, stop: () => {
        child.kill();
        return exited;
    }};
}
