// Road graph build, stages 1-3: the ways' node refs resolved in the node store with the routing
// tags of their nodes, the junctions found (the nodes the graph keeps), and the junctions numbered
// along a Hilbert curve. Later, the junction copies of turn restrictions get the nodes' arrays too.
import {hilbert16} from '../../geo/hilbert.js';
import type {NodeStore} from '../../osm/node-store.js';

/** The routable ways' node refs: way w's are refs[wayRefStart[w] .. wayRefStart[w + 1] - 1]. */
export interface WayRefs {
    wayCount: number;
    wayRefStart: Uint32Array;
    refs: Float64Array;
    refCount: number;
}

/** Nodes with tags that matter to routing, by OSM id: flags (barrier mask bits 0-2, signal, crossing) and gate seconds, a byte per mode. */
export interface SpecialNodes {
    ids: Float64Array;
    flags: Uint8Array;
    gate: Uint32Array;
    count: number;
}

/** The ways' refs as node-store indices, and the routing tags per node-store index. */
export interface ResolvedNodes {
    /** Node-store index per ref, -1 for a node missing from the extract. */
    refIndex: Int32Array;
    missing: number;
    nodeFlags: Uint8Array;
    nodeGate: Uint32Array;
}

/** The junctions in graph order (numbered along a Hilbert curve, for locality), and their bounding box (1e-7 degrees). */
export interface GraphNodes {
    nodeCount: number;
    minLat: number;
    minLon: number;
    maxLat: number;
    maxLon: number;
    /** Graph node per node-store index, -1 for a node that is no junction. */
    graphNode: Int32Array;
    storeOfGraphNode: Uint32Array;
    nodeLat: Int32Array;
    nodeLon: Int32Array;
    nodeFlags: Uint8Array;
}

/** Stage 1: refs to node-store indices, and the special nodes' tags onto the store's numbering. */
export function resolveNodes(store: NodeStore, ways: WayRefs, special: SpecialNodes): ResolvedNodes {
    const refCount = ways.refCount, refs = ways.refs;
    const refIndex = new Int32Array(refCount);
    let missing = 0;
    for (let i = 0; i < refCount; i++) {
        const k = store.indexOf(refs[i]);
        refIndex[i] = k;
        if (k < 0) missing++;
    }
    const storeCount = store.ids.length;
    const nodeFlags = new Uint8Array(storeCount);
    const nodeGate = new Uint32Array(storeCount);
    for (let i = 0; i < special.count; i++) {
        const k = store.indexOf(special.ids[i]);
        if (k < 0) continue;
        nodeFlags[k] |= special.flags[i];
        nodeGate[k] = special.gate[i];
    }
    return {refIndex, missing, nodeFlags, nodeGate};
}

/** Stage 2, junctions (1 per node-store index): nodes used twice or more, ends of way pieces, barriers. */
export function findJunctions(storeCount: number, ways: WayRefs, resolved: ResolvedNodes): Uint8Array {
    const {refIndex, nodeFlags} = resolved;
    const {wayCount, wayRefStart, refCount} = ways;
    const useCount = new Uint8Array(storeCount);
    const junction = new Uint8Array(storeCount);
    for (let i = 0; i < refCount; i++) {
        const k = refIndex[i];
        if (k >= 0 && useCount[k] < 255) useCount[k]++;
    }
    for (let k = 0; k < storeCount; k++) {
        if (useCount[k] >= 2 || (nodeFlags[k] & 7) !== 0) junction[k] = 1;
    }
    for (let w = 0; w < wayCount; w++) {
        const start = wayRefStart[w], end = wayRefStart[w + 1];
        for (let i = start; i < end; i++) {
            const k = refIndex[i];
            if (k < 0) continue;
            if (i === start || i === end - 1 || refIndex[i - 1] < 0 || refIndex[i + 1] < 0) junction[k] = 1;
        }
        // A loop piece (same junction at both ends) gets a junction in its middle: no self-loops.
        let last = -1, lastPos = -1;
        for (let i = start; i < end; i++) {
            const k = refIndex[i];
            if (k < 0) {
                last = -1;
                continue;
            }
            if (!junction[k]) continue;
            if (k === last && i - lastPos > 1) {
                const mid = refIndex[(lastPos + i) >>> 1];
                junction[mid] = 1;
            }
            last = k;
            lastPos = i;
        }
    }
    return junction;
}

/** Stage 3: the graph nodes numbered along a Hilbert curve, for locality. */
export function numberNodes(store: NodeStore, junction: Uint8Array, storeFlags: Uint8Array): GraphNodes {
    const storeCount = store.ids.length;
    let nodeCount = 0;
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (let k = 0; k < storeCount; k++) {
        if (!junction[k]) continue;
        nodeCount++;
        const la = store.lat[k], lo = store.lon[k];
        if (la < minLat) minLat = la;
        if (la > maxLat) maxLat = la;
        if (lo < minLon) minLon = lo;
        if (lo > maxLon) maxLon = lo;
    }
    const storeOfNode = new Uint32Array(nodeCount);
    const keys = new Uint32Array(nodeCount);
    {
        let n = 0;
        const sx = 0xffff / Math.max(1, maxLon - minLon), sy = 0xffff / Math.max(1, maxLat - minLat);
        for (let k = 0; k < storeCount; k++) {
            if (!junction[k]) continue;
            storeOfNode[n] = k;
            keys[n] = hilbert16(Math.floor((store.lon[k] - minLon) * sx), Math.floor((store.lat[k] - minLat) * sy));
            n++;
        }
    }
    const order = new Uint32Array(nodeCount);
    for (let i = 0; i < nodeCount; i++) order[i] = i;
    order.sort((a, b) => keys[a] - keys[b]);
    const graphNode = new Int32Array(storeCount).fill(-1);
    const nodeLat = new Int32Array(nodeCount);
    const nodeLon = new Int32Array(nodeCount);
    const nodeFlags = new Uint8Array(nodeCount);
    const storeOfGraphNode = new Uint32Array(nodeCount);
    for (let i = 0; i < nodeCount; i++) {
        const k = storeOfNode[order[i]];
        graphNode[k] = i;
        storeOfGraphNode[i] = k;
        nodeLat[i] = store.lat[k];
        nodeLon[i] = store.lon[k];
        nodeFlags[i] = storeFlags[k];
    }
    return {nodeCount, minLat, minLon, maxLat, maxLon, graphNode, storeOfGraphNode, nodeLat, nodeLon, nodeFlags};
}

/** The nodes' position and flags for every graph node, the junction copies (after the junctions) taking their junction's. */
export function withCopies(nodes: GraphNodes, totalCount: number, copyJunction: Uint32Array): {lat: Int32Array; lon: Int32Array; flags: Uint8Array} {
    const junctionCount = nodes.nodeCount, nodeLat = nodes.nodeLat, nodeLon = nodes.nodeLon, graphFlags = nodes.nodeFlags;
    const allLat = new Int32Array(totalCount), allLon = new Int32Array(totalCount), allFlags = new Uint8Array(totalCount);
    allLat.set(nodeLat);
    allLon.set(nodeLon);
    allFlags.set(graphFlags);
    for (let c = 0; c < copyJunction.length; c++) {
        const u = copyJunction[c];
        allLat[junctionCount + c] = nodeLat[u];
        allLon[junctionCount + c] = nodeLon[u];
        allFlags[junctionCount + c] = graphFlags[u];
    }
    return {lat: allLat, lon: allLon, flags: allFlags};
}
