// Several regions built at once, each by this script in a process of its own (a build is one thread for most of
// its time). The largest start first; a region starts while the builds running leave memory for its estimated peak.
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import {fileURLToPath} from 'node:url';
import {resolveSource, type RegionConfig} from '../config/regions.js';

const SCRIPT = fileURLToPath(new URL('./build-region.js', import.meta.url));
/**
 * A build's peak memory from its extracts' size: 0.8 GB plus 16 bytes a byte of extract (bench/RESULTS.md, the 25
 * countries fitted: 774 MB plus 700 bytes a road node, and about 22 road nodes a kilobyte of extract).
 */
const PEAK_BASE = 0.8e9;
const PEAK_PER_EXTRACT_BYTE = 16;

function extractBytes(region: RegionConfig, root: string): number {
    let bytes = 0;
    for (const file of region.osm) {
        try {
            bytes += fs.statSync(resolveSource(root, file)).size;
        } catch {
            // A missing extract: the region's own build says which and how to get it.
        }
    }
    return bytes;
}

const estimatedPeak = (region: RegionConfig, root: string) => PEAK_BASE + PEAK_PER_EXTRACT_BYTE * extractBytes(region, root);

/** As many regions at once as there are cores, and as fit in the memory free now by their estimated peaks. */
export function defaultJobs(regions: RegionConfig[], root: string): number {
    const peaks = regions.map((r) => estimatedPeak(r, root)).sort((a, b) => b - a);
    let jobs = 0, memory = 0;
    while (jobs < Math.min(regions.length, os.availableParallelism()) && memory + peaks[jobs] <= os.freemem()) memory += peaks[jobs++];
    return Math.max(1, jobs);
}

/**
 * Builds `regions` with at most `jobs` processes at once, each given `options` (the data root, bundle folder and
 * flags). Their lines pass through as they come: each is labelled with its region. One failing leaves the others
 * to finish; then it throws, naming those that failed.
 */
export async function buildInProcesses(regions: RegionConfig[], root: string, options: string[], jobs: number): Promise<void> {
    const queue = regions.map((region) => ({region, peak: estimatedPeak(region, root)})).sort((a, b) => b.peak - a.peak);
    const failed: string[] = [];
    stopChildrenOn('SIGINT');
    stopChildrenOn('SIGTERM');
    let running = 0, memory = 0;
    await new Promise<void>((resolve) => {
        const next = (): void => {
            while (queue.length > 0 && running < jobs && (running === 0 || memory + queue[0].peak <= os.freemem())) {
                const {region, peak} = queue.shift()!;
                running++;
                memory += peak;
                void buildOne(region.country, options).then((ok) => {
                    running--;
                    memory -= peak;
                    if (!ok) failed.push(region.country);
                    next();
                });
            }
            if (running === 0 && queue.length === 0) resolve();
        };
        next();
    });
    if (failed.length > 0) throw new Error(`building ${failed.join(', ')} failed (see above)`);
}

const children = new Set<ChildProcess>();

/** Stopped, this process stops the builds it started (each leaves its previous bundle as it was). */
function stopChildrenOn(signal: NodeJS.Signals): void {
    process.once(signal, () => {
        for (const child of children) child.kill(signal);
        process.exit(128 + os.constants.signals[signal]);
    });
}

/** One region's build; its error lines (and progress, plain: its stderr is a pipe) pass through line by line. */
function buildOne(country: string, options: string[]): Promise<boolean> {
    const child = spawn(process.execPath, [SCRIPT, country, ...options, '--jobs', '1'], {stdio: ['ignore', 'inherit', 'pipe']});
    children.add(child);
    child.on('close', () => children.delete(child));
    readline.createInterface({input: child.stderr!}).on('line', (line) => process.stderr.write(`${line}\n`));
    return new Promise((resolve) => {
        child.on('error', (err) => {
            process.stderr.write(`quartier: cannot start the build of ${country}: ${err.message}\n`);
            resolve(false);
        });
        child.on('close', (code) => resolve(code === 0));
    });
}
