// The answers' layout (src/answers/) written from the engine's typed results, without HTTP: the
// field layouts SPEC, COMPAT.md, GeoJSON and GraphHopper ask for, and the writers @quartier/server
// exports for a Node service (docs/library.md).
import path from 'node:path';
import t from 'tap';
import {Region, neighbourhoodText} from '@quartier/engine';
import {Catalog, queryPoints, regionSections} from '@quartier/engine/internal';
import * as server from '../src/index.js';
import {featureCollection} from '../src/answers/geolocation-answer.js';
import {categoryTreeAnswer, simplifiedCategoriesAnswer} from '../src/answers/categories-answer.js';
import {pointsAnswer} from '../src/answers/points-answer.js';
import {writeRoadRoute} from '../src/answers/route-answer.js';
import {JsonWriter} from '../src/answers/json-answer.js';
import {enrichmentAnswer, scoresAnswer, summaryAnswer, textAnswer} from '../src/answers/neighbourhood-answer.js';
import {testBuildRoot} from './helpers.js';

const be = Region.open(path.join(testBuildRoot, 'BE'));

t.test('the writers are @quartier/server exports', async (t) => {
    for (const name of ['summaryAnswer', 'textAnswer', 'textAndDataAnswer', 'scoresAnswer', 'enrichmentAnswer', 'featureCollection', 'pointsAnswer',
        'categoryTreeAnswer', 'simplifiedCategoriesAnswer', 'isochroneAnswer', 'writeRoadRoute', 'transitRouteAnswer']) {
        t.equal(typeof (server as Record<string, unknown>)[name], 'function', name);
    }
});

t.test('geocoding results as Photon-style GeoJSON', async (t) => {
    t.same(featureCollection([]), {type: 'FeatureCollection', features: []});
    const fc = featureCollection(be.geocoder.search('Rue de la Loi 175'));
    const props = fc.features[0].properties as unknown as Record<string, unknown>;
    for (const k of ['name', 'street', 'housenumber', 'postcode', 'city', 'country', 'countrycode', 'type']) t.equal(typeof props[k], 'string', k);
    t.equal(fc.features[0].geometry.type, 'Point');
    t.ok(fc.features[0].geometry.coordinates[0] < 5 && fc.features[0].geometry.coordinates[1] > 50, '[lon, lat]');
});

t.test('a road route\'s instructions in GraphHopper\'s keys and order', async (t) => {
    const r = be.router.route(1, 50.8461, 4.3664, 50.8263, 4.3410, 'FR');
    const body = JSON.parse(Buffer.from(writeRoadRoute(new JsonWriter(), r, performance.now())).toString('utf8'));
    const ins = body.paths[0].instructions;
    t.equal(ins.length, r.instructions.length);
    t.same(Object.keys(ins[0]), ['distance', 'heading', 'sign', 'interval', 'text', 'time', 'street_name'], 'the departure has a heading');
    for (const i of ins.slice(1)) t.same(Object.keys(i), ['distance', 'sign', 'interval', 'text', 'time', 'street_name']);
    t.same(ins.map((i: {interval: number[]}) => i.interval), r.instructions.map((i) => [i.firstPoint, i.lastPoint]));
    t.same(ins.map((i: {street_name: string}) => i.street_name), r.instructions.map((i) => i.streetName));
});

t.test('/points items with SPEC\'s keys', async (t) => {
    const catalog = new Catalog(regionSections(be).pois);
    const box = {minLat: 50.844, minLon: 4.362, maxLat: 50.849, maxLon: 4.371, language: 'FR'};
    for (const groupSamePositions of [false, true]) {
        const {items} = queryPoints(regionSections(be).pois, catalog, {...box, groupSamePositions});
        const answer = pointsAnswer(items);
        t.equal(answer.length, items.length);
        for (const p of answer) {
            t.same(Object.keys(p), ['n', 't', 'la', 'ln', 'p', 'i', 'si', 'g', 'sd', 'fid', 'rpt']);
            t.match(p.p, /^\d{14}$/);
            t.match(p.i, /^\d+(,\d+)*$/);
            if (!p.g) t.notMatch(p.i, /,/, 'one icon unless grouped');
        }
    }
});

t.test('the category lists', async (t) => {
    const catalog = new Catalog(regionSections(be).pois);
    const tree = categoryTreeAnswer(catalog, 'EN');
    for (const c of tree) {
        t.equal(c.aid, 0, "the top level's parent is 0 (an integer, as the service's API description says)");
        for (const s of c.c) {
            t.equal(s.aid, c.id, 'a sub-type points at its category');
            for (const b of s.c) t.equal(b.aid, s.id, 'a brand points at its sub-type');
        }
    }
    const simplified = simplifiedCategoriesAnswer(catalog);
    const ids = new Set(tree.flatMap((c) => c.c.map((s) => s.id)));
    for (const list of Object.values(simplified)) for (const id of list) if (id % 1e6 === 1) t.ok(ids.has(id), `${id} is in the tree too`);
});

t.test('the neighbourhood documents', async (t) => {
    const finder = be.neighbourhood;
    const data = finder.find(50.8461, 4.3664);
    const summary = summaryAnswer(data, 'FR');
    t.same(Object.keys(summary), ['AvailableCategoriesAroundPosition', 'CloseCities', 'PlaceInformation']);
    const text = textAnswer(neighbourhoodText(data, ['FR', 'NL', 'EN']));
    for (const p of text.Paragraphs) {
        t.same(Object.keys(p), ['Sentences', 'Title', 'TitleBis', 'TitleTer', 'IconId', 'List'], 'SPEC §2.3 keys, in the reference order');
        t.same(Object.keys(p.Title), ['FR', 'NL', 'EN']);
    }
    const scores = scoresAnswer(data, 'FR');
    t.equal(scores.language, 'FR');
    for (const s of scores.scores) t.ok(s.v >= 0 && s.v <= 10, s.k);
    const enrichment = enrichmentAnswer(finder.enrich(50.8461, 4.3664), 'EN');
    t.equal(enrichment.searchRadiusMeters, 25000);
    t.same(Object.keys(enrichment), ['latitude', 'longitude', 'country', 'language', 'searchRadiusMeters', 'dataReachMeters', 'categories']);
});
