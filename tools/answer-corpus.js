#!/usr/bin/env node
// The answer corpus (issue 26): a fixed list of 2,610 requests over every endpoint, region and language, recorded
// against a real server, so a refactoring can prove that every answer is unchanged, byte for byte (images and other
// binaries by their SHA-256), and with --build that the region bundles it builds are unchanged too.
//
//   node tools/answer-corpus.js record OUT.ndjson [--bundles DIR [--hash-bundles] | --build DIR] [--concurrency N] [--verbose]
//                                 [--regions-file FILE] [--country CC] [--source-names-volatile]
//       --bundles DIR    serve these bundles (default build/test-regions, the 5 test regions)
//       --hash-bundles   also record the served bundles' files as entries (as --build does, without building)
//       --build DIR      first build every configured region into DIR with the current code (forced), then record
//                        every bundle file as an entry too (by content, without build times: see VOLATILE), serve DIR
//       --concurrency N  requests in flight (default 2; answers do not depend on it)
//       --regions-file F serve (and build) the regions of this regions file instead of data/regions.json
//       --country CC     only this region (its requests, its /health, its bundle files)
//       --source-names-volatile  blank what names the data's files, their dates and the bundle's id (in /health and
//                        the manifest): to compare an updated region with a fresh build of the newer extract
//                        (docs/regions.md, "Updating a region")
//   node tools/answer-corpus.js compare A.ndjson B.ndjson
//       how many entries are identical; for each that differs: its id, url and the first difference (for JSON, the
//       first differing path). Entries on one side only are listed; bundle entries that only one side has (one run
//       with --build, the other without) are listed but do not fail. Exit 1 when anything differs, else 0.
//
// After a refactor (from the repository root of the refactored tree; the record run takes about 4 minutes on the
// loaded 2-core machine, 3 of them building):
//   npx tsc -b
//   node tools/answer-corpus.js record /tmp/after.ndjson --build /tmp/after-bundles
//   node tools/answer-corpus.js compare /work/corpus/baseline-built.ndjson /tmp/after.ndjson
// A --build run against a --build run is the full check: answers and bundle files. The baseline was recorded at
// ff6cb17 (/work/corpus/baseline-built.ndjson; /work/corpus/baseline.ndjson served build/test-regions, without bundle
// entries). build/test-regions is shared and rebuilt by whichever tree's tests find it outdated, so a run serving it
// checks whatever code built it last: the meta line (first line, not compared) lists the served inputHashes.
//
// The server is started through the stable CLI (packages/server/package.json "bin".quartier), cold: no answers
// cache, no warm-up, 2 workers, a fixed Host header (tile and style documents hold the host). Requests run 2 at a
// time; answers do not depend on order (checked by recording twice). What differs between two runs at the same
// commit is listed in VOLATILE below and blanked before hashing; nothing else is.
import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {mulberry32} from '@quartier/engine/internal';
import {bundleEntries} from './answer-corpus-bundles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEYS = {backend: 'quartier-dev-backend-key', frontend: 'quartier-dev-frontend-key', beOnly: 'quartier-dev-be-only-key', unknown: 'no-such-key-0000'};
/** Text answers up to this size keep their body in the corpus (to show a difference); larger ones only their hash. */
const BODY_KEPT = 64 * 1024;
/** Response headers recorded and compared (not Date, request ids, keep-alive or Last-Modified). */
const HEADERS_KEPT = ['nz', 'allow', 'retry-after', 'content-encoding', 'cache-control', 'etag', 'vary', 'access-control-allow-origin', 'location'];
const SEED = 0x26c0de;

/**
 * What differs between two runs at the same commit, and nothing more (each found by recording twice):
 * - /health, /{cc}/health: regions[].builtAt is the bundle's build time (manifest.json's builtAt), and
 *   regions[].bytes the sections' total size, which moves with the digits of the build times the contraction
 *   hierarchies' sections record (see the bundles below; their arrays are compared there, by content).
 * - /route, /matrix (GET and POST): info.took is the milliseconds the search took.
 * - /tiles/{z}/{x}/{y}: the ETag starts with the first 16 hex digits of the bundle's inputHash, which hashes the
 *   engine's compiled code (engineCodeHash in region/build.ts): any code change, a pure refactoring included,
 *   changes it by design. Only that prefix is blanked; the "-z-x-y" rest is compared.
 * - /metrics: counters and latency histograms of the process so far (the status and type are still compared).
 * - Static files (express.static / sendFile: the playground page and its files, /vendor/...): the ETag is weak,
 *   made of the file's size and mtime, and the mtime is the checkout's.
 * Bundles (--build): manifest.json without builtAt, buildSeconds, the timings under stats (contractionSeconds, every
 * 'seconds', 'ms' and naturalEarthMs), sections.*.bytes (the files' sizes: see 'seconds' below) and inputHash (it hashes the engine's code, see the tiles' ETag; the sources' own hashes stay). A .bin
 * section is hashed by content: its kind, version, meta (without 'seconds': the contraction hierarchies record their
 * build time there, and its digits move every array's offset) and each array's type, length and bytes, in order.
 */
