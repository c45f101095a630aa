// The tools' inputs: zod shapes (their JSON Schema is what tools/list shows, with descriptions an
// LLM can act on), and the checks a schema cannot make (the served countries, the key's countries,
// the category words, the covered area). Every problem is a ToolError 400 naming what is allowed.
import * as z from 'zod';
import type {Region} from '@quartier/engine';
import {ACCEPTED_CATEGORIES, CATEGORY_TOKENS, categoryToken, type CategoryToken} from './categories.js';
import {ToolError, badRequest} from './envelope.js';

export const MAX_RADIUS_METERS = 3000;
export const MAX_RESULTS = 50;
export const DEFAULT_RADIUS_METERS = 1000;
export const DEFAULT_RESULTS = 20;
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 5;
const MAX_LABEL = 100;

const latitude = z.number().min(-90).max(90).describe('Latitude in decimal degrees (WGS 84), -90 to 90, e.g. 50.8467.');
const longitude = z.number().min(-180).max(180).describe('Longitude in decimal degrees (WGS 84), -180 to 180, e.g. 4.3525.');

/** The shapes every tool shares; `served`: the countries this server has data for. */
export function commonShape(served: readonly string[]) {
    return {
        latitude,
        longitude,
        country: z.string().describe(`Two-letter country code (ISO 3166-1) of the position, any case. This server covers: ${served.join(', ')}.`),
        language: z.string().optional().describe('Two-letter language code (ISO 639-1) of the text and labels, any case, e.g. "fr" or "EN". '
            + 'A language the country does not serve is answered in English with a warning. Default EN.')
    };
}

export const categoryWords = `Tokens: ${CATEGORY_TOKENS.join(', ')} (school never includes daycare: that is nursery). Synonyms accepted: ${ACCEPTED_CATEGORIES.slice(CATEGORY_TOKENS.length).join(', ')}.`;

export function nearbyShape(served: readonly string[]) {
    return {
        ...commonShape(served),
        radiusMeters: z.number().int().min(1).max(MAX_RADIUS_METERS).optional()
            .describe(`Search radius in metres along the network (walking; driving for motorway accesses), 1 to ${MAX_RADIUS_METERS}. Default ${DEFAULT_RADIUS_METERS}.`),
        categories: z.array(z.string()).max(20).optional().describe(`Categories to list; empty or absent: all. ${categoryWords}`),
        maxResults: z.number().int().min(1).max(MAX_RESULTS).optional().describe(`At most this many places, nearest first, 1 to ${MAX_RESULTS}. Default ${DEFAULT_RESULTS}.`)
    };
}

export function nearestShape(served: readonly string[]) {
    return {...commonShape(served), category: z.string().describe(`One category. ${categoryWords}`)};
}

const labelled = z.object({latitude, longitude, label: z.string().max(MAX_LABEL).optional().describe('A name for the position in the answer, e.g. "Listing 12" or "Office".')});

export function compareShape(served: readonly string[]) {
    const {country, language} = commonShape(served);
    return {
        positions: z.array(labelled).min(MIN_COMPARED).max(MAX_COMPARED).describe(`${MIN_COMPARED} to ${MAX_COMPARED} positions to compare (e.g. listings), each {latitude, longitude, label?}.`),
        country, language,
        destination: labelled.optional().describe('A common destination (a workplace, a school): the travel time from each position to it by every mode.')
    };
}

/** Arguments checked against a shape; a mismatch is a 400 naming each wrong field. */
export function parseArgs<T extends z.ZodRawShape>(shape: T, args: unknown): z.infer<z.ZodObject<T>> {
    const parsed = z.object(shape).safeParse(args ?? {});
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.slice(0, 5).map((i) => `'${i.path.join('.') || 'arguments'}': ${i.message}`);
    throw badRequest(`Invalid arguments: ${problems.join('; ')}.`);
}

export interface Place {
    region: Region;
    country: string;
    language: string;
    warnings: string[];
}

/**
 * The served region of `country` (a 400 naming those served; a 403 when the key does not cover it)
 * and the answer's language: the requested one when the country serves it, else EN with a warning.
 */
export function placeOf(regions: ReadonlyMap<string, Region>, allows: (country: string) => boolean, country: string, language: string | undefined): Place {
    const code = country.trim().toUpperCase();
    const region = regions.get(code);
    if (!region) throw badRequest(`Country '${country.slice(0, 10)}' is not covered by this server: use one of ${[...regions.keys()].join(', ')}.`);
    if (!allows(code)) throw new ToolError(403, 'forbidden', `Your licence key does not cover ${code}.`);
    const warnings: string[] = [];
    let lang = 'EN';
    if (language !== undefined && language.trim() !== '') {
        const l = language.trim().toUpperCase();
        if (!/^[A-Z]{2}$/.test(l)) throw badRequest(`'language' must be a two-letter ISO 639-1 code, got '${language.slice(0, 10)}': ${code} serves ${region.country.languages.join(', ')}.`);
        if (region.country.languages.includes(l)) lang = l;
        else warnings.push(`Language ${l} is not served in ${code} (served: ${region.country.languages.join(', ')}); the answer is in EN.`);
    }
    return {region, country: code, language: lang, warnings};
}

/** Category words as tokens, without repeats; empty: every token. */
export function categoryTokens(words: readonly string[] | undefined): CategoryToken[] {
    if (!words || words.length === 0) return [...CATEGORY_TOKENS];
    const out = new Set<CategoryToken>();
    for (const w of words) out.add(oneCategory(w));
    return [...out];
}

export function oneCategory(word: string): CategoryToken {
    const token = categoryToken(word);
    if (token === null) throw badRequest(`Unknown category '${word.slice(0, 40)}': use one of ${CATEGORY_TOKENS.join(', ')} (synonyms: ${ACCEPTED_CATEGORIES.slice(CATEGORY_TOKENS.length).join(', ')}).`);
    return token;
}

/** The JSON Schema tools/list shows for a shape. */
export function jsonSchema(shape: z.ZodRawShape): {type: 'object'; [k: string]: unknown} {
    return z.toJSONSchema(z.object(shape), {target: 'draft-7', io: 'input'}) as {type: 'object'};
}
