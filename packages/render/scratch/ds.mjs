import {Region} from '@quartier/engine';
import {createCanvas} from '@napi-rs/canvas';
import fs from 'fs';
import {drawMap} from '../dist/src/index.js';
const region = Region.open(`/work/main/build/test-regions/BE`);
const big = drawMap(region, {latitude: 50.8461, longitude: 4.3664, width: 800, height: 450, mapStyle: 1, pinColor: '#428bff'});
const outs = {};
for (const q of ['low', 'medium', 'high']) {
  const out = createCanvas(800, 450); const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = true; ctx.imageSmoothingQuality = q;
  const t = performance.now();
  ctx.drawImage(big, 0, 0, 800, 450);
  outs[q] = ctx.getImageData(0, 0, 800, 450).data;
  console.log(q, (performance.now() - t).toFixed(1));
  fs.writeFileSync(`/tmp/ds-${q}.png`, out.toBuffer('image/png'));
}
// reference: exact 2x2 box
const src = big.getContext('2d').getImageData(0, 0, 1600, 900).data;
const box = new Float64Array(800 * 450 * 4);
for (let y = 0; y < 450; y++) for (let x = 0; x < 800; x++) for (let c = 0; c < 4; c++) {
  const i = ((2*y)*1600 + 2*x)*4 + c;
  box[(y*800+x)*4+c] = (src[i] + src[i+4] + src[i+6400] + src[i+6404]) / 4;
}
for (const q of ['low', 'medium', 'high']) { let d = 0; for (let i = 0; i < box.length; i++) d += Math.abs(box[i] - outs[q][i]); console.log(q, 'vs box', (d / box.length).toFixed(3)); }
