// Starts the real server on the test run's region bundles (built once by the tap `before` step).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, type RunningServer} from '../src/server.js';
import {loadServerConfig} from '../src/server.js';
import {silentLogger} from '../src/logger.js';
import {checkAnswer} from './openapi-check.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');
export const BACKEND_KEY = 'quartier-dev-backend-key';
export const FRONTEND_KEY = 'quartier-dev-frontend-key';
export const BE_ONLY_KEY = 'quartier-dev-be-only-key';

/** A server on the test regions; its answers cache is a fresh temporary folder unless `cache` is given. */
export async function testServer(extra: Record<string, string | boolean> = {}): Promise<RunningServer & {url: string}> {
    const cache = extra.cache ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-cache-'));
    const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, 'no-warmup': true, ...extra, cache});
    const running = await startServer(config, silentLogger);
    const close = async () => {
        await running.close();
        if (extra.cache === undefined) fs.rmSync(cache as string, {recursive: true, force: true});
    };
    return {...running, close, url: `http://127.0.0.1:${running.port}`};
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
