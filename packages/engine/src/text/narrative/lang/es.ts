// Spanish narrative pack. Articles follow the noun's gender (el/la, un/una) and contract with a/de
// (al, del); "y" becomes "e" before an i- sound and "o" becomes "u" before an o- sound (8, 11,
// 80...). The reader is addressed as "usted", as in Spanish property listings.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, distinctKinds, eachCity, hoursAndMinutes, kindNouns, pick, pickClose, placeTrips, quote, sentenceWriter, spoken, strong, tidy,
    tripOrAlternative, upperInitial, type DurationWords} from './common.js';

type Gender = 'm' | 'f';
interface Noun {
    word: string;
    g: Gender;
}

/** One noun per sub-type kind of data/categories.json. */
const KINDS: Record<string, Noun> = {
    nursery: {word: 'guardería', g: 'f'},
    preschool: {word: 'escuela infantil', g: 'f'},
    elementarySchool: {word: 'colegio de primaria', g: 'm'},
    secondarySchool: {word: 'instituto de secundaria', g: 'm'},
    trainStation: {word: 'estación de tren', g: 'f'},
    carSharing: {word: 'punto de coche compartido', g: 'm'},
    bikeSharing: {word: 'estación de bicicletas compartidas', g: 'f'},
    airport: {word: 'aeropuerto', g: 'm'},
    chargingStation: {word: 'punto de recarga', g: 'm'},
    supermarket: {word: 'supermercado', g: 'm'},
    amusementPark: {word: 'parque de atracciones', g: 'm'},
    museum: {word: 'museo', g: 'm'},
    zoo: {word: 'zoo', g: 'm'},
    activity: {word: 'actividad de ocio', g: 'f'},
    monument: {word: 'monumento', g: 'm'},
    attraction: {word: 'atracción turística', g: 'f'},
    castle: {word: 'castillo', g: 'm'},
    theatre: {word: 'teatro', g: 'm'},
    cinema: {word: 'cine', g: 'm'},
    golfCourse: {word: 'campo de golf', g: 'm'}
};
const PLACE: Noun = {word: 'lugar de interés', g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'en coche', 2: 'a pie', 3: 'en bicicleta', 4: 'en transporte público'};

/** Street types that take an article ("cerca de la Calle Mayor", "cerca del Paseo del Prado"). */
const STREET_TYPES: Record<string, Gender> = {
    calle: 'f', avenida: 'f', plaza: 'f', paseo: 'm', camino: 'm', carretera: 'f', ronda: 'f', travesía: 'f',
    rambla: 'f', glorieta: 'f', callejón: 'm', bulevar: 'm', pasaje: 'm', vía: 'f', cuesta: 'f', carrera: 'f',
    alameda: 'f', gran: 'f', costanilla: 'f', plazuela: 'f', urbanización: 'f', barrio: 'm', parque: 'm',
    polígono: 'm', muelle: 'm', carrer: 'm', avinguda: 'f', passeig: 'm', plaça: 'f', rúa: 'f', praza: 'f'
};

// ---- grammar helpers ----

/** "y", or "e" before an i- sound (not before "hie", "ya"...). */
const and = (next: string) => /^h?[iíIÍ](?![aeouáéóú])/.test(spoken(next)) ? 'e' : 'y';
/** "o", or "u" before an o- sound, numbers included: 8, 80-89, 800-899, 11, 11 000... */
const or = (next: string) => /^(h?[oóOÓ]|8|11(\d{3})*(?!\d))/.test(spoken(next)) ? 'u' : 'o';

type Prep = '' | 'a' | 'de';
/** The definite article, contracted with a/de when masculine: "al", "del", "a la", "de la". */
function article(g: Gender, prep: Prep = ''): string {
    if (g === 'f') return prep === '' ? 'la' : `${prep} la`;
    return prep === '' ? 'el' : prep === 'a' ? 'al' : 'del';
}
/** "el [STRONG]museo[/STRONG]", "a la [STRONG]guardería[/STRONG]". */
const def = (n: Noun, prep: Prep = '') => `${article(n.g, prep)} ${strong(n.word)}`;
/** "un [STRONG]museo[/STRONG]", "una [STRONG]guardería[/STRONG]". */
const indef = (n: Noun) => `${n.g === 'm' ? 'un' : 'una'} ${strong(n.word)}`;
const agree = (n: Noun, m: string, f: string) => n.g === 'm' ? m : f;

