// Road graph build, stages 8-10: what snapping needs. The spatial index of the edges, the main
// components of each mode (an island is not snapped to), and per edge the modes that may snap onto it.
import Flatbush from 'flatbush';
import {markMainComponents, stronglyConnected} from '../components.js';
import {MODE_COUNT} from '../profiles.js';
import {INF, mainComponentBit} from '../road-graph.js';
import type {ArcArrays} from '../restricted-junctions.js';
import {anyWeight, type ThroughTraffic} from './arcs.js';
import type {Edges} from './edges.js';

/** A component smaller than this share of the mode's largest one is an island: nothing snaps to it. */
export const ISLAND_SHARE = 0.05;

/** Stage 8: spatial index of edge bounding boxes (degrees), for snapping positions onto edges. */
export function buildEdgeIndex(edges: Edges, nodeLat: Int32Array, nodeLon: Int32Array): Flatbush {
    const edgeCount = edges.edgeCount, edgeFrom = edges.edgeFrom, edgeTo = edges.edgeTo;
    const geomStart = edges.geomStart, geomLat = edges.geomLat, geomLon = edges.geomLon;
    const edgeIndex = new Flatbush(Math.max(1, edgeCount));
    for (let e = 0; e < edgeCount; e++) {
        const u = edgeFrom.data[e], v = edgeTo.data[e];
        let minX = Math.min(nodeLon[u], nodeLon[v]), maxX = Math.max(nodeLon[u], nodeLon[v]);
        let minY = Math.min(nodeLat[u], nodeLat[v]), maxY = Math.max(nodeLat[u], nodeLat[v]);
        for (let g = geomStart.data[e]; g < geomStart.data[e + 1]; g++) {
            const x = geomLon.data[g], y = geomLat.data[g];
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        }
        edgeIndex.add(minX / 1e7, minY / 1e7, maxX / 1e7, maxY / 1e7);
    }
    if (edgeCount === 0) edgeIndex.add(0, 0, 0, 0);
    edgeIndex.finish();
    return edgeIndex;
}

/**
 * Stage 9: each mode's main components, marked in `allFlags` (mainComponentBit) for through
 * traffic; with start-or-end-only ways counted too, in the returned reachable bits (1 << mode).
 * A private estate, or streets reached only through one, joins the main component that way: one
 * may start or end there (route/access-search.ts), and its streets are not part of the main
 * network however many they are. Returns the main components' node counts too.
 */
export function markMainNetwork(graph: ArcArrays, through: ThroughTraffic, allFlags: Uint8Array, junctionCount: number, copyJunction: Uint32Array):
    {reachableBits: Uint8Array; mainComponentNodes: number[]} {
    const reachableBits = new Uint8Array(graph.nodeCount);
    const mainComponentNodes: number[] = [];
    for (let m = 0; m < MODE_COUNT; m++) {
        let joined: Int32Array | undefined;
        if (through.localArcs.length > 0) {
            joined = stronglyConnected(graph.nodeCount, graph.arcFirst, graph.arcHead, graph.arcOut[m]).component;
            markMainComponents(graph.nodeCount, graph.arcFirst, graph.arcHead, graph.arcOut[m], reachableBits, 1 << m, ISLAND_SHARE);
        }
        mainComponentNodes.push(markMainComponents(graph.nodeCount, graph.arcFirst, graph.arcHead, through.throughOut[m], allFlags, mainComponentBit(m), ISLAND_SHARE, joined));
        // A junction is in it when one of its copies is: its plain node may have no arcs in (each
        // way in leads to a copy) or none out.
        for (let c = 0; c < copyJunction.length; c++) {
            const u = copyJunction[c];
            allFlags[u] |= allFlags[junctionCount + c] & mainComponentBit(m);
            reachableBits[u] |= reachableBits[junctionCount + c] & (1 << m);
        }
        // And so are all its copies: being at a copy is being at the junction, on the main network
        // (a copy may sit outside the component, say one arrived at only over a start-or-end-only
        // way). The search at a trip's ends stops there and the hierarchy goes on from the copy,
        // so its restrictions hold and no trip passes along those ways from the main network.
        for (let c = 0; c < copyJunction.length; c++) {
            allFlags[junctionCount + c] |= allFlags[copyJunction[c]] & mainComponentBit(m);
        }
    }
    return {reachableBits, mainComponentNodes};
}

/**
 * Stage 10, per edge, the modes that may snap onto it: usable in some direction, both ends in a main
 * component (start-or-end-only ways: in a main component once those ways count).
 */
export function snapModes(edges: Edges, localIndex: Int32Array, allFlags: Uint8Array, reachableBits: Uint8Array): Uint8Array {
    const edgeCount = edges.edgeCount, weights = edges.weights;
    const edgeModes = new Uint8Array(edgeCount);
    for (let e = 0; e < edgeCount; e++) {
        const u = edges.edgeFrom.data[e], v = edges.edgeTo.data[e];
        for (let m = 0; m < MODE_COUNT; m++) {
            const usableForMode = weights[m * 2].data[e] !== INF || weights[m * 2 + 1].data[e] !== INF;
            const bit = mainComponentBit(m);
            if (usableForMode && (allFlags[u] & bit) && (allFlags[v] & bit)) edgeModes[e] |= 1 << m;
            const usableLocally = anyWeight(edges, localIndex, e, m, 0) !== INF || anyWeight(edges, localIndex, e, m, 1) !== INF;
            if (usableLocally && (reachableBits[u] & reachableBits[v] & (1 << m))) edgeModes[e] |= 1 << m;
        }
    }
    return edgeModes;
}