const VOLATILE = [
    {match: (r) => /^(\/[a-z]{2})?\/health$/.test(r.pathname), json: [['regions', '*', 'builtAt'], ['regions', '*', 'bytes']]},
    {match: (r) => /^(\/[a-z]{2})?\/(route|matrix)$/i.test(r.pathname), json: [['info', 'took']]},
    {match: (r) => /^(\/[a-z]{2})?\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(r.pathname), etag: (v) => v.replace(/^"[0-9a-f]{16}-/, '"<inputHash>-')},
    {match: (r) => r.pathname === '/metrics', body: true},
    {match: (r) => r.pathname === '/' || /^\/(playground|vendor)\//.test(r.pathname), headers: ['etag']}
];
/** --source-names-volatile: /health's names and dates of the data's files, and the bundle's id (answer-corpus-bundles.js). */
const SOURCE_NAMES_RULE = {match: (r) => /^(\/[a-z]{2})?\/health$/.test(r.pathname), json: [['regions', '*', 'sources', '*', 'file'], ['regions', '*', 'sources', '*', 'date'],
    ['regions', '*', 'licences', '*', 'file'], ['regions', '*', 'dataDate'], ['regions', '*', 'bundleId']]};

// ---------------------------------------------------------------------------------------------------------------
// The request list


/** Even-odd point-in-polygon over every ring of a GeoJSON MultiPolygon ([lon, lat]). */
function inside(multi, lon, lat) {
    let odd = false;
    for (const poly of multi.coordinates) for (const ring of poly) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i], [xj, yj] = ring[j];
            if ((yi > lat) !== (yj > lat) && lon < (xj - xi) * (lat - yi) / (yj - yi) + xi) odd = !odd;
        }
    }
    return odd;
}

function bboxOf(multi) {
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    for (const poly of multi.coordinates) for (const [x, y] of poly[0]) {
        b[0] = Math.min(b[0], x); b[1] = Math.min(b[1], y); b[2] = Math.max(b[2], x); b[3] = Math.max(b[3], y);
    }
    return b;
}

/** Positions inside the region's covered area, 5 decimals (as a client would send). */
function positions(region, random, n) {
    const b = bboxOf(region.coverage), out = [];
    for (let tries = 0; out.length < n && tries < n * 200; tries++) {
        const lon = +(b[0] + random() * (b[2] - b[0])).toFixed(5), lat = +(b[1] + random() * (b[3] - b[1])).toFixed(5);
        if (inside(region.coverage, lon, lat)) out.push([lat, lon]);
    }
    return out;
}

/** Per region: address queries (search), and short prefixes of them (autocomplete). */
const QUERIES = {
    BE: ['Rue de la Loi 16, 1000 Bruxelles', 'Grand-Place', 'gare centrale', 'Avenue Louise 200', 'Wetstraat', 'Rue Neuve', 'Boulevard Anspach 1', 'Ixelles', 'Place Flagey', 'Rue du Midi 50', 'Chaussee de Waterloo', 'Gare du Midi', 'rue de la lio', 'Schaerbeek', 'Rue Royale 100'],
    PT: ['Avenida dos Aliados, Porto', 'Rua de Santa Catarina 100', 'Casa da Música', 'Trindade', 'Rua das Flores', 'Matosinhos', 'Praça da Liberdade', 'Boavista', 'Rua de Cedofeita 50', 'Campanhã', 'Avenida da Boavista 1000', 'Ribeira', 'rua santa catrina', 'Vila Nova de Gaia', 'Bolhão'],
    MT: ['Triq Birkirkara', 'Birkirkara', 'Valletta', 'Sliema', 'Triq ir-Repubblika, Valletta', 'Mdina', 'St Julians', 'Triq il-Kbira', 'Mosta', 'Marsaskala', 'Tiq Birkirkara', 'Gozo', 'Victoria', 'Triq San Pawl', 'Rabat'],
    IT: ['Via Torino, Milano', 'Piazza del Duomo', 'Corso Buenos Aires 10', 'Via Dante', 'Stazione Centrale', 'Corso Como', 'Navigli', 'Via Montenapoleone', 'Piazza Cadorna', 'Via Larga 1', 'Porta Garibaldi', 'Brera', 'via trino', 'Corso Venezia 20', 'Castello Sforzesco'],
    UK: ['Oakham', 'High Street, Oakham', 'Uppingham', 'Rutland Water', 'Station Road', 'Market Place', 'Cottesmore', 'Empingham', 'Ketton', 'Barleythorpe', 'Oakam', 'Ryhall', 'Church Street', 'Main Street 10', 'London Road'],
    DE: ['Pontstraße, Aachen', 'Aachen Hbf', 'Theaterstraße 10', 'Markt', 'Elisenbrunnen', 'Burtscheid', 'Jülicher Straße 100', 'Adalbertstraße', 'RWTH', 'Kaiserplatz', 'Dom', 'Templergraben 55', 'ponstrasse', 'Krefelder Straße', 'Lousberg']
};
const MODES = ['Driving', 'Walking', 'Bicycling', 'Transit'];
const STYLES = ['osm_liberty.json', 'osm_basic.json', 'osm_bright.json', 'osm_3d.json', 'osm_positron.json', 'osm_dark.json', 'osm_liberty_stonehedge.json'];
/** Icon ids of data/maplibre-styles/icons.json at the baseline (a fixed list: the request list must not follow the tree). */
const ICONS = ['11', '30', '31', '32', '35', '40', '41', '45', '60', '61', '62', '77', '78', '90', '91', '93', '94', '95', '96', '97', '98', '99', '100', '200', '99999'];

function q(params) {
    return Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
}
const ll = ([lat, lon]) => `${lat},${lon}`;

