// The engine code each section's builder runs, hashed per section: the compiled modules reachable by import from
// the builder's entry modules (their static imports, followed through the engine's own files). A section's inputs
// (reuse.ts) hash this instead of the whole engine's code, so a change to one capability's code (the tiles' cutter,
// the geocoder) leaves the sections it cannot reach reusable, and a section patched from the previous bundle's
// (the vector tiles: tile-patch.ts) knows that section was cut by the same code.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {moduleClosureHash} from '../../util/module-hash.js';
import type {SECTION_FILES} from '../manifest.js';

type SectionName = keyof typeof SECTION_FILES;

/** The compiled engine's root (dist/src). */
const SRC_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Per section built from others, the modules its builder starts from (relative to the engine's src/). */
const SECTION_ENTRIES: Partial<Record<SectionName, string[]>> = {
    // What the reader passes to the road builder, the builder and the derived arrays written with the graph.
    roads: ['osm/pbf.js', 'osm/node-store.js', 'graph/builder.js', 'graph/derived.js', 'graph/road-graph.js'],
    chCar: ['ch/contract.js', 'graph/turn-costs.js', 'graph/road-graph.js'],
    chFoot: ['ch/contract.js', 'graph/turn-costs.js', 'graph/road-graph.js'],
    chBike: ['ch/contract.js', 'graph/turn-costs.js', 'graph/road-graph.js'],
    transit: ['transit/build/compile.js', 'graph/road-graph.js'],
    stopProfiles: ['transit/build/stop-profiles-build.js'],
    poiSearches: ['region/build-stages/poi-searches.js'],
    border: ['geo/border.js'],
    coverage: ['coverage/coverage-builder.js', 'coverage/coverage.js', 'graph/road-graph.js'],
    // As the roads: the reader, the store and the builder (reuse by MapDataBuilder.inputDigest).
    map: ['osm/pbf.js', 'osm/node-store.js', 'map-data/map-builder.js'],
    // The cutter and what chooses, walks and stores the tiles (tile-archive-layout.ts, tile-archive-cut.ts), not the
    // patching around them.
    tiles: ['tiles/tile-builder.js', 'tiles/tile-archive-layout.js', 'tiles/tile-archive-cut.js', 'tiles/natural-earth.js', 'map-data/map-data.js', 'geocode/places.js', 'coverage/coverage.js']
};

const hashes = new Map<string, string>();

/** Every section's code hashed now, at the build's start: the files hashed are the ones this process loaded. */
export function hashSectionCode(engineCode: string): void {
    for (const section of Object.keys(SECTION_ENTRIES) as SectionName[]) sectionCodeHash(section, engineCode);
}

/** The hash of the code that builds `section` (the whole engine's for a section without entries). */
export function sectionCodeHash(section: SectionName, engineCode: string): string {
    const entries = SECTION_ENTRIES[section];
    if (!entries) return engineCode;
    let hash = hashes.get(section);
    if (hash === undefined) {
        hash = moduleClosureHash(entries.map((e) => path.join(SRC_ROOT, e)), SRC_ROOT);
        hashes.set(section, hash);
    }
    return hash;
}
