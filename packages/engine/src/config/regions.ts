// Region configuration: which OSM extracts and GTFS feeds make up a country's region, where the
// data root is, and where built bundles go. The defaults live in data/regions.json.
import fs from 'node:fs';
import path from 'node:path';
import {readConfigJson, CONFIG_DIR, IN_REPOSITORY} from './data-files.js';

export interface RegionConfig {
    /** Country code of the sub-domain (BE, PT, ...). */
    country: string;
    /** The area's human name, for messages ("Brussels-Capital Region"); default: the country's English name. */
    name?: string;
    /** OSM extracts, relative to the data root (or absolute). Routing uses the first `routingFiles`. */
    osm: string[];
    /** How many of the `osm` files feed the road networks; the rest add POIs, addresses and places. */
    routingFiles?: number;
    /** GTFS feeds (zip files or folders), relative to the data root (or absolute). */
    gtfs?: string[];
    /** Overrides for the transit reference day (YYYY-MM-DD); see the transit docs. */
    transitDate?: string;
    /**
     * The departures a transit time stands for, "HH:MM-HH:MM" local time (default "07:30-08:30",
     * one a minute), and which percentile of their travel times answers (default 50, the median).
     */
    transitWindow?: string;
    transitPercentile?: number;
    /**
     * The extracts hold the whole country (Malta): the covered area ends at coasts and borders, not
     * where the data stops, so /enrichment's answers are complete up to the search radius.
     */
    wholeCountry?: boolean;
}

export interface CountryConfig {
    code: string;
    subdomain: string;
    borderCode: string;
    languages: string[];
    timezone: string;
    name: Record<string, string>;
    /** admin_level of the boundaries that name a result's city (its municipality); 8 when absent. */
    cityAdminLevel?: number;
}

/**
 * The folder relative defaults start from: the repository root (parent of data/), or the current
 * folder when the engine is an installed package.
 */
export const REPO_ROOT = IN_REPOSITORY ? path.dirname(CONFIG_DIR) : process.cwd();

/**
 * The data root: the flag, else QUARTIER_DATA, else ../shared/data beside the repository. An
 * installed package has no repository: there the flag or QUARTIER_DATA is required.
 */
export function dataRoot(flag?: string): string {
    const given = flag ?? process.env.QUARTIER_DATA;
    if (given === undefined && !IN_REPOSITORY) {
        throw new Error('name the folder of the OSM extracts and GTFS feeds: buildRegion(config, {dataRoot: "/path/to/data"}) or QUARTIER_DATA=/path/to/data');
    }
    return path.resolve(given ?? path.join(REPO_ROOT, '..', 'shared', 'data'));
}

/** Where built region bundles go (ignored by git): QUARTIER_BUILD, else build/regions (of the repository, or of the current folder). */
export function buildRoot(flag?: string): string {
    return path.resolve(flag ?? process.env.QUARTIER_BUILD ?? path.join(REPO_ROOT, 'build', 'regions'));
}

export function loadCountries(): Record<string, CountryConfig> {
    return readConfigJson<Record<string, CountryConfig>>('countries.json');
}

export function countryConfig(code: string): CountryConfig {
    const c = loadCountries()[code.toUpperCase()];
    if (!c) throw new Error(`unknown country code '${code}': see data/countries.json`);
    return c;
}

/**
 * The regions file chosen instead of data/regions.json: the flag (--regions-file), else QUARTIER_REGIONS_FILE, else
 * undefined (data/regions.json and the local regions file). Paths inside it are relative to the data root, as in
 * data/regions.json: an operator stages an update, and a test builds its own regions, without touching config/.
 */
export function regionsFile(flag?: string): string | undefined {
    const given = flag ?? process.env.QUARTIER_REGIONS_FILE;
    return given ? path.resolve(given) : undefined;
}

/** Regions added by users (quartier-build --country), kept out of git: QUARTIER_LOCAL_REGIONS or config/regions.local.json. */
export function localRegionsFile(): string {
    return path.resolve(process.env.QUARTIER_LOCAL_REGIONS ?? path.join(REPO_ROOT, 'config', 'regions.local.json'));
}

function readRegionsFile(file: string, required: boolean): RegionConfig[] {
    if (!required && !fs.existsSync(file)) return [];
    let parsed: {regions?: RegionConfig[]};
    try {
        parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {regions?: RegionConfig[]};
    } catch (err) {
        throw new Error(`cannot read the regions file ${file}: ${(err as Error).message} (QUARTIER_REGIONS_FILE or --regions-file names it)`);
    }
    if (!Array.isArray(parsed.regions)) throw new Error(`the regions file ${file} has no "regions" list: write {"regions": [{"country": "MT", "osm": ["mt-malta/malta.osm.pbf"]}]}`);
    return parsed.regions;
}

/**
 * Adds or replaces a user region in the local regions file, or in the chosen regions file when there is one
 * (written atomically).
 */
export function saveLocalRegion(config: RegionConfig, chosenFile = regionsFile()): void {
    countryConfig(config.country);
    const file = chosenFile ?? localRegionsFile();
    const regions = readRegionsFile(file, false).filter((r) => r.country !== config.country);
    regions.push({...config, osm: config.osm.map((f) => path.resolve(f)), gtfs: (config.gtfs ?? []).map((f) => path.resolve(f))});
    fs.mkdirSync(path.dirname(file), {recursive: true});
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({regions}, null, 2));
    fs.renameSync(tmp, file);
}

/**
 * The configured regions, optionally limited to some country codes: those of the chosen regions file (regionsFile())
 * when there is one, else data/regions.json with the local ones replacing or adding.
 */
export function loadRegionConfigs(only?: string[], chosenFile = regionsFile()): RegionConfig[] {
    let all: RegionConfig[];
    if (chosenFile) {
        all = readRegionsFile(chosenFile, true);
    } else {
        const local = readRegionsFile(localRegionsFile(), false);
        all = readConfigJson<{regions: RegionConfig[]}>('regions.json').regions
            .filter((r) => !local.some((l) => l.country === r.country)).concat(local);
    }
    if (!only || only.length === 0) return all;
    const wanted = new Set(only.map((c) => c.trim().toUpperCase()).filter(Boolean));
    for (const c of wanted) {
        if (!all.some((r) => r.country === c)) throw new Error(`no region is configured for '${c}' in ${chosenFile ?? 'data/regions.json'}`);
    }
    return all.filter((r) => wanted.has(r.country));
}

/** Country codes from QUARTIER_REGIONS (comma-separated), or undefined for all. */
export function regionsFromEnv(): string[] | undefined {
    const v = process.env.QUARTIER_REGIONS;
    return v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
}

export function resolveSource(root: string, file: string): string {
    return path.isAbsolute(file) ? file : path.join(root, file);
}
