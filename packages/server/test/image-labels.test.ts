// /image against MapLibre in Chromium (maplibre-labels.ts): for each view, at least 80% of the street
// and place labels MapLibre places inside the frame are on the image, and none of the image's labels is
// one MapLibre does not place. The side-by-side pictures (image left, MapLibre right) are saved under
// build/test-artifacts/image-labels (look at them).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {browserSession} from './browser-helpers.js';
import {compareLabels, viewName, type LabelView} from './maplibre-labels.js';

// Chromium draws in software: a view takes 5 to 15 s on this machine, more when it is busy.
t.setTimeout(900000);
const {base, browser, artifacts: ARTIFACTS} = await browserSession('image-labels');

// Five views, one per region, zooms 14 to 17, five styles (the bench's 20 views are bench/image-labels.js's).
const VIEWS: LabelView[] = [
    {cc: 'be', latitude: 50.8461, longitude: 4.3664, zoom: 15, mapStyle: 6, width: 800, height: 450},
    // Milan's streets at zoom 14: right (67% before) since lines are joined, cut to their tiles and anchored by their size at zoom 18 as MapLibre does.
    {cc: 'it', latitude: 45.4642, longitude: 9.19, zoom: 14, mapStyle: 7, width: 800, height: 450},
    // Zooms 16 and 17 (MapLibre's 15 and 16), under 80% until symbols were laid out in the zoom's own tiles cut
    // from the zoom-14 data, as MapLibre does above the source's maxzoom, and collided as its circles and boxes.
    {cc: 'pt', latitude: 41.1579, longitude: -8.6291, zoom: 16, mapStyle: 4, width: 800, height: 450},
    {cc: 'mt', latitude: 35.8989, longitude: 14.5146, zoom: 17, mapStyle: 5, width: 800, height: 450},
    {cc: 'de', latitude: 50.7766, longitude: 6.0758, zoom: 17, mapStyle: 3, width: 800, height: 450}
];

/** The bench's views (bench/image-labels.js runs this file with QUARTIER_LABEL_VIEWS=bench): 5 regions × styles × zooms 13–17. */
const CENTRES: [string, number, number][] = [
    ['be', 50.8467, 4.3525], ['be', 50.8385, 4.3755], ['pt', 41.1496, -8.611], ['pt', 41.1579, -8.6291],
    ['mt', 35.8989, 14.5146], ['mt', 35.9122, 14.5042], ['it', 45.4642, 9.19], ['it', 45.4707, 9.1861],
    ['de', 50.7753, 6.0839], ['de', 50.7766, 6.0758]
];
const BENCH_VIEWS: LabelView[] = Array.from({length: 20}, (_, i) => {
    const [cc, latitude, longitude] = CENTRES[i % CENTRES.length];
    return {cc, latitude, longitude, zoom: 13 + (i % 5), mapStyle: 1 + (i % 7), width: 800, height: 450};
});
const bench = process.env.QUARTIER_LABEL_VIEWS === 'bench';
const report: Record<string, unknown>[] = [];
const reportFile = path.join(ARTIFACTS, bench ? 'bench-report.json' : 'report.json');

for (const view of bench ? BENCH_VIEWS : VIEWS) {
    t.test(`labels of ${viewName(view)} as MapLibre places them`, {timeout: 180000}, async (t) => {
        const c = await compareLabels(browser, base, view);
        fs.writeFileSync(path.join(ARTIFACTS, `${viewName(view)}.png`), c.picture);
        report.push({view: viewName(view), streetsAndPlaces: c.streetsAndPlaces.length, shared: c.shared.length, agreement: c.agreement, drawn: c.drawn, extra: c.extra});
        fs.writeFileSync(reportFile, JSON.stringify(report, null, 1));
        t.ok(c.streetsAndPlaces.length > 0, `MapLibre places street or place labels (${c.streetsAndPlaces.length})`);
        t.ok(c.agreement >= 0.8, `${c.shared.length} of MapLibre's ${c.streetsAndPlaces.length} street and place labels on the image; missing: ${c.streetsAndPlaces.filter((s) => !c.shared.includes(s)).join('; ')}`);
        t.comment(`${viewName(view)}: ${(100 * c.agreement).toFixed(0)}% of MapLibre's street and place labels; ${c.extra.length} of the image's ${c.drawn} labels not placed by MapLibre: ${c.extra.join('; ')}`);
        t.same(c.extra, [], `no label of the image's ${c.drawn} is one MapLibre does not place`);
    });
}
