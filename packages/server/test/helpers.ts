// Starts the real server on the test run's region bundles (built once by the tap `before` step).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, type RunningServer} from '../src/service/server.js';
import {loadServerConfig} from '../src/service/server.js';
import type {ServerHooks} from '../src/service/hooks.js';
import {silentLogger} from '../src/service/logger.js';
import {checkAnswer} from './openapi-check.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');
export const BACKEND_KEY = 'quartier-dev-backend-key';
export const FRONTEND_KEY = 'quartier-dev-frontend-key';
export const BE_ONLY_KEY = 'quartier-dev-be-only-key';
/** The routing worker with test-only tasks (test-worker.ts), for WorkerPool's workerFile. */
export const TEST_WORKER = new URL('./test-worker.js', import.meta.url);

/**
 * A server on the test regions; its answers cache and its favourites are in fresh temporary folders unless
 * `cache` or `favourites` is given.
 * `hooks`: what the test injects (a marker fetch policy, a gate holding renders, a test worker).
 */
export async function testServer(extra: Record<string, string | boolean> = {}, hooks: ServerHooks = {}): Promise<RunningServer & {url: string}> {
    const cache = extra.cache ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-'));
    const favourites = extra.favourites ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-favourites-'));
    // A routing task's time limit of 5 minutes unless a test sets one: a cold search took over 10 s (the
    // default) at a load average of 40, and the limit is not what those tests prove.
    const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, 'no-warmup': true, 'task-timeout': '300000', ...extra, cache, favourites});
    const running = await startServer(config, silentLogger, hooks);
    const closeServer = running.close;
    const close = async (graceMs?: number) => {
        const cut = await closeServer(graceMs);
        if (extra.cache === undefined) fs.rmSync(cache as string, {recursive: true, force: true});
        if (extra.favourites === undefined) fs.rmSync(favourites as string, {recursive: true, force: true});
        return cut;
    };
    // Defined on the running server itself, not copied: its getters (the regions and pool serving now) stay live.
    return Object.defineProperties(running, {close: {value: close}, url: {value: `http://127.0.0.1:${running.port}`}}) as RunningServer & {url: string};
}

export interface Reply {
    status: number;
    headers: Headers;
    /** The JSON body parsed, or the text. */
    body: any;
    text: string;
    bytes: Buffer;
}

/**
 * Any request through fetch. Every answer is checked against the OpenAPI document (status,
 * content type, JSON body): a disagreement throws, and so fails the test.
 */
export async function send(url: string, init: RequestInit = {}): Promise<Reply> {
    let res: Response;
    try {
        res = await fetch(url, init);
    } catch (err) {
        // A kept-alive socket the server closed (idle past its keep-alive time) as the request left:
        // a GET is safe to send again, as HTTP clients do.
        if ((err as {cause?: {code?: string}}).cause?.code !== 'ECONNRESET' || (init.method ?? 'GET') !== 'GET') throw err;
        res = await fetch(url, init);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const text = type.startsWith('image/') ? '' : bytes.toString('utf8');
    checkAnswer(init.method ?? 'GET', url, res.status, type, text);
    return {status: res.status, headers: res.headers, body: type.includes('json') && !type.includes('ndjson') ? JSON.parse(text) : text, text, bytes};
}

/** GET with the backend key unless headers say otherwise; parses JSON bodies. */
export function get(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}): Promise<Reply> {
    return send(url, {headers});
}

/**
 * GET through node:http, which (unlike fetch) lets a test set the Host header, on a connection of
 * its own: safe after the test process held its event loop (spawnSync) past the server's keep-alive
 * time, when a pooled connection may be closed by the server just as it is reused.
 */
export function getWithHost(url: string, headers: Record<string, string>): Promise<Reply> {
    return new Promise((resolve, reject) => {
        const req = http.get(url, {headers, agent: false}, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => {
                const h = new Headers();
                for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
                const type = res.headers['content-type'] ?? '';
                try {
                    checkAnswer('GET', url, res.statusCode ?? 0, type, text);
                } catch (err) {
                    reject(err);
                    return;
                }
                resolve({status: res.statusCode ?? 0, headers: h, body: type.includes('json') ? JSON.parse(text) : text, text, bytes: Buffer.from(text)});
            });
        });
        req.on('error', reject);
    });
}

/** A gate for ServerHooks.beforeRender and the like: holds every caller until opened, counting them. */
export class Gate {
    private opened = false;
    private release: () => void = () => {};
    private readonly open$ = new Promise<void>((resolve) => (this.release = resolve));
    private waiters: {count: number; resolve: () => void}[] = [];
    /** Callers held (or passed) so far. */
    entered = 0;

    /** The hook: counts the caller and waits until the gate opens. */
    readonly pass = (): Promise<void> => {
        this.entered++;
        for (const w of this.waiters.filter((w) => this.entered >= w.count)) w.resolve();
        this.waiters = this.waiters.filter((w) => this.entered < w.count);
        return this.opened ? Promise.resolve() : this.open$;
    };

    /** Resolves once `count` callers have entered. */
    entries(count: number): Promise<void> {
        if (this.entered >= count) return Promise.resolve();
        return new Promise((resolve) => this.waiters.push({count, resolve}));
    }

    open(): void {
        this.opened = true;
        this.release();
    }
}
