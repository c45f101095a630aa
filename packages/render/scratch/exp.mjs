import {Region} from '@quartier/engine';
import {createCanvas} from '@napi-rs/canvas';
import {Camera} from '../dist/src/camera.js';
import {Scene} from '../dist/src/scene.js';
import {styleByIndex} from '../dist/src/style.js';
import {drawFill} from '../dist/src/draw-geometry.js';
const region = Region.open(`/tmp/qregions/PT`);
const style = styleByIndex(1);
const layer = style.layers.find((l) => l.spec.id === 'building');
const cam = new Camera(41.1496, -8.6110, 16, 1600, 900, 2, 0);
const band = region.map.band(16);
const ids = band.search(...cam.viewBox(64));
for (const variant of ['fill+outline', 'fill', 'outline', 'fill nonzero', 'per-feature fill']) {
  const canvas = createCanvas(1600, 900); const ctx = canvas.getContext('2d');
  const scene = new Scene(ctx, cam, band, 16, 2, ids.slice());
  const t = performance.now();
  const spec = {...layer.spec};
  if (variant === 'fill') delete spec.outline;
  if (variant === 'outline') delete spec.color;
  if (variant === 'fill nonzero' || variant === 'per-feature fill') {
    ctx.fillStyle = spec.color;
    const {kindStart} = scene;
    if (variant === 'fill nonzero') ctx.beginPath();
    for (let i = kindStart[layer.kind]; i < kindStart[layer.kind + 1]; i++) { if (variant !== 'fill nonzero') ctx.beginPath(); scene.trace(scene.ids[i], true); if (variant !== 'fill nonzero') ctx.fill(); }
    if (variant === 'fill nonzero') ctx.fill('nonzero');
  } else drawFill(scene, {...layer, spec});
  const t1 = performance.now();
  ctx.getImageData(0, 0, 1, 1);
  const t2 = performance.now();
  console.log(variant, (t1 - t).toFixed(1), (t2 - t1).toFixed(1));
}
