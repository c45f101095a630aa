// Italian narrative pack. Articles are chosen from the noun (il/lo/l'/la, un/uno/una/un') and
// contracted with their preposition (al/allo/all'/alla, del/dello/dell'/della, ...). Sentences are
// impersonal ("si raggiunge", "si trova"), the usual register of Italian property listings.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, distinctKinds, eachCity, glue, hoursAndMinutes, joinList, kindNouns, pick, pickClose, placeTrips, quote, sentenceWriter, strong,
    tidy, tripOrAlternative, upperInitial, type DurationWords} from './common.js';

type Gender = 'm' | 'f';
interface Noun {
    word: string;
    g: Gender;
}

/** One noun per sub-type kind of data/categories.json. */
const KINDS: Record<string, Noun> = {
    nursery: {word: 'asilo nido', g: 'm'},
    preschool: {word: "scuola dell'infanzia", g: 'f'},
    elementarySchool: {word: 'scuola primaria', g: 'f'},
    secondarySchool: {word: 'scuola secondaria', g: 'f'},
    trainStation: {word: 'stazione ferroviaria', g: 'f'},
    carSharing: {word: 'postazione di car sharing', g: 'f'},
    bikeSharing: {word: 'stazione di bike sharing', g: 'f'},
    airport: {word: 'aeroporto', g: 'm'},
    chargingStation: {word: 'colonnina di ricarica', g: 'f'},
    supermarket: {word: 'supermercato', g: 'm'},
    amusementPark: {word: 'parco divertimenti', g: 'm'},
    museum: {word: 'museo', g: 'm'},
    zoo: {word: 'zoo', g: 'm'},
    activity: {word: 'attività per il tempo libero', g: 'f'},
    monument: {word: 'monumento', g: 'm'},
    attraction: {word: 'attrazione turistica', g: 'f'},
    castle: {word: 'castello', g: 'm'},
    theatre: {word: 'teatro', g: 'm'},
    cinema: {word: 'cinema', g: 'm'},
    golfCourse: {word: 'campo da golf', g: 'm'}
};
const PLACE: Noun = {word: 'luogo di interesse', g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'in auto', 2: 'a piedi', 3: 'in bici', 4: 'con i mezzi pubblici'};

// ---- grammar helpers ----

const startsWithVowel = (w: string) => /^[aeiouàèéìòóùh]/i.test(w);
/** Masculine words that take lo/uno/gli: s + consonant, z, gn, ps, pn, x, y, semivowel i. */
const takesLo = (w: string) => /^(s[^aeiouàèéìòóù]|z|gn|ps|pn|x|y|i[aeiouàèéìòóù])/i.test(w);

type Prep = '' | 'a' | 'di' | 'da' | 'in' | 'su';
const PREP_STEM: Record<Exclude<Prep, ''>, string> = {a: 'a', di: 'de', da: 'da', in: 'ne', su: 'su'};

