// Maltese. The definite article assimilates (il-mużew, it-teatru, iċ-ċinema, l-ajruport), so each
// noun carries its definite form; names follow invariant words ("sa", "ta'", "Hemm") and no verb
// agrees with them. Counting: 1 minuta, 2-10 minuti, 11-19 "-il minuta" (15-il minuta), 20+ minuta;
// siegħa / sigħat likewise, chosen with Intl.PluralRules('mt').
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong,
    type DurationWords} from './common.js';

interface Noun {
    indef: string;
    def: string;
}

const KINDS: Record<string, Noun> = {
    nursery: {indef: 'ċentru tal-kura tat-tfal', def: 'iċ-ċentru tal-kura tat-tfal'},
    preschool: {indef: 'kindergarten', def: 'il-kindergarten'},
    elementarySchool: {indef: 'skola primarja', def: 'l-iskola primarja'},
    secondarySchool: {indef: 'skola sekondarja', def: 'l-iskola sekondarja'},
    trainStation: {indef: 'stazzjon tal-ferrovija', def: 'l-istazzjon tal-ferrovija'},
    carSharing: {indef: 'stazzjon tal-karozzi kondiviżi', def: 'l-istazzjon tal-karozzi kondiviżi'},
    bikeSharing: {indef: 'stazzjon tar-roti kondiviżi', def: 'l-istazzjon tar-roti kondiviżi'},
    airport: {indef: 'ajruport', def: 'l-ajruport'},
    chargingStation: {indef: 'stazzjon tal-iċċarġjar', def: 'l-istazzjon tal-iċċarġjar'},
    supermarket: {indef: 'supermarket', def: 'is-supermarket'},
    amusementPark: {indef: 'park tad-divertiment', def: 'il-park tad-divertiment'},
    museum: {indef: 'mużew', def: 'il-mużew'},
    zoo: {indef: 'żoo', def: 'iż-żoo'},
    activity: {indef: 'attività', def: 'l-attività'},
    monument: {indef: 'monument', def: 'il-monument'},
    attraction: {indef: 'attrazzjoni turistika', def: 'l-attrazzjoni turistika'},
    castle: {indef: 'kastell', def: 'il-kastell'},
    theatre: {indef: 'teatru', def: 'it-teatru'},
    cinema: {indef: 'ċinema', def: 'iċ-ċinema'},
    golfCourse: {indef: 'korsa tal-golf', def: 'il-korsa tal-golf'}
};
const PLACE: Noun = {indef: 'post', def: 'il-post'};

const MODES: Record<ModeCode, string> = {1: 'bil-karozza', 2: 'bil-mixi', 3: 'bir-rota', 4: 'bit-trasport pubbliku'};

const LINES: Record<FactLines['kind'], {sg: string; pl: string; stop: string}> = {
    bus: {sg: 'rotta tal-[STRONG]karozzi tal-linja[/STRONG]', pl: 'rotot tal-[STRONG]karozzi tal-linja[/STRONG]', stop: 'l-eqreb waqfa tinsab'},
    tram: {sg: 'linja tat-[STRONG]tramm[/STRONG]', pl: 'linji tat-[STRONG]tramm[/STRONG]', stop: 'l-eqreb waqfa tinsab'},
    lightRail: {sg: 'linja tal-[STRONG]light rail[/STRONG]', pl: 'linji tal-[STRONG]light rail[/STRONG]', stop: 'l-eqreb waqfa tinsab'},
    metro: {sg: 'linja tal-[STRONG]metro[/STRONG]', pl: 'linji tal-[STRONG]metro[/STRONG]', stop: 'l-eqreb stazzjon jinsab'},
    train: {sg: 'linja tal-[STRONG]ferrovija[/STRONG]', pl: 'linji tal-[STRONG]ferrovija[/STRONG]', stop: 'l-eqreb stazzjon jinsab'}
};

const rules = new Intl.PluralRules('mt');
function count(n: number, singular: string, plural: string): string {
    const c = rules.select(n);
    if (c === 'two' || c === 'few') return `${n} ${plural}`;
    if (c === 'many') return `${n}-il ${singular}`;
    return `${n} ${singular}`;
}
const DURATION: DurationWords = {
    minutes: (n) => count(n, 'minuta', 'minuti'),
    hours: (n) => count(n, 'siegħa', 'sigħat'),
    join: (h, m) => `${h} u ${m}`
};
/** 75 → "1 siegħa u 15-il minuta" */
const dur = (n: number) => hoursAndMinutes(n, DURATION);
/** "'l bogħod" after a vowel, "'il bogħod" after a consonant. */
const far = (before: string) => (/[aeiouàèìòù]$/i.test(before) ? "'l bogħod" : "'il bogħod");

