// Labels and what the category lists served to clients (/categories, /simplifiedcategories) may
// hold, from data/categories.json and what a region actually holds. The lists' layout is the
// server's: packages/server/src/answers/categories-answer.ts.
import {loadCategories, type CategoriesFile, type Labels, type SubtypeConfig} from './categories.js';
import type {PoiIndex} from './poi-index.js';
import {SubtypeNumbers} from './subtype-numbers.js';
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

export class Catalog {
    readonly file: CategoriesFile;
    /** (ct << 8 | st) → index in subtypes */
    private readonly subtypeIndex = new Map<number, {ct: number; st: number; singular: Labels; plural: Labels; icon: number; family: string; brands: Map<number, string>}>();
    /** Type ids present in the region, per (ct << 8 | st). */
    private readonly variantsPresent = new Map<number, Set<number>>();

    /** Per (ct << 8 | st): false when the sub-type cannot exist in the region (a transit mode it lacks). */
    private readonly subtypeListed = new Map<number, boolean>();
    private readonly scope: CatalogScope | null;
    /** The sub-type numbers of the region's country, for the ids of answers and of clients' filters. */
    readonly numbers: SubtypeNumbers;

    /** Without a scope, every sub-type and brand is listed (a catalog of the whole file). */
    constructor(pois: PoiIndex | null, scope: CatalogScope | null = null, file: CategoriesFile = loadCategories()) {
        this.file = file;
        this.scope = scope;
        this.numbers = new SubtypeNumbers(scope?.country ?? null, file);
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
    listedBrands(ct: number, s: SubtypeConfig): NonNullable<SubtypeConfig['brands']> {
        const present = this.variantsPresent.get((ct << 8) | s.st);
        const country = this.scope?.country;
        return (s.brands ?? []).filter((b) => country === undefined || b.countries.includes(country) || present?.has(b.variant) === true);
    }

    /** Whether the region's data holds a POI of this variant of the sub-type (a brand, for /simplifiedcategories). */
    present(ct: number, st: number, variant: number): boolean {
        return this.variantsPresent.get((ct << 8) | st)?.has(variant) === true;
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
}
