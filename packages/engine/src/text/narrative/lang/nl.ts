// Dutch narrative pack: "de"/"het" per noun, main clauses with the verb second and subordinate
// clauses (omdat, wie, dat) with the verb at the end.
import type {FactCity, FactLines, FactMotorway, FactPlace, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, distinctKinds, eachCity, hoursAndMinutes, joinList, pick, pickClose, placeTrips, quote, sentenceWriter, strong,
    tidySentence, type DurationWords} from './common.js';

interface Noun {
    word: string;
    /** A "het" word (otherwise "de"). */
    het?: boolean;
}

const NOUNS: Record<string, Noun> = {
    nursery: {word: 'kinderdagverblijf', het: true},
    preschool: {word: 'kleuterschool'},
    elementarySchool: {word: 'basisschool'},
    secondarySchool: {word: 'middelbare school'},
    trainStation: {word: 'treinstation', het: true},
    carSharing: {word: 'deelautostation', het: true},
    bikeSharing: {word: 'deelfietsstation', het: true},
    airport: {word: 'luchthaven'},
    chargingStation: {word: 'laadpaal'},
    supermarket: {word: 'supermarkt'},
    amusementPark: {word: 'pretpark', het: true},
    museum: {word: 'museum', het: true},
    zoo: {word: 'dierentuin'},
    activity: {word: 'vrijetijdsactiviteit'},
    monument: {word: 'monument', het: true},
    attraction: {word: 'bezienswaardigheid'},
    castle: {word: 'kasteel', het: true},
    theatre: {word: 'theater', het: true},
    cinema: {word: 'bioscoop'},
    golfCourse: {word: 'golfbaan'}
};
const PLACE: Noun = {word: 'plek'};

const HOOKS: Record<string, string> = {
    airport: 'Moet u het vliegtuig nemen?',
    trainStation: 'Reist u graag met de trein?',
    bikeSharing: 'Fietst u graag met een deelfiets?',
    carSharing: 'Hebt u af en toe een auto nodig?',
    chargingStation: 'Rijdt u elektrisch?'
};

const MODES: Record<number, string> = {1: 'met de auto', 2: 'te voet', 3: 'met de fiets', 4: 'met het openbaar vervoer'};

const LINE_KINDS: Record<string, {word: string; stop: Noun}> = {
    metro: {word: 'metro', stop: {word: 'station', het: true}},
    tram: {word: 'tram', stop: {word: 'halte'}},
    lightRail: {word: 'sneltram', stop: {word: 'halte'}},
    bus: {word: 'bus', stop: {word: 'halte'}},
    train: {word: 'trein', stop: {word: 'station', het: true}}
};

function nouns(kinds: readonly string[]): Noun[] {
    const list = distinctKinds(kinds).map((k) => NOUNS[k]).filter((n): n is Noun => !!n);
    return list.length ? list : [PLACE];
}

/** "het [STRONG]museum[/STRONG]", "een [STRONG]kleuterschool[/STRONG] en een [STRONG]basisschool[/STRONG]"; adjective between article and noun. */
function np(kinds: readonly string[], form: 'de' | 'een', adjective = ''): string {
    const adj = adjective ? `${adjective} ` : '';
    return joinList(nouns(kinds).map((n) => `${form === 'een' ? 'een' : n.het ? 'het' : 'de'} ${adj}${strong(n.word)}`), ', ', ' en ');
}

function agree(kinds: readonly string[], one: string, several: string): string {
    return nouns(kinds).length > 1 ? several : one;
}

const DURATION: DurationWords = {
    minutes: (n) => n === 1 ? '1 minuut' : `${n} minuten`,
    hours: (n) => `${n} uur`,
    join: (h, m) => `${h} en ${m}`
};

const duration = (total: number) => hoursAndMinutes(total, DURATION);

function trip(t: Trip): string {
    return `${duration(t.minutes)} ${MODES[t.mode] ?? MODES[1]}`;
}

/** "2 minuten met de auto of 8 minuten met het openbaar vervoer". */
function trips(ts: readonly Trip[]): string {
    return joinList(ts.map(trip), ', ', ' of ');
}

