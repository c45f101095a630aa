// Catalan narrative pack. Articles follow the noun's gender and elide before a vowel or h (el/l',
// la/l', un/una), contract with a/de/per (al, del, pel) and "de" elides too (d'autobús,
// d'Avenue Louise). The readers are addressed as "vosaltres", as in Catalan property listings.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, distinctKinds, eachCity, glue, hoursAndMinutes, joinList, kindNouns, pick, pickClose, placeTrips, quote, sentenceWriter, spoken,
    strong, tidy, tripOrAlternative, upperInitial, type DurationWords} from './common.js';

type Gender = 'm' | 'f';
interface Noun {
    word: string;
    g: Gender;
}

/** One noun per sub-type kind of data/categories.json. */
const KINDS: Record<string, Noun> = {
    nursery: {word: 'escola bressol', g: 'f'},
    preschool: {word: 'parvulari', g: 'm'},
    elementarySchool: {word: 'escola primària', g: 'f'},
    secondarySchool: {word: 'institut de secundària', g: 'm'},
    trainStation: {word: 'estació de tren', g: 'f'},
    carSharing: {word: 'punt de cotxe compartit', g: 'm'},
    bikeSharing: {word: 'estació de bicicletes compartides', g: 'f'},
    airport: {word: 'aeroport', g: 'm'},
    chargingStation: {word: 'punt de recàrrega', g: 'm'},
    supermarket: {word: 'supermercat', g: 'm'},
    amusementPark: {word: "parc d'atraccions", g: 'm'},
    museum: {word: 'museu', g: 'm'},
    zoo: {word: 'zoo', g: 'm'},
    activity: {word: 'activitat de lleure', g: 'f'},
    monument: {word: 'monument', g: 'm'},
    attraction: {word: 'atracció turística', g: 'f'},
    castle: {word: 'castell', g: 'm'},
    theatre: {word: 'teatre', g: 'm'},
    cinema: {word: 'cinema', g: 'm'},
    golfCourse: {word: 'camp de golf', g: 'm'}
};
const PLACE: Noun = {word: "lloc d'interès", g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'en cotxe', 2: 'a peu', 3: 'en bicicleta', 4: 'en transport públic'};

/** Street types that take an article ("a prop del Carrer Major", "a prop de l'Avinguda Diagonal"). */
const STREET_TYPES: Record<string, Gender> = {
    carrer: 'm', avinguda: 'f', plaça: 'f', passeig: 'm', rambla: 'f', via: 'f', travessera: 'f', ronda: 'f', camí: 'm',
    carretera: 'f', passatge: 'm', baixada: 'f', pujada: 'f', placeta: 'f', gran: 'f', riera: 'f', costa: 'f', moll: 'm',
    parc: 'm', carreró: 'm', torrent: 'm', rambleta: 'f', calle: 'f', avenida: 'f', plaza: 'f', paseo: 'm'
};

// ---- grammar helpers ----

/** Starts with a vowel sound (h is mute; i/u before a vowel are consonants: "iogurt", "hiena"); 1 and 11 read "un", "onze". */
const vowelSound = (s: string) => {
    const w = spoken(s);
    if (/^h?[iuïü][aeiouàèéíòóú]/i.test(w)) return false;
    return /^h?[aeiouàèéíïòóúü]/i.test(w) || /^(1|11)(?!\d)/.test(w);
};
/** Feminine "la" elides except before an unstressed i/u ("la universitat", "la Illa"). */
const femElides = (s: string) => vowelSound(s) && !/^h?[iu]/i.test(spoken(s));

