// Vector tiles (OpenMapTiles schema) and their TileJSON on the real regions, decoded with
// @mapbox/vector-tile: the layers OpenMapTiles shows at each zoom, their classes and fields, names in
// several languages, geometry inside the tile's buffer, and the HTTP contract (open, gzip, ETag/304,
// 204 for empty tiles, 400 out of range).
import t from 'tap';
import {VectorTile, type VectorTileLayer} from '@mapbox/vector-tile';
import {PbfReader} from 'pbf';
import {getWithHost, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());

/** The tile of a zoom holding a position. */
function tileOf(lat: number, lon: number, z: number): [number, number, number] {
    const n = 2 ** z, r = lat * Math.PI / 180;
    return [z, Math.floor((lon + 180) / 360 * n), Math.floor((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2 * n)];
}

async function tile(cc: string, [z, x, y]: [number, number, number]): Promise<{status: number; headers: Headers; tile: VectorTile | null}> {
    // No key: tiles are open. fetch undoes the gzip Content-Encoding.
    const res = await fetch(`${server.url}/${cc}/tiles/${z}/${x}/${y}.pbf`);
    const body = new Uint8Array(await res.arrayBuffer());
    return {status: res.status, headers: res.headers, tile: res.status === 200 ? new VectorTile(new PbfReader(body)) : null};
}

function features(layer: VectorTileLayer | undefined): {type: number; properties: Record<string, unknown>; geometry: {x: number; y: number}[][]}[] {
    const out = [];
    for (let i = 0; layer && i < layer.length; i++) {
        const f = layer.feature(i);
        out.push({type: f.type, properties: f.properties as Record<string, unknown>, geometry: f.loadGeometry()});
    }
    return out;
}

/** Twice the surveyor's area of a ring in tile coordinates: positive for exterior rings (the spec's winding). */
function area(ring: {x: number; y: number}[]): number {
    let s = 0;
    for (let i = 0; i < ring.length; i++) {
        const a = ring[i], b = ring[(i + 1) % ring.length];
        s += a.x * b.y - b.x * a.y;
    }
    return s;
}

const GRAND_PLACE: [number, number] = [50.8466, 4.3528];

t.test('TileJSON 3.0 names the tiles from the request host, the coverage and every layer', async (t) => {
    const res = await getWithHost(`${server.url}/be/tiles/tile_planet.json`, {Host: 'tiles.example.org'});
    t.equal(res.status, 200);
    t.equal(res.headers.get('access-control-allow-origin'), '*');
    t.match(res.headers.get('cache-control'), /max-age=\d{5,}/);
    const doc = res.body;
    t.equal(doc.tilejson, '3.0.0');
    t.same(doc.tiles, ['http://tiles.example.org/be/tiles/{z}/{x}/{y}.pbf']);
    t.match(res.headers.get('vary'), /Host, X-Forwarded-Host, X-Forwarded-Proto/, 'caches key on what the addresses come from');
    t.equal(doc.minzoom, 0);
    t.equal(doc.maxzoom, 14);
    // MapLibre requests no tile outside the bounds: the world, whose zooms 0–5 the archive holds; the center is the region's.
    t.same(doc.bounds, [-180, -85.051129, 180, 85.051129], 'bounds: the world');
    const [lon, lat, zoom] = doc.center;
    t.ok(lon > 4.25 && lon < 4.5 && lat > 50.75 && lat < 50.95 && zoom === 12, `center in Brussels: ${doc.center}`);
    t.match(doc.attribution, /OpenStreetMap contributors/);
    t.match(doc.attribution, /OpenMapTiles/);
    const ids = doc.vector_layers.map((l: {id: string}) => l.id);
    t.same(ids.slice().sort(), ['aerodrome_label', 'aeroway', 'boundary', 'building', 'housenumber', 'landcover', 'landuse', 'mountain_peak',
        'park', 'place', 'poi', 'transportation', 'transportation_name', 'water', 'water_name', 'waterway']);
    for (const l of doc.vector_layers) {
        t.type(l.fields, 'object', `${l.id} lists its fields`);
        t.ok(l.minzoom >= 0 && l.maxzoom === 14, `${l.id} zooms`);
    }
    t.ok(doc.vector_layers.find((l: {id: string}) => l.id === 'building').fields.render_height, 'building has render_height');
});

t.test('z14 in central Brussels: streets, buildings with heights, house numbers, POIs, names in French and Dutch', async (t) => {
    const res = await tile('be', tileOf(...GRAND_PLACE, 14));
    t.equal(res.status, 200);
    t.equal(res.headers.get('content-type'), 'application/x-protobuf');
    t.equal(res.headers.get('content-encoding'), 'gzip');
    t.equal(res.headers.get('access-control-allow-origin'), '*');
    const vt = res.tile!;
    const roads = features(vt.layers.transportation);
    const classes = new Set(roads.map((f) => f.properties.class));
    for (const c of ['primary', 'secondary', 'tertiary', 'minor', 'path', 'service']) t.ok(classes.has(c), `transportation class ${c}`);
    t.ok(roads.every((f) => f.type === 2 || f.type === 3), 'roads are lines (pedestrian areas polygons)');
    t.ok(roads.some((f) => f.properties.oneway === 1), 'one-way streets are marked');
    t.ok(roads.some((f) => f.properties.class === 'transit' && f.properties.subclass === 'subway' && f.properties.brunnel === 'tunnel'), 'the metro runs in a tunnel');

    const buildings = features(vt.layers.building);
    t.ok(buildings.length > 500, `${buildings.length} buildings`);
    t.ok(buildings.every((f) => f.type === 3 && typeof f.properties.render_height === 'number' && typeof f.properties.render_min_height === 'number'
        && (f.properties.render_height as number) >= (f.properties.render_min_height as number)), 'every building has render heights');

    // The vector tile spec's winding: each polygon starts with an exterior ring (positive surveyor's area).
    t.ok(buildings.every((f) => area(f.geometry[0]) > 0), 'building rings start exterior');

    const numbers = features(vt.layers.housenumber);
    t.ok(numbers.length > 10 && numbers.every((f) => f.type === 1 && /\d/.test(String(f.properties.housenumber))), `${numbers.length} house numbers`);

    const names = features(vt.layers.transportation_name);
    // A road without a name is labelled by its ref (engine test tiles-schema).
    t.ok(names.every((f) => f.properties.ref || (typeof f.properties.name === 'string' && f.properties.name_en && f.properties.name_de)), 'street names with name_en/name_de');
    const bilingual = names.find((f) => f.properties['name:fr'] && f.properties['name:nl'] && f.properties['name:fr'] !== f.properties['name:nl']);
    t.ok(bilingual, `a street named in French and Dutch: ${bilingual?.properties['name:fr']} / ${bilingual?.properties['name:nl']}`);

    const pois = features(vt.layers.poi);
    t.ok(pois.length > 20 && pois.every((f) => f.type === 1 && f.properties.name && f.properties.class && f.properties.subclass && (f.properties.rank as number) >= 1), `${pois.length} POIs with class, subclass and rank`);
    t.ok(pois.some((f) => f.properties.class === 'museum'), 'a museum');

    // Every vertex within the extent and its buffer.
    for (const [name, layer] of Object.entries(vt.layers)) {
        t.equal(layer.extent, 4096, `${name} extent`);
        let outside = 0;
        for (const f of features(layer)) for (const ring of f.geometry) for (const p of ring) if (p.x < -64 || p.x > 4160 || p.y < -64 || p.y > 4160) outside++;
        t.equal(outside, 0, `${name}: every vertex inside the tile and its buffer`);
    }
});

t.test('each layer appears from the zoom OpenMapTiles shows it, not before', async (t) => {
    const layersAt = async (z: number) => Object.keys((await tile('be', tileOf(...GRAND_PLACE, z))).tile?.layers ?? {});
    const z4 = await layersAt(4), z8 = await layersAt(8), z12 = await layersAt(12), z13 = await layersAt(13);
    t.ok(z4.includes('transportation') && z4.includes('place'), `motorways and the city at z4: ${z4}`);
    t.notOk(z4.includes('building') || z4.includes('poi') || z4.includes('housenumber'), 'no buildings, POIs or numbers at z4');
    for (const l of ['landcover', 'landuse', 'water', 'waterway', 'boundary', 'park', 'place', 'transportation_name']) t.ok(z8.includes(l), `${l} at z8`);
    t.ok(z12.includes('poi') && !z12.includes('building') && !z12.includes('housenumber'), `z12: POIs, no buildings or numbers yet (${z12})`);
    t.ok(z13.includes('building') && !z13.includes('housenumber'), `z13: buildings, numbers only at z14 (${z13})`);

    const roads12 = features((await tile('be', tileOf(...GRAND_PLACE, 12))).tile!.layers.transportation);
    t.notOk(roads12.some((f) => f.properties.class === 'minor' || f.properties.class === 'path'), 'no minor streets or paths at z12');
    t.ok(roads12.some((f) => f.properties.class === 'motorway' || f.properties.class === 'trunk'), 'main roads at z12');
});

t.test('place names at low zoom, in many languages', async (t) => {
    const places = features((await tile('be', tileOf(...GRAND_PLACE, 8))).tile!.layers.place);
    const brussels = places.find((f) => f.properties.class === 'city');
    t.ok(brussels, 'the city at z8');
    t.equal(brussels!.properties['name:fr'], 'Bruxelles');
    t.equal(brussels!.properties['name:nl'], 'Brussel');
    t.equal(brussels!.properties.name_en, 'Brussels');
    t.equal(brussels!.properties.name_de, 'Brüssel');
    t.equal(brussels!.properties.rank, 1, 'the city ranks first');
    t.ok(places.some((f) => f.properties.class === 'town'), 'towns around it');
});

t.test('water: ponds, the canal and the sea around Malta', async (t) => {
    const be = (await tile('be', tileOf(...GRAND_PLACE, 12))).tile!;
    t.ok(features(be.layers.water).some((f) => f.properties.class === 'lake' && f.type === 3), 'lakes and ponds');
    t.ok(features(be.layers.waterway).some((f) => f.properties.class === 'canal' && f.type === 2), 'the canal');
    const mt = (await tile('mt', tileOf(35.9, 14.45, 10))).tile!;
    const sea = features(mt.layers.water).filter((f) => f.properties.class === 'ocean');
    t.equal(sea.length, 1, 'the sea is one polygon');
    t.ok(sea[0].geometry.length > 1, 'with the islands cut out');
    t.ok(area(sea[0].geometry[0]) > 0 && sea[0].geometry.slice(1).every((r) => area(r) < 0), 'the sea is the exterior, islands are holes');
});

t.test('Malta: its peaks and aerodromes, labelled, and the airport drawn', async (t) => {
    // Malta's islands (Gozo to Marsaxlokk).
    const [w, s, e, n] = [14.18, 35.8, 14.58, 36.09];
    const [, x0, y0] = tileOf(n, w, 10), [, x1, y1] = tileOf(s, e, 10);
    const found: Record<string, Record<string, unknown>[]> = {mountain_peak: [], aerodrome_label: []};
    for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
            const res = await tile('mt', [10, x, y]);
            for (const layer of Object.keys(found)) found[layer].push(...features(res.tile?.layers[layer]).map((f) => f.properties));
        }
    }
    t.ok(found.mountain_peak.length >= 1 && found.mountain_peak.every((p) => p.class === 'peak' && p.name), `${found.mountain_peak.length} named peaks`);
    t.ok(found.aerodrome_label.length >= 1 && found.aerodrome_label.every((p) => p.name && p.name_en), `aerodromes: ${found.aerodrome_label.map((p) => p.name)}`);
    const airport = features((await tile('mt', tileOf(35.857, 14.4775, 13))).tile!.layers.aeroway);
    t.ok(airport.some((f) => f.properties.class === 'runway' && f.type === 2), 'the runways of Luqa, as lines');
    t.ok(airport.some((f) => f.properties.class === 'aerodrome' && f.type === 3), 'the airport grounds, as a polygon');
    t.ok(airport.some((f) => f.properties.class === 'taxiway') && airport.some((f) => f.properties.class === 'apron'), 'taxiways and aprons');
});

