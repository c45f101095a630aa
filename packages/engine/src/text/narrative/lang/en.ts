// English narrative pack.
import type {FactCity, FactLines, FactMotorway, FactPlace, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, distinctKinds, eachCity, hoursAndMinutes, joinList, pick, pickClose, placeTrips, quote, sentenceWriter, strong,
    tidySentence, type DurationWords} from './common.js';

interface Noun {
    word: string;
    /** Takes "an" rather than "a". */
    an?: boolean;
}

const NOUNS: Record<string, Noun> = {
    nursery: {word: 'nursery'},
    preschool: {word: 'preschool'},
    elementarySchool: {word: 'elementary school', an: true},
    secondarySchool: {word: 'secondary school'},
    trainStation: {word: 'train station'},
    carSharing: {word: 'car-sharing station'},
    bikeSharing: {word: 'bike-sharing station'},
    airport: {word: 'airport', an: true},
    chargingStation: {word: 'charging station'},
    supermarket: {word: 'supermarket'},
    amusementPark: {word: 'amusement park', an: true},
    museum: {word: 'museum'},
    zoo: {word: 'zoo'},
    activity: {word: 'leisure activity'},
    monument: {word: 'monument'},
    attraction: {word: 'attraction', an: true},
    castle: {word: 'castle'},
    theatre: {word: 'theatre'},
    cinema: {word: 'cinema'},
    golfCourse: {word: 'golf course'}
};
const PLACE: Noun = {word: 'place'};

/** Hooks that open a transport sentence, by kind. */
const HOOKS: Record<string, string> = {
    airport: 'Need to catch a flight?',
    trainStation: 'Travelling by train?',
    bikeSharing: 'Prefer getting around by bike?',
    carSharing: 'Need a car from time to time?',
    chargingStation: 'Driving an electric car?'
};

const MODES: Record<number, string> = {1: 'by car', 2: 'on foot', 3: 'by bike', 4: 'by public transport'};

const LINE_KINDS: Record<string, {word: string; stop: string}> = {
    metro: {word: 'metro', stop: 'station'},
    tram: {word: 'tram', stop: 'stop'},
    lightRail: {word: 'light rail', stop: 'stop'},
    bus: {word: 'bus', stop: 'stop'},
    train: {word: 'train', stop: 'station'}
};

function nouns(kinds: readonly string[]): Noun[] {
    const list = distinctKinds(kinds).map((k) => NOUNS[k]).filter((n): n is Noun => !!n);
    return list.length ? list : [PLACE];
}

/** "[STRONG]preschool[/STRONG] and [STRONG]elementary school[/STRONG]". */
function bare(kinds: readonly string[]): string {
    return joinList(nouns(kinds).map((n) => strong(n.word)), ', ', ' and ');
}

function the(kinds: readonly string[]): string {
    return `the ${bare(kinds)}`;
}

function a(kinds: readonly string[]): string {
    return `${nouns(kinds)[0].an ? 'an' : 'a'} ${bare(kinds)}`;
}

const DURATION: DurationWords = {
    minutes: (n) => n === 1 ? '1 minute' : `${n} minutes`,
    hours: (n) => n === 1 ? '1 hour' : `${n} hours`,
    join: (h, m) => `${h} ${m}`
};

const duration = (total: number) => hoursAndMinutes(total, DURATION);

function mode(code: number): string {
    return MODES[code] ?? MODES[1];
}

function trip(t: Trip): string {
    return `${duration(t.minutes)} ${mode(t.mode)}`;
}

/** "2 minutes by car or 8 minutes by public transport". */
function trips(ts: readonly Trip[]): string {
    return joinList(ts.map(trip), ', ', ' or ');
}

/** "2 minutes away by car, or 8 minutes by public transport". */
function away(ts: readonly Trip[]): string {
    const [first, ...rest] = ts;
    const head = `${duration(first.minutes)} away ${mode(first.mode)}`;
    return rest.length ? `${head}, or ${trips(rest)}` : head;
}

function intro(street: string, variant: number): string {
    return pick([
        `Living near ${street} offers a practical setting, with easy access to shops, transport and essential everyday services.`,
        `Around ${street}, shops, schools, transport and leisure are all close at hand.`,
        `The area around ${street} combines everyday convenience with plenty to see and do.`
    ], variant);
}

