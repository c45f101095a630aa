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
import {writeSection as write, type RegionBuild} from './state.js';
import {builtSectionDigest, inputsOf, previousStats, readBuiltSection, readSectionFile, reuseSection, sectionDigest, unchangedSection} from './reuse.js';

/**
 * The vector tiles of the sections just built, read back as the server reads them; their stats. `map`: the map data
 * built, or null when the previous bundle's was reused (its digest recorded; read only when tiles are cut).
 */
export function buildTiles(b: RegionBuild, map: Uint8Array | null, places: Uint8Array): unknown {
    const mapDigest = map ? sectionDigest(map) : builtSectionDigest(b, 'map'), placesDigest = sectionDigest(places);
    if (map) b.sectionFacts.map = {sha256: mapDigest};
    b.sectionFacts.places = {sha256: placesDigest};
    const coverageDigest = builtSectionDigest(b, 'coverage');
    const inputs = inputsOf(b, 'tiles', [mapDigest, placesDigest, coverageDigest, NaturalEarth.version()]);
    if (reuseSection(b, 'tiles', inputs)) return previousStats(b, 'tiles');
    const own = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;
    const coverageBytes = readBuiltSection(b, 'coverage');
    const coverage = new Coverage(Section.from(coverageBytes.buffer, COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, coverageBytes.byteOffset, coverageBytes.byteLength));
    const mapData = MapData.from(map ? own(map) : readBuiltSection(b, 'map').buffer), placesData = Places.from(own(places));
    const onZoom = (zoom: number) => b.progress.update(`vector tiles, zoom ${zoom}`, 1);
    const previous = previousTiles(b, coverageDigest);
    const out = (previous && patchTileArchive(previous, mapData, placesData, coverage, onZoom))
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
