// Contraction hierarchies, the preprocessing half (queries are in query.ts; the split follows
// RoutingKit and OSRM). Nodes are contracted one by one, least important first: each contracted node
// x is taken out of the graph, and for each pair u → x → v with no path as short that avoids x
// (a witness, see witness.ts) a shortcut u → v remembering x is added. A node's rank is its place in
// that order. What is left of x's arcs when it is contracted all lead to higher-ranked nodes: they
// are its upward arcs, which is all a query needs.
//
// Order: a priority mixing the edge difference (shortcuts added minus arcs removed), the number of
// neighbours already contracted (spreads contraction evenly) and the level (1 + the highest level of
// the contracted neighbours, which bounds the depth of the upward search spaces). Priorities are
// updated for the neighbours of each contracted node and lazily: a popped node is evaluated again,
// and pushed back if it is no longer the smallest.
//
// Section `ch-<mode>`, version 6 (CH_VERSION; read by ContractionHierarchy in hierarchy.ts). The
// hierarchy numbers its nodes by rank: a search's upper part, where every long search goes, then lies
// together in memory (a country's hierarchy is millions of nodes; arrays by road-graph node scatter a
// search over all of them, a cache miss per node). Arrays:
//   rank                             Uint32 [node]        contraction order, 0 first: the node's number here
//   node                             Uint32 [rank]        the road-graph node of each rank
//   upFirst / downFirst              Uint32 [rank + 1]    CSR offsets, by rank
//   upHead, upWeight, upMiddle       Uint32 [up arc]      forward graph: arc r → upHead (a rank), rank rises
//   downHead, downWeight, downMiddle Uint32 [down arc]    backward graph: arc downHead → r, from a
//                                                         higher rank (the backward search walks it)
//   upLength / downLength            Float64 [arc]        metres of the road path an arc stands for (lengths.ts)
//   upEnter / upLeave (down too)     Uint8 [arc]          bearings setting off and arriving (1/256 turn), and
//   upTurn / downTurn                Uint32 [arc]         ms of the turns inside it (when built with turn costs)
// middle: for a shortcut, the rank of the contracted node it bypasses (< ORIGINAL); for an original arc,
// ORIGINAL | the road-graph arc index, always the arc owned by the tail and traversed forwards (arcOut).
//   upLowered / downLowered          Uint32 [k]           the up / down arcs (indices, rising) whose weight a
//                                                         shortcut lowered: the arc was there first (recontract.ts)
//   witnessReach                     Uint32 [rank]        how far the node's witness searches reached (raw units of
//                                                         lat and lon; only with the graph's positions): recontract.ts
// meta: {mode, modeName, nodeCount, arcCount (of the road graph, to catch a mismatch),
//        upArcs, downArcs, shortcuts, settledLimit, hopLimit, seconds}: the same after a partial re-contraction
//        (how many nodes it searched again is in ContractOptions.stats, not here: with nothing changed for the
//        mode, the section is a fresh build's)
import {Growable} from '../format/growable.js';
import {encodeSection} from '../format/section.js';
import {MODES} from '../graph/profiles.js';
import {INF} from '../graph/road-graph.js';
import {DynamicGraph, IN, OUT} from './dynamic-graph.js';
import {NodeHeap} from '../search/heap.js';
import {CH_VERSION, ORIGINAL, chKind, type CHGraph, type HierarchyArrays} from './hierarchy.js';
import {arcFacts} from './lengths.js';
import type {TurnCosts} from '../graph/turn-costs.js';
import {WitnessSearch} from './witness.js';
import {ArcBuffer} from './arc-buffer.js';
import {DEFAULT_MAX_CHANGED_SHARE, Recontraction, type PlacedGraph, type PreviousContraction} from './recontract.js';

export {CH_VERSION, ORIGINAL, chKind, type CHGraph};

