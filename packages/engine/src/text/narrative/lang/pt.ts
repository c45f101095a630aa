// Portuguese (European) narrative pack. Articles follow the noun's gender (o/a, um/uma) and
// contract with a/de/em/por (ao/à, do/da, no/na, pelo/pela). Streets whose type takes an article
// ("Rua", "Avenida", "Largo"...) and the few cities that take one ("o Porto") contract too; other
// names stand bare ("em Lisboa", "perto de Rue de la Loi").
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, distinctKinds, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, placeTrips, quote, sentenceWriter, strong, tidy,
    tripOrAlternative, upperInitial, type DurationWords} from './common.js';

type Gender = 'm' | 'f';
interface Noun {
    word: string;
    g: Gender;
}

/** One noun per sub-type kind of data/categories.json. */
const KINDS: Record<string, Noun> = {
    nursery: {word: 'creche', g: 'f'},
    preschool: {word: 'jardim de infância', g: 'm'},
    elementarySchool: {word: 'escola primária', g: 'f'},
    secondarySchool: {word: 'escola secundária', g: 'f'},
    trainStation: {word: 'estação ferroviária', g: 'f'},
    carSharing: {word: 'posto de carsharing', g: 'm'},
    bikeSharing: {word: 'estação de bicicletas partilhadas', g: 'f'},
    airport: {word: 'aeroporto', g: 'm'},
    chargingStation: {word: 'posto de carregamento', g: 'm'},
    supermarket: {word: 'supermercado', g: 'm'},
    amusementPark: {word: 'parque de diversões', g: 'm'},
    museum: {word: 'museu', g: 'm'},
    zoo: {word: 'jardim zoológico', g: 'm'},
    activity: {word: 'atividade de lazer', g: 'f'},
    monument: {word: 'monumento', g: 'm'},
    attraction: {word: 'atração turística', g: 'f'},
    castle: {word: 'castelo', g: 'm'},
    theatre: {word: 'teatro', g: 'm'},
    cinema: {word: 'cinema', g: 'm'},
    golfCourse: {word: 'campo de golfe', g: 'm'}
};
const PLACE: Noun = {word: 'local de interesse', g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'de carro', 2: 'a pé', 3: 'de bicicleta', 4: 'de transportes públicos'};

/** Street types that take an article ("perto da Rua de Santa Catarina", "perto do Largo do Carmo"). */
const STREET_TYPES: Record<string, Gender> = {
    rua: 'f', avenida: 'f', praça: 'f', largo: 'm', travessa: 'f', estrada: 'f', alameda: 'f', calçada: 'f', beco: 'm',
    rotunda: 'f', praceta: 'f', caminho: 'm', parque: 'm', cais: 'm', campo: 'm', terreiro: 'm', jardim: 'm', quinta: 'f',
    rossio: 'm', ladeira: 'f', rodovia: 'f', viela: 'f', via: 'f', boulevard: 'm', bulevar: 'm', passeio: 'm',
    azinhaga: 'f', urbanização: 'f', bairro: 'm', praia: 'f', pátio: 'm', escadinhas: 'f'
};

/** Cities that take an article ("no Porto", "na Guarda"); the others stand bare ("em Lisboa"). */
const CITY_ARTICLES: Record<string, Gender> = {
    'porto': 'm', 'rio de janeiro': 'm', 'recife': 'm', 'funchal': 'm', 'cairo': 'm', 'barreiro': 'm', 'seixal': 'm',
    'montijo': 'm', 'entroncamento': 'm', 'cartaxo': 'm', 'fundão': 'm', 'crato': 'm', 'bombarral': 'm', 'cadaval': 'm',
    'redondo': 'm', 'sabugal': 'm', 'mindelo': 'm', 'lobito': 'm', 'huambo': 'm', 'havre': 'm', 'pireu': 'm', 'luxemburgo': 'm',
    'guarda': 'f', 'covilhã': 'f', 'figueira da foz': 'f', 'nazaré': 'f', 'amadora': 'f', 'maia': 'f', 'lourinhã': 'f',
    'horta': 'f', 'praia': 'f', 'haia': 'f', 'batalha': 'f', 'golegã': 'f', 'trofa': 'f', 'moita': 'f', 'mealhada': 'f',
    'murtosa': 'f', 'póvoa de varzim': 'f', 'ribeira grande': 'f', 'ericeira': 'f', 'cidade do méxico': 'f'
};

