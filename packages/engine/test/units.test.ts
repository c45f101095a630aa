// Distance and travel-time labels: the reference response reproduced in French, the product owner's
// cases in FR, EN and NL, plural categories in every language, fallback and bad input.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import t from 'tap';
import {distanceLabels, durationLabels} from '../src/text/units.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REFERENCE = path.resolve(repoRoot, '../shared/reference/brussels-text-and-data.json');
const LANGUAGES = ['EN', 'FR', 'NL', 'DE', 'IT', 'PT', 'ES', 'CA', 'ZH', 'AR', 'BG', 'BS', 'EL', 'HR', 'MT', 'SL', 'SQ', 'SR', 'TR'];

interface TravelEntry {
    ptdd: number; ptdll: string; ptdsl: string;
    tt: number; ttll: string; ttsl: string; ttesl: string;
}
interface Reference {
    Data: {
        AvailableCategoriesAroundPosition: {sc: {d: {td: TravelEntry[]}[]}[]}[];
        CloseCities: {td: TravelEntry[]}[];
    };
}

t.test('every label of the reference response, in French', async (t) => {
    const ref = JSON.parse(fs.readFileSync(REFERENCE, 'utf8')) as Reference;
    const entries: TravelEntry[] = [];
    for (const c of ref.Data.AvailableCategoriesAroundPosition) {
        for (const sc of c.sc) for (const d of sc.d) entries.push(...d.td);
    }
    for (const city of ref.Data.CloseCities) entries.push(...city.td);
    t.ok(entries.length >= 60, `${entries.length} travel entries`);
    for (const e of entries) {
        t.same(distanceLabels(e.ptdd, 'FR'), {long: e.ptdll, short: e.ptdsl}, `${e.ptdd} m`);
        t.same(durationLabels(e.tt, 'FR'), {long: e.ttll, short: e.ttsl, extraShort: e.ttesl}, `${e.tt} s`);
    }
});

t.test("the product owner's cases in FR, EN and NL", async (t) => {
    const d = (s: number, l: string) => durationLabels(s, l).long;
    const m = (x: number, l: string) => distanceLabels(x, l).long;

    t.equal(d(59, 'FR'), '59 secondes');
    t.equal(d(60, 'FR'), '1 minute');
    t.equal(d(3599, 'FR'), '1 heure');
    t.equal(d(3600, 'FR'), '1 heure');
    t.equal(m(298, 'FR'), '298 mètres');
    t.equal(m(1323, 'FR'), '1,3 kilomètre');

    t.equal(d(59, 'EN'), '59 seconds');
    t.equal(d(60, 'EN'), '1 minute');
    t.equal(d(3599, 'EN'), '1 hour');
    t.equal(d(3600, 'EN'), '1 hour');
    t.equal(m(298, 'EN'), '298 metres');
    t.equal(m(1323, 'EN'), '1.3 kilometres');

    t.equal(d(59, 'NL'), '59 seconden');
    t.equal(d(60, 'NL'), '1 minuut');
    t.equal(d(3599, 'NL'), '1 uur');
    t.equal(d(3600, 'NL'), '1 uur');
    t.equal(m(298, 'NL'), '298 meter');
    t.equal(m(1323, 'NL'), '1,3 kilometer');

    t.same(durationLabels(59, 'EN'), {long: '59 seconds', short: '59 s', extraShort: "59''"});
    t.same(durationLabels(60, 'NL'), {long: '1 minuut', short: '1 min', extraShort: "1'"});
    t.same(durationLabels(3600, 'NL'), {long: '1 uur', short: '1 u', extraShort: '1º'});
    t.same(distanceLabels(298, 'EN'), {long: '298 metres', short: '298 m'});
    t.same(distanceLabels(1323, 'EN'), {long: '1.3 kilometres', short: '1.3 km'});
    t.same(distanceLabels(1323, 'NL'), {long: '1,3 kilometer', short: '1,3 km'});
});

