// map_v3.js (PLUGINS.md §2) in Debian's Chromium on portal pages of another origin (map-v3-portal.ts):
// no console error, no failed request, no other host; a drawn map; searches by travel time (by script
// and through the form), a zone drawn by clicks and a lifestyle search, each calling onSearch with a
// MultiPolygon that agrees with /route or /enrichment at seeded sample points; listings clustered with
// price pills and cards (the portal's renderCard, a title with HTML shown as text); a bad config shows
// a message. Screenshots at 1024 and 360 px under build/test-artifacts/plugins (look at them).
import fs from 'node:fs';
import path from 'node:path';
import t, {type Test} from 'tap';
import {mulberry32, pointInPolygon} from '@quartier/engine/internal';
import {get, repoRoot, testServer} from './helpers.js';
import {launchChromium, pixelVariance} from './browser-helpers.js';
import {idle, openMap, pooled, portalSite, watchedPage, type Watched} from './map-v3-portal.js';

const ARTIFACTS = path.join(repoRoot, 'build', 'test-artifacts', 'plugins');
fs.mkdirSync(ARTIFACTS, {recursive: true});
const BRUSSELS = {latitude: 50.8467, longitude: 4.3525};
type Shape = {type: string; coordinates: number[][][][]};

const server = await testServer();
t.teardown(() => server.close());
const api = `http://localhost:${server.port}/be`;
const site = await portalSite(server.port, {
    '/search': `{center: [4.3525, 50.8467], zoom: 14, fullScreenButton: true, routeFrom: {latitude: 50.8467, longitude: 4.3525}, userAddresses: {userId: 'visitor-27'},
        travelTimeSearch: {defaultMinutes: 15, defaultMode: 'Bicycling', onSearch: window.onSearch}}`,
    '/cards': `{center: [4.3525, 50.8467], zoom: 15, startsWithPoisHidden: true, listings: {renderCard: function (item, close) {
        if (item.id === 'element') { var d = document.createElement('div'); d.className = 'portal-card'; d.textContent = 'Portal card ' + item.title; return d; }
        return '<b>' + item.title + '</b>'; }, items: [{id: 'element', latitude: 50.8467, longitude: 4.3525, price: 1, title: 'One'},
        {id: 'text', latitude: 50.8487, longitude: 4.3585, price: 2, title: 'Two'}]}}`,
    '/dutch': `{language: 'NL', center: [4.3525, 50.8467], zoom: 14, travelTimeSearch: {defaultMinutes: 10}, userAddresses: {userId: 'visitor-nl'}, listings: {items: [{id: 'a', latitude: 50.8467, longitude: 4.3525, price: 450000, title: 'Huis', url: 'https://portal.example/a'}]}}`,
    '/malta': `{country: 'MT', center: [14.5146, 35.8989], zoom: 14, routeFrom: {latitude: 35.8989, longitude: 14.5146}, travelTimeSearch: {defaultMode: 'Transit'}}`,
    '/bad-style': `{center: [4.3525, 50.8467], mapStyle: 9}`,
    '/bad-key': `{center: [4.3525, 50.8467], licenseKey: 'no-such-key'}`,
    '/bad-country': `{center: [4.3525, 50.8467], country: 'ZZ'}`,
    '/bad-shape': `{listings: {shape: {type: 'Polygon', coordinates: [['x']]}}}`,
    '/shape': `{noPois: true, listings: {shape: {type: 'Polygon', coordinates: [[[4.36, 50.84], [4.38, 50.84], [4.38, 50.855], [4.36, 50.855], [4.36, 50.84]]]}}}`
});
t.teardown(() => site.close());
const browser = await launchChromium();
t.teardown(() => browser.close());
const wide = await watchedPage(browser, 1024, 640);

/** Nothing went wrong on the page, and it asked only the portal and the map host. */
function clean(t: Test, w: Watched): void {
    t.same(w.errors, [], 'no console error');
    t.same(w.failed, [], 'no failed request');
    t.same([...w.hosts].filter((h) => h !== `localhost:${server.port}` && h !== new URL(site.origin).host), [], 'no request to another host');
    t.same(w.dialogs, [], 'no dialog opened');
}

const inside = (shape: Shape, lon: number, lat: number) => shape.coordinates.some((rings) => pointInPolygon(lon, lat, rings));

