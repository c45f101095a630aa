// Labels and the category lists served to clients (/categories, /simplifiedcategories), from
// data/categories.json and what a region actually holds.
import {loadCategories, typeId, type CategoriesFile, type Labels, type SubtypeConfig} from './categories.js';
import type {PoiIndex} from './poi-index.js';
import type {TransitNetwork} from '../transit/query/network.js';

/**
 * What the region's bundle says exists there: its country, the transit `route` values of its OSM route
 * relations (stored in the POI section at build time) and the GTFS route types of its timetables.
 */
export interface CatalogScope {
    country: string;
    osmRoutes: ReadonlySet<string>;
    gtfsRouteTypes: ReadonlySet<number>;
}

/** The scope of a region, read from its POI and transit sections. */
export function catalogScope(country: string, pois: PoiIndex, transit: TransitNetwork | null): CatalogScope {
    const gtfsRouteTypes = new Set<number>();
    if (transit !== null) for (let r = 0; r < transit.routeCount; r++) gtfsRouteTypes.add(transit.routeType[r]);
    return {country, osmRoutes: new Set(pois.osmTransitRoutes), gtfsRouteTypes};
}

/** Id of "every variant of a sub-type" (SPEC §4.5: an id ending in 000001). */
export const WILDCARD_VARIANT = 1;

export function label(labels: Labels | undefined, language: string): string {
    if (!labels) return '';
    return labels[language] ?? labels.EN ?? '';
}

export interface CategoryNode {
    id: number;
    l: string;
    aid: number | null;
    i: string | number;
    c: CategoryNode[];
}

export class Catalog {
    readonly file: CategoriesFile;
    /** (ct << 8 | st) → index in subtypes */
    private readonly subtypeIndex = new Map<number, {ct: number; st: number; singular: Labels; plural: Labels; icon: number; family: string; brands: Map<number, string>}>();
    /** Type ids present in the region, per (ct << 8 | st). */
    private readonly variantsPresent = new Map<number, Set<number>>();

    /** Per (ct << 8 | st): false when the sub-type cannot exist in the region (a transit mode it lacks). */
    private readonly subtypeListed = new Map<number, boolean>();
    private readonly scope: CatalogScope | null;

    /** Without a scope, every sub-type and brand is listed (a catalog of the whole file). */
    constructor(pois: PoiIndex | null, scope: CatalogScope | null = null, file: CategoriesFile = loadCategories()) {
        this.file = file;
        this.scope = scope;
        for (const c of file.categories) {
            for (const s of c.subtypes) {
                const brands = new Map<number, string>();
                for (const b of s.brands ?? []) brands.set(b.variant, b.name);
                this.subtypeIndex.set((c.ct << 8) | s.st, {ct: c.ct, st: s.st, singular: s.singular, plural: s.plural, icon: s.icon, family: s.family, brands});
            }
        }
        if (pois) {
            for (let i = 0; i < pois.count; i++) {
                const k = (pois.ct[i] << 8) | pois.st[i];
                let set = this.variantsPresent.get(k);
                if (!set) this.variantsPresent.set(k, set = new Set());
                set.add(pois.variant[i]);
            }
        }
        for (const c of file.categories) {
            for (const s of c.subtypes) this.subtypeListed.set((c.ct << 8) | s.st, this.modeExists(c.ct, s));
        }
    }

    /**
     * A stop sub-type is listed only when the region has its mode: stops of it in the data (a stop
     * the rules kept is real, routes mapped or not; light rail makes metro or tram stops), or OSM
     * routes or GTFS route types of it.
     */
    private modeExists(ct: number, s: SubtypeConfig): boolean {
        const mode = s.transit;
        if (!mode || this.scope === null || this.variantsPresent.has((ct << 8) | s.st)) return true;
        for (const r of mode.osmRoutes.split('|')) if (this.scope.osmRoutes.has(r)) return true;
        return mode.gtfsRouteTypes.some((t) => this.scope!.gtfsRouteTypes.has(t));
    }

    /** Brands of a sub-type that /categories offers: configured for the country, or present in the region's data. */
    private listedBrands(ct: number, s: SubtypeConfig): NonNullable<SubtypeConfig['brands']> {
        const present = this.variantsPresent.get((ct << 8) | s.st);
        const country = this.scope?.country;
        return (s.brands ?? []).filter((b) => country === undefined || b.countries.includes(country) || present?.has(b.variant) === true);
    }

    /** Whether the sub-type can exist in the region (false: a transit mode the region does not have). */
    listed(ct: number, st: number): boolean {
        return this.subtypeListed.get((ct << 8) | st) ?? false;
    }

    /** Singular (default) or plural label of a sub-type. */
    subtypeLabel(ct: number, st: number, language: string, plural = false): string {
        const s = this.subtypeIndex.get((ct << 8) | st);
        if (!s) return '';
        return label(plural ? s.plural : s.singular, language);
    }

    categoryLabel(ct: number, language: string): string {
        return label(this.file.categories.find((c) => c.ct === ct)?.labels, language);
    }

    modeLabel(mode: number, language: string): string {
        return label(this.file.modes[String(mode)], language);
    }

    /** /simplifiedcategories: family → type ids usable in poiTypesIds (wildcards, then brands present). */
    simplified(): Record<string, number[]> {
        const out: Record<string, number[]> = {};
        for (const family of Object.keys(this.file.families)) out[family] = [];
        for (const c of this.file.categories) {
            for (const s of c.subtypes) {
                if (!this.listed(c.ct, s.st)) continue;
                const list = out[s.family] ?? (out[s.family] = []);
                list.push(typeId(c.ct, s.st, WILDCARD_VARIANT));
                if (s.variants === 'brand') {
                    const present = this.variantsPresent.get((c.ct << 8) | s.st);
                    for (const b of s.brands ?? []) if (present?.has(b.variant)) list.push(typeId(c.ct, s.st, b.variant));
                }
            }
        }
        return out;
    }

    /** /categories: categories → sub-types (wildcard ids) → brands, labels in `language`. */
    tree(language: string): CategoryNode[] {
        return this.file.categories.map((c) => {
            const cid = 1000 + c.ct;
            return {
                id: cid, l: label(c.labels, language), aid: null, i: c.iconId,
                c: c.subtypes.filter((s) => this.listed(c.ct, s.st)).map((s) => {
                    const sid = typeId(c.ct, s.st, WILDCARD_VARIANT);
                    return {
                        id: sid, l: label(s.plural, language), aid: cid, i: s.icon,
                        c: this.listedBrands(c.ct, s).map((b) => ({id: typeId(c.ct, s.st, b.variant), l: b.name, aid: sid, i: b.icon, c: []}))
                    };
                })
            };
        });
    }
}
