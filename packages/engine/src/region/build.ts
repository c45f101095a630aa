// Compiles a region bundle: reads the region's OSM extracts in three passes (relations, ways,
// nodes), feeds every builder, and writes one section file per capability plus a manifest.
// Everything goes to a temporary folder renamed into place at the end; a bundle whose sources
// and configuration are unchanged is left as it is.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {CONFIG_DIR} from '../config/data-files.js';
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder, buildBorderSection} from '../geo/border.js';
import {Section} from '../format/section.js';
import {contract} from '../ch/contract.js';
import {RoadGraphBuilder, type RoadGraphStats} from '../graph/builder.js';
import {MODES} from '../graph/profiles.js';
import {RoadGraph} from '../graph/road-graph.js';
import {turnCosts} from '../graph/turn-costs.js';
import {withDerivedArrays} from '../graph/derived.js';
import {PlacesBuilder} from '../geocode/builder.js';
import {transitStations} from '../geocode/stations.js';
import {OsmIdSet} from '../osm/id-set.js';
import {readOsmPbf, type OsmHeader, type OsmVisitor} from '../osm/pbf.js';
import {PoiBuilder} from '../poi/builder.js';
import {CategoryMatcher} from '../poi/categories.js';
import {MapDataBuilder} from '../map-data/map-builder.js';
import {buildTransitSection} from '../transit/build/compile.js';
import {parseDepartureWindow} from '../transit/query/departure-window.js';
import {TransitNetwork} from '../transit/query/network.js';
import {Progress} from '../util/progress.js';
import {NodeStore} from './node-store.js';
import {countryConfig, resolveSource, type RegionConfig} from './config.js';
import {COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, Coverage, buildCoverageSection} from './coverage.js';
import {Places} from '../geocode/places.js';
import {MapData} from '../map-data/map-data.js';
import {buildTileArchive} from '../tiles/tile-archive.js';
import {NaturalEarth} from '../tiles/natural-earth.js';
import {CH_SECTIONS, MANIFEST_FILE, MANIFEST_FORMAT, SECTION_FILES, type RegionManifest} from './manifest.js';

/** Bumped whenever the build's output changes for the same input. */
export const BUILD_VERSION = 4;

export interface BuildOptions {
    dataRoot: string;
    outDir: string;
    force?: boolean;
    quiet?: boolean;
    log?: (line: string) => void;
}

export interface BuildResult {
    dir: string;
    skipped: boolean;
    manifest: RegionManifest;
    seconds: number;
}