// ---- grammar helpers ----

type Prep = '' | 'a' | 'de' | 'em' | 'por';
const CONTRACTED: Record<Prep, Record<Gender, string>> = {
    '': {m: 'o', f: 'a'},
    a: {m: 'ao', f: 'à'},
    de: {m: 'do', f: 'da'},
    em: {m: 'no', f: 'na'},
    por: {m: 'pelo', f: 'pela'}
};
const article = (g: Gender, prep: Prep = '') => CONTRACTED[prep][g];
/** "o [STRONG]museu[/STRONG]", "à [STRONG]creche[/STRONG]". */
const def = (n: Noun, prep: Prep = '') => `${article(n.g, prep)} ${strong(n.word)}`;
/** "um [STRONG]museu[/STRONG]", "uma [STRONG]creche[/STRONG]". */
const indef = (n: Noun) => `${n.g === 'm' ? 'um' : 'uma'} ${strong(n.word)}`;
const agree = (n: Noun, m: string, f: string) => n.g === 'm' ? m : f;

const list = (items: string[]) => joinList(items, ', ', ' e ');

/** A name after a preposition, with the article its type or name takes: "da Rua X", "no Porto", "em Lisboa". */
function withArticle(name: string, g: Gender | undefined, prep: Exclude<Prep, ''>): string {
    return g ? `${article(g, prep)} ${name}` : `${prep} ${name}`;
}
const street = (s: string, prep: Exclude<Prep, ''>) => withArticle(s, STREET_TYPES[s.split(/\s+/)[0].toLowerCase()], prep);
const cityGender = (c: string): Gender | undefined => CITY_ARTICLES[c.trim().toLowerCase()];
/** The city after a preposition ("ao [STRONG]Porto[/STRONG]", "a [STRONG]Lisboa[/STRONG]"); `shown` is how the name is written. */
const city = (c: string, prep: Exclude<Prep, ''>, shown = c) => withArticle(shown, cityGender(c), prep);
/** The city as a subject: "o [STRONG]Porto[/STRONG]", "[STRONG]Lisboa[/STRONG]". */
const citySubject = (c: string, shown = c) => {
    const g = cityGender(c);
    return g ? `${article(g)} ${shown}` : shown;
};

const DURATION: DurationWords = {
    minutes: (n) => `${n} ${n === 1 ? 'minuto' : 'minutos'}`,
    hours: (n) => `${n} ${n === 1 ? 'hora' : 'horas'}`,
    join: (h, m) => `${h} e ${m}`
};
/** "2 minutos", "1 hora", "1 hora e 15 minutos". */
const duration = (total: number) => hoursAndMinutes(total, DURATION);
const trip = (t: Trip) => `${duration(t.minutes)} ${MODES[t.mode]}`;
/** The trip, and the alternative when there is one: "a 2 minutos de carro ou a 8 minutos de transportes públicos". */
const trips = (p: FactPlace, prep = '', lead = prep) => tripOrAlternative(placeTrips(p), trip, 'ou', prep, lead);

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
/** What the place is: "um [STRONG]museu[/STRONG]", "um [STRONG]jardim de infância[/STRONG] e uma [STRONG]escola primária[/STRONG]". */
const what = (p: FactPlace) => list(nouns(p).map(indef));
/** The place named: "o [STRONG]museu[/STRONG] "X"" or, with several kinds, ""X" ([STRONG]a[/STRONG] e [STRONG]b[/STRONG])". */
function the(p: FactPlace, prep: Prep = ''): string {
    const ns = nouns(p);
    if (ns.length === 1) return `${def(ns[0], prep)} ${quote(p.name)}`;
    const named = `${quote(p.name)} (${list(ns.map((n) => strong(n.word)))})`;
    return prep === '' ? named : `${prep} ${named}`;
}

// ---- sentences ----

function intro(s: string, v: number): string {
    const patterns = [
        `Viver perto ${street(s, 'de')} oferece um quadro de vida prático, com acesso fácil a comércio, transportes e serviços essenciais.`,
        `Morar nas imediações ${street(s, 'de')} significa ter à mão comércio, transportes e serviços para o dia a dia.`,
        `Nos arredores ${street(s, 'de')} encontra-se tudo o que é preciso para a vida quotidiana: comércio, transportes e serviços.`
    ];
    return pick(patterns, v);
}

