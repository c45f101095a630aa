// Region build, the sections after reading: the road graph and its contraction hierarchies, the
// transit network, then POIs, places, coverage, map data, vector tiles and the border.
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder, borderSource, buildBorderSection} from '../../geo/border.js';
import {Section, sectionChecksum} from '../../format/section.js';
import path from 'node:path';
import {contract} from '../../ch/contract.js';
import {ContractionHierarchy} from '../../ch/hierarchy.js';
import type {PreviousContraction} from '../../ch/recontract.js';
import type {RoadGraphStats} from '../../graph/builder.js';
import {MODES} from '../../graph/profiles.js';
import {RoadGraph} from '../../graph/road-graph.js';
import {turnCosts} from '../../graph/turn-costs.js';
import {withDerivedArrays} from '../../graph/derived.js';
import {transitStations, type PlacesStats} from '../../geocode/index.js';
import {buildTransitSection} from '../../transit/build/compile.js';
import {TransitNetwork} from '../../transit/query/network.js';
import {DEFAULT_DEPARTURE_WINDOW, type DepartureWindow} from '../../transit/query/departure-window.js';
import {buildStopProfilesSection} from '../../transit/build/stop-profiles-build.js';
import {buildCoverageSection} from '../../coverage/coverage-builder.js';
import {CH_SECTIONS} from '../manifest.js';
import {writeSection as write, type RegionBuild} from './state.js';
import {builtSectionDigest, inputsOf, modeDigest, previousStats, readBuiltSection, readSectionFile, reuseSection, sectionDigest, unchangedSection} from './reuse.js';
import {buildTiles, tileInputs} from './tiles.js';

/** The road graph of the build, read from its section on first use (a graph reused and used by nothing rebuilt is never read). */
export type GraphSource = () => RoadGraph;

/**
 * The road graph written (with its derived arrays; or the previous bundle's linked, when what its builder read is
 * the same), and one contraction hierarchy per mode from it (or the previous bundle's, when the graph is the same
 * for that mode: reuse.ts). `roads`: the graph section's SHA-256, what the sections built from it hash as their input.
 */
export function buildRoads(b: RegionBuild): {graph: GraphSource; roads: string; roadStats: RoadGraphStats; chSeconds: Record<string, number | 'reused'>;
    recontracted: Record<string, number>} {
    const {tmp, progress, readBytes, totalBytes} = b;
    progress.update('road graph', readBytes / totalBytes);
    // The same ways, nodes and restrictions read (and code) as the previous bundle's: its graph, not built again.
    const reused = reuseSection(b, 'roads', inputsOf(b, 'roads', [b.roads!.inputDigest()]));
    let roadStats = previousStats(b, 'roads') as RoadGraphStats;
    let roadsSection: Uint8Array | null = null;
    if (!reused) {
        let built: Uint8Array | null = null;
        ({section: built, stats: roadStats} = b.roads!.build());
        b.roads = null;
        // With what threads would otherwise derive from it on their first road request (graph/derived.ts).
        roadsSection = withDerivedArrays(RoadGraph.from(built.buffer as ArrayBuffer, built.byteOffset, built.byteLength));
        built = null;
        write(tmp, 'roads', roadsSection);
    }
    b.roads = null;
    let graph: RoadGraph | null = null;
    const graphOf: GraphSource = () => {
        roadsSection ??= readBuiltSection(b, 'roads');
        return (graph ??= RoadGraph.from(roadsSection.buffer as ArrayBuffer, roadsSection.byteOffset, roadsSection.byteLength));
    };
    const roads = roadsSection ? sectionDigest(roadsSection) : builtSectionDigest(b, 'roads');
    // The graph as each mode sees it: recorded with a graph reused, else hashed.
    const modes = reused?.modes?.length === MODES.length ? reused.modes : MODES.map((_, m) => modeDigest(graphOf(), m));
    b.sectionFacts.roads = {sha256: roads, modes};
    // Contraction hierarchies, one per mode, from the graph just written.
    const chSeconds: Record<string, number | 'reused'> = {};
    const previousGraph: {graph?: RoadGraph | null} = {};
    // Per mode contracted again in part (ch/recontract.ts), the nodes searched again.
    const recontracted: Record<string, number> = {};
    for (let m = 0; m < MODES.length; m++) {
        if (reuseSection(b, CH_SECTIONS[m], inputsOf(b, CH_SECTIONS[m], [modes[m]]))) {
            chSeconds[MODES[m]] = 'reused';
            continue;
        }
        const started = performance.now();
        const share = (readBytes + (m / MODES.length) * (totalBytes - readBytes)) / totalBytes;
        const stats: {recontracted?: number} = {};
        const bytes = contract(graphOf(), m, {
            stats,
            turns: turnCosts(graphOf(), m),
            previous: previousContraction(b, m, previousGraph) ?? undefined,
            onProgress: (done) => progress.update(`contracting ${MODES[m]}`, share + done * (totalBytes - readBytes) / totalBytes / MODES.length)
        });
        write(tmp, CH_SECTIONS[m], bytes);
        chSeconds[MODES[m]] = Math.round((performance.now() - started) / 10) / 100;
        if (stats.recontracted !== undefined) recontracted[MODES[m]] = stats.recontracted;
    }
    return {graph: graphOf, roads, roadStats, chSeconds, recontracted};
}

