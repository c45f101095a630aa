// Region build, the vector tiles: the previous bundle's when their inputs are the same (reuse.ts), else patched
// from it when it was cut by the same code from the previous map data and places with the same coverage
// (tiles/tile-patch.ts: only the tiles a changed object reaches are cut again), else cut whole.
import path from 'node:path';
import {Section} from '../../format/section.js';
import {Places} from '../../geocode/places.js';
import {MapData} from '../../map-data/map-data.js';
import {COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, Coverage} from '../../coverage/coverage.js';
import {NaturalEarth} from '../../tiles/natural-earth.js';
import {TileArchive} from '../../tiles/tile-archive.js';
import {buildTileArchive} from '../../tiles/tile-archive-builder.js';
import {patchTileArchive, type PreviousTiles} from '../../tiles/tile-patch.js';
import {SECTION_FILES} from '../manifest.js';
import {writeSection as write, type RegionBuild} from './state.js';
import {builtSectionDigest, inputsOf, previousStats, readBuiltSection, readSectionFile, reuseSection, sectionDigest, unchangedSection} from './reuse.js';

/** What the tiles are cut from besides the places: digests first, the sections loaded now or when needed. */
export interface TileInputs {
    /** The map data built, or null when the previous bundle's was reused (its digest recorded; read only when tiles are cut). */
    map: Uint8Array | null;
    mapDigest: string;
    coverageDigest: string;
    loaded: LoadedTileInputs | null;
}

interface LoadedTileInputs {
    coverage: Coverage;
    mapData: MapData;
    previous: PreviousTiles | null;
}

/**
 * The tiles' inputs but the places; `load`: their sections read now (and Natural Earth), as a build does while the
 * places are built on a thread of their own (places-thread.ts), else when the tiles are cut.
 */
export function tileInputs(b: RegionBuild, map: Uint8Array | null, load: boolean): TileInputs {
    const mapDigest = map ? sectionDigest(map) : builtSectionDigest(b, 'map');
    if (map) b.sectionFacts.map = {sha256: mapDigest};
    const inputs: TileInputs = {map, mapDigest, coverageDigest: builtSectionDigest(b, 'coverage'), loaded: null};
    if (load) inputs.loaded = loadTileInputs(b, inputs);
    return inputs;
}

function loadTileInputs(b: RegionBuild, inputs: TileInputs): LoadedTileInputs {
    const coverageBytes = readBuiltSection(b, 'coverage');
    const coverage = new Coverage(Section.from(coverageBytes.buffer, COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, coverageBytes.byteOffset, coverageBytes.byteLength));
    const mapData = MapData.from(inputs.map ? new Uint8Array(inputs.map).buffer : readBuiltSection(b, 'map').buffer);
    // Read once a process (cached): the cut finds it loaded.
    NaturalEarth.load();
    return {coverage, mapData, previous: previousTiles(b, inputs.coverageDigest)};
}

/** The vector tiles of the sections just built, read back as the server reads them; their stats. */
export function buildTiles(b: RegionBuild, inputs: TileInputs, places: Uint8Array): unknown {
    b.progress.update('vector tiles', 1);
    const {mapDigest, coverageDigest} = inputs, placesDigest = sectionDigest(places);
    b.sectionFacts.places = {sha256: placesDigest};
    const key = inputsOf(b, 'tiles', [mapDigest, placesDigest, coverageDigest, NaturalEarth.version()]);
    if (reuseSection(b, 'tiles', key)) return previousStats(b, 'tiles');
    const {coverage, mapData, previous} = inputs.loaded ?? loadTileInputs(b, inputs);
    const placesData = Places.from(new Uint8Array(places).buffer);
    const onZoom = (zoom: number) => b.progress.update(`vector tiles, zoom ${zoom}`, 1);
    // The places' thread, done with them, cuts every other tile of a patch (places-thread.ts).
    const helper = b.placesThread?.tileHelper(path.join(b.tmp, SECTION_FILES.map), path.join(b.tmp, SECTION_FILES.places)) ?? null;
    const out = (previous && patchTileArchive(previous, mapData, placesData, coverage, onZoom, undefined, helper))
        ?? buildTileArchive(mapData, placesData, coverage, onZoom);
    write(b.tmp, 'tiles', out.section);
    return out.stats;
}

/**
 * The previous bundle's tiles with the map data and places they were cut from, when the recorded inputs prove
 * they were cut by this code, with this coverage and Natural Earth, from those sections (checked unchanged); else null.
 */
function previousTiles(b: RegionBuild, coverageDigest: string): PreviousTiles | null {
    const sections = b.previous?.manifest.sections;
    const tiles = sections?.tiles, map = sections?.map, places = sections?.places;
    if (!tiles?.inputs || !map?.sha256 || !places?.sha256) return null;
    if (inputsOf(b, 'tiles', [map.sha256, places.sha256, coverageDigest, NaturalEarth.version()]) !== tiles.inputs) return null;
    const files = [tiles, map, places].map((s) => path.join(b.previous!.dir, s.file));
    if (!files.every((file, i) => unchangedSection(file, [tiles, map, places][i]))) return null;
    const [tilesBytes, mapBytes, placesBytes] = files.map((file) => readSectionFile(file).buffer);
    return {archive: TileArchive.from(tilesBytes), map: MapData.from(mapBytes), places: Places.from(placesBytes)};
}
