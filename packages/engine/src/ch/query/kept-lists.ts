// Kept lists made by the region build (region/poi-searches.ts): for the ways into every POI, what a sweep keeps
// per target (sweep.ts, within()): the nodes within its kept bounds by the down arcs, nearest first, and their
// times. They depend on the hierarchy and the target alone, and the build knows every place a listing's trips go
// to, so a thread reads them in place instead of searching on its first trip to each place.
import {lowerBound} from '../../format/growable.js';

/** Per target (rank), ascending: target[i]'s nodes and times are node / time [first[i], first[i + 1]). */
export interface KeptLists {
    readonly target: Uint32Array;
    readonly first: Uint32Array;
    readonly node: Uint32Array;
    readonly time: Uint32Array;
}

/** The index of a target's list, or -1 when the build kept none for it. */
export function keptListIndex(lists: KeptLists, target: number): number {
    const i = lowerBound(lists.target, target);
    return i < lists.target.length && lists.target[i] === target ? i : -1;
}
