// The neighbourhood finder on the real data: the enrichment's choice of the nearest place (the
// nearest on foot among the three closest by straight line), trips that agree with full routes,
// the cities, and the scores' formula.
import t from 'tap';
import {haversineMeters} from '../src/geo/distance.js';
import {CAR, FOOT, BIKE} from '../src/graph/profiles.js';
import {INF} from '../src/graph/road-graph.js';
import {closestPlaces, STRAIGHT_LINE_CANDIDATES} from '../src/neighbourhood/nearby.js';
import {scoreDefinitions, scoreValue, timeFraction} from '../src/neighbourhood/scores.js';
import {neighbourhoodText, narrativeFacts} from '../src/neighbourhood/text.js';
import {wholeMinutes} from '../src/text/units.js';
import {loadCategories} from '../src/poi/categories.js';
import {RouteError} from '../src/route/road-router.js';
import {TransitError} from '../src/transit/query/transit-types.js';
import {ACCESS_MAX_SECONDS} from '../src/transit/query/foot-access.js';
import {testRegion} from './helpers.js';
import {regionSections} from '../src/internal.js';

const be = testRegion('BE');
const beSections = regionSections(be);
const finder = be.neighbourhood;
const ORIGINS: [number, number][] = [[50.8461, 4.3664], [50.8200, 4.3900], [50.8650, 4.3300], [50.8350, 4.3000], [50.8800, 4.4100]];

t.test('enrichment: the nearest on foot among the three closest by straight line', async (t) => {
    for (const [lat, lon] of ORIGINS) {
        const data = finder.enrich(lat, lon);
        for (const e of data.entries) {
            const candidates = closestPlaces(beSections, lat, lon, e.ct, e.st, STRAIGHT_LINE_CANDIDATES, (i) => beSections.pois.nameOf[i] !== 0);
            if (candidates.length === 0) {
                t.equal(e.nearest, null, `${e.key}: none within 25 km`);
                continue;
            }
            // Independent check: full walking routes to each candidate.
            let best = Infinity, bestName = '';
            for (const c of candidates) {
                try {
                    const r = be.router.route(FOOT, lat, lon, beSections.pois.lat[c], beSections.pois.lon[c]);
                    if (r.time < best) {
                        best = r.time;
                        bestName = beSections.pois.name(c);
                    }
                } catch (err) {
                    if (!(err instanceof RouteError)) throw err;
                }
            }
            t.ok(e.nearest, `${e.key} found`);
            if (best < Infinity) {
                t.equal(e.nearest!.walking!.seconds, Math.round(best / 1000), `${e.key}: the shortest walk`);
                t.equal(e.nearest!.name, bestName);
            }
            t.ok(e.nearest!.straightMeters <= 25000);
        }
    }
});

t.test('trips equal full routes, mode by mode', async (t) => {
    const [lat, lon] = ORIGINS[0];
    const data = finder.find(lat, lon);
    let checked = 0;
    for (const c of data.categories) {
        for (const s of c.subcategories) {
            const p = s.places[0];
            for (const trip of p.trips) {
                if (trip.tm === 4) continue;
                const mode = trip.tm === 1 ? CAR : trip.tm === 2 ? FOOT : BIKE;
                const r = be.router.route(mode, lat, lon, p.lat, p.lon);
                t.equal(trip.seconds, Math.round(r.time / 1000), `${s.key} tm ${trip.tm} time`);
                t.ok(Math.abs(trip.meters - r.distance) <= 1, `${s.key} tm ${trip.tm} distance ${trip.meters} vs ${r.distance.toFixed(1)}`);
                checked++;
            }
            // Public transport is the router's answer at 08:00, never slower than walking.
            const transit = p.trips.find((x) => x.tm === 4), walk = p.trips.find((x) => x.tm === 2);
            if (transit && walk) t.ok(transit.seconds <= walk.seconds + 1, `${s.key}: transit ≤ walk`);
            if (transit) {
                const r = be.transitRouter.route(lat, lon, p.lat, p.lon);
                t.equal(transit.seconds, Math.round(r.time / 1000));
                t.equal(transit.meters, Math.round(r.distance));
            }
        }
    }
    t.ok(checked > 30, `${checked} trips checked`);
});

/** The public-transport route to a place, null when there is no journey (any other failure fails the test). */
function transitRoute(region: typeof be, lat: number, lon: number, p: {lat: number; lon: number}) {
    try {
        return region.transitRouter.route(lat, lon, p.lat, p.lon);
    } catch (err) {
        if (err instanceof TransitError && err.code === 'unreachable') return null;
        throw err;
    }
}

