// /image rendering in-process, without HTTP or cache: wall time and CPU time (process.cpuUsage,
// every thread, so it counts the JPEG encoder too) per image, p50/p95 per style for 800×450 and
// 1600×900 at new positions around Rue de la Loi, then liberty at the three places. CPU time is
// what the figures would be on an idle machine; wall time shows how busy this one was.
// Usage: node bench/image-render.js [images per cell = 20] [regions dir = build/test-regions]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {renderJpeg} from '@quartier/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const n = Number(process.argv[2] ?? 20);
const dir = process.argv[3] ?? path.join(root, 'build', 'test-regions');
const regions = Object.fromEntries(['BE', 'PT', 'MT'].map((cc) => [cc, Region.open(path.join(dir, cc))]));
const STYLES = ['liberty', 'basic', 'bright', '3d', 'positron', 'dark', 'liberty_stonehedge'];
let seed = 11;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pct = (list, p) => list.slice().sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];
const fmt = (v) => v.toFixed(v < 10 ? 1 : 0);

async function cell(cc, lat, lon, spread, options) {
    const wall = [], cpu = [];
    for (let i = 0; i < n; i++) {
        const o = {latitude: lat + (rand() - 0.5) * spread, longitude: lon + (rand() - 0.5) * spread, pinColor: '#428bff', ...options};
        const c0 = process.cpuUsage(), t0 = performance.now();
        const jpeg = await renderJpeg(regions[cc], o);
        const t1 = performance.now(), c1 = process.cpuUsage(c0);
        if (jpeg[0] !== 0xff) throw new Error('not a JPEG');
        wall.push(t1 - t0);
        cpu.push((c1.user + c1.system) / 1000);
    }
    return {wall, cpu};
}

for (let s = 1; s <= 7; s++) await cell('BE', 50.8461, 4.3664, 0.01, {width: 200, height: 120, mapStyle: s});
console.log('| style | size | wall p50 | wall p95 | CPU p50 | CPU p95 |');
console.log('|---|---|---|---|---|---|');
for (const [w, h] of [[800, 450], [1600, 900]]) {
    for (let s = 1; s <= 7; s++) {
        const {wall, cpu} = await cell('BE', 50.8461, 4.3664, 0.02, {width: w, height: h, mapStyle: s});
        console.log(`| ${s} ${STYLES[s - 1]} | ${w}×${h} | ${fmt(pct(wall, 0.5))} | ${fmt(pct(wall, 0.95))} | ${fmt(pct(cpu, 0.5))} | ${fmt(pct(cpu, 0.95))} |`);
    }
}
console.log('');
console.log('| place, 800×450 | liberty wall p50 | CPU p50 | CPU p95 | threeDMode CPU p50 |');
console.log('|---|---|---|---|---|');
for (const [name, cc, lat, lon, spread] of [['Brussels', 'BE', 50.8461, 4.3664, 0.02], ['central Porto', 'PT', 41.1496, -8.611, 0.01], ['Valletta', 'MT', 35.8989, 14.5146, 0.006]]) {
    const flat = await cell(cc, lat, lon, spread, {width: 800, height: 450, mapStyle: 1});
    const tilted = await cell(cc, lat, lon, spread, {width: 800, height: 450, mapStyle: 1, threeDMode: true});
    console.log(`| ${name} | ${fmt(pct(flat.wall, 0.5))} | ${fmt(pct(flat.cpu, 0.5))} | ${fmt(pct(flat.cpu, 0.95))} | ${fmt(pct(tilted.cpu, 0.5))} |`);
}
