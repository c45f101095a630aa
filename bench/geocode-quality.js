// Geocoding as people type it (issue 12): landmarks, towns, addresses and streets without a number,
// sampled with a fixed seed from the OSM files themselves (not from our index), each asked once as
// typed cleanly and once with one typo.
//
// Kinds (the expected answer is the sampled OSM object's own geometry):
//   landmark  a named station, school, university, museum, theatre, cinema, library, hospital, town
//             hall, arts centre, park, garden, stadium, square, shopping centre, monument, castle
//             (nodes and closed ways); the query is its name
//   town      a place=city/town/village/suburb node; the query is its name
//   address   addr:street + addr:housenumber (nodes and buildings): "Street 12" ("12 Triq ..." in Malta)
//   street    a named highway without a number ("addresses with missing numbers"): "Rue X"
// Only names that say where they are: a name used by objects more than 1 km apart (two "Rue de
// l'Eglise", every "Carrefour") needs a town to be answered, so it is not sampled; the same for an
// address whose street and number occur twice. Objects outside the country (the border section) are
// not sampled: geocoding answers for its own country only.
// As typed: lower case, as written, UPPER CASE or Title Case at random, accents dropped half the time;
// the first half of a bilingual name ("Rue de la Loi - Wetstraat" -> "Rue de la Loi"). Typo: one
// edit (substitute, delete, insert, swap) in a random word of 4+ letters.
// A hit: the first answer within 50 m of the object (a point; a way's outline, or inside it when closed).
//
// Then house numbers the data lacks, by leaving one out: for 300 seeded mapped addresses with a plain
// number, the number is placed from the other known numbers of its street (as a search for a missing
// number does, interpolation.ts) and compared with where it really is.
//
// Usage: node bench/geocode-quality.js [CC ...] [--seed 12]   (default BE PT MT IT DE)
import path from 'node:path';
import {
    CountryBorder, Section, buildBorderSection, countryConfig, dataRoot, loadRegionConfigs, readOsmPbf, BORDER_SECTION_KIND, BORDER_SECTION_VERSION, estimateHouse
} from '@quartier/engine/internal';
import {mulberry32} from './lib/stats.js';
import {buildGeocodeIndex} from './geocode-index.js';
import {meters, typo} from './lib/geocode-queries.js';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const SEED = seedAt >= 0 ? Number(args.splice(seedAt, 2)[1]) : 12;
const countries = args.length ? args.map((a) => a.toUpperCase()) : ['BE', 'PT', 'MT', 'IT', 'DE'];
const FOUND_METERS = 50;
const AMBIGUOUS_METERS = 1000;
const KINDS = ['landmark', 'town', 'address', 'street'];
/** Sampled per kind; a region with fewer towns gets them all (every region reaches 200 queries per form). */
const PER_KIND = {landmark: 80, town: 40, address: 60, street: 60};
const LANDMARKS = {
    railway: ['station', 'halt'], public_transport: ['station'],
    amenity: ['school', 'university', 'college', 'theatre', 'cinema', 'library', 'hospital', 'townhall', 'arts_centre'],
    tourism: ['museum', 'gallery', 'zoo'], leisure: ['park', 'garden', 'stadium'], place: ['square'],
    shop: ['mall', 'department_store'], historic: ['monument', 'castle']
};
const TOWNS = new Set(['city', 'town', 'village', 'suburb']);

const tagsOf = (t) => {
    const o = {};
    for (let i = 0; i < t.count; i++) o[t.key(i)] = t.value(i);
    return o;
};
const isLandmark = (tags) => Object.entries(LANDMARKS).some(([k, values]) => values.includes(tags[k]));
const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const firstHalf = (name) => name.split(/\s+[-–/]\s+/)[0];

/** Objects of every kind read from the raw extracts: {kind, name, query parts, points (and closed)}. */
function readTruth(files) {
    const ways = [], wanted = new Set(), seen = new Set();
    for (const file of files) {
        readOsmPbf(file, {
            way(w) {
                if (seen.has(w.id)) return;
                const tags = tagsOf(w.tags);
                const refs = Array.from(w.refs.subarray(0, w.refCount));
                const closed = refs.length > 3 && refs[0] === refs[refs.length - 1];
                let kind = null;
                if (tags.name && isLandmark(tags) && closed) kind = 'landmark';
                else if (tags['addr:street'] && tags['addr:housenumber'] && closed) kind = 'address';
                else if (tags.name && tags.highway && !['bus_stop', 'platform', 'elevator'].includes(tags.highway)) kind = 'street';
                if (!kind) return;
                seen.add(w.id);
                for (const r of refs) wanted.add(r);
                ways.push({kind, tags, refs, closed});
            }
        });
    }
    const coords = new Map(), objects = [], seenNodes = new Set();
    for (const file of files) {
        readOsmPbf(file, {
            node(n) {
                if (wanted.has(n.id)) coords.set(n.id, [n.lat, n.lon]);
                if (n.tags.count === 0 || seenNodes.has(n.id)) return;
                const tags = tagsOf(n.tags);
                let kind = null;
                if (tags.name && TOWNS.has(tags.place)) kind = 'town';
                else if (tags.name && isLandmark(tags)) kind = 'landmark';
                else if (tags['addr:street'] && tags['addr:housenumber']) kind = 'address';
                if (!kind) return;
                seenNodes.add(n.id);
                objects.push({kind, tags, points: [[n.lat, n.lon]], closed: false});
            }
        });
    }
    for (const w of ways) {
        const points = w.refs.map((r) => coords.get(r)).filter((c) => c !== undefined);
        if (points.length === w.refs.length) objects.push({kind: w.kind, tags: w.tags, points, closed: w.closed});
    }
    return objects;
}

