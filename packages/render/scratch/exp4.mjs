import {Region} from '@quartier/engine';
import {createCanvas} from '@napi-rs/canvas';
import {drawMap} from '../dist/src/index.js';
const [cc, lat, lon] = process.argv.slice(2);
const region = Region.open(`/tmp/qregions/${cc}`);
const opts = {latitude: +lat, longitude: +lon, width: 800, height: 450, mapStyle: 1, pinColor: '#428bff'};
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const big = drawMap(region, opts);
  const t1 = performance.now();
  big.getContext('2d').getImageData(0,0,1,1);
  const t2 = performance.now();
  for (const q of ['low', 'medium', 'high']) {
    const out = createCanvas(800, 450); const ctx = out.getContext('2d');
    ctx.imageSmoothingQuality = q;
    const a = performance.now();
    ctx.drawImage(big, 0, 0, 800, 450);
    ctx.getImageData(0,0,1,1);
    process.stdout.write(`${q} ${(performance.now() - a).toFixed(1)}  `);
  }
  console.log(`draw ${(t1 - t).toFixed(1)} flush ${(t2 - t1).toFixed(1)}`);
}
