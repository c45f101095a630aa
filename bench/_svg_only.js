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

/** The largest marker /image allows: 512 × 512 CSS pixels, drawn at 1024 × 1024. */
const SIDE = 1024;
/** Decodes and draws a marker at SIDE × SIDE device pixels, as a render thread does (the SVG is rasterized when drawn). */
function rasterize(bytes) {
    const started = performance.now();
    const image = new Image();
    image.src = Buffer.from(bytes.toString('utf8').replace('width="40" height="60"', `width="${SIDE}" height="${SIDE}"`));
    if (!image.complete || image.width === 0) throw new Error('not decoded');
    const canvas = createCanvas(SIDE, SIDE);
    canvas.getContext('2d').drawImage(image, 0, 0, SIDE, SIDE);
    canvas.toBuffer('image/png');
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
for (let i = 0; i < 5; i++) iconMs.push(rasterize(icon));
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

