// Geocoding's text machinery on its own: folding, tokens, house numbers and postcodes,
// abbreviations, bounded edit distance, the sorted dictionary, interpolation.
import t from 'tap';
import {Abbreviations} from '../src/geocode/abbreviations.js';
import {buildDictionary, TermDictionary, TermMatches} from '../src/geocode/dictionary.js';
import {EditDistance, letterMask, maxEditsFor, popcount} from '../src/geocode/edit-distance.js';
import {fold, hasSearchableText, housenumberKey, looksLikeHousenumber, postcodeKey, tokenize} from '../src/geocode/fold.js';
import {estimateHouse, interpolate, interpolationStep, pointOnLine, projectOnLine, type KnownHouses, type LinePosition} from '../src/geocode/interpolation.js';

t.test('folding: case, accents, ligatures and letters without decomposition', async (t) => {
    t.equal(fold('Chaussée de Wavre'), 'chaussee de wavre');
    t.equal(fold('Joseph-von-Görres-Straße'), 'joseph-von-gorres-strasse');
    t.equal(fold('Ħaż-Żabbar'), 'haz-zabbar', 'Maltese ħ has no decomposition');
    t.equal(fold('Œuvre Ærø Łódź'), 'oeuvre aero lodz');
    t.equal(fold('ISTANBUL ıi'), 'istanbul ii');
    t.equal(fold('P.za Duomo'), 'piazza duomo', 'Italian dotted contraction');
    t.equal(fold('V.le Monza, C.so Buenos Aires'), 'viale monza, corso buenos aires');
});

t.test('tokens: letters and digits, punctuation splits', async (t) => {
    t.same(tokenize("Grand'Place"), ['grand', 'place']);
    t.same(tokenize('grand-place'), ['grand', 'place']);
    t.same(tokenize("  Rue de l'Étuve 12A,1000  Bruxelles!! "), ['rue', 'de', 'l', 'etuve', '12a', '1000', 'bruxelles']);
    t.same(tokenize('Ta\' Xbiex'), ['ta', 'xbiex']);
    t.same(tokenize('...---...'), []);
    t.same(tokenize('布鲁塞尔'), ['布鲁塞尔'], 'scripts without spaces stay one word');
    t.ok(hasSearchableText('a'));
    t.notOk(hasSearchableText(' ,;:-!? '));
});

t.test('house number and postcode keys', async (t) => {
    t.equal(housenumberKey('12 A'), '12a');
    t.equal(housenumberKey('12-a'), '12a');
    t.equal(housenumberKey('7bis'), '7bis');
    t.equal(housenumberKey('16-18'), '16-18');
    t.equal(housenumberKey('Blk A2'), 'blka2');
    t.equal(housenumberKey('Rue Van Eyck 1, Van Eyckstraat 1'), '', 'a whole address in the tag is not a number');
    t.equal(housenumberKey('sans numéro'), '', 'no digit');
    t.equal(postcodeKey('VLT 1117'), 'vlt1117');
    t.equal(postcodeKey('4050-123'), '4050123');
    t.ok(looksLikeHousenumber('12'));
    t.ok(looksLikeHousenumber('12a'));
    t.ok(looksLikeHousenumber('3bis'));
    t.notOk(looksLikeHousenumber('a12'));
    t.notOk(looksLikeHousenumber('99741674'), 'a phone number is not a house number');
});

t.test('abbreviations per language, both ways, and compound endings', async (t) => {
    const fr = new Abbreviations(['FR']);
    t.ok(fr.expand('av').includes('avenue'));
    t.ok(fr.expand('avenue').includes('av'));
    t.ok(fr.expand('bd').includes('boulevard'));
    t.ok(fr.expand('r').includes('rue'));
    t.ok(fr.expand('st').includes('saint'));
    t.ok(fr.expand('chee').includes('chaussee'));
    t.notOk(fr.expand('r').includes('rua'), 'R. is Rua only in Portuguese');
    t.ok(new Abbreviations(['PT']).expand('r').includes('rua'));
    const de = new Abbreviations(['DE']);
    t.ok(de.expand('hauptstr').includes('hauptstrasse'), 'Hauptstr. → Hauptstraße');
    t.ok(de.expand('hauptstrasse').includes('hauptstr'));
    t.ok(de.expand('marktpl').includes('marktplatz'));
    t.same(de.expand('str'), ['strasse'], 'the bare ending is an ordinary class member');
    const nl = new Abbreviations(['NL']);
    t.ok(nl.expand('wetstr').includes('wetstraat'));
    t.ok(nl.expand('leuvensestwg').includes('leuvensesteenweg'));
    const en = new Abbreviations(['EN']);
    t.ok(en.expand('st').includes('street') && en.expand('st').includes('saint'), 'St. is Street or Saint');
    t.same(new Abbreviations(['EN']).expand('louise'), [], 'ordinary words have no alternatives');
});

