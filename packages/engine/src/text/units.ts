// Distance and travel-time labels of the summary payloads (ptdll / ptdsl, ttll / ttsl / ttesl of COMPAT.md),
// in every language we serve, from the `units` key of data/labels.json.
//
// Rules, read off a response of the service we re-implement (shared/reference/brussels-text-and-data.json):
// - distance: metres rounded; below 1000 m whole metres ("298 mètres" / "298 m"); from 1000 m kilometres
//   with one decimal, dropped when it is 0 ("1,3 kilomètre", "1 kilomètre", "10 kilomètres"); no grouping.
// - duration: seconds rounded; below 60 s seconds; below 180 s minutes and seconds ("1 minute et 22 secondes");
//   from 180 s whole minutes rounded to the nearest; from 60 such minutes hours and minutes.
// - the long form's plural is that of Intl.PluralRules for the number as displayed (so French
//   "1,3 kilomètre", English "1.3 kilometres"); the extra-short form is the same in every language.
import {readConfigJson} from '../config/data-files.js';

export interface DistanceLabels { long: string; short: string }
export interface DurationLabels { long: string; short: string; extraShort: string }

type Unit = 'second' | 'minute' | 'hour' | 'metre' | 'kilometre';
const UNITS: readonly Unit[] = ['second', 'minute', 'hour', 'metre', 'kilometre'];

/** One language's entry of `units` in data/labels.json. */
interface LanguageUnitsJson {
    locale: string;
    decimal: string;
    and: string;
    shortJoin: string;
    second: Partial<Record<Intl.LDMLPluralRule, string>>;
    minute: Partial<Record<Intl.LDMLPluralRule, string>>;
    hour: Partial<Record<Intl.LDMLPluralRule, string>>;
    metre: Partial<Record<Intl.LDMLPluralRule, string>>;
    kilometre: Partial<Record<Intl.LDMLPluralRule, string>>;
    short: Record<Unit, string>;
}

interface LabelsFile {
    units: Record<string, LanguageUnitsJson | string>;
}

/** A "{n} unit" pattern split around its number. */
interface Pattern { before: string; after: string }

/** A unit's long forms per plural category, with the rules that pick one. */
interface LongUnit {
    forms: Map<Intl.LDMLPluralRule, Pattern>;
    other: Pattern;
}

/** Everything one language needs, built once. */
interface Compiled {
    decimal: string;
    and: string;
    shortJoin: string;
    /** Plural rules for integers and for numbers shown with one decimal. */
    rules0: Intl.PluralRules;
    rules1: Intl.PluralRules;
    long: Record<Unit, LongUnit>;
    short: Record<Unit, Pattern>;
}

const DEFAULT_LANGUAGE = 'EN';
const PLURAL_CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const compiled = new Map<string, Compiled>();

function pattern(text: unknown, where: string): Pattern {
    if (typeof text !== 'string') throw new Error(`labels.json units.${where}: missing pattern`);
    const i = text.indexOf('{n}');
    if (i < 0 || text.indexOf('{n}', i + 1) >= 0) throw new Error(`labels.json units.${where}: "${text}" needs one {n}`);
    return {before: text.slice(0, i), after: text.slice(i + 3)};
}

function compile(code: string, json: LanguageUnitsJson): Compiled {
    const where = (s: string) => `${code}.${s}`;
    for (const k of ['locale', 'decimal', 'and', 'shortJoin'] as const) {
        if (typeof json[k] !== 'string') throw new Error(`labels.json units.${where(k)}: missing string`);
    }
    const long = {} as Record<Unit, LongUnit>;
    const short = {} as Record<Unit, Pattern>;
    for (const unit of UNITS) {
        const byCategory = json[unit];
        if (byCategory === null || typeof byCategory !== 'object') throw new Error(`labels.json units.${where(unit)}: missing`);
        const forms = new Map<Intl.LDMLPluralRule, Pattern>();
        for (const category of PLURAL_CATEGORIES) {
            if (byCategory[category] !== undefined) forms.set(category, pattern(byCategory[category], where(`${unit}.${category}`)));
        }
        const other = forms.get('other');
        if (other === undefined) throw new Error(`labels.json units.${where(unit)}: needs an "other" form`);
        long[unit] = {forms, other};
        short[unit] = pattern(json.short?.[unit], where(`short.${unit}`));
    }
    return {
        decimal: json.decimal,
        and: json.and,
        shortJoin: json.shortJoin,
        rules0: new Intl.PluralRules(json.locale, {minimumFractionDigits: 0, maximumFractionDigits: 0}),
        rules1: new Intl.PluralRules(json.locale, {minimumFractionDigits: 1, maximumFractionDigits: 1}),
        long,
        short,
    };
}

