// French narrative pack: articles agree in gender and elide before a vowel (l'aéroport, de l'école,
// à l'arrêt, au musée, du zoo); several nouns each keep their own article.
import type {FactCity, FactLines, FactMotorway, FactPlace, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, distinctKinds, eachCity, hoursAndMinutes, joinList, pick, pickClose, placeTrips, quote, sentenceWriter, strong,
    tidySentence, type DurationWords} from './common.js';

interface Noun {
    word: string;
    gender: 'm' | 'f';
    /** Starts with a vowel sound: the article elides (l', de l', à l'). */
    vowel?: boolean;
}

const NOUNS: Record<string, Noun> = {
    nursery: {word: 'crèche', gender: 'f'},
    preschool: {word: 'école maternelle', gender: 'f', vowel: true},
    elementarySchool: {word: 'école primaire', gender: 'f', vowel: true},
    secondarySchool: {word: 'école secondaire', gender: 'f', vowel: true},
    trainStation: {word: 'gare', gender: 'f'},
    carSharing: {word: 'station d\'autopartage', gender: 'f'},
    bikeSharing: {word: 'station de vélos partagés', gender: 'f'},
    airport: {word: 'aéroport', gender: 'm', vowel: true},
    chargingStation: {word: 'borne de recharge', gender: 'f'},
    supermarket: {word: 'supermarché', gender: 'm'},
    amusementPark: {word: 'parc de loisirs', gender: 'm'},
    museum: {word: 'musée', gender: 'm'},
    zoo: {word: 'zoo', gender: 'm'},
    activity: {word: 'activité', gender: 'f', vowel: true},
    monument: {word: 'monument', gender: 'm'},
    attraction: {word: 'attraction', gender: 'f', vowel: true},
    castle: {word: 'château', gender: 'm'},
    theatre: {word: 'théâtre', gender: 'm'},
    cinema: {word: 'cinéma', gender: 'm'},
    golfCourse: {word: 'golf', gender: 'm'}
};
const PLACE: Noun = {word: 'lieu', gender: 'm'};

const HOOKS: Record<string, string> = {
    airport: 'Besoin de prendre l\'avion ?',
    trainStation: 'Vous voyagez en train ?',
    bikeSharing: 'Vous aimez la liberté du vélo partagé ?',
    carSharing: 'Besoin d\'une voiture de temps en temps ?',
    chargingStation: 'Vous roulez en électrique ?'
};

const MODES: Record<number, string> = {1: 'en voiture', 2: 'à pied', 3: 'à vélo', 4: 'en transports en commun'};

const LINE_KINDS: Record<string, {word: string; stop: Noun}> = {
    metro: {word: 'métro', stop: {word: 'station', gender: 'f'}},
    tram: {word: 'tram', stop: {word: 'arrêt', gender: 'm', vowel: true}},
    lightRail: {word: 'métro léger', stop: {word: 'arrêt', gender: 'm', vowel: true}},
    bus: {word: 'bus', stop: {word: 'arrêt', gender: 'm', vowel: true}},
    train: {word: 'train', stop: {word: 'gare', gender: 'f'}}
};

type Form = 'le' | 'un' | 'de' | 'à';

function article(n: Noun, form: Form): string {
    switch (form) {
        case 'le': return n.vowel ? 'l\'' : n.gender === 'm' ? 'le ' : 'la ';
        case 'un': return n.gender === 'm' ? 'un ' : 'une ';
        case 'de': return n.vowel ? 'de l\'' : n.gender === 'm' ? 'du ' : 'de la ';
        case 'à': return n.vowel ? 'à l\'' : n.gender === 'm' ? 'au ' : 'à la ';
    }
}

function nouns(kinds: readonly string[]): Noun[] {
    const list = distinctKinds(kinds).map((k) => NOUNS[k]).filter((n): n is Noun => !!n);
    return list.length ? list : [PLACE];
}

/** "la [STRONG]crèche[/STRONG], l'[STRONG]école maternelle[/STRONG] et l'[STRONG]école primaire[/STRONG]". */
function np(kinds: readonly string[], form: Form): string {
    return joinList(nouns(kinds).map((n) => article(n, form) + strong(n.word)), ', ', ' et ');
}

/** The verb or adjective for the noun phrase: singular for one kind, plural for several. */
function agree(kinds: readonly string[], one: string, several: string): string {
    return nouns(kinds).length > 1 ? several : one;
}

/** "le plus proche", "la plus proche", "les plus proches". */
function nearest(kinds: readonly string[]): string {
    const ns = nouns(kinds);
    if (ns.length > 1) return 'les plus proches';
    return ns[0].gender === 'm' ? 'le plus proche' : 'la plus proche';
}

const DURATION: DurationWords = {
    minutes: (n) => `${n} minute${n > 1 ? 's' : ''}`,
    hours: (n) => `${n} heure${n > 1 ? 's' : ''}`,
    join: (h, m) => `${h} et ${m}`
};

const duration = (total: number) => hoursAndMinutes(total, DURATION);

