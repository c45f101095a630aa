// A built region, opened from its bundle folder, and the queries a service asks it. Every section is
// read once into a SharedArrayBuffer and reopened as views, so worker threads can share the same
// memory (pass regionSections(region).buffers to Region.fromBuffers in the worker). The sections
// themselves are private: regionSections() ('@quartier/engine/internal') reaches them.
import fs from 'node:fs';
import path from 'node:path';
import {ContractionHierarchy} from '../ch/hierarchy.js';
import {CHQuery} from '../ch/query.js';
import {threadScratch, type CHScratch} from '../ch/scratch.js';
import {Section, readFileShared, sectionChecksum, verifySection, type AnyBuffer} from '../format/section.js';
import {BORDER_SECTION_KIND, BORDER_SECTION_VERSION, CountryBorder} from '../geo/border.js';
import {Geocoder} from '../geocode/index.js';
import {Places} from '../geocode/places.js';
import {RoadGraph} from '../graph/road-graph.js';
import {turnCosts} from '../graph/turn-costs.js';
import {PoiIndex} from '../poi/poi-index.js';
import {MapData} from '../map-data/map-data.js';
import {TileArchive} from '../tiles/tile-archive.js';
import {RoadRouter} from '../route/road-router.js';
import {countryConfig, type CountryConfig} from '../config/regions.js';
import {COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, Coverage} from '../coverage/coverage.js';
import {CH_SECTIONS, MANIFEST_FILE, MANIFEST_FORMAT, OPTIONAL_SECTIONS, SECTION_FILES, type RegionManifest} from './manifest.js';
import {PoiSearches} from './poi-searches.js';
import {FOOT} from '../graph/profiles.js';
import {Snapper} from '../graph/snap.js';
import {TransitNetwork} from '../transit/query/network.js';
import {TransitRouter} from '../transit/query/router.js';
import {BuiltStopProfiles} from '../transit/query/stop-profiles.js';
import {TransitError} from '../transit/query/transit-types.js';
import {RoadIsochrones} from '../isochrone/road-isochrone.js';
import {TransitIsochrones} from '../isochrone/transit-isochrone.js';
import {LifestyleAreas} from '../isochrone/lifestyle.js';
import {threadDijkstraArrays, type DijkstraArrays} from '../search/dijkstra.js';
import {NeighbourhoodFinder} from '../neighbourhood/nearby.js';
import {Catalog, catalogScope} from '../poi/catalog.js';
import {queryPoints, type PointsQuery, type PointsResult} from '../poi/points.js';
import type {MultiPolygonGeometry} from '../geo/ring.js';

/** One buffer per section file; optional sections (transit) may be missing. */
export type RegionBuffers = Record<Exclude<keyof typeof SECTION_FILES, typeof OPTIONAL_SECTIONS[number]>, AnyBuffer>
    & Partial<Record<typeof OPTIONAL_SECTIONS[number], AnyBuffer>>;

/**
 * A region's sections as laid out in memory: for the code that reads the layout itself (the map
 * renderer, the worker pools sharing the buffers, the tests and benches of the sections). Reached
 * through regionSections() of '@quartier/engine/internal' only; services ask Region's queries.
 */
export interface RegionSections {
    /** One buffer per section file, shared with worker threads (Region.fromBuffers). */
    readonly buffers: RegionBuffers;
    readonly roads: RoadGraph;
    readonly pois: PoiIndex;
    readonly places: Places;
    readonly border: CountryBorder;
    /** The area the region's data covers (coverage/coverage.ts). */
    readonly coverage: Coverage;
    /** Map data for the static map images and the vector tiles (map-data/map-data.ts). */
    readonly map: MapData;
    /** Vector tiles in the OpenMapTiles schema, cut at build time (tiles/tile-archive.ts). */
    readonly tiles: TileArchive;
    /** Contraction hierarchy per mode (index = mode: car, foot, bike). */
    readonly ch: ContractionHierarchy[];
    /** The public transport timetable, or null when the region has no GTFS feed. */
    readonly transit: TransitNetwork | null;
    /** Its stops' profiles over the region's window, made by the build (null: none, the threads make them). */
    readonly stopProfiles: BuiltStopProfiles | null;
    /** What trips to its POIs search, searched by the build (null: none, the threads search each place). */
    readonly poiSearches: PoiSearches | null;
}

/** The build's stop profiles, checked to be the transit section's (a bundle is never mixed from two builds). */
function stopProfilesOf(buffers: RegionBuffers): BuiltStopProfiles | null {
    if (!buffers.stopProfiles) return null;
    if (!buffers.transit) throw new Error('the bundle has stop profiles but no transit section: rebuild the region');
    const profiles = BuiltStopProfiles.from(buffers.stopProfiles);
    if (profiles.meta.transitChecksum !== sectionChecksum(buffers.transit)) {
        throw new Error('the stop-profiles section was made from another transit section: rebuild the region');
    }
    return profiles;
}