/**
 * Every request of one region, in a fixed order (the stages below, each a family of endpoints). `r.add` alternates
 * the two ways of naming the country: the /{cc}/ prefix and the Host header ({subdomain}.quartier.local).
 */
function regionRequests(region, random) {
    const cc = region.country, langs = region.languages, list = [];
    let n = 0;
    const pos = positions(region, random, 60);
    const r = {
        cc, langs, subdomain: region.subdomain, random,
        count: () => n,
        lang: () => langs[n % langs.length],
        p: (i) => pos[i % pos.length],
        add(family, p, opts = {}) {
            const byHost = n++ % 2 === 1;
            list.push({family, region: cc, method: opts.method ?? 'GET', path: byHost ? p : `/${cc.toLowerCase()}${p}`,
                host: byHost ? `${region.subdomain}.quartier.local` : undefined, key: opts.key === undefined ? 'backend' : opts.key,
                headers: opts.headers, body: opts.body});
        }
    };
    for (const stage of [poiRequests, routingRequests, geolocationRequests, imageRequests, neighbourhoodRequests, mapRequests, errorRequests]) stage(r);
    return list;
}

/** /points (boxes of 0.3 to 2 km, filters, grouped, summary, wide, too large), /simplifiedcategories, /categories. */
function poiRequests(r) {
    const {add, lang, p, random} = r;
    // /points: boxes of 0.3 to 2 km, filters, grouped, summary, wide, too large.
    for (let i = 0; i < 90; i++) {
        const [lat, lon] = p(i), h = 0.002 + random() * 0.012, w = 0.003 + random() * 0.015;
        const b1 = `${(lat - h).toFixed(5)},${(lon - w).toFixed(5)}`, b2 = `${(lat + h).toFixed(5)},${(lon + w).toFixed(5)}`;
        const kind = i % 6;
        add('points', `/points?${q({bound1: b1, bound2: b2, language: lang(),
            groupSamePositions: kind === 1 ? 'true' : undefined,
            poiTypesIds: kind === 2 ? '10020003000001,10030001000001' : kind === 3 ? '10030001000001' : undefined,
            summaryMode: kind === 4 ? 'true' : undefined})}`);
    }
    const [clat, clon] = p(0);
    add('points', `/points?${q({bound1: `${clat - 0.2},${clon - 0.3}`, bound2: `${clat + 0.2},${clon + 0.3}`, language: 'EN'})}`);
    add('points', `/points?${q({bound1: `${clat - 0.2},${clon - 0.3}`, bound2: `${clat + 0.2},${clon + 0.3}`, language: 'EN', caringForBigResponse: 'false', summaryMode: 'true'})}`);
    add('points', `/points?${q({bound1: ll(p(1)), bound2: ll(p(2)), language: 'XX1'})}`);
    add('points', `/points?${q({bound1: ll(p(1)), language: 'EN'})}`);

    for (const l of [...r.langs, 'EN', 'ZZ']) {
        add('categories', `/simplifiedcategories?${q({language: l})}`);
        add('categories', `/categories?${q({language: l})}`);
    }
}

