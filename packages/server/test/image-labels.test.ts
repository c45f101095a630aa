// /image against MapLibre in Chromium (maplibre-labels.ts): for each view, at least 80% of the street
// and place labels MapLibre places inside the frame are on the image, and the image shows no label
// MapLibre does not. The side-by-side pictures (image left, MapLibre right) are saved under
// build/test-artifacts/image-labels (look at them).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {repoRoot, testServer} from './helpers.js';
import {launchChromium} from './browser-helpers.js';
import {compareLabels, viewName, type LabelView} from './maplibre-labels.js';

const ARTIFACTS = path.join(repoRoot, 'build', 'test-artifacts', 'image-labels');
fs.mkdirSync(ARTIFACTS, {recursive: true});

const server = await testServer();
t.teardown(() => server.close());
const base = `http://localhost:${server.port}`;
const browser = await launchChromium();
t.teardown(() => browser.close());

/**
 * Labels the image shows and MapLibre does not, at most this share of the image's (or one): the goal is none;
 * what is left (a few street names MapLibre's collision circles refuse) is in docs/api/images-and-maps.md.
 */
const MAX_EXTRA = 0.25;

const VIEWS: LabelView[] = [
    {cc: 'be', latitude: 50.8461, longitude: 4.3664, zoom: 15, mapStyle: 6, width: 800, height: 450},
    {cc: 'pt', latitude: 41.1496, longitude: -8.611, zoom: 15, mapStyle: 2, width: 800, height: 450},
    {cc: 'mt', latitude: 35.8989, longitude: 14.5146, zoom: 14, mapStyle: 5, width: 800, height: 450},
    {cc: 'it', latitude: 45.4642, longitude: 9.19, zoom: 17, mapStyle: 3, width: 800, height: 450}
];

for (const view of VIEWS) {
    t.test(`labels of ${viewName(view)} as MapLibre places them`, async (t) => {
        const c = await compareLabels(browser, base, view);
        fs.writeFileSync(path.join(ARTIFACTS, `${viewName(view)}.png`), c.picture);
        t.ok(c.streetsAndPlaces.length > 0, `MapLibre places street or place labels (${c.streetsAndPlaces.length})`);
        t.ok(c.agreement >= 0.8, `${c.shared.length} of MapLibre's ${c.streetsAndPlaces.length} street and place labels on the image; missing: ${c.streetsAndPlaces.filter((s) => !c.shared.includes(s)).join('; ')}`);
        t.comment(`${viewName(view)}: ${(100 * c.agreement).toFixed(0)}% of MapLibre's street and place labels; ${c.extra.length} of the image's ${c.drawn} labels not placed by MapLibre: ${c.extra.join('; ')}`);
        t.ok(c.extra.length <= Math.max(1, MAX_EXTRA * c.drawn), `at most ${100 * MAX_EXTRA}% of the image's labels are ones MapLibre does not place (${c.extra.length} of ${c.drawn})`);
    });
}
