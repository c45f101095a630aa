// What Croatian, Serbian (Latin) and Bosnian share: the sentence patterns and the grammar of
// durations. Each language gives its own vocabulary (hr "vlak", "kazalište", "zračna luka"; sr/bs
// "voz", "pozorište", "aerodrom"; ekavian sr "mesto", "peške" against ijekavian hr/bs "mjesto",
// "pješice").
//
// The patterns keep every noun in a form that needs no declension of names: the place name is the
// subject ("X" je [muzej] na 2 minute automobilom) or stands after a noun in the nominative, the
// noun is in the nominative, and the only words that agree with a noun ("najbliži/-a/-e",
// "je/su") read its stored gender. Durations are in the nominative, or the accusative after "na"
// ("na 1 minutu", "na 2 minute", "na 5 minuta").
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, ParagraphId, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong,
    type DurationWords} from './common.js';

/** A noun in the nominative singular (plural for plurale tantum such as "jaslice") with its gender. */
export interface SlavicNoun {
    nom: string;
    /** m, f, n, or p for a plural-only noun. */
    g: 'm' | 'f' | 'n' | 'p';
}

export interface LineWords {
    /** "autobusna linija" */
    sgNom: string;
    /** "autobusnu liniju" */
    sgAcc: string;
    /** "autobusne linije" (nominative = accusative) */
    pl: string;
    /** The nearest stop, lower case, in the nominative: "najbliže autobusno stajalište". */
    stop: string;
}

export interface SouthSlavicVocab {
    code: string;
    /** Intl locale for plural categories. */
    locale: string;
    titles: Record<ParagraphId, string>;
    /** Minute in the nominative per plural category, and the accusative of the "one" form. */
    minute: {one: string; oneAcc: string; few: string; other: string};
    /** Hour (masculine inanimate: accusative = nominative). */
    hour: {one: string; few: string; other: string};
    modes: Record<ModeCode, string>;
    kinds: Record<string, SlavicNoun>;
    /** Fallback noun for an unknown kind. */
    place: SlavicNoun;
    lines: Record<FactLines['kind'], LineWords>;
    words: {
        /** "Vrijedi posjetiti" */
        visit: string;
        /** "Obitelji s djecom cijenit će blizinu" */
        families: string;
        /** "Dobra vijest za obitelji" */
        goodNews: string;
        /** "Korisnici javnog prijevoza" */
        ptUsers: string;
        /** Verb "run" for lines, singular and plural: "prometuje" / "prometuju". */
        runSg: string;
        runPl: string;
        /** Motorway in the genitive singular: "autoceste". */
        motorwayGen: string;
        /** Motorway network, nominative, feminine: "Mreža [STRONG]autocesta[/STRONG]". */
        motorwayNetwork: string;
        /** Shopping in the accusative after "Za": "kupnju namirnica". */
        shopping: string;
        /** "slobodno vrijeme" */
        leisure: string;
    };
    intro: Array<(street: string) => string>;
    outro: string[];
}

/** "a", "a i b", "a, b i c" */
const list = (items: string[]) => joinList(items, ', ', ' i ');