function trip(t: Trip): string {
    return `${duration(t.minutes)} ${MODES[t.mode] ?? MODES[1]}`;
}

/** "2 minutes en voiture ou 8 minutes en transports en commun". */
function trips(ts: readonly Trip[]): string {
    return joinList(ts.map(trip), ', ', ' ou ');
}

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;

/** Street words that take an article, with their gender ("la Rue", "l'Avenue", "du Boulevard"). */
const STREET_WORDS: Record<string, 'm' | 'f'> = {
    rue: 'f', avenue: 'f', place: 'f', allée: 'f', impasse: 'f', route: 'f', chaussée: 'f', drève: 'f', voie: 'f',
    ruelle: 'f', venelle: 'f', promenade: 'f', esplanade: 'f', galerie: 'f', cité: 'f', montée: 'f', rampe: 'f',
    sente: 'f', traverse: 'f', corniche: 'f', résidence: 'f', square: 'm', boulevard: 'm', quai: 'm', chemin: 'm',
    passage: 'm', parvis: 'm', cours: 'm', 'rond-point': 'm', carrefour: 'm', clos: 'm', pont: 'm', mail: 'm',
    sentier: 'm', faubourg: 'm', hameau: 'm', parc: 'm', port: 'm', rempart: 'm', val: 'm'
};

/** "de la Rue de la Loi", "de l'Avenue Louise", "du Boulevard Anspach", "de Wetstraat", "d'Ixelles". */
function deStreet(street: string): string {
    const first = street.split(/\s+/)[0].toLowerCase();
    const gender = STREET_WORDS[first];
    if (gender && VOWEL.test(first)) return `de l'${street}`;
    if (gender) return gender === 'm' ? `du ${street}` : `de la ${street}`;
    return VOWEL.test(street) ? `d'${street}` : `de ${street}`;
}

/** "de Bruxelles", "d'Anvers", "du Havre", "des Ulis". */
function deCity(city: string): string {
    if (/^Le\s/.test(city)) return `du ${city.slice(3)}`;
    if (/^Les\s/.test(city)) return `des ${city.slice(4)}`;
    return VOWEL.test(city) ? `d'${city}` : `de ${city}`;
}

/** "à Bruxelles", "au Havre", "aux Ulis". */
function aCity(city: string): string {
    if (/^Le\s/.test(city)) return `au ${city.slice(3)}`;
    if (/^Les\s/.test(city)) return `aux ${city.slice(4)}`;
    return `à ${city}`;
}

function intro(street: string, variant: number): string {
    const de = deStreet(street);
    return pick([
        `Vivre près ${de} offre un cadre de vie pratique, avec un accès facile aux commerces, aux transports et aux services essentiels.`,
        `Autour ${de}, commerces, écoles, transports et loisirs sont à portée de main.`,
        `Habiter près ${de}, c'est profiter au quotidien de nombreux services à proximité.`
    ], variant);
}

