// The playground page in a real browser: Debian's Chromium driven by playwright-core, against the real
// server on the test bundles. The page must load without a console error or a failed request, fetch
// tiles, glyphs and sprites, answer a click with the text and three areas, and find an address. The
// screenshots are saved under build/test-artifacts (look at them).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type {Page} from 'playwright-core';
import {createCanvas, loadImage} from '@napi-rs/canvas';
import {repoRoot, testServer} from './helpers.js';
import {launchChromium, pixelVariance} from './browser-helpers.js';

const ARTIFACTS = path.join(repoRoot, 'build', 'test-artifacts');
fs.mkdirSync(ARTIFACTS, {recursive: true});

const server = await testServer();
t.teardown(() => server.close());
// The development frontend key is tied to localhost: the page is opened there, as a developer would.
const base = `http://localhost:${server.port}`;

const browser = await launchChromium();
t.teardown(() => browser.close());

/** Pixel variance of a screenshot's map part (a blank or single-colour map is near 0). */
async function mapVariance(file: string): Promise<number> {
    return pixelVariance(fs.readFileSync(file), 400);
}

async function idle(page: Page): Promise<void> {
    // In the page: the map has drawn every tile of the view.
    await page.waitForFunction('window.playgroundMap !== undefined && window.playgroundMap.loaded() && window.playgroundMap.areTilesLoaded()', undefined, {timeout: 60000});
}

t.test('the playground: map, click, areas, search, no error', async (t) => {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}});
    const errors: string[] = [], failed: string[] = [], requested: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));

    await page.goto(`${base}/?country=BE#15/50.8461/4.3664`);
    await idle(page);
    const first = path.join(ARTIFACTS, 'playground-map.png');
    await page.screenshot({path: first});
    t.ok(requested.some((p) => /\/be\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(p)), 'vector tiles fetched');
    t.ok(requested.some((p) => p.startsWith('/fonts/')), 'glyphs fetched');
    t.ok(requested.some((p) => /sprite/.test(p)), 'sprites fetched');
    t.ok(await mapVariance(first) > 50, `the map is drawn (variance ${(await mapVariance(first)).toFixed(0)})`);
    t.match(await page.textContent('.maplibregl-ctrl-attrib'), /OpenStreetMap contributors[\s\S]*OpenMapTiles|OpenMapTiles[\s\S]*OpenStreetMap contributors/, 'the attribution credits OpenStreetMap contributors and OpenMapTiles');

    // A click: the text, the scores, the nearest places, and the three areas.
    await page.mouse.click(440, 400);
    await page.waitForSelector('#text p', {timeout: 30000});
    await page.waitForFunction('document.querySelectorAll("#places td").length > 0', undefined, {timeout: 30000});
    t.match(await page.textContent('#text'), /minute/, 'the neighbourhood text is shown');
    const areas = await page.waitForFunction('(window.playgroundMap.getSource("areas")?.serialize().data.features.length === 3) && 3', undefined, {timeout: 30000});
    t.equal(await areas.jsonValue(), 3, 'three areas drawn');
    await idle(page);
    await page.screenshot({path: path.join(ARTIFACTS, 'playground-click.png')});

    // The address search.
    await page.fill('#address', 'Rue de la Loi 16');
    await page.waitForSelector('#suggestions li', {timeout: 30000});
    t.match(await page.textContent('#suggestions li'), /Loi/, 'the search suggests the street');
    await page.click('#suggestions li');
    await page.waitForFunction('document.querySelector("#text p") !== null', undefined, {timeout: 30000});
    await idle(page);
    await page.screenshot({path: path.join(ARTIFACTS, 'playground-search.png')});

    t.same(errors, [], 'no console error');
    t.same(failed, [], `no failed request: ${failed.join(' ')}`);
    await page.close();
});

t.test('zoomed out to zoom 2: the world around the region, sea and land', async (t) => {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}});
    const errors: string[] = [], tiles = new Set<string>();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('response', (r) => {
        const m = /\/be\/tiles\/(2\/\d+\/\d+)\.pbf$/.exec(new URL(r.url()).pathname);
        if (m && r.status() === 200) tiles.add(m[1]);
    });
    await page.goto(`${base}/?country=BE#2/50.8461/4.3664`);
    await idle(page);
    const file = path.join(ARTIFACTS, 'playground-zoom2.png');
    await page.screenshot({path: file});
    // Brussels lies in one zoom-2 tile; the others come because the TileJSON's bounds are the world's.
    t.ok(tiles.size >= 4, `${tiles.size} zoom-2 tiles loaded (${[...tiles].join(' ')})`);
    t.ok(await mapVariance(file) > 50, `the map is drawn (variance ${(await mapVariance(file)).toFixed(0)})`);
    const image = await loadImage(fs.readFileSync(file));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const {data} = canvas.getContext('2d').getImageData(0, 0, image.width - 400, image.height);
    let sea = 0, land = 0;
    for (let i = 0; i < data.length; i += 4) {
        // osm_liberty: water #a0c8f0, background #f8f4f0.
        if (Math.abs(data[i] - 0xa0) + Math.abs(data[i + 1] - 0xc8) + Math.abs(data[i + 2] - 0xf0) < 16) sea++;
        if (Math.abs(data[i] - 0xf8) + Math.abs(data[i + 1] - 0xf4) + Math.abs(data[i + 2] - 0xf0) < 16) land++;
    }
    const n = data.length / 4;
    t.ok(sea / n > 0.1 && land / n > 0.1, `${(sea / n * 100).toFixed(0)}% sea, ${(land / n * 100).toFixed(0)}% land`);
    t.same(errors, [], 'no console error');
    await page.close();
});

t.test("MapLibre's right-to-left plugin is served and registered for Arabic labels", async (t) => {
    const res = await fetch(`${base}/vendor/rtl-text/mapbox-gl-rtl-text.js`);
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type') ?? '', /javascript/);
    t.ok((await res.text()).length > 10000, 'the plugin script');
    const page = await browser.newPage();
    await page.goto(`${base}/?country=BE#12/50.8461/4.3664`);
    await idle(page);
    // Deferred: loaded on the first right-to-left label, not before.
    t.equal(await page.evaluate('window.playgroundRtlStatus()'), 'deferred');
    await page.close();
});
