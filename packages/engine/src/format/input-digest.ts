// The SHA-256 of what a section's builder kept from the OSM read (its drafts and the node store), so that a build
// whose builder kept the same reuses the previous bundle's section without building it (region/build-stages/reuse.ts).
// Typed arrays are hashed by their bytes, named and with their length, so no two inputs hash alike.
import crypto from 'node:crypto';
import type {NodeStore} from '../osm/node-store.js';
import type {TypedArray} from './section.js';

export class InputDigest {
    private readonly hash = crypto.createHash('sha256');

    constructor(label: string) {
        this.hash.update(`${label}\n`);
    }

    /** The first `length` values of a typed array. */
    array(name: string, a: TypedArray, length = a.length): this {
        this.hash.update(`\n${name} ${length}\n`).update(new Uint8Array(a.buffer, a.byteOffset, length * a.BYTES_PER_ELEMENT));
        return this;
    }

    /** A value as JSON (drafts of a few thousand objects; chunk anything larger). */
    json(name: string, value: unknown): this {
        const text = JSON.stringify(value) ?? 'undefined';
        this.hash.update(`\n${name} ${text.length}\n`).update(text);
        return this;
    }

    /** The node store: every node id asked for, its coordinates and whether it was found. */
    store(nodes: NodeStore): this {
        return this.array('store ids', nodes.ids).array('store lat', nodes.lat).array('store lon', nodes.lon).array('store found', nodes.found);
    }

    hex(): string {
        return this.hash.digest('hex');
    }
}