/** /route, /matrix, /isochrone and its variants, every mode. */
function routingRequests(r) {
    const {add, lang, p} = r, [clat, clon] = p(0);
    // /route: every mode, 10 pairs each (a region without GTFS answers Transit with a 400: recorded as such).
    for (const mode of MODES) {
        for (let i = 0; i < 16; i++) {
            const a = p(3 + i * 2), b = i % 3 === 0 ? [+(a[0] + 0.004).toFixed(5), +(a[1] + 0.006).toFixed(5)] : p(4 + i * 2);
            add('route', `/route?${q({travelMode: i % 4 === 3 ? MODES.indexOf(mode) + 1 : mode, startLatitude: a[0], startLongitude: a[1],
                arrivalLatitude: b[0], arrivalLongitude: b[1], language: ['EN', 'FR', 'NL', 'DE', 'IT', 'ES', 'PT', 'CA'][(i + r.count()) % 8]})}`);
        }
    }
    add('route', `/route?${q({travelMode: 'Walking', startLatitude: clat, startLongitude: clon, arrivalLatitude: clat, arrivalLongitude: clon})}`);
    add('route', `/route?${q({travelMode: 'Flying', startLatitude: clat, startLongitude: clon, arrivalLatitude: p(1)[0], arrivalLongitude: p(1)[1]})}`);

    // /matrix: GET (with and without destinations) and POST (JSON body) for every mode.
    for (const mode of MODES) {
        add('matrix', `/matrix?${q({travelMode: mode, sources: [p(10), p(11), p(12)].map(ll).join(';'), destinations: [p(13), p(14)].map(ll).join(';')})}`);
        add('matrix', `/matrix?${q({travelMode: mode, sources: [p(15), p(16), p(17), p(18)].map(ll).join(';')})}`);
        const sources = [p(20), p(21), p(22), p(23), p(24)], destinations = [p(25), p(26), p(27), p(28), p(29), p(30)];
        add('matrix', '/matrix', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({travelMode: mode, sources, destinations})});
        add('matrix', '/matrix', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({travelMode: mode, sources: [p(31), p(32)]})});
    }
    add('matrix', `/matrix?${q({travelMode: 'Driving', sources: '91,200'})}`);
    add('matrix', '/matrix', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{"travelMode": "Driving", "sources": [[1,'});

    // /isochrone, /isochrone/TravelTime, /isochrone/GetMultipleTimes.
    for (let i = 0; i < 12; i++) add('isochrone', `/isochrone?${q({travelMode: MODES[i % 3], latitude: p(33 + i)[0], longitude: p(33 + i)[1], numberOfSeconds: [300, 600, 900, 1200][i % 4]})}`);
    add('isochrone', `/isochrone?${q({travelMode: 4, latitude: p(42)[0], longitude: p(42)[1], numberOfSeconds: 600})}`);
    for (let i = 0; i < 6; i++) add('isochrone', `/isochrone/TravelTime?${q({travelMode: (i % 3) + 1, latitude: p(43 + i)[0], longitude: p(43 + i)[1], numberOfSeconds: [300, 600][i % 2]})}`);
    for (let i = 0; i < 4; i++) add('isochrone', `/isochrone/GetMultipleTimes?${q({travelMode: MODES[i], latitude: p(49 + i)[0], longitude: p(49 + i)[1], language: lang()})}`);
    add('isochrone', `/isochrone?${q({travelMode: 'Walking', latitude: clat, longitude: clon, numberOfSeconds: 5})}`);
}

/** /geolocation: search, autocomplete near a position, reverse. */
function geolocationRequests(r) {
    const {add, lang, p} = r;
    // /geolocation: search (each language, some with a limit), autocomplete near a position, reverse.
    const queries = QUERIES[r.cc] ?? ['Main Street'];
    queries.forEach((address, i) => add('geolocation', `/geolocation?${q({address, language: lang(), limit: i % 4 === 0 ? 3 : undefined})}`));
    queries.forEach((address, i) => add('geolocation', `/geolocation?${q({address, language: ['EN', 'FR', 'DE', 'IT', 'PT'][i % 5]})}`));
    queries.forEach((address, i) => add('geolocation', `/Geolocation/GetClose?${q({latitude: p(i)[0], longitude: p(i)[1], address: address.slice(0, 3 + (i % 6)), language: lang()})}`));
    for (let i = 0; i < 40; i++) add('geolocation', `/geolocation/reverse?${q({latitude: p(i * 2)[0], longitude: p(i * 2)[1], language: lang()})}`);
    add('geolocation', `/geolocation?${q({language: 'EN'})}`);
    add('geolocation', `/geolocation?${q({address: '!!!', language: 'EN'})}`);
}

/** /image (hash only). */
function imageRequests(r) {
    const {add, p} = r, [clat, clon] = p(0);
    // /image: sizes, styles, 3D, big icons, borders, zooms (hash only); the marker rules' errors.
    for (let i = 0; i < 14; i++) {
        add('image', `/image?${q({latitude: p(i)[0], longitude: p(i)[1], hexaColor: ['428BFF', 'f00', 'A0A0A0'][i % 3],
            width: [200, 400, 320, 160][i % 4], height: [150, 225, 240, 120][i % 4], mapStyle: (i % 7) + 1,
            threeDMode: i % 5 === 2 ? 'true' : undefined, bigIcon: i % 3 === 1 ? 'true' : undefined,
            multiborders: i % 4 === 3 ? 'true' : undefined, zoom: [undefined, 14, 17, 10, 5][i % 5]})}`);
    }
    add('image', `/image?${q({latitude: clat, longitude: clon, hexaColor: '428BFF', width: 200, height: 150, customMarkerUrl: 'https://example.com/m.png'})}`);
    add('image', `/image?${q({latitude: clat, longitude: clon, hexaColor: '428BFF', width: 200, height: 150, customMarkerUrl: 'https://127.0.0.1/m.png', customMarkerWidth: 20, customMarkerHeight: 30})}`);
    add('image', `/image?${q({latitude: clat, longitude: clon, hexaColor: 'zz', width: 5000, height: 150})}`);
    add('image', `/image?${q({latitude: clat, longitude: clon, hexaColor: '428BFF', width: 200, height: 150})}`, {key: 'frontend', headers: {Origin: 'http://localhost'}});
}

/** /summary, /summary/text, /summary/text-and-data, /scores, /enrichment, POST /enrichment/batch. */
function neighbourhoodRequests(r) {
    const {add, lang, p} = r, [clat, clon] = p(0);
    // Neighbourhood answers: /summary, /summary/text, /summary/text-and-data, /scores, /enrichment.
    for (let i = 0; i < 12; i++) {
        const [lat, lon] = p(40 + i);
        add('summary', `/summary?${q({latitude: lat, longitude: lon, language: lang()})}`);
        add('summary/text', `/summary/text?${q({latitude: lat, longitude: lon})}`);
        add('summary/text-and-data', `/summary/text-and-data?${q({latitude: lat, longitude: lon, language: lang()})}`);
        add('scores', `/scores?${q({latitude: lat, longitude: lon, language: lang()})}`);
        add('enrichment', `/enrichment?${q({latitude: lat, longitude: lon, language: i === 7 ? undefined : lang()})}`);
        if (i % 3 === 0) add('summary', `/summary?${q({latitude: lat, longitude: lon, language: 'ZH'})}`);
    }
    add('summary', `/summary?${q({latitude: 0, longitude: 0, language: 'EN'})}`);
    add('enrichment', `/enrichment?${q({latitude: clat, longitude: clon, language: 'ZH'})}`);
    add('enrichment', `/enrichment?${q({latitude: clat, longitude: clon})}`, {key: 'frontend', headers: {Origin: 'http://localhost'}});

    // POST /enrichment/batch: NDJSON and a JSON array, one bad listing each.
    const listings = [0, 1, 2, 3].map((i) => ({id: `${r.cc}-${i}`, latitude: p(50 + i)[0], longitude: p(50 + i)[1]}));
    add('enrichment/batch', `/enrichment/batch?${q({language: r.langs[0]})}`, {method: 'POST', headers: {'Content-Type': 'application/x-ndjson'},
        body: [...listings, {id: 'bad', latitude: 'x', longitude: 1}].map((l) => JSON.stringify(l)).join('\n') + '\n'});
    add('enrichment/batch', '/enrichment/batch', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify([...listings.slice(0, 2), {id: 'far', latitude: 0, longitude: 0}])});
}

/** Vector tiles and styles (open: no key). */
function mapRequests(r) {
    const {add, p} = r;
    // Vector tiles around positions, every zoom, plus empty (204) and impossible (400) tiles; TileJSON.
    add('tiles', '/tiles/tile_planet.json');
    for (let i = 0; i < 75; i++) {
        const z = i % 15, [lat, lon] = p(i), x = Math.floor((lon + 180) / 360 * 2 ** z);
        const y = Math.floor((1 - Math.log(Math.tan(lat * Math.PI / 180) + 1 / Math.cos(lat * Math.PI / 180)) / Math.PI) / 2 * 2 ** z);
        add('tiles', `/tiles/${z}/${x}/${y}.pbf`, {key: null, headers: i % 2 ? {'Accept-Encoding': 'gzip'} : undefined});
    }
    add('tiles', '/tiles/14/0/0.pbf', {key: null});
    add('tiles', '/tiles/15/0/0.pbf', {key: null});
    add('tiles', '/tiles/3/9/0.pbf', {key: null});
    add('tiles', '/tiles/a/b/c.pbf', {key: null});

    // Styles: each document, without and with a label language.
    STYLES.forEach((file, i) => {
        add('styles', `/styles/${file}`, {key: null});
        add('styles', `/styles/${file}?${q({language: r.langs[i % r.langs.length]})}`, {key: null});
    });
    add('styles', '/styles/osm_nothing.json', {key: null});
}

/** Keys, country, methods, parameters, sizes. */
function errorRequests(r) {
    const {add, p} = r;
    // Errors: keys, country, methods, parameters.
    const route = `/route?${q({travelMode: 'Walking', startLatitude: p(1)[0], startLongitude: p(1)[1], arrivalLatitude: p(2)[0], arrivalLongitude: p(2)[1]})}`;
    add('errors', route, {key: null});
    add('errors', route, {key: 'unknown'});
    add('errors', route, {key: 'beOnly'});
    add('errors', route, {headers: {Origin: 'https://attacker.example'}});
    add('errors', route, {key: 'frontend', headers: {Origin: 'http://localhost'}});
    add('errors', route, {key: 'frontend', headers: {Origin: 'https://other.example'}});
    add('errors', route, {key: 'frontend', headers: {'X-Service-App-Id': 'com.example.quartier', 'X-Service-Platform': 'android'}});
    add('errors', route, {key: 'frontend', headers: {'X-Service-App-Id': 'com.unknown.app', 'X-Service-Platform': 'ios'}});
    add('errors', route, {method: 'POST'});
    add('errors', route, {method: 'OPTIONS', key: null, headers: {Origin: 'http://localhost', 'Access-Control-Request-Method': 'GET'}});
    // The key as a query parameter ('$backend' is replaced by the key's value when sent, never recorded).
    add('errors', `/points?${q({bound1: ll(p(1)), bound2: ll(p(2)), language: 'EN'})}&licensekey=$backend`, {key: null});
    add('errors', `/scores?${q({latitude: p(3)[0], longitude: p(3)[1], language: 'EN'})}`, {headers: {'X-Forwarded-Host': `${r.subdomain}.example.org`}});
    add('errors', `/scores?${q({latitude: p(3)[0], longitude: p(3)[1], language: 'EN'})}`, {headers: {'X-Big': 'x'.repeat(20000)}});
    add('errors', '/no/such/endpoint');
    add('errors', '/summary?latitude=abc&longitude=4&language=EN');
    add('errors', '/route?travelMode=Walking&startLatitude=%E0%A4%A');
    add('errors', '/matrix', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({travelMode: 'Driving', sources: Array.from({length: 60000}, () => p(1))})});
}

/** Requests that name no country: open files, documents, the playground, unknown countries. */
function globalRequests(regions) {
    const list = [];
    const add = (family, p, opts = {}) => list.push({family, region: '-', method: opts.method ?? 'GET', path: p, host: opts.host,
        key: opts.key === undefined ? null : opts.key, headers: opts.headers, body: opts.body});
    add('health', '/health');
    for (const r of regions) add('health', `/${r.country.toLowerCase()}/health`);
    add('openapi', '/openapi.json');
    add('docs', '/docs');
    add('docs', '/docs/init.js');
    add('docs', '/docs/swagger-ui.css');
    add('docs', '/docs/swagger-ui-bundle.js');
    add('docs', '/docs/nothing.js');
    add('playground', '/');
    add('playground', '/playground/config.json');
    add('playground', '/playground/config.json', {host: 'example.com'});
    add('playground', '/playground/playground.js');
    add('playground', '/playground/playground.css');
    add('playground', '/vendor/maplibre-gl/maplibre-gl.mjs');
    add('playground', '/vendor/rtl-text/mapbox-gl-rtl-text.js');
    add('playground', '/vendor/maplibre-gl/maplibre-gl.css');
    for (const [i, id] of ICONS.entries()) {
        add('icons', `/icons24/${id}@2x.png`);
        add('icons', `/icons32/${id}${i % 2 ? '' : '@2x'}.png`);
    }
    for (const si of ['1', '2', 'M1', 'A', 'IC', 'E40', 'A3', 'S1', '65', 'nothing-here']) {
        add('icons', `/be/subicons24/${encodeURIComponent(si)}@2x.png`);
        add('icons', `/pt/subicons24/${encodeURIComponent(si)}@2x.png`);
        add('icons', `/it/subicons24/${encodeURIComponent(si)}@2x.png`);
    }
    const stacks = ['Roboto Regular', 'Roboto Medium', 'Roboto Bold', 'Roboto Italic', 'Noto Sans Regular', 'Noto Sans Bold', 'Roboto Regular,Noto Sans Regular'];
    stacks.forEach((s, i) => {
        add('glyphs', `/fonts/${encodeURIComponent(s)}/0-255.pbf`);
        add('glyphs', `/fonts/${encodeURIComponent(s)}/${[256, 512, 768, 1024, 1536, 7680, 8192][i]}-${[511, 767, 1023, 1279, 1791, 7935, 8447][i]}.pbf`);
    });
    add('glyphs', '/fonts/Noto%20Sans%20Regular/1536-1791.pbf');
    add('glyphs', '/fonts/Roboto%20Regular/0-300.pbf');
    add('glyphs', '/fonts/Nothing%20Regular/0-255.pbf');
    add('glyphs', `/fonts/${encodeURIComponent('A,B,C,D,E')}/0-255.pbf`);
    for (const f of ['sprite.json', 'sprite.png', 'sprite@2x.json', 'sprite@2x.png', 'nothing.png']) add('sprites', `/sprites/${f}`);
    add('errors', '/xx/points?bound1=50.84,4.36&bound2=50.85,4.37&language=EN', {key: 'backend'});
    add('errors', '/fr/points?bound1=48.84,2.36&bound2=48.85,2.37&language=FR', {key: 'backend'});
    add('errors', '/points?bound1=50.84,4.36&bound2=50.85,4.37&language=EN', {key: 'backend'});
    add('errors', '/nothing');
    add('metrics', '/metrics', {key: 'backend'});
    return list;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

const FIXED_HOST = '127.0.0.1:8080';

function send(port, req, agent) {
    const headers = {Host: req.host ?? FIXED_HOST, ...(req.headers ?? {})};
    if (req.key) headers.LicenseKey = KEYS[req.key];
    const url = req.path.replace('$backend', KEYS.backend);
    return new Promise((resolve, reject) => {
        const r = http.request({host: '127.0.0.1', port, method: req.method, path: url, headers, agent}, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks)}));
            res.on('error', reject);
        });
        r.setTimeout(120_000, () => r.destroy(new Error(`timeout: ${req.method} ${req.path}`)));
        r.on('error', reject);
        r.end(req.body);
    });
}

