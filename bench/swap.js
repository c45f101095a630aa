// Swapping a region in under load (issue 28): Malta served by a server of its own (the answers cache off, so every
// request computes), 8 clients sending mixed requests (summaries, routes by car and on foot, isochrones, POIs, map
// images) at positions of Malta's POIs, while its bundle is swapped, several times, between the 2018 bundle of the
// test regions and one built from the 2016 extract (../shared/data/SOURCES.md). Each swap: the other bundle renamed
// into the served folder as a build does, then POST /admin/reload (the server does not watch here, so the switch
// comes at a known moment). Per swap: failed requests (a 5xx or a connection error; target 0), answers 4xx (a
// position one of the two dates of data does not cover), p50 and p99 of the requests started in the 20 s before and
// of those started during the swap (from the reload request to the old bundle freed, plus a second), the reload's
// time, the server's RSS (sampled every 100 ms from /proc) before, at its peak during the swap, and 30 s after
// (target: within 1.2 × before).
//   npx tsc -b && node bench/swap.js [--clients 8] [--swaps 3] [--before 20] [--after 30] [--dir /tmp/quartier-swap-bench]
//        [--checkout DIR]   (another checkout's built server, to compare with: run the bench on each, one after the other)
//        [--cpu-prof DIR]   (the server's threads profiled by V8: a .cpuprofile per thread in DIR)
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BUILD_REGION_SCRIPT} from '@quartier/server';
import {dataRoot, readManifest} from '@quartier/engine/internal';
import {arg} from './lib/args.js';
import {mulberry32, percentileOf} from './lib/stats.js';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clients = Number(arg('clients', 8));
const swaps = Number(arg('swaps', 3));
const beforeS = Number(arg('before', 20));
const afterS = Number(arg('after', 30));
const dir = path.resolve(arg('dir', '/tmp/quartier-swap-bench'));
const checkout = arg('checkout', undefined);
const cpuProf = arg('cpu-prof', undefined);
const TOKEN = 'swap-bench-admin-token-0123456789';
const headers = {LicenseKey: 'quartier-dev-backend-key'};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The two bundles: the test regions' Malta of 2018, and Malta of 2016 built here (once; not timed).
const served = path.join(dir, 'served');
const bundles = [path.join(root, 'build', 'test-regions', 'MT'), path.join(dir, 'older', 'MT')];
fs.mkdirSync(served, {recursive: true});
if (!readManifest(bundles[0])) throw new Error(`no Malta bundle in ${bundles[0]}: build the test regions (node packages/engine/dist/test/setup/build-regions.js)`);
const regionsFile = path.join(dir, 'regions-2016.json');
fs.writeFileSync(regionsFile, JSON.stringify({regions: [{country: 'MT', name: 'Malta', wholeCountry: true, osm: ['mt-malta/updates/malta-2016-11-09.osm.pbf']}]}));
const built = spawnSync(process.execPath, [BUILD_REGION_SCRIPT, 'MT', '--regions-file', regionsFile, '--data', dataRoot(), '--out', path.dirname(bundles[1])], {stdio: 'inherit'});
if (built.status !== 0) throw new Error('building Malta of 2016 failed');

/** Copies a bundle into the served folder under a temporary name, then renames it into place as a build does. */
function install(bundle) {
    const target = path.join(served, 'MT');
    const tmp = path.join(served, `.MT.${process.pid}.tmp`);
    fs.rmSync(tmp, {recursive: true, force: true});
    fs.cpSync(bundle, tmp, {recursive: true});
    if (fs.existsSync(target)) fs.renameSync(target, `${target}.old`);
    fs.renameSync(tmp, target);
    fs.rmSync(`${target}.old`, {recursive: true, force: true});
}

install(bundles[0]);
// The favourites' store in the bench's folder: a checkout compared with writes nothing into its own.
const server = await startBenchServer(['--regions', 'MT', '--out', served, '--no-build', '--no-watch', '--cache', 'off', '--favourites', path.join(dir, 'favourites')],
    {QUARTIER_ADMIN_TOKEN: TOKEN}, checkout ? path.resolve(checkout) : undefined, cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProf)] : []);
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
const rss = [];
const sampler = setInterval(() => rss.push({at: performance.now(), mib: rssMiB()}), 100);

