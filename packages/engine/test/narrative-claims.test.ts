// The narrative's claims against its own figures, on the real data: 300 seeded positions per
// default region, every language of the country, zero contradictions (see claims-checker.ts for
// the table of claim words and their limits).
import t from 'tap';
import {claimProblems, durations, POSITIONS, regionContradictions, WORDS} from './claims-checker.js';
import {PACK_LANGUAGES} from '../src/text/narrative/lang/index.js';
import {testRegion} from './helpers.js';

for (const country of ['BE', 'PT', 'MT', 'IT', 'DE']) {
    t.test(`${country}: every claim word agrees with its figure, in every language`, async (t) => {
        const {contradictions, sentences} = regionContradictions(testRegion(country));
        const byLanguage: Record<string, number> = {};
        for (const c of contradictions) byLanguage[c.language] = (byLanguage[c.language] ?? 0) + 1;
        t.ok(sentences > POSITIONS, `${sentences} sentences checked`);
        t.same(byLanguage, {}, `${country}: contradictions per language`);
        t.same(contradictions.slice(0, 5).map((c) => `${c.language} ${c.lat.toFixed(5)},${c.lon.toFixed(5)} ${c.why}: ${c.sentence}`), [], 'first contradictions');
    });
}

t.test('every language pack, on the Brussels data: no claim word against its figure', async (t) => {
    t.same(PACK_LANGUAGES.filter((l) => !WORDS[l]), [], 'a claim table for every pack');
    const {contradictions, sentences} = regionContradictions(testRegion('BE'), 100, PACK_LANGUAGES);
    const byLanguage: Record<string, number> = {};
    for (const c of contradictions) byLanguage[c.language] = (byLanguage[c.language] ?? 0) + 1;
    t.ok(sentences > 100 * PACK_LANGUAGES.length, `${sentences} sentences checked`);
    t.same(byLanguage, {}, 'contradictions per language');
    t.same(contradictions.slice(0, 5).map((c) => `${c.language} ${c.lat.toFixed(5)},${c.lon.toFixed(5)} ${c.why}: ${c.sentence}`), [], 'first contradictions');
});

t.test('the duration reader reads what the packs write', async (t) => {
    t.same(durations('从这里出发，开车1小时15分钟即可到达', WORDS.ZH), [75]);
    t.same(durations('do tja potrebujete 1 uro in 5 minut peš', WORDS.SL), [65]);
    t.same(durations('It takes 1 hour 15 minutes by car or 48 minutes on foot.', WORDS.EN), [75, 48]);
    t.same(durations('In 2 Stunden und 5 Minuten mit dem Auto', WORDS.DE), [125]);
    t.same(durations('11-il minuta bil-mixi u 3 minuti bil-karozza', WORDS.MT), [11, 3]);
    t.same(durations('A 2 ore a piedi', WORDS.IT), [120]);
});

t.test('the checker catches the faults of issue #12', async (t) => {
    // As /summary/text wrote them before: a metro station 48 minutes on foot, a tram stop 2 h 38 min away.
    t.same(claimProblems('Within 48 minutes on foot, you reach a [STRONG]metro[/STRONG] station: lines 2, 6 are easily reachable.', 'EN', 'publictransports'),
        ['"easily" with 48 min', 'a stop 48 min away serves the area']);
    t.same(claimProblems('The area is well served by [STRONG]tram[/STRONG]: the nearest stop, 2 hours 38 minutes away on foot, serves the line 3.', 'EN', 'publictransports'),
        ['"well served" with 158 min', 'a stop 158 min away serves the area']);
    t.same(claimProblems('Le quartier bénéficie d\'une bonne desserte en [STRONG]tram[/STRONG] : l\'arrêt le plus proche, à 25 minutes à pied, est desservi par la ligne 3.', 'FR', 'publictransports'),
        ['"bonne desserte" with 25 min', 'a stop 25 min away serves the area']);
    t.same(claimProblems('Nur 12 Minuten mit dem Fahrrad entfernt liegt "X", eine [STRONG]Grundschule[/STRONG], ideal für Familien.', 'DE', 'education'), ['"Nur" with 12 min']);
    t.same(claimProblems('The nearest [STRONG]tram[/STRONG] stop is 15 minutes away on foot; it serves the line 3.', 'EN', 'publictransports'), [], 'a plain sentence within the serving limit');
});