/** Seeded positions in the shape's box widened by a tenth on each side. */
function samples(shape: Shape, count: number, seed: number): [number, number][] {
    let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
    for (const polygon of shape.coordinates) for (const [x, y] of polygon[0]) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
    const dx = (e - w) / 10, dy = (n - s) / 10, random = mulberry32(seed);
    return Array.from({length: count}, () => [w - dx + random() * (e - w + 2 * dx), s - dy + random() * (n - s + 2 * dy)]);
}

/** How many sampled positions /route agrees with: inside the shape exactly when routed within the time. */
async function agreement(t: Test, shape: Shape, mode: string, minutes: number, seed: number): Promise<void> {
    const points = samples(shape, 80, seed);
    const times = await pooled(points.map(([lon, lat]) => async () => {
        const q = `travelMode=${mode}&startLatitude=${BRUSSELS.latitude}&startLongitude=${BRUSSELS.longitude}&arrivalLatitude=${lat.toFixed(6)}&arrivalLongitude=${lon.toFixed(6)}`;
        const res = await get(`${api}/route?${q}`);
        return res.status === 200 ? res.body.paths[0].time / 1000 : null;
    }), 6);
    let right = 0, routed = 0, within = 0;
    const wrong: string[] = [];
    points.forEach(([lon, lat], i) => {
        const seconds = times[i];
        if (seconds === null) return;
        routed++;
        const want = seconds <= minutes * 60;
        if (want) within++;
        if (inside(shape, lon, lat) === want) right++;
        else wrong.push(`${lat.toFixed(5)},${lon.toFixed(5)} ${seconds.toFixed(0)} s`);
    });
    t.ok(routed >= 60, `${routed} of 80 positions routed`);
    t.ok(within >= 8 && routed - within >= 8, `${within} within ${minutes} min, ${routed - within} beyond`);
    t.ok(right >= 0.95 * routed, `${mode}: ${right} of ${routed} agree with /route (wrong: ${wrong.join('; ')})`);
}

t.test('the map in the portal\'s element: drawn, nothing failed, nothing from another host', async (t) => {
    await openMap(wide, `${site.origin}/search`);
    const file = path.join(ARTIFACTS, 'map-v3-1024.png');
    await wide.page.screenshot({path: file});
    const variance = await pixelVariance(fs.readFileSync(file));
    t.ok(variance > 50, `the map is drawn (variance ${variance.toFixed(0)})`);
    t.ok(await wide.page.isVisible('.maplibregl-ctrl-fullscreen'), 'a full-screen control');
    t.ok(await wide.page.isVisible('button[aria-pressed]:has-text("places")'), 'a control for the POIs');
    t.equal(await wide.page.getAttribute('.qs-tab[aria-selected="true"]', 'id'), 'qs-search-tab-travel', 'the search form, on travel time');
    t.same(await modesOffered(wide), [ALL_MODES, ALL_MODES], 'Brussels has a timetable: Transit in the travel-time and lifestyle pickers');
    // routeFrom: a click on the map routes there.
    await wide.page.mouse.click(700, 420);
    await wide.page.waitForSelector('.q-route-popup .q-route-time', {timeout: 30000});
    t.match(await wide.page.textContent('.q-route-popup .q-route-time'), /\d/, 'a click shows the route\'s time');
    t.same(await wide.page.evaluate('[...document.querySelectorAll(".q-route-popup option")].map((o) => o.value)'), ALL_MODES, 'and Transit in its picker');
    await wide.page.click('.q-route-popup .maplibregl-popup-close-button');
    // userAddresses: the favourites in their folding panel.
    await wide.page.click('.qs-side-title');
    await wide.page.waitForSelector('.qs-side .qf-root .qf-form', {timeout: 30000});
    t.pass('the favourites panel opens with its form');
    await wide.page.click('.qs-side-title');
    clean(t, wide);
});

const ALL_MODES = ['Walking', 'Bicycling', 'Driving', 'Transit'];

/** The options of the search form's two mode pickers (travel time, lifestyle). */
function modesOffered(w: Watched): Promise<string[][]> {
    return w.page.evaluate('["#qs-travel-mode", "#qs-life-mode"].map((s) => [...document.querySelector(s).options].map((o) => o.value))') as Promise<string[][]>;
}