const STREET_DE = /(straat|laan|weg|dreef|kaai|kade|lei|singel|gracht|dijk|baan|steeg|markt|ring|vest|dam)$/i;
const FOREIGN_STREET = /^(rue|avenue|place|boulevard|chaussée|quai|square|drève|allée|impasse|chemin|route|via|calle)\s/i;
const STREET_HET = /(plein|pad|hof|park)$/i;

/** "de Wetstraat", "het Muntplein"; names in other languages or bilingual names stay bare. */
function theStreet(street: string): string {
    if (street.includes(' - ') || FOREIGN_STREET.test(street)) return street;
    if (STREET_HET.test(street)) return `het ${street}`;
    if (STREET_DE.test(street)) return `de ${street}`;
    return street;
}

function intro(street: string, variant: number): string {
    const s = theStreet(street);
    return pick([
        `Wonen in de buurt van ${s} biedt een praktische woonomgeving met winkels, goed openbaar vervoer en essentiële voorzieningen voor het dagelijks leven.`,
        `Rond ${s} liggen winkels, scholen, vervoer en vrijetijdsmogelijkheden binnen handbereik.`,
        `Wie in de buurt van ${s} woont, heeft alles wat het dagelijks leven vraagt dichtbij.`
    ], variant);
}

function tourism(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pick([
        () => `Binnen ${t} kunt u ${np(k, 'de')} ${n} bereiken.`,
        () => `${capitalize(np(k, 'een'))} ${agree(k, 'ligt', 'liggen')} op ${t}: ${n}.`,
        () => `Wilt u ${np(k, 'de')} ${n} ontdekken? U bent er in ${t}.`,
        () => `${capitalize(np(k, 'de'))} ${n} ${agree(k, 'ligt', 'liggen')} op ${t}.`,
        () => `Wie ${np(k, 'de')} ${n} wil bezoeken, is er in ${t}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    const hook = HOOKS[distinctKinds(k)[0]] ?? '';
    return pickClose(p.close, [
        () => `Op slechts ${t} vindt u ${np(k, 'een')}: ${n}.`,
        () => `${hook} Omdat ${np(k, 'de')} ${n} op ${t} ${agree(k, 'ligt', 'liggen')}, bent u snel onderweg.`
    ], [
        () => `${hook} ${capitalize(np(k, 'de', 'dichtstbijzijnde'))}, ${n}, ${agree(k, 'ligt', 'liggen')} op ${t}.`,
        () => `${n}, ${np(k, 'de', 'dichtstbijzijnde')}, is bereikbaar in ${t}.`
    ], variant)();
}

function motorways(ms: readonly FactMotorway[], variant: number, close: boolean): string {
    if (ms.length === 0) return 'Het snelwegennet is vlot bereikbaar met de auto.';
    const the = `de ${strong(ms.length > 1 ? 'snelwegen' : 'snelweg')}`;
    return pickClose(close, [
        () => `Het snelwegennet is goed bereikbaar: ${joinList(ms.map((m, i) =>
            i === 0 ? `de ${strong('snelweg')} ${quote(m.name)} ligt op ${duration(m.minutes)}` : `${quote(m.name)} op ${duration(m.minutes)}`), ', ', ' en ')} met de auto.`,
        () => `Wie met de auto reist, zit snel op ${the}: ${joinList(ms.map((m) => `${quote(m.name)} ligt op ${duration(m.minutes)}`), ', ', ' en ')}.`
    ], [
        () => `Met de auto bereikt u ${the} ${joinList(ms.map((m) => `${quote(m.name)} in ${duration(m.minutes)}`), ', ', ' en ')}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pickClose(p.close, [
        () => `Op slechts ${t} ligt ${n}, ${np(k, 'een')}, ideaal voor gezinnen.`,
        () => `Gezinnen met schoolgaande kinderen zullen de nabijheid van ${n}, ${np(k, 'een')} op slechts ${t}, waarderen.`,
        () => `Een troef voor gezinnen: ${np(k, 'de')} ${n} ${agree(k, 'ligt', 'liggen')} zo dichtbij dat u er in ${t} bent.`,
        () => `Wie kinderen heeft, waardeert dat ${np(k, 'de')} ${n} op ${t} ${agree(k, 'ligt', 'liggen')}.`
    ], [
        () => `${capitalize(np(k, 'de'))} ${n} ${agree(k, 'ligt', 'liggen')} op ${t}.`
    ], variant)();
}

function supermarkets(ps: readonly FactPlace[], variant: number): string {
    if (ps.length === 0) return `De dagelijkse ${strong('boodschappen')} doet u in de buurt.`;
    const list = joinList(ps.map((p) => `${quote(strong(p.name))} (${trips(placeTrips(p))})`), ', ', ' en ');
    const several = ps.length > 1;
    return pickClose(ps.every((p) => p.close), [
        () => `Wat ${strong('boodschappen')} betreft, bent u goed voorzien met ${several ? 'meerdere adressen' : 'een adres'} in de buurt: ${list}.`,
        () => `Voor de dagelijkse ${strong('boodschappen')} ${several ? 'zijn er meerdere supermarkten' : 'is er een supermarkt'} vlakbij: ${list}.`,
        () => `${strong('Boodschappen doen')} is hier eenvoudig: ${list}.`
    ], [
        () => `De dichtstbijzijnde ${strong(several ? 'supermarkten' : 'supermarkt')}: ${list}.`
    ], variant)();
}

function city(c: FactCity, variant: number): string {
    const n = strong(c.name), ts = cityTrips(c);
    if (ts.length === 0) return `${n} ligt vlakbij.`;
    const t = trips(ts);
    return pickClose(c.close, [
        () => `${n} blijft vlot bereikbaar, op ${t}.`
    ], [
        () => `Moet u naar ${n} voor werk of vrije tijd? Reken op ${t}.`,
        () => `Wie naar ${n} wil, is er in ${t}.`,
        () => `${n} ligt op ${t}.`
    ], variant)();
}

function lines(l: FactLines, variant: number): string {
    const kind = LINE_KINDS[l.kind] ?? {word: l.kind, stop: LINE_KINDS.bus.stop};
    const one = l.lines.length === 1, list = l.lines.join(', '), d = duration(l.walkMinutes), w = strong(kind.word);
    const stop = kind.stop.word, theStop = `${kind.stop.het ? 'het' : 'de'} dichtstbijzijnde ${stop}`;
    return pickClose(l.close, [
        () => `De buurt is goed bereikbaar met de ${w}: op ${d} lopen ligt een ${stop} van ${one ? 'lijn' : 'de lijnen'} ${list}.`,
        () => `Omdat ${theStop} op slechts ${d} lopen ligt, ${one ? 'is de' : 'zijn de'} ${w}${one ? 'lijn' : 'lijnen'} ${list} vlot bereikbaar.`,
        () => `Dit gebied is goed verbonden per ${w}, met ${one ? 'de lijn' : 'de lijnen'} ${list} op ${d} lopen.`
    ], [
        () => `Gebruikers van het openbaar vervoer hebben toegang tot de ${w}${one ? 'lijn' : 'lijnen'} ${list}, met een ${stop} op ${d} lopen.`,
        () => `${capitalize(theStop)} van de ${w} ligt op ${d} lopen, met ${one ? 'lijn' : 'de lijnen'} ${list}.`
    ], variant)();
}

function outro(variant: number): string {
    return pick([
        'De verscheidenheid aan voorzieningen in de buurt draagt bij aan de levenskwaliteit van deze wijk.',
        'Met zoveel voorzieningen dichtbij maakt deze buurt het dagelijks leven een stuk eenvoudiger.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'NL',
    titles: {tourism: 'Toerisme', transports: 'Transporten', education: 'Onderwijs', shopping: 'Boodschappen doen', cities: 'Nabijgelegen steden', publictransports: 'Openbaar vervoer'},
    titleAround: (p, title, street) => p === 'cities' ? `Steden in de buurt van ${theStreet(street)}` : `${title} rond ${theStreet(street)}`,
    titleIn: (p, title, city) => p === 'cities' ? `Steden in de buurt van ${city}` : `${title} in ${city}`,
    sentence: sentenceWriter({
        intro, tourism, transport, motorways, education, supermarkets, lines, outro,
        cities: (cs, variant) => eachCity(cs, variant, city)
    }, tidySentence)
};
export default pack;
