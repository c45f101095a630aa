// Narrative language packs: every pack (even a placeholder) writes every fact of the fixtures as a
// clean sentence with the exact names and figures; writeNarrative keeps the languages' and the
// paragraphs' order; the text is deterministic and varied; grammar spot checks for FR, EN, NL, DE.
import t from 'tap';
import {PARAGRAPHS, type Fact, type ParagraphFacts} from '../src/text/narrative/facts.js';
import {languagePack, PACK_LANGUAGES} from '../src/text/narrative/lang/index.js';
import {variantOf, writeNarrative, type NarrativeInput} from '../src/text/narrative/narrative.js';
import {brusselsFacts, edgeFacts} from './narrative-fixture.js';

interface Fixture {
    facts(language: string): ParagraphFacts[];
    street: string;
    city: string;
}

const FIXTURES: Record<string, Fixture> = {
    brussels: {facts: brusselsFacts, street: 'Rue de la Loi - Wetstraat', city: 'Bruxelles - Brussel'},
    edge: {facts: edgeFacts, street: 'Avenue Louise', city: 'Ixelles - Elsene'}
};

/** Enough variants to reach every pattern of a pack (cities shift the variant per city). */
const VARIANTS = Array.from({length: 12}, (_, i) => i);
const SEEDS = [0, 1, 42, 123456789, 4294967295];

function input(f: Fixture, seed: number, where = true): NarrativeInput {
    return {seed, paragraphs: f.facts, street: () => where ? f.street : null, city: () => where ? f.city : null};
}

/** As the engine writes it: whitespace collapsed. */
function write(language: string, fact: Fact, variant: number): string {
    return languagePack(language).sentence(fact, variant).replace(/\s+/g, ' ').trim();
}

function factOf(f: Fixture, language: string, paragraph: string, index: number): Fact {
    const p = f.facts(language).find((x) => x.id === paragraph);
    if (!p) throw new Error(`no paragraph ${paragraph}`);
    return p.facts[index];
}

/** Names the sentence must hold verbatim. */
function namesOf(fact: Fact): string[] {
    switch (fact.type) {
        case 'intro': return [fact.street];
        case 'tourism': case 'transport': case 'education': return [fact.place.name];
        case 'motorways': return fact.motorways.map((m) => m.name);
        case 'supermarkets': return fact.places.map((p) => p.name);
        case 'cities': return fact.cities.map((c) => c.name);
        case 'lines': return fact.lines.lines;
        case 'outro': return [];
    }
}

/** Minute figures of the fact. */
function minutesOf(fact: Fact): number[] {
    switch (fact.type) {
        case 'tourism': case 'transport': case 'education':
            return [fact.place.trip.minutes, ...(fact.place.alt ? [fact.place.alt.minutes] : [])];
        case 'motorways': return fact.motorways.map((m) => m.minutes);
        case 'supermarkets': return fact.places.flatMap((p) => [p.trip.minutes, ...(p.alt ? [p.alt.minutes] : [])]);
        case 'cities': return fact.cities.flatMap((c) => [c.car, c.bike].filter((m): m is number => m != null));
        case 'lines': return [fact.lines.walkMinutes];
        default: return [];
    }
}

/** The numbers a duration is written with: 12 → [12]; 75 → [1, 15]; 60 → [1]. */
function figures(minutes: number): number[] {
    if (minutes < 60) return [minutes];
    const h = Math.floor(minutes / 60), m = minutes % 60;
    return m === 0 ? [h] : [h, m];
}

function hasNumber(text: string, n: number): boolean {
    return new RegExp(`(?<!\\d)${n}(?!\\d)`).test(text);
}

const FORBIDDEN = ['undefined', 'null', 'NaN', '[object', '{', '}'];
/** Sentence ends: Latin, CJK full-width, Arabic question mark, Greek question mark (";" and U+037E). */
const ENDS = new Set(['.', '!', '?', '。', '！', '？', '؟']);