export interface ContractOptions {
    /** Called with the share of nodes contracted, about every 1 %. */
    onProgress?(share: number): void;
    /** The mode's turn costs: each arc then stores its bearings and the turns inside it (lengths.ts). */
    turns?: TurnCosts;
    /** Witness search bounds when a node is contracted (see witness.ts). */
    settledLimit?: number;
    hopLimit?: number;
    /** Cheaper bounds when only estimating a priority (initial order, neighbour updates). */
    estimateSettledLimit?: number;
    estimateHopLimit?: number;
    /**
     * A neighbour with more arcs than this is not searched again when a node next to it is
     * contracted: its priority moves by the contracted-neighbour and level terms only, and the lazy
     * check corrects it when it comes up.
     */
    updateDegreeLimit?: number;
    /** Priority weights. */
    edgeDifferenceWeight?: number;
    contractedNeighbourWeight?: number;
    levelWeight?: number;
    /**
     * The previous build's hierarchy and road graph (the graph's positions needed): when at most `maxChangedShare`
     * of the nodes changed for the mode, the previous order is kept and only what the change reaches is contracted
     * again (recontract.ts); else the hierarchy is built afresh, byte for byte a fresh build's.
     */
    previous?: PreviousContraction;
    maxChangedShare?: number;
    /** With `previous`: false contracts every node again in the previous order (to measure what the order alone saves). */
    replay?: boolean;
    /** Filled in: the nodes searched again by a partial re-contraction (left unset by a fresh one). */
    stats?: {recontracted?: number};
}

// Defaults measured on Brussels and Porto (all modes). Contraction bounds: looser ones changed
// nothing, tighter ones add shortcuts. Estimates (the initial order and the neighbour updates, which
// are most of the work) with 30 nodes / 3 hops halve the build time at no cost in query time; the
// lazy check of a popped node uses the contraction bounds, since it is nearly always contracted
// and its shortcuts are then already known. Weights: edge difference 4, level 2, contracted
// neighbours 1 gave queries as fast as any tried (within ~10 %, e.g. 2/1/1, or edge quotients).
// Neighbour update degree limit 20: in the dense cores of city foot graphs, searches from
// high-degree neighbours were most of the build; skipping them cut the witness work by 30-40 %
// (Brussels, Porto foot) for 3-10 % more nodes settled per query.
export const DEFAULT_SETTLED_LIMIT = 500;
export const DEFAULT_HOP_LIMIT = 16;
export const DEFAULT_ESTIMATE_SETTLED_LIMIT = 30;
export const DEFAULT_ESTIMATE_HOP_LIMIT = 3;
export const DEFAULT_UPDATE_DEGREE_LIMIT = 20;

/** Builds the contraction hierarchy of `graph` for one mode; returns its section. */
export function contract(graph: CHGraph, mode: number, options: ContractOptions = {}): Uint8Array {
    const start = performance.now();
    const plan = options.previous && hasPositions(graph) ? new Recontraction(graph, mode, options.previous) : null;
    // Nothing changed for the mode: the previous hierarchy, its road arcs renumbered.
    const same = plan && (options.replay ?? true) ? plan.sameHierarchy() : null;
    if (same) {
        if (options.stats) options.stats.recontracted = 0;
        options.onProgress?.(1);
        const meta = plan!.previousMeta();
        return encodeHierarchy(graph, mode, options.turns ?? null, same,
            {shortcuts: meta.shortcuts, settledLimit: meta.settledLimit, hopLimit: meta.hopLimit, seconds: (performance.now() - start) / 1000});
    }
    const contractor = new Contractor(graph, mode, options);
    if (plan && plan.changedNodes <= (options.maxChangedShare ?? DEFAULT_MAX_CHANGED_SHARE) * graph.nodeCount) {
        contractor.runInOrder(plan, options.replay ?? true, options.onProgress);
        if (options.stats) options.stats.recontracted = contractor.recontracted ?? undefined;
    } else {
        contractor.run(options.onProgress);
    }
    return contractor.encode((performance.now() - start) / 1000);
}

function hasPositions(graph: CHGraph): graph is PlacedGraph {
    return 'nodeLat' in graph && 'nodeLon' in graph;
}

