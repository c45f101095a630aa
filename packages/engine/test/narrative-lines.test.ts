// Line names and mode words of the narrative on two extracts that are not default regions:
// Heidelberg (trams and the RNV 5 / RNVX Stadtbahn, tagged route=light_rail; no U-Bahn) and
// L'Aquila (no route relations; its bus lines come from the AMA GTFS feed's route_short_name,
// and "AMA", the operator, is never a line). Both are built once into
// build/test-extra-regions (skipped while their inputs are unchanged).
import path from 'node:path';
import t from 'tap';
import {NeighbourhoodFinder} from '../src/neighbourhood/nearby.js';
import {neighbourhoodText, narrativeFacts} from '../src/neighbourhood/text.js';
import {LINE_ROUTES} from '../src/poi/poi-index.js';
import {buildRegion} from '../src/region/build.js';
import {Region} from '../src/region/region.js';
import {dataRoot, repoRoot} from './helpers.js';
import {regionSections} from '../src/internal.js';

const extraRoot = path.join(repoRoot, 'build', 'test-extra-regions');

function extraRegion(name: string, country: string, osm: string, gtfs: string[] = []): Region {
    const outDir = path.join(extraRoot, name);
    buildRegion({country, osm: [osm], gtfs}, {dataRoot, outDir, quiet: true});
    return Region.open(path.join(outDir, country));
}

/** Positions at the stops of one route type (a few metres off), in the index's order. */
function stopsOf(region: Region, route: string, count: number): [number, number][] {
    const P = regionSections(region).pois, code = LINE_ROUTES.indexOf(route as typeof LINE_ROUTES[number]), out: [number, number][] = [];
    for (let i = 0; i < P.count && out.length < count; i++) {
        if (P.subIcon[i] !== 0 && P.badgeRoute[P.subIcon[i]] === code) out.push([P.lat[i] + 0.0001, P.lon[i] + 0.0001]);
    }
    return out;
}

t.test('Heidelberg: Stadtbahn and tram lines by their reference, never a U-Bahn', async (t) => {
    const region = extraRegion('heidelberg', 'DE', 'de-heidelberg/heidelberg.test.osm.pbf');
    const finder = region.neighbourhood;
    const positions = [...stopsOf(region, 'light_rail', 15), ...stopsOf(region, 'tram', 15)];
    t.ok(positions.length >= 20, `${positions.length} positions at light rail and tram stops`);
    const kinds = new Set<string>();
    const found: string[] = [];
    for (const [lat, lon] of positions) {
        const data = finder.find(lat, lon);
        const stopNames = new Set(data.categories.flatMap((c) => c.subcategories).flatMap((s) => s.places.map((p) => p.placeName)));
        for (const p of narrativeFacts(data, 'DE')) {
            for (const f of p.facts) {
                if (f.type !== 'lines') continue;
                kinds.add(f.lines.kind);
                for (const name of f.lines.lines) if (stopNames.has(name)) found.push(`a stop name as a line: ${name}`);
            }
        }
        const text = neighbourhoodText(data, ['DE', 'EN']);
        for (const p of text.paragraphs) {
            for (const s of p.sentences) {
                if (/U-Bahn/.test(s.DE)) found.push(s.DE);
                if (/\bmetro\b/i.test(s.EN)) found.push(s.EN);
            }
        }
    }
    t.ok(kinds.has('lightRail'), 'the RNV Stadtbahn lines are named as such');
    t.ok(kinds.has('tram'), 'tram lines');
    t.notOk(kinds.has('metro'), 'no metro in Heidelberg');
    t.same(found, [], 'no U-Bahn, no metro, every line named by its reference');
});

t.test("L'Aquila: no operator or stop name given as a line", async (t) => {
    const region = extraRegion('laquila', 'IT', 'it-laquila/aq.osm.pbf', ['it-laquila/ama-laquila-gtfs-2022-09.zip']);
    const finder = region.neighbourhood;
    const P = regionSections(region).pois, found: string[] = [], named = new Set<string>();
    for (let i = 0; i < P.count; i += Math.max(1, Math.floor(P.count / 60))) {
        const data = finder.find(P.lat[i] + 0.0002, P.lon[i] + 0.0002);
        const stopNames = new Set(data.categories.flatMap((c) => c.subcategories).flatMap((s) => s.places.map((p) => p.placeName)));
        for (const p of narrativeFacts(data, 'IT')) {
            for (const f of p.facts) {
                if (f.type !== 'lines') continue;
                t.equal(f.lines.kind, 'bus', 'buses');
                for (const name of f.lines.lines) {
                    named.add(name);
                    if (name === 'AMA' || stopNames.has(name)) found.push(name);
                }
            }
        }
    }
    t.same(found, [], 'every line name is a route reference');
    t.ok(named.size >= 5, `bus lines named from the feed's route_short_name: ${[...named].slice(0, 8).join(', ')}`);
    // Unnamed stops tagged operator=AMA are not called "AMA" either.
    const stopsCalledAma: number[] = [];
    for (let i = 0; i < P.count; i++) if (P.name(i) === 'AMA') stopsCalledAma.push(i);
    t.same(stopsCalledAma, [], 'no place takes the operator as its name');
});