t.test('thresholds, rounding and the joined forms', async (t) => {
    t.same(durationLabels(0, 'FR'), {long: '0 seconde', short: '0 s', extraShort: "0''"});
    t.same(durationLabels(1, 'FR'), {long: '1 seconde', short: '1 s', extraShort: "1''"});
    t.same(durationLabels(120, 'FR'), {long: '2 minutes', short: '2 min', extraShort: "2'"});
    t.same(durationLabels(179, 'FR'), {long: '2 minutes et 59 secondes', short: '2 min 59 s', extraShort: "2' 59''"});
    t.same(durationLabels(180, 'FR'), {long: '3 minutes', short: '3 min', extraShort: "3'"});
    t.equal(durationLabels(209, 'FR').long, '3 minutes');
    t.equal(durationLabels(210, 'FR').long, '4 minutes', 'half a minute rounds up');
    t.equal(durationLabels(3569, 'FR').long, '59 minutes');
    t.equal(durationLabels(3570, 'FR').long, '1 heure', '59.5 minutes round to an hour');
    t.same(durationLabels(7200, 'FR'), {long: '2 heures', short: '2 h', extraShort: '2º'});
    t.same(durationLabels(6968, 'FR'), {long: '1 heure et 56 minutes', short: '1 h 56 min', extraShort: '1º\u00a056\''});
    t.equal(durationLabels(59.4, 'FR').long, '59 secondes', 'fractional seconds are rounded');
    t.equal(durationLabels(59.5, 'FR').long, '1 minute');

    t.same(durationLabels(82, 'EN'), {long: '1 minute and 22 seconds', short: '1 min 22 s', extraShort: "1' 22''"});
    t.same(durationLabels(6968, 'EN'), {long: '1 hour and 56 minutes', short: '1 h 56 min', extraShort: '1º\u00a056\''});
    t.equal(durationLabels(82, 'NL').long, '1 minuut en 22 seconden');
    t.equal(durationLabels(12177, 'NL').long, '3 uur en 23 minuten');
    t.same(durationLabels(12177, 'DE'), {long: '3 Stunden und 23 Minuten', short: '3 Std. 23 Min.', extraShort: '3º\u00a023\''});
    t.equal(durationLabels(61, 'DE').long, '1 Minute und 1 Sekunde');
    t.equal(durationLabels(82, 'IT').long, '1 minuto e 22 secondi');
    t.equal(durationLabels(82, 'ES').long, '1 minuto y 22 segundos');
    t.same(durationLabels(6968, 'ZH'), {long: '1小时56分钟', short: '1小时56分钟', extraShort: '1º\u00a056\''});
    t.equal(durationLabels(82, 'TR').long, '1 dakika 22 saniye');

    t.equal(distanceLabels(0, 'FR').long, '0 mètre');
    t.same(distanceLabels(1, 'FR'), {long: '1 mètre', short: '1 m'});
    t.equal(distanceLabels(999.4, 'FR').long, '999 mètres');
    t.equal(distanceLabels(999.5, 'FR').long, '1 kilomètre', 'rounded metres reach a kilometre');
    t.equal(distanceLabels(1037, 'FR').long, '1 kilomètre', 'a zero decimal is dropped');
    t.equal(distanceLabels(1049, 'FR').long, '1 kilomètre');
    t.equal(distanceLabels(1050, 'FR').long, '1,1 kilomètre', 'half a tenth rounds up');
    t.equal(distanceLabels(1999, 'FR').long, '2 kilomètres');
    t.equal(distanceLabels(1949, 'FR').long, '1,9 kilomètre', 'French: below 2 is singular');
    t.same(distanceLabels(12345, 'FR'), {long: '12,3 kilomètres', short: '12,3 km'});
    t.same(distanceLabels(123456, 'FR'), {long: '123,5 kilomètres', short: '123,5 km'}, 'no digit grouping');
    t.same(distanceLabels(1234567, 'EN'), {long: '1234.6 kilometres', short: '1234.6 km'});
    t.equal(distanceLabels(1000, 'EN').long, '1 kilometre');
    t.equal(distanceLabels(1100, 'EN').long, '1.1 kilometres', 'English: only exactly 1 is singular');
    t.equal(distanceLabels(1, 'EN').long, '1 metre');
    t.equal(distanceLabels(1100, 'PT').long, '1,1 quilómetros', 'European Portuguese rules');
    t.same(distanceLabels(1323, 'ZH'), {long: '1.3公里', short: '1.3公里'});
    t.same(distanceLabels(1323, 'DE'), {long: '1,3 Kilometer', short: '1,3 km'});
});

t.test('every language: 1, 2, 5 and 21 minutes and the other units', async (t) => {
    for (const language of LANGUAGES) {
        for (const n of [1, 2, 5, 21]) {
            const min = durationLabels(n * 60, language);
            for (const [form, text] of Object.entries(min)) {
                t.ok(text.length > String(n).length && text.includes(String(n)), `${language} ${n} min ${form}: "${text}"`);
            }
            const hour = durationLabels(n * 3600, language);
            t.ok(hour.long.includes(String(n)) && hour.long.length > String(n).length, `${language} ${n} h: "${hour.long}"`);
            const m = distanceLabels(n * 10, language);
            t.ok(m.long.includes(String(n * 10)) && m.short.includes(String(n * 10)), `${language} ${n * 10} m: "${m.long}"`);
        }
        const both = durationLabels(82, language);
        t.ok(both.long.includes('1') && both.long.includes('22'), `${language} 82 s: "${both.long}"`);
        if (!['ZH', 'TR', 'AR'].includes(language)) {
            t.not(durationLabels(60, language).long, durationLabels(120, language).long.replace('2', '1'),
                `${language}: 1 and 2 minutes differ in the word`);
        }
        t.equal(durationLabels(82, language).extraShort, "1' 22''", 'the extra-short form is the same everywhere');
        const km = distanceLabels(1323, language);
        t.match(km.short, /^1[.,]3\s?\S+$/, `${language} 1323 m short: "${km.short}"`);
        t.ok(km.long.startsWith('1') && km.long.includes('3'), `${language} 1323 m long: "${km.long}"`);
    }
    t.equal(durationLabels(60, 'fr').long, '1 minute', 'language codes are case-insensitive');
});

