// Compiles a region bundle: reads the region's OSM extracts in three passes (relations, ways,
// nodes), feeds every builder, and writes one section file per capability plus a manifest.
// Everything goes to a temporary folder renamed into place at the end; a bundle whose sources
// and configuration are unchanged is left as it is.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {CONFIG_DIR} from '../config/data-files.js';
import {RoadGraphBuilder} from '../graph/builder.js';
import {PlacesBuilder} from '../geocode/index.js';
import type {OsmHeader} from '../osm/pbf.js';
import {PoiBuilder} from '../poi/builder.js';
import {CategoryMatcher} from '../poi/categories.js';
import {MapDataBuilder} from '../map-data/map-builder.js';
import {parseDepartureWindow} from '../transit/query/departure-window.js';
import {sectionFileChecksum} from '../format/section.js';
import {Progress} from '../util/progress.js';
import {NodeStore} from '../osm/node-store.js';
import {buildRoot, countryConfig, dataRoot, resolveSource, type RegionConfig} from '../config/regions.js';
import {NaturalEarth} from '../tiles/natural-earth.js';
import {MANIFEST_FILE, MANIFEST_FORMAT, SECTION_FILES, type RegionManifest} from './manifest.js';
import {readOsm} from './build-stages/read-osm.js';
import {PlacesThread} from './build-stages/places-thread.js';
import {hashSectionCode} from './build-stages/code-hash.js';
import {buildLookupSections, buildRoads, buildTransit} from './build-stages/sections.js';
import {buildPoiSearches} from './build-stages/poi-searches.js';
import type {RegionBuild, SourceInfo} from './build-stages/state.js';
import {readRegionOsm, regionOsmDir, withRegionOsm, type RegionOsmState} from './region-osm.js';

/** Bumped whenever the build's output changes for the same input. */
export const BUILD_VERSION = 4;

export interface BuildOptions {
    /** The folder of the OSM extracts and GTFS feeds; default: QUARTIER_DATA (config/regions.ts dataRoot()). */
    dataRoot?: string;
    /** Where the bundle folder goes; default: QUARTIER_BUILD, else ./build/regions (buildRoot()). */
    outDir?: string;
    force?: boolean;
    quiet?: boolean;
    log?: (line: string) => void;
    /**
     * The region's own OSM data to build from (region-osm.ts; update-region passes the one it just made); default:
     * what the bundle folder's store holds, else the regions file's extracts.
     */
    regionOsm?: RegionOsmState | null;
}

export interface BuildResult {
    dir: string;
    skipped: boolean;
    manifest: RegionManifest;
    seconds: number;
}

/** What a build reads, checked to exist, and the hash of everything its output depends on. */
interface RegionInputs {
    sources: string[];
    sourceInfo: SourceInfo[];
    gtfsFiles: string[];
    gtfsInfo: SourceInfo[];
    transitWindow: RegionManifest['transitWindow'];
    inputHash: string;
}

/**
 * Builds (or skips, when up to date) the bundle of one region into outDir/<country>, in stages: the
 * inputs checked and hashed, the OSM extracts read (build-stages/read-osm.ts), the sections built
 * (build-stages/sections.ts) into a temporary folder, the manifest written, the folder swapped into place.
 */