/** The compiled labels of `language` (case-insensitive), EN when we do not serve it. */
function languageUnits(language: string): Compiled {
    const code = typeof language === 'string' ? language.toUpperCase() : DEFAULT_LANGUAGE;
    let c = compiled.get(code);
    if (c !== undefined) return c;
    const units = readConfigJson<LabelsFile>('labels.json').units;
    const json = code !== 'COMMENT' && Object.hasOwn(units, code) ? units[code] : undefined;
    if (json === undefined || typeof json !== 'object') {
        // Unknown codes are not cached, so that arbitrary input cannot grow the map.
        return code === DEFAULT_LANGUAGE ? fail() : languageUnits(DEFAULT_LANGUAGE);
    }
    c = compile(code, json);
    compiled.set(code, c);
    return c;
}

function fail(): never {
    throw new Error(`labels.json units: no ${DEFAULT_LANGUAGE} entry`);
}

function apply(p: Pattern, text: string): string {
    return p.before + text + p.after;
}

/** The long form of a whole number of `unit`. */
function longInt(c: Compiled, unit: Unit, n: number): string {
    const u = c.long[unit];
    return apply(u.forms.get(c.rules0.select(n)) ?? u.other, String(n));
}

function checkInput(value: number, what: string): void {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new RangeError(`${what} must be a finite number >= 0, not ${value}`);
    }
}

/** ptdll / ptdsl of COMPAT.md: "298 mètres" / "298 m", "1,3 kilomètre" / "1,3 km". */
export function distanceLabels(meters: number, language: string): DistanceLabels {
    checkInput(meters, 'distance');
    const c = languageUnits(language);
    const m = Math.round(meters);
    if (m < 1000) return {long: longInt(c, 'metre', m), short: apply(c.short.metre, String(m))};
    // Tenths of a kilometre, rounded half up from the whole metres (1250 m → 1,3 km).
    const tenths = Math.round(m / 100);
    const whole = Math.floor(tenths / 10);
    const decimal = tenths % 10;
    let text: string;
    let category: Intl.LDMLPluralRule;
    if (decimal === 0) {
        text = String(whole);
        category = c.rules0.select(whole);
    } else {
        text = `${whole}${c.decimal}${decimal}`;
        category = c.rules1.select(tenths / 10);
    }
    const u = c.long.kilometre;
    return {long: apply(u.forms.get(category) ?? u.other, text), short: apply(c.short.kilometre, text)};
}

/** ttll / ttsl / ttesl of COMPAT.md: "1 minute et 22 secondes" / "1 min 22 s" / "1' 22''". */
export function durationLabels(seconds: number, language: string): DurationLabels {
    checkInput(seconds, 'duration');
    const c = languageUnits(language);
    const s = Math.round(seconds);
    if (s < 60) {
        return {long: longInt(c, 'second', s), short: apply(c.short.second, String(s)), extraShort: `${s}''`};
    }
    if (s < 180) {
        const min = Math.floor(s / 60);
        const sec = s % 60;
        if (sec === 0) return minutesOnly(c, min);
        return {
            long: longInt(c, 'minute', min) + c.and + longInt(c, 'second', sec),
            short: apply(c.short.minute, String(min)) + c.shortJoin + apply(c.short.second, String(sec)),
            extraShort: `${min}' ${sec}''`,
        };
    }
    const minutes = Math.round(s / 60);
    if (minutes < 60) return minutesOnly(c, minutes);
    const h = Math.floor(minutes / 60);
    const min = minutes % 60;
    if (min === 0) return {long: longInt(c, 'hour', h), short: apply(c.short.hour, String(h)), extraShort: `${h}º`};
    return {
        long: longInt(c, 'hour', h) + c.and + longInt(c, 'minute', min),
        short: apply(c.short.hour, String(h)) + c.shortJoin + apply(c.short.minute, String(min)),
        // As the reference has it: a no-break space after the hours' º, a plain one after the minutes' '.
        extraShort: `${h}º\u00a0${min}'`,
    };
}

function minutesOnly(c: Compiled, min: number): DurationLabels {
    return {long: longInt(c, 'minute', min), short: apply(c.short.minute, String(min)), extraShort: `${min}'`};
}

/** Whole minutes of a trip, at least 1 (the summary labels round the same way from 3 minutes). */
export function wholeMinutes(seconds: number): number {
    return Math.max(1, Math.round(seconds / 60));
}
