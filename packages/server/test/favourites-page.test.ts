// The favourites browser module (public/plugins/lib/favourites.js) in Debian's Chromium, on a test page
// of another origin served here, against the real API (frontend key, CORS with DELETE): two addresses
// added through the form (the second with the keyboard only), their times shown as the API gives them,
// one deleted; a visitor's text shown as text. Screenshots at 360 and 1024 px under build/test-artifacts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import t from 'tap';
import {chromium, type Page} from 'playwright-core';
import {FRONTEND_KEY, get, repoRoot, testServer} from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.join(repoRoot, 'build', 'test-artifacts');
fs.mkdirSync(ARTIFACTS, {recursive: true});
const MODULE = path.join(repoRoot, 'packages', 'server', 'public', 'plugins', 'lib', 'favourites.js');
const PROPERTY = {latitude: 50.8412, longitude: 4.3598};
const USER = 'page-visitor-1';

const server = await testServer();
t.teardown(() => server.close());
const api = `http://localhost:${server.port}/be`;

/** The portal's page: the module, a stand-in of lib/api.js over fetch, and a geocoder over /geolocation. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Favourites</title><style>body{margin:0;padding:16px;background:#fafafa}</style></head><body><main><div id="favourites"></div></main>
<script type="module">
import {mountFavourites} from '/lib/favourites.js';
const base = ${JSON.stringify(api)};
const headers = {LicenseKey: ${JSON.stringify(FRONTEND_KEY)}};
async function call(method, path, params, body) {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, String(v));
    const res = await fetch(url, {method, headers: body ? {...headers, 'Content-Type': 'application/json'} : headers, body: body && JSON.stringify(body)});
    const data = res.status === 204 ? null : await res.json();
    if (!res.ok) throw new Error(data?.Error ?? res.statusText);
    return data;
}
const api = {get: (p, q) => call('GET', p, q), post: (p, b) => call('POST', p, null, b), del: (p, q) => call('DELETE', p, q)};
async function geocode(text) {
    const found = await api.get('/geolocation', {address: text, limit: 5});
    return found.features.map((f) => {
        const p = f.properties;
        const street = p.street ? (p.housenumber ? p.street + ' ' + p.housenumber : p.street) : p.name;
        return {label: [street, [p.postcode, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', '), latitude: f.geometry.coordinates[1], longitude: f.geometry.coordinates[0]};
    });
}
window.favourites = mountFavourites(document.getElementById('favourites'), {api, geocode, userId: ${JSON.stringify(USER)},
    property: ${JSON.stringify(PROPERTY)}, accentColor: '#0b7a55'});
window.portalApi = api;
</script></body></html>`;

const site = http.createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'}).end(PAGE);
    else if (req.url === '/lib/favourites.js') res.writeHead(200, {'Content-Type': 'text/javascript'}).end(fs.readFileSync(MODULE));
    else res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
t.teardown(() => site.close());
const page$ = `http://localhost:${(site.address() as {port: number}).port}/`;

const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox']});
t.teardown(() => browser.close());

/** Picks the first suggestion for `text` with the keyboard. */
async function chooseAddress(page: Page, text: string): Promise<string> {
    await page.fill('#qf1-address', text);
    await page.waitForSelector('.qf-option', {timeout: 30000});
    await page.press('#qf1-address', 'ArrowDown');
    t.equal(await page.getAttribute('#qf1-address', 'aria-activedescendant'), 'qf1-options-0', 'the arrow highlights the first suggestion');
    await page.press('#qf1-address', 'Enter');
    t.equal(await page.getAttribute('#qf1-address', 'aria-expanded'), 'false', 'Enter picks it and closes the list');
    return page.inputValue('#qf1-address');
}

