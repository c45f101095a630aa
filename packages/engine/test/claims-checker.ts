// The narrative's claim checker (test narrative-claims, bench/narrative-claims.js): the
// narrative's claims against its own figures on a built region, at seeded positions (road nodes
// plus a small offset), in every language of the country. A sentence with a proximity word
// ("close", "just", "well served"...) may only hold figures within the close limit; a public
// transport sentence only a stop within the serving limit; a place within the on-foot limit is
// given on foot. The claim words and limits are this checker's own table, written from
// docs/api/neighbourhood.md ("Narrative: what the text may claim"), not read from the engine.
import {NeighbourhoodFinder} from '../src/neighbourhood/nearby.js';
import {neighbourhoodText, narrativeFacts} from '../src/neighbourhood/text.js';
import {TM_WALK} from '../src/neighbourhood/trips.js';
import type {Region} from '../src/region/region.js';
import {regionSections} from '../src/internal.js';

/** A sentence praising proximity: every figure within this many minutes. */
const CLOSE_MINUTES = 10;
/** A public transport sentence: the stop within this many minutes on foot. */
const SERVING_MINUTES = 20;
/** A place this close on foot is given on foot. */
const ON_FOOT_MINUTES = 10;
/** Positions per region of the test. */
export const POSITIONS = 300;

export interface LanguageWords {
    /** Minute and hour words as written after the number (Maltese "11-il minuta" too). */
    minute: string;
    hour: string;
    /** Words that praise proximity or access. */
    claims: RegExp;
    /** The unit is written right after the number and before the next word, without spaces (Chinese). */
    joined?: boolean;
}

