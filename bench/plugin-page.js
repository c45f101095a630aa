// plugin.html in Chromium, framed by a portal page on another origin (as a listing page embeds it),
// each round in a fresh browser context (an empty cache) at another position (the server computes its
// summary): the time from the frame's start to a drawn map (MapLibre's first 'idle': the style and
// every tile of the view loaded and drawn) and to the filled summary, and what the first load costs:
// requests and bytes over the wire, MapLibre (its module, worker and style sheet) counted apart.
// Usage: node bench/plugin-page.js [--rounds 5] [--mode overlay] [--out build/regions]
//   --out: the server's regions folder (the server's default when absent).
import http from 'node:http';
import {chromium} from 'playwright-core';
import {startBenchServer} from './lib/server.js';
import {arg} from './lib/args.js';
import {mulberry32, percentileOf} from './lib/stats.js';

const rounds = Number(arg('rounds', 5));
const mode = arg('mode', 'overlay');
const out = arg('out', undefined);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEY = 'quartier-dev-frontend-key';

const server = await startBenchServer(['--regions', 'BE', '--no-warmup', ...(out ? ['--out', out, '--no-build'] : [])]);
const mapHost = server.url.replace('127.0.0.1', 'localhost');
let frameSrc = '';
const portal = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><body style="margin:0"><iframe style="width:1024px;height:560px;border:0" src="${frameSrc}"></iframe></body>`);
});
await new Promise((resolve) => portal.listen(0, '127.0.0.1', resolve));
const portalUrl = `http://portal.localhost:${portal.address().port}/`;
const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader']});

/** In the frame: the marks, and every resource of the first load with its bytes over the wire. */
const MEASURE = `(() => {
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource').map((r) => ({url: r.name, bytes: r.transferSize}));
    resources.push({url: location.href, bytes: nav.transferSize});
    return {map: mark('quartier:map-idle'), summary: mark('quartier:summary'), resources};
})()`;

const random = mulberry32(27);
const results = [];
try {
    for (let round = 0; round < rounds; round++) {
        const latitude = (50.835 + random() * 0.025).toFixed(6), longitude = (4.34 + random() * 0.05).toFixed(6);
        frameSrc = `${mapHost}/plugin.html?licenseKey=${KEY}&country=BE&latitude=${latitude}&longitude=${longitude}&mode=${mode}`;
        const context = await browser.newContext({viewport: {width: 1024, height: 560}});
        const page = await context.newPage();
        await page.goto(portalUrl);
        const frame = await waitForFrame(page);
        let measured;
        const end = Date.now() + 120000;
        // Polled (the page's CSP forbids playwright's string predicates): the marks are the times, not the poll.
        while (!(measured = await frame.evaluate(MEASURE)).map || (mode !== 'map' && !measured.summary)) {
            if (Date.now() > end) throw new Error(`round ${round}: the page did not finish`);
            await page.waitForTimeout(50);
        }
        await context.close();
        const maplibre = measured.resources.filter((r) => r.url.includes('/vendor/maplibre-gl/'));
        const rest = measured.resources.filter((r) => !r.url.includes('/vendor/maplibre-gl/'));
        const sum = (list) => list.reduce((s, r) => s + r.bytes, 0);
        results.push({map: measured.map, summary: measured.summary, requests: rest.length, bytes: sum(rest), maplibreRequests: maplibre.length, maplibreBytes: sum(maplibre)});
        console.log(`round ${round + 1} (${latitude}, ${longitude}): map ${measured.map.toFixed(0)} ms, summary ${measured.summary?.toFixed(0) ?? '-'} ms, ` +
            `${rest.length} requests ${(sum(rest) / 1024).toFixed(0)} KiB + MapLibre ${maplibre.length} requests ${(sum(maplibre) / 1024).toFixed(0)} KiB`);
    }
} finally {
    await browser.close();
    portal.close();
    server.stop();
}

const row = (name, values, unit) => {
    const fmt = (v) => (unit === 'KiB' ? (v / 1024).toFixed(0) : v.toFixed(0));
    console.log(`| ${name} | ${fmt(percentileOf(values, 0.5))} | ${fmt(Math.min(...values))} – ${fmt(Math.max(...values))} | ${unit} |`);
};
console.log(`\nplugin.html mode=${mode}, ${rounds} rounds, each with an empty browser cache and a new position\n`);
console.log('| measure | median | min – max | unit |');
console.log('|---|---|---|---|');
row('time to a drawn map (first idle)', results.map((r) => r.map), 'ms');
if (mode !== 'map') row('time to the filled summary', results.map((r) => r.summary), 'ms');
row('requests, MapLibre apart', results.map((r) => r.requests), 'requests');
row('bytes over the wire, MapLibre apart', results.map((r) => r.bytes), 'KiB');
row('MapLibre requests', results.map((r) => r.maplibreRequests), 'requests');
row('MapLibre bytes', results.map((r) => r.maplibreBytes), 'KiB');

async function waitForFrame(page) {
    for (let i = 0; i < 200; i++) {
        const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('/plugin.html'));
        if (frame) {
            try {
                await frame.waitForLoadState('load');
                return frame;
            } catch {
                // navigated meanwhile: look again
            }
        }
        await page.waitForTimeout(50);
    }
    throw new Error('no frame');
}
