// The renderer: styles as data, the pin, attribution, options that change the picture, icons,
// labels that never overlap, markers decoded defensively.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {GlobalFonts, createCanvas} from '@napi-rs/canvas';
import {
    CollisionGrid, DEFAULT_ZOOM, MAPLIBRE_STYLES_DIR, MarkerImageError, SVG_LIMITS, checkMarker, checkMarkerSize, STYLE_NAMES, badgePng, compileStyle, decodeMarkerImage,
    isKnownIcon, markerPng, readMapLibreStyle, registerFonts, renderJpeg, renderMap, sniffMarker, styleByIndex, type PlacedSymbol
} from '../src/index.js';
import {PLACES, difference, testRegion} from './helpers.js';
import {layerRange, sceneTile} from '../src/scene/tile-scene.js';
import {regionSections} from '@quartier/engine/internal';

const brussels = PLACES[0];
const base = {latitude: brussels.latitude, longitude: brussels.longitude, width: 400, height: 225, mapStyle: 1, pinColor: '#e0245e'};

t.test('seven styles load from data/maplibre-styles, the MapLibre documents the browser gets', async (t) => {
    t.same(STYLE_NAMES, ['liberty', 'basic', 'bright', '3d', 'positron', 'dark', 'liberty_stonehedge']);
    for (let i = 1; i <= 7; i++) {
        const style = styleByIndex(i);
        t.equal(style.mapStyle, i);
        t.ok(fs.existsSync(path.join(MAPLIBRE_STYLES_DIR, style.file)), style.file);
        t.equal(style.document.version, 8);
        t.ok(style.layers.length > 20, `${style.name}: ${style.layers.length} layers`);
    }
    t.equal(styleByIndex(4).look.extrude, true, 'the 3d style extrudes buildings');
    t.ok(styleByIndex(4).layers.some((l) => l.type === 'fill-extrusion'), 'with a fill-extrusion layer');
});

t.test('a style /image cannot draw is refused, naming the layer and why', async (t) => {
    const doc = readMapLibreStyle('osm_liberty.json') as {layers: Record<string, unknown>[]; metadata: Record<string, unknown>};
    const withLayer = (layer: Record<string, unknown>) => ({...doc, layers: [...doc.layers, layer]});
    t.throws(() => compileStyle(withLayer({id: 'heat', type: 'heatmap', source: 'openmaptiles', 'source-layer': 'poi'}), 'liberty'), /layer \d+ \(heat\): \/image cannot draw layers of type heatmap/);
    t.throws(() => compileStyle(withLayer({id: 'x', type: 'line', 'source-layer': 'transportation', paint: {'line-glow': 3}}), 'liberty'), /\(x\): unknown paint property line-glow/);
    t.throws(() => compileStyle(withLayer({id: 'y', type: 'line', 'source-layer': 'transportation', paint: {'line-width': ['interpolate', ['linear'], ['zoom'], 'ten', 1]}}), 'liberty'), /\(y\): line-width/);
    t.throws(() => compileStyle({...doc, metadata: {...doc.metadata, 'quartier:image': {...(doc.metadata['quartier:image'] as object), font: 'Comic Sans'}}}, 'liberty'), /unknown font Comic Sans/);
    t.throws(() => compileStyle({...doc, metadata: {}}, 'liberty'), /metadata "quartier:image" is missing/);
});

t.test('one source of truth: a change to the style document changes /image', async (t) => {
    const doc = readMapLibreStyle('osm_liberty.json') as {layers: {id: string; paint?: Record<string, unknown>}[]};
    const magenta = structuredClone(doc);
    for (const layer of magenta.layers) {
        if (layer.id === 'background') layer.paint = {'background-color': '#ff00ff'};
        if (layer.id === 'building') layer.paint = {...layer.paint, 'fill-color': '#ff00ff', 'fill-outline-color': '#ff00ff'};
    }
    const share = (options: object) => {
        const data = renderMap(testRegion('BE'), {...base, ...options}).getContext('2d').getImageData(0, 0, 400, 225).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] < 80 && data[i + 2] > 200) n++;
        return n / (data.length / 4);
    };
    t.equal(share({}), 0, 'liberty has no magenta');
    const changed = share({style: compileStyle(magenta, 'liberty')});
    t.ok(changed > 0.15, `the changed document paints ${(changed * 100).toFixed(0)}% of the image magenta`);
});

