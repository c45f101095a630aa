// Swapping a region's new bundle in while serving (issue 28). A build or `update-region` renames the finished
// bundle folder into place; the server notices it (it watches the bundle folder; SIGHUP and POST /admin/reload do
// it at once), opens the new bundle beside the old one (on a thread of its own, at a lower priority), makes a region set over it
// (region-set.ts: the serving threads take it in and warm its new regions up before it gets a request), hands every
// new request to it, and drops the old set once its requests are answered. A bundle that cannot be opened or checked is refused: the
// old one keeps serving, and the log and /health say why. Swaps run one after the other.
import fs from 'node:fs';
import path from 'node:path';
import type {Region} from '@quartier/engine';
import {readManifest} from '@quartier/engine/internal';
import type {Logger} from '../service/logger.js';
import {openRegionInThread} from './region-opener.js';
import type {RegionSet} from './region-set.js';
import type {RegionUpdateNote} from '../answers/health-answer.js';

/** What a reload did with one region. */
export interface SwapOutcome {
    country: string;
    outcome: 'swapped' | 'unchanged' | 'refused';
    /** The bundle served after the reload (the old one when refused). */
    bundleId: string;
    /** The bundle found and refused, or swapped out. */
    otherBundleId?: string;
    reason?: string;
    /** From the start of the reload to the switch (a swapped region's bundle opened and taken in by the threads meanwhile). */
    seconds: number;
}

export interface RegionSwapOptions {
    buildRoot: string;
    logger: Logger;
    /** The set serving now. */
    current(): RegionSet;
    /** A set over these regions, taken in by the serving threads; the reason when they cannot take it in. */
    startSet(regions: Region[]): Promise<{set: RegionSet} | {error: string}>;
    /** Hands new requests to `set`; the previous set is then retired. */
    switchTo(set: RegionSet): void;
    /** Opens and checks the bundle in `dir` off the main thread (default: in a thread of its own, at a lower priority). */
    open?(dir: string): Promise<Region>;
}

/** Renames in the bundle folder come in pairs (old out, new in); a change is looked at once it has settled. */
const WATCH_SETTLE_MS = 500;
const bundleIdOf = (hash: string | undefined) => (hash ?? '').slice(0, 16);

export class RegionSwapper {
    /** Per country: when its bundle was last swapped in, and the last bundle refused (until one is swapped in). */
    readonly notes = new Map<string, RegionUpdateNote>();
    /** Bumped whenever a note changes (/health caches its answer by it). */
    notesVersion = 0;
    private queue: Promise<unknown> = Promise.resolve();
    private watcher: fs.FSWatcher | null = null;
    private readonly settling = new Map<string, NodeJS.Timeout>();

    constructor(private readonly options: RegionSwapOptions) {}

    /**
     * Looks at the bundles of `countries` (default: every served one) and swaps in those that changed. `watched`:
     * asked by the folder watch, which sees folders come and go mid-build: a bundle not there is then no refusal.
     */
    reload(countries?: string[], watched = false): Promise<SwapOutcome[]> {
        const run = this.queue.then(() => this.reloadNow(countries, watched));
        this.queue = run.catch(() => {});
        return run;
    }