export const WORDS: Record<string, LanguageWords> = {
    EN: {minute: 'minutes?', hour: 'hours?',
        claims: /\b(just|only|close|closest by|nearby|proximity|easily|easy|well served|well within|within easy reach|at hand|appreciate|a real plus)\b/i},
    FR: {minute: 'minutes?', hour: 'heures?',
        claims: /(seulement|proximité|portée de main|facilement|bien desservi|bonne desserte|bien servi|apprécieront|deux pas|tout proche|tout près|bien accessible|un atout|simple ici)/i},
    NL: {minute: 'minuut|minuten', hour: 'uur',
        claims: /(slechts|nabijheid|dichtbij|vlakbij|handbereik|vlot|goed bereikbaar|goed verbonden|goed voorzien|\bsnel\b|waardeert|troef|eenvoudig)/i},
    DE: {minute: 'Minuten?', hour: 'Stunden?',
        claims: /(\bnur\b|Nähe|gut erreichbar|gut angebunden|gut versorgt|Anbindung ist gut|schätzen|schnell|einfach|jederzeit mobil|ein Plus)/i},
    IT: {minute: 'minut[oi]', hour: 'or[ae]',
        claims: /(appena|vicinanza|rapidamente|facilmente|portata di mano|ben servito|apprezzerà|apprezzeranno|facilità|vantaggio|punto di forza|comodità|semplice|nelle vicinanze|nei dintorni|più vicine)/i},
    PT: {minute: 'minutos?', hour: 'horas?',
        claims: /(apenas|proximidade|rapidamente|facilmente|fica perto|à mão|bem servido|vão apreciar|facilidade|vantagem|comodidade|fácil|por perto|nas redondezas|interesse próximos)/i},
    MT: {minute: 'minut[ai]', hour: 'siegħa|sigħat',
        claims: /(viċinanza|vantaġġ|malajr|fil-qrib|japprezzaw|faċli|biss)/i},
    // The other packs (countries without a default region): checked on the Brussels data.
    ES: {minute: 'minutos?', hour: 'horas?',
        claims: /(tan solo|interés cercanos|ventaja|facilidad|apreciarán|cercanía|comodidad|fácil|al alcance|bien servida|bien comunicado|\bcerca\b|rápidamente|alrededores)/i},
    CA: {minute: 'minuts?', hour: 'hora|hores',
        claims: /(només|interès propers|avantatge|facilitat|apreciaran|a prop|comoditat|fàcil|a l'abast|ràpidament|ben servit|voltants)/i},
    AR: {minute: 'دقيقة|دقائق', hour: 'ساعة|ساعات',
        claims: /(فقط|سوى|ستقدّر|سيقدّر|ميزة|يسهل|في المتناول|بالقرب|قريبة)/},
    BG: {minute: 'минута|минути', hour: 'часа|час',
        claims: /(само|близостта|бързо|лесно|наблизо)/i},
    BS: {minute: 'minut[aeu]?', hour: 'sat[ai]?',
        claims: /(\bsamo\b|blizinu|Dobra vijest|\bbrzo\b|\blako\b|u blizini)/i},
    HR: {minute: 'minut[aeu]?', hour: 'sat[ai]?',
        claims: /(\bsamo\b|blizinu|Dobra vijest|\bbrzo\b|\blako\b|u blizini)/i},
    SR: {minute: 'minut[aeu]?', hour: 'sat[ai]?',
        claims: /(\bsamo\b|blizinu|Dobra vest|\bbrzo\b|\blako\b|u blizini)/i},
    EL: {minute: 'λεπτό|λεπτά', hour: 'ώρα|ώρες',
        claims: /(μόλις|εγγύτητα|πλεονέκτημα|εύκολα|γρήγορα|κοντά|θα εκτιμήσουν)/i},
    SL: {minute: 'minut[aieo]?', hour: 'ur[aoie]?',
        claims: /(\ble\b|bližin|hitro|\blahko\b|cenile)/i},
    SQ: {minute: 'minutë|minuta', hour: 'orë',
        claims: /(vetëm|afërsinë|avantazh|shpejt|lehtësisht|\bafër\b|vlerësojnë)/i},
    TR: {minute: 'dakika', hour: 'saat',
        claims: /(sadece|yakınlığı|avantaj|kolayca|kısa sürede|yakınlarda)/i},
    ZH: {minute: '分钟', hour: '小时', joined: true,
        claims: /(仅需|方便|便利|优势|很快|近在咫尺|附近)/}
};

/** Minutes of every duration written in a sentence: "1 hour 15 minutes" is 75. */
export function durations(text: string, w: LanguageWords): number[] {
    const re = new RegExp(`(\\d+)(?:-il)?\\s*(?:(${w.hour})|(${w.minute}))${w.joined ? '' : '(?![\\p{L}])'}`, 'gu');
    const out: number[] = [];
    let lastHourEnd = -1;
    for (const m of text.matchAll(re)) {
        const n = Number(m[1]);
        if (m[2]) {
            out.push(n * 60);
            lastHourEnd = m.index! + m[0].length;
        } else if (lastHourEnd >= 0 && m.index! - lastHourEnd <= 5) {
            out[out.length - 1] += n;
            lastHourEnd = -1;
        } else {
            out.push(n);
            lastHourEnd = -1;
        }
    }
    return out;
}

/** The sentences of one language's entry (the cities' entry is a few short sentences: a claim is about its own). */
export function sentencesOf(text: string): string[] {
    return text.split(/(?<=[.?!])\s+(?=\[STRONG\]|"|\p{Lu})/u);
}

/** What one sentence claims that its figures contradict, as readable reasons. */
export function claimProblems(sentence: string, language: string, paragraph: string): string[] {
    const w = WORDS[language];
    if (!w) throw new Error(`no claim words for ${language}`);
    const out: string[] = [];
    // Names are quoted: a name's words ("Le Petit Prince", "Quick") are no claim.
    const bare = sentence.replace(/"[^"]*"/g, '""');
    const figures = durations(bare, w);
    const claim = bare.match(w.claims);
    const over = figures.filter((m) => m > CLOSE_MINUTES);
    if (claim && over.length) out.push(`"${claim[0]}" with ${over.join(', ')} min`);
    if (paragraph === 'publictransports' && figures.some((m) => m > SERVING_MINUTES)) out.push(`a stop ${Math.max(...figures)} min away serves the area`);
    return out;
}

/** Road nodes in a seeded order, each moved by up to ~50 m. */
function positions(region: Region, count: number, seed: number): [number, number][] {
    let s = seed >>> 0;
    const next = () => {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        return s / 4294967296;
    };
    const g = regionSections(region).roads, out: [number, number][] = [];
    for (let i = 0; i < count; i++) {
        const k = Math.floor(next() * g.junctionCount);
        out.push([g.nodeLat[k] / 1e7 + (next() - 0.5) * 0.0009, g.nodeLon[k] / 1e7 + (next() - 0.5) * 0.0009]);
    }
    return out;
}

export interface Contradiction {
    language: string;
    lat: number;
    lon: number;
    why: string;
    sentence: string;
}

/** Every contradiction of one region's narratives at `count` seeded positions. */
export function regionContradictions(region: Region, count = POSITIONS, languages: readonly string[] = region.country.languages):
    {contradictions: Contradiction[]; sentences: number} {
    const finder = region.neighbourhood;
    const found: Contradiction[] = [];
    let sentences = 0;
    for (const [lat, lon] of positions(region, count, 12345)) {
        const data = finder.find(lat, lon);
        const text = neighbourhoodText(data, languages);
        for (const p of text.paragraphs) {
            for (const map of p.sentences) {
                for (const language of languages) {
                    for (const sentence of sentencesOf(map[language])) {
                        sentences++;
                        for (const why of claimProblems(sentence, language, p.id)) found.push({language, lat, lon, why, sentence});
                    }
                }
            }
        }
        // Near places on foot: any place of a sentence within the on-foot limit is given on foot.
        for (const paragraph of narrativeFacts(data, languages[0])) {
            for (const fact of paragraph.facts) {
                const places = fact.type === 'supermarkets' ? fact.places : 'place' in fact ? [fact.place] : [];
                for (const place of places) {
                    // The place itself: same name, and the same figure by the sentence's mode.
                    // Two places may share a name and a figure (two MiniPreço 4 minutes away by bike): the
                    // sentence is wrong only when every such place is within the on-foot limit.
                    const candidates = data.categories.flatMap((c) => c.subcategories).filter((s) => place.kinds.includes(s.key))
                        .flatMap((s) => s.places).filter((x) => (x.name === place.name || x.placeName === place.name)
                            && x.trips.some((tr) => tr.tm === place.trip.mode && Math.max(1, Math.round(tr.seconds / 60)) === place.trip.minutes));
                    const walks = candidates.map((x) => x.trips.find((tr) => tr.tm === TM_WALK));
                    const walk = walks.length > 0 && walks.every((w) => w && Math.max(1, Math.round(w.seconds / 60)) <= ON_FOOT_MINUTES) ? walks[0] : undefined;
                    if (walk && place.trip.mode !== TM_WALK) {
                        found.push({language: '-', lat, lon, why: `${place.kinds.join('+')} ${Math.round(walk.seconds / 60)} min on foot given by mode ${place.trip.mode}`, sentence: place.name});
                    }
                }
            }
        }
    }
    return {contradictions: found, sentences};
}

