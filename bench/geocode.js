// Geocoding accuracy and speed on the real extracts (issue 6).
//
// The test set comes from the data itself, read straight from the OSM files (not from our index):
// addresses with addr:housenumber and addr:street (nodes, and building ways at the mean of their
// nodes), sampled with a fixed seed. Each sampled address becomes queries in several forms:
//   pc_city       "Rue X 12, 1000 Bruxelles"   (when the address has a postcode)
//   number_first  "12 Rue X Bruxelles"
//   no_postcode   "Rue X 12"
//   typo          "Rue Xy 12"                  (one edit in the street's longest word, 5+ letters)
//   abbreviation  "R. X 12" / "X-Str. 12"      (when the street has a word with a usual short form)
//   other_lang    "X-straat 12, 1000"          (Brussels: the other half of a bilingual street name)
// The city is addr:city, else the name (first half when bilingual) of the nearest city, town or
// village node. A query counts as found when the result lies within 50 m of the address.
//
// Usage: node --expose-gc bench/geocode.js [CC ...] [--n 400] [--seed 42]   (default DE BE MT)
import {
    readOsmPbf, CountryBorder, Section, buildBorderSection, countryConfig, dataRoot, loadRegionConfigs, BORDER_SECTION_KIND, BORDER_SECTION_VERSION
} from '@quartier/engine/internal';
import {buildGeocodeIndex} from './geocode-index.js';
import path from 'node:path';
import {mulberry32, percentile} from './lib/stats.js';
import {meters, typo} from './lib/geocode-queries.js';
import {printFigure} from './lib/figure.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const v = Number(args[i + 1]);
    args.splice(i, 2);
    return v;
};
const N = option('--n', 400);
const SEED = option('--seed', 42);
const countries = args.length ? args.map((a) => a.toUpperCase()) : ['DE', 'BE', 'MT'];
const FOUND_METERS = 50;
const FORMS = ['pc_city', 'number_first', 'no_postcode', 'typo', 'abbreviation', 'other_lang'];
const CLEAN_FORMS = ['pc_city', 'number_first', 'no_postcode', 'abbreviation', 'other_lang'];

/** Short forms people type, by the street word's folded spelling (whole words, or a compound's end). */
const ABBREVIATIONS = {
    BE: [[/^Rue /, 'R. '], [/^Avenue /, 'Av. '], [/^Boulevard /, 'Bd '], [/^Place /, 'Pl. '], [/^Chaussée /, 'Chée '], [/^Square /, 'Sq. '],
        [/straat\b/, 'str.'], [/steenweg\b/, 'stwg.'], [/laan\b/, 'ln.'], [/plein\b/, 'pl.']],
    DE: [[/straße\b/, 'str.'], [/Straße\b/, 'Str.'], [/platz\b/, 'pl.'], [/Platz\b/, 'Pl.']],
    MT: [[/ Street\b/, ' St.'], [/^Saint /, 'St. '], [/ Road\b/, ' Rd.'], [/^Triq /, 'Tr. ']],
    PT: [[/^Rua /, 'R. '], [/^Avenida /, 'Av. '], [/^Praça /, 'Pç. ']],
    IT: [[/^Via /, 'V. '], [/^Piazza /, 'P.za '], [/^Viale /, 'V.le '], [/^Corso /, 'C.so ']]
};