t.test('Malta has no timetable: no Transit in the form\'s pickers nor in the route\'s', async (t) => {
    const w = await watchedPage(browser, 1024, 640);
    await openMap(w, `${site.origin}/malta`);
    const three = ['Walking', 'Bicycling', 'Driving'];
    t.same(await modesOffered(w), [three, three], 'travel time and lifestyle without Transit');
    t.equal(await w.page.inputValue('#qs-travel-mode'), 'Walking', 'defaultMode Transit falls back to the first mode offered');
    await w.page.mouse.click(700, 420);
    await w.page.waitForSelector('.q-route-popup .q-route-time', {timeout: 30000});
    t.same(await w.page.evaluate('[...document.querySelectorAll(".q-route-popup option")].map((o) => o.value)'), three, 'the route\'s picker without Transit');
    clean(t, w);
    await w.page.close();
});

t.test('the form in Dutch: its tabs, fields, buttons and the listing card in the page\'s language', async (t) => {
    const w = await watchedPage(browser, 1024, 640);
    await openMap(w, `${site.origin}/dutch`);
    t.same(await w.page.evaluate('[...document.querySelectorAll(".qs-tab")].map((b) => b.textContent)'), ['Reistijd', 'Zone', 'Levensstijl'], 'the tabs');
    t.equal(await w.page.textContent('.qs-travel label[for^="qs-address"]'), 'Vanaf adres', 'the address field');
    t.equal(await w.page.getAttribute('.qs-travel [role="combobox"]', 'placeholder'), 'Straat en huisnummer, plaats…');
    t.equal(await w.page.textContent('label[for="qs-travel-minutes"]'), 'Minuten', 'the minutes');
    t.equal(await w.page.textContent('.qs-travel button[type="submit"]'), 'Zoeken', 'the search button');
    await w.page.click('.qs-travel button[type="submit"]');
    await w.page.waitForSelector('.qs-status:has-text("Typ eerst een adres.")', {timeout: 10000});
    await w.page.click('#qs-search-tab-lifestyle');
    t.equal(await w.page.textContent('.qs-status'), '', 'the travel tab\'s message stays with it');
    t.equal(await w.page.textContent('.qs-legend'), 'In de buurt van elk van', 'the lifestyle legend');
    t.match(await w.page.textContent('.qs-more summary'), /^Meer \(\d+\)$/, 'the other categories');
    t.equal(await w.page.textContent('form[aria-label="Zoeken op levensstijl"] button[type="submit"]'), 'Zoeken in beeld', 'the lifestyle button');
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-dutch-1024.png')});
    await w.page.evaluate('YatmoSearch.map.jumpTo({center: [4.3525, 50.8467], zoom: 17})');
    await w.page.waitForFunction('YatmoSearch.map.loaded() && YatmoSearch.map.queryRenderedFeatures({layers: ["qs-pills"]}).length === 1', undefined, {timeout: 30000});
    const pill = await w.page.evaluate('(() => { const p = YatmoSearch.map.project([4.3525, 50.8467]); const r = YatmoSearch.map.getCanvas().getBoundingClientRect(); return [r.left + p.x, r.top + p.y]; })()') as number[];
    await w.page.mouse.click(pill[0], pill[1]);
    await w.page.waitForSelector('.qs-card a', {timeout: 10000});
    t.equal(await w.page.textContent('.qs-card a'), 'Advertentie bekijken', 'the card\'s link');
    await w.page.click('.qs-side-title');
    await w.page.waitForSelector('.qs-side .qf-root .qf-form', {timeout: 30000});
    t.same(await w.page.evaluate('[".qs-side-title", ".qf-title", ".qf-add", ".qf-field-address label"].map((s) => document.querySelector(s).textContent)'),
        ['Je adressen', 'Je adressen', 'Toevoegen', 'Adres'], 'the favourite addresses\' panel');
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-dutch-addresses-1024.png')});
    clean(t, w);
    await w.page.close();
});

