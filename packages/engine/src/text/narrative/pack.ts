// What a language must provide to write the narrative (/summary/text): titles, and one sentence
// per fact. A pack is plain code, so each language can get its grammar right (elision and gender
// in French, cases in German, word order in Dutch) instead of bending one template to all.
import type {Fact, ParagraphId} from './facts.js';

export interface LanguagePack {
    /** Upper-case ISO 639-1 code (EN, FR, ...). */
    code: string;
    /** Bare titles: "Tourisme", "Transports", "Éducation", "Magasins", "Villes proches", "Transports en commun". */
    titles: Record<ParagraphId, string>;
    /** The title qualified with the street: "Tourisme autour de la Rue de la Loi - Wetstraat". */
    titleAround(paragraph: ParagraphId, title: string, street: string): string;
    /** The title qualified with the city: "Tourisme à Bruxelles - Brussel". */
    titleIn(paragraph: ParagraphId, title: string, city: string): string;
    /**
     * One sentence (or, for `cities`, a few short sentences in one string) for a fact. `variant`
     * is a deterministic non-negative integer from the position and the fact: use it to pick one
     * of several patterns (variant % patterns.length), so the same place always reads the same.
     * Plain text: key words in [STRONG]...[/STRONG], place names in straight double quotes.
     */
    sentence(fact: Fact, variant: number): string;
}