/** Addresses, place nodes and bilingual street names read from the raw extracts. */
function readTruth(country) {
    const [config] = loadRegionConfigs([country]);
    const files = config.osm.map((f) => (path.isAbsolute(f) ? f : path.join(dataRoot(), f)));
    const tag = (t) => {
        const o = {};
        for (let i = 0; i < t.count; i++) o[t.key(i)] = t.value(i);
        return o;
    };
    const addresses = [], wayAddresses = [], places = [], seen = new Set();
    const wanted = new Set();
    for (const file of files) {
        readOsmPbf(file, {
            way(w) {
                const number = w.tags.get('addr:housenumber'), street = w.tags.get('addr:street');
                if (!number || !street || seen.has(`w${w.id}`)) return;
                seen.add(`w${w.id}`);
                const refs = Array.from(w.refs.subarray(0, w.refCount));
                if (refs.length > 1 && refs[0] === refs[refs.length - 1]) refs.pop();
                for (const r of refs) wanted.add(r);
                wayAddresses.push({tags: tag(w.tags), refs});
            }
        });
    }
    const coords = new Map();
    for (const file of files) {
        readOsmPbf(file, {
            node(n) {
                if (wanted.has(n.id)) coords.set(n.id, [n.lat, n.lon]);
                if (n.tags.count === 0 || seen.has(`n${n.id}`)) return;
                const number = n.tags.get('addr:housenumber'), street = n.tags.get('addr:street');
                const place = n.tags.get('place');
                if (number && street) {
                    seen.add(`n${n.id}`);
                    addresses.push({tags: tag(n.tags), lat: n.lat, lon: n.lon});
                }
                if ((place === 'city' || place === 'town' || place === 'village') && n.tags.get('name')) {
                    places.push({name: n.tags.get('name').split(/\s+[-/]\s+/)[0], lat: n.lat, lon: n.lon});
                }
            }
        });
    }
    for (const w of wayAddresses) {
        let lat = 0, lon = 0, k = 0;
        for (const r of w.refs) {
            const c = coords.get(r);
            if (!c) continue;
            lat += c[0];
            lon += c[1];
            k++;
        }
        if (k) addresses.push({tags: w.tags, lat: lat / k, lon: lon / k});
    }
    return {addresses, places};
}

function queriesFor(country, a, places, random) {
    const t = a.tags;
    const street = t['addr:street'], number = t['addr:housenumber'], postcode = t['addr:postcode'] ?? '';
    let city = t['addr:city'];
    if (!city) {
        let best = Infinity;
        for (const p of places) {
            const d = meters(a.lat, a.lon, p.lat, p.lon);
            if (d < best) {
                best = d;
                city = p.name;
            }
        }
    }
    city = (city ?? '').split(/\s+[-/]\s+/)[0];
    const halves = street.split(/\s+-\s+/);
    const main = halves[0];
    const q = {};
    if (postcode) q.pc_city = `${main} ${number}, ${postcode} ${city}`;
    q.number_first = `${number} ${main} ${city}`;
    q.no_postcode = `${main} ${number}`;
    const misspelt = typo(main, random);
    if (misspelt) q.typo = `${misspelt} ${number}`;
    for (const [re, short] of ABBREVIATIONS[country] ?? []) {
        if (re.test(main)) {
            q.abbreviation = `${main.replace(re, short)} ${number}`;
            break;
        }
    }
    if (halves.length === 2) q.other_lang = `${halves[1]} ${number}${postcode ? `, ${postcode}` : ''}`;
    return q;
}

