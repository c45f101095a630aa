// German narrative pack: nouns keep their gender, articles take the case the preposition or verb
// asks for (in 2 Minuten, mit dem Auto, zum Museum, zur Schule, zu einer Haltestelle).
import type {FactCity, FactLines, FactMotorway, FactPlace, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, distinctKinds, eachCity, hoursAndMinutes, joinList, pick, pickClose, placeTrips, quote, sentenceWriter, strong,
    tidySentence, type DurationWords} from './common.js';

type Gender = 'm' | 'f' | 'n';

interface Noun {
    word: string;
    gender: Gender;
}

const NOUNS: Record<string, Noun> = {
    nursery: {word: 'Kinderkrippe', gender: 'f'},
    preschool: {word: 'Kindergarten', gender: 'm'},
    elementarySchool: {word: 'Grundschule', gender: 'f'},
    secondarySchool: {word: 'Sekundarschule', gender: 'f'},
    trainStation: {word: 'Bahnhof', gender: 'm'},
    carSharing: {word: 'Carsharing-Station', gender: 'f'},
    bikeSharing: {word: 'Leihradstation', gender: 'f'},
    airport: {word: 'Flughafen', gender: 'm'},
    chargingStation: {word: 'Ladestation', gender: 'f'},
    supermarket: {word: 'Supermarkt', gender: 'm'},
    amusementPark: {word: 'Freizeitpark', gender: 'm'},
    museum: {word: 'Museum', gender: 'n'},
    zoo: {word: 'Zoo', gender: 'm'},
    activity: {word: 'Freizeitangebot', gender: 'n'},
    monument: {word: 'Denkmal', gender: 'n'},
    attraction: {word: 'Sehenswürdigkeit', gender: 'f'},
    castle: {word: 'Schloss', gender: 'n'},
    theatre: {word: 'Theater', gender: 'n'},
    cinema: {word: 'Kino', gender: 'n'},
    golfCourse: {word: 'Golfplatz', gender: 'm'}
};
const PLACE: Noun = {word: 'Ort', gender: 'm'};

type Form = 'der' | 'den' | 'dem' | 'ein' | 'einen' | 'einem' | 'zum';

/** Articles by form (named after the masculine article): nominative, accusative, dative, and zu + dative. */
const ARTICLES: Record<Form, Record<Gender, string>> = {
    der: {m: 'der', f: 'die', n: 'das'},
    den: {m: 'den', f: 'die', n: 'das'},
    dem: {m: 'dem', f: 'der', n: 'dem'},
    ein: {m: 'ein', f: 'eine', n: 'ein'},
    einen: {m: 'einen', f: 'eine', n: 'ein'},
    einem: {m: 'einem', f: 'einer', n: 'einem'},
    zum: {m: 'zum', f: 'zur', n: 'zum'}
};

const HOOKS: Record<string, string> = {
    airport: 'Steht eine Flugreise an?',
    trainStation: 'Reisen Sie gern mit der Bahn?',
    bikeSharing: 'Lieber mit dem Leihrad unterwegs?',
    carSharing: 'Brauchen Sie ab und zu ein Auto?',
    chargingStation: 'Fahren Sie elektrisch?'
};

const MODES: Record<number, string> = {1: 'mit dem Auto', 2: 'zu Fuß', 3: 'mit dem Fahrrad', 4: 'mit öffentlichen Verkehrsmitteln'};

interface LineKind {
    /** The line, singular (feminine: Linie); plural adds "n". */
    line: string;
    /** The network, neuter. */
    network: string;
    stop: Noun;
}

const LINE_KINDS: Record<string, LineKind> = {
    metro: {line: 'U-Bahn-Linie', network: 'U-Bahn-Netz', stop: {word: 'Station', gender: 'f'}},
    tram: {line: 'Straßenbahnlinie', network: 'Straßenbahnnetz', stop: {word: 'Haltestelle', gender: 'f'}},
    lightRail: {line: 'Stadtbahnlinie', network: 'Stadtbahnnetz', stop: {word: 'Haltestelle', gender: 'f'}},
    bus: {line: 'Buslinie', network: 'Busnetz', stop: {word: 'Haltestelle', gender: 'f'}},
    train: {line: 'Bahnlinie', network: 'Bahnnetz', stop: {word: 'Bahnhof', gender: 'm'}}
};

function nouns(kinds: readonly string[]): Noun[] {
    const list = distinctKinds(kinds).map((k) => NOUNS[k]).filter((n): n is Noun => !!n);
    return list.length ? list : [PLACE];
}

/** "das [STRONG]Museum[/STRONG]", "zum [STRONG]Kindergarten[/STRONG] und zur [STRONG]Grundschule[/STRONG]". */
function np(kinds: readonly string[], form: Form, adjective = ''): string {
    const adj = adjective ? `${adjective} ` : '';
    return joinList(nouns(kinds).map((n) => `${ARTICLES[form][n.gender]} ${adj}${strong(n.word)}`), ', ', ' und ');
}

function agree(kinds: readonly string[], one: string, several: string): string {
    return nouns(kinds).length > 1 ? several : one;
}