t.test('bounded edit distance (optimal string alignment)', async (t) => {
    const d = new EditDistance();
    t.equal(d.between('bruxelles', 'bruxelles'), 0);
    t.equal(d.between('bruxeles', 'bruxelles'), 1, 'deletion');
    t.equal(d.between('bruxxelles', 'bruxelles'), 1, 'insertion');
    t.equal(d.between('bruxellez', 'bruxelles'), 1, 'substitution');
    t.equal(d.between('burxelles', 'bruxelles'), 1, 'a swap of neighbours is one edit');
    t.equal(d.between('grnad', 'grand'), 1);
    t.equal(d.between('kitten', 'sitting'), 3);
    t.equal(d.between('', 'abc'), 3);
    t.equal(d.between('bruxelles', 'brussels', 1), 2, 'beyond the bound: bound + 1');
    t.equal(d.between('a', 'abcdef', 2), 3, 'lengths too far apart');
    // Longer than the initial rows: they grow.
    const long = 'x'.repeat(200);
    t.equal(d.between(long, long + 'y'), 1);
    t.equal(maxEditsFor(3), 0);
    t.equal(maxEditsFor(4), 1);
    t.equal(maxEditsFor(7), 1);
    t.equal(maxEditsFor(8), 2);
    // The letter-set filter never rejects a pair within the bound.
    const words = ['grand', 'place', 'bruxelles', 'wetstraat', 'loi', 'louise', 'kackertstrasse'];
    for (const a of words) {
        for (const b of words) {
            for (const x of [a.slice(1), a + 'q', a.replace(/.$/, 'z')]) {
                const dist = d.between(x, b, 2);
                if (dist <= 2) t.ok(popcount((letterMask(x) ^ letterMask(b)) >>> 0) <= 2 * dist, `${x} ~ ${b}`);
            }
        }
    }
});

t.test('sorted dictionary: exact, prefix and typo lookups', async (t) => {
    const {sorted, arrays} = buildDictionary(['rue', 'loi', 'louise', 'louvain', 'lo', 'bruxelles', 'brussel', '1000', 'rue']);
    t.same(sorted, ['1000', 'brussel', 'bruxelles', 'lo', 'loi', 'louise', 'louvain', 'rue'], 'unique, in code unit order');
    const dict = new TermDictionary(arrays);
    t.equal(dict.find('loi'), sorted.indexOf('loi'));
    t.equal(dict.find('lou'), -1);
    t.equal(dict.find(''), -1);
    t.equal(dict.term(dict.find('louise')), 'louise');
    const m = new TermMatches();
    dict.prefixes('lou', 10, m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['louise', 'louvain']);
    m.clear();
    dict.prefixes('lo', 10, m);
    t.equal(m.length, 4, 'lo, loi, louise, louvain');
    t.equal(m.prefix[0], 0, 'the word itself is not a prefix match');
    m.clear();
    dict.prefixes('lo', 2, m);
    t.equal(m.length, 2, 'bounded');
    m.clear();
    dict.fuzzy('bruxeles', 1, m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['bruxelles']);
    m.clear();
    dict.fuzzy('loui', 1, m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['loi'], 'louise is two edits away');
    m.clear();
    dict.fuzzy('louvian', 1, m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['louvain']);
    m.clear();
    dict.fuzzy('loi', 0, m);
    t.equal(m.length, 0, 'no edits allowed: nothing (exact matches are looked up separately)');
    // Short words: a swap of two neighbours only ("Lio" for "Loi"), never a substituted letter.
    m.clear();
    dict.swaps('lio', m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['loi'], 'lio → loi');
    t.equal(m.edits[0], 1, 'one edit');
    m.clear();
    dict.swaps('ure', m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['rue'], 'ure → rue');
    m.clear();
    dict.swaps('lot', m);
    dict.swaps('loi', m);
    dict.swaps('oil', m);
    t.equal(m.length, 0, 'a substitution, the word itself and a swap of non-neighbours are not swaps');
    // A short word the data lacks: the terms one letter longer that hold it ("loi" for "lo" + i, "rue" for "re").
    m.clear();
    dict.withOneMore('re', m);
    t.same(Array.from(m.ids.subarray(0, m.length), (id) => sorted[id]), ['rue'], 're → rue');
    m.clear();
    dict.withOneMore('lui', m);
    t.equal(m.length, 0, 'louise is two letters more');
    m.clear();
    dict.withOneMore('loi', m);
    t.equal(m.length, 0, 'no four-letter term holds loi');
    const empty = new TermDictionary(buildDictionary([]).arrays);
    t.equal(empty.find('x'), -1);
    empty.fuzzy('xyz', 1, m);
    empty.prefixes('x', 5, m);
    t.equal(m.length, 0);
});

