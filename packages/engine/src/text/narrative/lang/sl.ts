// Slovenian. Nouns are kept in the nominative, or in the genitive after "do" (stored with each
// noun); names stay undeclined after a noun ("do muzeja "X"", "do mesta X") or stand alone as the
// subject. Durations use the dual: 1 minuta, 2 minuti, 3 minute, 5 minut (accusative 1 minuto),
// and 1 ura, 2 uri, 3 ure, 5 ur (accusative 1 uro).
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong,
    type DurationWords} from './common.js';

interface Noun {
    nom: string;
    gen: string;
    /** m, f, n, or p (feminine plural-only: jasli). */
    g: 'm' | 'f' | 'n' | 'p';
}

const KINDS: Record<string, Noun> = {
    nursery: {nom: 'jasli', gen: 'jasli', g: 'p'},
    preschool: {nom: 'vrtec', gen: 'vrtca', g: 'm'},
    elementarySchool: {nom: 'osnovna šola', gen: 'osnovne šole', g: 'f'},
    secondarySchool: {nom: 'srednja šola', gen: 'srednje šole', g: 'f'},
    trainStation: {nom: 'železniška postaja', gen: 'železniške postaje', g: 'f'},
    carSharing: {nom: 'postaja za souporabo avtomobilov', gen: 'postaje za souporabo avtomobilov', g: 'f'},
    bikeSharing: {nom: 'postaja za izposojo koles', gen: 'postaje za izposojo koles', g: 'f'},
    airport: {nom: 'letališče', gen: 'letališča', g: 'n'},
    chargingStation: {nom: 'polnilnica za električna vozila', gen: 'polnilnice za električna vozila', g: 'f'},
    supermarket: {nom: 'supermarket', gen: 'supermarketa', g: 'm'},
    amusementPark: {nom: 'zabaviščni park', gen: 'zabaviščnega parka', g: 'm'},
    museum: {nom: 'muzej', gen: 'muzeja', g: 'm'},
    zoo: {nom: 'živalski vrt', gen: 'živalskega vrta', g: 'm'},
    activity: {nom: 'prostočasna dejavnost', gen: 'prostočasne dejavnosti', g: 'f'},
    monument: {nom: 'spomenik', gen: 'spomenika', g: 'm'},
    attraction: {nom: 'znamenitost', gen: 'znamenitosti', g: 'f'},
    castle: {nom: 'grad', gen: 'gradu', g: 'm'},
    theatre: {nom: 'gledališče', gen: 'gledališča', g: 'n'},
    cinema: {nom: 'kino', gen: 'kina', g: 'm'},
    golfCourse: {nom: 'igrišče za golf', gen: 'igrišča za golf', g: 'n'}
};
const PLACE: Noun = {nom: 'kraj', gen: 'kraja', g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'z avtomobilom', 2: 'peš', 3: 's kolesom', 4: 'z javnim prevozom'};

const LINES: Record<FactLines['kind'], {sgNom: string; sgAcc: string; pl: string}> = {
    bus: {sgNom: 'avtobusna linija', sgAcc: 'avtobusno linijo', pl: 'avtobusne linije'},
    tram: {sgNom: 'tramvajska linija', sgAcc: 'tramvajsko linijo', pl: 'tramvajske linije'},
    lightRail: {sgNom: 'linija lahke železnice', sgAcc: 'linijo lahke železnice', pl: 'linije lahke železnice'},
    metro: {sgNom: 'linija metroja', sgAcc: 'linijo metroja', pl: 'linije metroja'},
    train: {sgNom: 'železniška linija', sgAcc: 'železniško linijo', pl: 'železniške linije'}
};

const rules = new Intl.PluralRules('sl');
const MINUTE = {nom: {one: 'minuta', two: 'minuti', few: 'minute', other: 'minut'}, acc: {one: 'minuto', two: 'minuti', few: 'minute', other: 'minut'}};
const HOUR = {nom: {one: 'ura', two: 'uri', few: 'ure', other: 'ur'}, acc: {one: 'uro', two: 'uri', few: 'ure', other: 'ur'}};
type Case = 'nom' | 'acc';

function count(n: number, forms: Record<string, string>): string {
    const c = rules.select(n);
    return `${n} ${forms[c] ?? forms.other}`;
}

const DURATION: Record<Case, DurationWords> = {
    nom: {minutes: (n) => count(n, MINUTE.nom), hours: (n) => count(n, HOUR.nom), join: (h, m) => `${h} in ${m}`},
    acc: {minutes: (n) => count(n, MINUTE.acc), hours: (n) => count(n, HOUR.acc), join: (h, m) => `${h} in ${m}`}
};
/** 75 → "1 ura in 15 minut"; accusative "1 uro in 15 minut". */
const dur = (n: number, c: Case = 'nom') => hoursAndMinutes(n, DURATION[c]);

const list = (items: string[]) => joinList(items, ', ', ' in ');

