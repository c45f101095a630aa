// Map assets: glyph range generation time and size per script (cold, in-process, each range made once
// as the server does on first use), the sprite sheets and the style conversion; then styles, glyphs and
// sprites served over HTTP (warm: each made once before the load) against /health in the same run.
// Usage: node bench/glyphs.js [seconds=8] [connections=20]
import {gzipSync} from 'node:zlib';
import autocannon from 'autocannon';
import {PbfReader} from 'pbf';
import {glyphRange, spriteSheet, compileStyle, readMapLibreStyle, STYLE_NAMES} from '@quartier/render';
import {startBenchServer} from './lib/server.js';

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 20);

const RANGES = [
    ['Basic Latin, Latin-1', 0], ['Latin Extended-A/B', 256], ['Greek', 768], ['Cyrillic', 1024],
    ['Arabic', 1536], ['Latin Extended Additional', 7680], ['Arabic Presentation Forms-A', 64768], ['Arabic Presentation Forms-B', 65024]
];
const STACKS = [['Roboto Regular', 'Noto Sans Regular'], ['Noto Sans Bold']];

console.log('| stack | range | glyphs | bytes | gzipped | ms (first use) |');
console.log('|---|---|---:|---:|---:|---:|');
let first = true;
let total = 0, bytes = 0, n = 0;
for (const stack of STACKS) {
    for (const [script, start] of RANGES) {
        const t0 = performance.now();
        const pbf = glyphRange(stack, start);
        const ms = performance.now() - t0;
        // Glyph count: field 3 messages inside the stack message, counted by their tag byte (0x1a).
        const glyphs = countGlyphs(pbf);
        console.log(`| ${stack.join(',')} | ${start}-${start + 255} ${script} | ${glyphs} | ${pbf.length} | ${gzipSync(pbf).length} | ${ms.toFixed(1)}${first ? ' (incl. loading the fonts)' : ''} |`);
        if (!first) {
            total += ms;
            bytes += pbf.length;
            n++;
        }
        first = false;
    }
}
console.log(`mean of the ranges after the first: ${(total / n).toFixed(1)} ms, ${(bytes / n / 1024).toFixed(0)} KiB`);

for (const ratio of [1, 2]) {
    const t0 = performance.now();
    const sheet = spriteSheet(ratio);
    console.log(`sprite @${ratio}x: ${Object.keys(sheet.json).length} images, png ${sheet.png.length} bytes, ${(performance.now() - t0).toFixed(1)} ms`);
}
{
    const t0 = performance.now();
    for (const name of STYLE_NAMES) compileStyle(readMapLibreStyle(`osm_${name}.json`), name);
    console.log(`7 MapLibre styles compiled for /image: ${(performance.now() - t0).toFixed(1)} ms`);
}

/** Glyph messages (field 3) in the range's font stack message (field 1). */
function countGlyphs(pbf) {
    let count = 0;
    new PbfReader(pbf).readFields((tag, _, p) => {
        if (tag === 1) p.readMessage((t) => { if (t === 3) count++; }, null);
    }, null);
    return count;
}

const server = await startBenchServer(['--regions', 'BE', '--default-country', 'BE']);

async function run(title, path) {
    await fetch(server.url + path); // made once (first use) before the load
    // Browsers accept gzip: the glyphs and the style are sent gzipped.
    const result = await autocannon({url: server.url, connections, duration: seconds, pipelining: 1, headers: {'accept-encoding': 'gzip'}, requests: [{method: 'GET', path}]});
    console.log(`| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result['2xx']} | ${result.non2xx} |`);
    return result.requests.average;
}

try {
    console.log('\n| HTTP, warm | req/s | p50 ms | p99 ms | 2xx | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|');
    const base = await run('/health (baseline)', '/health');
    const rates = [
        ['style osm_liberty.json?language=FR', await run('/be/styles/osm_liberty.json?language=FR', '/be/styles/osm_liberty.json?language=FR')],
        ['glyphs Roboto+Noto 0-255', await run('/fonts/Roboto Regular,Noto Sans Regular/0-255.pbf', '/fonts/Roboto%20Regular,Noto%20Sans%20Regular/0-255.pbf')],
        ['sprite@2x.png', await run('/sprites/sprite@2x.png', '/sprites/sprite@2x.png')],
        ['sprite@2x.json', await run('/sprites/sprite@2x.json', '/sprites/sprite@2x.json')]
    ];
    for (const [name, rate] of rates) console.log(`ratio ${name} to baseline: ${(rate / base).toFixed(2)}`);
} finally {
    server.stop();
}