/**
 * Whether the build's POI searches were made on the bundle's hierarchies and transit section (a bundle is never mixed
 * from two builds). Region.open asks it once; threads reopening the same buffers need not.
 */
function poiSearchesMatch(buffers: RegionBuffers, searches: PoiSearches | null): boolean {
    return searches === null || searches.madeFrom(CH_SECTIONS.map((name) => buffers[name]), buffers.transit ?? null);
}

/** Roads, POIs and addresses of a region (the /health counts and the build's summary). */
export interface RegionCounts {
    roadNodes: number;
    roadEdges: number;
    pois: number;
    addresses: number;
}

/** Set by Region's static block: the one way to a region's private sections (regionSections). */
let sectionsOf: (region: Region) => RegionSections;

/**
 * A region's sections (internal: their layout is no stable interface). The same object every call:
 * no allocation, but hoist it out of loops all the same.
 */
export function regionSections(region: Region): RegionSections {
    return sectionsOf(region);
}

/**
 * A built region and the queries a service asks it. The query objects keep per-query scratch
 * arrays: each is made on first use, once per Region, so each thread (worker) opens its own Region
 * (Region.fromBuffers) and gets its own.
 */
export class Region {
    readonly country: CountryConfig;
    readonly manifest: RegionManifest;
    readonly #sections: RegionSections;
    private roadRouter: RoadRouter | null = null;
    private geocoderInstance: Geocoder | null = null;
    private transitRouterInstance: TransitRouter | null = null;
    private chScratchInstance: CHScratch | null = null;
    private roadIsochronesInstance: RoadIsochrones | null = null;
    private transitIsochronesInstance: TransitIsochrones | null = null;
    private lifestyleInstance: LifestyleAreas | null = null;
    private searchArraysInstance: DijkstraArrays | null = null;
    private finder: NeighbourhoodFinder | null = null;
    private catalogInstance: Catalog | null = null;

    static {
        sectionsOf = (region) => region.#sections;
    }