t.test('zooms 0–5 show the world around the region as OpenMapTiles does from Natural Earth', async (t) => {
    // Every tile of zoom 2 (the world fits in 16) has the ocean; the one over Brussels has borders and country names.
    for (let x = 0; x < 4; x++) {
        for (let y = 0; y < 4; y++) {
            const res = await tile('be', [2, x, y]);
            t.equal(res.status, 200, `2/${x}/${y} is served`);
            t.ok(features(res.tile?.layers.water).some((f) => f.properties.class === 'ocean' && f.type === 3), `2/${x}/${y}: ocean`);
        }
    }
    const europe = (await tile('be', tileOf(...GRAND_PLACE, 2))).tile!;
    t.ok(features(europe.layers.boundary).some((f) => f.properties.admin_level === 2 && f.type === 2), 'z2: national borders');
    const countries = features(europe.layers.place).filter((f) => f.properties.class === 'country');
    const france = countries.find((f) => f.properties.iso_a2 === 'FR');
    t.same([france?.properties.name, france?.properties['name:nl'], france?.properties['name:ar']], ['France', 'Frankrijk', 'فرنسا'], 'France, with its names in quartier\'s languages');
    // Zoom 5 near the region (Amsterdam, two tiles around), not far from it (Moscow); zoom 6 the region's own data only.
    t.equal((await tile('be', tileOf(52.37, 4.9, 5))).status, 200, 'z5: Amsterdam, near Brussels');
    t.equal((await tile('be', tileOf(55.75, 37.6, 5))).status, 204, 'z5: Moscow is too far from Brussels');
    t.equal((await tile('be', tileOf(48.85, 2.35, 6))).status, 204, 'z6: only the region (not Paris)');
});

