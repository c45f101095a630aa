// Writes the narrative of /summary/text: paragraphs of facts, each sentence in every language of
// the country, in the country's order (clients read the languages from the first title's keys).
// SPEC's MultiLanguagesText layout is the server's: packages/server/src/answers/neighbourhood-answer.ts.
import {PARAGRAPHS, type ParagraphFacts, type ParagraphId} from './facts.js';
import type {LanguagePack} from './pack.js';
import {languagePack} from './lang/index.js';

export type LanguageMap = Record<string, string>;

/** One paragraph of the text, every string in every language asked for. */
export interface TextParagraph {
    id: ParagraphId;
    /** The bare title. */
    title: LanguageMap;
    /** The title around the position's street (the bare title without one). */
    titleAround: LanguageMap;
    /** The title in the position's town (the bare title without one). */
    titleIn: LanguageMap;
    /** One sentence per fact. */
    sentences: LanguageMap[];
    /** A list under the sentences (none so far). */
    list: LanguageMap[];
}

export interface NarrativeText {
    paragraphs: TextParagraph[];
}

/** What the narrative is written from; names are asked per language (name:xx where the data has it). */
export interface NarrativeInput {
    /** Picks the sentence patterns: the same position always reads the same. */
    seed: number;
    /** The paragraphs' facts with names in one language; the same facts, in the same order, for every language. */
    paragraphs(language: string): ParagraphFacts[];
    /** Street and city for the titles in one language, or null when reverse geocoding found none. */
    street(language: string): string | null;
    city(language: string): string | null;
}

/** Paragraphs in the order of PARAGRAPHS; those without facts are left out. */
export function writeNarrative(input: NarrativeInput, languages: readonly string[]): NarrativeText {
    const packs = languages.map((l) => languagePack(l));
    const perLanguage = languages.map((l) => input.paragraphs(l));
    const out: TextParagraph[] = [];
    for (const id of PARAGRAPHS) {
        const facts = perLanguage.map((ps) => ps.find((p) => p.id === id)?.facts ?? []);
        if (facts[0].length === 0) continue;
        const paragraph: TextParagraph = {id, title: {}, titleAround: {}, titleIn: {}, sentences: [], list: []};
        for (let k = 0; k < facts[0].length; k++) paragraph.sentences.push({});
        for (let li = 0; li < languages.length; li++) {
            const language = languages[li], pack = packs[li];
            const title = pack.titles[id];
            const street = input.street(language), city = input.city(language);
            paragraph.title[language] = title;
            paragraph.titleAround[language] = street ? pack.titleAround(id, title, street) : title;
            paragraph.titleIn[language] = city ? pack.titleIn(id, title, city) : title;
            for (let k = 0; k < facts[li].length; k++) {
                paragraph.sentences[k][language] = write(pack, facts[li][k], variantOf(input.seed, id, k));
            }
        }
        out.push(paragraph);
    }
    return {paragraphs: out};
}

function write(pack: LanguagePack, fact: ParagraphFacts['facts'][number], variant: number): string {
    return pack.sentence(fact, variant).replace(/\s+/g, ' ').trim();
}

/** A deterministic non-negative integer from the position's seed, the paragraph and the sentence. */
export function variantOf(seed: number, paragraph: string, index: number): number {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < paragraph.length; i++) h = Math.imul(h ^ paragraph.charCodeAt(i), 0x01000193) >>> 0;
    h = Math.imul(h ^ (index + 1), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
}

/** A seed from a position (micro-degrees), the same for the same coordinates. */
export function positionSeed(lat: number, lon: number): number {
    const a = Math.round(lat * 1e6) | 0, b = Math.round(lon * 1e6) | 0;
    return (Math.imul(a, 0x27d4eb2d) ^ Math.imul(b, 0x165667b1)) >>> 0;
}
