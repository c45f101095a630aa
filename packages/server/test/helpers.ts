// Starts the real server on the test run's region bundles (built once by the tap `before` step).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, type RunningServer} from '../src/server.js';
import {loadServerConfig} from '../src/server.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');
export const BACKEND_KEY = 'quartier-dev-backend-key';
export const FRONTEND_KEY = 'quartier-dev-frontend-key';
export const BE_ONLY_KEY = 'quartier-dev-be-only-key';

export async function testServer(extra: Record<string, string | boolean> = {}): Promise<RunningServer & {url: string}> {
    const config = loadServerConfig({port: '0', host: '127.0.0.1', out: testBuildRoot, 'no-build': true, ...extra});
    const running = await startServer(config, () => {});
    return {...running, url: `http://127.0.0.1:${running.port}`};
}

export interface Reply {
    status: number;
    headers: Headers;
    body: any;
}

/** GET with the backend key unless headers say otherwise; parses JSON bodies. */
export async function get(url: string, headers: Record<string, string> = {LicenseKey: BACKEND_KEY}): Promise<Reply> {
    const res = await fetch(url, {headers});
    const text = await res.text();
    let body: any = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return {status: res.status, headers: res.headers, body};
}
