// The plugins' parameters (PLUGINS.md §1–2), read and checked once: each field's rule says what it
// accepts, and the first bad or missing required one becomes a short message for the visitor. An
// empty value counts as absent (the packages pass `mapStyle=` when the portal set none); fields the
// table does not name are ignored.
import {COUNTRY_LANGUAGES} from './served.js';

export class ParamError extends Error {}

const HEX = /^#?([0-9a-fA-F]{6})$/;

/** Rules: each reads a raw string (or a value from a config object) and returns the value or throws ParamError. */
export const rules = {
    string: (max = 200) => (name, raw) => {
        const text = String(raw).trim();
        if (text.length > max) throw new ParamError(`${name} is too long (at most ${max} characters).`);
        return text;
    },
    number: (min, max, {integer = false} = {}) => (name, raw) => {
        const n = Number(raw);
        if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
            throw new ParamError(`${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
        }
        return n;
    },
    oneOf: (values) => (name, raw) => {
        const found = values.find((v) => v.toLowerCase() === String(raw).trim().toLowerCase());
        if (found === undefined) throw new ParamError(`${name} must be one of ${values.join(', ')}.`);
        return found;
    },
    /** #RRGGBB; the # may be missing (a portal that forgot to URL-encode it sends nothing, or the digits alone). */
    color: () => (name, raw) => {
        const m = HEX.exec(String(raw).trim());
        if (!m) throw new ParamError(`${name} must be a colour written #RRGGBB.`);
        return `#${m[1].toLowerCase()}`;
    },
    country: () => (name, raw) => {
        const code = String(raw).trim().toUpperCase();
        if (!COUNTRY_LANGUAGES[code]) throw new ParamError(`${name} must be the two letters of a country (${Object.keys(COUNTRY_LANGUAGES).join(', ')}).`);
        return code;
    },
    language: () => (name, raw) => {
        const code = String(raw).trim().toUpperCase();
        if (!/^[A-Z]{2}$/.test(code)) throw new ParamError(`${name} must be two letters (e.g. EN).`);
        return code;
    },
    /** An https: address (the custom marker is the only thing the page fetches from another host). */
    httpsUrl: () => (name, raw) => {
        let url;
        try {
            url = new URL(String(raw).trim());
        } catch {
            throw new ParamError(`${name} must be an HTTPS address.`);
        }
        if (url.protocol !== 'https:') throw new ParamError(`${name} must be an HTTPS address (https://…).`);
        return url.href;
    },
    /** `Npx` (or N) from min to max. */
    pixels: (min, max) => (name, raw) => {
        const m = /^(\d{1,3})(px)?$/i.exec(String(raw).trim());
        const n = m ? Number(m[1]) : NaN;
        if (!(n >= min && n <= max)) throw new ParamError(`${name} must be ${min}px to ${max}px.`);
        return n;
    }
};

/**
 * Reads `fields` ({name: {rule, required, fallback}}) from `get(name)` (a raw value, or null/undefined/''
 * when absent). Returns the values by name; throws ParamError for the first bad or missing one.
 */
export function readFields(fields, get) {
    const out = {};
    for (const [name, field] of Object.entries(fields)) {
        const raw = get(name);
        if (raw === undefined || raw === null || String(raw).trim() === '') {
            if (field.required) throw new ParamError(`The parameter ${name} is missing.`);
            out[name] = field.fallback;
            continue;
        }
        out[name] = field.rule(name, raw);
    }
    return out;
}

/** plugin.html's modes (PLUGINS.md §1). */
export const MODES = ['overlay', 'overlay-scores', 'map-top', 'map', 'summary', 'summary-tabs'];
/** The modes that show a map, and those that show the nearest-places summary. */
export const MAP_MODES = new Set(['overlay', 'overlay-scores', 'map-top', 'map']);
export const SUMMARY_MODES = new Set(['overlay', 'map-top', 'summary', 'summary-tabs']);

const PLUGIN_FIELDS = {
    licenseKey: {rule: rules.string(200), required: true},
    latitude: {rule: rules.number(-90, 90), required: true},
    longitude: {rule: rules.number(-180, 180), required: true},
    language: {rule: rules.language(), fallback: null},
    mode: {rule: rules.oneOf(MODES), fallback: 'overlay'},
    zoom: {rule: rules.number(7, 20), fallback: 15},
    mapStyle: {rule: rules.number(1, 7, {integer: true}), fallback: 1},
    accentColor: {rule: rules.color(), fallback: '#1565c0'},
    marker: {rule: rules.oneOf(['pin', 'circle', 'custom']), fallback: 'pin'},
    circleRadiusInMeters: {rule: rules.number(50, 2000), fallback: 300},
    customMarkerUrl: {rule: rules.httpsUrl(), fallback: null},
    customMarkerWidth: {rule: rules.number(4, 256, {integer: true}), fallback: 40},
    customMarkerHeight: {rule: rules.number(4, 256, {integer: true}), fallback: 40},
    rounded: {rule: rules.pixels(1, 15), fallback: 0},
    isochrone: {rule: rules.oneOf(['left', 'right']), fallback: null},
    routeFrom: {rule: rules.oneOf(['left', 'right', 'popup']), fallback: null},
    summaryBackgroundColor: {rule: rules.color(), fallback: null},
    summaryLineColor: {rule: rules.color(), fallback: null},
    userId: {rule: rules.string(128), fallback: null},
    startLatitude: {rule: rules.number(-90, 90), fallback: null},
    startLongitude: {rule: rules.number(-180, 180), fallback: null}
};

/**
 * plugin.html's parameters from its query string; the country from `country` or the page's /{cc}/
 * prefix; the language the country serves, else EN. Throws ParamError.
 */
export function pluginParams(search, pathCountry) {
    const query = new URLSearchParams(search);
    const p = withCountry(readFields(PLUGIN_FIELDS, (name) => query.get(name)), query.get('country') || pathCountry);
    if (p.marker === 'custom' && !p.customMarkerUrl) throw new ParamError('marker=custom needs customMarkerUrl (an HTTPS address of a PNG or SVG image).');
    if ((p.startLatitude === null) !== (p.startLongitude === null)) throw new ParamError('startLatitude and startLongitude go together.');
    return p;
}

/**
 * A script plugin's configuration global (summary.js, summary-text.js: PLUGINS.md §3–4): the key, the
 * position and the language, the country from `country` or the script's /{cc}/ prefix, and `fields`.
 */
export function scriptParams(config, pathCountry, fields = {}) {
    const names = ['licenseKey', 'latitude', 'longitude', 'language'];
    const common = Object.fromEntries(names.map((name) => [name, PLUGIN_FIELDS[name]]));
    return withCountry(readFields({...common, ...fields}, (name) => config?.[name]), config?.country || pathCountry);
}

function withCountry(p, country) {
    p.country = readFields({country: {rule: rules.country(), required: true}}, () => country).country;
    p.language = servedLanguage(p.country, p.language);
    return p;
}

/** `language` when `country` serves it, else EN (PLUGINS.md §1). */
export function servedLanguage(country, language) {
    const served = COUNTRY_LANGUAGES[country] ?? [];
    return language && served.includes(language) ? language : 'EN';
}
