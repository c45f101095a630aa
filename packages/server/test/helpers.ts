// Starts the real server on the test run's region bundles (built once by the tap `before` step).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, type RunningServer} from '../src/server.js';
import {loadServerConfig} from '../src/server.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');
export const BACKEND_KEY = 'quartier-dev-backend-key';
export const FRONTEND_KEY = 'quartier-dev-frontend-key';
export const BE_ONLY_KEY = 'quartier-dev-be-only-key';

/** A server on the test regions; its answers cache is a fresh temporary folder unless `cache` is given. */
export async function testServer(extra: Record<string, string | boolean> = {}): Promise<RunningServer & {url: string}> {
    const cache = extra.cache ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-'));
    const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, 'no-warmup': true, ...extra, cache});
    const running = await startServer(config, () => {});
    const close = async () => {
        await running.close();
        if (extra.cache === undefined) fs.rmSync(cache as string, {recursive: true, force: true});
    };
    return {...running, close, url: `http://127.0.0.1:${running.port}`};
}

export interface Reply {
    status: number;
    headers: Headers;
    body: any;
}

/** GET with the backend key unless headers say otherwise; parses JSON bodies. */
export async function get(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}): Promise<Reply> {
    let res: Response;
    try {
        res = await fetch(url, {headers});
    } catch (err) {
        // A kept-alive socket the server closed (idle past its keep-alive time) as the request left:
        // a GET is safe to send again, as HTTP clients do.
        if ((err as {cause?: {code?: string}}).cause?.code !== 'ECONNRESET') throw err;
        res = await fetch(url, {headers});
    }
    const text = await res.text();
    let body: any = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return {status: res.status, headers: res.headers, body};
}

/** GET through node:http, which (unlike fetch) lets a test set the Host header. */
export function getWithHost(url: string, headers: Record<string, string>): Promise<Reply> {
    return new Promise((resolve, reject) => {
        const req = http.get(url, {headers}, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => {
                const h = new Headers();
                for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
                resolve({status: res.statusCode ?? 0, headers: h, body: (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : text});
            });
        });
        req.on('error', reject);
    });
}