t.test('enrichment: public transport by one search per position equals the route to each place', async (t) => {
    let checked = 0;
    for (const [lat, lon] of ORIGINS) {
        for (const e of finder.enrich(lat, lon).entries) {
            const p = e.nearest;
            if (!p) continue;
            const r = transitRoute(be, lat, lon, p);
            // A walk longer than the walk to a first stop, with no ride faster, is no public transport (SPEC 2.4 rule 3).
            const expected = r && !(r.walkOnly && r.time > ACCESS_MAX_SECONDS * 1000) ? [Math.round(r.time / 1000), Math.round(r.distance)] : null;
            t.same(p.transit && [p.transit.seconds, p.transit.meters], expected, `${e.key} from ${lat},${lon}`);
            checked++;
        }
    }
    t.ok(checked > 20, `${checked} places checked`);
});

t.test('a long walk is not called public transport: beyond the access walk with no ride, transit is null', async (t) => {
    const pt = testRegion('PT');
    const [lon0, lat0] = pt.center();
    let long = 0, rides = 0;
    for (const [dlat, dlon] of [[0, 0], [0.01, 0.01], [-0.01, 0.02], [0.02, -0.01], [-0.02, -0.02]]) {
        const lat = lat0 + dlat, lon = lon0 + dlon;
        for (const e of pt.neighbourhood.enrich(lat, lon).entries) {
            const p = e.nearest;
            if (!p) continue;
            const r = transitRoute(pt, lat, lon, p);
            if (r?.walkOnly && r.time > ACCESS_MAX_SECONDS * 1000) {
                long++;
                t.equal(p.transit, null, `${e.key} from ${lat.toFixed(4)},${lon.toFixed(4)}: a ${Math.round(r.time / 60000)}-minute walk`);
            } else if (r && !r.walkOnly) {
                rides++;
                t.equal(p.transit?.seconds, Math.round(r.time / 1000), `${e.key}: a ride is kept`);
            }
        }
    }
    t.ok(long > 5 && rides > 5, `${long} long walks, ${rides} rides`);
});

t.test('summary data: places, lines and cities', async (t) => {
    const data = finder.find(50.8461, 4.3664);
    const keys = data.categories.flatMap((c) => c.subcategories.map((s) => s.key));
    for (const k of ['metro', 'bus', 'tram', 'trainStation', 'supermarket', 'museum', 'secondarySchool']) t.ok(keys.includes(k), k);
    const supermarkets = data.categories.find((c) => c.ct === 3)!.subcategories[0].places;
    t.equal(supermarkets.length, 3, 'three supermarkets');
    for (const c of data.categories) for (const s of c.subcategories) for (const p of s.places) {
        t.ok(p.straightMeters <= 25000);
        t.ok(Math.abs(p.straightMeters - haversineMeters(50.8461, 4.3664, p.lat, p.lon)) <= 1);
    }
    t.ok(data.cities.length >= 3);
    for (const city of data.cities) {
        t.not(city.name, 'Bruxelles - Brussel', 'not the position\'s own city');
        t.ok(city.population >= 20000);
        t.ok(city.names.FR && city.names.NL && city.names.ZH);
    }
    for (let i = 1; i < data.cities.length; i++) {
        t.ok(haversineMeters(50.8461, 4.3664, data.cities[i - 1].lat, data.cities[i - 1].lon) <= haversineMeters(50.8461, 4.3664, data.cities[i].lat, data.cities[i].lon) + 1, 'nearest first');
    }
    t.ok(data.counts.lines >= 5 && data.counts.bus >= 3);
});

t.test('narrative facts use the summary figures', async (t) => {
    const data = finder.find(50.8461, 4.3664);
    const facts = narrativeFacts(data, 'FR');
    const tourism = facts.find((p) => p.id === 'tourism')!.facts;
    t.equal(tourism[0].type, 'intro');
    for (const f of tourism.slice(1)) {
        if (f.type !== 'tourism') continue;
        const place = data.categories.flatMap((c) => c.subcategories).find((s) => s.key === f.place.kinds[0])!.places[0];
        // On foot within the on-foot limit (data/narrative.json), else by car.
        const walk = place.trips.find((x) => x.tm === 2);
        t.equal(f.place.trip.mode, walk && wholeMinutes(walk.seconds) <= 10 ? 2 : 1, `${f.place.kinds[0]}: on foot when near`);
        t.equal(f.place.trip.minutes, wholeMinutes(place.trips.find((x) => x.tm === f.place.trip.mode)!.seconds));
    }
    const school = facts.find((p) => p.id === 'education')!.facts.find((f) => f.type === 'education' && f.place.kinds.length > 1);
    t.ok(school, 'a school that is preschool and elementary school is one sentence');
    t.equal(wholeMinutes(29), 1);
    t.equal(wholeMinutes(89), 1);
    t.equal(wholeMinutes(90), 2);
});

