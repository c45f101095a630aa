import fs from 'fs';
import {Region} from '@quartier/engine';
import {renderMap, renderJpeg} from '../dist/src/index.js';
const [cc, lat, lon, style = '1', out = '/tmp/r.png', extra = ''] = process.argv.slice(2);
const region = Region.open(`/work/main/build/test-regions/${cc}`);
const opts = {latitude: +lat, longitude: +lon, width: 800, height: 450, mapStyle: +style, pinColor: '#428bff',
  threeDMode: extra.includes('3d'), bigIcon: extra.includes('big'), multiborders: extra.includes('mb')};
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const c = renderMap(region, opts);
  const t1 = performance.now();
  const jpg = await c.encode('jpeg', 100);
  const t2 = performance.now();
  console.log(`render ${(t1 - t).toFixed(1)} ms, jpeg ${(t2 - t1).toFixed(1)} ms, ${jpg.length} bytes`);
  if (i === 0) fs.writeFileSync(out, out.endsWith('.png') ? c.toBuffer('image/png') : jpg);
}