function tourism(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), ts = placeTrips(p);
    return pick([
        () => `It takes ${trips(ts)} to reach ${the(k)} ${n}.`,
        () => `${capitalize(a(k))} is ${away(ts)}: ${n}.`,
        () => `Want to discover ${the(k)} ${n}? It is ${away(ts)}.`,
        () => `The ${n} ${bare(k)} is ${away(ts)}.`,
        () => `In ${trips(ts)}, you can reach ${the(k)} ${n}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), ts = placeTrips(p);
    const hook = HOOKS[distinctKinds(k)[0]] ?? '';
    return pickClose(p.close, [
        () => `You will find ${a(k)}, ${n}, just ${away(ts)}.`
    ], [
        () => `${hook} The nearest ${bare(k)}, ${n}, is ${away(ts)}.`,
        () => `${n}, the closest ${bare(k)}, can be reached in ${trips(ts)}.`,
        () => `${hook} Within ${trips(ts)}, you can reach ${the(k)} ${n}.`
    ], variant)();
}

function motorways(ms: readonly FactMotorway[], variant: number, close: boolean): string {
    if (ms.length === 0) return 'The motorway network is within easy reach by car.';
    const noun = strong(ms.length > 1 ? 'motorways' : 'motorway');
    return pickClose(close, [
        () => `The motorway network is well within reach by car: ${joinList(ms.map((m, i) =>
            i === 0 ? `the ${strong('motorway')} ${quote(m.name)} is ${duration(m.minutes)} away` : `${quote(m.name)} ${duration(m.minutes)}`), ', ', ' and ')}.`,
        () => `Getting on the ${strong('motorway')} is easy: ${joinList(ms.map((m) => `${quote(m.name)} is ${duration(m.minutes)} away by car`), ', ', ' and ')}.`
    ], [
        () => `By car, you can join the ${noun} ${joinList(ms.map((m) => `${quote(m.name)} in ${duration(m.minutes)}`), ', ', ' and ')}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    const k = p.kinds, n = quote(p.name), ts = placeTrips(p);
    return pickClose(p.close, [
        () => `Only ${away(ts)}, ${n} is ${a(k)}, ideal for families.`,
        () => `Families with children will appreciate the proximity of ${n}, ${a(k)} just ${away(ts)}.`,
        () => `A real plus for families: ${the(k)} ${n} is just ${away(ts)}.`
    ], [
        () => `Parents will find ${the(k)} ${n} within ${trips(ts)}.`,
        () => `${capitalize(the(k))} ${n} is ${away(ts)}.`
    ], variant)();
}

function supermarkets(ps: readonly FactPlace[], variant: number): string {
    const list = joinList(ps.map((p) => `${quote(strong(p.name))} (${trips(placeTrips(p))})`), ', ', ' and ');
    if (ps.length === 0) return `Everyday ${strong('shopping')} is close at hand.`;
    const several = ps.length > 1;
    return pickClose(ps.every((p) => p.close), [
        () => `When it comes to ${strong('food shopping')}, you are well served with ${several ? 'several options' : 'a supermarket'} nearby: ${list}.`,
        () => `For your daily ${strong('groceries')}, ${several ? 'several supermarkets are' : 'a supermarket is'} close at hand: ${list}.`,
        () => `Everyday ${strong('shopping')} is easy here: ${list}.`
    ], [
        () => `For ${strong('food shopping')}, the nearest ${several ? 'supermarkets are' : 'supermarket is'} ${list}.`,
        () => `The nearest ${strong(several ? 'supermarkets' : 'supermarket')}: ${list}.`
    ], variant)();
}

function city(c: FactCity, variant: number): string {
    const n = strong(c.name), ts = cityTrips(c);
    if (ts.length === 0) return `${n} is nearby.`;
    return pickClose(c.close, [
        () => `${n} is easily accessible, just ${away(ts)}.`
    ], [
        () => `Need to reach ${n} for work or leisure? It takes about ${trips(ts)}.`,
        () => `Heading to ${n}? Count ${trips(ts)}.`,
        () => `${n} can be reached in ${trips(ts)}.`
    ], variant)();
}

function lines(l: FactLines, variant: number): string {
    const kind = LINE_KINDS[l.kind] ?? {word: l.kind, stop: 'stop'};
    const one = l.lines.length === 1, list = l.lines.join(', '), d = duration(l.walkMinutes), w = strong(kind.word);
    return pickClose(l.close, [
        () => `With a ${w} ${kind.stop} just ${d} away on foot, public transport users have access to ${one ? 'the line' : 'lines'} ${list}.`,
        () => `The area is well served by ${w}: the nearest ${kind.stop}, ${d} away on foot, serves ${one ? 'the line' : 'the lines'} ${list}.`,
        () => `Public transport users will appreciate access to the ${w} ${one ? 'line' : 'lines'} ${list}, with a ${kind.stop} reachable in ${d} on foot.`
    ], [
        () => `Within ${d} on foot, you reach a ${w} ${kind.stop} served by ${one ? 'the line' : 'lines'} ${list}.`,
        () => `The nearest ${w} ${kind.stop} is ${d} away on foot; it serves ${one ? 'the line' : 'the lines'} ${list}.`
    ], variant)();
}

function outro(variant: number): string {
    return pick([
        'The variety of amenities within easy reach contributes to the quality of life in this neighbourhood.',
        'With so many amenities close by, this neighbourhood makes everyday life easy.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'EN',
    titles: {tourism: 'Tourism', transports: 'Transports', education: 'Education', shopping: 'Shopping', cities: 'Nearby cities', publictransports: 'Public transports'},
    titleAround: (p, title, street) => p === 'cities' ? `Cities near ${street}` : `${title} around ${street}`,
    titleIn: (p, title, city) => p === 'cities' ? `Cities near ${city}` : `${title} in ${city}`,
    sentence: sentenceWriter({
        intro, tourism, transport, motorways, education, supermarkets, lines, outro,
        cities: (cs, variant) => eachCity(cs, variant, city)
    }, tidySentence)
};
export default pack;