/** Symbols an image shows, by layer. */
function symbols(country: string, latitude: number, longitude: number, zoom: number, mapStyle = 1): Map<string, PlacedSymbol[]> {
    const placed: PlacedSymbol[] = [];
    renderMap(testRegion(country), {...base, latitude, longitude, zoom, mapStyle, width: 800, height: 450, placed});
    const out = new Map<string, PlacedSymbol[]>();
    for (const p of placed) out.set(p.layer, [...(out.get(p.layer) ?? []), p]);
    return out;
}

t.test('POI, park and square names, one-way arrows; house numbers close up', async (t) => {
    const centre = symbols('BE', brussels.latitude, brussels.longitude, 16);
    const poiNames = (centre.get('poi') ?? []).map((p) => p.text).filter(Boolean);
    t.ok(poiNames.length >= 5, `${poiNames.length} POI names: ${poiNames.slice(0, 6).join(' | ')}`);
    const parkNames = [...poiNames, ...(centre.get('park-label') ?? []).map((p) => p.text)];
    t.ok(parkNames.some((n) => n.startsWith('Parc de Bruxelles')), 'the park is named (as a POI or by the park layer)');
    t.ok((centre.get('road-oneway') ?? []).length >= 3, `${(centre.get('road-oneway') ?? []).length} one-way streets carry arrows`);
    t.notOk(centre.has('housenumber'), 'no house numbers at zoom 16');
    const close = symbols('PT', 41.1496, -8.6109, 18);
    t.ok((close.get('housenumber') ?? []).length >= 5, `${(close.get('housenumber') ?? []).length} house numbers at zoom 18`);
    const valletta = symbols('MT', 35.8989, 14.5146, 18);
    // MapLibre, placing the same style in Chromium, names the palace there too (its square yields to other names).
    t.ok((valletta.get('poi') ?? []).some((p) => /Grandmaster's Palace/.test(p.text)), 'the Grandmaster\'s Palace is named in Valletta');
});

t.test('town and district names at zooms 12 to 14', async (t) => {
    for (const zoom of [12, 13, 14]) {
        const view = symbols('BE', 50.84, 4.37, zoom);
        const names = ['place-city', 'place-suburb', 'place-neighbourhood'].flatMap((l) => (view.get(l) ?? []).map((p) => p.text));
        t.ok(names.length >= 2, `zoom ${zoom}: ${names.join(' | ')}`);
    }
});

t.test("Porto's ring road is not cluttered with junction markers", async (t) => {
    // The VCI (A20) at the Boavista junction, where the old renderer drew about 40 junction icons.
    for (const zoom of [14, 16]) {
        const view = symbols('PT', 41.1605, -8.6436, zoom);
        const icons = [...view.values()].flat().filter((p) => p.icon && p.layer !== 'road-oneway');
        t.ok(icons.length <= 15, `zoom ${zoom}: ${icons.length} icons (${icons.map((p) => p.icon).join(', ')})`);
        t.notOk(icons.some((p) => /junction|motorway/.test(p.icon)), 'none of them a motorway junction');
    }
});

t.test('fonts come from the npm packages', async (t) => {
    registerFonts();
    const families = GlobalFonts.families.map((f) => f.family);
    for (const f of ['Q Roboto', 'Q Roboto Ext', 'Q Noto Sans', 'Q Noto Sans Ext']) t.ok(families.includes(f), f);
});

t.test('the pin is drawn in hexaColor at the centre, the attribution in the corner', async (t) => {
    const canvas = renderMap(testRegion('BE'), base);
    const ctx = canvas.getContext('2d');
    // The pin's body, 15 CSS pixels above its tip (the centre of the image).
    const [r, g, b] = ctx.getImageData(200, 112 - 15, 1, 1).data;
    t.ok(Math.abs(r - 0xe0) < 12 && Math.abs(g - 0x24) < 12 && Math.abs(b - 0x5e) < 12, `pin colour ${r},${g},${b}`);
    // The attribution: dark text on its light box in the bottom-right corner.
    const box = ctx.getImageData(400 - 150, 225 - 14, 150, 14).data;
    let dark = 0;
    for (let i = 0; i < box.length; i += 4) if (box[i] < 120) dark++;
    t.ok(dark > 50, `${dark} dark text pixels in the corner`);
});

t.test('options change the picture', async (t) => {
    const region = testRegion('BE');
    const plain = await renderJpeg(region, base);
    t.equal(plain[0], 0xff, 'JPEG');
    t.equal(plain[1], 0xd8);
    for (const [name, extra] of [['threeDMode', {threeDMode: true}], ['mapStyle 6', {mapStyle: 6}], ['bigIcon', {bigIcon: true}], ['multiborders', {multiborders: true}]] as const) {
        const other = await renderJpeg(region, {...base, width: 800, height: 450, ...extra});
        const reference = await renderJpeg(region, {...base, width: 800, height: 450});
        t.not(Buffer.compare(other, reference), 0, `${name} changes the image`);
    }
    const d = difference(await renderJpeg(region, {...base, threeDMode: true}), plain);
    t.ok(d.changed > 0.05, `threeDMode tilts the whole view (${(d.changed * 100).toFixed(0)}% changed)`);
    t.equal(DEFAULT_ZOOM, 16);
});

t.test('images of any documented size, at the asked size', async (t) => {
    const region = testRegion('MT');
    for (const [w, h] of [[16, 16], [2048, 16], [300, 700]]) {
        const canvas = renderMap(region, {...base, latitude: 35.8989, longitude: 14.5146, width: w, height: h});
        t.same([canvas.width, canvas.height], [w, h]);
    }
});

t.test('zooms 1 to 5 draw the world around the region: sea, land, borders, country names', async (t) => {
    const region = testRegion('BE');
    // [style, water colour, land (background) colour] of the style documents.
    const looks: [number, string, string][] = [[1, '#a0c8f0', '#f8f4f0'], [5, '#c2c8ca', '#f2f3f0'], [6, '#23252d', '#0c0c0c']];
    for (const [mapStyle, water, land] of looks) {
        for (const zoom of [1, 3, 5]) {
            const canvas = renderMap(region, {...base, zoom, mapStyle, width: 400, height: 225});
            const data = canvas.getContext('2d').getImageData(0, 0, 400, 225).data;
            const share = (hex: string) => {
                const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
                let n = 0;
                for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 12) n++;
                return n / (data.length / 4);
            };
            const sea = share(water), ground = share(land);
            t.ok(sea > 0.1 && ground > 0.1, `style ${mapStyle} zoom ${zoom}: ${(sea * 100).toFixed(0)}% sea, ${(ground * 100).toFixed(0)}% land`);
        }
    }
    const countries = (zoom: number) => (symbols('BE', brussels.latitude, brussels.longitude, zoom).get('place-country') ?? []).map((p) => p.text);
    t.ok(countries(1).includes('Russia') && countries(1).includes('Canada'), `zoom 1: ${countries(1).join(', ')}`);
    t.ok(['France', 'Germany', 'United Kingdom'].every((name) => countries(5).includes(name)), `zoom 5: ${countries(5).join(', ')}`);
    t.same(countries(7), [], 'zoom 7 (style zoom 6): the region\'s own data, no country labels');
});

