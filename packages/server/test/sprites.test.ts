// GET /sprites/sprite{,@2x}.{json,png}: the sprite sheet of our POI markers, every entry inside the
// image and drawn, @2x twice the size, named by OpenMapTiles POI class (data/maplibre-styles/poi-icons.json).
import t from 'tap';
import {loadImage, createCanvas} from '@napi-rs/canvas';
import {loadPoiIcons, markerPng} from '@quartier/render';
import {testServer} from './helpers.js';

type Entry = {x: number; y: number; width: number; height: number; pixelRatio: number};

t.test('sprites', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());
    const sheets: Record<string, {json: Record<string, Entry>; png: Buffer}> = {};
    for (const suffix of ['', '@2x']) {
        const json = await fetch(`${server.url}/sprites/sprite${suffix}.json`);
        const png = await fetch(`${server.url}/sprites/sprite${suffix}.png`);
        t.equal(json.status, 200);
        t.equal(png.status, 200);
        t.equal(png.headers.get('content-type'), 'image/png');
        sheets[suffix] = {json: await json.json() as Record<string, Entry>, png: Buffer.from(await png.arrayBuffer())};
    }

    t.test('names: every mapped POI class and subclass, the default marker, airport, oneway', async (t) => {
        const icons = loadPoiIcons();
        const names = Object.keys(sheets[''].json).sort();
        t.same(names, [...new Set([...Object.keys(icons.class), ...Object.keys(icons.subclass), 'poi', 'airport', 'oneway'])].sort());
        t.same(Object.keys(sheets['@2x'].json).sort(), names);
    });

    t.test('every entry lies inside the image, is drawn, and @2x is twice the size', async (t) => {
        for (const [suffix, ratio] of [['', 1], ['@2x', 2]] as const) {
            const image = await loadImage(sheets[suffix].png);
            const canvas = createCanvas(image.width, image.height);
            const ctx = canvas.getContext('2d');
            ctx.drawImage(image, 0, 0);
            const boxes = Object.entries(sheets[suffix].json);
            for (const [name, e] of boxes) {
                t.equal(e.pixelRatio, ratio, name);
                t.ok(e.x >= 0 && e.y >= 0 && e.x + e.width <= image.width && e.y + e.height <= image.height, `${name} inside ${image.width}×${image.height}`);
                const alpha = ctx.getImageData(e.x, e.y, e.width, e.height).data.filter((_, i) => i % 4 === 3);
                t.ok(alpha.some((a) => a > 200), `${name} is drawn`);
                const one = sheets[''].json[name];
                t.same([e.width, e.height], [one.width * ratio, one.height * ratio], `${name} at ${ratio}x`);
                for (const [other, o] of boxes) {
                    if (other !== name && e.x < o.x + o.width && o.x < e.x + e.width && e.y < o.y + o.height && o.y < e.y + e.height) t.fail(`${name} overlaps ${other}`);
                }
            }
        }
    });

    t.test('a class image is the marker /icons24 serves for its icon', async (t) => {
        const icon = loadPoiIcons().class.school;
        const e = sheets['@2x'].json.school;
        const sheet = await loadImage(sheets['@2x'].png);
        const a = createCanvas(e.width, e.height);
        a.getContext('2d').drawImage(sheet, e.x, e.y, e.width, e.height, 0, 0, e.width, e.height);
        const marker = await loadImage(markerPng(icon, 24, 2));
        const b = createCanvas(e.width, e.height);
        b.getContext('2d').drawImage(marker, 0, 0);
        const pa = a.getContext('2d').getImageData(0, 0, e.width, e.height).data;
        const pb = b.getContext('2d').getImageData(0, 0, e.width, e.height).data;
        let diff = 0;
        for (let i = 0; i < pa.length; i++) diff = Math.max(diff, Math.abs(pa[i] - pb[i]));
        t.ok(diff <= 2, `same pixels (largest difference ${diff})`);
    });

    t.test('open, cached, ETag and 304; unknown files are 404', async (t) => {
        const r = await fetch(`${server.url}/sprites/sprite@2x.png`);
        t.equal(r.headers.get('access-control-allow-origin'), '*');
        t.match(r.headers.get('cache-control'), /public, max-age=\d{5,}/);
        const again = await fetch(`${server.url}/sprites/sprite@2x.png`, {headers: {'If-None-Match': r.headers.get('etag')!}});
        t.equal(again.status, 304);
        const none = await fetch(`${server.url}/sprites/sprite@3x.png`);
        t.equal(none.status, 404);
        t.match(((await none.json()) as {Error: string}).Error, /No sprite file sprite@3x\.png: sprite\.json, sprite\.png/);
    });
});