for (const [mode, seed] of [['Bicycling', 2701], ['Transit', 2702]] as const) {
    t.test(`YatmoSearch.search: 15 minutes ${mode} from Brussels agrees with /route`, async (t) => {
        const before = await wide.page.evaluate('window.found.length');
        const result = await wide.page.evaluate(`YatmoSearch.search({latitude: ${BRUSSELS.latitude}, longitude: ${BRUSSELS.longitude}, minutes: 15, travelMode: '${mode}'})`) as {shape: Shape; meta: Record<string, unknown>};
        const calls = await wide.page.evaluate('window.found') as {shape: Shape; meta: Record<string, unknown>}[];
        t.equal(calls.length, (before as number) + 1, 'onSearch called once');
        const {shape, meta} = calls[calls.length - 1];
        t.same(result, {shape, meta}, 'the promise resolves with what onSearch received');
        t.equal(shape.type, 'MultiPolygon');
        t.ok(shape.coordinates.length >= 1, `${shape.coordinates.length} piece(s)`);
        t.same(meta, {type: 'travelTime', travelMode: mode, minutes: 15, origin: {address: null, ...BRUSSELS}});
        await agreement(t, shape, mode, 15, seed);
        const form = '["#qs-search-tab-travel", "#qs-travel-mode", "#qs-travel-minutes", ".qs-travel [role=combobox]", ".qs-status"]' +
            '.map((s, i) => { const e = document.querySelector(s); return i === 0 ? e.getAttribute("aria-selected") : i < 4 ? e.value : e.textContent; })';
        t.same(await wide.page.evaluate(form), ['true', mode, '15', `${BRUSSELS.latitude.toFixed(5)}, ${BRUSSELS.longitude.toFixed(5)}`, 'Area drawn on the map.'],
            'the form shows the search by script: its tab, mode, minutes, origin and outcome');
        // Search again from the form, unchanged: the same search (the origin's coordinates, no address).
        await wide.page.click('.qs-travel button[type="submit"]');
        await wide.page.waitForFunction(`window.found.length > ${(before as number) + 1}`, undefined, {timeout: 30000});
        t.same(await wide.page.evaluate('window.found[window.found.length - 1].meta'), meta, 'Search in the form again: the same search');
        await idle(wide.page);
        await wide.page.screenshot({path: path.join(ARTIFACTS, `map-v3-search-${mode.toLowerCase()}.png`)});
        clean(t, wide);
    });
}