t.test('HTTP: ETag and 304, 204 outside the region, 400 for tiles that do not exist', async (t) => {
    const url = `${server.url}/be/tiles/${tileOf(...GRAND_PLACE, 13).join('/')}.pbf`;
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    t.match(etag, /^".+"$/);
    const again = await fetch(url, {headers: {'If-None-Match': etag!}});
    t.equal(again.status, 304);
    t.equal(again.headers.get('etag'), etag);

    const outside = await tile('be', [14, 0, 0]);
    t.equal(outside.status, 204, 'a tile far from the region is empty');
    t.equal(outside.headers.get('access-control-allow-origin'), '*');
    t.equal((await tile('be', tileOf(35.9, 14.45, 14))).status, 204, 'Malta is not in the Brussels tiles');

    for (const path of ['15/0/0', '14/16384/0', '3/0/8', 'a/0/0', '2/1/1.png', '2/-1/1']) {
        const res = await fetch(`${server.url}/be/tiles/${path}${path.endsWith('.png') ? '' : '.pbf'}`);
        t.equal(res.status, 400, `${path} is refused`);
        const body = await res.json() as {Error: string};
        t.match(body.Error, /tile|Tile/, `${path}: ${body.Error}`);
        t.equal(res.headers.get('access-control-allow-origin'), '*');
    }
});