const sha256 = (b) => createHash('sha256').update(b).digest('hex');

/** Blanks the JSON paths (arrays of keys, '*' for every element) in a parsed value. */
function blank(value, p) {
    if (value === null || typeof value !== 'object') return;
    const [k, ...rest] = p;
    const keys = k === '*' ? Object.keys(value) : [k];
    for (const key of keys) {
        if (!(key in value)) continue;
        if (rest.length === 0) value[key] = '<volatile>';
        else blank(value[key], rest);
    }
}

/** One corpus entry from a request and its answer, volatile fields blanked (VOLATILE). */
function entry(id, req, res) {
    const rule = {pathname: req.path.split('?')[0]};
    const type = res.headers['content-type'] ?? '';
    let body = res.body;
    const headers = {};
    for (const h of HEADERS_KEPT) if (res.headers[h] !== undefined) headers[h] = res.headers[h];
    const volatile = [];
    for (const v of VOLATILE) {
        if (!v.match(rule)) continue;
        if (v.body) { body = Buffer.from('<volatile>'); volatile.push('body'); }
        if (v.headers) for (const h of v.headers) if (h in headers) { headers[h] = '<volatile>'; volatile.push(`header ${h}`); }
        if (v.etag && headers.etag) { headers.etag = v.etag(headers.etag); volatile.push('header etag (inputHash)'); }
        if (v.json && /json/.test(type)) {
            const doc = JSON.parse(body.toString('utf8'));
            for (const p of v.json) blank(doc, p);
            body = Buffer.from(JSON.stringify(doc));
            volatile.push(...v.json.map((p) => p.join('.')));
        }
    }
    const text = /json|text|javascript|ndjson|html|css|xml/.test(type) && !res.headers['content-encoding'];
    const e = {id, family: req.family, region: req.region, method: req.method, url: req.path, host: req.host ?? FIXED_HOST,
        key: req.key ?? null, headers: req.headers ?? {}};
    if (req.body !== undefined) {
        if (req.body.length <= 4096) e.requestBody = req.body;
        else { e.requestBodyLength = req.body.length; e.requestBodySha256 = sha256(req.body); }
    }
    Object.assign(e, {status: res.status, type, responseHeaders: headers, length: body.length, sha256: sha256(body)});
    if (volatile.length) e.volatile = volatile;
    if (text && body.length <= BODY_KEPT) e.body = body.toString('utf8');
    return e;
}