t.test('Slavic, Arabic, Slovenian and Maltese plural forms', async (t) => {
    const min = (n: number, l: string) => durationLabels(n * 60, l).long;
    const hr = ['1 minuta', '2 minute', '5 minuta', '21 minuta', '22 minute'];
    t.same([1, 2, 5, 21, 22].map((n) => min(n, 'HR')), hr);
    t.not(min(2, 'HR').replace('2', ''), min(5, 'HR').replace('5', ''), 'hr: 2 and 5 minutes differ in the word');
    t.same([1, 2, 5, 21, 22].map((n) => min(n, 'BS')), hr);
    t.same([1, 2, 5, 21].map((n) => min(n, 'SR')), ['1 minut', '2 minuta', '5 minuta', '21 minut']);
    t.same([1, 2, 5].map((n) => durationLabels(n * 3600, 'HR').long), ['1 sat', '2 sata', '5 sati']);
    t.same([1323, 2500, 5000].map((x) => distanceLabels(x, 'HR').long), ['1,3 kilometra', '2,5 kilometara', '5 kilometara']);

    t.same([1, 2, 3, 5].map((n) => min(n, 'SL')), ['1 minuta', '2 minuti', '3 minute', '5 minut'], 'sl: dual');
    t.same([1, 2, 3, 5, 101, 102, 103, 105].map((n) => distanceLabels(n, 'SL').long),
        ['1 meter', '2 metra', '3 metri', '5 metrov', '101 meter', '102 metra', '103 metri', '105 metrov'], 'sl: the hundreds');
    t.same([1, 2, 3, 5].map((n) => durationLabels(n * 3600, 'SL').long), ['1 ura', '2 uri', '3 ure', '5 ur']);

    t.same([1, 2, 3, 10, 11, 19, 20, 21].map((n) => min(n, 'MT')),
        ['1 minuta', '2 minuti', '3 minuti', '10 minuti', '11 minuta', '19 minuta', '20 minuta', '21 minuta'],
        'mt: plural from 2 to 10, singular from 11');
    t.same([100, 103, 111].map((n) => distanceLabels(n, 'MT').long), ['100 metru', '103 metri', '111 metru'], 'mt: the hundreds');
    t.same([1, 2, 5, 20].map((n) => durationLabels(n * 3600, 'MT').long), ['1 siegħa', '2 sigħat', '5 sigħat', '20 siegħa']);
    t.equal(durationLabels(6968, 'MT').long, '1 siegħa u 56 minuta');

    t.same([1, 2, 3, 10, 11, 59].map((n) => min(n, 'AR')),
        ['1 دقيقة', '2 دقيقة', '3 دقائق', '10 دقائق', '11 دقيقة', '59 دقيقة'], 'ar: plural from 3 to 10');
    t.same([1, 2, 5, 11, 99, 100, 103, 1323, 5000, 11000].map((x) => distanceLabels(x, 'AR').long),
        ['1 متر', '2 متر', '5 أمتار', '11 مترًا', '99 مترًا', '100 متر', '103 أمتار', '1.3 كيلومتر', '5 كيلومترات', '11 كيلومترًا'],
        'ar: accusative singular from 11 to 99, genitive singular for the hundreds');
    t.equal(durationLabels(6968, 'AR').long, '1 ساعة و56 دقيقة');

    t.same([1, 2, 5].map((n) => min(n, 'BG')), ['1 минута', '2 минути', '5 минути']);
    t.same([1, 2].map((n) => durationLabels(n * 3600, 'BG').short), ['1 ч', '2 ч']);
    t.same([1, 2].map((n) => min(n, 'EL')), ['1 λεπτό', '2 λεπτά']);
    t.same([1, 2].map((n) => min(n, 'SQ')), ['1 minutë', '2 minuta']);
});

t.test('unknown languages fall back to English; bad input throws', async (t) => {
    t.same(durationLabels(82, 'XX'), durationLabels(82, 'EN'));
    t.same(distanceLabels(1323, 'klingon'), {long: '1.3 kilometres', short: '1.3 km'});
    t.same(distanceLabels(298, ''), {long: '298 metres', short: '298 m'});
    t.same(durationLabels(60, 'comment'), durationLabels(60, 'EN'), 'the comment is not a language');
    t.same(durationLabels(60, '__proto__'), durationLabels(60, 'EN'));
    t.same(durationLabels(60, 'constructor'), durationLabels(60, 'EN'));
    for (const bad of [-1, NaN, Infinity, -Infinity]) {
        t.throws(() => durationLabels(bad, 'FR'), RangeError, `duration ${bad}`);
        t.throws(() => distanceLabels(bad, 'FR'), RangeError, `distance ${bad}`);
    }
});