class Contractor {
    private readonly graph: CHGraph;
    private readonly mode: number;
    private readonly turns: TurnCosts | null;
    private readonly nodeCount: number;
    private dyn: DynamicGraph;
    private witness: WitnessSearch;
    private readonly settledLimit: number;
    private readonly hopLimit: number;
    private readonly estimateSettledLimit: number;
    private readonly estimateHopLimit: number;
    private readonly updateDegreeLimit: number;
    private readonly edgeDifferenceWeight: number;
    private readonly contractedNeighbourWeight: number;
    private readonly levelWeight: number;
    private readonly level: Uint32Array;
    private readonly contractedNeighbours: Uint32Array;
    /** Shortcuts minus arcs at the node's last evaluation. */
    private readonly edgeDifference: Int32Array;
    readonly rank: Uint32Array;
    /** Shortcuts found by the last evaluate(x, true): u → v with its weight. */
    private readonly found = new ArcBuffer();
    shortcuts = 0;
    // Upward arcs as each node is contracted; `upAt[x]`/`upCount[x]` locate x's run (same for down).
    private up = arcRuns(1 << 16);
    private down = arcRuns(1 << 16);
    private readonly upAt: Uint32Array;
    private readonly upCount: Uint32Array;
    private readonly downAt: Uint32Array;
    private readonly downCount: Uint32Array;
    /** Per node, its witness searches' reach when contracted (null: the graph has no positions); the last evaluation's. */
    private readonly reach: Uint32Array | null;
    private readonly nodeLat: Int32Array | null;
    private readonly nodeLon: Int32Array | null;
    private lastReach = 0;
    /** Nodes contracted again by runInOrder (null: a fresh build). */
    recontracted: number | null = null;

