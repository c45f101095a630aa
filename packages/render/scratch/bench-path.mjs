import {createCanvas, Path2D} from '@napi-rs/canvas';
const cv = createCanvas(1600, 900); const g = cv.getContext('2d');
const N = 50000;
const xs = new Float32Array(N), ys = new Float32Array(N);
for (let i = 0; i < N; i++) { xs[i] = Math.random()*1600; ys[i] = Math.random()*900; }
for (let rep = 0; rep < 3; rep++) {
let t = performance.now();
g.beginPath();
for (let i = 0; i < N; i += 5) { g.moveTo(xs[i], ys[i]); for (let k=1;k<5;k++) g.lineTo(xs[i+k], ys[i+k]); g.closePath(); }
const t1 = performance.now();
g.fillStyle = '#888'; g.fill('evenodd');
const t2 = performance.now();
let s = '';
for (let i = 0; i < N; i += 5) { s += 'M' + xs[i].toFixed(1) + ' ' + ys[i].toFixed(1); for (let k=1;k<5;k++) s += 'L' + xs[i+k].toFixed(1) + ' ' + ys[i+k].toFixed(1); s += 'Z'; }
const t3 = performance.now();
const p = new Path2D(s);
const t4 = performance.now();
g.fill(p, 'evenodd');
const t5 = performance.now();
const p2 = new Path2D();
for (let i = 0; i < N; i += 5) { p2.moveTo(xs[i], ys[i]); for (let k=1;k<5;k++) p2.lineTo(xs[i+k], ys[i+k]); p2.closePath(); }
const t6 = performance.now();
console.log(`ctx path ${(t1-t).toFixed(1)} fill ${(t2-t1).toFixed(1)} | str ${(t3-t2).toFixed(1)} parse ${(t4-t3).toFixed(1)} fill ${(t5-t4).toFixed(1)} | path2d build ${(t6-t5).toFixed(1)}`);
}
let t = performance.now();
const small = createCanvas(800,450); const sg = small.getContext('2d'); sg.imageSmoothingQuality='high';
sg.drawImage(cv, 0, 0, 800, 450);
const t1 = performance.now();
const jpg = small.toBuffer('image/jpeg', 100);
const t2 = performance.now();
const jpg2 = await small.encode('jpeg', 100);
const t3 = performance.now();
console.log(`downscale ${(t1-t).toFixed(1)} jpeg sync ${(t2-t1).toFixed(1)} (${jpg.length}) async ${(t3-t2).toFixed(1)}`);
