// Opening a region bundle while the server serves: in a thread (open-region-worker.ts), so the main thread
// goes on answering; the Region is rebuilt here over the thread's shared buffers.
import {Worker} from 'node:worker_threads';
import {Region, type RegionBuffers} from '@quartier/engine';
import type {RegionManifest} from '@quartier/engine/internal';
import {WORKER_YOUNG_GENERATION_MB} from '../workers/worker-threads.js';

const OPEN_REGION_WORKER = new URL('./open-region-worker.js', import.meta.url);

/** The bundle in `dir`, opened and checked (Region.open); rejects with the reason it cannot be served. */
export function openRegionInThread(dir: string): Promise<Region> {
    return new Promise((resolve, reject) => {
        const worker = new Worker(OPEN_REGION_WORKER, {workerData: {dir}, resourceLimits: {maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB}});
        let settled = false;
        worker.once('message', (m: {manifest: RegionManifest; buffers: RegionBuffers} | {error: string}) => {
            settled = true;
            if ('error' in m) reject(new Error(m.error));
            else resolve(Region.fromBuffers(m.manifest, m.buffers));
        });
        worker.once('error', (err) => {
            if (!settled) reject(err);
            settled = true;
        });
        worker.once('exit', (code) => {
            if (!settled) reject(new Error(`the thread opening ${dir} stopped (code ${code}) before it had read the bundle`));
            settled = true;
        });
    });
}