    constructor(graph: CHGraph, mode: number, options: ContractOptions) {
        this.graph = graph;
        this.mode = mode;
        this.turns = options.turns ?? null;
        const n = this.nodeCount = graph.nodeCount;
        // Middles hold a node (below ORIGINAL) or ORIGINAL | an arc index.
        if (n >= ORIGINAL || graph.arcCount >= ORIGINAL) throw new Error(`contraction: ${n} nodes, ${graph.arcCount} arcs is too many`);
        this.edgeDifferenceWeight = options.edgeDifferenceWeight ?? 4;
        this.contractedNeighbourWeight = options.contractedNeighbourWeight ?? 1;
        this.levelWeight = options.levelWeight ?? 2;
        this.settledLimit = options.settledLimit ?? DEFAULT_SETTLED_LIMIT;
        this.hopLimit = options.hopLimit ?? DEFAULT_HOP_LIMIT;
        this.estimateSettledLimit = options.estimateSettledLimit ?? DEFAULT_ESTIMATE_SETTLED_LIMIT;
        this.estimateHopLimit = options.estimateHopLimit ?? DEFAULT_ESTIMATE_HOP_LIMIT;
        this.updateDegreeLimit = options.updateDegreeLimit ?? DEFAULT_UPDATE_DEGREE_LIMIT;
        this.witness = new WitnessSearch(n);
        this.level = new Uint32Array(n);
        this.contractedNeighbours = new Uint32Array(n);
        this.edgeDifference = new Int32Array(n);
        this.rank = new Uint32Array(n);
        this.upAt = new Uint32Array(n);
        this.upCount = new Uint32Array(n);
        this.downAt = new Uint32Array(n);
        this.downCount = new Uint32Array(n);
        this.nodeLat = hasPositions(graph) ? graph.nodeLat : null;
        this.nodeLon = hasPositions(graph) ? graph.nodeLon : null;
        this.reach = this.nodeLat ? new Uint32Array(n) : null;

        // The mode's arcs: arc a of owner u is u → arcHead[a] when arcOut allows it. Each directed
        // road edge shows up once this way (its twin at the head is the same edge seen from there).
        const arcFirst = graph.arcFirst, arcHead = graph.arcHead, weights = graph.arcOut[mode];
        const reserve = new Uint32Array(n * 2);
        for (let u = 0; u < n; u++) {
            for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
                const v = arcHead[a];
                if (weights[a] === INF || v === u) continue;
                reserve[u * 2 + OUT]++;
                reserve[v * 2 + IN]++;
            }
        }
        // Room for a shortcut or two before a list has to move.
        for (let l = 0; l < reserve.length; l++) reserve[l] += 2;
        const dyn = this.dyn = new DynamicGraph(n, reserve);
        for (let u = 0; u < n; u++) {
            for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
                const v = arcHead[a];
                if (weights[a] === INF || v === u) continue;
                dyn.setArc(u, v, weights[a], (ORIGINAL | a) >>> 0);
            }
        }
    }

    run(onProgress?: (share: number) => void): void {
        const n = this.nodeCount;
        const heap = new NodeHeap(n, n);
        for (let x = 0; x < n; x++) heap.set(x, this.priority(x, this.evaluate(x, false)));
        const neighbourStamp = new Uint32Array(n);
        const dyn = this.dyn;
        const progressStep = Math.max(1, Math.floor(n / 100));
        let next = 0;
        while (heap.length > 0) {
            const x = heap.pop();
            // Lazy update: priorities go stale as the graph changes around a node. This evaluation
            // uses the contraction bounds and keeps its shortcuts: most popped nodes are contracted.
            const p = this.priority(x, this.evaluate(x, true));
            if (heap.length > 0 && p > heap.peekKey()) {
                heap.set(x, p);
                continue;
            }
            this.rank[x] = next++;
            if (this.reach) this.reach[x] = this.lastReach;
            this.addShortcuts(x);
            this.emit(x);
            dyn.detach(x);

            // Neighbours: one more contracted neighbour, a level above x at least, new priority.
            const level = this.level[x] + 1;
            const stamp = next;
            for (let dir = OUT; dir <= IN; dir++) {
                const list = x * 2 + dir;
                const startSlot = dyn.first[list], end = startSlot + dyn.count[list];
                for (let i = startSlot; i < end; i++) {
                    const y = dyn.head[i];
                    if (neighbourStamp[y] === stamp) continue;
                    neighbourStamp[y] = stamp;
                    this.contractedNeighbours[y]++;
                    if (this.level[y] < level) this.level[y] = level;
                    const degree = dyn.count[y * 2 + OUT] + dyn.count[y * 2 + IN];
                    heap.set(y, degree > this.updateDegreeLimit ? this.priorityOf(y) : this.priority(y, this.evaluate(y, false)));
                }
            }
            dyn.release(x);
            if (onProgress && next % progressStep === 0) onProgress(next / n);
        }
        if (onProgress) onProgress(1);
    }

    /**
     * Contracts in the order of `plan` (a previous hierarchy's): no priorities. A node the change cannot reach adds
     * again the shortcuts it added then (replay); the others are searched again, and what they no longer add marks
     * the positions where later nodes must be searched again too (recontract.ts).
     */
    runInOrder(plan: Recontraction, replay: boolean, onProgress?: (share: number) => void): void {
        const n = this.nodeCount, dyn = this.dyn, order = plan.order;
        const progressStep = Math.max(1, Math.floor(n / 100));
        let recontracted = 0;
        for (let r = 0; r < n; r++) {
            const x = order[r];
            this.rank[x] = r;
            if (replay && plan.replayable(dyn, x)) {
                const added = plan.loadCandidates(x);
                for (let k = 0; k < added.count; k++) this.shortcuts += dyn.setArc(added.from[k], added.to[k], added.weight[k], x);
                if (this.reach) this.reach[x] = plan.previousReach(x);
            } else {
                recontracted++;
                this.evaluate(x, true);
                if (this.reach) this.reach[x] = this.lastReach;
                plan.markLost(x, this.found);
                this.addShortcuts(x);
            }
            this.emit(x);
            dyn.detach(x);
            dyn.release(x);
            if (onProgress && (r + 1) % progressStep === 0) onProgress((r + 1) / n);
        }
        this.recontracted = recontracted;
        if (onProgress) onProgress(1);
    }

    /** Priority from the shortcuts contracting x would add now: lowest is contracted first. */
    private priority(x: number, added: number): number {
        const dyn = this.dyn;
        this.edgeDifference[x] = added - dyn.count[x * 2 + OUT] - dyn.count[x * 2 + IN];
        return this.priorityOf(x);
    }

    /** Priority with the edge difference of the last evaluation. */
    private priorityOf(x: number): number {
        return this.edgeDifferenceWeight * this.edgeDifference[x] +
            this.contractedNeighbourWeight * this.contractedNeighbours[x] +
            this.levelWeight * this.level[x];
    }

    /**
     * Counts the shortcuts contracting x would need: for each in-neighbour u, one witness search to
     * all out-neighbours v. With `record` (bounds for contracting), keeps them in the shortcut buffer
     * for addShortcuts; without, uses the cheaper estimate bounds.
     */
    private evaluate(x: number, record: boolean): number {
        const dyn = this.dyn, witness = this.witness;
        witness.settledLimit = record ? this.settledLimit : this.estimateSettledLimit;
        witness.hopLimit = record ? this.hopLimit : this.estimateHopLimit;
        const head = dyn.head, weight = dyn.weight;
        const inStart = dyn.first[x * 2 + IN], inEnd = inStart + dyn.count[x * 2 + IN];
        const outStart = dyn.first[x * 2 + OUT], outEnd = outStart + dyn.count[x * 2 + OUT];
        this.found.count = 0;
        if (inStart === inEnd || outStart === outEnd) return 0;
        let maxOut = 0;
        witness.clearTargets();
        for (let j = outStart; j < outEnd; j++) {
            witness.addTarget(head[j]);
            if (weight[j] > maxOut) maxOut = weight[j];
        }
        const dist = witness.dist;
        let added = 0;
        // The reach of the searches (recorded for the node's contraction: recontract.ts).
        const lat = this.nodeLat, lon = this.nodeLon, trackReach = record && lat !== null && lon !== null;
        this.lastReach = 0;
        for (let i = inStart; i < inEnd; i++) {
            const u = head[i], toX = weight[i];
            // Only u itself as target (u → x → u): no search needed.
            if (outEnd - outStart === 1 && head[outStart] === u) continue;
            witness.run(dyn, u, x, toX + maxOut);
            if (trackReach) this.lastReach = Math.max(this.lastReach, witness.reachFrom(lat[x], lon[x], lat, lon));
            for (let j = outStart; j < outEnd; j++) {
                const v = head[j];
                if (v === u) continue;
                const via = toX + weight[j];
                if (dist[v] <= via) continue;
                added++;
                if (record) this.recordShortcut(u, v, via);
            }
        }
        return added;
    }

    private recordShortcut(u: number, v: number, weight: number): void {
        if (weight >= INF) throw new Error(`contraction: shortcut weight ${weight} ms does not fit in 32 bits`);
        this.found.push(u, v, weight);
    }

    private addShortcuts(x: number): void {
        const found = this.found;
        for (let k = 0; k < found.count; k++) this.shortcuts += this.dyn.setArc(found.from[k], found.to[k], found.weight[k], x);
    }

    /** Copies x's remaining arcs (all to uncontracted, so higher-ranked, nodes) to the output. */
    private emit(x: number): void {
        const dyn = this.dyn;
        const outList = x * 2 + OUT, inList = x * 2 + IN;
        this.upAt[x] = copyList(dyn, outList, this.up);
        this.upCount[x] = dyn.count[outList];
        this.downAt[x] = copyList(dyn, inList, this.down);
        this.downCount[x] = dyn.count[inList];
    }

    encode(seconds: number): Uint8Array {
        const n = this.nodeCount;
        // Let the scratch go before the output is copied twice (CSR, then section): peak memory.
        this.dyn = new DynamicGraph(0, new Uint32Array(0));
        this.witness = new WitnessSearch(0);
        const rank = this.rank, node = new Uint32Array(n);
        for (let x = 0; x < n; x++) node[rank[x]] = x;
        const [upFirst, upHead, upWeight, upMiddle, upLowered] = toCsr(node, rank, this.upAt, this.upCount, this.up);
        this.up = arcRuns(1);
        const [downFirst, downHead, downWeight, downMiddle, downLowered] = toCsr(node, rank, this.downAt, this.downCount, this.down);
        this.down = arcRuns(1);
        let witnessReach: Uint32Array | null = null;
        if (this.reach) {
            witnessReach = new Uint32Array(n);
            for (let r = 0; r < n; r++) witnessReach[r] = this.reach[node[r]];
        }
        return encodeHierarchy(this.graph, this.mode, this.turns, {
            rank, node, upFirst, upHead, upWeight, upMiddle, downFirst, downHead, downWeight, downMiddle, upLowered, downLowered, witnessReach
        }, {shortcuts: this.shortcuts, settledLimit: this.settledLimit, hopLimit: this.hopLimit, seconds});
    }
}