const DURATION: DurationWords = {
    minutes: (n) => n === 1 ? '1 Minute' : `${n} Minuten`,
    hours: (n) => n === 1 ? '1 Stunde' : `${n} Stunden`,
    join: (h, m) => `${h} und ${m}`
};

const duration = (total: number) => hoursAndMinutes(total, DURATION);

function trip(t: Trip): string {
    return `${duration(t.minutes)} ${MODES[t.mode] ?? MODES[1]}`;
}

/** "2 Minuten mit dem Auto oder 8 Minuten mit öffentlichen Verkehrsmitteln". */
function trips(ts: readonly Trip[]): string {
    return joinList(ts.map(trip), ', ', ' oder ');
}

const STREET_F = /(straße|strasse|gasse|allee|chaussee|promenade|zeile)$/i;
const STREET_M = /(weg|platz|ring|damm|markt|steig|pfad|graben|wall|kai)$/i;
const STREET_N = /ufer$/i;

/**
 * The gender of a German street name that takes an article ("die Hauptstraße", "den Marktplatz"),
 * or null: masculine and neuter only as one word (an adjective before them would decline),
 * feminine also after indeclinable place adjectives ("die Berliner Straße").
 */
function streetGender(street: string): Gender | null {
    if (street.includes(' - ')) return null;
    const words = street.split(/\s+/);
    if (words.length === 1) {
        if (STREET_F.test(street)) return 'f';
        if (STREET_M.test(street)) return 'm';
        if (STREET_N.test(street)) return 'n';
        return null;
    }
    const last = words[words.length - 1];
    if (/^(Straße|Strasse|Gasse|Allee|Chaussee|Promenade)$/.test(last) && words.slice(0, -1).every((w) => /^\p{Lu}\p{L}*er$/u.test(w))) return 'f';
    return null;
}

/** "rund um die Hauptstraße", "rund um Rue de la Loi". */
function umStreet(street: string): string {
    const g = streetGender(street);
    return g ? `${ARTICLES.den[g]} ${street}` : street;
}

/** "von der Hauptstraße", "vom Marktplatz", "von Rue de la Loi". */
function vonStreet(street: string): string {
    const g = streetGender(street);
    if (!g) return `von ${street}`;
    return g === 'f' ? `von der ${street}` : `vom ${street}`;
}

function intro(street: string, variant: number): string {
    return pick([
        `Wer in der Nähe ${vonStreet(street)} wohnt, hat Geschäfte, Verkehrsmittel und alles für den Alltag in Reichweite.`,
        `Rund um ${umStreet(street)} liegen Geschäfte, Schulen, Verkehrsanbindungen und Freizeitangebote ganz in der Nähe.`,
        `Das Leben rund um ${umStreet(street)} ist praktisch: kurze Wege zu Geschäften, Verkehrsmitteln und allem, was man im Alltag braucht.`
    ], variant);
}