export function buildRegion(configured: RegionConfig, options: BuildOptions = {}): BuildResult {
    const started = performance.now();
    const country = countryConfig(configured.country);
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    const outDir = options.outDir ?? buildRoot();
    const dir = path.join(outDir, country.code);
    const root = options.dataRoot ?? dataRoot();
    const kept = options.regionOsm !== undefined ? options.regionOsm : readRegionOsm(outDir, country.code, configured, root, log);
    const config = kept ? withRegionOsm(configured, kept, outDir, country.code) : configured;
    const existing = readManifest(dir);
    const elsewhere = !options.force && kept === null && existing ? updatedElsewhere(existing, outDir, country.code) : null;
    if (elsewhere) {
        // A replica's folder with a bundle staged and updated in another (tools/rolling-update.js): a build from the
        // regions file would silently undo the update.
        log(`${country.code}: the bundle in ${dir} was built from an updated extract that ${outDir} does not hold (${elsewhere}): `
            + 'kept as it is; `--force` builds it from the regions file again');
        return {dir, skipped: true, manifest: existing!, seconds: (performance.now() - started) / 1000};
    }
    const inputs = regionInputs(config, country.code, root);
    if (!options.force && existing && existing.inputHash === inputs.inputHash && existing.format === MANIFEST_FORMAT) {
        if (!options.quiet) log(`${country.code}: up to date (${dir})`);
        return {dir, skipped: true, manifest: existing, seconds: (performance.now() - started) / 1000};
    }

    hashSectionCode(engineCodeHash());
    const progress = new Progress(`build ${country.code}`, process.stderr, options.quiet);
    const tmp = path.join(outDir, `.${country.code}.${process.pid}.tmp`);
    fs.rmSync(tmp, {recursive: true, force: true});
    fs.mkdirSync(tmp, {recursive: true});
    const previous = !options.force && existing?.format === MANIFEST_FORMAT ? {dir, manifest: existing} : null;
    const {sources, sourceInfo} = inputs;
    // An update's geocoding index, on the second core beside the rest (build-stages/places-thread.ts).
    const placesThread = PlacesThread.wanted(previous)
        ? new PlacesThread({sources, sourceInfo, borderCode: country.borderCode, cityLevel: country.cityAdminLevel}) : null;
    try {
        const nodes = new NodeStore();
        // Reading is about a third of the work, contraction the rest.
        const readBytes = sourceInfo.reduce((s, f) => s + f.bytes, 0) * 3;
        const b: RegionBuild = {
            config, country, sources, sourceInfo, routingFiles: config.routingFiles ?? sources.length, tmp, progress,
            readBytes, totalBytes: readBytes * 3, doneBytes: 0,
            nodes, roads: new RoadGraphBuilder(nodes), pois: new PoiBuilder(nodes, new CategoryMatcher(undefined, country.code), country.code),
            places: new PlacesBuilder(nodes), map: new MapDataBuilder(nodes), placesThread, stations: [],
            // A forced build builds every section; otherwise those of the same inputs come from the bundle replaced.
            codeHash: engineCodeHash(), previous,
            sectionInputs: {}, sectionFacts: {}, reused: []
        };
        const headers = readOsm(b);
        const {graph, roads, roadStats, chSeconds, recontracted} = buildRoads(b);
        const transitStats = buildTransit(b, inputs.gtfsInfo, graph, roads, inputs.transitWindow, log, options.quiet);
        placesThread?.sendStations(b.stations);
        // The area the extracts were cut to: an updated extract keeps its base's (osmium writes none).
        const boxes = kept?.file ? kept.boxes : headers.slice(0, b.routingFiles).map((h) => h.bbox);
        const lookups = buildLookupSections(b, graph, roads, boxes);
        const poiSearches = buildPoiSearches(b, graph, log);

        const seconds = (performance.now() - started) / 1000;
        const manifest = regionManifest(b, inputs, headers, seconds, {
            roads: roadStats, contractionSeconds: chSeconds, ...(Object.keys(recontracted).length > 0 ? {recontracted} : {}), transit: transitStats, pois: lookups.pois, places: lookups.places, map: lookups.map,
            tiles: lookups.tiles, coverage: lookups.coverage, poiSearches, nodesRead: nodes.ids.length, placesOnThread: placesThread !== null
        });
        fs.writeFileSync(path.join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
        // Swap the finished folder into place: the old bundle stays whole until the rename.
        const old = `${dir}.${process.pid}.old`;
        if (fs.existsSync(dir)) fs.renameSync(dir, old);
        fs.renameSync(tmp, dir);
        fs.rmSync(old, {recursive: true, force: true});
        progress.done(`built in ${seconds.toFixed(1)} s: ${roadStats.nodes} road nodes, ${roadStats.edges} edges, ${lookups.poiRecords} POI records, ${lookups.addresses} addresses`
            + (b.reused.length ? `; reused from the previous bundle (same inputs): ${b.reused.join(', ')}` : ''));
        return {dir, skipped: false, manifest, seconds};
    } catch (err) {
        placesThread?.stop();
        fs.rmSync(tmp, {recursive: true, force: true});
        throw err;
    }
}

/** The region's OSM extracts and GTFS feeds (each must exist), its departure window, and the input hash. */
function regionInputs(config: RegionConfig, code: string, dataRoot: string): RegionInputs {
    const sources = config.osm.map((f) => resolveSource(dataRoot, f));
    for (const file of sources) {
        if (!fs.existsSync(file)) {
            throw new Error(`region ${code}: OSM extract not found: ${file}. Set QUARTIER_DATA (or --data) to the folder holding the data, or fix data/regions.json.`);
        }
    }
    const sourceInfo = sources.map((file) => ({path: file, bytes: fs.statSync(file).size, sha256: sha256File(file)}));
    // GTFS feeds (zip files or folders): their hashes join the input hash, so a changed feed rebuilds.
    const gtfsFiles = (config.gtfs ?? []).map((f) => resolveSource(dataRoot, f));
    for (const file of gtfsFiles) {
        if (!fs.existsSync(file)) {
            throw new Error(`region ${code}: GTFS feed not found: ${file}. Set QUARTIER_DATA (or --data) to the folder holding the data, or fix the region's gtfs list.`);
        }
    }
    const gtfsInfo = gtfsFiles.map((file) => ({path: file, bytes: sourceBytes(file), sha256: sha256Source(file)}));
    let transitWindow;
    try {
        transitWindow = config.transitWindow !== undefined || config.transitPercentile !== undefined
            ? parseDepartureWindow(config.transitWindow ?? '07:30-08:30', config.transitPercentile ?? 50) : undefined;
    } catch (err) {
        throw new Error(`region ${code}: ${(err as Error).message}; fix transitWindow / transitPercentile in data/regions.json`);
    }
    const inputHash = hashInputs(config, sourceInfo.map((s) => s.sha256).concat(gtfsInfo.map((g) => g.sha256)));
    return {sources, sourceInfo, gtfsFiles, gtfsInfo, transitWindow, inputHash};
}

/** The manifest of the sections written to the build's folder. */
function regionManifest(b: RegionBuild, inputs: RegionInputs, headers: OsmHeader[], seconds: number, stats: RegionManifest['stats']): RegionManifest {
    const {config, country, tmp, routingFiles} = b;
    return {
        format: MANIFEST_FORMAT,
        buildVersion: BUILD_VERSION,
        country: country.code,
        name: config.name ?? country.name.EN ?? country.code,
        inputHash: inputs.inputHash,
        builtAt: new Date().toISOString(),
        buildSeconds: Math.round(seconds * 100) / 100,
        sources: inputs.sourceInfo.map((s, i) => ({
            path: s.path, bytes: s.bytes, sha256: s.sha256, role: i < routingFiles ? 'roads+places' : 'places',
            date: sourceDate(headers[i].replicationTimestamp, s.path)
        })).concat(inputs.gtfsInfo.map((g) => ({path: g.path, bytes: g.bytes, sha256: g.sha256, role: 'transit', date: null}))),
        sections: Object.fromEntries(Object.entries(SECTION_FILES).filter(([, f]) => fs.existsSync(path.join(tmp, f)))
            .map(([k, f]) => [k, {file: f, bytes: fs.statSync(path.join(tmp, f)).size, inputs: b.sectionInputs[k as keyof typeof SECTION_FILES],
                checksum: sectionFileChecksum(path.join(tmp, f)), mtimeMs: fs.statSync(path.join(tmp, f)).mtimeMs, ...b.sectionFacts[k as keyof typeof SECTION_FILES]}])),
        reused: b.reused,
        transitWindow: inputs.transitWindow,
        stats
    };
}

/** The updated extract (region-osm.ts) a bundle was built from when it is another build folder's, else null. */
function updatedElsewhere(manifest: RegionManifest, outDir: string, code: string): string | null {
    const store = `${code}.osm`;
    const own = regionOsmDir(outDir, code);
    const source = manifest.sources?.find((s) => path.basename(path.dirname(s.path)) === store && path.dirname(s.path) !== own);
    return source?.path ?? null;
}

export function readManifest(dir: string): RegionManifest | null {
    try {
        return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as RegionManifest;
    } catch {
        return null;
    }
}

/** The extract's date: its header timestamp, else a YYYY-MM-DD in its file name, else null. */
function sourceDate(timestamp: number, file: string): string | null {
    if (timestamp) return new Date(timestamp * 1000).toISOString();
    const m = /(\d{4}-\d{2}-\d{2})/.exec(path.basename(file));
    return m ? `${m[1]}T00:00:00.000Z` : null;
}

let codeHash: string | null = null;

/** Hash of the engine's compiled code: a profile or builder change must rebuild the bundles. */
function engineCodeHash(): string {
    if (codeHash !== null) return codeHash;
    const h = crypto.createHash('sha256');
    const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (entry.name.endsWith('.js')) h.update(entry.name).update(fs.readFileSync(full));
        }
    };
    walk(srcRoot);
    return (codeHash = h.digest('hex'));
}

