// The sub-type numbers clients see, per country (COMPAT.md "Sub-type numbers differ by country").
// Bundles and queries keep the numbering of data/categories.json (`st`); a sub-type's `stIn` gives
// the number it takes in some countries instead. The mapping is applied when an answer is written
// and when a client's id is read, so bundles need no rebuild when a country's numbers change.
import {loadCategories, splitTypeId, typeId, type CategoriesFile} from './categories.js';

export class SubtypeNumbers {
    /** (ct << 8 | st) → the country's number. */
    private readonly toPublic = new Map<number, number>();
    /** (ct << 8 | the country's number) → st. */
    private readonly toInternal = new Map<number, number>();

    /** `country` null: the file's own numbers. */
    constructor(readonly country: string | null, file: CategoriesFile = loadCategories()) {
        for (const c of file.categories) {
            for (const s of c.subtypes) {
                const own = country === null ? s.st : numberIn(s.stIn, country) ?? s.st;
                const k = (c.ct << 8) | own;
                if (this.toInternal.has(k)) throw new Error(`data/categories.json: two sub-types take number ${own} of category ${c.ct} in ${country}`);
                this.toInternal.set(k, s.st);
                this.toPublic.set((c.ct << 8) | s.st, own);
            }
        }
    }

    /** The country's number of a sub-type. */
    publicSt(ct: number, st: number): number {
        return this.toPublic.get((ct << 8) | st) ?? st;
    }

    /** The sub-type a client's number names in the country; -1 when it names none. */
    internalSt(ct: number, publicSt: number): number {
        return this.toInternal.get((ct << 8) | publicSt) ?? -1;
    }

    /** A place type id as the country's clients read it. */
    publicId(id: number): number {
        const {ct, st, variant} = splitTypeId(id);
        return typeId(ct, this.publicSt(ct, st), variant);
    }

    /** A client's place type id in the bundle's numbering; -1 when its sub-type names none in the country. */
    internalId(id: number): number {
        const {ct, st, variant} = splitTypeId(id);
        const own = this.internalSt(ct, st);
        return own < 0 ? -1 : typeId(ct, own, variant);
    }
}

/** `stIn`: number → countries (`A|B`); the number the country takes, if listed. */
function numberIn(stIn: Record<string, string> | undefined, country: string): number | undefined {
    if (!stIn) return undefined;
    for (const [n, countries] of Object.entries(stIn)) if (countries.split('|').includes(country)) return Number(n);
    return undefined;
}

const byCountry = new Map<string, SubtypeNumbers>();

/** The numbers of a country, built once per process. */
export function subtypeNumbers(country: string): SubtypeNumbers {
    let numbers = byCountry.get(country);
    if (!numbers) byCountry.set(country, numbers = new SubtypeNumbers(country));
    return numbers;
}
