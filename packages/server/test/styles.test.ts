// GET /{cc}/styles/osm_<name>.json: the seven MapLibre styles, valid by the official validator, pointing at
// this server's tiles, glyphs and sprite, with labels in the language asked for; open, cached, ETag/304.
import t from 'tap';
import {validateStyleMin} from '@maplibre/maplibre-gl-style-spec';
import {GLYPH_FONTS, STYLE_NAMES, compileStyle, loadStyle, readMapLibreStyle} from '@quartier/render';
import {get, getWithHost, testServer} from './helpers.js';

const FILES = STYLE_NAMES.map((n) => loadStyle(n).file);
/** The OpenMapTiles vector schema's layers (https://openmaptiles.org/schema/). */
const OMT_LAYERS = ['water', 'waterway', 'landcover', 'landuse', 'mountain_peak', 'park', 'boundary', 'aeroway', 'transportation',
    'building', 'water_name', 'transportation_name', 'place', 'housenumber', 'poi', 'aerodrome_label'];

type Layer = {id: string; type: string; 'source-layer'?: string; layout?: Record<string, unknown>; paint?: Record<string, unknown>};

/** Every string literal an expression can evaluate to (outputs of match/step/case/coalesce, and plain strings). */
function outputs(e: unknown): string[] {
    if (typeof e === 'string') return [e];
    if (!Array.isArray(e)) return [];
    if (e[0] === 'get') return [];
    if (e[0] === 'match') {
        const out: string[] = [];
        for (let i = 3; i < e.length - 1; i += 2) out.push(...outputs(e[i]));
        return [...out, ...outputs(e[e.length - 1])];
    }
    return e.slice(1).flatMap(outputs);
}