    private async reloadNow(countries: string[] | undefined, watched: boolean): Promise<SwapOutcome[]> {
        const served = this.options.current().regions;
        const wanted = countries ?? served.map((r) => r.country.code);
        const outcomes: SwapOutcome[] = [];
        const openSeconds = new Map<string, number>();
        const next = [...served];
        const begun = performance.now();
        const seconds = () => (performance.now() - begun) / 1000;
        for (const country of wanted) {
            const index = next.findIndex((r) => r.country.code === country);
            if (index < 0) throw new Error(`${country} is not served here (the regions served are chosen at start)`);
            const old = next[index];
            const dir = path.join(this.options.buildRoot, country);
            const manifest = readManifest(dir);
            if (manifest && manifest.inputHash === old.manifest.inputHash) {
                // The bundle served is back in the folder: a refusal of another one is over.
                const note = this.notes.get(country);
                if (note?.refused) {
                    this.notes.set(country, {swappedAt: note.swappedAt});
                    this.notesVersion++;
                }
                outcomes.push({country, outcome: 'unchanged', bundleId: bundleIdOf(old.manifest.inputHash), seconds: seconds()});
                continue;
            }
            if (!manifest && watched) continue;
            try {
                const opening = performance.now();
                const region = await (this.options.open ?? openRegionInThread)(dir);
                openSeconds.set(country, (performance.now() - opening) / 1000);
                if (region.country.code !== country) throw new Error(`${dir} holds a bundle of ${region.country.code}, not ${country}`);
                next[index] = region;
                outcomes.push({country, outcome: 'swapped', bundleId: bundleIdOf(region.manifest.inputHash), otherBundleId: bundleIdOf(old.manifest.inputHash), seconds: 0});
            } catch (err) {
                outcomes.push(this.refuse(country, old, manifest?.inputHash, (err as Error).message, seconds()));
            }
        }
        const swapped = outcomes.filter((o) => o.outcome === 'swapped');
        if (swapped.length === 0) return outcomes;
        const takingIn = performance.now();
        const started = await this.options.startSet(next);
        const takeInSeconds = (performance.now() - takingIn) / 1000;
        if ('error' in started) {
            return outcomes.map((o) => (o.outcome === 'swapped'
                ? this.refuse(o.country, served.find((r) => r.country.code === o.country)!, o.bundleId, `its worker threads cannot start: ${started.error}`, o.seconds)
                : o));
        }
        this.options.switchTo(started.set);
        const at = new Date().toISOString();
        for (const o of swapped) {
            o.seconds = seconds();
            this.notes.set(o.country, {swappedAt: at});
            this.options.logger.info(`${o.country}: bundle ${o.bundleId} swapped in for ${o.otherBundleId} (opened and checked in ${openSeconds.get(o.country)!.toFixed(2)} s, `
                + `taken in by the serving threads in ${takeInSeconds.toFixed(2)} s); new requests go to it, the old one finishes its requests and is freed`);
        }
        this.notesVersion++;
        return outcomes;
    }

    private refuse(country: string, old: Region, hash: string | undefined, reason: string, seconds: number): SwapOutcome {
        const bundleId = bundleIdOf(old.manifest.inputHash);
        const refusedId = hash ? bundleIdOf(hash) : null;
        this.notes.set(country, {...this.notes.get(country), refused: {bundleId: refusedId, reason, at: new Date().toISOString()}});
        this.notesVersion++;
        this.options.logger.error(`${country}: new bundle${refusedId ? ` ${refusedId}` : ''} refused, bundle ${bundleId} goes on serving: ${reason}`);
        return {country, outcome: 'refused', bundleId, ...(refusedId ? {otherBundleId: refusedId} : {}), reason, seconds};
    }

    /** Watches the bundle folder: a served region's folder renamed into place is reloaded once the renames settle. */
    watch(): void {
        const countries = new Set(this.options.current().regions.map((r) => r.country.code));
        try {
            this.watcher = fs.watch(this.options.buildRoot, (_event, name) => {
                const country = name?.toString();
                if (!country || !countries.has(country)) return;
                clearTimeout(this.settling.get(country));
                this.settling.set(country, setTimeout(() => {
                    this.settling.delete(country);
                    this.reload([country], true).catch(() => {});
                }, WATCH_SETTLE_MS));
            });
            this.watcher.on('error', (err) => this.options.logger.warn(`watching ${this.options.buildRoot} stopped: ${err.message}; SIGHUP or POST /admin/reload still swap bundles in`));
        } catch (err) {
            this.options.logger.warn(`cannot watch ${this.options.buildRoot} for new bundles (${(err as Error).message}); SIGHUP or POST /admin/reload swap them in`);
        }
    }

    /** Stops watching; resolves once a swap under way has ended. */
    async close(): Promise<void> {
        this.watcher?.close();
        for (const timer of this.settling.values()) clearTimeout(timer);
        this.settling.clear();
        await this.queue;
    }
}
