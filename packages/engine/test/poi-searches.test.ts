// The POI searches a region's build makes (the poi-searches section: region/poi-searches.ts): every POI's ways in
// have their kept lists and its foot snap its egress walks; a region reading them answers as one searching them,
// and reads them (it searches no list of its own for them); a section from another build is refused.
import t from 'tap';
import {CHQuery, FOOT, MODES, Region, RoadRouter, regionSections, turnCosts, type RegionBuffers} from '../src/internal.js';
import {bundleWithSectionOf, random, testRegion} from './helpers.js';

/** The region reopened from the same buffers without the section (as a bundle built before it). */
function withoutSection(region: Region): Region {
    const {poiSearches: _, ...buffers} = regionSections(region).buffers;
    return Region.fromBuffers(region.manifest, buffers as RegionBuffers);
}

/** Positions drawn over the region's POIs' box. */
function positions(region: Region, seed: number, count: number): [number, number][] {
    const {pois} = regionSections(region);
    const rnd = random(seed), out: [number, number][] = [];
    for (let i = 0; i < count; i++) {
        const j = Math.floor(rnd() * pois.count);
        out.push([pois.lat[j] + (rnd() - 0.5) * 0.02, pois.lon[j] + (rnd() - 0.5) * 0.03]);
    }
    return out;
}

for (const country of ['BE', 'PT']) {
    t.test(`${country}: the section covers every POI's ways in by each mode, and its foot snap`, async (t) => {
        const region = testRegion(country);
        const {pois, ch, poiSearches} = regionSections(region);
        t.ok(poiSearches, 'the build wrote the section');
        const router = region.router;
        let missing = 0, ways = 0, walks = 0;
        for (let m = 0; m < MODES.length; m++) {
            const targets = new Set(poiSearches!.kept[m].target);
            for (let j = 0; j < pois.count; j++) {
                const snap = router.snap(pois.lat[j], pois.lon[j], m);
                if (snap === null) continue;
                for (const node of router.arrivalNodes(m, snap)) {
                    ways++;
                    if (!targets.has(ch[m].rank[node]) && missing++ < 5) t.fail(`${MODES[m]}: POI ${j}'s way in at node ${node} has no kept list`);
                }
                if (m !== FOOT) continue;
                const {edge, offset} = poiSearches!.egress!;
                let found = false;
                for (let i = 0; i < edge.length && !found; i++) found = edge[i] === snap.edge && offset[i] === snap.offset;
                walks++;
                if (!found && missing++ < 5) t.fail(`POI ${j}'s foot snap has no egress walks`);
            }
        }
        t.equal(missing, 0, `${ways} ways in, ${walks} foot snaps, all in the section`);
    });

    t.test(`${country}: enrichment reading the section answers as enrichment searching, and reads it`, async (t) => {
        const region = testRegion(country), searching = withoutSection(region);
        t.equal(regionSections(searching).poiSearches, null);
        const at = positions(region, country.charCodeAt(0), 25);
        const enrich = (r: Region, lat: number, lon: number) => {
            try {
                return JSON.stringify(r.neighbourhood.enrich(lat, lon));
            } catch (err) {
                return (err as Error).message;
            }
        };
        const read = at.map(([lat, lon]) => enrich(region, lat, lon));
        const searched = at.map(([lat, lon]) => enrich(searching, lat, lon));
        t.same(read, searched, `the same ${at.length} answers`);
        t.ok(read.filter((a) => a.startsWith('{')).length >= 20, 'most positions answered');
    });

    t.test(`${country}: trips by road to the POIs read their kept lists from the section`, async (t) => {
        const region = testRegion(country);
        const {roads, ch, pois, poiSearches} = regionSections(region);
        for (let m = 0; m < MODES.length; m++) {
            // Queries as the region makes them, with the section's lists and without.
            const read = new CHQuery(roads, ch[m], turnCosts(roads, m), null, poiSearches!.kept[m]), search = new CHQuery(roads, ch[m], turnCosts(roads, m));
            const routers = [read, search].map((q) => new RoadRouter(roads, MODES.map((_, k) => (k === m ? q : null))));
            // From a position to its 40 nearest POIs.
            const [lat, lon] = positions(region, m + 1, 1)[0];
            const tos = Array.from({length: pois.count}, (_, j) => j)
                .sort((a, b) => Math.hypot(pois.lat[a] - lat, pois.lon[a] - lon) - Math.hypot(pois.lat[b] - lat, pois.lon[b] - lon)).slice(0, 40);
            const trips = routers.map((r) => r.measureMany(m, r.snap(lat, lon, m)!, tos.map((j) => r.snap(pois.lat[j], pois.lon[j], m))));
            t.same(trips[0], trips[1], `${MODES[m]}: the same trips`);
            t.equal(read.keptListsSearched, 0, `${MODES[m]}: no list searched with the section`);
            t.ok(search.keptListsSearched >= 20, `${MODES[m]}: ${search.keptListsSearched} lists searched without it`);
        }
    });
}

t.test('BE: the egress walks a trip to a POI takes are the section\'s', async (t) => {
    const region = testRegion('BE');
    const {buffers} = regionSections(region);
    // The same section with every egress walk ten minutes longer: public transport to the POIs gets slower.
    const copy = new Uint8Array(buffers.poiSearches!.byteLength);
    copy.set(new Uint8Array(buffers.poiSearches!));
    const slower = Region.fromBuffers(region.manifest, {...buffers, poiSearches: copy.buffer});
    const ms = regionSections(slower).poiSearches!.egress!.ms;
    for (let i = 0; i < ms.length; i++) ms[i] += 600_000;
    let later = 0, compared = 0;
    for (const [lat, lon] of positions(region, 5, 10)) {
        const a = region.neighbourhood.enrich(lat, lon), b = slower.neighbourhood.enrich(lat, lon);
        const transit = (e: unknown) => JSON.stringify(e).match(/"transit":\{[^}]*\}/g) ?? [];
        const ta = transit(a), tb = transit(b);
        compared += ta.length;
        for (let i = 0; i < ta.length; i++) if (ta[i] !== tb[i]) later++;
    }
    t.ok(compared > 0 && later > 0, `${later} of ${compared} trips by public transport changed with the section's walks`);
});

t.test('a poi-searches section from another build is refused when the bundle opens, saying what to do', async (t) => {
    // Portugal's section (a valid one) beside Brussels' hierarchies.
    const {bundle, drop} = bundleWithSectionOf(t, 'BE', 'poiSearches', 'poi-searches.bin', 'PT');
    t.throws(() => Region.open(bundle), /poi-searches\.bin \(section 'poiSearches'\) was made from other hierarchies or another transit section than the bundle's: rebuild it with `npx quartier build-region BE --force`/);
    // Without the section (a bundle built before it, or past its limit), the region opens and its threads search.
    drop();
    const region = Region.open(bundle);
    t.equal(regionSections(region).poiSearches, null);
    t.ok(region.neighbourhood.enrich(50.8467, 4.3525).entries.some((e) => e.nearest !== null), 'and answers');
});
