// Lengths (metres) of every arc of a contraction hierarchy, original or shortcut, so that one-to-many
// searches can report the length of the fastest path without unpacking it. Measured once at build
// time (contract.ts stores them in the section as upLength / downLength). A shortcut u → v over m
// is the arcs u → m (a down arc kept at m) and m → v (an up arc kept at m); m ranks below u and v,
// so going through the nodes by rising rank finds both halves already measured.
import {ORIGINAL} from './hierarchy.js';
import {REVERSED} from '../graph/road-graph.js';

export interface ArcLengths {
    /** metres per up arc (index as upHead) */
    up: Float64Array;
    /** metres per down arc (index as downHead) */
    down: Float64Array;
}

/** The arrays of a hierarchy that its arc lengths follow from (a ContractionHierarchy has them all). */
export interface HierarchyArcs {
    nodeCount: number;
    rank: Uint32Array;
    upFirst: Uint32Array;
    upHead: Uint32Array;
    upMiddle: Uint32Array;
    downFirst: Uint32Array;
    downHead: Uint32Array;
    downMiddle: Uint32Array;
}

export function arcLengths(ch: HierarchyArcs, arcEdge: Uint32Array, edgeLength: ArrayLike<number>): ArcLengths {
    const n = ch.nodeCount;
    const byRank = new Uint32Array(n);
    for (let x = 0; x < n; x++) byRank[ch.rank[x]] = x;
    const {upFirst, upHead, upMiddle, downFirst, downHead, downMiddle} = ch;
    const up = new Float64Array(upHead.length), down = new Float64Array(downHead.length);
    const original = (middle: number) => edgeLength[(arcEdge[middle - ORIGINAL] & ~REVERSED) >>> 0];
    /** Length of u → m (down arc at m) plus m → v (up arc at m). */
    const halves = (m: number, u: number, v: number) => {
        let a = -1, b = -1;
        for (let i = downFirst[m], end = downFirst[m + 1]; i < end; i++) if (downHead[i] === u) { a = i; break; }
        for (let i = upFirst[m], end = upFirst[m + 1]; i < end; i++) if (upHead[i] === v) { b = i; break; }
        if (a < 0 || b < 0) throw new Error(`contraction hierarchy: shortcut ${u} → ${v} over ${m} has no halves`);
        return down[a] + up[b];
    };
    for (let r = 0; r < n; r++) {
        const x = byRank[r];
        for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
            const m = upMiddle[i];
            up[i] = m >= ORIGINAL ? original(m) : halves(m, x, upHead[i]);
        }
        for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
            const m = downMiddle[i];
            down[i] = m >= ORIGINAL ? original(m) : halves(m, downHead[i], x);
        }
    }
    return {up, down};
}