/** The key that must be unique for an object to say where it is, and its query as written in the data. */
function keyAndQuery(country, o) {
    if (o.kind === 'address') {
        const street = firstHalf(o.tags['addr:street']), number = o.tags['addr:housenumber'];
        return {key: `${fold(street)}|${fold(number)}`, text: country === 'MT' ? `${number} ${street}` : `${street} ${number}`};
    }
    const name = firstHalf(o.tags.name);
    return {key: fold(name), text: name};
}

/** Metres from a point to the object: 0 inside a closed way, else to its nearest point or outline. */
function distanceTo(o, lat, lon) {
    const k = Math.cos(lat * Math.PI / 180);
    const xy = (p) => [(p[1] - lon) * 111195 * k, (p[0] - lat) * 111195];
    if (o.points.length === 1) return meters(lat, lon, o.points[0][0], o.points[0][1]);
    let best = Infinity, inside = false;
    for (let i = 1; i < o.points.length; i++) {
        const [ax, ay] = xy(o.points[i - 1]), [bx, by] = xy(o.points[i]);
        const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
        best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
        if ((ay > 0) !== (by > 0) && 0 < ax + (0 - ay) * dx / dy) inside = !inside;
    }
    return o.closed && inside ? 0 : best;
}

/** Typed as people do: case at random, accents dropped half the time. */
function asTyped(text, random) {
    const c = random();
    let s = c < 1 / 3 ? text.toLowerCase() : c < 2 / 3 ? text : c < 5 / 6 ? text.toUpperCase() : text.toLowerCase().replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
    if (random() < 0.5) s = s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    return s;
}

/** Leave-one-out: each sampled mapped address placed from its street's other numbers; errors in metres (null: not placed). */
function leaveOneOut(places, random, count) {
    const P = places;
    const lines = {lineStart: P.lineStart, coordLat: P.coordLat, coordLon: P.coordLon};
    const candidates = [];
    for (let a = 0; a < P.addressCount; a++) if (P.aNum[a] > 0 && /^\d+$/.test(P.strings.get(P.aNumber[a]))) candidates.push(a);
    for (let i = candidates.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
    }
    const errors = [];
    const near = {index: -1};
    for (const a of candidates.slice(0, count)) {
        // The others of its street: estimateHouse never uses a house of the number it places.
        const s = P.aStreet[a];
        const at = estimateHouse(P, P.streetAddrStart[s], P.streetAddrStart[s + 1], P.aNum[a], lines, P, near);
        errors.push(at === null ? null : meters(at[0], at[1], P.aLat[a] / 1e7, P.aLon[a] / 1e7));
    }
    return errors;
}