// ---------------------------------------------------------------------------------------------------------------
// The server and the bundles

function cliPath() {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/server/package.json'), 'utf8'));
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.quartier;
    return path.join(ROOT, 'packages/server', bin);
}

function freePort() {
    return new Promise((resolve, reject) => {
        const s = net.createServer();
        s.listen(0, '127.0.0.1', () => { const {port} = s.address(); s.close(() => resolve(port)); });
        s.on('error', reject);
    });
}

/** The flags naming the regions: --regions-file, --country. */
const regionFlags = (opts, countryFlag) => [...(opts.regionsFile ? ['--regions-file', path.resolve(opts.regionsFile)] : []),
    ...(opts.country ? [countryFlag, opts.country] : [])];

async function startServer(bundles, opts) {
    const port = await freePort();
    const child = spawn(process.execPath, [cliPath(), 'serve', '--port', String(port), '--host', '127.0.0.1', '--out', bundles,
        '--no-build', '--cache', 'off', '--no-warmup', '--workers', '2', '--log-level', 'warn', ...regionFlags(opts, '--regions')],
    {stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT});
    let log = '';
    child.stdout.on('data', (d) => { log = (log + d).slice(-20000); });
    child.stderr.on('data', (d) => { log = (log + d).slice(-20000); });
    let exited = null;
    child.on('exit', (code) => { exited = code; });
    const stop = () => new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => { if (exited === null) child.kill('SIGKILL'); }, 20_000).unref();
    });
    for (let i = 0; i < 600; i++) {
        if (exited !== null) throw new Error(`the server exited (${exited}) before answering /health:\n${log}`);
        try {
            const r = await send(port, {method: 'GET', path: '/health'});
            if (r.status === 200) return {port, stop, log: () => log};
        } catch { /* not listening yet */ }
        await new Promise((r) => setTimeout(r, 250));
    }
    await stop();
    throw new Error(`the server did not answer /health within 150 s:\n${log}`);
}