t.test('sizes, zooms and styles outside the limits are refused', async (t) => {
    const region = testRegion('BE');
    t.throws(() => renderMap(region, {...base, zoom: 0}), RangeError);
    t.throws(() => renderMap(region, {...base, width: 0}), RangeError);
    t.throws(() => renderMap(region, {...base, height: 5000}), RangeError);
    t.throws(() => renderMap(region, {...base, zoom: 25}), RangeError);
    t.throws(() => renderMap(region, {...base, latitude: NaN}), RangeError);
    t.throws(() => renderMap(region, {...base, mapStyle: 8}), /no map style 8/);
});

t.test('a position without map data draws the background and the pin', async (t) => {
    const canvas = renderMap(testRegion('BE'), {...base, latitude: 50.5, longitude: 5.5});
    t.same([canvas.width, canvas.height], [400, 225]);
});

t.test('marker icons and line badges', async (t) => {
    t.ok(isKnownIcon(61), 'metro');
    t.ok(isKnownIcon(214), 'a supermarket brand');
    t.notOk(isKnownIcon(9999));
    const png = markerPng(61, 24, 2);
    t.same([png.readUInt32BE(16), png.readUInt32BE(20)], [48, 48]);
    const big = markerPng(61, 32, 2);
    t.same([big.readUInt32BE(16), big.readUInt32BE(20)], [64, 64]);
    const be = testRegion('BE'), pois = regionSections(be).pois;
    let si = 0;
    for (let i = 0; i < pois.count && si === 0; i++) si = pois.subIcon[i];
    const badge = badgePng(be, si, 2);
    t.ok(badge && badge.readUInt32BE(20) === 48, 'badge 24 px high at 2x');
    t.equal(badgePng(be, 0, 2), null);
    t.equal(badgePng(be, 1e9, 2), null);
});

