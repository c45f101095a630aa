import fs from 'fs';
import {createCanvas} from '@napi-rs/canvas';
import {Region} from '@quartier/engine';
import {renderMap} from '../dist/src/index.js';
const [cc, lat, lon, out, extra = '', w = '400', h = '225'] = process.argv.slice(2);
const region = Region.open(`/work/main/build/test-regions/${cc}`);
const W = +w, H = +h;
const sheet = createCanvas(W * 2, H * 4); const g = sheet.getContext('2d');
g.fillStyle = '#fff'; g.fillRect(0, 0, W * 2, H * 4);
for (let s = 1; s <= 8; s++) {
  const style = s === 8 ? 4 : s;
  const c = renderMap(region, {latitude: +lat, longitude: +lon, width: W, height: H, mapStyle: style, pinColor: '#e0245e',
    threeDMode: s === 8 || extra.includes('3d'), bigIcon: extra.includes('big'), multiborders: extra.includes('mb')});
  g.drawImage(c, ((s - 1) % 2) * W, Math.floor((s - 1) / 2) * H);
}
fs.writeFileSync(out, sheet.toBuffer('image/png'));