function sha256File(file: string): string {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** SHA-256 of a file, or of a folder's files (names and contents, in name order). */
function sha256Source(file: string): string {
    if (!fs.statSync(file).isDirectory()) return sha256File(file);
    const h = crypto.createHash('sha256');
    for (const name of fs.readdirSync(file).sort()) {
        const full = path.join(file, name);
        if (fs.statSync(full).isFile()) h.update(name).update(fs.readFileSync(full));
    }
    return h.digest('hex');
}

function sourceBytes(file: string): number {
    if (!fs.statSync(file).isDirectory()) return fs.statSync(file).size;
    let n = 0;
    for (const name of fs.readdirSync(file)) n += fs.statSync(path.join(file, name)).size;
    return n;
}

/** Hash of everything the output depends on: sources, region config, data/ files, the engine's code. */
function hashInputs(config: RegionConfig, sourceHashes: string[]): string {
    const h = crypto.createHash('sha256');
    h.update(`build ${BUILD_VERSION}\n`);
    h.update(engineCodeHash());
    h.update(`world-atlas ${NaturalEarth.version()}\n`);
    h.update(JSON.stringify({...config, osm: undefined}));
    for (const s of sourceHashes) h.update(s);
    for (const f of ['countries.json', 'categories.json']) {
        h.update(fs.readFileSync(path.join(CONFIG_DIR, f)));
    }
    return h.digest('hex');
}