function buildBundles(dir, opts) {
    const which = opts.country ? [opts.country, ...regionFlags({regionsFile: opts.regionsFile})] : ['--all', ...regionFlags(opts)];
    const run = spawnSync(process.execPath, [cliPath(), 'build-region', ...which, '--out', dir, '--force'], {stdio: ['ignore', 'inherit', 'inherit'], cwd: ROOT});
    if (run.status !== 0) throw new Error(`building the regions into ${dir} failed (exit ${run.status})`);
}

// ---------------------------------------------------------------------------------------------------------------
// record

async function record(out, opts) {
    const started = Date.now();
    let bundles = path.resolve(ROOT, opts.bundles ?? 'build/test-regions');
    const lines = [];
    if (opts.build) {
        bundles = path.resolve(opts.build);
        buildBundles(bundles, opts);
        process.stderr.write(`built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
    const server = await startServer(bundles, opts);
    if (opts.sourceNamesVolatile) VOLATILE.push(SOURCE_NAMES_RULE);
    try {
        const health = JSON.parse((await send(server.port, {method: 'GET', path: '/health'})).body.toString('utf8'));
        const random = mulberry32(SEED);
        const regions = health.regions.slice().sort((a, b) => a.country.localeCompare(b.country));
        // Which code built the bundles served (inputHash hashes the engine's compiled code): for the reader, not compared.
        const inputHashes = {};
        for (const r of regions) {
            try { inputHashes[r.country] = JSON.parse(fs.readFileSync(path.join(bundles, r.country, 'manifest.json'), 'utf8')).inputHash; } catch { /* no manifest */ }
        }
        const requests = [...globalRequests(regions)];
        for (const r of regions) requests.push(...regionRequests(r, random));
        const entries = new Array(requests.length);
        const agent = new http.Agent({keepAlive: true, maxSockets: opts.concurrency});
        let next = 0, done = 0;
        const worker = async () => {
            while (next < requests.length) {
                const i = next++;
                const req = requests[i];
                const res = await send(server.port, req, agent);
                entries[i] = entry(String(i).padStart(5, '0'), req, res);
                if (++done % 250 === 0) process.stderr.write(`${done}/${requests.length} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
            }
        };
        await Promise.all(Array.from({length: opts.concurrency}, worker));
        agent.destroy();
        lines.push({id: 'meta', kind: 'meta', bundles, built: Boolean(opts.build), requests: requests.length, seed: SEED, inputHashes,
            regionsFile: opts.regionsFile ?? null, country: opts.country ?? null, sourceNamesVolatile: Boolean(opts.sourceNamesVolatile),
            commit: spawnSync('git', ['rev-parse', 'HEAD'], {cwd: ROOT, encoding: 'utf8'}).stdout.trim(), recordedAt: new Date().toISOString()});
        lines.push(...entries);
        if (opts.build || opts.hashBundles) lines.push(...bundleEntries(bundles, opts.country ? [opts.country] : null, opts.sourceNamesVolatile));
    } finally {
        await server.stop();
    }
    fs.writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const families = {};
    for (const e of lines.slice(1)) {
        const k = `${e.family} ${e.region}`;
        families[k] = (families[k] ?? 0) + 1;
    }
    process.stderr.write(`${lines.length - 1} entries in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${out}\n`);
    if (opts.verbose) for (const [k, v] of Object.entries(families)) process.stderr.write(`  ${k}: ${v}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// compare

function firstJsonDifference(a, b, p = '$') {
    if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return `${p}: ${short(a)} vs ${short(b)}`;
    if (a === null || typeof a !== 'object') return a === b ? null : `${p}: ${short(a)} vs ${short(b)}`;
    if (Array.isArray(a)) {
        for (let i = 0; i < Math.min(a.length, b.length); i++) {
            const d = firstJsonDifference(a[i], b[i], `${p}[${i}]`);
            if (d) return d;
        }
        return a.length === b.length ? null : `${p}: length ${a.length} vs ${b.length}`;
    }
    const ka = Object.keys(a), kb = Object.keys(b);
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
        if (ka[i] !== kb[i]) return `${p}: key #${i} ${ka[i]} vs ${kb[i]}`;
        const d = firstJsonDifference(a[ka[i]], b[ka[i]], `${p}.${ka[i]}`);
        if (d) return d;
    }
    return null;
}
const short = (v) => { const s = JSON.stringify(v) ?? String(v); return s.length > 80 ? `${s.slice(0, 77)}...` : s; };

