import {createCanvas} from '@napi-rs/canvas';
const cv = createCanvas(1600, 900); const g = cv.getContext('2d');
g.fillStyle='#f8f4f0'; g.fillRect(0,0,1600,900);
for (let i=0;i<3000;i++){ g.fillStyle = i%2?'#dfdbd7':'#c8e6c1'; g.fillRect(Math.random()*1600, Math.random()*900, 20+Math.random()*30, 20+Math.random()*30);} 
g.strokeStyle='#fff'; g.lineWidth=12; for (let i=0;i<200;i++){g.beginPath(); g.moveTo(Math.random()*1600,Math.random()*900); g.lineTo(Math.random()*1600,Math.random()*900); g.stroke();}
g.font='24px sans-serif'; g.fillStyle='#333'; for (let i=0;i<100;i++) g.fillText('Rue de la Loi', Math.random()*1600, Math.random()*900);
for (let rep=0;rep<4;rep++){
let t = performance.now();
const small = createCanvas(800,450); const sg = small.getContext('2d'); sg.imageSmoothingQuality='high';
sg.drawImage(cv, 0, 0, 800, 450);
const px = sg.getImageData(0,0,1,1);
const t1 = performance.now();
const jpg = small.toBuffer('image/jpeg', 100);
const t2 = performance.now();
const jpg2 = await small.encode('jpeg', 100);
const t3 = performance.now();
const jpg3 = small.toBuffer('image/jpeg', 95);
const t4 = performance.now();
const big = cv.toBuffer('image/jpeg', 100);
const t5 = performance.now();
console.log(`downscale ${(t1-t).toFixed(1)} jpeg100 sync ${(t2-t1).toFixed(1)} (${jpg.length}) async ${(t3-t2).toFixed(1)} q95 ${(t4-t3).toFixed(1)} (${jpg3.length}) 1600 ${(t5-t4).toFixed(1)}`);
}
