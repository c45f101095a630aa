import {createCanvas, Image} from '@napi-rs/canvas';
import fs from 'fs';
let svg = fs.readFileSync('../../../node_modules/@mapbox/maki/icons/rail-metro.svg','utf8');
svg = svg.replace(/<svg([^>]*?)width="15" height="15"/, '<svg$1width="48" height="48" fill="#ffffff"');
const img = new Image(); img.src = Buffer.from(svg);
console.log('complete', img.complete, img.width, img.height);
const cv = createCanvas(64,64); const g = cv.getContext('2d');
g.fillStyle='#2a6fdb'; g.beginPath(); g.arc(32,32,30,0,Math.PI*2); g.fill();
g.drawImage(img, 8, 8, 48, 48);
fs.writeFileSync('/tmp/svg.png', cv.toBuffer('image/png'));
// bad svg
const bad = new Image(); 
bad.onerror = (e) => console.log('onerror', e.message);
try { bad.src = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://example.com/x.png"/></svg>'); console.log('bad', bad.complete, bad.width); } catch (e) { console.log('threw', e.message); }
const bad2 = new Image(); bad2.onerror = (e) => console.log('onerror2', e.message);
try { bad2.src = Buffer.from('not an image'); console.log('bad2', bad2.complete, bad2.width); } catch (e) { console.log('threw2', e.message); }
setTimeout(()=>{console.log('later', bad2.complete, bad2.width)}, 100);
