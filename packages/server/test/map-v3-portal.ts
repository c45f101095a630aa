// map_v3.js as a portal uses it: the portal's own pages on another origin than the API
// (http://portal.localhost:<port>/, which the development frontend key's domain "localhost" accepts),
// each setting yatmoConfig and loading /map_v3.js from the map host; every request, console error and
// failed answer of a page recorded.
import http from 'node:http';
import type {Browser, Page} from 'playwright-core';
import {FRONTEND_KEY} from './helpers.js';

/** A portal: pages by path, each the config's JavaScript (a `yatmoConfig` expression) around a map. */
export async function portalSite(apiPort: number, configs: Record<string, string>): Promise<{origin: string; close(): void}> {
    const site = http.createServer((req, res) => {
        const config = configs[new URL(req.url ?? '/', 'http://x').pathname];
        if (config === undefined) return res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
        res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'}).end(portalPage(apiPort, config));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    return {origin: `http://portal.localhost:${(site.address() as {port: number}).port}`, close: () => site.close()};
}

/** The page: the portal's CSS (serif text, which ours must not inherit wrongly), a 640 px map element. */
function portalPage(apiPort: number, config: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Listings</title><style>body{margin:0;font-family:Georgia,serif}#map{height:640px}</style></head><body><div id="map"></div>
<script>
window.found = [];
window.onSearch = function (shape, meta) { window.found.push({shape: shape, meta: meta}); };
window.yatmoConfig = Object.assign({licenseKey: ${JSON.stringify(FRONTEND_KEY)}, country: 'BE', container: 'map'}, ${config});
</script>
<script src="http://localhost:${apiPort}/map_v3.js"></script></body></html>`;
}

export interface Watched {
    page: Page;
    errors: string[];
    failed: string[];
    hosts: Set<string>;
    dialogs: string[];
}

/** A page (a phone's, with a touch screen, when `touch`) with its console errors, failed requests, the hosts it asked and any dialog (alert) opened. */
export async function watchedPage(browser: Browser, width: number, height: number, touch = false): Promise<Watched> {
    const page = await browser.newPage({viewport: {width, height}, hasTouch: touch, isMobile: touch});
    const w: Watched = {page, errors: [], failed: [], hosts: new Set(), dialogs: []};
    page.on('console', (m) => { if (m.type() === 'error') w.errors.push(m.text()); });
    page.on('pageerror', (e) => w.errors.push(String(e)));
    page.on('request', (r) => { if (/^https?:/.test(r.url())) w.hosts.add(new URL(r.url()).host); });
    page.on('response', (r) => { if (r.status() >= 400) w.failed.push(`${r.status()} ${r.url()}`); });
    page.on('requestfailed', (r) => w.failed.push(`${r.failure()?.errorText} ${r.url()}`));
    page.on('dialog', (d) => { w.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
    return w;
}

/** Opens a portal page and waits for YatmoSearch's map to have drawn every tile of its view. */
export async function openMap(w: Watched, url: string): Promise<void> {
    await w.page.goto(url);
    await idle(w.page);
}

export async function idle(page: Page): Promise<void> {
    await page.waitForFunction('window.YatmoSearch && window.YatmoSearch.map && window.YatmoSearch.map.loaded() && window.YatmoSearch.map.areTilesLoaded()', undefined, {timeout: 60000});
}

/** Runs `tasks` with at most `limit` at once. */
export async function pooled<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
    const out: T[] = new Array(tasks.length);
    let next = 0;
    const worker = async () => {
        while (next < tasks.length) {
            const i = next++;
            out[i] = await tasks[i]();
        }
    };
    await Promise.all(Array.from({length: limit}, worker));
    return out;
}
