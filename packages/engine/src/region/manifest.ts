// The manifest of a built region bundle (manifest.json beside the section files).
import type {DepartureWindow} from '../transit/query/departure-window.js';

export const MANIFEST_FILE = 'manifest.json';
/**
 * 2: the coverage section (coverage.bin) and the region's name. 3: the vector tiles section (tiles.bin). 4: every
 * section carries a checksum (section container version 2), verified when the bundle is opened.
 */
export const MANIFEST_FORMAT = 4;

/** One file per section; each is a versioned buffer (format/section.ts). */
export const SECTION_FILES = {
    roads: 'roads.bin',
    pois: 'pois.bin',
    places: 'places.bin',
    border: 'border.bin',
    map: 'map.bin',
    chCar: 'ch-car.bin',
    chFoot: 'ch-foot.bin',
    chBike: 'ch-bike.bin',
    coverage: 'coverage.bin',
    tiles: 'tiles.bin',
    transit: 'transit.bin',
    stopProfiles: 'stop-profiles.bin',
    poiSearches: 'poi-searches.bin'
} as const;

/**
 * Sections a bundle may lack: a region without GTFS feeds has no transit.bin, and one whose stops' profiles would
 * not fit (PROFILE_MAX_BYTES) no stop-profiles.bin (nor bundles built before it: threads then make the profiles);
 * nor poi-searches.bin past its limit (threads then search each place: region/poi-searches.ts).
 */
export const OPTIONAL_SECTIONS = ['transit', 'stopProfiles', 'poiSearches'] as const satisfies readonly (keyof typeof SECTION_FILES)[];

/** The contraction hierarchy section of each mode (index = mode). */
export const CH_SECTIONS = ['chCar', 'chFoot', 'chBike'] as const;

export interface RegionManifest {
    format: number;
    buildVersion: number;
    country: string;
    /** The region's human name for messages ("Brussels-Capital Region"), from data/regions.json. */
    name: string;
    inputHash: string;
    builtAt: string;
    buildSeconds: number;
    sources: {path: string; bytes: number; sha256: string; role: string; date: string | null}[];
    /**
     * Per section: its file, size, the checksum its header carries and its modification time (a cheap check that a
     * file reused is the one built: build-stages/reuse.ts) and, for a section built from others, the hash of its inputs (build-stages/reuse.ts); where known its
     * SHA-256, and the road graph's digest per mode (what the hierarchies' inputs hash).
     */
    sections: Record<string, {file: string; bytes: number; inputs?: string; checksum?: string; mtimeMs?: number; sha256?: string; modes?: string[]}>;
    /** The sections this build copied from the bundle it replaced, their inputs being the same. */
    reused?: string[];
    stats: any;
    /** The region's transit departure window (transitWindow, transitPercentile); absent: the default. */
    transitWindow?: DepartureWindow;
}
