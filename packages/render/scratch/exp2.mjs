import {Region} from '@quartier/engine';
import {createCanvas} from '@napi-rs/canvas';
import {Camera} from '../dist/src/camera.js';
import {Scene} from '../dist/src/scene.js';
import {styleByIndex} from '../dist/src/style.js';
const region = Region.open(`/tmp/qregions/PT`);
const style = styleByIndex(1);
const layer = style.layers.find((l) => l.spec.id === 'building');
const cam = new Camera(41.1496, -8.6110, 16, 1600, 900, 2, 0);
const band = region.map.band(16);
const ids = band.search(...cam.viewBox(64));
for (const rule of ['evenodd', 'nonzero'])
for (const chunk of [1, 8, 32, 128, 100000]) for (const outline of [false, true]) {
  let best = 1e9;
  for (let rep = 0; rep < 3; rep++) {
  const canvas = createCanvas(1600, 900); const ctx = canvas.getContext('2d');
  const scene = new Scene(ctx, cam, band, 16, 2, ids.slice());
  const t = performance.now();
  ctx.fillStyle = layer.spec.color; ctx.strokeStyle = layer.spec.outline; ctx.lineWidth = 1.2;
  const {kindStart} = scene;
  let n = 0;
  ctx.beginPath();
  for (let i = kindStart[layer.kind]; i < kindStart[layer.kind + 1]; i++) {
    scene.trace(scene.ids[i], true);
    if (++n === chunk) { ctx.fill(rule); if (outline) ctx.stroke(); ctx.beginPath(); n = 0; }
  }
  ctx.fill(rule); if (outline) ctx.stroke();
  ctx.getImageData(0, 0, 1, 1);
  best = Math.min(best, performance.now() - t);
  }
  console.log(rule, chunk, outline, best.toFixed(1));
}