/**
 * The previous bundle's hierarchy of mode m and road graph (read once for the modes, in `cache`), from which a small
 * road change contracts again only what it reaches (ch/recontract.ts); null when there is none to start from (a
 * forced build, a first build, a hierarchy recorded without witness reach, a file not as its manifest says).
 */
function previousContraction(b: RegionBuild, m: number, cache: {graph?: RoadGraph | null}): PreviousContraction | null {
    const sections = b.previous?.manifest.sections;
    const chEntry = sections?.[CH_SECTIONS[m]], roadsEntry = sections?.roads;
    if (!b.previous || !chEntry || !roadsEntry) return null;
    const chFile = path.join(b.previous.dir, chEntry.file), roadsFile = path.join(b.previous.dir, roadsEntry.file);
    try {
        if (!unchangedSection(chFile, chEntry)) return null;
        const bytes = readSectionFile(chFile);
        const hierarchy = ContractionHierarchy.from(bytes.buffer, m, bytes.byteOffset, bytes.byteLength);
        if (!hierarchy.section.has('witnessReach')) return null;
        if (cache.graph === undefined) {
            const roads = unchangedSection(roadsFile, roadsEntry) ? readSectionFile(roadsFile) : null;
            cache.graph = roads && RoadGraph.from(roads.buffer as ArrayBuffer, roads.byteOffset, roads.byteLength);
        }
        return cache.graph ? {hierarchy, graph: cache.graph} : null;
    } catch {
        return null;
    }
}

/**
 * Public transport: the feeds compiled for RAPTOR, stops attached to the foot network just built; its
 * lines go to the POIs' badges, its stations to the places. The transit stats, null without feeds.
 */
export function buildTransit(b: RegionBuild, feeds: {path: string; sha256: string}[], graph: GraphSource, roads: string,
    window: DepartureWindow | undefined, log: (line: string) => void, quiet: boolean | undefined): unknown {
    if (feeds.length === 0) return null;
    const {progress, country, config} = b;
    const started = performance.now();
    const inputs = inputsOf(b, 'transit', [roads, feeds.map((f) => f.sha256), country.timezone, config.transitDate]);
    let section: Uint8Array | null = null;
    let stats = previousStats(b, 'transit');
    if (reuseSection(b, 'transit', inputs)) {
        section = readBuiltSection(b, 'transit');
    } else {
        const transit = buildTransitSection(feeds.map((f) => f.path), graph(), {
            timezone: country.timezone,
            transitDate: config.transitDate,
            onProgress: (stage) => progress.update(`transit: ${stage}`, 1),
            log: quiet ? () => {} : log
        });
        write(b.tmp, 'transit', transit.section);
        section = transit.section;
        stats = {seconds: Math.round((performance.now() - started) / 10) / 100, ...transit.meta};
    }
    const network = TransitNetwork.from(section.buffer as ArrayBuffer, section.byteOffset, section.byteLength);
    const profileSeconds = buildStopProfiles(b, network, section, window ?? DEFAULT_DEPARTURE_WINDOW);
    b.pois!.addTransitLines(network);
    b.stations = transitStations(network);
    return stats === null ? null : {...stats as object, profileSeconds};
}

/**
 * Every stop's profile over the region's departure window (transit/build/stop-profiles-build.ts), or the previous
 * bundle's with the same transit section and window; no section when they would not fit. Seconds taken, or 'reused'.
 */