type Prep = '' | 'a' | 'de' | 'per';
/** The definite article before `word`, with its preposition: "el", "l'", "la", "al", "del", "pel", "a l'", "de la"... */
function article(g: Gender, word: string, prep: Prep = ''): string {
    const elided = g === 'm' ? vowelSound(word) : femElides(word);
    if (elided) return prep === '' ? "l'" : `${prep} l'`;
    if (g === 'f') return prep === '' ? 'la' : `${prep} la`;
    return prep === '' ? 'el' : prep === 'a' ? 'al' : prep === 'de' ? 'del' : 'pel';
}
/** "de" or "d'" before a word. */
const de = (w: string) => vowelSound(w) ? `d'${w}` : `de ${w}`;
/** "el [STRONG]museu[/STRONG]", "a l'[STRONG]aeroport[/STRONG]". */
const def = (n: Noun, prep: Prep = '') => glue(article(n.g, n.word, prep), strong(n.word));
/** "un [STRONG]museu[/STRONG]", "una [STRONG]escola bressol[/STRONG]". */
const indef = (n: Noun) => `${n.g === 'm' ? 'un' : 'una'} ${strong(n.word)}`;
const agree = (n: Noun, m: string, f: string) => n.g === 'm' ? m : f;

const list = (items: string[]) => joinList(items, ', ', ' i ');

/** The street after a preposition, with the article its type takes: "del Carrer Major", "de l'Avinguda Diagonal", "d'Avenue Louise". */
function street(s: string, prep: 'a' | 'de'): string {
    const g = STREET_TYPES[s.split(/\s+/)[0].toLowerCase()];
    if (g) return glue(article(g, s, prep), s);
    return prep === 'de' ? de(s) : `a ${s}`;
}

const DURATION: DurationWords = {
    minutes: (n) => `${n} ${n === 1 ? 'minut' : 'minuts'}`,
    hours: (n) => `${n} ${n === 1 ? 'hora' : 'hores'}`,
    join: (h, m) => `${h} i ${m}`
};
/** "2 minuts", "1 hora", "1 hora i 15 minuts". */
const duration = (total: number) => hoursAndMinutes(total, DURATION);
const trip = (t: Trip) => `${duration(t.minutes)} ${MODES[t.mode]}`;
/** The trip, and the alternative when there is one: "a 2 minuts en cotxe o a 8 minuts en transport públic". */
const trips = (p: FactPlace, prep = '', lead = prep) => tripOrAlternative(placeTrips(p), trip, 'o', prep, lead);

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
/** What the place is: "un [STRONG]museu[/STRONG]", "un [STRONG]parvulari[/STRONG] i una [STRONG]escola primària[/STRONG]". */
const what = (p: FactPlace) => list(nouns(p).map(indef));
/** The place named: "el [STRONG]museu[/STRONG] "X"" or, with several kinds, ""X" ([STRONG]a[/STRONG] i [STRONG]b[/STRONG])". */
function the(p: FactPlace, prep: Prep = ''): string {
    const ns = nouns(p);
    if (ns.length === 1) return `${def(ns[0], prep)} ${quote(p.name)}`;
    const named = `${quote(p.name)} (${list(ns.map((n) => strong(n.word)))})`;
    return prep === '' ? named : prep === 'de' ? de(named) : `${prep} ${named}`;
}

// ---- sentences ----

function intro(s: string, v: number): string {
    const patterns = [
        `Viure a prop ${street(s, 'de')} ofereix un entorn pràctic, amb accés fàcil a comerços, transport i serveis essencials.`,
        `Residir als voltants ${street(s, 'de')} vol dir tenir a mà comerços, transport i serveis per al dia a dia.`,
        `A l'entorn ${street(s, 'de')} hi ha tot el que cal per a la vida quotidiana: comerços, transport i serveis.`
    ];
    return pick(patterns, v);
}

