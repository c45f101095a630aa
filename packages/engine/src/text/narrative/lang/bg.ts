// Bulgarian. Nouns do not decline, but adjectives and the definite article agree with gender:
// each noun carries its gender and its definite (short, object) form. Durations: 1 минута,
// 2 минути; 1 час, 2 часа (count form).
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong, type DurationWords} from './common.js';

interface Noun {
    nom: string;
    /** Definite form for an object or after a preposition: "музея", "летището". */
    def: string;
    g: 'm' | 'f' | 'n';
}

const KINDS: Record<string, Noun> = {
    nursery: {nom: 'детска ясла', def: 'детската ясла', g: 'f'},
    preschool: {nom: 'детска градина', def: 'детската градина', g: 'f'},
    elementarySchool: {nom: 'основно училище', def: 'основното училище', g: 'n'},
    secondarySchool: {nom: 'средно училище', def: 'средното училище', g: 'n'},
    trainStation: {nom: 'жп гара', def: 'жп гарата', g: 'f'},
    carSharing: {nom: 'станция за споделени автомобили', def: 'станцията за споделени автомобили', g: 'f'},
    bikeSharing: {nom: 'станция за споделени велосипеди', def: 'станцията за споделени велосипеди', g: 'f'},
    airport: {nom: 'летище', def: 'летището', g: 'n'},
    chargingStation: {nom: 'зарядна станция', def: 'зарядната станция', g: 'f'},
    supermarket: {nom: 'супермаркет', def: 'супермаркета', g: 'm'},
    amusementPark: {nom: 'увеселителен парк', def: 'увеселителния парк', g: 'm'},
    museum: {nom: 'музей', def: 'музея', g: 'm'},
    zoo: {nom: 'зоологическа градина', def: 'зоологическата градина', g: 'f'},
    activity: {nom: 'място за развлечения', def: 'мястото за развлечения', g: 'n'},
    monument: {nom: 'паметник', def: 'паметника', g: 'm'},
    attraction: {nom: 'забележителност', def: 'забележителността', g: 'f'},
    castle: {nom: 'замък', def: 'замъка', g: 'm'},
    theatre: {nom: 'театър', def: 'театъра', g: 'm'},
    cinema: {nom: 'кино', def: 'киното', g: 'n'},
    golfCourse: {nom: 'голф игрище', def: 'голф игрището', g: 'n'}
};
const PLACE: Noun = {nom: 'място', def: 'мястото', g: 'n'};

const MODES: Record<ModeCode, string> = {1: 'с кола', 2: 'пеша', 3: 'с велосипед', 4: 'с градски транспорт'};

const LINES: Record<FactLines['kind'], {sg: string; pl: string; sgDef: string; plDef: string; stop: string}> = {
    bus: {sg: 'автобусна линия', pl: 'автобусни линии', sgDef: 'автобусната линия', plDef: 'автобусните линии', stop: 'спирка'},
    tram: {sg: 'трамвайна линия', pl: 'трамвайни линии', sgDef: 'трамвайната линия', plDef: 'трамвайните линии', stop: 'спирка'},
    lightRail: {sg: 'линия на лекото метро', pl: 'линии на лекото метро', sgDef: 'линията на лекото метро', plDef: 'линиите на лекото метро', stop: 'спирка'},
    metro: {sg: 'линия на метрото', pl: 'линии на метрото', sgDef: 'линията на метрото', plDef: 'линиите на метрото', stop: 'метростанция'},
    train: {sg: 'влакова линия', pl: 'влакови линии', sgDef: 'влаковата линия', plDef: 'влаковите линии', stop: 'гара'}
};

const DURATION: DurationWords = {
    minutes: (m) => `${m} ${m === 1 ? 'минута' : 'минути'}`,
    hours: (h) => `${h} ${h === 1 ? 'час' : 'часа'}`,
    join: (h, m) => `${h} и ${m}`
};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const list = (items: string[]) => joinList(items, ', ', ' и ');
/** "в" becomes "във" before в/ф (also a Latin V/F/W). */
const inCity = (city: string) => (/^[ВвФфVvFfWw]/.test(city) ? `във ${city}` : `в ${city}`);
/** "с" becomes "със" before с/з. */
const withWord = (w: string) => (/^[СсЗз]/.test(w) ? `със ${w}` : `с ${w}`);

