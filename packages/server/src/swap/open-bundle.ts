// Opening a region bundle for a swap, off the main thread and the serving threads: reading and checking its sections
// takes from tens of milliseconds (Malta) to seconds (a country), on a thread of its own at a lower OS priority
// (region-opener.ts, open-region-worker.ts). The sections come back as SharedArrayBuffers: shared, never copied.
import fs from 'node:fs';
import {Region} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import type {RegionHandle} from '../workers/tasks.js';

/** The bundle in `dir`, opened and checked (Region.open); throws the reason it cannot be served. */
export function openBundle(dir: string): RegionHandle {
    // A build swaps a whole folder into place by renaming it: the folder read must be one and the same from the
    // first section to the last (the same inode), or its files may come from two bundles.
    const before = fs.statSync(dir).ino;
    const region = Region.open(dir);
    if (fs.statSync(dir).ino !== before) throw new Error(`${dir} was replaced while it was read (a build finished meanwhile): try again`);
    return {manifest: region.manifest, buffers: regionSections(region).buffers};
}