t.test('the collision grid refuses overlaps as MapLibre\'s collision index does', async (t) => {
    const grid = new CollisionGrid(200, 100);
    t.ok(grid.fits(10, 10, 50, 30));
    grid.insert(10, 10, 50, 30);
    t.notOk(grid.fits(40, 20, 80, 40), 'overlap');
    t.notOk(grid.fits(50, 10, 90, 30), 'touching boxes collide (MapLibre compares with <=)');
    t.ok(grid.fits(51, 10, 90, 30), 'a pixel apart');
    t.ok(grid.fits(180, 10, 220, 30), 'across the frame\'s edge: it reaches into the grid');
    t.notOk(grid.fits(210, 10, 240, 30), 'wholly beyond the frame (no margin)');
    t.notOk(grid.inFrame(180, 10, 220, 30), 'not wholly in the frame');
    for (let i = 0; i < 500; i++) grid.insert(100, 50, 101, 51);
    t.notOk(grid.fits(99, 49, 102, 52));
    // Circles: against boxes by geometry, against circles by the sum of the radii.
    t.notOk(grid.hitCircle(150, 20, 10), 'a circle in the open');
    t.ok(grid.hitCircle(60, 20, 11), 'a circle reaching the box');
    t.notOk(grid.hitCircle(58, 38, 9), 'beside the box\'s corner, not on it');
    grid.insertCircle(150, 20, 10);
    t.ok(grid.hitCircle(169, 20, 10), 'radii overlap');
    t.notOk(grid.hitCircle(170, 20, 10), 'radii touch');
    t.ok(grid.hitBox(155, 25, 170, 40), 'a box over the circle');
    t.notOk(grid.hitBox(158, 28, 170, 40), 'a box by the circle\'s rim');
});