t.test('X-Forwarded-Host counts only from a trusted proxy: a client cannot write its host into the TileJSON and styles', async (t) => {
    const forwarded = {'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https'};
    // The default trusts loopback (a proxy on the same host): the test client is one.
    const viaProxy = await getWithHost(`${server.url}/be/tiles/tile_planet.json`, forwarded);
    t.same(viaProxy.body.tiles, ['https://evil.example/be/tiles/{z}/{x}/{y}.pbf'], 'from a trusted proxy: its forwarded host');
    const strict = await testServer({'trusted-proxies': '10.1.2.3'});
    t.teardown(() => strict.close());
    const direct = await getWithHost(`${strict.url}/be/tiles/tile_planet.json`, forwarded);
    t.same(direct.body.tiles, [`http://127.0.0.1:${strict.port}/be/tiles/{z}/{x}/{y}.pbf`], 'from anyone else: the Host header');
    const style = await getWithHost(`${strict.url}/be/styles/osm_liberty.json`, forwarded);
    t.equal(style.body.sources.openmaptiles.url, `http://127.0.0.1:${strict.port}/be/tiles/tile_planet.json`);
    const none = await testServer({'trusted-proxies': 'none'});
    t.teardown(() => none.close());
    t.same((await getWithHost(`${none.url}/be/tiles/tile_planet.json`, forwarded)).body.tiles, [`http://127.0.0.1:${none.port}/be/tiles/{z}/{x}/{y}.pbf`]);
    await t.rejects(testServer({'trusted-proxies': 'not-an-address'}), /QUARTIER_TRUSTED_PROXIES: .*give addresses/);
});