function firstDifference(a, b) {
    if (a.url !== b.url || a.method !== b.method) return `request ${a.method} ${a.url} vs ${b.method} ${b.url}`;
    if (a.status !== b.status) return `status ${a.status} vs ${b.status}`;
    if (a.type !== b.type) return `content-type ${a.type} vs ${b.type}`;
    const ha = JSON.stringify(a.responseHeaders ?? {}), hb = JSON.stringify(b.responseHeaders ?? {});
    if (a.sha256 === b.sha256) return ha === hb ? null : `headers ${ha} vs ${hb}`;
    if (typeof a.body === 'string' && typeof b.body === 'string') {
        try {
            const d = firstJsonDifference(JSON.parse(a.body), JSON.parse(b.body));
            if (d) return `body ${d}`;
        } catch { /* not JSON: first differing character below */ }
        let i = 0;
        while (i < a.body.length && a.body[i] === b.body[i]) i++;
        return `body differs at character ${i}: ${short(a.body.slice(i, i + 40))} vs ${short(b.body.slice(i, i + 40))}`;
    }
    return `body sha256 ${a.sha256.slice(0, 12)} (${a.length} bytes) vs ${b.sha256.slice(0, 12)} (${b.length} bytes)`;
}

function readCorpus(file) {
    const map = new Map();
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const e = JSON.parse(line);
        if (e.kind !== 'meta') map.set(e.id, e);
    }
    return map;
}

function compare(fileA, fileB) {
    const a = readCorpus(fileA), b = readCorpus(fileB);
    const bundlesA = [...a.values()].some((e) => e.family === 'bundle'), bundlesB = [...b.values()].some((e) => e.family === 'bundle');
    let same = 0, differ = 0, oneSided = 0, tolerated = 0;
    const lines = [];
    for (const [id, ea] of a) {
        const eb = b.get(id);
        if (!eb) continue;
        const d = firstDifference(ea, eb);
        if (d === null) same++;
        else { differ++; lines.push(`DIFF ${id} ${ea.method ?? ''} ${ea.url ?? ea.file ?? ''}: ${d}`); }
    }
    for (const [side, x, y, otherHasBundles] of [['A', a, b, bundlesB], ['B', b, a, bundlesA]]) {
        for (const [id, e] of x) {
            if (y.has(id)) continue;
            // A run without --build has no bundle entries: those of the other side are listed, not counted.
            if (e.family === 'bundle' && !otherHasBundles) { tolerated++; lines.push(`ONLY-${side} ${id} (bundle entry; the other run did not --build)`); continue; }
            oneSided++;
            lines.push(`ONLY-${side} ${id} ${e.method ?? ''} ${e.url ?? e.file ?? ''}`);
        }
    }
    for (const l of lines) process.stdout.write(`${l}\n`);
    process.stdout.write(`${same} identical, ${differ} different, ${oneSided} on one side only${tolerated ? `, ${tolerated} bundle entries on one side only (not counted)` : ''}\n`);
    return differ + oneSided === 0 ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------------------

function usage() {
    process.stderr.write('usage: node tools/answer-corpus.js record OUT.ndjson [--bundles DIR [--hash-bundles] | --build DIR] [--concurrency N] [--verbose]\n'
        + '         [--regions-file FILE] [--country CC] [--source-names-volatile]\n'
        + '       node tools/answer-corpus.js compare A.ndjson B.ndjson\n');
    return 2;
}

async function main(argv) {
    const [command, ...rest] = argv;
    if (command === 'compare' && rest.length === 2) return compare(rest[0], rest[1]);
    if (command !== 'record' || rest.length < 1) return usage();
    const opts = {concurrency: 2};
    const out = rest[0];
    for (let i = 1; i < rest.length; i++) {
        const a = rest[i];
        if (a === '--bundles') opts.bundles = rest[++i];
        else if (a === '--build') opts.build = rest[++i];
        else if (a === '--concurrency') opts.concurrency = Number(rest[++i]);
        else if (a === '--verbose') opts.verbose = true;
        else if (a === '--hash-bundles') opts.hashBundles = true;
        else if (a === '--regions-file') opts.regionsFile = rest[++i];
        else if (a === '--country') opts.country = rest[++i]?.toUpperCase();
        else if (a === '--source-names-volatile') opts.sourceNamesVolatile = true;
        else return usage();
    }
    if (opts.bundles && opts.build) return usage();
    await record(out, opts);
    return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => {
    process.stderr.write(`answer-corpus: ${err.stack ?? err}\n`);
    process.exitCode = 1;
});