t.test('bad arguments to YatmoSearch.search reject with a clear Error', async (t) => {
    const cases: [string, RegExp][] = [
        ['{latitude: 50.85, longitude: 4.35, minutes: 0, travelMode: "Walking"}', /minutes must be a whole number from 1 to 60/],
        ['{latitude: 50.85, longitude: 4.35, minutes: 10, travelMode: "Flying"}', /travelMode must be one of Walking, Bicycling, Driving, Transit/],
        ['{minutes: 10, travelMode: "Walking"}', /needs \{latitude, longitude\}, \{address\} or \{lifestyle/],
        ['{lifestyle: "Shopping.Supermarket", minutes: 10, travelMode: "Walking"}', /lifestyle must be an array/],
        ['{lifestyle: ["Shopping.Supermarket"], minutes: 10, travelMode: "Walking", bounds: [[4.4, 50.8], [4.3, 50.9]]}', /bounds must be/],
        ['null', /expects an object/]
    ];
    for (const [args, message] of cases) {
        const answer = await wide.page.evaluate(`YatmoSearch.search(${args}).then(() => 'resolved', (e) => (e instanceof Error ? 'Error: ' : '') + e.message)`);
        t.match(answer, message, args);
        t.match(answer, /^Error: /, 'an Error');
    }
    clean(t, wide);
});

t.test('the form: an address picked with the keyboard, then Search, calls onSearch', async (t) => {
    const page = wide.page;
    const before = await page.evaluate('window.found.length') as number;
    await page.fill('#qs-address-1', 'Rue de la Loi 16');
    await page.waitForSelector('#qs-address-1-list [role="option"]', {timeout: 30000});
    t.equal(await page.getAttribute('#qs-address-1', 'aria-expanded'), 'true', 'the combobox says its list is open');
    await page.press('#qs-address-1', 'ArrowDown');
    t.equal(await page.getAttribute('#qs-address-1', 'aria-activedescendant'), 'qs-address-1-opt-0', 'the first suggestion is active');
    await page.press('#qs-address-1', 'Enter');
    t.match(await page.inputValue('#qs-address-1'), /Loi/, 'the suggestion fills the field');
    await page.selectOption('#qs-travel-mode', 'Walking');
    await page.fill('#qs-travel-minutes', '10');
    await page.click('.qs-travel button[type="submit"]');
    await page.waitForFunction(`window.found.length > ${before}`, undefined, {timeout: 30000});
    const {shape, meta} = await page.evaluate('window.found[window.found.length - 1]') as {shape: Shape; meta: {type: string; travelMode: string; minutes: number; origin: {address: string; latitude: number}}};
    t.equal(shape.type, 'MultiPolygon');
    t.match(meta, {type: 'travelTime', travelMode: 'Walking', minutes: 10});
    t.match(meta.origin.address, /Loi/, 'the origin is the address picked');
    t.ok(inside(shape, (meta.origin as unknown as {longitude: number}).longitude, meta.origin.latitude), 'the area holds its origin');
    await page.waitForSelector('.qs-status:has-text("Area drawn")');
    // The same by script: the address found first.
    const byScript = await page.evaluate(`YatmoSearch.search({address: 'Rue de la Loi 16', minutes: 10, travelMode: 'walking'}).then((r) => r.meta)`) as typeof meta;
    t.match(byScript, {type: 'travelTime', travelMode: 'Walking', minutes: 10}, 'by script, the mode in any case');
    t.match(byScript.origin.address, /Loi/, 'the address found');
    t.equal(await page.inputValue('#qs-address-1'), byScript.origin.address, 'the form shows the address found by script');
    t.match(await page.evaluate(`YatmoSearch.search({address: 'Qqqxzzv Wwwvvq', minutes: 10, travelMode: 'Walking'}).catch((e) => e.message)`), /no place found/, 'an address not found rejects');
    clean(t, wide);
});

t.test('a zone drawn by clicks: onSearch with the clicked corners', async (t) => {
    const page = wide.page;
    await page.click('#qs-search-tab-zone');
    await page.click('button:has-text("Draw a zone")');
    const before = await page.evaluate('window.found.length') as number;
    const corners = [[520, 200], [760, 220], [740, 460], [540, 440]];
    for (const [x, y] of corners.slice(0, 3)) await page.mouse.click(x, y);
    t.equal(await page.isDisabled('button:has-text("Finish")'), false, 'Finish is offered from three corners');
    const box = (await page.locator('.qs-map').boundingBox())!;
    const expected = await page.evaluate(`${JSON.stringify(corners)}.map(([x, y]) => YatmoSearch.map.unproject([x - ${box.x}, y - ${box.y}]).toArray())`) as number[][];
    await page.mouse.dblclick(corners[3][0], corners[3][1]);
    await page.waitForFunction(`window.found.length > ${before}`, undefined, {timeout: 10000});
    const {shape, meta} = await page.evaluate('window.found[window.found.length - 1]') as {shape: Shape; meta: Record<string, unknown>};
    t.same(meta, {type: 'zone', points: 4});
    t.equal(shape.type, 'MultiPolygon');
    const ring = shape.coordinates[0][0];
    t.equal(ring.length, 5, 'four corners and the closing position');
    const near = expected.every((p) => ring.some((q) => Math.abs(p[0] - q[0]) < 1e-5 && Math.abs(p[1] - q[1]) < 1e-5));
    t.ok(near, 'the ring\'s corners are the clicked points');
    t.equal(await page.locator('.q-route-popup').count(), 0, 'the corners were no route destinations');
    // Escape drops a zone being drawn.
    await page.click('button:has-text("Draw a zone")');
    await page.mouse.click(600, 300);
    await page.keyboard.press('Escape');
    t.equal(await page.isDisabled('button:has-text("Draw a zone")'), false, 'Escape ends the drawing');
    t.equal(await page.evaluate('window.found.length'), before + 1, 'and calls nothing');
    await idle(page);
    await page.screenshot({path: path.join(ARTIFACTS, 'map-v3-zone.png')});
    clean(t, wide);
});

t.test('lifestyle: three categories by script agree with /enrichment; the form searches too', async (t) => {
    const page = wide.page;
    const keys = ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.Metros'];
    const bounds = [[4.34, 50.835], [4.375, 50.858]];
    const result = await page.evaluate(`YatmoSearch.search({lifestyle: ${JSON.stringify(keys)}, minutes: 8, travelMode: 'Walking', bounds: ${JSON.stringify(bounds)}})`) as {shape: Shape; meta: Record<string, unknown>};
    t.same(result.meta, {type: 'lifestyle', travelMode: 'Walking', minutes: 8, categories: keys, bounds});
    t.equal(result.shape.type, 'MultiPolygon');
    t.equal(await page.getAttribute('#qs-search-tab-lifestyle', 'aria-selected'), 'true', 'the form shows the search by script on its tab');
    t.same(await page.evaluate('[...document.querySelectorAll(".qs-checks input:checked")].map((i) => i.value).sort()'), [...keys].sort(), 'its categories ticked');
    t.same([await page.inputValue('#qs-life-minutes'), await page.inputValue('#qs-life-mode')], ['8', 'Walking'], 'its minutes and mode');
    const random = mulberry32(2703);
    const points = Array.from({length: 60}, () => [bounds[0][0] + random() * (bounds[1][0] - bounds[0][0]), bounds[0][1] + random() * (bounds[1][1] - bounds[0][1])]);
    const worst = await pooled(points.map(([lon, lat]) => async () => {
        const res = await get(`${api}/enrichment?latitude=${lat.toFixed(6)}&longitude=${lon.toFixed(6)}`);
        if (res.status !== 200) return null;
        let most = 0;
        for (const key of keys) most = Math.max(most, res.body.categories.find((c: {key: string}) => c.key === key)?.nearest?.walking?.durationSeconds ?? Infinity);
        return most;
    }), 3);
    let right = 0, known = 0, within = 0;
    const wrong: string[] = [];
    points.forEach(([lon, lat], i) => {
        if (worst[i] === null) return;
        known++;
        const want = worst[i]! <= 8 * 60;
        if (want) within++;
        if (inside(result.shape, lon, lat) === want) right++;
        else wrong.push(`${lat.toFixed(5)},${lon.toFixed(5)} ${worst[i]} s`);
    });
    t.equal(known, 60, 'every position enriched');
    t.ok(within >= 5 && known - within >= 5, `${within} within 8 minutes of all three, ${known - within} beyond`);
    t.ok(right >= 0.95 * known, `${right} of ${known} agree with /enrichment (wrong: ${wrong.join('; ')})`);

    // The form: two categories ticked, the map's view.
    const before = await page.evaluate('window.found.length') as number;
    await page.click('#qs-search-tab-lifestyle');
    await page.waitForSelector('#qs-life-cat-Shopping\\.Supermarket');
    t.match(await page.textContent('.qs-checks'), /Supermarkets/, 'categories named by /categories');
    await page.uncheck('#qs-life-cat-Transports\\.Metros');
    await page.check('#qs-life-cat-Shopping\\.Supermarket');
    await page.check('#qs-life-cat-Children\\.ElementarySchool');
    await page.fill('#qs-life-minutes', '10');
    await page.selectOption('#qs-life-mode', 'Walking');
    await page.click('button:has-text("Search in view")');
    await page.waitForFunction(`window.found.length > ${before}`, undefined, {timeout: 30000});
    const last = await page.evaluate('window.found[window.found.length - 1].meta') as {type: string; categories: string[]};
    t.match(last, {type: 'lifestyle', minutes: 10, travelMode: 'Walking'});
    t.same([...last.categories].sort(), ['Children.ElementarySchool', 'Shopping.Supermarket']);
    await idle(page);
    await page.screenshot({path: path.join(ARTIFACTS, 'map-v3-lifestyle.png')});
    clean(t, wide);
});

/** Where a rendered feature of `layer` is on the page: [x, y], or null. */
async function featureAt(w: Watched, layer: string, filter = 'true'): Promise<[number, number] | null> {
    const box = (await w.page.locator('.qs-map').boundingBox())!;
    const at = await w.page.evaluate(`(() => {
        const map = YatmoSearch.map, size = [map.getCanvas().clientWidth, map.getCanvas().clientHeight];
        const f = map.queryRenderedFeatures({layers: ['${layer}']}).find((f) => ${filter});
        if (!f) return null;
        const p = map.project(f.geometry.coordinates);
        return p.x > 330 && p.x < size[0] - 60 && p.y > 60 && p.y < size[1] - 40 ? [p.x, p.y] : null;
    })()`) as [number, number] | null;
    return at && [box.x + at[0], box.y + at[1]];
}

t.test('listings: 500 clustered with price pills, a cluster zooms in, a pill opens its card, HTML in a title is text', async (t) => {
    const page = wide.page;
    await page.evaluate('YatmoSearch.clear()');
    const random = mulberry32(2704);
    const items: Record<string, unknown>[] = Array.from({length: 500}, (_, i) => ({
        id: i, latitude: 50.83 + random() * 0.035, longitude: 4.33 + random() * 0.05, price: 150000 + Math.round(random() * 800) * 1000,
        title: `Flat ${i}`, subtitle: `${1 + (i % 4)} bedrooms`, url: `https://portal.example/listing/${i}`
    }));
    items.push({id: 'x', latitude: 50.8467, longitude: 4.3525, price: '€ 1', title: '<img src=x onerror=alert(1)>', subtitle: 'javascript url', url: 'javascript:alert(1)'});
    t.equal(await page.evaluate(`YatmoSearch.setListings(${JSON.stringify(items)})`), 501, 'every listing shown');
    await page.evaluate('YatmoSearch.map.jumpTo({center: [4.3525, 50.8467], zoom: 14})');
    await idle(page);
    const counts = await page.evaluate(`[YatmoSearch.map.queryRenderedFeatures({layers: ['qs-clusters']}).length, YatmoSearch.map.queryRenderedFeatures({layers: ['qs-pills']}).length]`) as number[];
    t.ok(counts[0] > 0 && counts[1] > 0, `${counts[0]} clusters and ${counts[1]} pills in view`);
    await page.screenshot({path: path.join(ARTIFACTS, 'map-v3-listings.png')});

    const cluster = await featureAt(wide, 'qs-clusters');
    t.ok(cluster, 'a cluster in view');
    const zoom = await page.evaluate('YatmoSearch.map.getZoom()') as number;
    await page.mouse.click(cluster![0], cluster![1]);
    await page.waitForFunction(`!YatmoSearch.map.isMoving() && YatmoSearch.map.getZoom() > ${zoom + 0.5}`, undefined, {timeout: 10000});
    t.pass('a click on a cluster zooms in');

    await page.evaluate('YatmoSearch.map.jumpTo({center: [4.3525, 50.8467], zoom: 19})');
    await idle(page);
    const pill = await featureAt(wide, 'qs-pills', 'f.properties.id === "x"');
    t.ok(pill, 'the listing with HTML in its title is a pill');
    await page.mouse.click(pill![0], pill![1]);
    await page.waitForSelector('.maplibregl-popup .qs-card');
    t.equal(await page.textContent('.qs-card-title'), '<img src=x onerror=alert(1)>', 'the title shown as text');
    t.equal(await page.locator('.maplibregl-popup img').count(), 0, 'no image made of it');
    t.equal(await page.locator('.qs-card a').count(), 0, 'a javascript: url is no link');
    t.equal(await page.textContent('.qs-card-price'), '€ 1');
    await page.screenshot({path: path.join(ARTIFACTS, 'map-v3-card.png')});
    await page.keyboard.press('Escape');
    clean(t, wide);
});

t.test('listings.items at load with renderCard: an element as it is, a string as text', async (t) => {
    const w = await watchedPage(browser, 1024, 640);
    await openMap(w, `${site.origin}/cards`);
    t.equal(await w.page.evaluate('YatmoSearch.map.getLayoutProperty("q-pois", "visibility")'), 'none', 'POIs hidden at load');
    t.equal(await w.page.getAttribute('button[aria-pressed]:has-text("places")', 'aria-pressed'), 'false', 'with a control to show them');
    for (const [id, check] of [['element', '.portal-card'], ['text', '.qs-card']]) {
        const at = await featureAt(w, 'qs-pills', `f.properties.id === "${id}"`);
        t.ok(at, `listing ${id} in view`);
        await w.page.mouse.click(at![0], at![1]);
        await w.page.waitForSelector(`.maplibregl-popup ${check}`);
    }
    t.equal(await w.page.textContent('.maplibregl-popup .qs-card'), '<b>Two</b>', 'a string from renderCard is shown as text');
    t.equal(await w.page.locator('.maplibregl-popup b').count(), 0);
    // By keyboard: the map focused, Enter opens the listing nearest its centre.
    await w.page.evaluate('YatmoSearch.map.jumpTo({center: [4.3526, 50.8466], zoom: 17})');
    await idle(w.page);
    await w.page.focus('.maplibregl-canvas');
    await w.page.keyboard.press('Enter');
    await w.page.waitForSelector('.maplibregl-popup .portal-card');
    t.pass('Enter on the map opens the listing at its centre');
    clean(t, w);
    await w.page.close();
});

t.test('a phone: 360 px wide, the search folded, reachable by keyboard, a zone drawn by taps', async (t) => {
    const w = await watchedPage(browser, 360, 640, true);
    await openMap(w, `${site.origin}/search`);
    t.equal(await w.page.getAttribute('.qs-panel-toggle', 'aria-expanded'), 'false', 'the search starts folded');
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-360.png')});
    await w.page.focus('.qs-panel-toggle');
    await w.page.keyboard.press('Enter');
    t.ok(await w.page.isVisible('.qs-travel [role="combobox"]'), 'Enter unfolds it');
    const box = (await w.page.locator('.qs-panel').boundingBox())!;
    t.ok(box.x >= 0 && box.x + box.width <= 360, `the panel fits the width (${box.x}–${box.x + box.width})`);
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-360-search.png')});
    await w.page.tap('#qs-search-tab-zone');
    await w.page.tap('button:has-text("Draw a zone")');
    t.equal(await w.page.getAttribute('.qs-panel-toggle', 'aria-expanded'), 'false', 'the form folds away to draw');
    for (const [x, y] of [[120, 330], [300, 340], [290, 520], [110, 510]]) await w.page.touchscreen.tap(x, y);
    await w.page.tap('.qs-panel-toggle');
    await w.page.tap('button:has-text("Finish")');
    await w.page.waitForFunction('window.found.length === 1', undefined, {timeout: 10000});
    t.same(await w.page.evaluate('window.found[0].meta'), {type: 'zone', points: 4}, 'four taps make a zone');
    t.equal(await w.page.getAttribute('.qs-panel-toggle', 'aria-expanded'), 'false', 'the form folds away to show it');
    await idle(w.page);
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-360-zone.png')});
    clean(t, w);
    await w.page.close();
});

t.test('a bad config or a refused key: a message in the element, never a blank one', async (t) => {
    const w = await watchedPage(browser, 800, 500);
    await w.page.goto(`${site.origin}/bad-style`);
    await w.page.waitForSelector('#map .qs-message');
    t.match(await w.page.textContent('#map .qs-message'), /mapStyle must be a whole number from 1 to 7/);
    t.match(w.errors.join(' '), /mapStyle/, 'and on the console');
    t.match(await w.page.evaluate('YatmoSearch.search({latitude: 50.85, longitude: 4.35, minutes: 5, travelMode: "Walking"}).catch((e) => e.message)'), /mapStyle/, 'YatmoSearch rejects with it');
    await w.page.goto(`${site.origin}/bad-key`);
    await w.page.waitForSelector('#map .qs-message', {timeout: 30000});
    t.match(await w.page.textContent('#map .qs-message'), /key is not accepted/);
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-bad-key.png')});
    await w.page.goto(`${site.origin}/bad-country`);
    await w.page.waitForSelector('#map .qs-message', {timeout: 30000});
    t.match(await w.page.textContent('#map .qs-message'), /cannot be shown: Unknown country/, 'a country the server lacks: the API\'s message');
    await w.page.goto(`${site.origin}/bad-shape`);
    await w.page.waitForSelector('#map .qs-message');
    t.match(await w.page.textContent('#map .qs-message'), /listings.shape must be a GeoJSON Polygon or MultiPolygon/);
    await w.page.close();
});

t.test('listings.shape without a centre: the zone drawn, the view fitted to it', async (t) => {
    const w = await watchedPage(browser, 800, 500);
    await openMap(w, `${site.origin}/shape`);
    t.equal(await w.page.evaluate('YatmoSearch.map.getSource("q-zone").serialize().data.features[0].geometry.type'), 'MultiPolygon', 'the zone drawn');
    const [lon, lat] = await w.page.evaluate('YatmoSearch.map.getCenter().toArray()') as number[];
    t.ok(Math.abs(lon - 4.37) < 0.002 && Math.abs(lat - 50.8475) < 0.002, `the view centred on it (${lon}, ${lat})`);
    const pois = await w.page.evaluate('[YatmoSearch.map.getLayer("q-pois") === undefined, YatmoSearch.map.queryRenderedFeatures().filter((f) => f.sourceLayer === "poi").length]');
    t.same(pois, [true, 0], 'noPois: no POI layer of ours, none of the style\'s drawn');
    await w.page.screenshot({path: path.join(ARTIFACTS, 'map-v3-shape.png')});
    clean(t, w);
    await w.page.close();
});
