// The synthetic country of bench/country-build.js (tools/synthetic-roads.js --country --gtfs), small:
// what the generator says it wrote is what the built region holds. Every address is found by the
// geocoder where it was written, every stop is a bus POI, the categories come out as tagged, and the
// feed's buses carry a passenger between two stops of one town.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import t from 'tap';
import {Region, buildRegion} from '../src/index.js';
import {Geocoder, haversineMeters} from '../src/internal.js';
import {readOsmPbf} from '../src/osm/pbf.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-country-'));
t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));

const pbf = path.join(dir, 'country.osm.pbf'), gtfs = path.join(dir, 'country.gtfs.zip');
const run = spawnSync(process.execPath, [path.join(repo, 'tools', 'synthetic-roads.js'), '--junctions', '6000', '--spacing', '4500',
    '--lat', '44', '--lon', '-0.5', '--country', '--gtfs', gtfs, '--out', pbf], {encoding: 'utf8'});
if (run.status !== 0) throw new Error(`the generator failed: ${run.stderr}`);
const counts = JSON.parse(/\{.*\}/.exec(run.stdout.split('\n')[1])![0]) as Record<string, number>;

buildRegion({country: 'FR', name: 'Synthetic country', osm: [pbf], gtfs: [gtfs]}, {dataRoot: dir, outDir: dir, quiet: true});
const region = Region.open(path.join(dir, 'FR'));
const stats = region.manifest.stats;

// What the extract holds, read back: address nodes and bus stops.
const addresses: {lat: number; lon: number; number: string; street: string; city: string}[] = [];
const stops: {lat: number; lon: number; name: string}[] = [];
const stations: {lat: number; lon: number; name: string}[] = [];
readOsmPbf(pbf, {
    node: (n) => {
        const number = n.tags.get('addr:housenumber');
        if (number !== undefined) addresses.push({lat: n.lat, lon: n.lon, number, street: n.tags.get('addr:street')!, city: n.tags.get('addr:city')!});
        if (n.tags.get('highway') === 'bus_stop') stops.push({lat: n.lat, lon: n.lon, name: n.tags.get('name')!});
        if (n.tags.get('public_transport') === 'station') stations.push({lat: n.lat, lon: n.lon, name: n.tags.get('name')!});
    }
});

t.test('the region holds what the generator wrote', async (t) => {
    t.ok(counts.addresses > 500, `${counts.addresses} addresses generated`);
    t.equal(addresses.length, counts.addresses, 'the extract holds every address the generator counted');
    t.equal(stats.places.addresses, counts.addresses, 'every address is inside the country and indexed');
    t.equal(stats.pois.byCategory.bus, counts.stops, 'every stop is a bus POI');
    for (const key of ['elementarySchool', 'supermarket', 'secondarySchool']) t.ok(stats.pois.byCategory[key] > 0, `${key}: ${stats.pois.byCategory[key]}`);
    t.equal(stats.transit.feeds[0].stats.stopTimes, counts.stopTimes, 'the feed holds the stop_times the generator counted');
    t.equal(stats.transit.feeds[0].warnings.length, 0, 'the feed reads without a warning');
});

// Town names one letter apart (Fonmon, Monmon) score alike for now: the address counts as found when it
// is among the answers that share the best score.
t.test('the geocoder finds the addresses where they were written', async (t) => {
    let found = 0;
    const sample = addresses.filter((_, i) => i % 25 === 0);
    for (const a of sample) {
        const results = region.geocoder.search(`${a.number} ${a.street}, ${a.city}`, {limit: 5});
        const best = results.filter((r) => r.score === results[0].score);
        if (best.some((r) => r.housenumber === a.number && r.city === a.city && haversineMeters(r.lat, r.lon, a.lat, a.lon) < 5)) found++;
        else t.comment(`${a.number} ${a.street}, ${a.city} at ${a.lat},${a.lon}: ${JSON.stringify(results[0])}`);
    }
    t.equal(found, sample.length, `${found} of ${sample.length} addresses found at their node`);
});

t.test('the feed\'s trains carry a passenger along a row of towns', async (t) => {
    // Stations come in town order, rows of `columns` towns; the first row has a train every two hours.
    const columns = Number(/\((\d+) × \d+\)/.exec(run.stdout)![1]);
    const from = stations[0], to = stations[columns - 1];
    const route = region.transitRouter.route(from.lat, from.lon, to.lat, to.lon);
    t.ok(route.legs.some((leg) => leg.type === 'ride'), `${from.name} → ${to.name}: ${route.legs.map((l) => l.type).join(', ')}`);
    t.ok(route.time / 1000 < haversineMeters(from.lat, from.lon, to.lat, to.lon) / 1.4, `${Math.round(route.time / 60000)} min, faster than walking there`);
});

// Every town has a Rue de la Gare: with limits that make the street's words common (as in a country,
// where thousands of towns share them), the search starts from the town the query names, and the town
// decides which of the same-named streets answers.
t.test('a house number no street of the town has: the town\'s street, not a house elsewhere', async (t) => {
    const towns = [...new Set(addresses.filter((a) => a.street === 'Rue de la Gare').map((a) => a.city))];
    t.ok(towns.length >= 5, `${towns.length} towns`);
    for (const town of towns) {
        const q = `999 Rue de la Gare, ${town}`;
        const [best] = region.geocoder.search(q, {language: 'FR'});
        t.equal(`${best?.name}, ${best?.city}`, `Rue de la Gare, ${town}`, q);
        t.equal(best?.accuracy, 'street', `${q}: the street, honestly`);
    }
});

t.test('among same-named streets of many towns, the query\'s town decides', async (t) => {
    const places = region.geocoder.places;
    const postingsOf = (word: string) => {
        const id = places.dictionary.find(word);
        return id < 0 ? 0 : places.termPostStart[id + 1] - places.termPostStart[id];
    };
    const sameNamed = addresses.filter((a) => a.street === 'Rue de la Gare');
    const towns = new Set(sameNamed.map((a) => a.city));
    t.ok(towns.size >= 5, `Rue de la Gare has addresses in ${towns.size} towns`);
    // Town names are rare terms, the street's words common ones.
    const rare = Math.max(...[...towns].map((c) => postingsOf(c.toLowerCase())));
    t.ok(postingsOf('gare') > rare && postingsOf('rue') > rare, `'gare' ${postingsOf('gare')} and 'rue' ${postingsOf('rue')} postings, a town's name at most ${rare}`);
    const walk = new Geocoder(places, region.geocoder.country, {fullWalkPostings: Infinity});
    const selective = new Geocoder(places, region.geocoder.country, {fullWalkPostings: 0, selectivePostings: rare, frequentCandidates: 2});
    const sample = [...towns].map((town) => sameNamed.find((a) => a.city === town)!);
    for (const a of sample) {
        const q = `${a.number} ${a.street}, ${a.city}`;
        const [best] = selective.search(q, {language: 'FR', limit: 5});
        t.ok(best && best.housenumber === a.number && best.city === a.city && haversineMeters(best.lat, best.lon, a.lat, a.lon) < 5,
            `${q}: ${best?.name}, ${best?.city} at ${best?.lat},${best?.lon}`);
        const [walked] = walk.search(q, {language: 'FR', limit: 5});
        t.equal(best.feature, walked.feature, `${q}: the walk's answer`);
        t.ok(selective.candidatesScored < walk.candidatesScored, `${q}: ${selective.candidatesScored} features scored, the walk ${walk.candidatesScored}`);
    }
});