/** What is wrong with a sentence written for a fact, as readable messages. */
function problems(text: string, fact: Fact, language: string): string[] {
    const out: string[] = [];
    if (!text.trim()) return ['empty'];
    for (const f of FORBIDDEN) if (text.includes(f)) out.push(`contains ${JSON.stringify(f)}`);
    if (text.includes('  ')) out.push('double space');
    let depth = 0, bad = false;
    for (const m of text.matchAll(/\[(\/?)STRONG\]/g)) {
        depth += m[1] ? -1 : 1;
        if (depth < 0 || depth > 1) bad = true;
    }
    if (bad || depth !== 0) out.push('unbalanced [STRONG]');
    if ((text.match(/"/g) ?? []).length % 2) out.push('odd number of "');
    const last = text[text.length - 1];
    if (!(ENDS.has(last) || (language === 'EL' && (last === ';' || last === '\u037e')))) out.push(`ends with ${JSON.stringify(last)}`);
    for (const name of namesOf(fact)) if (!text.includes(name)) out.push(`misses ${JSON.stringify(name)}`);
    for (const m of minutesOf(fact)) {
        for (const n of figures(m)) if (!hasNumber(text, n)) out.push(`misses the figure ${n} (of ${m} minutes)`);
    }
    return out;
}

t.test('every pack writes every fact of the fixtures cleanly, in every variant', async (t) => {
    t.ok(PACK_LANGUAGES.length >= 19, 'all languages registered');
    for (const language of PACK_LANGUAGES) {
        const found: string[] = [];
        for (const [fixtureName, fixture] of Object.entries(FIXTURES)) {
            for (const paragraph of fixture.facts(language)) {
                paragraph.facts.forEach((fact, k) => {
                    for (const v of VARIANTS) {
                        const text = write(language, fact, v);
                        for (const p of problems(text, fact, language)) found.push(`${fixtureName} ${paragraph.id}#${k} (${fact.type}) variant ${v}: ${p}: ${text}`);
                    }
                });
            }
        }
        t.same(found, [], `${language}: every sentence clean`);
    }
});

t.test('every pack has titles, qualified with the street and the city', async (t) => {
    for (const language of PACK_LANGUAGES) {
        const pack = languagePack(language), found: string[] = [];
        for (const id of PARAGRAPHS) {
            const title = pack.titles[id];
            if (typeof title !== 'string' || !title.trim()) { found.push(`${id}: no title`); continue; }
            for (const f of Object.values(FIXTURES)) {
                const around = pack.titleAround(id, title, f.street), inCity = pack.titleIn(id, title, f.city);
                for (const [what, text, name] of [['around', around, f.street], ['in', inCity, f.city]] as const) {
                    if (!text.includes(name)) found.push(`${id} ${what}: misses ${name}: ${text}`);
                    for (const x of FORBIDDEN) if (text.includes(x)) found.push(`${id} ${what}: contains ${x}: ${text}`);
                    if (text.includes('  ')) found.push(`${id} ${what}: double space: ${text}`);
                }
            }
        }
        t.same(found, [], `${language}: titles`);
    }
});

t.test('writeNarrative keeps the languages and the paragraphs in order', async (t) => {
    const languages = ['FR', 'EN', 'NL'];
    for (const [fixtureName, fixture] of Object.entries(FIXTURES)) {
        for (const seed of SEEDS) {
            const text = writeNarrative(input(fixture, seed), languages);
            t.same(text.paragraphs.map((p) => p.id), [...PARAGRAPHS], `${fixtureName} seed ${seed}: paragraph order`);
            const found: string[] = [];
            for (const p of text.paragraphs) {
                for (const [field, map] of [['title', p.title], ['titleAround', p.titleAround], ['titleIn', p.titleIn]] as const) {
                    if (JSON.stringify(Object.keys(map)) !== JSON.stringify(languages)) found.push(`${p.id} ${field} keys ${Object.keys(map)}`);
                }
                const facts = languages.map((l) => fixture.facts(l).find((x) => x.id === p.id)!.facts);
                if (p.sentences.length !== facts[0].length) found.push(`${p.id}: ${p.sentences.length} sentences for ${facts[0].length} facts`);
                p.sentences.forEach((s, k) => {
                    if (JSON.stringify(Object.keys(s)) !== JSON.stringify(languages)) found.push(`${p.id}#${k} keys ${Object.keys(s)}`);
                    languages.forEach((l, li) => {
                        const fact = facts[li][k];
                        if (s[l] !== write(l, fact, variantOf(seed, p.id, k))) found.push(`${p.id}#${k} ${l}: not the pack's sentence for its variant`);
                        for (const x of problems(s[l], fact, l)) found.push(`${p.id}#${k} ${l}: ${x}: ${s[l]}`);
                    });
                });
                if (!Array.isArray(p.list)) found.push(`${p.id}: list is not an array`);
            }
            t.same(found, [], `${fixtureName} seed ${seed}: keys in order, sentences clean`);
        }
    }
    const all = writeNarrative(input(FIXTURES.brussels, 7), PACK_LANGUAGES);
    t.same(Object.keys(all.paragraphs[0].title), PACK_LANGUAGES, 'every language at once, in the order asked');
    const bare = writeNarrative(input(FIXTURES.brussels, 7, false), ['FR']);
    t.equal(bare.paragraphs[0].titleAround.FR, 'Tourisme', 'no street: the bare title');
    t.equal(bare.paragraphs[0].titleIn.FR, 'Tourisme', 'no city: the bare title');
});

t.test('deterministic, and varied across variants', async (t) => {
    for (const [fixtureName, fixture] of Object.entries(FIXTURES)) {
        for (const seed of SEEDS) {
            t.same(writeNarrative(input(fixture, seed), PACK_LANGUAGES), writeNarrative(input(fixture, seed), PACK_LANGUAGES), `${fixtureName} seed ${seed}: same text twice`);
        }
    }
    const tourismFact = factOf(FIXTURES.brussels, 'EN', 'tourism', 1);
    for (const language of PACK_LANGUAGES) {
        const sentences = [0, 1, 2, 3, 4, 5].map((v) => write(language, tourismFact, v));
        const english = [0, 1, 2, 3, 4, 5].map((v) => write('EN', tourismFact, v));
        if (language !== 'EN' && sentences.every((s, i) => s === english[i])) {
            t.comment(`${language}: English placeholder, variety not checked`);
            continue;
        }
        t.ok(new Set(sentences).size >= 2, `${language}: at least 2 different tourism sentences over variants 0..5`);
    }
});

/** Every variant of a fact, as written. */
function allVariants(language: string, fact: Fact): string[] {
    return VARIANTS.map((v) => write(language, fact, v));
}

/** Every sentence of both fixtures in one language, all variants. */
function everything(language: string): string[] {
    return Object.values(FIXTURES).flatMap((f) => f.facts(language).flatMap((p) => p.facts.flatMap((fact) => allVariants(language, fact))));
}

t.test('French: elision, gender, hours, titles', async (t) => {
    const b = FIXTURES.brussels, e = FIXTURES.edge;
    const airport = allVariants('FR', factOf(b, 'FR', 'transports', 1));
    t.ok(airport.some((s) => /[lL]'\[STRONG\]aéroport\[\/STRONG\]/.test(s)), 'l\'[STRONG]aéroport[/STRONG]');
    t.ok(airport.every((s) => !/\b(le|la) \[STRONG\]aéroport/i.test(s)), 'never le/la aéroport');
    t.ok(allVariants('FR', factOf(b, 'FR', 'education', 2)).some((s) => /\b[lL]a \[STRONG\]crèche\[\/STRONG\]/.test(s)), 'la [STRONG]crèche[/STRONG]');
    t.ok(allVariants('FR', factOf(b, 'FR', 'tourism', 1)).some((s) => /\b([lL]e|au) \[STRONG\]musée\[\/STRONG\]/.test(s)), 'le/au [STRONG]musée[/STRONG]');
    t.ok(allVariants('FR', factOf(b, 'FR', 'education', 0)).some((s) => s.includes('[STRONG]école maternelle[/STRONG] et ') && s.includes('[STRONG]école primaire[/STRONG]')), 'both kinds of a school named');
    t.ok(allVariants('FR', factOf(e, 'FR', 'tourism', 2)).every((s) => s.includes('1 heure et 15 minutes')), '75 minutes: 1 heure et 15 minutes');
    t.ok(allVariants('FR', factOf(e, 'FR', 'transports', 2)).every((s) => s.includes('1 heure et 1 minute') && !s.includes('1 minutes')), '61 minutes: 1 heure et 1 minute');
    t.ok(everything('FR').every((s) => !/(?<!\d)1 minutes/.test(s) && !/(?<!\p{L})(de|à) les?(?!\p{L})/u.test(s)), 'no "1 minutes", "de le", "à le"');
    const single = allVariants('FR', factOf(e, 'FR', 'publictransports', 0));
    t.ok(single.every((s) => !/\b(les|aux) lignes\b/.test(s)), 'one line: singular');
    const pack = languagePack('FR'), text = writeNarrative(input(b, 0), ['FR']);
    t.equal(text.paragraphs[0].title.FR, 'Tourisme');
    t.equal(text.paragraphs[0].titleAround.FR, 'Tourisme autour de la Rue de la Loi - Wetstraat');
    t.equal(text.paragraphs[0].titleIn.FR, 'Tourisme à Bruxelles - Brussel');
    t.equal(text.paragraphs[4].titleAround.FR, 'Villes proches de la Rue de la Loi - Wetstraat');
    t.equal(text.paragraphs[4].titleIn.FR, 'Villes proches de Bruxelles - Brussel');
    t.equal(pack.titleAround('tourism', 'Tourisme', 'Avenue Louise'), 'Tourisme autour de l\'Avenue Louise');
    t.equal(pack.titleAround('tourism', 'Tourisme', 'Boulevard Anspach'), 'Tourisme autour du Boulevard Anspach');
    t.equal(pack.titleAround('tourism', 'Tourisme', 'Quai au Foin'), 'Tourisme autour du Quai au Foin');
    t.equal(pack.titleAround('tourism', 'Tourisme', 'Wetstraat'), 'Tourisme autour de Wetstraat');
    t.equal(pack.titleIn('cities', 'Villes proches', 'Ixelles - Elsene'), 'Villes proches d\'Ixelles - Elsene');
    t.same(Object.values(pack.titles), ['Tourisme', 'Transports', 'Éducation', 'Magasins', 'Villes proches', 'Transports en commun']);
});

t.test('English: singular minute, hours, titles', async (t) => {
    const b = FIXTURES.brussels, e = FIXTURES.edge;
    t.ok(allVariants('EN', factOf(b, 'EN', 'transports', 5)).every((s) => /(?<!\d)1 minute\b/.test(s)), '1 minute');
    t.ok(everything('EN').every((s) => !/(?<!\d)1 (minutes|hours)\b/.test(s)), 'never "1 minutes" nor "1 hours"');
    t.ok(allVariants('EN', factOf(e, 'EN', 'tourism', 2)).every((s) => s.includes('1 hour 15 minutes')), '75 minutes: 1 hour 15 minutes');
    t.ok(allVariants('EN', factOf(b, 'EN', 'tourism', 2)).some((s) => s.startsWith('An [STRONG]amusement park[/STRONG]')), 'an amusement park');
    t.ok(allVariants('EN', factOf(e, 'EN', 'publictransports', 0)).every((s) => !/\blines\b/.test(s)), 'one line: singular');
    const cities = allVariants('EN', factOf(e, 'EN', 'cities', 0));
    t.ok(cities.every((s) => (s.match(/by car/g) ?? []).length === 1 && (s.match(/by bike/g) ?? []).length === 1), 'only the trips that exist');
    t.same(Object.values(languagePack('EN').titles), ['Tourism', 'Transports', 'Education', 'Shopping', 'Nearby cities', 'Public transports']);
    t.equal(languagePack('EN').titleAround('tourism', 'Tourism', 'Rue de la Loi - Wetstraat'), 'Tourism around Rue de la Loi - Wetstraat');
});

t.test('Dutch: singular, hours, de/het, titles', async (t) => {
    const b = FIXTURES.brussels, e = FIXTURES.edge;
    t.ok(allVariants('NL', factOf(b, 'NL', 'transports', 5)).every((s) => /(?<!\d)1 minuut\b/.test(s)), '1 minuut');
    t.ok(everything('NL').every((s) => !/(?<!\d)1 minuten\b/.test(s)), 'never "1 minuten"');
    t.ok(allVariants('NL', factOf(e, 'NL', 'tourism', 2)).every((s) => s.includes('1 uur en 15 minuten')), '75 minutes: 1 uur en 15 minuten');
    t.ok(allVariants('NL', factOf(b, 'NL', 'tourism', 1)).every((s) => !/\bde \[STRONG\]museum/i.test(s)), 'het museum');
    t.ok(allVariants('NL', factOf(b, 'NL', 'tourism', 1)).some((s) => /\b[hH]et \[STRONG\]museum\[\/STRONG\]/.test(s)), 'het [STRONG]museum[/STRONG]');
    t.ok(allVariants('NL', factOf(b, 'NL', 'transports', 1)).some((s) => /\b[dD]e dichtstbijzijnde \[STRONG\]luchthaven/.test(s)), 'de dichtstbijzijnde luchthaven');
    t.same(Object.values(languagePack('NL').titles), ['Toerisme', 'Transporten', 'Onderwijs', 'Boodschappen doen', 'Nabijgelegen steden', 'Openbaar vervoer']);
    t.equal(languagePack('NL').titleAround('tourism', 'Toerisme', 'Rue de la Loi - Wetstraat'), 'Toerisme rond Rue de la Loi - Wetstraat');
});

t.test('German: Minute/Minuten, Stunde, cases', async (t) => {
    const b = FIXTURES.brussels, e = FIXTURES.edge;
    t.ok(allVariants('DE', factOf(b, 'DE', 'transports', 5)).every((s) => /(?<!\d)1 Minute\b/.test(s)), '1 Minute');
    t.ok(allVariants('DE', factOf(b, 'DE', 'tourism', 1)).every((s) => /(?<!\d)2 Minuten\b/.test(s)), '2 Minuten');
    t.ok(everything('DE').every((s) => !/(?<!\d)1 (Minuten|Stunden)\b/.test(s)), 'never "1 Minuten" nor "1 Stunden"');
    t.ok(allVariants('DE', factOf(e, 'DE', 'tourism', 2)).every((s) => s.includes('1 Stunde und 15 Minuten')), '75 minutes: 1 Stunde und 15 Minuten');
    const museum = allVariants('DE', factOf(b, 'DE', 'tourism', 1));
    t.ok(museum.every((s) => s.includes('mit dem Auto')), 'mit dem Auto');
    t.ok(museum.some((s) => s.includes('zum [STRONG]Museum[/STRONG]')), 'zum Museum');
    t.ok(allVariants('DE', factOf(b, 'DE', 'education', 2)).some((s) => s.includes('zur [STRONG]Kinderkrippe[/STRONG]')), 'zur Kinderkrippe');
    t.ok(allVariants('DE', factOf(b, 'DE', 'education', 1)).some((s) => s.includes('zu Fuß')), 'zu Fuß');
    t.ok(everything('DE').every((s) => !/\bzu (dem|der) \[STRONG\]/.test(s)), 'zum/zur contracted');
});