/** The definite article (contracted with `prep`), glued to the word that follows. */
function article(n: Noun, prep: Prep = ''): string {
    const base = n.g === 'm'
        ? (startsWithVowel(n.word) ? "l'" : takesLo(n.word) ? 'lo' : 'il')
        : (startsWithVowel(n.word) ? "l'" : 'la');
    if (prep === '') return base;
    const stem = PREP_STEM[prep];
    if (base === 'il') return `${stem}l`;
    return `${stem}l${base}`; // allo, all', alla, dello, ...
}
/** "il [STRONG]museo[/STRONG]", "allo [STRONG]zoo[/STRONG]". */
const def = (n: Noun, prep: Prep = '') => glue(article(n, prep), strong(n.word));
/** "un [STRONG]museo[/STRONG]", "uno [STRONG]zoo[/STRONG]", "un'[STRONG]attrazione[/STRONG]". */
function indef(n: Noun): string {
    const art = n.g === 'm' ? (takesLo(n.word) ? 'uno' : 'un') : (startsWithVowel(n.word) ? "un'" : 'una');
    return glue(art, strong(n.word));
}
/** Agreement of an adjective with the noun. */
const agree = (n: Noun, m: string, f: string) => n.g === 'm' ? m : f;
/** "a" before a word, "ad" before a word starting with a. */
const toWord = (w: string) => /^[aà]/i.test(w.replace(/^(\[STRONG\]|")+/, '')) ? `ad ${w}` : `a ${w}`;

const list = (items: string[]) => joinList(items, ', ', ' e ');

const DURATION: DurationWords = {
    minutes: (n) => `${n} ${n === 1 ? 'minuto' : 'minuti'}`,
    hours: (n) => `${n} ${n === 1 ? 'ora' : 'ore'}`,
    join: (h, m) => `${h} e ${m}`
};
/** "2 minuti", "1 ora", "1 ora e 15 minuti". */
const duration = (total: number) => hoursAndMinutes(total, DURATION);
const trip = (t: Trip) => `${duration(t.minutes)} ${MODES[t.mode]}`;
/** The trip, and the alternative when there is one: "a 2 minuti in auto o a 8 minuti con i mezzi pubblici". */
const trips = (p: FactPlace, prep = '', lead = prep) => tripOrAlternative(placeTrips(p), trip, 'o', prep, lead);

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
/** What the place is: "un [STRONG]museo[/STRONG]", "una [STRONG]scuola dell'infanzia[/STRONG] e una [STRONG]scuola primaria[/STRONG]". */
const what = (p: FactPlace) => list(nouns(p).map(indef));
/** The place named: "il [STRONG]museo[/STRONG] "X"" or, with several kinds, ""X" ([STRONG]a[/STRONG] e [STRONG]b[/STRONG])". */
function the(p: FactPlace, prep: Prep = ''): string {
    const ns = nouns(p);
    if (ns.length === 1) return `${def(ns[0], prep)} ${quote(p.name)}`;
    const named = `${quote(p.name)} (${list(ns.map((n) => strong(n.word)))})`;
    return prep === '' ? named : prep === 'a' ? toWord(named) : `${prep} ${named}`;
}

// ---- sentences ----

function intro(street: string, v: number): string {
    const patterns = [
        `Vivere nei pressi di ${street} significa godere di un ambiente pratico, con un facile accesso a negozi, trasporti e servizi essenziali.`,
        `Abitare in zona ${street} vuol dire avere a portata di mano negozi, trasporti e servizi essenziali per la vita di tutti i giorni.`,
        `Nei dintorni di ${street} si trova tutto ciò che serve per la vita quotidiana: negozi, trasporti e servizi.`
    ];
    return pick(patterns, v);
}

function tourism(p: FactPlace, v: number): string {
    const patterns = [
        () => `In ${trips(p, 'in', '')} si arriva ${the(p, 'a')}.`,
        () => upperInitial(`${the(p)} si trova a ${trips(p, 'a', '')}.`),
        () => `A ${trips(p, 'a', '')} si trova ${the(p)}.`
    ];
    const praising = [
        () => `Voglia di scoprire ${the(p)}? Si trova ad appena ${trips(p, 'a', '')}.`,
        () => `Tra le mete più vicine figura ${quote(p.name)}, ${what(p)}, a ${trips(p, 'a', '')}.`
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function transport(p: FactPlace, v: number): string {
    const patterns = [
        () => upperInitial(`${the(p)} è raggiungibile in ${trips(p, 'in', '')}.`)
    ];
    const praising = [
        () => `A ${trips(p, 'a', '')} si trova ${the(p)}, un vantaggio per gli spostamenti quotidiani.`,
        () => `Per muoversi con facilità, ${the(p)} è a ${trips(p, 'a', '')}.`
    ];
    const ns = nouns(p);
    if (ns.length === 1) {
        const n = ns[0], name = quote(p.name);
        const special: Record<string, () => string> = {
            bikeSharing: () => `Per chi apprezza la flessibilità delle ${strong('bici condivise')}, la stazione ${name} è ad appena ${trips(p, 'a', '')}.`,
            carSharing: () => `Grazie alla postazione ${name}, si può ${strong("noleggiare un'auto")} quando serve, a ${trips(p, 'a', '')}.`,
            airport: () => `Serve prendere l'aereo? ${upperInitial(def(n))} più ${agree(n, 'vicino', 'vicina')}, ${name}, è a ${trips(p, 'a', '')}.`,
            trainStation: () => `Per chi viaggia spesso, ${def(n)} più ${agree(n, 'vicino', 'vicina')} è ${name}: ${trips(p)}.`,
            chargingStation: () => `Per chi guida un'auto elettrica, ${def(n)} ${name} è a ${trips(p, 'a', '')}.`
        };
        const kind = distinctKinds(p.kinds)[0] ?? '', extra = special[kind];
        if (extra) (kind === 'bikeSharing' ? praising : patterns).push(extra);
    }
    return pickClose(p.close, praising, patterns, v)();
}

function education(p: FactPlace, v: number): string {
    const plain = [
        () => upperInitial(`${the(p)} si trova a ${trips(p, 'a', '')}.`)
    ];
    const praising = [
        () => `Ad appena ${trips(p, 'a', '')} si trova ${quote(p.name)}, ${what(p)}: ideale per i tragitti in famiglia.`,
        () => `Le famiglie con bambini apprezzeranno la vicinanza di ${quote(p.name)}, ${what(p)} a ${trips(p, 'a', '')}.`,
        () => `Un vero punto di forza per le famiglie: ${the(p)} dista appena ${trips(p)}.`,
        () => upperInitial(`${the(p)} è raggiungibile in ${trips(p, 'in', '')}, una comodità per accompagnare i figli ogni giorno.`)
    ];
    return pickClose(p.close, praising, plain, v)();
}

function supermarkets(places: FactPlace[], v: number): string {
    const item = (p: FactPlace) => `${quote(strong(p.name))} (${trips(p)})`;
    const items = list(places.map(item));
    if (places.length === 1) {
        const p = places[0], n = nouns(p)[0];
        return pickClose(p.close, [
            () => `Fare la ${strong('spesa')} è semplice: ${quote(strong(p.name))} è a ${trips(p, 'a', '')}.`,
            () => `${upperInitial(indef(n))} a portata di mano: ${item(p)}.`
        ], [
            () => `Per la ${strong('spesa')}, ${glue(article(n), n.word)} ${quote(strong(p.name))} si trova a ${trips(p, 'a', '')}.`
        ], v)();
    }
    return pickClose(places.every((p) => p.close), [
        `Per la ${strong('spesa')} ci sono diverse opzioni nelle vicinanze: ${items}.`,
        `Fare la ${strong('spesa')} è semplice, con diversi negozi nei dintorni: ${items}.`,
        `${strong('Supermercati')} a portata di mano: ${items}.`
    ], [
        `Per la ${strong('spesa')}, i ${strong('supermercati')} più vicini sono ${items}.`
    ], v);
}

function motorways(ms: FactMotorway[], v: number, close: boolean): string {
    const one = ms.length === 1, m0 = ms[0];
    const paren = list(ms.map((m) => `${m.name} (${duration(m.minutes)})`));
    const praising = [
        () => `La rete ${strong('autostradale')} è a portata di mano: ${list(ms.map((m) => `${m.name} a ${duration(m.minutes)}`))} in auto.`,
        () => one
            ? `In auto si raggiunge rapidamente l'${strong('autostrada')} ${m0.name}: ${duration(m0.minutes)}.`
            : `In auto si raggiungono rapidamente le ${strong('autostrade')}: ${paren}.`
    ];
    const patterns = [
        () => one
            ? `Per chi si sposta in auto, l'accesso ${strong('autostradale')} più vicino è ${m0.name} (${duration(m0.minutes)}).`
            : `Per chi si sposta in auto, gli accessi ${strong('autostradali')} più vicini sono ${paren}.`
    ];
    return pickClose(close, praising, patterns, v)();
}

function cities(cs: FactCity[], v: number): string {
    const tripsOf = (c: FactCity, prep: string) => tripOrAlternative(cityTrips(c), trip, 'o', prep, '');
    const praising = [
        (c: FactCity, name: string) => `${name} è facilmente raggiungibile, a ${tripsOf(c, 'a')}.`,
        (c: FactCity, name: string) => `Anche ${name} è a portata di mano: ${tripsOf(c, '')}.`
    ];
    const patterns = [
        (c: FactCity, name: string) => `Serve andare ${toWord(name)} per lavoro o per svago? Il tragitto dura circa ${tripsOf(c, '')}.`,
        (c: FactCity, name: string) => `In ${tripsOf(c, 'in')} si arriva ${toWord(name)}.`
    ];
    return eachCity(cs, v, (c, cv) => pickClose(c.close, praising, patterns, cv)(c, strong(c.name)));
}

const LINES: Record<FactLines['kind'], {sg: string; pl: string; by: string; stop: string}> = {
    bus: {sg: `linea di ${strong('autobus')}`, pl: `linee di ${strong('autobus')}`, by: `dagli ${strong('autobus')}`, stop: 'fermata'},
    tram: {sg: `linea del ${strong('tram')}`, pl: `linee del ${strong('tram')}`, by: `dal ${strong('tram')}`, stop: 'fermata'},
    lightRail: {sg: `linea della ${strong('metrotranvia')}`, pl: `linee della ${strong('metrotranvia')}`, by: `dalla ${strong('metrotranvia')}`, stop: 'fermata'},
    metro: {sg: `linea della ${strong('metropolitana')}`, pl: `linee della ${strong('metropolitana')}`, by: `dalla ${strong('metropolitana')}`, stop: 'stazione'},
    train: {sg: `linea ${strong('ferroviaria')}`, pl: `linee ${strong('ferroviarie')}`, by: `dal ${strong('treno')}`, stop: 'stazione'}
};

function lines(l: FactLines, v: number): string {
    const k = LINES[l.kind], one = l.lines.length === 1, names = l.lines.join(', ');
    const walk = `${duration(l.walkMinutes)} a piedi`;
    return pickClose(l.close, [
        `Chi usa i mezzi pubblici apprezzerà l'accesso ${one ? `alla ${k.sg}` : `alle ${k.pl}`} ${names}, con una ${k.stop} a ${walk}.`,
        `Il quartiere è ben servito ${k.by}, con ${one ? 'la linea' : 'le linee'} ${names} e una ${k.stop} a ${walk}.`
    ], [
        `A ${walk} c'è una ${k.stop} servita ${one ? `dalla ${k.sg}` : `dalle ${k.pl}`} ${names}.`,
        `La ${k.stop} più vicina, a ${walk}, è servita ${one ? `dalla ${k.sg}` : `dalle ${k.pl}`} ${names}.`
    ], v);
}

function outro(v: number): string {
    const patterns = [
        'La varietà di servizi raggiungibili nelle vicinanze contribuisce alla qualità della vita del quartiere.',
        'Con tutti questi servizi a portata di mano, il quartiere offre una qualità di vita invidiabile.',
        'Negozi, scuole e trasporti vicini: tutto ciò che serve per vivere bene ogni giorno.'
    ];
    return pick(patterns, v);
}

const pack: LanguagePack = {
    code: 'IT',
    titles: {tourism: 'Turismo', transports: 'Trasporti', education: 'Istruzione', shopping: 'Negozi', cities: 'Città vicine',
        publictransports: 'Trasporti pubblici'},
    titleAround: (paragraph, title, street) => paragraph === 'cities' ? `${title} ${toWord(street)}` : `${title} vicino ${toWord(street)}`,
    titleIn: (paragraph, title, city) => `${title} ${toWord(city)}`,
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro}, tidy)
};
export default pack;
