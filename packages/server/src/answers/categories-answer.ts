// The category lists' layout: /simplifiedcategories (SPEC §4.6: family → type ids usable in
// poiTypesIds) and /categories (§4.7: categories → sub-types → brands, {id, l, aid, i, c}), from
// data/categories.json and what the region's Catalog says it may list. Ids are in the numbers of
// the region's country (catalog.numbers, COMPAT.md "Sub-type numbers differ by country").
import type {Catalog} from '@quartier/engine';
import {WILDCARD_VARIANT, label, typeId} from '@quartier/engine/internal';

export interface CategoryNode {
    id: number;
    l: string;
    /** The parent's id; 0 at the top level (an integer on every level, as the service's API description says). */
    aid: number;
    i: number;
    c: CategoryNode[];
}

/** /simplifiedcategories: per family, the wildcard id of each listed sub-type, then the ids of its brands present. */
export function simplifiedCategoriesAnswer(catalog: Catalog): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (const family of Object.keys(catalog.file.families)) out[family] = [];
    for (const c of catalog.file.categories) {
        for (const s of c.subtypes) {
            if (!catalog.listed(c.ct, s.st)) continue;
            const list = out[s.family] ?? (out[s.family] = []);
            const st = catalog.numbers.publicSt(c.ct, s.st);
            list.push(typeId(c.ct, st, WILDCARD_VARIANT));
            if (s.variants === 'brand') {
                for (const b of s.brands ?? []) if (catalog.present(c.ct, s.st, b.variant)) list.push(typeId(c.ct, st, b.variant));
            }
        }
    }
    return out;
}

/** /categories: categories → sub-types (wildcard ids) → brands, labels in `language`. */
export function categoryTreeAnswer(catalog: Catalog, language: string): CategoryNode[] {
    return catalog.file.categories.map((c) => {
        const cid = 1000 + c.ct;
        return {
            id: cid, l: label(c.labels, language), aid: 0, i: c.icon,
            c: c.subtypes.filter((s) => catalog.listed(c.ct, s.st)).map((s) => {
                const st = catalog.numbers.publicSt(c.ct, s.st);
                const sid = typeId(c.ct, st, WILDCARD_VARIANT);
                return {
                    id: sid, l: label(s.plural, language), aid: cid, i: s.icon,
                    c: catalog.listedBrands(c.ct, s).map((b) => ({id: typeId(c.ct, st, b.variant), l: b.name, aid: sid, i: b.icon, c: []}))
                };
            })
        };
    });
}
