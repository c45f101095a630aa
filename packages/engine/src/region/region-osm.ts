// A region's own OSM data, kept for `quartier update-region` beside the bundles: <build>/<CC>.osm/ holds the
// region's extract with the change files applied (<CC>-<n>.osm.pbf) and state.json, which says what it was made
// from. Once it exists every build of the region (build-region, the server's start) reads it instead of the
// extracts the regions file names, so an update is never undone by a rebuild; a regions file that names other
// extracts or feeds than the store started from makes it stale, and builds go back to the regions file.
import fs from 'node:fs';
import path from 'node:path';
import {resolveSource, type RegionConfig} from '../config/regions.js';

export type HeaderBox = [number, number, number, number] | null;

export interface RegionOsmState {
    /** The regions file's extracts and feeds (absolute paths) the store started from. */
    base: {osm: string[]; gtfs: string[]};
    /** The extract with the changes applied, a file of the store's folder; null: the regions file's extracts (only the feeds were replaced). */
    file: string | null;
    /**
     * The header boxes of the base's extracts: the area they were cut to, which coverage clips to
     * (coverage/coverage-builder.ts). Applying changes does not move it, and osmium writes no box of its own.
     */
    boxes: HeaderBox[];
    /** The data's date: the newest object of the change files applied, else the base's replication time (ISO 8601). */
    dataDate: string | null;
    /** The change files applied, in order. */
    changes: {path: string; bytes: number; newest: string | null; appliedAt: string}[];
    /** Feeds replacing the regions file's (update-region --gtfs), absolute paths; absent: the regions file's. */
    gtfs?: string[];
}

const STATE_FILE = 'state.json';

/** The store's folder. */
export function regionOsmDir(outDir: string, code: string): string {
    return path.join(outDir, `${code}.osm`);
}

/** The regions file's extracts and feeds of the region, as absolute paths. */
export function regionBase(config: RegionConfig, dataRoot: string): RegionOsmState['base'] {
    return {osm: config.osm.map((f) => resolveSource(dataRoot, f)), gtfs: (config.gtfs ?? []).map((f) => resolveSource(dataRoot, f))};
}

/**
 * The store's state; null when there is none, or when it started from other extracts or feeds than the regions
 * file names now (`log` says so: the region is then built from the regions file).
 */
export function readRegionOsm(outDir: string, code: string, config: RegionConfig, dataRoot: string, log?: (line: string) => void): RegionOsmState | null {
    const dir = regionOsmDir(outDir, code);
    const file = path.join(dir, STATE_FILE);
    if (!fs.existsSync(file)) return null;
    let state: RegionOsmState;
    try {
        state = JSON.parse(fs.readFileSync(file, 'utf8')) as RegionOsmState;
    } catch (err) {
        throw new Error(`cannot read ${file}: ${(err as Error).message}; delete ${dir} to build ${code} from the regions file again`);
    }
    if (JSON.stringify(state.base) !== JSON.stringify(regionBase(config, dataRoot))) {
        log?.(`${code}: ${dir} holds updates of other extracts or feeds than the regions file names now: building from the regions file (delete ${dir} to silence this)`);
        return null;
    }
    if (state.file && !fs.existsSync(path.join(dir, state.file))) {
        throw new Error(`${code}: the updated extract ${path.join(dir, state.file)} is missing: delete ${dir} to build from the regions file, then run update-region again`);
    }
    return state;
}

/** The configuration a bundle is built from: the store's extract and feeds in place of the regions file's. */
export function withRegionOsm(config: RegionConfig, state: RegionOsmState, outDir: string, code: string): RegionConfig {
    const built: RegionConfig = {...config};
    if (state.file) {
        built.osm = [path.join(regionOsmDir(outDir, code), state.file)];
        delete built.routingFiles;
    }
    if (state.gtfs) built.gtfs = state.gtfs;
    return built;
}

/** Writes the store's state (to a temporary name, then renamed: never half-written). */
export function writeRegionOsmState(outDir: string, code: string, state: RegionOsmState): void {
    const file = path.join(regionOsmDir(outDir, code), STATE_FILE);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state, null, 2));
    fs.renameSync(tmp, file);
}