function tourism(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pickClose(p.close, [
        () => `${capitalize(np(k, 'ein'))} ${agree(k, 'liegt', 'liegen')} nur ${t} entfernt: ${n}.`,
        () => `Bis ${np(k, 'zum')} ${n} brauchen Sie nur ${t}.`
    ], [
        () => `In ${t} erreichen Sie ${np(k, 'den')} ${n}.`,
        () => `Lust, ${np(k, 'den')} ${n} zu entdecken? Sie sind in ${t} dort.`,
        () => `${capitalize(np(k, 'der'))} ${n} ${agree(k, 'ist', 'sind')} ${t} entfernt.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    const hook = HOOKS[distinctKinds(k)[0]] ?? '';
    return pickClose(p.close, [
        () => `Nur ${t} entfernt finden Sie ${np(k, 'einen')}: ${n}.`,
        () => `${hook} Mit ${np(k, 'dem')} ${n}, nur ${t} entfernt, sind Sie jederzeit mobil.`
    ], [
        () => `${hook} ${capitalize(np(k, 'der', 'nächstgelegene'))}, ${n}, ${agree(k, 'ist', 'sind')} ${t} entfernt.`,
        () => `${n}, ${np(k, 'der', 'nächstgelegene')}, ist in ${t} erreichbar.`
    ], variant)();
}

function motorways(ms: readonly FactMotorway[], variant: number, close: boolean): string {
    if (ms.length === 0) return 'Das Autobahnnetz ist mit dem Auto schnell erreichbar.';
    const several = ms.length > 1;
    const the = `die ${strong(several ? 'Autobahnen' : 'Autobahn')}`;
    return pickClose(close, [
        () => `Mit dem Auto ist das Autobahnnetz schnell erreicht: ${joinList(ms.map((m, i) =>
            `${i === 0 ? `die ${strong('Autobahn')} ` : ''}${quote(m.name)} in ${duration(m.minutes)}`), ', ', ' und ')}.`,
        () => `${capitalize(the)} ${joinList(ms.map((m) => `${quote(m.name)} (${duration(m.minutes)})`), ', ', ' und ')} ${several ? 'sind' : 'ist'} mit dem Auto schnell erreichbar.`
    ], [
        () => `Wer mit dem Auto unterwegs ist, erreicht ${the} ${joinList(ms.map((m) => `${quote(m.name)} in ${duration(m.minutes)}`), ', ', ' und ')}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pickClose(p.close, [
        () => `Nur ${t} entfernt liegt ${n}, ${np(k, 'ein')}, ideal für Familien.`,
        () => `Familien mit Kindern schätzen die Nähe zu ${n}, ${np(k, 'einem')} nur ${t} entfernt.`,
        () => `Ein Plus für Familien: ${np(k, 'der')} ${n} ${agree(k, 'ist', 'sind')} in ${t} erreichbar.`,
        () => `Der Weg ${np(k, 'zum')} ${n} dauert nur ${t}.`
    ], [
        () => `${capitalize(np(k, 'der'))} ${n} ${agree(k, 'ist', 'sind')} ${t} entfernt.`
    ], variant)();
}

function supermarkets(ps: readonly FactPlace[], variant: number): string {
    if (ps.length === 0) return `Den täglichen ${strong('Einkauf')} erledigen Sie in der Nähe.`;
    const list = joinList(ps.map((p) => `${quote(strong(p.name))} (${trips(placeTrips(p))})`), ', ', ' und ');
    const several = ps.length > 1;
    return pickClose(ps.every((p) => p.close), [
        () => `Beim ${strong('Einkaufen')} sind Sie gut versorgt, mit ${several ? 'mehreren Adressen' : 'einer Adresse'} in der Nähe: ${list}.`,
        () => `Für den täglichen ${strong('Einkauf')} ${several ? 'liegen mehrere Supermärkte' : 'liegt ein Supermarkt'} ganz in der Nähe: ${list}.`,
        () => `${strong('Einkaufen')} ist hier ganz einfach: ${list}.`
    ], [
        () => `${several ? 'Die nächstgelegenen' : 'Der nächstgelegene'} ${strong(several ? 'Supermärkte' : 'Supermarkt')}: ${list}.`
    ], variant)();
}

function city(c: FactCity, variant: number): string {
    const n = strong(c.name), ts = cityTrips(c);
    if (ts.length === 0) return `${n} liegt ganz in der Nähe.`;
    const t = trips(ts);
    return pickClose(c.close, [
        () => `${n} ist gut erreichbar, nur ${t} entfernt.`
    ], [
        () => `Müssen Sie beruflich oder privat nach ${n}? Der Weg dauert ${t}.`,
        () => `Nach ${n} brauchen Sie ${t}.`,
        () => `In ${t} sind Sie in ${n}.`
    ], variant)();
}

function lines(l: FactLines, variant: number): string {
    const kind = LINE_KINDS[l.kind] ?? LINE_KINDS.bus;
    const one = l.lines.length === 1, list = l.lines.join(', '), d = duration(l.walkMinutes);
    const line = strong(one ? kind.line : `${kind.line}n`), stop = kind.stop;
    return pickClose(l.close, [
        () => `Nutzer öffentlicher Verkehrsmittel schätzen den Zugang ${one ? 'zur' : 'zu den'} ${line} ${list}, mit ${ARTICLES.einem[stop.gender]} ${stop.word} nur ${d} zu Fuß entfernt.`,
        () => `Die Anbindung ist gut: ${ARTICLES.der[stop.gender]} nächste ${stop.word}, nur ${d} zu Fuß entfernt, wird von ${one ? 'der' : 'den'} ${line} ${list} bedient.`,
        () => `Das Viertel ist gut an das ${strong(kind.network)} angebunden: ${one ? 'die Linie' : 'die Linien'} ${list} ${one ? 'hält' : 'halten'} nur ${d} zu Fuß entfernt.`
    ], [
        () => `In ${d} zu Fuß erreichen Sie ${ARTICLES.einen[stop.gender]} ${stop.word} der ${line} ${list}.`,
        () => `${capitalize(ARTICLES.der[stop.gender])} nächste ${stop.word} der ${line} ${list} liegt ${d} zu Fuß entfernt.`
    ], variant)();
}

function outro(variant: number): string {
    return pick([
        'Die Vielfalt der Einrichtungen in der Nähe trägt zur Lebensqualität in diesem Viertel bei.',
        'Mit so vielen Angeboten in unmittelbarer Nähe macht dieses Viertel den Alltag leicht.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'DE',
    titles: {tourism: 'Tourismus', transports: 'Verkehr', education: 'Bildung', shopping: 'Einkaufen', cities: 'Städte in der Nähe', publictransports: 'Öffentlicher Nahverkehr'},
    titleAround: (p, title, street) => p === 'cities' ? `${title} ${vonStreet(street)}` : `${title} rund um ${umStreet(street)}`,
    titleIn: (p, title, city) => p === 'cities' ? `${title} von ${city}` : `${title} in ${city}`,
    sentence: sentenceWriter({
        intro, tourism, transport, motorways, education, supermarkets, lines, outro,
        cities: (cs, variant) => eachCity(cs, variant, city)
    }, tidySentence)
};
export default pack;