t.test('styles', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());

    t.test('the documents served are the ones /image draws from', async (t) => {
        for (const name of STYLE_NAMES) {
            const file = loadStyle(name).file;
            const served = (await get(`${server.url}/be/styles/${file}`, {})).body as {layers: {id: string}[]};
            const drawn = compileStyle(readMapLibreStyle(file), name);
            t.same(served.layers.map((l) => l.id), drawn.layers.map((l) => l.id), `${file}: the same layers in the same order`);
        }
    });

    t.test('every style and language validates with zero errors and uses only served fonts and sprite images', async (t) => {
        const sprite = await get(`${server.url}/sprites/sprite.json`, {});
        const images = new Set(Object.keys(sprite.body));
        for (const file of FILES) {
            for (const language of [undefined, 'FR', 'nl', 'AR', 'el']) {
                const r = await get(`${server.url}/be/styles/${file}${language ? `?language=${language}` : ''}`, {});
                t.equal(r.status, 200, `${file} ${language}`);
                const style = r.body;
                const errors = validateStyleMin(style);
                t.same(errors.map((e: {message: string}) => e.message), [], `${file} ${language ?? ''}: no validation error`);
                t.equal(style.version, 8);
                t.equal(style.sources.openmaptiles.type, 'vector');
                t.equal(style.sources.openmaptiles.url, `${server.url}/be/tiles/tile_planet.json`);
                t.equal(style.glyphs, `${server.url}/fonts/{fontstack}/{range}.pbf`);
                t.equal(style.sprite, `${server.url}/sprites/sprite`);
                t.match(style.sources.openmaptiles.attribution, /OpenStreetMap contributors/);
                let labels = 0;
                for (const layer of style.layers as Layer[]) {
                    if (layer['source-layer']) t.ok(OMT_LAYERS.includes(layer['source-layer']), `${layer.id}: ${layer['source-layer']} is an OpenMapTiles layer`);
                    for (const font of (layer.layout?.['text-font'] as string[] | undefined) ?? []) {
                        if (!GLYPH_FONTS.includes(font)) t.fail(`${file} ${layer.id}: font ${font} is not served`);
                    }
                    // '' is no icon (a POI without an icon of ours shows its name alone).
                    for (const image of outputs(layer.layout?.['icon-image'])) {
                        if (image !== '' && !images.has(image)) t.fail(`${file} ${layer.id}: icon ${image} is not in the sprite`);
                    }
                    const text = JSON.stringify(layer.layout?.['text-field'] ?? null);
                    if (!text.includes('"name"')) continue;
                    labels++;
                    if (language) {
                        const lang = language.toLowerCase();
                        t.ok(text.includes(`["coalesce",["get","name:${lang}"],["get","name"]]`), `${layer.id}: name:${lang}, else name`);
                        t.equal(text.split('["get","name"]').length, text.split(`["get","name:${lang}"]`).length, `${layer.id}: no bare name left`);
                    } else {
                        t.notOk(text.includes('name:'), `${layer.id}: the local name`);
                    }
                }
                t.ok(labels >= 6, `${file}: ${labels} label layers`);
            }
        }
    });

    t.test('3d extrudes buildings by render_height; the others fill them', async (t) => {
        for (const file of FILES) {
            const style = (await get(`${server.url}/be/styles/${file}`, {})).body;
            const buildings = (style.layers as Layer[]).filter((l) => l['source-layer'] === 'building');
            t.equal(buildings.length, 1, file);
            if (file === 'osm_3d.json') {
                t.equal(buildings[0].type, 'fill-extrusion');
                t.match(JSON.stringify(buildings[0].paint), /render_height[\s\S]*render_min_height/);
            } else {
                t.equal(buildings[0].type, 'fill');
            }
        }
    });

    t.test('the styles differ in colour as their namesakes do', async (t) => {
        const background = new Map<string, string>();
        for (const file of FILES) {
            const style = (await get(`${server.url}/be/styles/${file}`, {})).body;
            background.set(file, (style.layers as Layer[])[0].paint!['background-color'] as string);
        }
        t.not(background.get('osm_dark.json'), background.get('osm_liberty.json'));
        t.not(background.get('osm_positron.json'), background.get('osm_liberty.json'));
    });

    t.test('addresses follow X-Forwarded-Host and X-Forwarded-Proto, and the country prefix', async (t) => {
        const r = await getWithHost(`${server.url}/pt/styles/osm_bright.json`, {'X-Forwarded-Host': 'maps.example.org', 'X-Forwarded-Proto': 'https'});
        t.equal(r.status, 200);
        t.equal(r.body.sources.openmaptiles.url, 'https://maps.example.org/pt/tiles/tile_planet.json');
        t.equal(r.body.glyphs, 'https://maps.example.org/fonts/{fontstack}/{range}.pbf');
        t.equal(r.body.sprite, 'https://maps.example.org/sprites/sprite');
        const bad = await getWithHost(`${server.url}/pt/styles/osm_bright.json`, {'X-Forwarded-Host': 'evil"host/x'});
        t.equal(bad.status, 400);
        t.match(bad.body.Error, /X-Forwarded-Host/);
    });

    t.test('open, cached, ETag and 304', async (t) => {
        const r = await get(`${server.url}/be/styles/osm_positron.json?language=FR`, {});
        t.equal(r.status, 200);
        t.equal(r.headers.get('access-control-allow-origin'), '*');
        t.match(r.headers.get('cache-control'), /max-age=\d{5,}/);
        const etag = r.headers.get('etag')!;
        t.match(etag, /^"[\w-]+"$/);
        const again = await fetch(`${server.url}/be/styles/osm_positron.json?language=FR`, {headers: {'If-None-Match': etag}});
        t.equal(again.status, 304);
        t.equal((await again.arrayBuffer()).byteLength, 0);
        const other = await get(`${server.url}/be/styles/osm_positron.json?language=NL`, {'If-None-Match': etag});
        t.equal(other.status, 200, 'another language is another document');
        t.not(other.headers.get('etag'), etag);
    });

    t.test('unknown style, bad language, unserved country', async (t) => {
        const none = await get(`${server.url}/be/styles/osm_nope.json`, {});
        t.equal(none.status, 404);
        t.match(none.body.Error, /No style osm_nope\.json\. Styles: osm_liberty\.json/);
        const lang = await get(`${server.url}/be/styles/osm_liberty.json?language=french!`, {});
        t.equal(lang.status, 400);
        t.match(lang.body.Error, /language/);
        const fr = await get(`${server.url}/fr/styles/osm_liberty.json`, {});
        t.equal(fr.status, 404);
        t.match(fr.body.Error, /FR is not served/);
    });
});
