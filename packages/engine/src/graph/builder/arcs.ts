// Road graph build, stage 5 and 7: the arcs (each usable edge stored at both ends), and after the
// turn restrictions, the arcs closed to through traffic on the ways a mode may only start or end on.
import {Growable} from '../../format/growable.js';
import {MODE_COUNT} from '../profiles.js';
import {INF, REVERSED} from '../road-graph.js';
import type {ArcArrays} from '../restricted-junctions.js';
import type {Edges} from './edges.js';

/** The local (start-or-end-only) edges' positions in edges.localEdges, -1 for other edges. */
export function localEdgeIndex(edges: Edges): Int32Array {
    const localIndex = new Int32Array(edges.edgeCount).fill(-1);
    for (let i = 0; i < edges.localEdges.length; i++) localIndex[edges.localEdges.data[i]] = i;
    return localIndex;
}

/** Weight of edge e for mode m in direction dir (0 forward), start-or-end-only ways included. */
export function anyWeight(edges: Edges, localIndex: Int32Array, e: number, m: number, dir: number): number {
    const w = edges.weights[m * 2 + dir].data[e];
    return w === INF && localIndex[e] >= 0 ? edges.localWeights[m * 2 + dir].data[localIndex[e]] : w;
}

/** Whether mode m may only start or end on edge e. */
function localFor(edges: Edges, localIndex: Int32Array, e: number, m: number): boolean {
    return localIndex[e] >= 0
        && (edges.localWeights[m * 2].data[localIndex[e]] !== INF || edges.localWeights[m * 2 + 1].data[localIndex[e]] !== INF);
}

/**
 * Stage 5, arcs: each edge usable in some direction appears at both ends, so every node's arc list
 * holds its in- and out-neighbours; `out` weights go owner → head, `in` weights head → owner.
 */
export function buildArcs(nodeCount: number, edges: Edges, localIndex: Int32Array): ArcArrays {
    const edgeCount = edges.edgeCount, edgeFrom = edges.edgeFrom, edgeTo = edges.edgeTo;
    const arcFirst = new Uint32Array(nodeCount + 1);
    const usable = new Uint8Array(edgeCount);
    for (let e = 0; e < edgeCount; e++) {
        for (let j = 0; j < MODE_COUNT * 2; j++) {
            if (anyWeight(edges, localIndex, e, j >> 1, j & 1) !== INF) {
                usable[e] = 1;
                break;
            }
        }
        if (!usable[e]) continue;
        arcFirst[edgeFrom.data[e] + 1]++;
        arcFirst[edgeTo.data[e] + 1]++;
    }
    for (let i = 0; i < nodeCount; i++) arcFirst[i + 1] += arcFirst[i];
    const arcCount = arcFirst[nodeCount];
    const arcHead = new Uint32Array(arcCount);
    const arcEdge = new Uint32Array(arcCount);
    const arcOut: Uint32Array[] = [], arcIn: Uint32Array[] = [];
    for (let m = 0; m < MODE_COUNT; m++) {
        arcOut.push(new Uint32Array(arcCount));
        arcIn.push(new Uint32Array(arcCount));
    }
    const fill = arcFirst.slice(0, nodeCount);
    for (let e = 0; e < edgeCount; e++) {
        if (!usable[e]) continue;
        const u = edgeFrom.data[e], v = edgeTo.data[e];
        const a = fill[u]++;
        arcHead[a] = v;
        arcEdge[a] = e;
        const b = fill[v]++;
        arcHead[b] = u;
        arcEdge[b] = (e | REVERSED) >>> 0;
        // Start-or-end-only ways at their real weights here, so turn restrictions apply to them
        // as to any way; they are closed to through traffic after (closeThroughTraffic).
        for (let m = 0; m < MODE_COUNT; m++) {
            const fwd = anyWeight(edges, localIndex, e, m, 0), bwd = anyWeight(edges, localIndex, e, m, 1);
            arcOut[m][a] = fwd;
            arcIn[m][a] = bwd;
            arcOut[m][b] = bwd;
            arcIn[m][b] = fwd;
        }
    }
    return {nodeCount, arcFirst, arcHead, arcEdge, arcOut, arcIn};
}

/** The arcs' weights for through traffic, and the start-or-end-only arcs with their own weights. */
export interface ThroughTraffic {
    throughOut: Uint32Array[];
    throughIn: Uint32Array[];
    localArcs: Growable<Uint32Array>;
    localOut: Growable<Uint32Array>[];
    localIn: Growable<Uint32Array>[];
}

/**
 * Stage 7, through traffic: the arcs over an edge a mode may only start or end on are INF; those
 * arcs' weights (junction copies' included, so restrictions hold on them) are kept per local arc.
 */
export function closeThroughTraffic(graph: ArcArrays, edges: Edges, localIndex: Int32Array): ThroughTraffic {
    const graphArcCount = graph.arcFirst[graph.nodeCount];
    const throughOut = graph.arcOut.map((w) => w.slice()), throughIn = graph.arcIn.map((w) => w.slice());
    const localArcs = new Growable(Uint32Array);
    const localOut: Growable<Uint32Array>[] = [], localIn: Growable<Uint32Array>[] = [];
    for (let m = 0; m < MODE_COUNT; m++) {
        localOut.push(new Growable(Uint32Array));
        localIn.push(new Growable(Uint32Array));
    }
    for (let a = 0; a < graphArcCount; a++) {
        const e = (graph.arcEdge[a] & ~REVERSED) >>> 0;
        if (localIndex[e] < 0) continue;
        let any = false;
        for (let m = 0; m < MODE_COUNT; m++) {
            if (!localFor(edges, localIndex, e, m)) continue;
            if (graph.arcOut[m][a] !== INF || graph.arcIn[m][a] !== INF) any = true;
            throughOut[m][a] = INF;
            throughIn[m][a] = INF;
        }
        if (!any) continue;
        localArcs.push(a);
        for (let m = 0; m < MODE_COUNT; m++) {
            const local = localFor(edges, localIndex, e, m);
            localOut[m].push(local ? graph.arcOut[m][a] : INF);
            localIn[m].push(local ? graph.arcIn[m][a] : INF);
        }
    }
    return {throughOut, throughIn, localArcs, localOut, localIn};
}
