// The category model of data/categories.json: category (ct) → sub-type (st) → variant, with
// OSM tag rules that decide which objects belong to a sub-type, and labels in every language.
import type {OsmTags} from '../osm/objects.js';
import {readConfigJson} from '../config/data-files.js';

export type Labels = Record<string, string>;

export interface Rule {
    tags?: Record<string, string>;
    notTags?: Record<string, string>;
    listTags?: Record<string, string>;
    name?: string;
    notName?: string;
    routes?: string;
    notRoutes?: string;
    /** Countries (`A|B`) where the rule holds; elsewhere it is left out (a naming habit of one country). */
    countries?: string;
    /** Names excluded only in one country, where its naming habits say the name is something else. */
    notNameIn?: Record<string, string>;
}

export interface Brand {
    variant: number;
    icon: number;
    name: string;
    match: string;
    /** Countries (ISO codes) where the chain trades: /categories offers it there, or where the region's data has it. */
    countries: string[];
}

/** How to tell that a region has the transit mode of a stop sub-type (metro, tram, bus, train). */
export interface TransitModeConfig {
    /** `route` values of OSM route relations of this mode (`a|b`). */
    osmRoutes: string;
    /** GTFS route_type values (basic and extended) of this mode. */
    gtfsRouteTypes: number[];
}

export interface SubtypeConfig {
    st: number;
    /** The sub-type's number in some countries, when not `st`: number → countries (`A|B`); poi/subtype-numbers.ts. */
    stIn?: Record<string, string>;
    key: string;
    family: string;
    icon: number;
    singular: Labels;
    plural: Labels;
    modes: number[];
    variants: 'none' | 'brand' | 'line' | 'motorway';
    match: Rule[];
    transit?: TransitModeConfig;
    brands?: Brand[];
    /** Places of this sub-type with one operator within 100 m are halls of one venue, listed once. */
    venueHalls?: boolean;
}

export interface CategoryConfig {
    ct: number;
    key: string;
    iconId: string;
    /** The category's icon number (`i` of /categories' top level). */
    icon: number;
    labels: Labels;
    subtypes: SubtypeConfig[];
}

export interface EnrichmentEntry {
    key: string;
    group: string;
    id: number;
}

export interface CategoriesFile {
    version: number;
    languages: string[];
    families: Record<string, Labels>;
    categories: CategoryConfig[];
    enrichment: Record<string, EnrichmentEntry[]>;
    modes: Record<string, Labels>;
}

/** The 14-digit place type id CCCC SSSS VVVVVV (category 1000 + ct). */
export function typeId(ct: number, st: number, variant: number): number {
    return (1000 + ct) * 1e10 + st * 1e6 + variant;
}

export function splitTypeId(id: number): {ct: number; st: number; variant: number} {
    const category = Math.floor(id / 1e10);
    const st = Math.floor((id % 1e10) / 1e6);
    return {ct: category - 1000, st, variant: id % 1e6};
}

/** A rule compiled for fast tests against a tag view. */
class CompiledRule {
    private readonly tags: [string, Set<string> | null][];
    private readonly notTags: [string, Set<string> | null][];
    private readonly listTags: [string, Set<string>][];
    private readonly name: RegExp | null;
    private readonly notName: RegExp | null;
    private readonly routes: Set<string> | null;
    private readonly notRoutes: Set<string> | null;

    /** `country`: the region's, so its own naming rules (`notNameIn`) apply; null outside a region. */
    constructor(rule: Rule, country: string | null) {
        const values = (v: string) => (v === '*' ? null : new Set(v.split('|')));
        this.tags = Object.entries(rule.tags ?? {}).map(([k, v]) => [k, values(v)]);
        this.notTags = Object.entries(rule.notTags ?? {}).map(([k, v]) => [k, values(v)]);
        this.listTags = Object.entries(rule.listTags ?? {}).map(([k, v]) => [k, new Set(v.split('|'))]);
        this.name = rule.name ? new RegExp(rule.name, 'iu') : null;
        const notName = [rule.notName, country === null ? undefined : rule.notNameIn?.[country]].filter((n) => n);
        this.notName = notName.length ? new RegExp(notName.join('|'), 'iu') : null;
        this.routes = rule.routes ? new Set(rule.routes.split('|')) : null;
        this.notRoutes = rule.notRoutes ? new Set(rule.notRoutes.split('|')) : null;
    }

    /** `routes`: the `route` values of the route relations the object belongs to (null: none). */
    test(tags: OsmTags, routes: ReadonlySet<string> | null): boolean {
        if (this.routes !== null && !intersects(this.routes, routes)) return false;
        if (this.notRoutes !== null && intersects(this.notRoutes, routes)) return false;
        for (const [k, set] of this.tags) {
            const v = tags.get(k);
            if (v === undefined || set !== null && !set.has(v)) return false;
        }
        for (const [k, set] of this.notTags) {
            const v = tags.get(k);
            if (v !== undefined && (set === null || set.has(v))) return false;
        }
        for (const [k, set] of this.listTags) {
            const v = tags.get(k);
            if (v === undefined || !listMatches(v, set)) return false;
        }
        if (this.name !== null && !namesMatch(tags, this.name)) return false;
        if (this.notName !== null && namesMatch(tags, this.notName)) return false;
        return true;
    }