function tourism(p: FactPlace, v: number): string {
    const praising = [
        () => `Teniu ganes de descobrir ${the(p)}? És a només ${trips(p, 'a', '')}.`,
        () => `Entre els llocs d'interès propers destaca ${quote(p.name)}, ${what(p)}, a ${trips(p, 'a', '')}.`
    ];
    const patterns = [
        () => `En ${trips(p, 'en', '')} s'arriba ${the(p, 'a')}.`,
        () => upperInitial(`${the(p)} es troba a ${trips(p, 'a', '')}.`),
        () => `A ${trips(p, 'a', '')} es troba ${the(p)}.`
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function transport(p: FactPlace, v: number): string {
    const praising = [
        () => `A ${trips(p, 'a', '')} es troba ${the(p)}, un avantatge per als desplaçaments diaris.`,
        () => `Per moure's amb facilitat, ${the(p)} és a ${trips(p, 'a', '')}.`
    ];
    const patterns = [
        () => upperInitial(`${the(p)} és accessible en ${trips(p, 'en', '')}.`)
    ];
    const ns = nouns(p);
    if (ns.length === 1) {
        const n = ns[0], name = quote(p.name);
        const special: Record<string, () => string> = {
            bikeSharing: () => `Si valoreu la flexibilitat de les ${strong('bicicletes compartides')}, trobareu l'estació ${name} a només ${trips(p, 'a', '')}.`,
            carSharing: () => `Gràcies al punt ${name}, podeu ${strong('llogar un cotxe')} quan el necessiteu, a ${trips(p, 'a', '')}.`,
            airport: () => `Heu d'agafar un avió? ${upperInitial(def(n))} més ${agree(n, 'proper', 'propera')}, ${name}, és a ${trips(p, 'a', '')}.`,
            trainStation: () => `Per als viatgers habituals, ${def(n)} més ${agree(n, 'proper', 'propera')} és ${name}: ${trips(p)}.`,
            chargingStation: () => `Per als qui condueixen un cotxe elèctric, ${def(n)} ${name} és a ${trips(p, 'a', '')}.`
        };
        const kind = distinctKinds(p.kinds)[0] ?? '', extra = special[kind];
        if (extra) (kind === 'bikeSharing' ? praising : patterns).push(extra);
    }
    return pickClose(p.close, praising, patterns, v)();
}

function education(p: FactPlace, v: number): string {
    const praising = [
        () => `A només ${trips(p, 'a', '')} es troba ${quote(p.name)}, ${what(p)}, ideal per als trajectes en família.`,
        () => `Les famílies amb infants apreciaran tenir a prop ${quote(p.name)}, ${what(p)} a ${trips(p, 'a', '')}.`,
        () => `Un avantatge per a les famílies: ${the(p)} és a només ${trips(p, 'a', '')}.`,
        () => upperInitial(`${the(p)} és accessible en ${trips(p, 'en', '')}, una comoditat per acompanyar els infants cada dia.`)
    ];
    const patterns = [
        () => upperInitial(`${the(p)} es troba a ${trips(p, 'a', '')}.`)
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function supermarkets(places: FactPlace[], v: number): string {
    const item = (p: FactPlace) => `${quote(strong(p.name))} (${trips(p)})`;
    if (places.length === 1) {
        const p = places[0], n = nouns(p)[0];
        const praising = [
            () => `Fer la ${strong('compra')} és fàcil: ${quote(strong(p.name))} és a ${trips(p, 'a', '')}.`,
            () => `${upperInitial(indef(n))} a l'abast: ${item(p)}.`
        ];
        const patterns = [
            () => `Pel que fa a les ${strong('compres')}, ${glue(article(n.g, n.word), n.word)} ${quote(strong(p.name))} és a ${trips(p, 'a', '')}.`
        ];
        return pickClose(p.close, praising, patterns, v)();
    }
    const items = list(places.map(item));
    const praising = [
        `Pel que fa a les ${strong('compres')}, hi ha diverses opcions a prop: ${items}.`,
        `Fer la ${strong('compra')} és fàcil, amb diverses botigues als voltants: ${items}.`,
        `${strong('Supermercats')} a l'abast: ${items}.`
    ];
    const patterns = [
        `Pel que fa a les ${strong('compres')}, els ${strong('supermercats')} més propers són ${items}.`
    ];
    return pickClose(places.every((p) => p.close), praising, patterns, v);
}

function motorways(ms: FactMotorway[], v: number, close: boolean): string {
    const one = ms.length === 1, m0 = ms[0];
    const paren = list(ms.map((m) => `${m.name} (${duration(m.minutes)})`));
    const praising = [
        () => `La xarxa d'${strong('autopistes')} és a l'abast: ${list(ms.map((m) => `${m.name} a ${duration(m.minutes)}`))} en cotxe.`,
        () => one
            ? `En cotxe s'arriba ràpidament a l'${strong('autopista')} ${m0.name}: ${duration(m0.minutes)}.`
            : `En cotxe s'arriba ràpidament a les ${strong('autopistes')}: ${paren}.`
    ];
    const patterns = [
        () => one
            ? `Per als qui es desplacen en cotxe, l'accés a l'${strong('autopista')} més proper és ${m0.name} (${duration(m0.minutes)}).`
            : `Per als qui es desplacen en cotxe, els accessos a ${strong('autopista')} més propers són ${paren}.`
    ];
    return pickClose(close, praising, patterns, v)();
}

function cities(cs: FactCity[], v: number): string {
    const tripsOf = (c: FactCity, prep: string) => tripOrAlternative(cityTrips(c), trip, 'o', prep, '');
    const praising = [
        (c: FactCity, name: string) => `${name} és fàcilment accessible, a ${tripsOf(c, 'a')}.`,
        (c: FactCity, name: string) => `${name} també queda a prop: ${tripsOf(c, '')}.`
    ];
    const patterns = [
        (c: FactCity, name: string) => `Heu d'anar a ${name} per feina o per oci? El trajecte dura aproximadament ${tripsOf(c, '')}.`,
        (c: FactCity, name: string) => `En ${tripsOf(c, 'en')} s'arriba a ${name}.`
    ];
    return eachCity(cs, v, (c, cv) => pickClose(c.close, praising, patterns, cv)(c, strong(c.name)));
}

const LINES: Record<FactLines['kind'], {noun: Noun; stop: string}> = {
    bus: {noun: {word: 'autobús', g: 'm'}, stop: 'parada'},
    tram: {noun: {word: 'tramvia', g: 'm'}, stop: 'parada'},
    lightRail: {noun: {word: 'tren lleuger', g: 'm'}, stop: 'parada'},
    metro: {noun: {word: 'metro', g: 'm'}, stop: 'estació'},
    train: {noun: {word: 'tren', g: 'm'}, stop: 'estació'}
};

function lines(l: FactLines, v: number): string {
    const k = LINES[l.kind], one = l.lines.length === 1, names = l.lines.join(', ');
    const walk = `${duration(l.walkMinutes)} a peu`;
    const kind = de(strong(k.noun.word));
    const praising = [
        `Els usuaris del transport públic apreciaran l'accés ${one ? 'a la línia' : 'a les línies'} ${kind} ${names}, amb una ${k.stop} a ${walk}.`,
        `El barri està ben servit ${def(k.noun, 'per')}, amb ${one ? 'la línia' : 'les línies'} ${names} i una ${k.stop} a ${walk}.`
    ];
    const patterns = [
        `A ${walk} hi ha una ${k.stop} ${kind} servida per ${one ? 'la línia' : 'les línies'} ${names}.`,
        `La ${k.stop} ${kind} més propera, a ${walk}, està servida per ${one ? 'la línia' : 'les línies'} ${names}.`
    ];
    return pickClose(l.close, praising, patterns, v);
}

function outro(v: number): string {
    const patterns = [
        'La varietat de serveis accessibles als voltants contribueix a la qualitat de vida del barri.',
        'Amb tots aquests serveis a l\'abast, el barri ofereix una qualitat de vida excel·lent.',
        'Comerços, escoles i transport a prop: tot el que cal per al dia a dia.'
    ];
    return pick(patterns, v);
}

const pack: LanguagePack = {
    code: 'CA',
    titles: {tourism: 'Turisme', transports: 'Transports', education: 'Educació', shopping: 'Compres', cities: 'Ciutats properes',
        publictransports: 'Transport públic'},
    titleAround: (paragraph, title, s) => paragraph === 'cities' ? `${title} ${street(s, 'a')}` : `${title} a prop ${street(s, 'de')}`,
    titleIn: (_paragraph, title, city) => `${title} a ${city}`,
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro}, tidy)
};
export default pack;