const rows = [];
const latencies = [];
const builds = [];
for (const country of countries) {
    const index = buildGeocodeIndex(country);
    const cc = countryConfig(country);
    const borderBytes = buildBorderSection(cc.borderCode);
    const border = CountryBorder.from(Section.from(borderBytes.buffer, BORDER_SECTION_KIND, BORDER_SECTION_VERSION, borderBytes.byteOffset, borderBytes.byteLength));
    builds.push({country, ...index.ms, bytes: index.bytes, stats: index.stats});
    const {addresses, places} = readTruth(country);
    const inCountry = addresses.filter((a) => border.contains(a.lat, a.lon) && /\d/.test(a.tags['addr:housenumber']));
    const random = mulberry32(SEED);
    // Fisher-Yates with the seeded generator, then the first N.
    for (let i = inCountry.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [inCountry[i], inCountry[j]] = [inCountry[j], inCountry[i]];
    }
    const sample = inCountry.slice(0, N);
    const tests = [];
    for (const a of sample) {
        const q = queriesFor(country, a, places, random);
        for (const form of FORMS) if (q[form]) tests.push({form, query: q[form], lat: a.lat, lon: a.lon});
    }
    global.gc?.();
    const geocoder = index.geocoder;
    for (const t of tests.slice(0, 50)) geocoder.search(t.query, {language: 'EN', limit: 5});
    const stats = {};
    const misses = [];
    const times = [];
    for (const t of tests) {
        const started = performance.now();
        const results = geocoder.search(t.query, {language: 'EN', limit: 5});
        const ms = performance.now() - started;
        times.push(ms);
        latencies.push(ms);
        const s = stats[t.form] ??= {n: 0, top1: 0, top5: 0};
        s.n++;
        const hit = results.findIndex((r) => meters(r.lat, r.lon, t.lat, t.lon) <= FOUND_METERS);
        if (hit === 0) s.top1++;
        if (hit >= 0) s.top5++;
        if (hit !== 0) misses.push({form: t.form, query: t.query, got: results[0] ? `${results[0].name} (${results[0].postcode} ${results[0].city}) ${Math.round(meters(results[0].lat, results[0].lon, t.lat, t.lon))} m` : 'nothing'});
    }
    // Autocomplete near a position: the street's first letters, focus 300 m away (timing only).
    const focusTimes = [];
    for (const a of sample.slice(0, 200)) {
        const street = a.tags['addr:street'].split(/\s+-\s+/)[0];
        const partial = street.slice(0, Math.max(3, Math.ceil(street.length * 0.6)));
        const started = performance.now();
        geocoder.search(partial, {language: 'EN', lat: a.lat + 0.0027, lon: a.lon, limit: 5});
        const ms = performance.now() - started;
        focusTimes.push(ms);
        latencies.push(ms);
    }
    // Reverse at every sampled address (timing only).
    const reverseTimes = [];
    for (const a of sample) {
        const started = performance.now();
        geocoder.reverse(a.lat, a.lon, 'EN');
        reverseTimes.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    focusTimes.sort((x, y) => x - y);
    reverseTimes.sort((x, y) => x - y);
    rows.push({country, sample: sample.length, pool: inCountry.length, stats, times, focusTimes, reverseTimes});
    if (process.env.SHOW) for (const t of tests.slice(0, Number(process.env.SHOW))) console.error(`${country} ${t.form}: ${t.query}`);
    if (process.env.MISSES) {
        const wanted = process.env.MISSES.split(',');
        for (const m of misses) if (wanted.includes(m.form) || wanted.includes('all')) console.error(`${country} ${m.form}: ${m.query} -> ${m.got}`);
    }
}

console.log(`Seed ${SEED}, up to ${N} sampled addresses per region, found = within ${FOUND_METERS} m.\n`);
console.log('| region | addresses (sampled of) | form | queries | top-1 | top-5 |');
console.log('|---|---|---|---|---|---|');
const pct = (a, b) => (b ? `${(100 * a / b).toFixed(1)}%` : '-');
for (const r of rows) {
    let cn = 0, c1 = 0, c5 = 0;
    for (const form of FORMS) {
        const s = r.stats[form];
        if (!s) continue;
        console.log(`| ${r.country} | ${r.sample} of ${r.pool} | ${form} | ${s.n} | ${pct(s.top1, s.n)} | ${pct(s.top5, s.n)} |`);
        if (CLEAN_FORMS.includes(form)) {
            cn += s.n;
            c1 += s.top1;
            c5 += s.top5;
        }
    }
    printFigure(`geocode.${r.country}.clean-top1`, 100 * c1 / cn);
    console.log(`| ${r.country} | | **clean (all but typo)** | ${cn} | **${pct(c1, cn)}** | ${pct(c5, cn)} |`);
}
console.log('\n| region | search p50 | search p95 | autocomplete (GetClose) p50 / p95 | reverse p50 / p95 |');
console.log('|---|---|---|---|---|');
const ms = (v) => `${v.toFixed(2)} ms`;
for (const r of rows) {
    printFigure(`geocode.${r.country}.search-p50`, percentile(r.times, 0.5));
    printFigure(`geocode.${r.country}.search-p95`, percentile(r.times, 0.95));
    console.log(`| ${r.country} | ${ms(percentile(r.times, 0.5))} | ${ms(percentile(r.times, 0.95))} | ${ms(percentile(r.focusTimes, 0.5))} / ${ms(percentile(r.focusTimes, 0.95))} | ${ms(percentile(r.reverseTimes, 0.5))} / ${ms(percentile(r.reverseTimes, 0.95))} |`);
}
latencies.sort((x, y) => x - y);
console.log(`| all | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | (forward queries of every form and autocomplete together) | |`);
console.log('\n| region | OSM passes | index build | section | addresses (interpolated) | streets | places | POIs | terms | name variants |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const b of builds) {
    const s = b.stats;
    console.log(`| ${b.country} | ${(b.read / 1000).toFixed(2)} s | ${(b.index / 1000).toFixed(2)} s | ${(b.bytes / 1e6).toFixed(2)} MB | ${s.addresses} (${s.interpolated}) | ${s.streets} | ${s.places} | ${s.pois} | ${s.terms} | ${s.variants} |`);
}