function tourism(p: FactPlace, v: number): string {
    const patterns = [
        () => `Em ${trips(p, 'em', '')} chega-se ${the(p, 'a')}.`,
        () => upperInitial(`${the(p)} fica a ${trips(p, 'a', '')}.`),
        () => `A ${trips(p, 'a', '')} encontra-se ${the(p)}.`
    ];
    const praising = [
        () => `Que tal descobrir ${the(p)}? Fica a apenas ${trips(p, 'a', '')}.`,
        () => `Entre os locais de interesse próximos destaca-se ${quote(p.name)}, ${what(p)}, a ${trips(p, 'a', '')}.`
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function transport(p: FactPlace, v: number): string {
    const patterns = [
        () => upperInitial(`${the(p)} é acessível em ${trips(p, 'em', '')}.`)
    ];
    const praising = [
        () => `A ${trips(p, 'a', '')} encontra-se ${the(p)}, uma vantagem para as deslocações diárias.`,
        () => `Para se deslocar com facilidade, ${the(p)} fica a ${trips(p, 'a', '')}.`
    ];
    const ns = nouns(p);
    if (ns.length === 1) {
        const n = ns[0], name = quote(p.name);
        const special: Record<string, () => string> = {
            bikeSharing: () => `Se aprecia a flexibilidade das ${strong('bicicletas partilhadas')}, encontra a estação ${name} a apenas ${trips(p, 'a', '')}.`,
            carSharing: () => `Graças ao posto ${name}, pode ${strong('alugar um carro')} sempre que precisar, a ${trips(p, 'a', '')}.`,
            airport: () => `Precisa de apanhar um avião? ${upperInitial(def(n))} mais ${agree(n, 'próximo', 'próxima')}, ${name}, fica a ${trips(p, 'a', '')}.`,
            trainStation: () => `Para quem viaja com frequência, ${def(n)} mais ${agree(n, 'próximo', 'próxima')} é ${name}: ${trips(p)}.`,
            chargingStation: () => `Para quem conduz um carro elétrico, ${def(n)} ${name} fica a ${trips(p, 'a', '')}.`
        };
        const kind = distinctKinds(p.kinds)[0] ?? '', extra = special[kind];
        if (extra) (kind === 'bikeSharing' ? praising : patterns).push(extra);
    }
    return pickClose(p.close, praising, patterns, v)();
}

function education(p: FactPlace, v: number): string {
    const plain = [
        () => upperInitial(`${the(p)} fica a ${trips(p, 'a', '')}.`)
    ];
    const praising = [
        () => `A apenas ${trips(p, 'a', '')} encontra-se ${quote(p.name)}, ${what(p)}, ideal para as deslocações em família.`,
        () => `As famílias com crianças vão apreciar a proximidade de ${quote(p.name)}, ${what(p)} a ${trips(p, 'a', '')}.`,
        () => `Uma vantagem para as famílias: ${the(p)} fica a apenas ${trips(p, 'a', '')}.`,
        () => upperInitial(`${the(p)} é acessível em ${trips(p, 'em', '')}, uma comodidade para levar as crianças todos os dias.`)
    ];
    return pickClose(p.close, praising, plain, v)();
}

function supermarkets(places: FactPlace[], v: number): string {
    const item = (p: FactPlace) => `${quote(strong(p.name))} (${trips(p)})`;
    if (places.length === 1) {
        const p = places[0], n = nouns(p)[0];
        return pickClose(p.close, [
            () => `Fazer as ${strong('compras')} é fácil: ${quote(strong(p.name))} fica a ${trips(p, 'a', '')}.`,
            () => `${upperInitial(indef(n))} à mão: ${item(p)}.`
        ], [
            () => `Para as ${strong('compras')}, ${article(n.g)} ${n.word} ${quote(strong(p.name))} fica a ${trips(p, 'a', '')}.`
        ], v)();
    }
    const items = list(places.map(item));
    return pickClose(places.every((p) => p.close), [
        `Para as ${strong('compras')}, há várias opções por perto: ${items}.`,
        `Fazer as ${strong('compras')} é fácil, com várias lojas nas redondezas: ${items}.`,
        `${strong('Supermercados')} à mão: ${items}.`
    ], [
        `Para as ${strong('compras')}, os ${strong('supermercados')} mais próximos são ${items}.`
    ], v);
}

function motorways(ms: FactMotorway[], v: number, close: boolean): string {
    const one = ms.length === 1, m0 = ms[0];
    const paren = list(ms.map((m) => `${m.name} (${duration(m.minutes)})`));
    const praising = [
        () => `A rede de ${strong('autoestradas')} está à mão: ${list(ms.map((m) => `${m.name} a ${duration(m.minutes)}`))} de carro.`,
        () => one
            ? `De carro chega-se rapidamente à ${strong('autoestrada')} ${m0.name}: ${duration(m0.minutes)}.`
            : `De carro chega-se rapidamente às ${strong('autoestradas')}: ${paren}.`
    ];
    const patterns = [
        () => one
            ? `Para quem se desloca de carro, o acesso à ${strong('autoestrada')} mais próximo é ${m0.name} (${duration(m0.minutes)}).`
            : `Para quem se desloca de carro, os acessos às ${strong('autoestradas')} mais próximos são ${paren}.`
    ];
    return pickClose(close, praising, patterns, v)();
}

function cities(cs: FactCity[], v: number): string {
    const tripsOf = (c: FactCity, prep: string) => tripOrAlternative(cityTrips(c), trip, 'ou', prep, '');
    const praising = [
        (c: FactCity) => upperInitial(`${citySubject(c.name, strong(c.name))} é facilmente acessível, a ${tripsOf(c, 'a')}.`),
        (c: FactCity) => upperInitial(`${citySubject(c.name, strong(c.name))} também fica perto: ${tripsOf(c, '')}.`)
    ];
    const patterns = [
        (c: FactCity) => `Precisa de ir ${city(c.name, 'a', strong(c.name))} por trabalho ou lazer? A viagem demora cerca de ${tripsOf(c, '')}.`,
        (c: FactCity) => `Em ${tripsOf(c, 'em')} chega-se ${city(c.name, 'a', strong(c.name))}.`
    ];
    return eachCity(cs, v, (c, cv) => pickClose(c.close, praising, patterns, cv)(c));
}

const LINES: Record<FactLines['kind'], {word: string; stop: string}> = {
    bus: {word: 'autocarro', stop: 'paragem'},
    tram: {word: 'elétrico', stop: 'paragem'},
    lightRail: {word: 'metro ligeiro', stop: 'paragem'},
    metro: {word: 'metro', stop: 'estação'},
    train: {word: 'comboio', stop: 'estação'}
};

function lines(l: FactLines, v: number): string {
    const k = LINES[l.kind], one = l.lines.length === 1, names = l.lines.join(', ');
    const walk = `${duration(l.walkMinutes)} a pé`;
    return pickClose(l.close, [
        `Os utilizadores de transportes públicos vão apreciar o acesso ${one ? 'à linha' : 'às linhas'} de ${strong(k.word)} ${names}, com uma ${k.stop} a ${walk}.`,
        `O bairro é bem servido pelo ${strong(k.word)}, com ${one ? 'a linha' : 'as linhas'} ${names} e uma ${k.stop} a ${walk}.`
    ], [
        `A ${walk} há uma ${k.stop} de ${strong(k.word)} servida ${one ? 'pela linha' : 'pelas linhas'} ${names}.`,
        `A ${k.stop} de ${strong(k.word)} mais próxima fica a ${walk} e é servida ${one ? 'pela linha' : 'pelas linhas'} ${names}.`
    ], v);
}

function outro(v: number): string {
    const patterns = [
        'A variedade de serviços acessíveis nas proximidades contribui para a qualidade de vida do bairro.',
        'Com todos estes serviços à mão, o bairro oferece uma excelente qualidade de vida.',
        'Comércio, escolas e transportes por perto: tudo o que é preciso para o dia a dia.'
    ];
    return pick(patterns, v);
}

const pack: LanguagePack = {
    code: 'PT',
    titles: {tourism: 'Turismo', transports: 'Transportes', education: 'Educação', shopping: 'Compras', cities: 'Cidades próximas',
        publictransports: 'Transportes públicos'},
    titleAround: (paragraph, title, s) => paragraph === 'cities' ? `${title} ${street(s, 'de')}` : `${title} perto ${street(s, 'de')}`,
    titleIn: (paragraph, title, c) => paragraph === 'cities' ? `${title} ${city(c, 'de')}` : `${title} ${city(c, 'em')}`,
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro}, tidy)
};
export default pack;
