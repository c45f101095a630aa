// Query parameters, read case-insensitively and validated: every problem is a 400 that says
// which parameter is wrong and what is expected.
import {badRequest} from './errors.js';

/** Lower-cased parameter name → first value. */
export type Query = Map<string, string>;

const MAX_PARAM_LENGTH = 2048;
/** Query parameters per request (node:querystring's own limit, which drops the rest without a word). */
export const MAX_PARAMS = 1000;
/** Position lists (/matrix `sources`, `destinations`): about 300 positions each within a URL. */
const LIST_PARAMS = new Set(['sources', 'destinations']);
const MAX_LIST_PARAM_LENGTH = 7000;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A 400 for a query string that is not percent-encoded UTF-8 (`%E0%A4%A`): the lenient parser would
 * turn it into U+FFFD and '%' characters and the endpoint would answer for text nobody sent.
 */
export function checkQueryEncoding(url: string): void {
    const at = url.indexOf('?');
    if (at < 0) return;
    const query = url.slice(at + 1);
    const parts = query.split('&');
    // Past this many, Node's parser drops the rest silently (a key among them would be lost): say so instead.
    if (parts.length > MAX_PARAMS) throw badRequest(`The query string has ${parts.length} parameters; at most ${MAX_PARAMS}.`);
    // Only a percent sign can start a malformed sequence: most queries (every /route of a client sending
    // plain coordinates) skip the decoding, which the main thread paid on every request.
    if (!query.includes('%')) return;
    for (const part of parts) {
        if (!part.includes('%')) continue;
        try {
            decodeURIComponent(part.replace(/\+/g, ' '));
        } catch {
            const name = part.split('=')[0];
            throw badRequest(`The query string is not valid percent-encoded UTF-8 near '${name.slice(0, 40)}': encode each value as UTF-8, then percent-encode it.`);
        }
    }
}

export function normalizeQuery(query: Record<string, unknown>): Query {
    const q: Query = new Map();
    for (const [k, raw] of Object.entries(query)) {
        const v = Array.isArray(raw) ? raw[0] : raw;
        if (typeof v !== 'string') continue;
        const key = k.toLowerCase();
        if (q.has(key)) continue;
        const max = LIST_PARAMS.has(key) ? MAX_LIST_PARAM_LENGTH : MAX_PARAM_LENGTH;
        if (v.length > max) throw badRequest(`Parameter '${k}' is too long (at most ${max} characters).`);
        if (CONTROL.test(v)) throw badRequest(`Parameter '${k}' contains control characters.`);
        q.set(key, v);
    }
    return q;
}

