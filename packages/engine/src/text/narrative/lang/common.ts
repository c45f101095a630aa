// Small, language-neutral helpers for the narrative language packs: the sentence switch over the
// fact types, list joining, hours and minutes, pattern picking, the trips of a place or a city, the
// nouns of a place's kinds and the plain-text markup ([STRONG]...[/STRONG], straight quotes).
import type {Fact, FactCity, FactLines, FactMotorway, FactPlace, Trip} from '../facts.js';

/** "a, b and c" with joinList(items, ', ', ' and '); one item alone, nothing for none. */
export function joinList(items: readonly string[], separator: string, lastSeparator: string = separator): string {
    if (items.length <= 1) return items.join('');
    return items.slice(0, -1).join(separator) + lastSeparator + items[items.length - 1];
}

/** A duration in whole minutes as whole hours and the minutes left over (75 → 1 h 15). */
export function splitMinutes(total: number): {hours: number; minutes: number} {
    const m = Math.max(0, Math.round(total));
    return {hours: Math.floor(m / 60), minutes: m % 60};
}

/** How a language writes a duration: a count of minutes, a count of hours, and both together. */
export interface DurationWords {
    /** "15 minutes"; also the whole duration under an hour. */
    minutes(n: number): string;
    /** "1 hour"; also the whole duration in whole hours. */
    hours(n: number): string;
    /** Hours and minutes together: "1 hour 15 minutes", "1 hora i 15 minuts". */
    join(hours: string, minutes: string): string;
}

/**
 * A duration in whole minutes in a language's words: minutes alone under an hour, hours alone on
 * the hour, else both (75 → "1 hour 15 minutes").
 */
export function hoursAndMinutes(total: number, words: DurationWords): string {
    const {hours, minutes} = splitMinutes(total);
    if (hours === 0) return words.minutes(minutes);
    return minutes === 0 ? words.hours(hours) : words.join(words.hours(hours), words.minutes(minutes));
}

/** One of several patterns: patterns[variant % patterns.length]. */
export function pick<T>(patterns: readonly T[], variant: number): T {
    return patterns[Math.abs(Math.trunc(variant)) % patterns.length];
}

/**
 * One pattern by the figures' closeness: any of them when the fact is close (its figures within the
 * close limit of data/narrative.json), else only the plain ones, which praise no proximity.
 */
export function pickClose<T>(close: boolean | undefined, praising: readonly T[], plain: readonly T[], variant: number): T {
    return pick(close ? [...praising, ...plain] : plain, variant);
}

/** Key words in bold. */
export function strong(text: string): string {
    return `[STRONG]${text}[/STRONG]`;
}

/** A name in straight double quotes; double quotes inside the name become single ones so quotes stay paired. */
export function quote(name: string): string {
    return `"${name.replace(/"/g, '\'')}"`;
}