t.test('add two favourites through the form, see their times, delete one', async (t) => {
    const page = await browser.newPage({viewport: {width: 1024, height: 720}});
    const errors: string[] = [], failed: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
    await page.goto(page$);
    await page.waitForSelector('.qf-empty:not([hidden])');
    t.equal(await page.textContent('label[for="qf1-label"]'), 'Name', 'labelled inputs');
    t.equal(await page.textContent('label[for="qf1-address"]'), 'Address');

    await page.fill('#qf1-label', 'Work');
    const work = await chooseAddress(page, 'Rue de la Loi 16');
    t.match(work, /Loi/);
    await page.click('.qf-add');
    await page.waitForFunction('document.querySelectorAll(".qf-item").length === 1', undefined, {timeout: 60000});

    // The second with the keyboard alone: Enter in the form submits it.
    await page.fill('#qf1-label', 'School');
    await chooseAddress(page, 'Avenue Louise 120');
    await page.press('#qf1-address', 'Enter');
    await page.waitForFunction('document.querySelectorAll(".qf-item").length === 2', undefined, {timeout: 60000});

    const shown = await page.$$eval('.qf-item', (items) => items.map((li) => ({
        label: li.querySelector('.qf-label')!.textContent,
        times: [...li.querySelectorAll('.qf-time')].map((c) => c.getAttribute('aria-label'))
    })));
    const expected = (await get(`${api}/favourites/times?userId=${USER}&latitude=${PROPERTY.latitude}&longitude=${PROPERTY.longitude}`,
        {LicenseKey: FRONTEND_KEY, Origin: 'http://localhost'})).body.Favourites;
    t.same(shown.map((s) => s.label), ['Work', 'School'], 'in the order they were added');
    const names = {Walking: 'Walking', Bicycling: 'Bicycling', Driving: 'Driving', Transit: 'Public transport'};
    for (const [i, f] of expected.entries()) {
        const want = Object.entries(names).map(([mode, name]) => `${name}: ${Math.max(1, Math.round(f.Times[mode].Seconds / 60))} minutes`);
        t.same(shown[i].times, want, `${f.Label}: every mode, in minutes, with accessible names`);
    }
    t.equal(await page.getAttribute('.qf-item:first-child .qf-delete', 'aria-label'), 'Delete Work');

    await page.screenshot({path: path.join(ARTIFACTS, 'favourites-1024.png'), fullPage: true});
    await page.setViewportSize({width: 360, height: 740});
    t.ok(await page.evaluate('document.documentElement.scrollWidth <= 360'), 'nothing wider than 360 px');
    await page.screenshot({path: path.join(ARTIFACTS, 'favourites-360.png'), fullPage: true});
    // The list open at 360 px, for the screenshot.
    await page.fill('#qf1-address', 'Rue Neuve');
    await page.waitForSelector('.qf-option', {timeout: 30000});
    await page.screenshot({path: path.join(ARTIFACTS, 'favourites-360-suggestions.png'), fullPage: true});
    await page.press('#qf1-address', 'Escape');
    t.ok(await page.isHidden('.qf-options'), 'Escape closes the suggestions');

    await page.click('button[aria-label="Delete Work"]');
    await page.waitForFunction('document.querySelectorAll(".qf-item").length === 1', undefined, {timeout: 30000});
    t.equal(await page.textContent('.qf-label'), 'School');
    const left = await get(`${api}/favourites?userId=${USER}`, {LicenseKey: FRONTEND_KEY, Origin: 'http://localhost'});
    t.same(left.body.Favourites.map((f: {Label: string}) => f.Label), ['School'], 'deleted on the server');

    // A visitor's text is text, never markup.
    await page.evaluate(`window.portalApi.post('/favourites', {userId: ${JSON.stringify(USER)}, label: '<img src=x onerror="window.injected=1">', address: '<b>bold</b>', latitude: 50.845, longitude: 4.36}).then(() => window.favourites.reload())`);
    await page.waitForFunction('document.querySelectorAll(".qf-item").length === 2');
    t.equal(await page.textContent('.qf-item:last-child .qf-label'), '<img src=x onerror="window.injected=1">');
    t.equal(await page.$$eval('.qf-root img, .qf-root b', (n) => n.length), 0, 'no element made of it');
    t.equal(await page.evaluate('window.injected'), undefined);

    t.same(errors, [], 'no console error');
    t.same(failed, [], `no failed request: ${failed.join(' ')}`);
    await page.close();
});