function tourism(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pick([
        () => `Il faut ${t} pour rejoindre ${np(k, 'le')} ${n}.`,
        () => `${n}, ${np(k, 'un')}, est accessible en ${t}.`,
        () => `Envie de découvrir ${np(k, 'le')} ${n} ? Comptez ${t}.`,
        () => `À ${t} se trouve ${np(k, 'le')} ${n}.`,
        () => `En ${t}, vous pourrez vous rendre ${np(k, 'à')} ${n}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    const hook = HOOKS[distinctKinds(k)[0]] ?? '';
    return pickClose(p.close, [
        () => `Vous trouverez ${np(k, 'un')} à seulement ${t} : ${n}.`
    ], [
        () => `${hook} ${capitalize(np(k, 'le'))} ${nearest(k)}, ${n}, ${agree(k, 'est', 'sont')} à ${t}.`,
        () => `${n}, ${np(k, 'le')} ${nearest(k)}, est accessible en ${t}.`,
        () => `${hook} À ${t}, ${np(k, 'le')} ${n} ${agree(k, 'est', 'sont')} à votre disposition.`
    ], variant)();
}

function motorways(ms: readonly FactMotorway[], variant: number, close: boolean): string {
    if (ms.length === 0) return 'Le réseau autoroutier est facilement accessible en voiture.';
    const several = ms.length > 1;
    const the = several ? `les ${strong('autoroutes')}` : `l'${strong('autoroute')}`;
    return pickClose(close, [
        () => `Le réseau autoroutier est bien accessible : ${joinList(ms.map((m, i) =>
            i === 0 ? `l'${strong('autoroute')} ${quote(m.name)} est à ${duration(m.minutes)}` : `${quote(m.name)} à ${duration(m.minutes)}`), ', ', ' et ')} en voiture.`,
        () => `Pour vos trajets en voiture, ${the} ${joinList(ms.map((m) => `${quote(m.name)} (${duration(m.minutes)})`), ', ', ' et ')} ${several ? 'sont' : 'est'} tout près.`
    ], [
        () => `En voiture, vous rejoignez ${the} ${joinList(ms.map((m) => `${quote(m.name)} en ${duration(m.minutes)}`), ', ', ' et ')}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), t = trips(placeTrips(p));
    return pickClose(p.close, [
        () => `À seulement ${t}, ${n} ${agree(k, 'est', 'regroupe')} ${np(k, 'un')}, un atout pour les trajets en famille.`,
        () => `Les familles avec enfants apprécieront la proximité de ${n}, ${np(k, 'un')} à seulement ${t}.`,
        () => `Un atout pour les familles : ${np(k, 'le')} ${n} ${agree(k, 'est', 'sont')} à ${t}.`
    ], [
        () => `Côté enfants, ${np(k, 'le')} ${n} ${agree(k, 'se trouve', 'se trouvent')} à ${t}.`,
        () => `${capitalize(np(k, 'le'))} ${n} ${agree(k, 'est', 'sont')} à ${t}.`
    ], variant)();
}

function supermarkets(ps: readonly FactPlace[], variant: number): string {
    if (ps.length === 0) return `Les ${strong('courses')} du quotidien se font à proximité.`;
    const list = joinList(ps.map((p) => `${quote(strong(p.name))} (${trips(placeTrips(p))})`), ', ', ' et ');
    const several = ps.length > 1;
    return pickClose(ps.every((p) => p.close), [
        () => `Côté ${strong('courses')}, vous êtes bien servi avec ${several ? 'plusieurs adresses' : 'une adresse'} à proximité : ${list}.`,
        () => `Pour les ${strong('courses')} du quotidien, ${several ? 'plusieurs supermarchés sont' : 'un supermarché est'} à portée de main : ${list}.`,
        () => `Faire ses ${strong('courses')} est simple ici : ${list}.`
    ], [
        () => `Pour les ${strong('courses')}, ${several ? 'les supermarchés les plus proches sont' : 'le supermarché le plus proche est'} ${list}.`
    ], variant)();
}

function city(c: FactCity, variant: number): string {
    const n = strong(c.name), ts = cityTrips(c);
    if (ts.length === 0) return `${n} est tout proche.`;
    const t = trips(ts);
    return pickClose(c.close, [
        () => `${n} reste facilement accessible, à ${t}.`
    ], [
        () => `Besoin de rejoindre ${n} pour le travail ou les loisirs ? Comptez ${t}.`,
        () => `${n} se trouve à ${t}.`,
        () => `Comptez ${t} pour rejoindre ${n}.`
    ], variant)();
}

function lines(l: FactLines, variant: number): string {
    const kind = LINE_KINDS[l.kind] ?? {word: l.kind, stop: LINE_KINDS.bus.stop};
    const one = l.lines.length === 1, list = l.lines.join(', '), d = duration(l.walkMinutes), w = strong(kind.word);
    const stop = kind.stop, served = stop.gender === 'm' ? 'desservi' : 'desservie';
    const nearestStop = `${article(stop, 'le')}${stop.word} ${stop.gender === 'm' ? 'le plus proche' : 'la plus proche'}`;
    return pickClose(l.close, [
        () => `Les usagers des transports en commun apprécieront l'accès ${one ? 'à la ligne' : 'aux lignes'} de ${w} ${list}, avec ${article(stop, 'un')}${stop.word} à ${d} à pied.`,
        () => `Le quartier bénéficie d'une bonne desserte en ${w} : ${nearestStop}, à ${d} à pied, est ${served} par ${one ? 'la ligne' : 'les lignes'} ${list}.`,
        () => `Ce quartier est bien desservi en ${w}, avec ${one ? 'la ligne' : 'les lignes'} ${list} à ${d} à pied.`
    ], [
        () => `À ${d} à pied, ${article(stop, 'un')}${stop.word} de ${w} donne accès ${one ? 'à la ligne' : 'aux lignes'} ${list}.`,
        () => `${capitalize(article(stop, 'le'))}${stop.word} de ${w} ${stop.gender === 'm' ? 'le plus proche' : 'la plus proche'} est à ${d} à pied ; ${one ? 'la ligne' : 'les lignes'} ${list} y ${one ? 'passe' : 'passent'}.`
    ], variant)();
}

function outro(variant: number): string {
    return pick([
        'La diversité des commodités accessibles à proximité participe à la qualité de vie du quartier.',
        'Avec autant de services à deux pas, le quartier rend la vie quotidienne plus simple.',
        'Commerces, écoles et transports à proximité : un quartier où il fait bon vivre.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'FR',
    titles: {tourism: 'Tourisme', transports: 'Transports', education: 'Éducation', shopping: 'Magasins', cities: 'Villes proches', publictransports: 'Transports en commun'},
    titleAround: (p, title, street) => p === 'cities' ? `${title} ${deStreet(street)}` : `${title} autour ${deStreet(street)}`,
    titleIn: (p, title, city) => p === 'cities' ? `${title} ${deCity(city)}` : `${title} ${aCity(city)}`,
    sentence: sentenceWriter({
        intro, tourism, transport, motorways, education, supermarkets, lines, outro,
        cities: (cs, variant) => eachCity(cs, variant, city)
    }, tidySentence)
};
export default pack;