/** The section of a hierarchy: its arrays, and the arcs' lengths and turns from the road graph. */
function encodeHierarchy(graph: CHGraph, mode: number, turns: TurnCosts | null, a: HierarchyArrays,
    facts: {shortcuts: number; settledLimit: number; hopLimit: number; seconds: number}): Uint8Array {
    // Lengths here rather than on a worker's first one-to-many (tens of ms per mode and worker, every start).
    const made = arcFacts({nodeCount: a.node.length, node: a.node, upFirst: a.upFirst, upHead: a.upHead, upMiddle: a.upMiddle,
        downFirst: a.downFirst, downHead: a.downHead, downMiddle: a.downMiddle}, graph.arcEdge, graph.edgeLength, turns);
    const meta = {
        mode, modeName: MODES[mode], nodeCount: a.node.length, arcCount: graph.arcCount,
        upArcs: a.upHead.length, downArcs: a.downHead.length, shortcuts: facts.shortcuts,
        settledLimit: facts.settledLimit, hopLimit: facts.hopLimit, seconds: facts.seconds
    };
    return encodeSection(chKind(mode), CH_VERSION, meta, {
        rank: a.rank, node: a.node, upFirst: a.upFirst, upHead: a.upHead, upWeight: a.upWeight, upMiddle: a.upMiddle,
        downFirst: a.downFirst, downHead: a.downHead, downWeight: a.downWeight, downMiddle: a.downMiddle,
        upLength: made.lengths.up, downLength: made.lengths.down, ...(made.turns ?? {}), upLowered: a.upLowered, downLowered: a.downLowered,
        ...(a.witnessReach ? {witnessReach: a.witnessReach} : {})
    });
}