t.test('custom markers: PNG or SVG, decoded defensively', async (t) => {
    const canvas = createCanvas(20, 30);
    canvas.getContext('2d').fillRect(0, 0, 20, 30);
    const png = canvas.toBuffer('image/png');
    t.equal(sniffMarker(png), 'png');
    t.equal(decodeMarkerImage(png, 40, 60).width, 20);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/></svg>');
    t.equal(sniffMarker(svg), 'svg');
    t.equal(decodeMarkerImage(svg, 40, 60).width, 40, 'SVG rasterized at the drawn size');
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100000, 16);
    t.throws(() => decodeMarkerImage(bomb, 40, 40), {name: 'MarkerImageError', message: /100000/});
    t.throws(() => decodeMarkerImage(Buffer.from('GIF89a....'), 40, 40), /neither a PNG nor an SVG/);
    t.throws(() => decodeMarkerImage(Buffer.alloc(0), 40, 40), /empty/);
    const bad = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
    t.throws(() => decodeMarkerImage(bad('<script>alert(1)</script>'), 40, 40), /scripts/);
    t.throws(() => decodeMarkerImage(bad('<image href="https://169.254.169.254/x.png"/>'), 40, 40), /external/);
    t.throws(() => decodeMarkerImage(bad('<rect style="fill:url(http://10.0.0.1/x)"/>'), 40, 40), /external/);
    t.throws(() => decodeMarkerImage(Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'), 40, 40), {name: 'MarkerImageError'});
    t.throws(() => decodeMarkerImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY a "b"></svg>'), 40, 40), /entities/);
    // A PNG cut after its header (40 of its bytes) decodes to an image of the size its header says
    // (Skia fills what is missing); it never takes the process down.
    const cut = decodeMarkerImage(png.subarray(0, 40), 40, 40);
    t.same([cut.width, cut.height], [20, 30], 'the cut PNG: the size its header says');
    // What an SVG may cost (svg-budget.ts): an ordinary icon with a drop shadow passes; past a bound, the bound is named.
    const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><defs><filter id="s"><feGaussianBlur stdDeviation="1"/>'
        + '<feOffset dy="1"/></filter></defs><path d="M12 2C8 2 5 5 5 9c0 5 7 13 7 13s7-8 7-13c0-4-3-7-7-7z" filter="url(#s)" fill="#428bff"/>'
        + '<circle cx="12" cy="9" r="3" fill="#fff"/></svg>');
    t.same(checkMarker(icon), {type: 'svg', svg: {drawn: 7, filtered: 1}});
    t.equal(decodeMarkerImage(icon, 48, 48).width, 48);
    t.throws(() => checkMarker(bad('<rect/>'.repeat(SVG_LIMITS.elements))), new MarkerImageError(`the SVG marker has more than ${SVG_LIMITS.elements} elements`));
    t.throws(() => checkMarker(bad('<style>rect { filter: blur(3px) }</style><rect/><rect/>'.repeat(6))), /applies filters to up to/);
    t.throws(() => checkMarker(bad(`<path d="M0 0${' 1e-3,2.5'.repeat(SVG_LIMITS.pathNumbers / 2)}"/>`)), /more than 100000 coordinates/);
    // The same icon at growing sizes: the pixels it is drawn at bound it too.
    const checked = checkMarker(icon);
    t.doesNotThrow(() => checkMarkerSize(checked, 1024, 1024), 'the icon with its shadow at 1024 × 1024');
    t.throws(() => checkMarkerSize(checked, 4096, 4096), /filters 1 elements at 4096 × 4096 pixels \(at most 16 million filtered pixels\)/);
    t.throws(() => checkMarkerSize(checked, 8192, 4096), /drawn at 8192 × 4096 pixels/);
    const many = checkMarker(bad('<rect width="1" height="1"/>'.repeat(1000)));
    t.doesNotThrow(() => checkMarkerSize(many, 256, 256));
    t.throws(() => checkMarkerSize(many, 2048, 2048), /draws 1001 elements at 2048 × 2048 pixels/);
    t.same(checkMarker(png), {type: 'png', svg: null});
    t.doesNotThrow(() => checkMarkerSize(checkMarker(png), 8192, 8192), 'a PNG is scaled, not rasterized: its header bounds it');
});

t.test('a filter on a per-feature tag (a POI rank) is decided feature by feature, not per tag set', async (t) => {
    const doc = readMapLibreStyle('osm_liberty.json') as {layers: {id: string; filter?: unknown}[]};
    const style = compileStyle(doc, 'liberty');
    const poi = style.layers.find((l) => l.id === 'poi')!;
    t.ok(poi.filterPerFeature, 'the poi layer reads rank');
    t.notOk(style.layers.find((l) => l.id === 'building')!.filterPerFeature, 'a filter on class alone is memoized');
    // A central Brussels tile at z14: many POIs of one class and subclass with different ranks.
    const z = 14, n = 2 ** z;
    const x = Math.floor((brussels.longitude + 180) / 360 * n);
    const lat = brussels.latitude * Math.PI / 180;
    const y = Math.floor((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 * n);
    const tile = sceneTile(testRegion('BE'), z, x, y)!;
    const [from, to] = layerRange(tile, 'poi');
    let passed = 0, refused = 0, wrong = 0;
    for (const zoom of [13, 14]) {
        for (let f = from; f < to; f++) {
            const direct = poi.filter!.filter({zoom} as never, tile.feature(f) as never);
            if (tile.passes(poi, f, {zoom}) !== direct) wrong++;
            if (direct) passed++; else refused++;
        }
    }
    t.ok(passed > 0 && refused > 0, `${passed} POIs pass and ${refused} do not, by rank`);
    t.equal(wrong, 0, 'the image takes exactly the POIs the filter takes');
});
