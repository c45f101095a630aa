// Albanian. Place names and nouns stay in the nominative (indefinite): the name is the subject,
// its kind in parentheses, or it follows "te", which takes the nominative. Durations: 1 minutë,
// 2 minuta; 1 orë, 2 orë; "1 orë e 15 minuta".
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong, type DurationWords} from './common.js';

const KINDS: Record<string, string> = {
    nursery: 'çerdhe',
    preschool: 'kopsht',
    elementarySchool: 'shkollë fillore',
    secondarySchool: 'shkollë e mesme',
    trainStation: 'stacion treni',
    carSharing: 'stacion makinash të përbashkëta',
    bikeSharing: 'stacion biçikletash të përbashkëta',
    airport: 'aeroport',
    chargingStation: 'stacion karikimi',
    supermarket: 'supermarket',
    amusementPark: 'park argëtimi',
    museum: 'muze',
    zoo: 'kopsht zoologjik',
    activity: 'aktivitet',
    monument: 'monument',
    attraction: 'atraksion turistik',
    castle: 'kështjellë',
    theatre: 'teatër',
    cinema: 'kinema',
    golfCourse: 'fushë golfi'
};
const PLACE = 'vend';

const MODES: Record<ModeCode, string> = {1: 'me makinë', 2: 'në këmbë', 3: 'me biçikletë', 4: 'me transport publik'};

/** The vehicle in the definite genitive, after "linja e" / "linjat e". */
const LINES: Record<FactLines['kind'], string> = {bus: 'autobusit', tram: 'tramvajit', lightRail: 'hekurudhës së lehtë', metro: 'metrosë', train: 'trenit'};

const DURATION: DurationWords = {
    minutes: (m) => `${m} ${m === 1 ? 'minutë' : 'minuta'}`,
    hours: (h) => `${h} orë`,
    join: (h, m) => `${h} e ${m}`
};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const list = (items: string[]) => joinList(items, ', ', ' dhe ');

const trip = (t: Trip) => `${dur(t.minutes)} ${MODES[t.mode]}`;
const only = (p: FactPlace) => (p.close ? 'vetëm ' : '');
const trips = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` ose ${trip(p.alt)}` : ''}`;
/** "vetëm 2 minuta larg me makinë ose 8 minuta me transport publik" */
const away = (p: FactPlace) => `${only(p)}${dur(p.trip.minutes)} larg ${MODES[p.trip.mode]}${p.alt ? ` ose ${trip(p.alt)}` : ''}`;

const kinds = (p: FactPlace) => kindNouns(p.kinds, KINDS, PLACE).map(strong).join(' / ');

function tourism(p: FactPlace, variant: number): string {
    return pick([
        `"${p.name}" (${kinds(p)}) ndodhet ${away(p)}.`,
        `Për ${only(p)}${trips(p)} arrini te "${p.name}" (${kinds(p)}).`,
        `Dëshironi të vizitoni "${p.name}" (${kinds(p)})? Ndodhet ${away(p)}.`
    ], variant);
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        `"${p.name}" (${kinds(p)}) ndodhet ${away(p)}.`,
        `Për ${only(p)}${trips(p)} arrini te "${p.name}" (${kinds(p)}).`,
        `Keni nevojë për një ${kinds(p)}? "${p.name}" është ${away(p)}.`
    ], variant);
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        `Familjet me fëmijë do ta vlerësojnë afërsinë: "${p.name}" (${kinds(p)}) ndodhet ${away(p)}.`,
        `Një avantazh për familjet: "${p.name}" (${kinds(p)}) është ${away(p)}.`
    ], [
        `Për ${only(p)}${trips(p)} arrini te "${p.name}" (${kinds(p)}).`
    ], variant);
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `Me makinë arrini shpejt në ${strong('autostradë')}: ${items}.`,
        `Rrjeti i ${strong('autostradave')} është lehtësisht i arritshëm me makinë: ${items}.`
    ], [
        `Me makinë arrini në ${strong('autostradë')}: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `Për ${strong('blerjet')} keni afër "${p.name}" (${trips(p)}).`,
            `Afër ndodhet ${strong('supermarketi')} "${p.name}" (${trips(p)}).`
        ], [
            `${strong('Supermarketi')} më i afërt: "${p.name}" (${trips(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `Për ${strong('blerjet')} keni disa mundësi afër: ${items}.`,
        `Afër ndodhen disa ${strong('supermarkete')}: ${items}.`
    ], [
        `${strong('Supermarketet')} më të afërta: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map(trip).join(' ose ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        `Qyteti ${strong(c.name)} arrihet për ${toCity(c)}.`,
        `Duhet të shkoni në ${strong(c.name)} për punë apo argëtim? Rruga zgjat ${toCity(c)}.`
    ], v));
}

function lines(l: FactLines, variant: number): string {
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `${l.close ? 'vetëm ' : ''}${dur(l.walkMinutes)} larg në këmbë`;
    return pick([
        `Përdoruesit e transportit publik kanë në dispozicion ${one ? 'linjën' : 'linjat'} e ${strong(LINES[l.kind])} ${names}, me stacionin më të afërt ${walk}.`,
        `Zona shërbehet nga ${one ? 'linja' : 'linjat'} e ${strong(LINES[l.kind])} ${names}, dhe stacioni më i afërt është ${walk}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `Të jetosh në adresën "${street}" ofron një mjedis praktik, me qasje të lehtë në dyqane, transport dhe shërbime thelbësore.`,
        `"${street}" ofron një jetesë praktike: dyqanet, transporti dhe shërbimet kryesore janë afër.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'Shumëllojshmëria e shërbimeve të arritshme në afërsi kontribuon në cilësinë e jetës në këtë lagje.',
        'Gjithçka që ju nevojitet për jetën e përditshme ndodhet afër.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'SQ',
    titles: {tourism: 'Turizëm', transports: 'Transport', education: 'Arsim', shopping: 'Blerje', cities: 'Qytete afër', publictransports: 'Transport publik'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${title} – ${street}` : `${title} në afërsi: ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${title} – ${city}` : `${title} në qytet: ${city}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
