// Brings a region up to date (`quartier update-region`): applies OSM change files, in order, to the region's own
// OSM data (region-osm.ts: on the first update, the regions file's extract; the extracts merged when there are
// several), and rebuilds the bundle from the result. The new extract is written under a temporary name and
// renamed; the store's state names it only once the bundle was built from it, so a failed update leaves the
// region as it was. `gtfs` replaces the region's feeds, and the store remembers them for the next updates.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {buildRoot, countryConfig, dataRoot, type RegionConfig} from '../config/regions.js';
import {applyChanges, checkOsmium, mergeExtracts, newestTimestamp} from '../osm/osmium.js';
import {readOsmHeader} from '../osm/pbf.js';
import {Progress} from '../util/progress.js';
import {buildRegion, type BuildResult} from './build.js';
import {readRegionOsm, regionBase, regionOsmDir, writeRegionOsmState, type RegionOsmState} from './region-osm.js';

export interface UpdateOptions {
    /** osmChange files (.osc or .osc.gz), applied in this order. */
    changes: string[];
    /** GTFS feeds replacing the region's. */
    gtfs?: string[];
    dataRoot?: string;
    outDir?: string;
    quiet?: boolean;
    log?: (line: string) => void;
}

export interface UpdateResult extends BuildResult {
    /** The region's extract after the update. */
    osm: string | null;
    /** Seconds applying the change files (merging the extracts first when there are several), and building. */
    applySeconds: number;
    buildSeconds: number;
}

export function updateRegion(config: RegionConfig, options: UpdateOptions): UpdateResult {
    const started = performance.now();
    const code = countryConfig(config.country).code;
    const outDir = options.outDir ?? buildRoot();
    const root = options.dataRoot ?? dataRoot();
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    const changes = options.changes.map((f) => path.resolve(f));
    const gtfs = options.gtfs?.map((f) => path.resolve(f));
    if (changes.length === 0 && !gtfs?.length) throw new Error(`nothing to update for ${code}: give --changes FILE.osc.gz (OSM changes) and/or --gtfs FEED.zip`);
    for (const file of changes) if (!fs.existsSync(file)) throw new Error(`change file not found: ${file}`);
    for (const file of gtfs ?? []) if (!fs.existsSync(file)) throw new Error(`GTFS feed not found: ${file}`);

    const previous = readRegionOsm(outDir, code, config, root, log);
    const state: RegionOsmState = previous ? {...previous, changes: previous.changes.slice()}
        : {base: regionBase(config, root), file: null, boxes: [], dataDate: null, changes: []};
    const dir = regionOsmDir(outDir, code);
    const progress = new Progress(`update ${code}`, process.stderr, options.quiet);
    let written: string | null = null;
    if (changes.length > 0) checkOsmium();
    fs.mkdirSync(dir, {recursive: true});
    if (changes.length > 0) {
        written = applyToStore(code, config, state, dir, changes, progress);
    }
    if (gtfs?.length) state.gtfs = gtfs;
    const applySeconds = (performance.now() - started) / 1000;

    let result: BuildResult;
    try {
        result = buildRegion(config, {dataRoot: root, outDir, quiet: options.quiet, log, regionOsm: state});
    } catch (err) {
        if (written) fs.rmSync(path.join(dir, written), {force: true});
        throw err;
    }
    writeRegionOsmState(outDir, code, state);
    if (previous?.file && previous.file !== state.file) fs.rmSync(path.join(dir, previous.file), {force: true});
    const seconds = (performance.now() - started) / 1000;
    progress.done(`updated in ${seconds.toFixed(1)} s (${changes.length} change file(s) applied in ${applySeconds.toFixed(1)} s, bundle built in ${result.seconds.toFixed(1)} s)`);
    return {...result, osm: state.file && path.join(dir, state.file), applySeconds, buildSeconds: result.seconds, seconds};
}

/**
 * Applies the change files to the store's extract (or, on the first update, the regions file's) into a new file of
 * the store; updates `state` (file, boxes, data date, changes) and returns the new file's name (null: the data is
 * unchanged, the changes having been applied before).
 */
function applyToStore(code: string, config: RegionConfig, state: RegionOsmState, dir: string, changes: string[], progress: Progress): string | null {
    let input: string;
    let merged: string | null = null;
    if (state.file) {
        input = path.join(dir, state.file);
    } else {
        const sources = state.base.osm;
        if ((config.routingFiles ?? sources.length) < sources.length) {
            throw new Error(`${code}: update-region keeps one extract per region, and ${code}'s extracts do not all feed the roads `
                + `(routingFiles ${config.routingFiles} of ${sources.length}): give the region one extract, or extracts that all feed the roads`);
        }
        for (const file of sources) if (!fs.existsSync(file)) throw new Error(`${code}: OSM extract not found: ${file}. Set QUARTIER_DATA (or --data), or fix the regions file.`);
        const headers = sources.map((file) => readOsmHeader(file));
        state.boxes = headers.map((h) => h.bbox);
        const replicated = Math.max(...headers.map((h) => h.replicationTimestamp));
        state.dataDate = replicated > 0 ? new Date(replicated * 1000).toISOString().replace('.000Z', 'Z') : null;
        input = sources[0];
        if (sources.length > 1) {
            progress.update(`merging ${sources.length} extracts`, 0);
            merged = path.join(dir, `.merged.${process.pid}.osm.pbf`);
            mergeExtracts(sources, merged);
            input = merged;
        }
    }
    const bytes = changes.map((f) => fs.statSync(f).size);
    const newest = changes.map((f) => newestTimestamp(f));
    for (const t of newest) if (t && (!state.dataDate || t > state.dataDate)) state.dataDate = t;
    const sequence = state.file ? Number(/-(\d+)\.osm\.pbf$/.exec(state.file)?.[1] ?? 0) + 1 : 1;
    const file = `${code}-${sequence}.osm.pbf`;
    const tmp = path.join(dir, `.${file}.${process.pid}.tmp`);
    progress.update(`applying ${changes.length} change file(s), ${(bytes.reduce((a, b) => a + b, 0) / 1048576).toFixed(1)} MB`, 0);
    // Changes already applied give the same extract: then the store keeps its file (and the bundle stays up to date).
    let unchanged = false;
    try {
        applyChanges(input, changes, tmp, state.dataDate);
        unchanged = state.file !== null && sameBytes(tmp, input);
        if (!unchanged) fs.renameSync(tmp, path.join(dir, file));
    } finally {
        fs.rmSync(tmp, {force: true});
        if (merged) fs.rmSync(merged, {force: true});
    }
    const appliedAt = new Date().toISOString();
    changes.forEach((f, i) => state.changes.push({path: f, bytes: bytes[i], newest: newest[i], appliedAt}));
    progress.update(unchanged ? 'the changes were applied before: the data is unchanged' : `changes applied (${file})`, 1);
    if (unchanged) return null;
    state.file = file;
    return file;
}

function sameBytes(a: string, b: string): boolean {
    const hash = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    return fs.statSync(a).size === fs.statSync(b).size && hash(a) === hash(b);
}
