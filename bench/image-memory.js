// Memory over many /image renders in one process: 100 images in a row (new positions, all seven
// styles, both sizes), resident and heap memory every 10 images after a forced collection.
// Usage: node --expose-gc bench/image-memory.js [images = 100] [region dir = build/test-regions/BE]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {renderJpeg} from '@quartier/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 100);
const region = Region.open(process.argv[3] ?? path.join(root, 'build', 'test-regions', 'BE'));
const gc = globalThis.gc ?? (() => {});
const mb = (b) => (b / 1048576).toFixed(1);

let seed = 3;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const sample = (i) => {
    gc();
    const m = process.memoryUsage();
    console.log(`| ${i} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.external + m.arrayBuffers)} |`);
    return m;
};
// Warm-up (fonts, icons, styles), then measure.
for (let s = 1; s <= 7; s++) await renderJpeg(region, {latitude: 50.8461, longitude: 4.3664, width: 800, height: 450, mapStyle: s, pinColor: '#428bff'});
console.log('| images | RSS MB | heap MB | external MB |');
console.log('|---|---|---|---|');
const first = sample(0);
let last = first;
for (let i = 1; i <= count; i++) {
    const big = i % 4 === 0;
    await renderJpeg(region, {
        latitude: 50.8461 + (rand() - 0.5) * 0.03, longitude: 4.3664 + (rand() - 0.5) * 0.05,
        width: big ? 1600 : 800, height: big ? 900 : 450, mapStyle: 1 + (i % 7), pinColor: '#428bff', threeDMode: i % 10 === 0
    });
    if (i % 10 === 0) last = sample(i);
}
console.log(`growth over ${count} images: RSS ${mb(last.rss - first.rss)} MB, heap ${mb(last.heapUsed - first.heapUsed)} MB`);