function list(items: string[]): string {
    if (items.length <= 1) return items.join('');
    const last = items[items.length - 1];
    return `${items.slice(0, -1).join(', ')} ${and(last)} ${last}`;
}

/** The street with its article when its type takes one, after `prep`: "de la Calle Mayor", "del Paseo del Prado", "de Rue de la Loi". */
function street(s: string, prep: Exclude<Prep, ''>): string {
    const first = s.split(/\s+/)[0].toLowerCase();
    const g = STREET_TYPES[first];
    return g ? `${article(g, prep)} ${s}` : `${prep} ${s}`;
}

const DURATION: DurationWords = {
    minutes: (n) => `${n} ${n === 1 ? 'minuto' : 'minutos'}`,
    hours: (n) => `${n} ${n === 1 ? 'hora' : 'horas'}`,
    join: (h, m) => `${h} y ${m}`
};
/** "2 minutos", "1 hora", "1 hora y 15 minutos". */
const duration = (total: number) => hoursAndMinutes(total, DURATION);
const trip = (t: Trip) => `${duration(t.minutes)} ${MODES[t.mode]}`;
/** The trip, and the alternative when there is one: "a 2 minutos en coche o a 8 minutos en transporte público". */
const trips = (p: FactPlace, prep = '', lead = prep) => tripOrAlternative(placeTrips(p), trip, or, prep, lead);

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
/** What the place is: "un [STRONG]museo[/STRONG]", "una [STRONG]escuela infantil[/STRONG] y un [STRONG]colegio de primaria[/STRONG]". */
const what = (p: FactPlace) => list(nouns(p).map(indef));
/** The place named: "el [STRONG]museo[/STRONG] "X"" or, with several kinds, ""X" ([STRONG]a[/STRONG] y [STRONG]b[/STRONG])". */
function the(p: FactPlace, prep: Prep = ''): string {
    const ns = nouns(p);
    if (ns.length === 1) return `${def(ns[0], prep)} ${quote(p.name)}`;
    const named = `${quote(p.name)} (${list(ns.map((n) => strong(n.word)))})`;
    return prep === '' ? named : `${prep} ${named}`;
}

// ---- sentences ----

function intro(s: string, v: number): string {
    const patterns = [
        `Vivir cerca ${street(s, 'de')} ofrece un entorno práctico, con fácil acceso a comercios, transporte y servicios esenciales.`,
        `Residir en los alrededores ${street(s, 'de')} significa tener a mano comercios, transporte y servicios para el día a día.`,
        `En el entorno ${street(s, 'de')} se encuentra todo lo necesario para la vida diaria: comercios, transporte y servicios.`
    ];
    return pick(patterns, v);
}

