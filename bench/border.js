// Border bench: section build time per country, then contains() per second against a brute-force
// even-odd test over every edge, on the same random points in each country's bbox.
//   npx tsc -b && node bench/border.js
import {performance, PerformanceObserver} from 'node:perf_hooks';
import {setTimeout as sleep} from 'node:timers/promises';
import {buildBorderSection, CountryBorder} from '@quartier/engine/internal';
import {mulberry32} from './lib/stats.js';

const COUNTRIES = ['BE', 'PT', 'MT', 'IT', 'DE', 'FR'];
const POINTS = 100000;
const ROUNDS = 10;

function bruteForceContains(coords, ringStarts, lat, lon) {
    let inside = false;
    for (let r = 0; r + 1 < ringStarts.length; r++) {
        for (let p = ringStarts[r]; p + 1 < ringStarts[r + 1]; p++) {
            const ax = coords[2 * p], ay = coords[2 * p + 1];
            const bx = coords[2 * p + 2], by = coords[2 * p + 3];
            if ((ay > lat) !== (by > lat) && lon < ax + (lat - ay) * (bx - ax) / (by - ay)) inside = !inside;
        }
    }
    return inside;
}

console.log('country  build ms  edges  rings  section KB');
const borders = [];
for (const iso2 of COUNTRIES) {
    const start = performance.now();
    const bytes = buildBorderSection(iso2);
    const buildMs = performance.now() - start;
    const border = CountryBorder.fromBuffer(bytes.buffer);
    borders.push(border);
    console.log([
        iso2.padEnd(7),
        (iso2 === COUNTRIES[0] ? `${buildMs.toFixed(0)}*` : `${buildMs.toFixed(1)} `).padStart(9),
        String(border.index.numItems).padStart(6),
        String(border.ringStarts.length - 1).padStart(6),
        (bytes.byteLength / 1024).toFixed(0).padStart(11)
    ].join(' '));
}
console.log('* includes reading and parsing the 48 MB borders.geo.json, once per process\n');

// Count scavenges while contains() runs. contains() itself allocates nothing; the ~2 per million
// calls left come from V8 boxing the two fresh double arguments when the call is not inlined
// (the same loop calling contains(50, 4) with small integers shows none).
let scavenges = 0;
new PerformanceObserver(list => {
    for (const entry of list.getEntries()) if (entry.detail?.kind === 1) scavenges++; // NODE_PERFORMANCE_GC_MINOR
}).observe({entryTypes: ['gc']});
await sleep(200); // let the parse's garbage go first

console.log('country   contains/s   brute/s   ratio  inside  scavenges/1M');
for (const border of borders) {
    const [minLon, minLat, maxLon, maxLat] = border.bbox;
    const next = mulberry32(42); // the same points on every run
    const points = new Float64Array(POINTS * 2);
    for (let i = 0; i < POINTS; i++) {
        points[2 * i] = minLat + next() * (maxLat - minLat);
        points[2 * i + 1] = minLon + next() * (maxLon - minLon);
    }

    for (let i = 0; i < POINTS; i++) border.contains(points[2 * i], points[2 * i + 1]); // warm-up
    await sleep(20);
    const scavengesBefore = scavenges;
    let inside = 0;
    let start = performance.now();
    for (let k = 0; k < ROUNDS; k++) {
        for (let i = 0; i < POINTS; i++) if (border.contains(points[2 * i], points[2 * i + 1])) inside++;
    }
    const indexedPerSec = ROUNDS * POINTS / ((performance.now() - start) / 1000);
    await sleep(20); // gc entries are reported asynchronously
    const scavengesPerMillion = (scavenges - scavengesBefore) * 1e6 / (ROUNDS * POINTS);

    // the brute force is slow: time it on a prefix of the same points (~2e8 edge tests)
    const bruteN = Math.max(200, Math.min(POINTS, Math.round(2e8 / border.index.numItems)));
    const bruteAnswers = new Uint8Array(bruteN);
    start = performance.now();
    for (let i = 0; i < bruteN; i++) bruteAnswers[i] = bruteForceContains(border.coords, border.ringStarts, points[2 * i], points[2 * i + 1]) ? 1 : 0;
    const brutePerSec = bruteN / ((performance.now() - start) / 1000);
    let disagree = 0;
    for (let i = 0; i < bruteN; i++) if (border.contains(points[2 * i], points[2 * i + 1]) !== (bruteAnswers[i] === 1)) disagree++;

    console.log([
        border.iso2.padEnd(7),
        Math.round(indexedPerSec).toLocaleString('en').padStart(12),
        Math.round(brutePerSec).toLocaleString('en').padStart(9),
        `${Math.round(indexedPerSec / brutePerSec)}x`.padStart(7),
        `${(100 * inside / ROUNDS / POINTS).toFixed(0)}%`.padStart(7),
        scavengesPerMillion.toFixed(1).padStart(13),
        disagree ? `  ${disagree} of ${bruteN} points disagree with the brute force!` : ''
    ].join(' '));
}