    /** The first tag key this rule requires, to skip objects cheaply. */
    get requiredKey(): string | null {
        return this.tags.length ? this.tags[0][0] : null;
    }
}

function intersects(wanted: Set<string>, have: ReadonlySet<string> | null): boolean {
    if (have === null) return false;
    for (const r of have) if (wanted.has(r)) return true;
    return false;
}

function listMatches(value: string, set: Set<string>): boolean {
    for (const raw of value.split(/[;,]/)) {
        const token = raw.trim();
        if (set.has(token)) return true;
        const range = /^(\d+)\s*-\s*(\d+)$/.exec(token);
        if (range) {
            for (let i = Number(range[1]); i <= Number(range[2]); i++) if (set.has(String(i))) return true;
        }
    }
    return false;
}

const LOCALIZED_NAME = /^name:[a-z]{2,3}(-[A-Za-z]{2,8})?$/;

function namesMatch(tags: OsmTags, re: RegExp): boolean {
    for (let i = 0; i < tags.count; i++) {
        const k = tags.key(i);
        if ((k === 'name' || LOCALIZED_NAME.test(k)) && re.test(tags.value(i))) return true;
    }
    return false;
}

export interface CompiledSubtype {
    category: CategoryConfig;
    subtype: SubtypeConfig;
    rules: CompiledRule[];
    brands: {brand: Brand; re: RegExp}[];
}

/** All sub-types with compiled rules; `match` lists the sub-types an object belongs to. */
export class CategoryMatcher {
    readonly file: CategoriesFile;
    readonly subtypes: CompiledSubtype[] = [];
    /** Tag keys that any rule requires first: objects with none of them are skipped at once. */
    private readonly keys: Set<string>;

    /**
     * `country`: the region being built; rules limited to other countries are left out and the country's
     * own name exclusions added. Null: every rule, no country's exclusions.
     */
    constructor(file: CategoriesFile = loadCategories(), country: string | null = null) {
        this.file = file;
        const keys = new Set<string>();
        let everyRuleKeyed = true;
        for (const category of file.categories) {
            for (const subtype of category.subtypes) {
                const rules = subtype.match
                    .filter((r) => r.countries === undefined || country !== null && r.countries.split('|').includes(country))
                    .map((r) => new CompiledRule(r, country));
                for (const r of rules) {
                    const k = r.requiredKey;
                    if (k === null) everyRuleKeyed = false;
                    else keys.add(k);
                }
                const brands = (subtype.brands ?? []).map((brand) => ({brand, re: new RegExp(brand.match, 'iu')}));
                this.subtypes.push({category, subtype, rules, brands});
            }
        }
        if (!everyRuleKeyed) throw new Error('data/categories.json: every rule must require at least one tag');
        this.keys = keys;
    }

    /**
     * Fills `out` with the indices of the sub-types the tags belong to; returns the count.
     * `routes`: the `route` values of the route relations the object is a member of, if any.
     */
    match(tags: OsmTags, out: number[], routes: ReadonlySet<string> | null = null): number {
        out.length = 0;
        let candidate = false;
        for (let i = 0; i < tags.count; i++) {
            if (this.keys.has(tags.key(i))) {
                candidate = true;
                break;
            }
        }
        if (!candidate) return 0;
        for (let s = 0; s < this.subtypes.length; s++) {
            const rules = this.subtypes[s].rules;
            for (let r = 0; r < rules.length; r++) {
                if (rules[r].test(tags, routes)) {
                    out.push(s);
                    break;
                }
            }
        }
        return out.length;
    }

    /**
     * The brand of a retail place, tested on brand, name and operator; null when none matches. With a
     * `country`, a chain that does not trade there is only taken from an explicit `brand` tag: a Maltese
     * shop named "safeway" is not the Canadian chain.
     */
    brandOf(s: number, tags: OsmTags, country: string | null = null): Brand | null {
        const brands = this.subtypes[s].brands;
        if (brands.length === 0) return null;
        const fields = [tags.get('brand'), tags.get('name'), tags.get('operator')];
        for (let i = 0; i < fields.length; i++) {
            const f = fields[i];
            if (f === undefined) continue;
            for (const b of brands) {
                if (!b.re.test(f)) continue;
                if (i === 0 || country === null || b.brand.countries.includes(country)) return b.brand;
            }
        }
        return null;
    }
}

export function loadCategories(): CategoriesFile {
    return readConfigJson<CategoriesFile>('categories.json');
}