const rows = [];
const missing = [];
for (const country of countries) {
    const [config] = loadRegionConfigs([country]);
    const files = config.osm.map((f) => (path.isAbsolute(f) ? f : path.join(dataRoot(), f)));
    const cc = countryConfig(country);
    const borderBytes = buildBorderSection(cc.borderCode);
    const border = CountryBorder.from(Section.from(borderBytes.buffer, BORDER_SECTION_KIND, BORDER_SECTION_VERSION, borderBytes.byteOffset, borderBytes.byteLength));
    const {geocoder, places} = buildGeocodeIndex(country);
    const objects = readTruth(files).filter((o) => o.points.every((p) => border.contains(p[0], p[1])));
    // Ambiguous keys: the same name (or street and number) on objects more than 1 km apart; the streets
    // of one name merge (a street is many ways).
    const groups = new Map();
    for (const o of objects) {
        const {key, text} = keyAndQuery(country, o);
        o.text = text;
        if (!/\p{L}/u.test(key)) continue;
        const g = `${o.kind === 'address' ? 'a' : o.kind === 'street' ? 's' : 'p'}|${key}`;
        const list = groups.get(g);
        if (list) list.push(o);
        else groups.set(g, [o]);
    }
    const pool = Object.fromEntries(KINDS.map((k) => [k, []]));
    for (const list of groups.values()) {
        let far = false;
        for (let i = 1; i < list.length && !far; i++) {
            for (const p of list[i].points) if (distanceTo(list[0], p[0], p[1]) > AMBIGUOUS_METERS) far = true;
        }
        // Landmarks and towns share keys: a station node and its area, or a town and its square, are one answer.
        if (far) continue;
        if (list[0].kind === 'street') pool.street.push({kind: 'street', text: list[0].text, points: list.flatMap((o) => o.points), parts: list});
        else pool[list[0].kind].push(list[0]);
    }
    const random = mulberry32(SEED);
    const tests = [];
    for (const kind of KINDS) {
        const list = pool[kind];
        list.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
        for (let i = list.length - 1; i > 0; i--) {
            const j = Math.floor(random() * (i + 1));
            [list[i], list[j]] = [list[j], list[i]];
        }
        for (const o of list.slice(0, PER_KIND[kind])) {
            const clean = asTyped(o.text, random);
            const misspelt = typo(clean, random, 4, 'random');
            tests.push({kind, o, clean, misspelt});
        }
    }
    const stats = {};
    const misses = [];
    const hit = (o, r) => r !== undefined && (o.parts ? o.parts.some((p) => distanceTo(p, r.lat, r.lon) <= FOUND_METERS) : distanceTo(o, r.lat, r.lon) <= FOUND_METERS);
    for (const t of tests) {
        const s = stats[t.kind] ??= {pool: pool[t.kind].length, n: 0, clean: 0, typoN: 0, typo: 0};
        s.n++;
        const [r] = geocoder.search(t.clean, {limit: 1});
        if (hit(t.o, r)) s.clean++;
        else misses.push(`${country} ${t.kind} clean: ${t.clean} -> ${r ? `${r.name} (${r.kind}, ${r.city})` : 'nothing'}`);
        if (t.misspelt === null) continue;
        s.typoN++;
        const [q] = geocoder.search(t.misspelt, {limit: 1});
        if (hit(t.o, q)) s.typo++;
        else misses.push(`${country} ${t.kind} typo: ${t.misspelt} -> ${q ? `${q.name} (${q.kind}, ${q.city})` : 'nothing'}`);
    }
    rows.push({country, stats});
    missing.push({country, errors: leaveOneOut(places, mulberry32(SEED), 300)});
    if (process.env.MISSES) for (const m of misses) console.error(m);
}

const pct = (a, b) => (b ? `${(100 * a / b).toFixed(1)}%` : '-');
console.log(`Seed ${SEED}; a hit is the first answer within ${FOUND_METERS} m of the sampled OSM object.\n`);
console.log('| region | kind | sampled (of) | clean top-1 | with one typo top-1 |');
console.log('|---|---|---|---|---|');
const total = {n: 0, clean: 0, typoN: 0, typo: 0, ltN: 0, lt: 0};
for (const r of rows) {
    const sum = {n: 0, clean: 0, typoN: 0, typo: 0};
    for (const kind of KINDS) {
        const s = r.stats[kind];
        if (!s) continue;
        console.log(`| ${r.country} | ${kind} | ${s.n} (${s.pool}) | ${pct(s.clean, s.n)} | ${pct(s.typo, s.typoN)} (${s.typoN}) |`);
        for (const k of ['n', 'clean', 'typoN', 'typo']) sum[k] += s[k];
        if (kind === 'landmark' || kind === 'town') {
            total.ltN += s.n;
            total.lt += s.clean;
        }
    }
    console.log(`| ${r.country} | **all** | ${sum.n} | **${pct(sum.clean, sum.n)}** | **${pct(sum.typo, sum.typoN)}** (${sum.typoN}) |`);
    for (const k of ['n', 'clean', 'typoN', 'typo']) total[k] += sum[k];
}
console.log(`\nAll regions: clean ${pct(total.clean, total.n)} of ${total.n}; one typo ${pct(total.typo, total.typoN)} of ${total.typoN}; landmarks and towns (clean) ${pct(total.lt, total.ltN)} of ${total.ltN}.`);

console.log('\nHouse numbers the data lacks (leave one out: a mapped number placed from the others of its street).\n');
console.log('| region | addresses | placed | within 25 m | within 50 m | median error | p90 error |');
console.log('|---|---|---|---|---|---|---|');
for (const m of missing) {
    const placed = m.errors.filter((e) => e !== null).sort((a, b) => a - b);
    const q = (p) => (placed.length ? `${Math.round(placed[Math.min(placed.length - 1, Math.floor(placed.length * p))])} m` : '-');
    const within = (d) => pct(placed.filter((e) => e <= d).length, placed.length);
    console.log(`| ${m.country} | ${m.errors.length} | ${pct(placed.length, m.errors.length)} | ${within(25)} | ${within(50)} | ${q(0.5)} | ${q(0.9)} |`);
}
