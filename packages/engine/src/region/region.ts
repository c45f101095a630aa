// A built region, opened from its bundle folder. Every section is read once into a
// SharedArrayBuffer and reopened as views, so worker threads can share the same memory
// (pass `buffers` to Region.fromBuffers in the worker).
import fs from 'node:fs';
import path from 'node:path';
import {ContractionHierarchy} from '../ch/hierarchy.js';
import {CHQuery} from '../ch/query.js';
import {CHScratch} from '../ch/scratch.js';
import {Section, readFileShared, verifySection, type AnyBuffer} from '../format/section.js';
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
import {FOOT} from '../graph/profiles.js';
import {Snapper} from '../graph/snap.js';
import {TransitNetwork} from '../transit/query/network.js';
import {TransitRouter} from '../transit/query/router.js';
import {TransitError} from '../transit/query/transit-types.js';

/** One buffer per section file; optional sections (transit) may be missing. */
export type RegionBuffers = Record<Exclude<keyof typeof SECTION_FILES, 'transit'>, AnyBuffer> & {transit?: AnyBuffer};

export class Region {
    readonly country: CountryConfig;
    readonly manifest: RegionManifest;
    readonly buffers: RegionBuffers;
    readonly roads: RoadGraph;
    readonly pois: PoiIndex;
    readonly places: Places;
    readonly border: CountryBorder;
    /** The area the region's data covers (region/coverage.ts). */
    readonly coverage: Coverage;
    /** Map data for the static map images and the vector tiles (map-data/map-data.ts). */
    readonly map: MapData;
    /** Vector tiles in the OpenMapTiles schema, cut at build time (tiles/tile-archive.ts). */
    readonly tiles: TileArchive;
    /** Contraction hierarchy per mode (index = mode: car, foot, bike). */
    readonly ch: ContractionHierarchy[];
    private roadRouter: RoadRouter | null = null;
    private geocoderInstance: Geocoder | null = null;
    /** The public transport timetable, or null when the region has no GTFS feed. */
    readonly transit: TransitNetwork | null;
    private transitRouterInstance: TransitRouter | null = null;
    private chScratchInstance: CHScratch | null = null;

    private constructor(manifest: RegionManifest, buffers: RegionBuffers) {
        this.manifest = manifest;
        this.buffers = buffers;
        this.country = countryConfig(manifest.country);
        this.roads = RoadGraph.from(buffers.roads);
        this.pois = PoiIndex.from(buffers.pois);
        this.places = Places.from(buffers.places);
        this.map = MapData.from(buffers.map);
        this.tiles = TileArchive.from(buffers.tiles);
        this.border = CountryBorder.from(Section.from(buffers.border, BORDER_SECTION_KIND, BORDER_SECTION_VERSION));
        this.coverage = new Coverage(Section.from(buffers.coverage, COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION));
        this.ch = CH_SECTIONS.map((name, mode) => ContractionHierarchy.from(buffers[name], mode));
        this.transit = buffers.transit ? TransitNetwork.from(buffers.transit) : null;
    }

    /**
     * Public transport routing for this thread (scratch arrays per router: one per worker). Throws
     * a TransitError ('no-transit') in a region without GTFS feeds.
     */
    get transitRouter(): TransitRouter {
        if (this.transit === null) {
            throw new TransitError('no-transit', `Public transport is not available in this region (${this.country.code}): it has no timetable data.`);
        }
        if (this.transitRouterInstance === null) {
            this.transitRouterInstance = new TransitRouter(this.roads, new Snapper(this.roads), this.transit, {
                walk: new CHQuery(this.roads, this.ch[FOOT], null, this.chScratch), window: this.manifest.transitWindow
            });
        }
        return this.transitRouterInstance;
    }

    /** Node-sized scratch of this thread's contraction-hierarchy queries (every mode, and transit's walks). */
    private get chScratch(): CHScratch {
        return (this.chScratchInstance ??= new CHScratch(this.roads.nodeCount));
    }

    /** Forward and reverse geocoding for this thread (per-query scratch arrays: one per worker). */
    get geocoder(): Geocoder {
        if (this.geocoderInstance === null) this.geocoderInstance = new Geocoder(this.places, this.country);
        return this.geocoderInstance;
    }

    /**
     * Road routing for this thread: snapping and one contraction-hierarchy query per mode. The
     * query keeps per-node scratch arrays, so each thread (worker) makes its own.
     */
    get router(): RoadRouter {
        if (this.roadRouter === null) this.roadRouter = new RoadRouter(this.roads, this.ch.map((ch, mode) => new CHQuery(this.roads, ch, turnCosts(this.roads, mode), this.chScratch)));
        return this.roadRouter;
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
            if (!listed && OPTIONAL_SECTIONS.includes(name) && !fs.existsSync(full)) continue;
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
        return new Region(manifest, buffers);
    }

    /** Reopens a region from buffers another thread loaded (no copy when they are shared). */
    static fromBuffers(manifest: RegionManifest, buffers: RegionBuffers): Region {
        return new Region(manifest, buffers);
    }

    /** Whether a position lies inside the region's country (its borders, territorial waters included). */
    contains(lat: number, lon: number): boolean {
        return this.border.contains(lat, lon);
    }

    /**
     * Whether the region's data covers a position inside its country: near enough a usable road of
     * its extracts (region/coverage.ts). Ask contains() first: along a land border the covered cells
     * reach up to one grid cell (100 m) beyond it.
     */
    covers(lat: number, lon: number): boolean {
        return this.coverage.contains(lat, lon);
    }

    /** The region's name for messages: "BE: Brussels-Capital Region". */
    get label(): string {
        return `${this.country.code}: ${this.manifest.name}`;
    }

    /** Bytes of all sections. */
    get byteLength(): number {
        let n = 0;
        for (const b of Object.values(this.buffers)) if (b) n += b.byteLength;
        return n;
    }
}