type ArcRuns = {head: Growable<Uint32Array>; weight: Growable<Uint32Array>; middle: Growable<Uint32Array>; lowered: Growable<Uint8Array>};

function arcRuns(capacity: number): ArcRuns {
    return {head: new Growable(Uint32Array, capacity), weight: new Growable(Uint32Array, capacity), middle: new Growable(Uint32Array, capacity),
        lowered: new Growable(Uint8Array, capacity)};
}

/** Appends one list of the dynamic graph to `arcs`; returns where it starts. */
function copyList(dyn: DynamicGraph, list: number, arcs: ArcRuns): number {
    const from = dyn.first[list], count = dyn.count[list];
    const at = arcs.head.reserve(count);
    arcs.weight.reserve(count);
    arcs.middle.reserve(count);
    arcs.lowered.reserve(count);
    const head = arcs.head.data, weight = arcs.weight.data, middle = arcs.middle.data, lowered = arcs.lowered.data;
    for (let i = 0; i < count; i++) {
        head[at + i] = dyn.head[from + i];
        weight[at + i] = dyn.weight[from + i];
        middle[at + i] = dyn.middle[from + i];
        lowered[at + i] = dyn.lowered[from + i];
    }
    return at;
}

/** Arcs collected in contraction order (by node id), as offsets by rank, heads and middle nodes renumbered by rank. */
function toCsr(node: Uint32Array, rank: Uint32Array, at: Uint32Array, count: Uint32Array, arcs: ArcRuns): Uint32Array[] {
    const n = node.length;
    const first = new Uint32Array(n + 1);
    for (let r = 0; r < n; r++) first[r + 1] = first[r] + count[node[r]];
    const total = first[n];
    const head = new Uint32Array(total), weight = new Uint32Array(total), middle = new Uint32Array(total);
    const h = arcs.head.data, w = arcs.weight.data, m = arcs.middle.data, l = arcs.lowered.data;
    const lowered = new Growable(Uint32Array, 1024);
    for (let r = 0; r < n; r++) {
        const x = node[r];
        const from = at[x], to = first[r];
        for (let i = 0; i < count[x]; i++) {
            head[to + i] = rank[h[from + i]];
            weight[to + i] = w[from + i];
            const mid = m[from + i];
            middle[to + i] = mid >= ORIGINAL ? mid : rank[mid];
            if (l[from + i]) lowered.push(to + i);
        }
    }
    return [first, head, weight, middle, lowered.data.slice(0, lowered.length)];
}