t.test('a theatre a short walk away is given on foot, in the summary and the text', async (t) => {
    const theatre = loadCategories().categories.flatMap((c) => c.subtypes.map((s) => ({ct: c.ct, s}))).find((x) => x.s.key === 'theatre')!;
    const P = beSections.pois;
    let checked = 0;
    for (let i = 0; i < P.count && checked < 5; i++) {
        if (P.ct[i] !== theatre.ct || P.st[i] !== theatre.s.st || P.nameOf[i] === 0) continue;
        // About 150 m north of the theatre.
        const data = finder.find(P.lat[i] + 0.00135, P.lon[i]);
        const place = data.categories.flatMap((c) => c.subcategories).find((s) => s.key === 'theatre')?.places[0];
        const walk = place?.trips.find((x) => x.tm === 2);
        if (!place || !walk) continue;
        t.ok(wholeMinutes(walk.seconds) <= 10, `${place.name}: a walk of ${wholeMinutes(walk.seconds)} min, in the summary`);
        const fact = narrativeFacts(data, 'EN').flatMap((p) => p.facts).find((f) => f.type === 'tourism' && f.place.kinds[0] === 'theatre');
        t.equal(fact?.type === 'tourism' && fact.place.trip.mode, 2, 'the text gives it on foot');
        const sentence = neighbourhoodText(data, ['EN']).paragraphs.flatMap((p) => p.sentences).find((x) => x.EN.includes(`"${place.name}"`));
        t.match(sentence?.EN ?? "", new RegExp(`${wholeMinutes(walk.seconds)} minutes? (away )?on foot`), sentence?.EN ?? "no sentence");
        checked++;
    }
    t.ok(checked >= 3, `${checked} theatres checked`);
});

t.test('scores: the documented formula, monotone in time and count', async (t) => {
    for (const d of scoreDefinitions()) {
        let last = Infinity;
        for (let m = 0; m <= d.maxMinutes + 5; m += 0.5) {
            const v = scoreValue(d, m, 2);
            t.ok(v <= last + 1e-9, `${d.k}: ${m} min not better than less`);
            t.ok(v >= 0 && v <= 10);
            last = v;
        }
        let prev = -1;
        for (let c = 0; c <= 20; c++) {
            const v = scoreValue(d, d.idealMinutes + 1, c);
            t.ok(v >= prev, `${d.k}: more places never worse`);
            prev = v;
        }
        t.equal(scoreValue(d, null, 0), 0, 'unreachable and none around: 0');
        t.equal(scoreValue(d, 0, 1e6), 10, 'at the door and plenty: 10');
    }
    t.equal(timeFraction(5, 5, 30), 1);
    t.equal(timeFraction(30, 5, 30), 0);
    t.equal(timeFraction(17.5, 5, 30), 0.5);
});

t.test('Malta: no transit trip anywhere', async (t) => {
    const mt = testRegion('MT').neighbourhood;
    const data = mt.find(35.8989, 14.5146);
    t.ok(data.categories.length >= 3);
    for (const c of data.categories) for (const s of c.subcategories) for (const p of s.places) t.notOk(p.trips.some((x) => x.tm === 4));
    for (const e of mt.enrich(35.8989, 14.5146).entries) if (e.nearest) t.equal(e.nearest.transit, null);
});

t.test('line labels read like the reference ("65 - Gare Centrale - Machelen")', async (t) => {
    const {lineLabel} = await import('../src/poi/builder.js');
    t.equal(lineLabel('1', 'Metro 1', "Gare de l'Ouest", 'Stockel', []), "1 - Gare de l'Ouest - Stockel");
    t.equal(lineLabel('22', 'STIB/MIVB 22 Luxembourg - Montgomery', undefined, undefined, ['STIB/MIVB']), '22 - Luxembourg - Montgomery');
    t.equal(lineLabel('65', 'Bus 65: Gare Centrale => Machelen', undefined, undefined, ['De Lijn']), '65 - Gare Centrale - Machelen');
    t.equal(lineLabel('22', 'Circular Carmo <=> Batalha', undefined, undefined, []), '22 - Circular Carmo - Batalha');
    t.equal(lineLabel('2', 'STIB/MIVB 2', undefined, undefined, ['STIB/MIVB']), '2');
    t.equal(lineLabel('', 'Linha Azul', undefined, undefined, []), 'Linha Azul', 'no reference: the name as it is');
});