    private constructor(manifest: RegionManifest, buffers: RegionBuffers) {
        this.manifest = manifest;
        this.country = countryConfig(manifest.country);
        this.#sections = {
            buffers,
            roads: RoadGraph.from(buffers.roads),
            pois: PoiIndex.from(buffers.pois),
            places: Places.from(buffers.places),
            map: MapData.from(buffers.map),
            tiles: TileArchive.from(buffers.tiles),
            border: CountryBorder.from(Section.from(buffers.border, BORDER_SECTION_KIND, BORDER_SECTION_VERSION)),
            coverage: new Coverage(Section.from(buffers.coverage, COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION)),
            ch: CH_SECTIONS.map((name, mode) => ContractionHierarchy.from(buffers[name], mode)),
            transit: buffers.transit ? TransitNetwork.from(buffers.transit) : null,
            stopProfiles: stopProfilesOf(buffers),
            poiSearches: buffers.poiSearches ? PoiSearches.from(buffers.poiSearches) : null
        };
    }

    /**
     * Public transport routing for this thread (scratch arrays per router: one per worker). Throws
     * a TransitError ('no-transit') in a region without GTFS feeds.
     */
    get transitRouter(): TransitRouter {
        const {roads, ch, transit} = this.#sections;
        if (transit === null) {
            throw new TransitError('no-transit', `Public transport is not available in this region (${this.country.code}): it has no timetable data.`);
        }
        if (this.transitRouterInstance === null) {
            this.transitRouterInstance = new TransitRouter(roads, new Snapper(roads), transit, {
                walk: new CHQuery(roads, ch[FOOT], null, this.chScratch, this.#sections.poiSearches?.kept[FOOT]), window: this.manifest.transitWindow,
                profiles: this.#sections.stopProfiles, egress: this.#sections.poiSearches?.egress
            });
        }
        return this.transitRouterInstance;
    }

    /** Whether the region has a public transport timetable (transitRouter throws without one). */
    get hasTransit(): boolean {
        return this.#sections.transit !== null;
    }

    /** Node-sized scratch of this thread's contraction-hierarchy queries (every mode, transit's walks, other regions). */
    private get chScratch(): CHScratch {
        return (this.chScratchInstance ??= threadScratch(this.#sections.roads.nodeCount));
    }

    /** Forward and reverse geocoding for this thread (per-query scratch arrays: one per worker). */
    get geocoder(): Geocoder {
        if (this.geocoderInstance === null) this.geocoderInstance = new Geocoder(this.#sections.places, this.country);
        return this.geocoderInstance;
    }

    /**
     * Road routing for this thread: snapping and one contraction-hierarchy query per mode. The
     * query keeps per-node scratch arrays, so each thread (worker) makes its own.
     */
    get router(): RoadRouter {
        if (this.roadRouter === null) {
            const {roads, ch, poiSearches} = this.#sections;
            this.roadRouter = new RoadRouter(roads, ch.map((c, mode) => new CHQuery(roads, c, turnCosts(roads, mode), this.chScratch, poiSearches?.kept[mode])));
        }
        return this.roadRouter;
    }

    /** Node-sized Dijkstra arrays of this thread's isochrone and lifestyle searches, other regions' too (each search clears its own). */
    private get searchArrays(): DijkstraArrays {
        return (this.searchArraysInstance ??= threadDijkstraArrays(this.#sections.roads.nodeCount));
    }

    /** Travel-time areas by road for this thread (car, foot, bike), snapping as the router does. */
    get roadIsochrones(): RoadIsochrones {
        return (this.roadIsochronesInstance ??= new RoadIsochrones(this.#sections.roads, this.router.snapper, this.searchArrays));
    }

    /**
     * Travel-time areas by public transport and on foot for this thread. Throws a TransitError
     * ('no-transit') in a region without GTFS feeds.
     */
    get transitIsochrones(): TransitIsochrones {
        if (this.transitIsochronesInstance === null) {
            const roadIsochrones = this.roadIsochrones;
            this.transitIsochronesInstance = new TransitIsochrones(this.transitRouter, this.router.snapper, roadIsochrones, this.#sections.roads.nodeCount);
        }
        return this.transitIsochronesInstance;
    }

    /**
     * Search by lifestyle for this thread: where the nearest place of each chosen category is within
     * a time limit by a road mode or public transport, over a box clipped to the region's (its tiles'
     * bounds). By public transport it throws a TransitError ('no-transit') in a region without GTFS feeds.
     */
    get lifestyleAreas(): LifestyleAreas {
        return (this.lifestyleInstance ??= new LifestyleAreas(this.#sections.roads, this.router.snapper, this.#sections.pois, this.tileBounds,
            this.searchArrays, () => this.transitRouter));
    }

    /** What lies around a position (summaries, enrichment) for this thread: its trips use this Region's routers. */
    get neighbourhood(): NeighbourhoodFinder {
        if (this.finder === null) {
            const {pois, places, coverage, transit} = this.#sections;
            // Every trip needs the road router; the transit router (which throws without a timetable)
            // and the geocoder stay getters, made on the finder's first use of each.
            const region = this;
            this.finder = new NeighbourhoodFinder({
                country: this.country, pois, places, coverage, transit, router: this.router,
                get transitRouter() { return region.transitRouter; },
                get geocoder() { return region.geocoder; }
            });
        }
        return this.finder;
    }

    /** The per-thread query parts made so far on this Region (what a first request makes): a swap prepares them before its switch. */
    get threadParts(): string[] {
        const parts: [string, unknown][] = [['router', this.roadRouter], ['roadIsochrones', this.roadIsochronesInstance], ['lifestyleAreas', this.lifestyleInstance],
            ['geocoder', this.geocoderInstance], ['neighbourhood', this.finder], ['transitRouter', this.transitRouterInstance], ['transitIsochrones', this.transitIsochronesInstance]];
        return parts.filter(([, part]) => part !== null).map(([name]) => name);
    }

    /** The category tree of the region's POIs, without the sub-types it has no place of (/simplifiedcategories, /points). */
    get catalog(): Catalog {
        if (this.catalogInstance === null) {
            const {pois, transit} = this.#sections;
            this.catalogInstance = new Catalog(pois, catalogScope(this.country.code, pois, transit));
        }
        return this.catalogInstance;
    }

    /** The POIs in a box, by the catalog's types and names (poi/points.ts). */
    points(query: PointsQuery): PointsResult {
        return queryPoints(this.#sections.pois, this.catalog, query);
    }

    /** The gzipped vector tile z/x/y (OpenMapTiles schema), or null when the region has none there. */
    tile(z: number, x: number, y: number): Uint8Array | null {
        return this.#sections.tiles.get(z, x, y);
    }

    /** The box the region's vector tiles cover: [west, south, east, north] in degrees. */
    get tileBounds(): readonly [number, number, number, number] {
        return this.#sections.tiles.bounds;
    }

    /**
     * Opens the bundle in `dir` (e.g. build/regions/BE), after checking every section file: its size against the
     * manifest, its checksum, and its arrays' extents. A damaged bundle throws an Error naming the file and the
     * section, and the command that rebuilds it.
     */
    static open(dir: string): Region {
        const code = path.basename(dir);
        const rebuild = `rebuild it with \`npx quartier build-region ${code} --force\``;
        const manifestFile = path.join(dir, MANIFEST_FILE);
        if (!fs.existsSync(manifestFile)) throw new Error(`no region bundle in ${dir}: build it with \`npx quartier build-region ${code}\``);
        let manifest: RegionManifest;
        try {
            manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RegionManifest;
        } catch (err) {
            throw new Error(`region bundle ${dir} is damaged: ${manifestFile} cannot be read (${(err as Error).message}): ${rebuild}`);
        }
        if (manifest?.format !== MANIFEST_FORMAT) {
            throw new Error(`region bundle ${dir} has format ${manifest?.format}, this engine reads ${MANIFEST_FORMAT}: ${rebuild}`);
        }
        const buffers = {} as RegionBuffers;
        for (const [name, file] of Object.entries(SECTION_FILES) as [keyof RegionBuffers, string][]) {
            const full = path.join(dir, file);
            const listed = manifest.sections?.[name];
            if (!listed && (OPTIONAL_SECTIONS as readonly string[]).includes(name) && !fs.existsSync(full)) continue;
            const damaged = (why: string) => new Error(`region bundle ${dir} is damaged: ${full} (section '${name}') ${why}: ${rebuild}`);
            if (!fs.existsSync(full)) throw damaged('is missing');
            const buffer = readFileShared(full);
            if (listed && buffer.byteLength !== listed.bytes) {
                throw damaged(`is ${buffer.byteLength} bytes, the manifest says ${listed.bytes} (truncated or replaced)`);
            }
            try {
                verifySection(buffer);
            } catch (err) {
                throw damaged(`fails its check: ${(err as Error).message}`);
            }
            buffers[name] = buffer;
        }
        const region = new Region(manifest, buffers);
        if (!poiSearchesMatch(buffers, region.#sections.poiSearches)) {
            throw new Error(`region bundle ${dir} is damaged: ${path.join(dir, SECTION_FILES.poiSearches)} (section 'poiSearches') was made from other `
                + `hierarchies or another transit section than the bundle's: ${rebuild}`);
        }
        return region;
    }

    /** Reopens a region from buffers another thread loaded (no copy when they are shared). */
    static fromBuffers(manifest: RegionManifest, buffers: RegionBuffers): Region {
        return new Region(manifest, buffers);
    }

    /** Whether a position lies inside the region's country (its borders, territorial waters included). */
    contains(lat: number, lon: number): boolean {
        return this.#sections.border.contains(lat, lon);
    }

    /**
     * Whether the region's data covers a position inside its country: near enough a usable road of
     * its extracts (region/coverage.ts). Ask contains() first: along a land border the covered cells
     * reach up to one grid cell (100 m) beyond it.
     */
    covers(lat: number, lon: number): boolean {
        return this.#sections.coverage.contains(lat, lon);
    }

    /** Whether any part of the box lies in the area the region's data covers. */
    touchesCoverage(minLat: number, minLon: number, maxLat: number, maxLon: number): boolean {
        return this.#sections.coverage.touches(minLat, minLon, maxLat, maxLon);
    }

    /** The area the region's data covers, as a GeoJSON MultiPolygon (/health lists it). */
    get coverageOutline(): MultiPolygonGeometry {
        return this.#sections.coverage.outline;
    }

    /** The region's name for messages: "BE: Brussels-Capital Region". */
    get label(): string {
        return `${this.country.code}: ${this.manifest.name}`;
    }

    /** Bytes of all sections. */
    get byteLength(): number {
        let n = 0;
        for (const b of Object.values(this.#sections.buffers)) if (b) n += b.byteLength;
        return n;
    }

    /** How many road nodes and edges, POI records and addresses the region holds. */
    get counts(): RegionCounts {
        const {roads, pois, places} = this.#sections;
        return {roadNodes: roads.nodeCount, roadEdges: roads.edgeCount, pois: pois.count, addresses: places.addressCount};
    }

    /** Where a map of the region opens: [lon, lat] of the road node nearest the mean of its road nodes (on land, in the middle). */
    center(): [number, number] {
        const g = this.#sections.roads;
        let sy = 0, sx = 0;
        for (let i = 0; i < g.nodeCount; i++) {
            sy += g.nodeLat[i];
            sx += g.nodeLon[i];
        }
        const my = sy / g.nodeCount, mx = sx / g.nodeCount;
        let best = 0, bestD = Infinity;
        for (let i = 0; i < g.nodeCount; i++) {
            const d = (g.nodeLat[i] - my) ** 2 + (g.nodeLon[i] - mx) ** 2;
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return [Math.round(g.nodeLon[best] / 10) / 1e6, Math.round(g.nodeLat[best] / 10) / 1e6];
    }
}
