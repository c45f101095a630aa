// osmium-tool (Debian's osmium-tool package), which applies OSM change files (osmChange, .osc.gz) to an extract
// for `quartier update-region`. Its apply-changes sorts the changes of several files by object and version and
// keeps the newest version of each object, which is what a chain of daily or weekly change files needs; our own
// PBF reader and writer would have to hold a whole country's objects in memory to do the same.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';

/** Where osmium is: QUARTIER_OSMIUM, else `osmium` on the PATH. */
function osmiumProgram(): string {
    return process.env.QUARTIER_OSMIUM ?? 'osmium';
}

const INSTALL = 'install it with `sudo apt-get install osmium-tool` (Debian, Ubuntu) or `brew install osmium-tool`, or set QUARTIER_OSMIUM to its path';

/** Runs osmium with these arguments; a missing program or a failure throws with what to do. */
function runOsmium(args: string[], what: string): string {
    const program = osmiumProgram();
    const run = spawnSync(program, args, {encoding: 'utf8', maxBuffer: 64 << 20});
    if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(`osmium-tool is needed to ${what} but '${program}' was not found: ${INSTALL}`);
    }
    if (run.error) throw new Error(`osmium (${program}) could not ${what}: ${run.error.message}`);
    if (run.status !== 0) {
        throw new Error(`osmium could not ${what} (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n').slice(-5).join(' | ')}`);
    }
    return run.stdout;
}

/** Checks that osmium runs (before any long work); throws with how to install it. */
export function checkOsmium(): void {
    runOsmium(['--version'], 'apply OSM change files');
}

/**
 * Applies the change files, in order, to `input` and writes the result to `output` (PBF), with the given
 * replication time in its header (osmosis_replication_timestamp: the data's date, which a change file carries
 * only in its objects' timestamps).
 */
export function applyChanges(input: string, changes: string[], output: string, replicationTimestamp: string | null): void {
    const header = replicationTimestamp ? [`--output-header=osmosis_replication_timestamp=${replicationTimestamp}`, `--output-header=timestamp=${replicationTimestamp}`] : [];
    runOsmium(['apply-changes', '--no-progress', '--overwrite', '-f', STORE_FORMAT, '-o', output, ...header, input, ...changes], 'apply the change files');
}

/** Merges extracts into one PBF (an object several of them hold is kept once). */
export function mergeExtracts(inputs: string[], output: string): void {
    runOsmium(['merge', '--no-progress', '--overwrite', '-f', STORE_FORMAT, '-o', output, ...inputs], 'merge the region\'s extracts');
}

/**
 * The region's own extract is written uncompressed (raw blobs, which the reader takes as they are): about 2.8 times
 * the size, but osmium's deflate was most of its time (the 15.4M-road-node country: 15 CPU s, 7 without) and the
 * build's three passes inflate nothing.
 */
const STORE_FORMAT = 'pbf,pbf_compression=none';

/** The newest timestamp of the objects of an OSM file (a change file), ISO 8601; null when they carry none. */
export function newestTimestamp(file: string): string | null {
    if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
    const out = runOsmium(['fileinfo', '--no-progress', '-e', '-g', 'data.timestamp.last', file], `read the timestamps of ${file}`).trim();
    return /^\d{4}-\d\d-\d\dT/.test(out) ? out : null;
}