/** Upper-cases the first letter, past any leading [STRONG], quote or opening punctuation. */
export function capitalize(text: string): string {
    return text.replace(/^((?:\[STRONG\]|["'¿¡(\s])*)(\p{L})/u, (_all, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * Upper-cases the very first character when it is a lower-case letter (a sentence that starts
 * with an article); a sentence that starts with a quote or markup stays as it is.
 */
export function upperInitial(text: string): string {
    return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

/** The text as it is read: without leading markup, quotes, parenthesis or space. */
export function spoken(text: string): string {
    return text.replace(/^(\[STRONG\]|["'(\s])+/, '');
}

/** White space folded to single spaces, without leading or trailing space. */
export function tidy(text: string): string {
    return text.replace(/\s+/g, ' ').trim();
}

/** A sentence as the packs that write free text hand it over: white space folded, first letter upper case. */
export function tidySentence(text: string): string {
    return capitalize(tidy(text));
}

/** An elided article ending in an apostrophe ("l'", "un'") sticks to the next word; any other takes a space. */
export function glue(article: string, rest: string): string {
    return article.endsWith("'") ? `${article}${rest}` : `${article} ${rest}`;
}

/** Distinct kinds in their order, without empty ones. */
export function distinctKinds(kinds: readonly string[]): string[] {
    return [...new Set(kinds.filter((k) => k))];
}

/**
 * The nouns of a place's kinds: distinct kinds in their order, at most `max`, an unknown kind as
 * `fallback`, and `fallback` alone when there is no kind.
 */
export function kindNouns<T>(kinds: readonly string[], table: Readonly<Record<string, T>>, fallback: T, max = 4): T[] {
    const nouns = distinctKinds(kinds).slice(0, max).map((k) => table[k] ?? fallback);
    return nouns.length ? nouns : [fallback];
}

/** The trip of a place, then its alternative when it has one. */
export function placeTrips(p: FactPlace): Trip[] {
    return p.alt ? [p.trip, p.alt] : [p.trip];
}

/**
 * A trip, then the alternative when there is one (placeTrips, cityTrips), each written by `trip`
 * after its preposition (`lead` before the first, `prep` before the alternative) and joined by
 * `or`: a word or, where the word depends on what follows (Spanish o/u), a function of the
 * alternative. "a 2 minuts en cotxe o a 8 minuts en transport públic"; nothing for no trip.
 */
export function tripOrAlternative(trips: readonly Trip[], trip: (t: Trip) => string, or: string | ((next: string) => string), prep = '',
    lead = prep): string {
    const at = (pre: string, t: Trip) => pre ? `${pre} ${trip(t)}` : trip(t);
    const [first, alternative] = trips;
    if (!first) return '';
    if (!alternative) return at(lead, first);
    const second = at(prep, alternative);
    return `${at(lead, first)} ${typeof or === 'string' ? or : or(second)} ${second}`;
}

/** The trips to a city: by car, then by bike, each when known. */
export function cityTrips(c: FactCity): Trip[] {
    const out: Trip[] = [];
    if (c.car != null) out.push({mode: 1, minutes: c.car});
    if (c.bike != null) out.push({mode: 3, minutes: c.bike});
    return out;
}

/** One sentence (or a few) per city, each with the next variant, so neighbouring cities read differently. */
export function eachCity(cities: readonly FactCity[], variant: number, writeCity: (city: FactCity, variant: number) => string,
    separator = ' '): string {
    return cities.map((c, i) => writeCity(c, variant + i)).join(separator);
}

/** What a pack writes for each type of fact; `variant` is a non-negative integer (see LanguagePack.sentence). */
export interface FactWriters {
    intro(street: string, variant: number): string;
    tourism(place: FactPlace, variant: number): string;
    transport(place: FactPlace, variant: number): string;
    /** `close`: every motorway is within the close limit (the sentence may say "well within reach"). */
    motorways(list: FactMotorway[], variant: number, close: boolean): string;
    education(place: FactPlace, variant: number): string;
    supermarkets(places: FactPlace[], variant: number): string;
    cities(cities: FactCity[], variant: number): string;
    lines(lines: FactLines, variant: number): string;
    outro(variant: number): string;
}

/** The writer's text for a fact. */
function write(w: FactWriters, fact: Fact, variant: number): string {
    switch (fact.type) {
        case 'intro': return w.intro(fact.street, variant);
        case 'tourism': return w.tourism(fact.place, variant);
        case 'transport': return w.transport(fact.place, variant);
        case 'motorways': return w.motorways(fact.motorways, variant, fact.close === true);
        case 'education': return w.education(fact.place, variant);
        case 'supermarkets': return w.supermarkets(fact.places, variant);
        case 'cities': return w.cities(fact.cities, variant);
        case 'lines': return w.lines(fact.lines, variant);
        case 'outro': return w.outro(variant);
    }
}

/**
 * LanguagePack.sentence from the pack's writers: the variant made a non-negative integer once,
 * the fact handed to its writer, and the text passed through `finish` (tidy, tidySentence...).
 */
export function sentenceWriter(w: FactWriters, finish: (text: string) => string = (x) => x): (fact: Fact, variant: number) => string {
    return (fact, variant) => finish(write(w, fact, Math.abs(Math.trunc(variant))));
}
