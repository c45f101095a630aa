// Coordinates of the nodes the build needs. Builders declare node ids while reading ways
// (`need`), then one node pass fills the coordinates of exactly those nodes. Ids are kept
// sorted so a lookup is a binary search, and memory stays proportional to what is used.
import {Growable, binarySearch, lowerBound, sortedUnique} from '../format/growable.js';
import type {OsmNode} from './objects.js';

export class NodeStore {
    private wanted = new Growable(Float64Array, 1 << 16);
    ids: Float64Array = new Float64Array(0);
    /** Fixed-point coordinates, 1e-7 degree (the OSM precision). */
    lat: Int32Array = new Int32Array(0);
    lon: Int32Array = new Int32Array(0);
    found = new Uint8Array(0);
    private cursor = 0;
    private lastId = -Infinity;

    need(id: number): void {
        this.wanted.push(id);
    }

    /** Call between the way pass and the node pass. */
    seal(): void {
        this.ids = sortedUnique(this.wanted.toArray());
        this.wanted = new Growable(Float64Array, 1);
        const n = this.ids.length;
        this.lat = new Int32Array(n);
        this.lon = new Int32Array(n);
        this.found = new Uint8Array(n);
        this.cursor = 0;
        this.lastId = -Infinity;
    }

    /** Records a node if needed; returns its index or -1. Linear merge when nodes arrive sorted by id. */
    visit(node: OsmNode): number {
        const ids = this.ids;
        const id = node.id;
        let i: number;
        if (id >= this.lastId) {
            i = this.cursor;
            while (i < ids.length && ids[i] < id) i++;
        } else {
            i = lowerBound(ids, id);
        }
        this.cursor = i;
        this.lastId = id;
        if (i >= ids.length || ids[i] !== id) return -1;
        this.lat[i] = Math.round(node.lat * 1e7);
        this.lon[i] = Math.round(node.lon * 1e7);
        this.found[i] = 1;
        return i;
    }

    /** Index of a node id with known coordinates, or -1. */
    indexOf(id: number): number {
        const i = binarySearch(this.ids, id);
        return i >= 0 && this.found[i] ? i : -1;
    }
}
