// Faults of issue 16 at the HTTP edge, reproduced and measured:
//  1. an expensive SVG marker (1 MB, 20,000 blurred paths): what rasterizing it costs (the
//     decoder the render threads use, without the bounds), against what refusing it costs
//     (checkMarker, which /image runs on the main thread before any render thread), and an
//     ordinary icon's rasterization as the baseline;
//  2. 72 concurrent 2048 × 2048 images on a server of its own: how many are drawn, how many are
//     refused, and when the refusals arrive, against one image drawn alone;
//  3. requests Node's parser refuses (431, 400): the status and body the server answers.
// Usage: node bench/http-faults.js [concurrent images = 72] [regions dir = build/test-regions]
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Image, createCanvas} from '@napi-rs/canvas';
import {checkMarker} from '@quartier/render';
import {startBenchServer} from './lib/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const concurrent = Number(process.argv[2] ?? 72);
const dir = process.argv[3] ?? path.join(root, 'build', 'test-regions');
const KEY = {LicenseKey: 'quartier-dev-backend-key'};
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const pct = (list, p) => list.slice().sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];

// 1. The expensive marker.
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60" viewBox="0 0 20 30"><defs><filter id="b"><feGaussianBlur stdDeviation="4"/></filter></defs>${body}</svg>`;
const parts = [];
for (let i = 0; i < 20000; i++) parts.push(`<path class="a" d="M${i % 20} ${i % 30}l3 4h-6z" filter="url(#b)"/>`);
const blurred = Buffer.from(svg(parts.join('')));
const icon = Buffer.from(svg('<path d="M10 1C6 1 3 4 3 8c0 6 7 21 7 21s7-15 7-21c0-4-3-7-7-7z" fill="#428bff" filter="url(#b)"/><circle cx="10" cy="8" r="3" fill="#fff"/>'));

/**
 * A 64 × 64 marker, drawn at 128 × 128 device pixels. (At the largest, 512 × 512 drawn at 1024 × 1024,
 * the blurred file ran past 15 minutes on a loaded machine and was stopped.)
 */
const SIDE = 128;
/** Decodes and draws a marker at SIDE × SIDE device pixels, as a render thread does (the SVG is rasterized when drawn). */
function rasterize(bytes) {
    const started = performance.now();
    const image = new Image();
    image.src = Buffer.from(bytes.toString('utf8').replace('width="40" height="60"', `width="${SIDE}" height="${SIDE}"`));
    if (!image.complete || image.width === 0) throw new Error('not decoded');
    const canvas = createCanvas(SIDE, SIDE);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0, SIDE, SIDE);
    ctx.getImageData(0, 0, 1, 1); // every drawing command done
    return performance.now() - started;
}
function refuse(bytes) {
    const started = performance.now();
    try {
        checkMarker(bytes);
    } catch (err) {
        return {ms: performance.now() - started, why: err.message};
    }
    throw new Error('the expensive marker was accepted');
}
const iconMs = [];
for (let i = 0; i < 20; i++) iconMs.push(rasterize(icon));
const refusals = [];
let why = '';
for (let i = 0; i < 20; i++) {
    const r = refuse(blurred);
    refusals.push(r.ms);
    why = r.why;
}
checkMarker(icon);
console.log(`1. SVG marker of ${blurred.length} bytes, 20,000 blurred paths, drawn at ${SIDE} × ${SIDE}`);
console.log(`   ordinary icon rasterized: p50 ${fmt(pct(iconMs, 0.5))} ms (baseline)`);
console.log(`   refused by the bounds:    p50 ${fmt(pct(refusals, 0.5))} ms, max ${fmt(Math.max(...refusals))} ms (${(pct(refusals, 0.5) / pct(iconMs, 0.5)).toFixed(1)} × the icon): ${why}`);
const cpu0 = process.cpuUsage();
const expensiveMs = rasterize(blurred);
const cpu = process.cpuUsage(cpu0);
console.log(`   rasterized without them:  ${fmt(expensiveMs)} ms wall, ${fmt((cpu.user + cpu.system) / 1000)} ms CPU (${(expensiveMs / pct(iconMs, 0.5)).toFixed(0)} × the icon, ${(expensiveMs / pct(refusals, 0.5)).toFixed(0)} × the refusal)`);

// 2. The render queue under 72 concurrent 2048² images.
const server = await startBenchServer(['--out', dir, '--no-build', '--cache', 'off', '--no-warmup']);
try {
    let colour = 0;
    const image = async (side) => {
        const started = performance.now();
        const res = await fetch(`${server.url}/be/image?latitude=50.8461&longitude=4.3664&hexaColor=${(colour++).toString(16).padStart(6, '0')}&width=${side}&height=${side}`, {headers: KEY});
        await res.arrayBuffer();
        return {status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after')};
    };
    await image(200); // starts the render threads
    const alone = await image(2048);
    const answers = await Promise.all(Array.from({length: concurrent}, () => image(2048)));
    const drawn = answers.filter((a) => a.status === 200), refused = answers.filter((a) => a.status === 503);
    const other = answers.filter((a) => a.status !== 200 && a.status !== 503);
    console.log(`2. ${concurrent} concurrent 2048 × 2048 images (one alone: ${fmt(alone.ms)} ms, baseline)`);
    console.log(`   drawn: ${drawn.length}, p50 ${fmt(pct(drawn.map((a) => a.ms), 0.5))} ms, last ${fmt(Math.max(...drawn.map((a) => a.ms)))} ms`);
    if (refused.length > 0) {
        const ms = refused.map((a) => a.ms);
        console.log(`   refused (503): ${refused.length}, answered within p50 ${fmt(pct(ms, 0.5))} ms, max ${fmt(Math.max(...ms))} ms `
            + `(${(Math.max(...ms) / alone.ms).toFixed(2)} × one image); Retry-After ${[...new Set(refused.map((a) => a.retryAfter))].join(', ')} s`);
    }
    if (other.length > 0) console.log(`   other answers: ${other.map((a) => a.status).join(', ')}`);

    // 3. What the parser refuses.
    const port = Number(new URL(server.url).port);
    const raw = (bytes) => new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (d) => (text += d));
        socket.on('error', reject);
        socket.on('close', () => resolve(text));
    });
    console.log('3. requests the HTTP parser refuses');
    for (const [what, bytes] of [['20 kB header', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`], ['malformed header line', 'GET /health HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n']]) {
        const text = await raw(bytes);
        console.log(`   ${what}: ${text.split('\r\n')[0]} ${text.slice(text.indexOf('\r\n\r\n') + 4)}`);
    }
} finally {
    server.stop();
}
