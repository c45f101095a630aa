// renderJpeg's encoder (jpeg.ts: libjpeg-turbo through sharp, standard Huffman tables) against Skia's (canvas.encode
// at quality 100, optimised tables): the same pixels once decoded, for every style, a tilted view, small images and
// random translucent ones.
import t from 'tap';
import fc from 'fast-check';
import {createCanvas} from '@napi-rs/canvas';
import {STYLE_NAMES, renderJpeg, renderMap, type MapImageOptions} from '../src/index.js';
import {encodeJpeg} from '../src/jpeg.js';
import {pixels, testRegion} from './helpers.js';

function differing(a: Buffer, b: Buffer, width: number, height: number): number {
    const pa = pixels(a, width, height), pb = pixels(b, width, height);
    let n = 0;
    for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) n++;
    return n;
}

t.test('the JPEG decodes to the pixels Skia\'s JPEG at quality 100 decodes to', async (t) => {
    const region = testRegion('BE');
    const cases: MapImageOptions[] = [
        ...STYLE_NAMES.map((_, i) => ({latitude: 50.8461, longitude: 4.3664, width: 800, height: 450, mapStyle: i + 1, pinColor: '#428bff'})),
        {latitude: 50.8434, longitude: 4.3789, width: 640, height: 480, mapStyle: 1, threeDMode: true, pinColor: '#428bff'},
        {latitude: 50.8434, longitude: 4.3789, width: 97, height: 61, mapStyle: 5, pinColor: '#428bff'},
        {latitude: 50.8434, longitude: 4.3789, width: 120, height: 8, mapStyle: 2, pinColor: '#428bff'},
        {latitude: 50.8434, longitude: 4.3789, width: 33, height: 9, mapStyle: 3, pinColor: '#428bff'}
    ];
    for (const options of cases) {
        const ours = await renderJpeg(region, options);
        const skia = await renderMap(region, options).encode('jpeg', 100);
        t.equal(ours[0], 0xff, 'a JPEG');
        t.equal(differing(ours, skia, options.width!, options.height!), 0,
            `style ${options.mapStyle}${options.threeDMode ? ' tilted' : ''} ${options.width}×${options.height}: the same pixels (${ours.length} against ${skia.length} bytes)`);
    }
});

t.test('random images, translucent pixels among them, decode as Skia codes them', async (t) => {
    // Skia codes the stored (premultiplied) values and leaves alpha out; a canvas drawn with translucent
    // rectangles has such pixels where a map, drawn on its opaque background, has none.
    // Shares in hundredths; an alpha from 1 to 99 % is always translucent.
    const share = fc.integer({min: 0, max: 100});
    const rectangle = fc.record({r: fc.nat(255), g: fc.nat(255), b: fc.nat(255), a: fc.integer({min: 1, max: 99}), x: share, y: share, w: share, h: share});
    await fc.assert(fc.asyncProperty(
        fc.integer({min: 1, max: 90}), fc.integer({min: 1, max: 140}), fc.array(rectangle, {minLength: 1, maxLength: 12}),
        async (width, height, rectangles) => {
            const canvas = createCanvas(width, height), ctx = canvas.getContext('2d');
            for (const q of rectangles) {
                ctx.fillStyle = `rgba(${q.r},${q.g},${q.b},${q.a / 100})`;
                ctx.fillRect(q.x * width / 100, q.y * height / 100, q.w * width / 100, q.h * height / 100);
            }
            return differing(await encodeJpeg(canvas), await canvas.encode('jpeg', 100), width, height) === 0;
        }), {numRuns: 60});
    t.pass('60 random images decode as Skia\'s coding of them');
});
