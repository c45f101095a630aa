import {Region, KINDS, mercatorX, mercatorY} from '@quartier/engine';
import {Camera} from '../dist/src/camera.js';
const [cc, lat, lon] = process.argv.slice(2);
const region = Region.open(`/tmp/qregions/${cc}`);
const cam = new Camera(+lat, +lon, 16, 1600, 900, 2, 0);
const box = cam.viewBox(64);
const band = region.map.band(16);
const t = performance.now();
const ids = band.search(...box);
console.log('search', (performance.now() - t).toFixed(2), 'ms', ids.length);
const byKind = {};
for (const f of ids) {
  const k = KINDS[band.kind[f]];
  const pts = band.coordStart[band.partStart[f + 1]] - band.coordStart[band.partStart[f]];
  byKind[k] ??= [0, 0, 0];
  byKind[k][0]++; byKind[k][1] += pts; byKind[k][2] = Math.max(byKind[k][2], pts);
}
console.log(byKind);
