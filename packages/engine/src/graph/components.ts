// Strongly connected components of one mode's graph (iterative Tarjan), to find islands:
// pieces of network one cannot leave or enter (clipped at the extract's edge, private
// compounds, one-way traps). Nodes of large components get `flagBit` set.
import {INF} from './road-graph.js';

/**
 * Marks nodes of components at least `share` of the largest; returns how many nodes were marked.
 * `joined`: the components of the same graph with more arcs (the ways one may only start or end
 * on); a component that those arcs join to the largest one is reached only through them, so it
 * is not main however large (a private estate's streets).
 */
export function markMainComponents(
    nodeCount: number, arcFirst: Uint32Array, arcHead: Uint32Array, arcWeight: Uint32Array,
    flags: Uint8Array, flagBit: number, share: number, joined?: Int32Array
): number {
    const {component, sizes} = stronglyConnected(nodeCount, arcFirst, arcHead, arcWeight);
    let largest = 0, largestId = -1;
    for (let c = 0; c < sizes.length; c++) {
        if (sizes[c] > largest) {
            largest = sizes[c];
            largestId = c;
        }
    }
    let largestJoined = -1;
    if (joined) for (let u = 0; u < nodeCount && largestJoined < 0; u++) if (component[u] === largestId) largestJoined = joined[u];
    const threshold = Math.max(2, largest * share);
    let marked = 0;
    for (let u = 0; u < nodeCount; u++) {
        const c = component[u];
        if (sizes[c] < threshold) continue;
        if (joined && c !== largestId && joined[u] === largestJoined) continue;
        flags[u] |= flagBit;
        marked++;
    }
    return marked;
}

/** Component id of every node (arcs of weight INF left out), and each component's size. */
export function stronglyConnected(nodeCount: number, arcFirst: Uint32Array, arcHead: Uint32Array, arcWeight: Uint32Array): {component: Int32Array; sizes: number[]} {
    const index = new Int32Array(nodeCount).fill(-1);
    const low = new Int32Array(nodeCount);
    const onStack = new Uint8Array(nodeCount);
    const stack = new Int32Array(nodeCount);
    const callNode = new Int32Array(nodeCount);
    const callArc = new Uint32Array(nodeCount);
    const component = new Int32Array(nodeCount);
    const sizes: number[] = [];
    let sp = 0, counter = 0;

    for (let root = 0; root < nodeCount; root++) {
        if (index[root] >= 0) continue;
        let depth = 0;
        callNode[0] = root;
        callArc[0] = arcFirst[root];
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        onStack[root] = 1;
        while (depth >= 0) {
            const u = callNode[depth];
            const end = arcFirst[u + 1];
            let a = callArc[depth];
            let descended = false;
            for (; a < end; a++) {
                if (arcWeight[a] === INF) continue;
                const v = arcHead[a];
                if (index[v] < 0) {
                    callArc[depth] = a + 1;
                    depth++;
                    callNode[depth] = v;
                    callArc[depth] = arcFirst[v];
                    index[v] = low[v] = counter++;
                    stack[sp++] = v;
                    onStack[v] = 1;
                    descended = true;
                    break;
                } else if (onStack[v] && index[v] < low[u]) {
                    low[u] = index[v];
                }
            }
            if (descended) continue;
            if (low[u] === index[u]) {
                const id = sizes.length;
                let size = 0, w: number;
                do {
                    w = stack[--sp];
                    onStack[w] = 0;
                    component[w] = id;
                    size++;
                } while (w !== u);
                sizes.push(size);
            }
            depth--;
            if (depth >= 0) {
                const parent = callNode[depth];
                if (low[u] < low[parent]) low[parent] = low[u];
            }
        }
    }

    return {component, sizes};
}