// Positions: Malta's POIs (of the 2018 data) on the main island and Gozo.
const positions = [];
for (let lat = 35.80; lat < 36.08; lat += 0.02) {
    for (let lon = 14.18; lon < 14.58; lon += 0.02) {
        const r = await fetch(`${server.url}/mt/points?bound1=${lat.toFixed(2)},${lon.toFixed(2)}&bound2=${(lat + 0.02).toFixed(2)},${(lon + 0.02).toFixed(2)}&language=EN`, {headers});
        const answer = await r.json();
        if (r.status === 400) continue; // the sea
        if (!r.ok) throw new Error(`/points: ${r.status} ${JSON.stringify(answer)}`);
        for (const p of answer) positions.push([p.la, p.ln]);
    }
}
if (positions.length < 100) throw new Error(`only ${positions.length} POIs to send requests at`);

const random = mulberry32(28);
const pick = (list) => list[Math.floor(random() * list.length)];
const at = (p) => `latitude=${p[0].toFixed(5)}&longitude=${p[1].toFixed(5)}`;
/** One request of the mix. */
function requestPath() {
    const p = pick(positions), q = pick(positions);
    switch (Math.floor(random() * 6)) {
        case 0: return `/mt/summary?${at(p)}&language=${pick(['EN', 'MT'])}`;
        case 1: return `/mt/route?startLatitude=${p[0]}&startLongitude=${p[1]}&arrivalLatitude=${q[0]}&arrivalLongitude=${q[1]}&travelMode=${pick(['Driving', 'Walking'])}`;
        case 2: return `/mt/isochrone?${at(p)}&travelMode=${pick(['Walking', 'Driving', 'Bicycling'])}&numberOfSeconds=${pick([300, 600, 900])}`;
        case 3: return `/mt/points?bound1=${p[0] - 0.01},${p[1] - 0.01}&bound2=${p[0] + 0.01},${p[1] + 0.01}&language=EN`;
        case 4: return `/mt/image?${at(p)}&hexaColor=${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}&width=400&height=300`;
        default: return `/mt/summary?${at(p)}&language=EN`;
    }
}

/** Every request sent: when it started and ended (ms), its status (0: the connection failed). */
const log = [];
let running = true;
async function client() {
    while (running) {
        const path = requestPath();
        const started = performance.now();
        let status = 0;
        try {
            const r = await fetch(`${server.url}${path}`, {headers});
            await r.arrayBuffer();
            status = r.status;
        } catch {
            status = 0;
        }
        log.push({started, ended: performance.now(), status, path});
    }
}
const loops = Array.from({length: clients}, client);
await sleep(10000); // warm-up, not counted

