// The state of one region build, passed from stage to stage (build.ts): the sources, the temporary
// folder the sections go to, the progress line, and the builders the OSM passes feed. A builder is
// let go of (null) once built: a country's road and POI drafts are gigabytes the later stages do not need.
import fs from 'node:fs';
import path from 'node:path';
import type {RoadGraphBuilder} from '../../graph/builder.js';
import type {MapDataBuilder} from '../../map-data/map-builder.js';
import type {PlacesBuilder} from '../../geocode/index.js';
import type {PoiBuilder} from '../../poi/builder.js';
import type {Progress} from '../../util/progress.js';
import type {CountryConfig, RegionConfig} from '../../config/regions.js';
import {SECTION_FILES, type RegionManifest} from '../manifest.js';
import type {NodeStore} from '../../osm/node-store.js';
import type {Station} from '../../geocode/build/stations.js';
import type {PlacesThread} from './places-thread.js';

/** What the manifest records of a section beyond its file (manifest.ts): its SHA-256, the road graph's per mode. */
export interface SectionFacts {
    sha256?: string;
    /** The road graph as each mode's hierarchy sees it (reuse.ts modeDigest), in MODES order. */
    modes?: string[];
}

export interface SourceInfo {
    path: string;
    bytes: number;
    sha256: string;
}

/** The bundle a build replaces, when its sections may be reused (reuse.ts). */
export interface PreviousBundle {
    dir: string;
    manifest: RegionManifest;
}

export interface RegionBuild {
    config: RegionConfig;
    country: CountryConfig;
    /** The OSM extracts; the first routingFiles of them feed the road graph, all of them the rest. */
    sources: string[];
    sourceInfo: SourceInfo[];
    routingFiles: number;
    /** The folder the sections are written to, renamed into place at the end. */
    tmp: string;
    progress: Progress;
    /** Progress measure: reading is about a third of the work (readBytes), contraction the rest. */
    readBytes: number;
    totalBytes: number;
    doneBytes: number;
    nodes: NodeStore;
    roads: RoadGraphBuilder | null;
    pois: PoiBuilder | null;
    places: PlacesBuilder | null;
    map: MapDataBuilder | null;
    /** The geocoding index built on a thread of its own (places-thread.ts), or null: by `places` on this one. */
    placesThread: PlacesThread | null;
    /** The transit feeds' stations, searchable as places (set by the transit stage). */
    stations: Station[];
    /** The engine's code (its hash): part of every section's inputs. */
    codeHash: string;
    /** The bundle this build replaces, whose sections of the same inputs are reused (reuse.ts); null: build all. */
    previous: PreviousBundle | null;
    /** Per section built from other sections: the hash of its inputs. */
    sectionInputs: Partial<Record<keyof typeof SECTION_FILES, string>>;
    /** Per section, the facts known of it (computed, or recorded with the previous bundle's section reused). */
    sectionFacts: Partial<Record<keyof typeof SECTION_FILES, SectionFacts>>;
    /** The sections copied from the previous bundle. */
    reused: (keyof typeof SECTION_FILES)[];
}

export function writeSection(dir: string, section: keyof typeof SECTION_FILES, bytes: Uint8Array): void {
    const file = path.join(dir, SECTION_FILES[section]);
    // Never written through a hard link to the previous bundle's file (build-stages/reuse.ts): a file of its own.
    fs.rmSync(file, {force: true});
    fs.writeFileSync(file, bytes);
}
