// renderJpeg's encoder (jpeg.ts: libjpeg-turbo through sharp, standard Huffman tables) against Skia's (canvas.encode at
// quality 100, optimised tables): the same pixels once decoded, for every style, a tilted view and a small image.
import t from 'tap';
import {STYLE_NAMES, renderJpeg, renderMap, type MapImageOptions} from '../src/index.js';
import {pixels, testRegion} from './helpers.js';

t.test('the JPEG decodes to the pixels Skia\'s JPEG at quality 100 decodes to', async (t) => {
    const region = testRegion('BE');
    const cases: MapImageOptions[] = [
        ...STYLE_NAMES.map((_, i) => ({latitude: 50.8461, longitude: 4.3664, width: 800, height: 450, mapStyle: i + 1, pinColor: '#428bff'})),
        {latitude: 50.8434, longitude: 4.3789, width: 640, height: 480, mapStyle: 1, threeDMode: true, pinColor: '#428bff'},
        {latitude: 50.8434, longitude: 4.3789, width: 97, height: 61, mapStyle: 5, pinColor: '#428bff'}
    ];
    for (const options of cases) {
        const ours = await renderJpeg(region, options);
        const skia = await renderMap(region, options).encode('jpeg', 100);
        t.equal(ours[0], 0xff, 'a JPEG');
        const a = pixels(ours, options.width!, options.height!), b = pixels(skia, options.width!, options.height!);
        let differing = 0;
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
        t.equal(differing, 0, `style ${options.mapStyle}${options.threeDMode ? ' tilted' : ''} ${options.width}×${options.height}: the same pixels (${ours.length} against ${skia.length} bytes)`);
    }
});
