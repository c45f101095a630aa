// /image latency over HTTP on loopback: p50/p95 per style for 800×450 and 1600×900, cold (a new
// position each request, so a real render) and cached (the same request again), on the Brussels
// region; then liberty cold for central Porto and Valletta. The server runs in its own process.
// Usage: node bench/image.js [requests per cell = 20] [--out BUNDLES] [--quick]
// (--out: bundles already built, e.g. build/test-regions; --quick: 800×450 in Brussels only).
import path from 'node:path';
import {arg} from './lib/args.js';
import {printFigure} from './lib/figure.js';
import {startBenchServer} from './lib/server.js';

const n = Number(process.argv[2] ?? 20);
const out = arg('out');
const QUICK = process.argv.includes('--quick');
const server = await startBenchServer(['--regions', 'BE,PT,MT', '--default-country', 'BE', '--workers', '1', ...(out ? ['--out', path.resolve(out), '--no-build'] : [])]);
const headers = {LicenseKey: 'quartier-dev-backend-key'};
const STYLES = ['liberty', 'basic', 'bright', '3d', 'positron', 'dark', 'liberty_stonehedge'];

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

async function timed(url) {
    const started = performance.now();
    const res = await fetch(url, {headers});
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body[0] !== 0xff) throw new Error(`${res.status} ${body.toString('utf8', 0, 200)}`);
    return performance.now() - started;
}

const pct = (list, p) => {
    const s = list.slice().sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const fmt = (v) => v.toFixed(v < 10 ? 1 : 0);

async function cell(cc, lat, lon, style, w, h, spread) {
    const cold = [], cached = [];
    for (let i = 0; i < n; i++) {
        const la = (lat + (rand() - 0.5) * spread).toFixed(5), lo = (lon + (rand() - 0.5) * spread).toFixed(5);
        const url = `${server.url}/${cc}/image?latitude=${la}&longitude=${lo}&hexaColor=428BFF&width=${w}&height=${h}&mapStyle=${style}`;
        cold.push(await timed(url));
        cached.push(await timed(url));
    }
    return {cold, cached};
}

try {
    // Warm-up: the first requests load code paths.
    for (let s = 1; s <= 7; s++) await cell('be', 50.8461, 4.3664, s, 200, 120, 0.01);
    console.log(`| style | size | cold p50 | cold p95 | cached p50 | cached p95 |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const [w, h] of QUICK ? [[800, 450]] : [[800, 450], [1600, 900]]) {
        for (let s = 1; s <= 7; s++) {
            const {cold, cached} = await cell('be', 50.8461, 4.3664, s, w, h, 0.02);
            printFigure(`image.${STYLES[s - 1]}.${w}x${h}.cold-p50`, pct(cold, 0.5), pct(cached, 0.5));
            console.log(`| ${s} ${STYLES[s - 1]} | ${w}×${h} | ${fmt(pct(cold, 0.5))} | ${fmt(pct(cold, 0.95))} | ${fmt(pct(cached, 0.5))} | ${fmt(pct(cached, 0.95))} |`);
        }
    }
    const places = [['Brussels', 'be', 50.8461, 4.3664, 0.02], ['central Porto', 'pt', 41.1496, -8.611, 0.01], ['Valletta', 'mt', 35.8989, 14.5146, 0.006]];
    if (!QUICK) console.log(`\n| place, liberty 800×450 | cold p50 | cold p95 | cached p50 |\n|---|---|---|---|`);
    for (const [name, cc, lat, lon, spread] of QUICK ? [] : places) {
        const {cold, cached} = await cell(cc, lat, lon, 1, 800, 450, spread);
        console.log(`| ${name} | ${fmt(pct(cold, 0.5))} | ${fmt(pct(cold, 0.95))} | ${fmt(pct(cached, 0.5))} |`);
    }
} finally {
    server.stop();
}
