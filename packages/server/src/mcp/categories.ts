// The MCP tools' category vocabulary (shared/spec/MCP.md): six tokens and their accepted synonyms,
// each mapped to sub-types of data/categories.json. `school` is schools only (preschool, elementary,
// secondary), never daycare, which is `nursery`.
import {loadCategories} from '@quartier/engine/internal';

export const CATEGORY_TOKENS = ['school', 'nursery', 'supermarket', 'public_transport', 'train_station', 'motorway'] as const;
export type CategoryToken = typeof CATEGORY_TOKENS[number];

/** Synonyms (lower case) and the token each stands for. */
export const CATEGORY_SYNONYMS: Record<string, CategoryToken> = {
    schools: 'school', education: 'school',
    creche: 'nursery', daycare: 'nursery', childcare: 'nursery',
    transport: 'public_transport', train: 'train_station', station: 'train_station',
    highway: 'motorway', motorway_access: 'motorway',
    shopping: 'supermarket', shops: 'supermarket'
};

/** The sub-type keys (data/categories.json) behind each token. */
export const TOKEN_SUBTYPES: Record<CategoryToken, readonly string[]> = {
    school: ['preschool', 'elementarySchool', 'secondarySchool'],
    nursery: ['nursery'],
    supermarket: ['supermarket'],
    public_transport: ['metro', 'tram', 'bus'],
    train_station: ['trainStation'],
    motorway: ['motorway']
};

/** Every word accepted as a category, for the error messages. */
export const ACCEPTED_CATEGORIES = [...CATEGORY_TOKENS, ...Object.keys(CATEGORY_SYNONYMS)];

/** The token a category word names (any case, spaces or hyphens for underscores), or null. */
export function categoryToken(word: string): CategoryToken | null {
    const w = word.trim().toLowerCase().replace(/[\s-]+/g, '_');
    if ((CATEGORY_TOKENS as readonly string[]).includes(w)) return w as CategoryToken;
    return CATEGORY_SYNONYMS[w] ?? null;
}

export interface SubtypeRef {
    key: string;
    ct: number;
    st: number;
}

let refs: Map<string, SubtypeRef> | null = null;

/** The token's sub-types with their category and sub-type numbers. */
export function tokenSubtypes(token: CategoryToken): SubtypeRef[] {
    if (refs === null) {
        refs = new Map();
        for (const c of loadCategories().categories) for (const s of c.subtypes) refs.set(s.key, {key: s.key, ct: c.ct, st: s.st});
    }
    return TOKEN_SUBTYPES[token].map((key) => refs!.get(key)!);
}