export function southSlavicPack(v: SouthSlavicVocab): LanguagePack {
    const rules = new Intl.PluralRules(v.locale);
    const minutes = (n: number, acc: boolean): string => {
        const c = rules.select(n);
        const word = c === 'one' ? (acc ? v.minute.oneAcc : v.minute.one) : c === 'few' ? v.minute.few : v.minute.other;
        return `${n} ${word}`;
    };
    const hours = (n: number): string => {
        const c = rules.select(n);
        return `${n} ${c === 'one' ? v.hour.one : c === 'few' ? v.hour.few : v.hour.other}`;
    };
    const join = (h: string, m: string) => `${h} i ${m}`;
    const nominative: DurationWords = {minutes: (n) => minutes(n, false), hours, join};
    const accusative: DurationWords = {minutes: (n) => minutes(n, true), hours, join};
    /** A duration; `acc` for the accusative (after "na"). 75 → "1 sat i 15 minuta". */
    const dur = (n: number, acc = false): string => hoursAndMinutes(n, acc ? accusative : nominative);
    const trip = (t: Trip, acc = false) => `${dur(t.minutes, acc)} ${v.modes[t.mode]}`;
    const only = (p: FactPlace) => (p.close ? 'samo ' : '');
    /** "na samo 2 minute automobilom ili 8 minuta javnim prijevozom" */
    const away = (p: FactPlace) => `na ${only(p)}${trip(p.trip, true)}${p.alt ? ` ili ${trip(p.alt, true)}` : ''}`;
    const tripsNom = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` ili ${trip(p.alt)}` : ''}`;

    const nouns = (p: FactPlace): SlavicNoun[] => kindNouns(p.kinds, v.kinds, v.place);
    const kinds = (p: FactPlace) => nouns(p).map((n) => strong(n.nom)).join(' / ');
    const nearest = (n: SlavicNoun) => (n.g === 'm' ? 'Najbliži' : n.g === 'f' ? 'Najbliža' : 'Najbliže');
    const cop = (n: SlavicNoun) => (n.g === 'p' ? 'su' : 'je');
    /** "Najbliži [muzej] je "X"", or null when the place has several kinds. */
    const nearestIs = (p: FactPlace): string | null => {
        const ns = nouns(p);
        if (ns.length !== 1) return null;
        return `${nearest(ns[0])} ${strong(ns[0].nom)} ${cop(ns[0])} "${p.name}"`;
    };
    /** The nearest of its kind and how far, or, for a place of several kinds, the place, its kinds and how far. */
    const nearestAway = (p: FactPlace): string => {
        const head = nearestIs(p);
        return head ? `${head}, ${away(p)}.` : `"${p.name}" (${kinds(p)}) je ${away(p)}.`;
    };

    const tourism = (p: FactPlace, variant: number): string => pick([
        () => `"${p.name}" je ${kinds(p)} ${away(p)}.`,
        () => `${v.words.visit} "${p.name}" (${kinds(p)}), ${away(p)}.`,
        () => {
            const ns = nouns(p);
            const be = ns.length === 1 && ns[0].g === 'p' ? 'su' : 'je';
            return `Tu ${be} i ${kinds(p)} "${p.name}", ${away(p)}.`;
        }
    ], variant)();

    const transport = (p: FactPlace, variant: number): string => pick([
        () => nearestAway(p),
        () => `"${p.name}" (${kinds(p)}) nalazi se ${away(p)}.`,
        () => {
            const ns = nouns(p);
            const need = ns.length === 1 && ns[0].g === 'p' ? 'Trebaju' : 'Treba';
            return `${need} vam ${kinds(p)}? "${p.name}" je ${away(p)}.`;
        }
    ], variant)();

    const education = (p: FactPlace, variant: number): string => pickClose(p.close, [
        () => `${v.words.families}: "${p.name}" (${kinds(p)}) nalazi se ${away(p)}.`,
        () => `${v.words.goodNews}: "${p.name}" (${kinds(p)}) je ${away(p)}.`
    ], [
        () => nearestAway(p)
    ], variant)();

    const motorways = (ms: FactMotorway[], variant: number, close: boolean): string => {
        const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
        return pickClose(close, [
            () => `${capitalize(v.modes[1])} brzo stižete do ${strong(v.words.motorwayGen)}: ${items}.`,
            () => `${v.words.motorwayNetwork} lako je dostupna ${v.modes[1]}: ${items}.`
        ], [
            () => `${capitalize(v.modes[1])} do ${strong(v.words.motorwayGen)}: ${items}.`
        ], variant)();
    };

    const supermarkets = (ps: FactPlace[], variant: number): string => {
        if (ps.length === 1) {
            const p = ps[0];
            return pickClose(p.close, [
                () => `Za ${strong(v.words.shopping)} u blizini imate "${p.name}" (${tripsNom(p)}).`
            ], [
                () => `Najbliži ${strong(v.kinds.supermarket?.nom ?? 'supermarket')} je "${p.name}" (${tripsNom(p)}).`
            ], variant)();
        }
        const items = list(ps.map((p) => `"${strong(p.name)}" (${tripsNom(p)})`));
        return pickClose(ps.every((p) => p.close), [
            () => `Za ${strong(v.words.shopping)} u blizini imate nekoliko mogućnosti: ${items}.`,
            () => `Nekoliko ${strong('supermarketa')} nalazi se u blizini: ${items}.`
        ], [
            () => `Najbliži ${strong('supermarketi')}: ${items}.`
        ], variant)();
    };

    const toCity = (c: FactCity): string => cityTrips(c).map((t) => trip(t, true)).join(' ili ');
    const toCityNom = (c: FactCity): string => cityTrips(c).map((t) => trip(t)).join(' ili ');
    const cities = (cs: FactCity[], variant: number): string => eachCity(cs, variant, (c, cv) => pick([
        () => `${strong(c.name)} je na ${toCity(c)}.`,
        () => `Za posao ili ${v.words.leisure}: ${strong(c.name)} je na ${toCity(c)}.`,
        () => `Odredište ${strong(c.name)}: ${toCityNom(c)}.`
    ], cv)());

    const lines = (l: FactLines, variant: number): string => {
        const w = v.lines[l.kind];
        const one = l.lines.length === 1;
        const names = list(l.lines);
        const walk = `${dur(l.walkMinutes, true)} ${v.modes[2]}`;
        return pick([
            () => `${v.words.ptUsers} imaju na raspolaganju ${strong(one ? w.sgAcc : w.pl)} ${names}, a ${w.stop} je na ${walk}.`,
            () => `${capitalize(w.stop)} je na ${l.close ? 'samo ' : ''}${walk}, a odatle ${one ? v.words.runSg : v.words.runPl} ${strong(one ? w.sgNom : w.pl)} ${names}.`
        ], variant)();
    };

    return {
        code: v.code,
        titles: v.titles,
        titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${title} – ${street}` : `${title} u blizini: ${street}`),
        titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${title} – ${city}` : `${title} u gradu: ${city}`),
        sentence: sentenceWriter({
            tourism, transport, motorways, education, supermarkets, cities, lines,
            intro: (street, variant) => pick(v.intro, variant)(street),
            outro: (variant) => pick(v.outro, variant)
        })
    };
}