t.test('one-to-many from seeds: the best seed per target, its own time and length added', async (t) => {
    const {CHQuery} = await import('../src/ch/query.js');
    for (const mode of [CAR, FOOT, BIKE]) {
        const q = new CHQuery(beSections.roads, beSections.ch[mode]), check = new CHQuery(beSections.roads, beSections.ch[mode]);
        let x = 99 + mode;
        const next = () => (x = (x * 1103515245 + 12345) % 2147483648) % beSections.roads.junctionCount;
        const seeds = Uint32Array.from({length: 2}, next), targets = Uint32Array.from({length: 100}, next);
        const seedTime = Float64Array.of(0, 45000), seedLength = Float64Array.of(0, 600);
        const {times, lengths} = q.sweepFromSeeds(seeds, seedTime, seedLength, targets);
        const one = check.tableWithLengths(seeds, targets);
        let reached = 0, sameLength = 0;
        for (let j = 0; j < targets.length; j++) {
            let best = INF, meters = Infinity;
            for (let s = 0; s < 2; s++) {
                const time = one.times[s * targets.length + j];
                if (time < INF && seedTime[s] + time < best) {
                    best = seedTime[s] + time;
                    meters = seedLength[s] + one.lengths[s * targets.length + j];
                }
            }
            t.equal(times[j], best, `target ${j} time`);
            if (best < INF) {
                reached++;
                if (Math.abs(lengths[j] - meters) < 0.5) sameLength++;
            }
        }
        t.ok(reached > 50, `mode ${mode}: ${reached} targets reached`);
        // Equal-time paths may differ in length; they are rare on real weights.
        t.ok(sameLength >= reached * 0.95, `mode ${mode}: ${sameLength} of ${reached} lengths as the best seed's`);
    }
});

t.test('one-to-many with lengths: the times of table() and the lengths of the unpacked paths', async (t) => {
    const {CHQuery} = await import('../src/ch/query.js');
    // Any number of sources; the same targets twice (the buckets are reused).
    for (const [mode, sourceCount] of [CAR, FOOT, BIKE].flatMap((m) => [[m, 8], [m, 1], [m, 3], [m, 3]])) {
        const q = new CHQuery(beSections.roads, beSections.ch[mode]);
        const check = new CHQuery(beSections.roads, beSections.ch[mode]);
        let x = 7 + mode + 13 * sourceCount;
        const next = () => (x = (x * 1103515245 + 12345) % 2147483648) % beSections.roads.junctionCount;
        // Sources on the main network (a node of a private estate reaches nothing through the hierarchy).
        const mainNode = () => {
            let v = next();
            while (!beSections.roads.inMainComponent(v, mode)) v = next();
            return v;
        };
        const sources = Uint32Array.from({length: sourceCount}, mainNode), targets = Uint32Array.from({length: 200}, next);
        q.tableWithLengths(sources.slice(0, 1), Uint32Array.from({length: 50}, next));
        const {times, lengths} = q.tableWithLengths(sources, targets);
        let compared = 0, reachable = 0;
        for (let s = 0; s < sources.length; s++) {
            for (let j = 0; j < targets.length; j++) {
                const p = check.path(sources[s], targets[j]);
                t.equal(times[s * targets.length + j], p.weight);
                if (p.weight >= INF) continue;
                reachable++;
                let meters = 0;
                for (const a of p.arcs) meters += beSections.roads.edgeLength[(beSections.roads.arcEdge[a] & 0x7fffffff) >>> 0];
                // Equal-time paths may differ in length; they are rare on real weights.
                if (Math.abs(lengths[s * targets.length + j] - meters) < 0.5) compared++;
            }
        }
        t.ok(reachable >= 10 * sourceCount, `mode ${mode}, ${sourceCount} sources: ${reachable} reachable pairs`);
        t.ok(compared >= reachable * 0.95, `mode ${mode}, ${sourceCount} sources: ${compared} of ${reachable} lengths equal to the unpacked path's`);
    }
});