t.test('interpolation lines spread numbers along their length', async (t) => {
    t.equal(interpolationStep('even'), 2);
    t.equal(interpolationStep('odd'), 2);
    t.equal(interpolationStep('all'), 1);
    t.equal(interpolationStep('alphabetic'), 0);
    const out: [number, number, number][] = [];
    // 2 at the west end, 10 at the east end, one bend in the middle.
    const lat = Float64Array.of(50, 50, 50), lon = Float64Array.of(4, 4.001, 4.002);
    interpolate(lat, lon, Float64Array.of(2, NaN, 10), 2, (n, la, lo) => out.push([n, la, lo]));
    t.same(out.map((o) => o[0]), [4, 6, 8]);
    t.ok(Math.abs(out[1][2] - 4.001) < 1e-9, '6 is half-way');
    t.ok(out[0][2] > 4 && out[2][2] < 4.002);
    out.length = 0;
    interpolate(lat, lon, Float64Array.of(9, NaN, 1), 2, (n) => out.push([n, 0, 0]));
    t.same(out.map((o) => o[0]), [7, 5, 3], 'descending');
    out.length = 0;
    interpolate(lat, lon, Float64Array.of(1, NaN, 100000), 1, (n) => out.push([n, 0, 0]));
    t.equal(out.length, 0, 'absurd spans are tagging errors');
});

t.test('house numbers the data lacks: between the known ones of the same side, along the street', async (t) => {
    // A straight street 400 m long from west to east at 50° N; odd numbers north (left), even south.
    const proj = {lat0: 50, lon0: 4, metersPerLat: 111195, metersPerLon: 111195 * Math.cos(50 * Math.PI / 180)};
    const toLat = (y: number) => Math.round((50 + y / proj.metersPerLat) * 1e7);
    const toLon = (x: number) => Math.round((4 + x / proj.metersPerLon) * 1e7);
    const lines = {lineStart: [0, 3], coordLat: [toLat(0), toLat(0), toLat(0)], coordLon: [toLon(0), toLon(150), toLon(400)]};
    /** The street's known houses as columns (as Places keeps them), each projected on the line. */
    const housesOf = (list: [number, number, number][]): KnownHouses => {
        const h = {aNum: [] as number[], aLine: [] as number[], aAlong: [] as number[], aOffset: [] as number[], aLat: [] as number[], aLon: [] as number[]};
        for (const [number, x, y] of list) {
            const at: LinePosition = {line: 0, along: 0, offset: 0};
            const d = projectOnLine(lines, proj, 0, x, y, at, 1000);
            t.ok(Math.abs(d - Math.abs(y)) < 0.01, `${number} is ${Math.abs(y)} m from the line`);
            h.aNum.push(number);
            h.aLine.push(at.line);
            h.aAlong.push(at.along);
            h.aOffset.push(at.offset);
            h.aLat.push(toLat(y));
            h.aLon.push(toLon(x));
        }
        return h;
    };
    const all: [number, number, number][] = [[1, 10, 8], [11, 110, 8], [2, 20, -8], [12, 220, -8], [30, 390, -8]];
    const known = housesOf(all);
    t.equal(known.aLine[0], 1, 'line index + 1');
    t.ok(Math.abs(known.aAlong[1] - 110) < 0.01 && Math.abs(known.aOffset[1] - 8) < 0.01, '11: 110 m along, 8 m to the left');
    t.ok(Math.abs(known.aOffset[2] + 8) < 0.01, '2: on the right');
    const estimate = (h: KnownHouses, n: number) => estimateHouse(h, 0, h.aNum.length, n, lines, proj, near);
    const near = {index: -1};
    const xy = (at: [number, number] | null) => at && [(at[1] - 4) * proj.metersPerLon, (at[0] - 50) * proj.metersPerLat];
    const close = (a: number[] | null, x: number, y: number) => a !== null && Math.hypot(a[0] - x, a[1] - y) < 0.5;
    const odd = xy(estimate(known, 5));
    t.ok(close(odd, 50, 8), `5: between 1 and 11 on the odd side, ${odd}`);
    t.equal(known.aNum[near.index], 1, 'its nearest known number (its postcode and town)');
    const even = xy(estimate(known, 6));
    t.ok(close(even, 100, -8), `6: between 2 and 12 on the even side (not the odd 1 and 11), ${even}`);
    const past = xy(estimate(known, 20));
    t.ok(close(past, 220 + 170 * 8 / 18, -8), `20: between 12 and 30, ${past}`);
    const before = xy(estimate(housesOf([all[2], all[3]]), 0));
    t.ok(close(before, 0, -8), `0: before 2, carried on from 2 and 12, ${before}`);
    t.equal(estimate(known, 41), null, 'odd numbers go to 11 only: 41 is too far past them');
    t.equal(estimate(housesOf([all[0]]), 5), null, 'one known number on its side is not enough');
    t.equal(estimate(housesOf([all[2], all[4]]), 100), null, '100 after 2 and 30: farther than they are apart');
    t.equal(estimateHouse(known, 0, 4, 20, lines, proj, near) !== null, true, 'a range of the columns: 12 and 2 carry on to 20');
    // Never past the street's end.
    const end = xy(estimate(housesOf([all[3], all[4]]), 40));
    t.ok(end !== null && end[0] <= 400.01, `40 past 30: at most the end of the street, ${end}`);
    const mid = pointOnLine(lines, proj, 0, 150, 0);
    t.ok(Math.abs(mid[1] - 4 - 150 / proj.metersPerLon) < 1e-9, 'the point 150 m along is the bend');
});