/** Builds (or skips, when up to date) the bundle of one region into outDir/<country>. */
export function buildRegion(config: RegionConfig, options: BuildOptions): BuildResult {
    const started = performance.now();
    const country = countryConfig(config.country);
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    const dir = path.join(options.outDir, country.code);
    const sources = config.osm.map((f) => resolveSource(options.dataRoot, f));
    for (const file of sources) {
        if (!fs.existsSync(file)) {
            throw new Error(`region ${country.code}: OSM extract not found: ${file}. Set QUARTIER_DATA (or --data) to the folder holding the data, or fix data/regions.json.`);
        }
    }
    const sourceInfo = sources.map((file) => ({path: file, bytes: fs.statSync(file).size, sha256: sha256File(file)}));
    // GTFS feeds (zip files or folders): their hashes join the input hash, so a changed feed rebuilds.
    const gtfsFiles = (config.gtfs ?? []).map((f) => resolveSource(options.dataRoot, f));
    for (const file of gtfsFiles) {
        if (!fs.existsSync(file)) {
            throw new Error(`region ${country.code}: GTFS feed not found: ${file}. Set QUARTIER_DATA (or --data) to the folder holding the data, or fix the region's gtfs list.`);
        }
    }
    const gtfsInfo = gtfsFiles.map((file) => ({path: file, bytes: sourceBytes(file), sha256: sha256Source(file)}));
    let transitWindow;
    try {
        transitWindow = config.transitWindow !== undefined || config.transitPercentile !== undefined
            ? parseDepartureWindow(config.transitWindow ?? '07:30-08:30', config.transitPercentile ?? 50) : undefined;
    } catch (err) {
        throw new Error(`region ${country.code}: ${(err as Error).message}; fix transitWindow / transitPercentile in data/regions.json`);
    }
    const inputHash = hashInputs(config, sourceInfo.map((s) => s.sha256).concat(gtfsInfo.map((g) => g.sha256)));

    const existing = readManifest(dir);
    if (!options.force && existing && existing.inputHash === inputHash && existing.format === MANIFEST_FORMAT) {
        if (!options.quiet) log(`${country.code}: up to date (${dir})`);
        return {dir, skipped: true, manifest: existing, seconds: (performance.now() - started) / 1000};
    }

    const progress = new Progress(`build ${country.code}`, process.stderr, options.quiet);
    const tmp = path.join(options.outDir, `.${country.code}.${process.pid}.tmp`);
    fs.rmSync(tmp, {recursive: true, force: true});
    fs.mkdirSync(tmp, {recursive: true});
    try {
        const nodes = new NodeStore();
        // Let go of once built (null): a country's road and POI drafts are gigabytes the later stages do not need.
        let roads: RoadGraphBuilder | null = new RoadGraphBuilder(nodes);
        let roadStats: RoadGraphStats | null = null;
        let pois: PoiBuilder | null = new PoiBuilder(nodes, new CategoryMatcher(undefined, country.code), country.code);
        const places = new PlacesBuilder(nodes);
        const map = new MapDataBuilder(nodes);
        const routingFiles = config.routingFiles ?? sources.length;
        // Reading is about a third of the work, contraction the rest.
        const readBytes = sourceInfo.reduce((s, f) => s + f.bytes, 0) * 3;
        const totalBytes = readBytes * 3;
        let doneBytes = 0;
        const pass = (stage: string, visitorFor: (fileIndex: number) => OsmVisitor): OsmHeader[] => {
            const headers: OsmHeader[] = [];
            // Overlapping extracts share objects: each is read from the first file holding it.
            const ids = sources.length > 1 ? new OsmIdSet() : null;
            sources.forEach((file, fileIndex) => {
                const base = doneBytes;
                const visitor = visitorFor(fileIndex);
                headers.push(readOsmPbf(file, ids ? firstCopyOnly(visitor, ids, fileIndex < sources.length - 1) : visitor, {
                    onProgress: (read) => progress.update(`${stage} ${path.basename(file)}`, (base + read) / totalBytes)
                }));
                ids?.endFile();
                doneBytes += sourceInfo[fileIndex].bytes;
            });
            return headers;
        };

        const headers = pass('relations', (i) => ({
            relation: (r) => {
                if (i < routingFiles) roads!.addRelation(r);
                pois!.addRelation(r);
                places.addRelation(r);
                map.addRelation(r);
            }
        }));
        pass('ways', (i) => ({
            way: (w) => {
                if (i < routingFiles) roads!.addWay(w);
                pois!.addWay(w);
                places.addWay(w);
                map.addWay(w);
            }
        }));
        nodes.seal();
        pass('nodes', (i) => ({
            node: (n) => {
                nodes.visit(n);
                if (i < routingFiles) roads!.addNode(n);
                pois!.addNode(n);
                places.addNode(n);
                map.addNode(n);
            }
        }));

        progress.update('road graph', readBytes / totalBytes);
        let built: Uint8Array | null = null;
        ({section: built, stats: roadStats} = roads.build());
        roads = null;
        // With what threads would otherwise derive from it on their first road request (graph/derived.ts).
        const roadsSection = withDerivedArrays(RoadGraph.from(built.buffer as ArrayBuffer, built.byteOffset, built.byteLength));
        built = null;
        write(tmp, 'roads', roadsSection);
        // Contraction hierarchies, one per mode, from the graph just written.
        const graph = RoadGraph.from(roadsSection.buffer as ArrayBuffer, roadsSection.byteOffset, roadsSection.byteLength);
        const chSeconds: Record<string, number> = {};
        for (let m = 0; m < MODES.length; m++) {
            const started = performance.now();
            const share = (readBytes + (m / MODES.length) * (totalBytes - readBytes)) / totalBytes;
            const bytes = contract(graph, m, {
                turns: turnCosts(graph, m),
                onProgress: (done) => progress.update(`contracting ${MODES[m]}`, share + done * (totalBytes - readBytes) / totalBytes / MODES.length)
            });
            write(tmp, CH_SECTIONS[m], bytes);
            chSeconds[MODES[m]] = Math.round((performance.now() - started) / 10) / 100;
        }
        // Public transport: the feeds compiled for RAPTOR, stops attached to the foot network just built.
        let transitStats: unknown = null;
        if (gtfsFiles.length > 0) {
            const started = performance.now();
            const transit = buildTransitSection(gtfsFiles, graph, {
                timezone: country.timezone,
                transitDate: config.transitDate,
                onProgress: (stage) => progress.update(`transit: ${stage}`, 1),
                log: options.quiet ? () => {} : log
            });
            write(tmp, 'transit', transit.section);
            const network = TransitNetwork.from(transit.section.buffer as ArrayBuffer, transit.section.byteOffset, transit.section.byteLength);
            pois.addTransitLines(network);
            for (const s of transitStations(network)) places.addStation(s.name, s.lat, s.lon);
            transitStats = {seconds: Math.round((performance.now() - started) / 10) / 100, ...transit.meta};
        }
        progress.update('POIs', 1);
        const poisOut = pois.build();
        pois = null;
        write(tmp, 'pois', poisOut.section);
        // Geocoding keeps only what lies inside the country (extracts overlap their neighbours).
        const borderSection = buildBorderSection(country.borderCode);
        const border = CountryBorder.from(Section.from(borderSection.buffer as ArrayBuffer, BORDER_SECTION_KIND,
            BORDER_SECTION_VERSION, borderSection.byteOffset, borderSection.byteLength));
        progress.update('geocoding index', 1);
        const placesOut = places.build(border, country.cityAdminLevel);
        write(tmp, 'places', placesOut.section);
        progress.update('coverage', 1);
        const coverageOut = buildCoverageSection(graph, border, headers.slice(0, routingFiles).map((h) => h.bbox), config.wholeCountry === true);
        write(tmp, 'coverage', coverageOut.section);
        progress.update('map data', 1);
        const mapOut = map.build();
        write(tmp, 'map', mapOut.section);
        // Vector tiles are cut from the sections just built, read back as the server reads them.
        const reopen = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;
        const tilesOut = buildTileArchive(MapData.from(reopen(mapOut.section)), Places.from(reopen(placesOut.section)),
            new Coverage(Section.from(reopen(coverageOut.section), COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION)),
            (zoom) => progress.update(`vector tiles, zoom ${zoom}`, 1));
        write(tmp, 'tiles', tilesOut.section);
        progress.update('border', 1);
        write(tmp, 'border', borderSection);

        const seconds = (performance.now() - started) / 1000;
        const manifest: RegionManifest = {
            format: MANIFEST_FORMAT,
            buildVersion: BUILD_VERSION,
            country: country.code,
            name: config.name ?? country.name.EN ?? country.code,
            inputHash,
            builtAt: new Date().toISOString(),
            buildSeconds: Math.round(seconds * 100) / 100,
            sources: sourceInfo.map((s, i) => ({
                path: s.path, bytes: s.bytes, sha256: s.sha256, role: i < routingFiles ? 'roads+places' : 'places',
                date: sourceDate(headers[i].replicationTimestamp, s.path)
            })).concat(gtfsInfo.map((g) => ({path: g.path, bytes: g.bytes, sha256: g.sha256, role: 'transit', date: null}))),
            sections: Object.fromEntries(Object.entries(SECTION_FILES).filter(([, f]) => fs.existsSync(path.join(tmp, f)))
                .map(([k, f]) => [k, {file: f, bytes: fs.statSync(path.join(tmp, f)).size}])),
            transitWindow,
            stats: {roads: roadStats, contractionSeconds: chSeconds, transit: transitStats, pois: poisOut.stats, places: placesOut.stats, map: mapOut.stats, tiles: tilesOut.stats, coverage: coverageOut.stats, nodesRead: nodes.ids.length}
        };
        fs.writeFileSync(path.join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
        // Swap the finished folder into place: the old bundle stays whole until the rename.
        const old = `${dir}.${process.pid}.old`;
        if (fs.existsSync(dir)) fs.renameSync(dir, old);
        fs.renameSync(tmp, dir);
        fs.rmSync(old, {recursive: true, force: true});
        progress.done(`built in ${seconds.toFixed(1)} s: ${roadStats.nodes} road nodes, ${roadStats.edges} edges, ${poisOut.stats.records} POI records, ${placesOut.stats.addresses} addresses`);
        return {dir, skipped: false, manifest, seconds};
    } catch (err) {
        fs.rmSync(tmp, {recursive: true, force: true});
        throw err;
    }
}

function write(dir: string, section: keyof typeof SECTION_FILES, bytes: Uint8Array): void {
    fs.writeFileSync(path.join(dir, SECTION_FILES[section]), bytes);
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

/** A visitor that skips objects an earlier file held, recording the ids it passes on when more files follow. */
function firstCopyOnly(visitor: OsmVisitor, ids: OsmIdSet, record: boolean): OsmVisitor {
    const first = <T extends {id: number}>(visit: ((o: T) => void) | undefined) => visit && ((o: T) => {
        if (ids.seenBefore(o.id)) return;
        if (record) ids.add(o.id);
        visit(o);
    });
    return {node: first(visitor.node), way: first(visitor.way), relation: first(visitor.relation)};
}
