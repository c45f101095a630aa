// Opens a region bundle in a thread of its own (region-opener.ts): reading and checking a bundle's sections takes
// from tens of milliseconds (Malta) to seconds (a country), which must not hold up the requests the main thread
// serves meanwhile. The sections come back as SharedArrayBuffers: shared, never copied.
import fs from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';
import {Region} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';

const {dir} = workerData as {dir: string};
try {
    // A build swaps a whole folder into place by renaming it: the folder read must be one and the same from the
    // first section to the last (the same inode), or its files may come from two bundles.
    const before = fs.statSync(dir).ino;
    const region = Region.open(dir);
    if (fs.statSync(dir).ino !== before) throw new Error(`${dir} was replaced while it was read (a build finished meanwhile): try again`);
    parentPort!.postMessage({manifest: region.manifest, buffers: regionSections(region).buffers});
} catch (err) {
    parentPort!.postMessage({error: (err as Error).message});
}