const trip = (t: Trip) => `${dur(t.minutes)} ${MODES[t.mode]}`;
const trips = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` или ${trip(p.alt)}` : ''}`;
/** "само на 2 минути с кола или на 8 минути с градски транспорт" */
const away = (p: FactPlace) => `${p.close ? 'само ' : ''}на ${trip(p.trip)}${p.alt ? ` или на ${trip(p.alt)}` : ''}`;

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
const kinds = (p: FactPlace) => nouns(p).map((n) => strong(n.nom)).join(' / ');
const kindsDef = (p: FactPlace) => nouns(p).map((n) => strong(n.def)).join(' / ');
/** "Най-близкият [музей] е "X"", or null for a place of several kinds. */
function nearestIs(p: FactPlace): string | null {
    const ns = nouns(p);
    if (ns.length !== 1) return null;
    const adj = {m: 'Най-близкият', f: 'Най-близката', n: 'Най-близкото'}[ns[0].g];
    return `${adj} ${strong(ns[0].nom)} е "${p.name}"`;
}

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => `"${p.name}" (${kinds(p)}) е ${away(p)}.`,
        () => {
            const head = nearestIs(p);
            return head ? `${head}, ${away(p)}.` : `До ${kindsDef(p)} "${p.name}" се стига за ${trips(p)}.`;
        },
        () => `Искате ли да посетите ${kindsDef(p)} "${p.name}"? Стигате дотам за ${trips(p)}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => {
            const head = nearestIs(p);
            return head ? `${head}, ${away(p)}.` : `"${p.name}" (${kinds(p)}) е ${away(p)}.`;
        },
        () => `"${p.name}" (${kinds(p)}) се намира ${away(p)}.`,
        () => `До ${kindsDef(p)} "${p.name}" стигате за ${trips(p)}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `Семействата с деца ще оценят близостта: "${p.name}" (${kinds(p)}) е ${away(p)}.`
    ], [
        () => {
            const head = nearestIs(p);
            return head ? `${head}, ${away(p)}.` : `"${p.name}" (${kinds(p)}) се намира ${away(p)}.`;
        },
        () => `До ${kindsDef(p)} "${p.name}" се стига за ${trips(p)}.`
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `С кола бързо стигате до ${strong('магистралата')}: ${items}.`,
        `Мрежата от ${strong('магистрали')} е лесно достъпна с кола: ${items}.`
    ], [
        `Най-близките входове на ${strong('магистралата')} с кола: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `За ${strong('пазаруване')} наблизо имате "${p.name}" (${trips(p)}).`
        ], [
            `Най-близкият ${strong('супермаркет')} е "${p.name}" (${trips(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `За ${strong('пазаруване')} имате няколко възможности наблизо: ${items}.`,
        `Наблизо има няколко ${strong('супермаркета')}: ${items}.`
    ], [
        `Най-близките ${strong('супермаркети')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map(trip).join(' или ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        () => `До ${strong(c.name)} стигате за ${toCity(c)}.`,
        () => `Трябва да отидете до ${strong(c.name)} по работа или за почивка? Пътят отнема ${toCity(c)}.`,
        () => `${strong(c.name)} е на ${cityTrips(c).map(trip).join(' или на ')}.`
    ], v)());
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `${l.close ? 'само ' : ''}на ${dur(l.walkMinutes)} пеша`;
    return pick([
        `Ползвателите на обществения транспорт имат достъп до ${strong(one ? w.sgDef : w.plDef)} ${names}, ${withWord(w.stop)} ${walk}.`,
        `Кварталът се обслужва от ${strong(one ? w.sg : w.pl)} ${names}, а най-близката ${w.stop} е ${walk}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `Животът близо до "${street}" предлага практична среда с лесен достъп до магазини, транспорт и основни услуги.`,
        `Да живееш около "${street}" означава удобство: магазини, транспорт и основни услуги са наблизо.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'Разнообразието от достъпни услуги наблизо допринася за качеството на живот в квартала.',
        'Всичко необходимо за ежедневието е на няколко минути от дома.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'BG',
    titles: {tourism: 'Туризъм', transports: 'Транспорт', education: 'Образование', shopping: 'Пазаруване', cities: 'Близки градове', publictransports: 'Обществен транспорт'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `Градове близо до ${street}` : `${title} около ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `Градове близо до ${city}` : `${title} ${inCity(city)}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