export function optionalString(q: Query, name: string): string | undefined {
    const v = q.get(name.toLowerCase());
    return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function requiredString(q: Query, name: string): string {
    const v = optionalString(q, name);
    if (v === undefined) throw badRequest(`Missing parameter '${name}'.`);
    return v;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseNumber(text: string, name: string): number {
    const t = text.trim();
    if (!DECIMAL.test(t)) throw badRequest(`Parameter '${name}' must be a decimal number, got '${truncate(t)}'.`);
    const n = Number(t);
    if (!Number.isFinite(n)) throw badRequest(`Parameter '${name}' must be a finite number.`);
    return n;
}

export function parseLatitude(text: string, name: string): number {
    const v = parseNumber(text, name);
    if (v < -90 || v > 90) throw badRequest(`Parameter '${name}' must be a latitude between -90 and 90, got ${v}.`);
    return v;
}

export function parseLongitude(text: string, name: string): number {
    const v = parseNumber(text, name);
    if (v < -180 || v > 180) throw badRequest(`Parameter '${name}' must be a longitude between -180 and 180, got ${v}.`);
    return v;
}

/** A `latitude,longitude` pair (the /points bounds). */
export function parseLatLng(text: string, name: string): [number, number] {
    const parts = text.split(',');
    if (parts.length !== 2) throw badRequest(`Parameter '${name}' must be 'latitude,longitude', got '${truncate(text)}'.`);
    return [parseLatitude(parts[0], name), parseLongitude(parts[1], name)];
}

/**
 * A short rendering of a JSON value for an error message. Depth and length are bounded before
 * walking: a body may nest a value thousands of levels deep, and JSON.stringify would overflow the stack.
 */
export function jsonPreview(value: unknown, maxLength = 60, depth = 3): string {
    let out: string;
    if (Array.isArray(value)) {
        if (depth === 0) return value.length ? '[…]' : '[]';
        const items: string[] = [];
        let length = 2;
        for (let i = 0; i < value.length && length <= maxLength; i++) {
            items.push(jsonPreview(value[i], maxLength, depth - 1));
            length += items[i].length + 1;
        }
        out = `[${items.join(',')}${items.length < value.length ? ',…' : ''}]`;
    } else if (typeof value === 'object' && value !== null) {
        out = depth === 0 ? '{…}' : `{${Object.keys(value).slice(0, 5).map((k) => JSON.stringify(k.slice(0, 20))).join(',')}…}`;
    } else {
        out = value === undefined ? 'nothing' : typeof value === 'string' ? JSON.stringify(value.slice(0, maxLength)) : String(value);
    }
    return out.length > maxLength ? `${out.slice(0, maxLength)}…` : out;
}

/** A coordinate of a JSON body: a number or a numeric string, as text for parseLatitude/parseLongitude; '' when absent. */
export function coordinateText(value: unknown, name: string): string {
    if (value === undefined || value === null) return '';
    if (typeof value === 'number' || typeof value === 'string') return String(value);
    throw badRequest(`'${name}' must be a number or a numeric string, got ${jsonPreview(value)}.`);
}

export function optionalBoolean(q: Query, name: string, fallback: boolean): boolean {
    const v = optionalString(q, name);
    if (v === undefined) return fallback;
    const l = v.toLowerCase();
    if (l === 'true' || l === '1' || l === 'yes') return true;
    if (l === 'false' || l === '0' || l === 'no') return false;
    throw badRequest(`Parameter '${name}' must be true or false, got '${truncate(v)}'.`);
}

/** The language to use: the requested one when the country serves it, else EN (SPEC §2.1). */
/** A language parameter: ISO 639-1, or one of the service's own longer codes (COMPAT.md: CNR, Montenegrin). */
export const LANGUAGE_CODE = /^([A-Z]{2}|CNR)$/;

export function languageWithFallback(q: Query, languages: readonly string[]): string {
    const v = optionalString(q, 'language');
    if (v === undefined) return 'EN';
    const l = v.toUpperCase();
    if (!LANGUAGE_CODE.test(l)) throw badRequest(`Parameter 'language' must be a two-letter ISO 639-1 code (or CNR, Montenegrin), got '${truncate(v)}'.`);
    return languages.includes(l) ? l : 'EN';
}

function truncate(s: string): string {
    return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** SPEC travel modes: name or number, case-insensitive. */
export const TRAVEL_MODES = {driving: 1, walking: 2, bicycling: 3, transit: 4} as const;
export type TravelMode = typeof TRAVEL_MODES[keyof typeof TRAVEL_MODES];

export function parseTravelMode(q: Query): TravelMode {
    const v = requiredString(q, 'travelMode').toLowerCase();
    const byName = (TRAVEL_MODES as Record<string, TravelMode>)[v];
    if (byName) return byName;
    if (/^[1-4]$/.test(v)) return Number(v) as TravelMode;
    throw badRequest(`Parameter 'travelMode' must be Driving, Walking, Bicycling, Transit or 1 to 4, got '${truncate(v)}'.`);
}

/** The engine's mode code of a SPEC travel mode: 0 car, 1 foot, 2 bike (road modes), 3 transit. */
export function taskMode(mode: TravelMode): number {
    return mode - 1 === 0 ? 0 : mode === 2 ? 1 : mode === 3 ? 2 : 3;
}