const rows = [];
for (let i = 1; i <= swaps; i++) {
    await sleep(beforeS * 1000);
    const freedLines = () => (server.log().match(/finished their requests and are freed/g) ?? []).length;
    const freedBefore = freedLines();
    const swapStart = performance.now();
    install(bundles[i % 2]);
    const reload = await fetch(`${server.url}/admin/reload?country=MT`, {method: 'POST', headers: {Authorization: `Bearer ${TOKEN}`}});
    const answer = await reload.json();
    const switched = performance.now();
    if (reload.status !== 200 || answer.regions[0].outcome !== 'swapped') throw new Error(`swap ${i}: ${reload.status} ${JSON.stringify(answer)}`);
    while (freedLines() === freedBefore) await sleep(50);
    const freed = performance.now();
    const swapEnd = freed + 1000;
    await sleep(afterS * 1000);
    const before = log.filter((r) => r.started >= swapStart - beforeS * 1000 && r.started < swapStart);
    const during = log.filter((r) => r.started >= swapStart && r.started < swapEnd);
    // The two halves of the swap: the new bundle opening and its threads starting (the old set serving), then the new set serving.
    const opening = during.filter((r) => r.started < switched), switchedOver = during.filter((r) => r.started >= switched);
    // The same seconds for every swap, however long the opening and the freeing take: from the reload to 2 s after
    // the switch, and from 1 s before the switch to 2 s after it.
    const firstSeconds = during.filter((r) => r.started < switched + 2000);
    const aroundSwitch = log.filter((r) => r.started >= switched - 1000 && r.started < switched + 2000);
    const all = log.filter((r) => r.started >= swapStart - beforeS * 1000 && r.started < swapEnd);
    const mib = (from, to) => rss.filter((s) => s.at >= from && s.at < to).map((s) => s.mib);
    const rssBefore = percentileOf(mib(swapStart - 5000, swapStart), 0.5);
    const rssPeak = Math.max(...mib(swapStart, swapEnd + 5000));
    const rssAfter = percentileOf(mib(swapEnd + afterS * 1000 - 3000, Infinity), 0.5);
    const ms = (list) => list.map((r) => r.ended - r.started);
    rows.push({
        swap: i, to: answer.regions[0].bundleId, failed: all.filter((r) => r.status === 0 || r.status >= 500).length,
        refused4xx: all.filter((r) => r.status >= 400 && r.status < 500).length,
        requestsBefore: before.length, requestsDuring: during.length,
        p50Before: percentileOf(ms(before), 0.5), p99Before: percentileOf(ms(before), 0.99),
        p50During: percentileOf(ms(during), 0.5), p99During: percentileOf(ms(during), 0.99),
        p99Opening: percentileOf(ms(opening), 0.99), p99ToSwitchPlus2s: percentileOf(ms(firstSeconds), 0.99), requestsToSwitchPlus2s: firstSeconds.length,
        p99AroundSwitch: percentileOf(ms(aroundSwitch), 0.99), requestsAroundSwitch: aroundSwitch.length, p99Switched: percentileOf(ms(switchedOver), 0.99), requestsOpening: opening.length,
        reloadS: (switched - swapStart) / 1000, freedS: (freed - switched) / 1000,
        rssBefore, rssPeak, rssAfter, afterOverBefore: rssAfter / rssBefore
    });
    const r = rows.at(-1);
    // The server's own account of the reload (how long opening and taking the bundle in took), when it gives one.
    r.serverSays = /swapped in for \w+ \(([^)]*)\)/.exec(server.log().split('\n').filter((l) => l.includes('swapped in')).at(-1) ?? '')?.[1] ?? null;
    // The slowest requests started after the switch: what the new threads were slow at.
    const slowest = switchedOver.slice().sort((a, b) => (b.ended - b.started) - (a.ended - a.started)).slice(0, 5);
    r.slowestAfterSwitch = slowest.map((x) => `${(x.ended - x.started).toFixed(0)} ms ${x.path.split('?')[0]} at +${(x.started - switched).toFixed(0)} ms`);
    console.log(`swap ${i} (to ${r.to}): ${r.failed} failed, ${r.refused4xx} 4xx; p50/p99 before ${r.p50Before.toFixed(0)}/${r.p99Before.toFixed(0)} ms `
        + `(${r.requestsBefore} requests), during ${r.p50During.toFixed(0)}/${r.p99During.toFixed(0)} ms (${r.requestsDuring}; p99 ${r.p99Opening.toFixed(0)} ms while opening, ${r.p99Switched.toFixed(0)} ms after the switch; ${r.p99ToSwitchPlus2s.toFixed(0)} ms up to 2 s after it, ${r.requestsToSwitchPlus2s} requests; ${r.p99AroundSwitch.toFixed(0)} ms from 1 s before it to 2 s after, ${r.requestsAroundSwitch} requests); reload ${r.reloadS.toFixed(2)} s, `
        + `old freed ${r.freedS.toFixed(2)} s later; RSS ${r.rssBefore.toFixed(0)} → peak ${r.rssPeak.toFixed(0)} → ${r.rssAfter.toFixed(0)} MiB ${afterS} s after (${r.afterOverBefore.toFixed(2)}×)`);
    console.log(`  slowest after the switch: ${r.slowestAfterSwitch.join(', ')}${r.serverSays ? `; the server: ${r.serverSays}` : ''}`);
}
running = false;
await Promise.all(loops);
clearInterval(sampler);
await server.stop();
const failures = log.filter((r) => r.status === 0 || r.status >= 500);
for (const f of failures.slice(0, 10)) console.log(`failed: ${f.status} ${f.path}`);
console.log(JSON.stringify({checkout: checkout ?? root, clients, swaps, requests: log.length, failed: failures.length, rows}, null, 1));
