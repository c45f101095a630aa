import {readOsmPbf} from '@quartier/engine';
import {joinPieces} from '../../engine/dist/src/render/rings.js';
const file = process.argv[2];
const ways = [];
const need = new Set();
readOsmPbf(file, {way: (w) => { if (w.tags.get('natural') === 'coastline') { const r = Array.from(w.refs.slice(0, w.refCount)); ways.push(r); r.forEach((id) => need.add(id)); } }});
const coords = new Map();
let minLat = 90, maxLat = -90, minLon = 180, maxLon = -180;
readOsmPbf(file, {node: (n) => { if (need.has(n.id)) coords.set(n.id, [n.lat, n.lon]); minLat = Math.min(minLat, n.lat); maxLat = Math.max(maxLat, n.lat); minLon = Math.min(minLon, n.lon); maxLon = Math.max(maxLon, n.lon); }});
console.log('ways', ways.length, 'bbox', minLat, minLon, maxLat, maxLon, 'missing nodes', [...need].filter((id) => !coords.has(id)).length);
const j = joinPieces(ways, true);
console.log('closed', j.closed.length, 'open', j.open.length);
for (const c of j.open) {
  const a = coords.get(c[0]), b = coords.get(c[c.length - 1]);
  const present = c.filter((id) => coords.has(id));
  const fa = coords.get(present[0]), fb = coords.get(present[present.length - 1]);
  console.log(c.length, 'nodes', present.length, 'start', a ?? 'missing', fa, 'end', b ?? 'missing', fb);
}
