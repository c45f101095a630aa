// Lengths (metres) of every arc of a contraction hierarchy, original or shortcut, so that one-to-many
// searches can report the length of the fastest path without unpacking it, and its turns: the bearing
// it sets off and arrives with and the turn costs inside it (graph/turn-costs.ts), so searches add the
// turns of the paths they find. Measured once at build time (contract.ts stores them in the section as
// upLength / downLength, upEnter / upLeave / upTurn and the same down). A shortcut u → v over m
// is the arcs u → m (a down arc kept at m) and m → v (an up arc kept at m); m ranks below u and v,
// so going through the hierarchy's nodes (numbered by rank) in order finds both halves already measured.
import {ORIGINAL} from './hierarchy.js';
import {REVERSED} from '../graph/road-graph.js';
import type {TurnCosts} from '../graph/turn-costs.js';

export interface ArcLengths {
    /** metres per up arc (index as upHead) */
    up: Float64Array;
    /** metres per down arc (index as downHead) */
    down: Float64Array;
}

/** The arrays of a hierarchy that its arc lengths follow from (a ContractionHierarchy has them all). */
export interface HierarchyArcs {
    nodeCount: number;
    /** The road-graph node of each rank (the arrays below are by rank: hierarchy.ts). */
    node: Uint32Array;
    upFirst: Uint32Array;
    upHead: Uint32Array;
    upMiddle: Uint32Array;
    downFirst: Uint32Array;
    downHead: Uint32Array;
    downMiddle: Uint32Array;
}

/** Per up and down arc: bearing setting off and arriving (1/256 turn), ms of the turns inside it. */
export interface ArcTurns {
    upEnter: Uint8Array;
    upLeave: Uint8Array;
    upTurn: Uint32Array;
    downEnter: Uint8Array;
    downLeave: Uint8Array;
    downTurn: Uint32Array;
}

export function arcLengths(ch: HierarchyArcs, arcEdge: Uint32Array, edgeLength: ArrayLike<number>): ArcLengths {
    return arcFacts(ch, arcEdge, edgeLength, null).lengths;
}

/** Lengths and, with turn costs, turns of every arc. */
export function arcFacts(ch: HierarchyArcs, arcEdge: Uint32Array, edgeLength: ArrayLike<number>, turns: TurnCosts | null): {lengths: ArcLengths; turns: ArcTurns | null} {
    const n = ch.nodeCount, node = ch.node;
    const {upFirst, upHead, upMiddle, downFirst, downHead, downMiddle} = ch;
    const up = new Float64Array(upHead.length), down = new Float64Array(downHead.length);
    const t: ArcTurns | null = turns && {
        upEnter: new Uint8Array(upHead.length), upLeave: new Uint8Array(upHead.length), upTurn: new Uint32Array(upHead.length),
        downEnter: new Uint8Array(downHead.length), downLeave: new Uint8Array(downHead.length), downTurn: new Uint32Array(downHead.length)
    };
    // Arc `i` of one side (up or down arrays) from what it stands for: an original arc, or the halves u → m → v.
    const fill = (isUp: boolean, i: number, m: number, u: number, v: number) => {
        const enter = isUp ? t?.upEnter : t?.downEnter, leave = isUp ? t?.upLeave : t?.downLeave, turn = isUp ? t?.upTurn : t?.downTurn;
        const length = isUp ? up : down;
        if (m >= ORIGINAL) {
            const ref = arcEdge[m - ORIGINAL];
            length[i] = edgeLength[(ref & ~REVERSED) >>> 0];
            if (t) {
                enter![i] = turns!.enter(ref);
                leave![i] = turns!.leave(ref);
            }
            return;
        }
        let a = -1, b = -1;
        for (let k = downFirst[m], end = downFirst[m + 1]; k < end; k++) if (downHead[k] === u) { a = k; break; }
        for (let k = upFirst[m], end = upFirst[m + 1]; k < end; k++) if (upHead[k] === v) { b = k; break; }
        if (a < 0 || b < 0) throw new Error(`contraction hierarchy: shortcut ${u} → ${v} over ${m} has no halves`);
        length[i] = down[a] + up[b];
        if (t) {
            enter![i] = t.downEnter[a];
            leave![i] = t.upLeave[b];
            turn![i] = t.downTurn[a] + t.upTurn[b] + turns!.at(node[m], t.downLeave[a], t.upEnter[b]);
        }
    };
    for (let x = 0; x < n; x++) {
        for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) fill(true, i, upMiddle[i], x, upHead[i]);
        for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) fill(false, i, downMiddle[i], downHead[i], x);
    }
    return {lengths: {up, down}, turns: t};
}