const trip = (t: Trip, c: Case) => `${dur(t.minutes, c)} ${MODES[t.mode]}`;
const le = (p: FactPlace) => (p.close ? 'le ' : '');
/** "le 2 minuti z avtomobilom ali 8 minut z javnim prevozom" (accusative, after "potrebujete" / "traja"). */
const reach = (p: FactPlace) => `${le(p)}${trip(p.trip, 'acc')}${p.alt ? ` ali ${trip(p.alt, 'acc')}` : ''}`;
const tripsNom = (p: FactPlace) => `${trip(p.trip, 'nom')}${p.alt ? ` ali ${trip(p.alt, 'nom')}` : ''}`;

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
const kindsNom = (p: FactPlace) => nouns(p).map((n) => strong(n.nom)).join(' / ');
const kindsGen = (p: FactPlace) => nouns(p).map((n) => strong(n.gen)).join(' / ');
const plural = (p: FactPlace) => { const ns = nouns(p); return ns.length === 1 && ns[0].g === 'p'; };

/** "Najbližji [muzej] je "X"", or null for a place of several kinds. */
function nearestIs(p: FactPlace): string | null {
    const ns = nouns(p);
    if (ns.length !== 1) return null;
    const n = ns[0];
    const adj = n.g === 'm' ? 'Najbližji' : n.g === 'f' ? 'Najbližja' : 'Najbližje';
    return `${adj} ${strong(n.nom)} ${n.g === 'p' ? 'so' : 'je'} "${p.name}"`;
}
/** The nearest of its kind and the trip there, or, for a place of several kinds, its kinds, name and the time it takes. */
function nearestTrip(p: FactPlace): string {
    const head = nearestIs(p);
    return head ? `${head}: ${tripsNom(p)}.` : `${capitalize(kindsNom(p))} "${p.name}": do tja potrebujete ${reach(p)}.`;
}

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => `Do ${kindsGen(p)} "${p.name}" potrebujete ${reach(p)}.`,
        () => {
            const head = nearestIs(p);
            return head ? `${head}: ${tripsNom(p)}.` : `Pot do ${kindsGen(p)} "${p.name}" traja ${reach(p)}.`;
        },
        () => `Vas ${plural(p) ? 'zanimajo' : 'zanima'} ${kindsNom(p)} "${p.name}"? Do tja potrebujete ${reach(p)}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => nearestTrip(p),
        () => `Do ${kindsGen(p)} "${p.name}" potrebujete ${reach(p)}.`,
        () => `Pot do ${kindsGen(p)} "${p.name}" traja ${reach(p)}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `Družine z otroki bodo cenile bližino: do ${kindsGen(p)} "${p.name}" potrebujete ${reach(p)}.`
    ], [
        () => nearestTrip(p),
        () => `Pot do ${kindsGen(p)} "${p.name}" traja ${reach(p)}.`
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `Z avtomobilom hitro pridete do ${strong('avtoceste')}: ${items}.`,
        `Omrežje ${strong('avtocest')} je z avtomobilom lahko dostopno: ${items}.`
    ], [
        `Najbližji priključki na ${strong('avtocesto')} z avtomobilom: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `Za ${strong('nakupovanje')} je v bližini "${p.name}" (${tripsNom(p)}).`
        ], [
            `Najbližji ${strong('supermarket')} je "${p.name}" (${tripsNom(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${tripsNom(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `Za ${strong('nakupovanje')} imate v bližini več možnosti: ${items}.`,
        `V bližini je več ${strong('supermarketov')}: ${items}.`
    ], [
        `Najbližji ${strong('supermarketi')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map((t) => trip(t, 'acc')).join(' ali ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        () => `Do mesta ${strong(c.name)} potrebujete ${toCity(c)}.`,
        () => `Pot do mesta ${strong(c.name)} traja ${toCity(c)}.`,
        () => `Za delo ali prosti čas: do mesta ${strong(c.name)} potrebujete ${toCity(c)}.`
    ], v)());
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `${l.close ? 'le ' : ''}${dur(l.walkMinutes, 'acc')} peš`;
    return pick([
        `Uporabniki javnega prevoza imajo na voljo ${strong(one ? w.sgAcc : w.pl)} ${names}, do najbližje postaje pa potrebujejo ${walk}.`,
        `Do najbližje postaje potrebujete ${walk}, od tam pa ${one ? 'vozi' : 'vozijo'} ${strong(one ? w.sgNom : w.pl)} ${names}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `Življenje na naslovu "${street}" pomeni praktično okolje z enostavnim dostopom do trgovin, prevoza in osnovnih storitev.`,
        `"${street}" ponuja praktično bivanjsko okolje: trgovine, prevoz in osnovne storitve so na dosegu roke.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'Raznolikost dostopnih storitev v bližini prispeva h kakovosti življenja v tej soseski.',
        'Vse, kar potrebujete za vsakdanje življenje, je v bližini.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'SL',
    titles: {tourism: 'Turizem', transports: 'Promet', education: 'Izobraževanje', shopping: 'Nakupovanje', cities: 'Bližnja mesta', publictransports: 'Javni prevoz'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${title} – ${street}` : `${title} v okolici: ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${title} – ${city}` : `${title} v mestu: ${city}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