function tourism(p: FactPlace, v: number): string {
    const praising = [
        () => `¿Le apetece descubrir ${the(p)}? Está a tan solo ${trips(p, 'a', '')}.`,
        () => `Entre los lugares de interés cercanos destaca ${quote(p.name)}, ${what(p)}, a ${trips(p, 'a', '')}.`
    ];
    const patterns = [
        () => `En ${trips(p, 'en', '')} se llega ${the(p, 'a')}.`,
        () => upperInitial(`${the(p)} se encuentra a ${trips(p, 'a', '')}.`),
        () => `A ${trips(p, 'a', '')} se encuentra ${the(p)}.`
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function transport(p: FactPlace, v: number): string {
    const praising = [
        () => `A ${trips(p, 'a', '')} se encuentra ${the(p)}, una ventaja para los desplazamientos diarios.`,
        () => `Para moverse con facilidad, ${the(p)} está a ${trips(p, 'a', '')}.`
    ];
    const patterns = [
        () => upperInitial(`${the(p)} es accesible en ${trips(p, 'en', '')}.`)
    ];
    const ns = nouns(p);
    if (ns.length === 1) {
        const n = ns[0], name = quote(p.name);
        const special: Record<string, () => string> = {
            bikeSharing: () => `Si valora la flexibilidad de las ${strong('bicicletas compartidas')}, encontrará la estación ${name} a tan solo ${trips(p, 'a', '')}.`,
            carSharing: () => `Gracias al punto ${name}, puede ${strong('alquilar un coche')} cuando lo necesite, a ${trips(p, 'a', '')}.`,
            airport: () => `¿Necesita tomar un vuelo? ${upperInitial(def(n))} más ${agree(n, 'cercano', 'cercana')}, ${name}, está a ${trips(p, 'a', '')}.`,
            trainStation: () => `Para los viajeros habituales, ${def(n)} más ${agree(n, 'cercano', 'cercana')} es ${name}: ${trips(p)}.`,
            chargingStation: () => `Para quienes conducen un coche eléctrico, ${def(n)} ${name} está a ${trips(p, 'a', '')}.`
        };
        const kind = distinctKinds(p.kinds)[0] ?? '', extra = special[kind];
        if (extra) (kind === 'bikeSharing' ? praising : patterns).push(extra);
    }
    return pickClose(p.close, praising, patterns, v)();
}

function education(p: FactPlace, v: number): string {
    const praising = [
        () => `A tan solo ${trips(p, 'a', '')} se encuentra ${quote(p.name)}, ${what(p)}, ideal para los trayectos en familia.`,
        () => `Las familias con niños apreciarán la cercanía de ${quote(p.name)}, ${what(p)} a ${trips(p, 'a', '')}.`,
        () => `Una ventaja para las familias: ${the(p)} está a tan solo ${trips(p, 'a', '')}.`,
        () => upperInitial(`${the(p)} es accesible en ${trips(p, 'en', '')}, una comodidad para llevar a los niños cada día.`)
    ];
    const patterns = [
        () => upperInitial(`${the(p)} se encuentra a ${trips(p, 'a', '')}.`)
    ];
    return pickClose(p.close, praising, patterns, v)();
}

function supermarkets(places: FactPlace[], v: number): string {
    const item = (p: FactPlace) => `${quote(strong(p.name))} (${trips(p)})`;
    if (places.length === 1) {
        const p = places[0], n = nouns(p)[0];
        const praising = [
            () => `Hacer la ${strong('compra')} es fácil: ${quote(strong(p.name))} está a ${trips(p, 'a', '')}.`,
            () => `${upperInitial(indef(n))} al alcance de la mano: ${item(p)}.`
        ];
        const patterns = [
            () => `En cuanto a las ${strong('compras')}, ${article(n.g)} ${n.word} ${quote(strong(p.name))} está a ${trips(p, 'a', '')}.`
        ];
        return pickClose(p.close, praising, patterns, v)();
    }
    const items = list(places.map(item));
    const praising = [
        `En cuanto a las ${strong('compras')}, la zona está bien servida, con varias opciones cerca: ${items}.`,
        `Hacer la ${strong('compra')} es fácil, con varias tiendas en los alrededores: ${items}.`,
        `${strong('Supermercados')} al alcance de la mano: ${items}.`
    ];
    const patterns = [
        `En cuanto a las ${strong('compras')}, los ${strong('supermercados')} más cercanos son ${items}.`
    ];
    return pickClose(places.every((p) => p.close), praising, patterns, v);
}

function motorways(ms: FactMotorway[], v: number, close: boolean): string {
    const one = ms.length === 1, m0 = ms[0];
    const paren = list(ms.map((m) => `${m.name} (${duration(m.minutes)})`));
    const praising = [
        () => `La red de ${strong('autopistas')} está al alcance de la mano: ${list(ms.map((m) => `${m.name} a ${duration(m.minutes)}`))} en coche.`,
        () => one
            ? `En coche se llega rápidamente a la ${strong('autopista')} ${m0.name}: ${duration(m0.minutes)}.`
            : `En coche se llega rápidamente a las ${strong('autopistas')}: ${paren}.`
    ];
    const patterns = [
        () => one
            ? `Para quienes se desplazan en coche, el acceso a la ${strong('autopista')} más cercano es ${m0.name} (${duration(m0.minutes)}).`
            : `Para quienes se desplazan en coche, los accesos a ${strong('autopista')} más cercanos son ${paren}.`
    ];
    return pickClose(close, praising, patterns, v)();
}

function cities(cs: FactCity[], v: number): string {
    const tripsOf = (c: FactCity, prep: string) => {
        const withPrep = cityTrips(c).map(trip).map((s, i) => i === 0 || !prep ? s : `${prep} ${s}`);
        return withPrep.length === 2 ? `${withPrep[0]} ${or(withPrep[1])} ${withPrep[1]}` : withPrep[0];
    };
    const praising = [
        (c: FactCity, name: string) => `${name} es fácilmente accesible, a ${tripsOf(c, 'a')}.`,
        (c: FactCity, name: string) => `${name} también queda cerca: ${tripsOf(c, '')}.`
    ];
    const patterns = [
        (c: FactCity, name: string) => `¿Necesita ir a ${name} por trabajo o por ocio? El trayecto dura aproximadamente ${tripsOf(c, '')}.`,
        (c: FactCity, name: string) => `En ${tripsOf(c, 'en')} se llega a ${name}.`
    ];
    return eachCity(cs, v, (c, cv) => pickClose(c.close, praising, patterns, cv)(c, strong(c.name)));
}

const LINES: Record<FactLines['kind'], {word: string; stop: string}> = {
    bus: {word: 'autobús', stop: 'parada'},
    tram: {word: 'tranvía', stop: 'parada'},
    lightRail: {word: 'tren ligero', stop: 'parada'},
    metro: {word: 'metro', stop: 'estación'},
    train: {word: 'tren', stop: 'estación'}
};

function lines(l: FactLines, v: number): string {
    const k = LINES[l.kind], one = l.lines.length === 1, names = l.lines.join(', ');
    const walk = `${duration(l.walkMinutes)} a pie`;
    const theLines = one ? 'la línea' : 'las líneas';
    const praising = [
        `Los usuarios del transporte público apreciarán el acceso a ${theLines} de ${strong(k.word)} ${names}, con una ${k.stop} a ${walk}.`,
        `El barrio está bien comunicado en ${strong(k.word)}, con ${theLines} ${names} y una ${k.stop} a ${walk}.`
    ];
    const patterns = [
        `A ${walk} hay una ${k.stop} de ${strong(k.word)} servida por ${theLines} ${names}.`,
        `La ${k.stop} de ${strong(k.word)} más cercana, a ${walk}, está servida por ${theLines} ${names}.`
    ];
    return pickClose(l.close, praising, patterns, v);
}

function outro(v: number): string {
    const patterns = [
        'La variedad de servicios accesibles en las inmediaciones contribuye a la calidad de vida del barrio.',
        'Con todos estos servicios al alcance de la mano, el barrio ofrece una excelente calidad de vida.',
        'Comercios, colegios y transporte cerca: todo lo necesario para el día a día.'
    ];
    return pick(patterns, v);
}

const pack: LanguagePack = {
    code: 'ES',
    titles: {tourism: 'Turismo', transports: 'Transportes', education: 'Educación', shopping: 'Compras', cities: 'Ciudades cercanas',
        publictransports: 'Transporte público'},
    titleAround: (paragraph, title, s) => paragraph === 'cities' ? `${title} ${street(s, 'a')}` : `${title} cerca ${street(s, 'de')}`,
    titleIn: (paragraph, title, city) => paragraph === 'cities' ? `${title} a ${city}` : `${title} en ${city}`,
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro}, tidy)
};
export default pack;