function buildStopProfiles(b: RegionBuild, network: TransitNetwork, transit: Uint8Array, window: DepartureWindow): number | 'reused' {
    // The transit section's header checksum (of all its bytes) stands for it: the section is in memory, not read again.
    const transitChecksum = sectionChecksum(transit.buffer, transit.byteOffset);
    if (reuseSection(b, 'stopProfiles', inputsOf(b, 'stopProfiles', [transitChecksum, window]))) return 'reused';
    b.progress.update('transit: stop profiles', 1);
    const started = performance.now();
    const section = buildStopProfilesSection(network, window, transitChecksum);
    if (section) write(b.tmp, 'stopProfiles', section);
    return Math.round((performance.now() - started) / 10) / 100;
}

/** The places section written: from the geocoding index's thread (places-thread.ts), else built here with the stations. */
function buildPlaces(b: RegionBuild, border: CountryBorder): {section: Uint8Array; stats: PlacesStats} {
    b.progress.update('geocoding index', 1);
    let out;
    if (b.placesThread) {
        out = b.placesThread.finish();
    } else {
        for (const s of b.stations) b.places!.addStation(s.name, s.lat, s.lon);
        out = b.places!.build(border, b.country.cityAdminLevel);
    }
    // Each builder let go of once built, as the roads' and POIs' are (a country's build at bff77fd ran out of node's
    // default 4 GB heap in the map data stage, the places' builder still held).
    b.places = null;
    write(b.tmp, 'places', out.section);
    return out;
}

/** The stats of the sections after the roads and transit, for the manifest. */
export interface LookupStats {
    pois: unknown;
    places: unknown;
    map: unknown;
    tiles: unknown;
    coverage: unknown;
    poiRecords: number;
    addresses: number;
}

/** POIs, places (inside the country's border), coverage (clipped to the extracts' header boxes), map data, vector tiles and the border. */
export function buildLookupSections(b: RegionBuild, graph: GraphSource, roads: string, boxes: ([number, number, number, number] | null)[]): LookupStats {
    const {tmp, progress, country, config} = b;
    progress.update('POIs', 1);
    const poisOut = b.pois!.build();
    b.pois = null;
    write(tmp, 'pois', poisOut.section);
    // Geocoding keeps only what lies inside the country (extracts overlap their neighbours). The border depends on
    // the country and the borders' package only: the previous bundle's when they are the same (no second of parsing).
    const borderReused = reuseSection(b, 'border', inputsOf(b, 'border', [country.borderCode, borderSource()])) !== null;
    const borderSection = borderReused ? readBuiltSection(b, 'border') : buildBorderSection(country.borderCode);
    const border = CountryBorder.from(Section.from(borderSection.buffer as ArrayBuffer, BORDER_SECTION_KIND,
        BORDER_SECTION_VERSION, borderSection.byteOffset, borderSection.byteLength));
    // Built here, the places first and let go of before the map data (heap); on a thread, waited for after the map data.
    let placesOut = b.placesThread ? null : buildPlaces(b, border);
    progress.update('coverage', 1);
    const wholeCountry = config.wholeCountry === true;
    let coverageStats = previousStats(b, 'coverage');
    if (!reuseSection(b, 'coverage', inputsOf(b, 'coverage', [roads, sectionDigest(borderSection), boxes, wholeCountry]))) {
        const coverageOut = buildCoverageSection(graph(), border, boxes, wholeCountry);
        write(tmp, 'coverage', coverageOut.section);
        coverageStats = coverageOut.stats;
    }
    progress.update('map data', 1);
    // The same ways, multipolygons, places, landmarks and nodes kept (and code) as the previous bundle's: its map data.
    let mapStats = previousStats(b, 'map');
    let mapSection: Uint8Array | null = null;
    if (!reuseSection(b, 'map', inputsOf(b, 'map', [b.map!.inputDigest()]))) {
        const mapOut = b.map!.build();
        write(tmp, 'map', mapOut.section);
        mapSection = mapOut.section;
        mapStats = mapOut.stats;
    }
    b.map = null;
    // With the places on a thread, what the tiles read besides them is read while the thread works.
    const tileSources = tileInputs(b, mapSection, placesOut === null);
    placesOut ??= buildPlaces(b, border);
    const tilesStats = buildTiles(b, tileSources, placesOut.section);
    b.placesThread?.release();
    progress.update('border', 1);
    if (!borderReused) write(tmp, 'border', borderSection);
    return {pois: poisOut.stats, places: placesOut.stats, map: mapStats, tiles: tilesStats, coverage: coverageStats,
        poiRecords: poisOut.stats.records, addresses: placesOut.stats.addresses};
}