const list = (items: string[]) => joinList(items, ', ', ' u ');

const trip = (t: Trip) => `${dur(t.minutes)} ${MODES[t.mode]}`;
const trips = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` jew ${trip(p.alt)}` : ''}`;
/** "2 minuti 'l bogħod bil-karozza jew 8 minuti bit-trasport pubbliku" */
function away(p: FactPlace): string {
    const d = dur(p.trip.minutes);
    return `${d} ${far(d)} ${MODES[p.trip.mode]}${p.alt ? ` jew ${trip(p.alt)}` : ''}`;
}

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
const kinds = (p: FactPlace) => nouns(p).map((x) => strong(x.indef)).join(' / ');
const kindsDef = (p: FactPlace) => nouns(p).map((x) => strong(x.def)).join(' / ');

const reach = (p: FactPlace) => `Fi żmien ${trips(p)} tista' tasal sa "${p.name}" (${kinds(p)}).`;

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => reach(p),
        () => `Hemm ${kinds(p)}, "${p.name}", ${away(p)}.`,
        () => `Trid iżżur ${kindsDef(p)} "${p.name}"? Tista' tasal hemm fi żmien ${trips(p)}.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => `Għandek bżonn ${kinds(p)}? Hemm "${p.name}", ${away(p)}.`,
        () => reach(p),
        () => `Hemm ${kinds(p)}, "${p.name}", ${away(p)}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `Il-familji bit-tfal japprezzaw il-viċinanza ta' "${p.name}" (${kinds(p)}), ${away(p)}.`,
        () => `Vantaġġ għall-familji: hemm ${kinds(p)}, "${p.name}", ${away(p)}.`
    ], [
        () => reach(p)
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `Bil-karozza tasal malajr fuq l-${strong('awtostrada')}: ${items}.`,
        `In-netwerk tal-${strong('awtostradi')} huwa faċli biex tilħqu bil-karozza: ${items}.`
    ], [
        `Bil-karozza tasal fuq l-${strong('awtostrada')}: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `Fejn jidħol ${strong('ix-xiri')}, fil-qrib hemm "${p.name}" (${trips(p)}).`
        ], [
            `L-eqreb ${strong('supermarket')}: "${p.name}" (${trips(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `Fejn jidħol ${strong('ix-xiri')}, għandek diversi għażliet fil-qrib: ${items}.`,
        `Fil-qrib hemm diversi ${strong('supermarkets')}: ${items}.`
    ], [
        `L-eqreb ${strong('supermarkets')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map(trip).join(' jew ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        `Tista' tasal sal-belt ta' ${strong(c.name)} fi żmien ${toCity(c)}.`,
        `Għandek bżonn tmur ${strong(c.name)} għax-xogħol jew għad-divertiment? Il-vjaġġ jieħu ${toCity(c)}.`
    ], v));
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const d = dur(l.walkMinutes);
    const walk = `${d} ${far(d)} bil-mixi`;
    return pick([
        `L-utenti tat-trasport pubbliku jistgħu jużaw ${one ? w.sg : w.pl} ${names}, u ${w.stop} ${walk}.`,
        `${capitalize(w.stop)} ${walk}, u minn hemm ${one ? 'tgħaddi' : 'jgħaddu'} ${one ? w.sg : w.pl} ${names}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `Il-ħajja qrib "${street}" toffri ambjent prattiku, b'aċċess faċli għal ħwienet, trasport u servizzi essenzjali.`,
        `Fil-madwar ta' "${street}" issib kull ma għandek bżonn: ħwienet, trasport u servizzi essenzjali.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        "Il-varjetà ta' servizzi fil-qrib tikkontribwixxi għall-kwalità tal-ħajja f'din il-lokalità.",
        "Kull ma għandek bżonn għall-ħajja ta' kuljum jinsab fil-qrib."
    ], variant);
}

const pack: LanguagePack = {
    code: 'MT',
    titles: {tourism: 'Turiżmu', transports: 'Trasport', education: 'Edukazzjoni', shopping: 'Xiri', cities: 'Bliet fil-qrib', publictransports: 'Trasport pubbliku'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `Bliet qrib ${street}` : `${title} madwar ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `Bliet qrib ${city}` : `${title} fil-belt ta' ${city}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
