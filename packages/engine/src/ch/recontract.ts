// Partial re-contraction (issue 28): a road update contracts the new graph in the previous hierarchy's order, and
// searches again only where the graph changed; every other node replays the shortcuts it added last time.
//
// Order: the previous hierarchy's ranks mapped onto the new graph (nodes matched by position, in node order among
// nodes of one position: a junction and its copies), nodes the previous graph did not have first. With the order
// fixed, what contracting x adds depends only on its arcs when contracted and on the arcs out of the nodes its
// witness searches relaxed the arcs of (witness.ts), all within `witnessReach[x]` of it (recorded by every contraction).
//
// A node x is replayed when (1) its arcs when contracted are those of the previous hierarchy (its up and down arcs:
// the same heads and weights), and (2) no position marked "worse" lies within its reach. Worse: a node whose arcs out
// may be missing or heavier than in the previous contraction at the same moment: the tails of the road arcs the
// update made heavier or took away, and the tail of a shortcut some re-contracted node no longer adds as light as
// before. Then x's witness paths of last time are all still there, no heavier, and the shortcuts it added then are
// again enough; arcs added or made lighter elsewhere can only shorten witnesses. Every other node is contracted
// again (its witness searches run), and what it adds compared with what it added before marks the worse positions.
//
// What x added last time is read from the previous hierarchy: the arc u → v of weight a + b through x exists there
// with x as its middle; or a later node z lowered it (a shortcut with middle z above x, lighter, recorded as lowered:
// upLowered, downLowered): then x may or may not have added it first, and replaying adds it (an arc standing for a
// real path is never wrong; z lowers it again). An arc z made and nobody lowered was not there before z.
import {ArcBuffer} from './arc-buffer.js';
import {DirtyGrid} from './dirty-grid.js';
import {ORIGINAL, type CHGraph, type ContractionHierarchy, type HierarchyArrays} from './hierarchy.js';
import {INF, type RoadGraph} from '../graph/road-graph.js';
import type {DynamicGraph} from './dynamic-graph.js';
import {IN, OUT} from './dynamic-graph.js';

/** What a partial re-contraction reads of the previous build: its hierarchy (with witnessReach) and its road graph. */
export interface PreviousContraction {
    hierarchy: ContractionHierarchy;
    graph: Pick<RoadGraph, 'nodeCount' | 'nodeLat' | 'nodeLon' | 'arcFirst' | 'arcHead' | 'arcOut'>;
}

/** A road graph with its nodes' positions (what a partial re-contraction and the reach need). */
export type PlacedGraph = CHGraph & Pick<RoadGraph, 'nodeLat' | 'nodeLon'>;

/** Above this share of the nodes changed, the hierarchy is built afresh (its own order): see contract.ts. */
export const DEFAULT_MAX_CHANGED_SHARE = 0.01;

export class Recontraction {
    readonly mode: number;
    /** New node → previous node, -1 when new; previous node → new node, -1 when gone. */
    readonly oldOf: Int32Array;
    readonly newOf: Int32Array;
    /** The new nodes in contraction order. */
    readonly order: Uint32Array;
    /** Nodes whose road arcs for the mode changed, and new nodes. */
    changedNodes = 0;
    readonly grid: DirtyGrid;
    private readonly graph: PlacedGraph;
    private readonly prev: ContractionHierarchy;
    private readonly prevReach: Uint32Array;
    /** What replaying reads of the previous hierarchy, made on first use (not when nothing changed: sameHierarchy). */
    private index: ReplayIndex | null = null;
    private stamp = 0;
    /** What the node last loaded added in the previous contraction: u → v (new nodes) of weight. */
    private readonly candidates = new ArcBuffer();

    constructor(graph: PlacedGraph, mode: number, previous: PreviousContraction) {
        const prev = this.prev = previous.hierarchy;
        if (!prev.section.has('witnessReach')) throw new Error('the previous hierarchy has no witness reach');
        this.graph = graph;
        this.mode = mode;
        this.prevReach = prev.section.array('witnessReach', Uint32Array);
        this.oldOf = matchNodes(previous.graph.nodeLat, previous.graph.nodeLon, graph.nodeLat, graph.nodeLon);
        const newOf = this.newOf = new Int32Array(previous.graph.nodeCount).fill(-1);
        for (let x = 0; x < graph.nodeCount; x++) if (this.oldOf[x] >= 0) newOf[this.oldOf[x]] = x;
        this.order = new Uint32Array(graph.nodeCount);
        let r = 0;
        for (let x = 0; x < graph.nodeCount; x++) if (this.oldOf[x] < 0) this.order[r++] = x;
        for (let rank = 0; rank < prev.nodeCount; rank++) {
            const x = newOf[prev.node[rank]];
            if (x >= 0) this.order[r++] = x;
        }
        this.grid = new DirtyGrid(graph.nodeLat, graph.nodeLon);
        this.markChangedArcs(previous.graph);
    }

    /**
     * Compares each node's arcs for the mode with the previous graph's (parallel arcs: the lightest): counts the
     * nodes changed, and marks worse the tail of an arc missing or heavier now (a search reads the arcs out of a node).
     */
    private markChangedArcs(old: PreviousContraction['graph']): void {
        const g = this.graph, weights = g.arcOut[this.mode], oldWeights = old.arcOut[this.mode];
        for (let x = 0; x < g.nodeCount; x++) {
            const o = this.oldOf[x];
            if (o < 0) {
                this.changedNodes++;
                continue;
            }
            let changed = false;
            for (let a = old.arcFirst[o]; a < old.arcFirst[o + 1]; a++) {
                const h = old.arcHead[a];
                if (oldWeights[a] === INF || h === o) continue;
                const was = lightest(old.arcFirst, old.arcHead, oldWeights, o, h);
                const v = this.newOf[h];
                const now = v < 0 ? INF : lightest(g.arcFirst, g.arcHead, weights, x, v);
                if (now !== was) changed = true;
                if (now > was) this.markWorse(x);
            }
            // Arcs new, or to new nodes.
            for (let a = g.arcFirst[x]; a < g.arcFirst[x + 1] && !changed; a++) {
                const v = g.arcHead[a];
                if (weights[a] === INF || v === x) continue;
                const h = this.oldOf[v];
                if (h < 0 || lightest(old.arcFirst, old.arcHead, oldWeights, o, h) === INF) changed = true;
            }
            if (changed) this.changedNodes++;
        }
    }

    markWorse(x: number): void {
        this.grid.mark(this.graph.nodeLat[x], this.graph.nodeLon[x]);
    }

    /** The previous reach of x (a node the previous graph had). */
    previousReach(x: number): number {
        return this.prevReach[this.prev.rank[this.oldOf[x]]];
    }

    /** Whether x's shortcuts of last time are enough now: its arcs as then, and nothing worse within its reach. */
    replayable(dyn: DynamicGraph, x: number): boolean {
        const o = this.oldOf[x];
        if (o < 0) return false;
        const prev = this.prev, r = prev.rank[o];
        if (!this.sameList(dyn, x * 2 + OUT, prev.upFirst, prev.upHead, prev.upWeight, r)) return false;
        if (!this.sameList(dyn, x * 2 + IN, prev.downFirst, prev.downHead, prev.downWeight, r)) return false;
        return !this.grid.hits(this.graph.nodeLat[x], this.graph.nodeLon[x], this.prevReach[r]);
    }

    private sameList(dyn: DynamicGraph, list: number, first: Uint32Array, head: Uint32Array, weight: Uint32Array, r: number): boolean {
        const start = dyn.first[list], end = start + dyn.count[list];
        if (end - start !== first[r + 1] - first[r]) return false;
        const node = this.prev.node;
        for (let i = first[r]; i < first[r + 1]; i++) {
            const v = this.newOf[node[head[i]]];
            let found = false;
            for (let j = start; j < end; j++) {
                if (dyn.head[j] === v) {
                    found = dyn.weight[j] === weight[i];
                    break;
                }
            }
            if (!found) return false;
        }
        return true;
    }

    /** The previous hierarchy's meta. */
    previousMeta(): {shortcuts: number; settledLimit: number; hopLimit: number} {
        return this.prev.section.meta;
    }

    /**
     * With no node changed, new or gone: the previous hierarchy as the new graph's, its road arcs' numbers (the
     * middles of original arcs) those of the new graph (the first lightest arc tail → head, as contraction picks
     * it); null otherwise. What replaying every node gives, without the replay.
     */
    sameHierarchy(): HierarchyArrays | null {
        const p = this.prev, n = this.graph.nodeCount;
        if (this.changedNodes !== 0 || n !== p.nodeCount || !p.section.has('upLowered')) return null;
        for (let x = 0; x < n; x++) if (this.oldOf[x] < 0) return null;
        const node = new Uint32Array(n), rank = new Uint32Array(n);
        for (let r = 0; r < n; r++) {
            node[r] = this.newOf[p.node[r]];
            rank[node[r]] = r;
        }
        const upMiddle = p.upMiddle.slice(), downMiddle = p.downMiddle.slice();
        for (let r = 0; r < n; r++) {
            for (let i = p.upFirst[r]; i < p.upFirst[r + 1]; i++) {
                if (upMiddle[i] >= ORIGINAL) upMiddle[i] = this.roadArc(node[r], node[p.upHead[i]]);
            }
            for (let i = p.downFirst[r]; i < p.downFirst[r + 1]; i++) {
                if (downMiddle[i] >= ORIGINAL) downMiddle[i] = this.roadArc(node[p.downHead[i]], node[r]);
            }
        }
        return {rank, node, upFirst: p.upFirst, upHead: p.upHead, upWeight: p.upWeight, upMiddle, downFirst: p.downFirst,
            downHead: p.downHead, downWeight: p.downWeight, downMiddle, upLowered: p.section.array('upLowered', Uint32Array),
            downLowered: p.section.array('downLowered', Uint32Array), witnessReach: this.prevReach};
    }

    /** ORIGINAL | the first of u's lightest arcs to v for the mode (the one contraction's setArc keeps). */
    private roadArc(u: number, v: number): number {
        const g = this.graph, weights = g.arcOut[this.mode];
        let best = -1;
        for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) {
            if (g.arcHead[a] === v && weights[a] !== INF && (best < 0 || weights[a] < weights[best])) best = a;
        }
        if (best < 0) throw new Error(`recontraction: no road arc ${u} → ${v}`);
        return (ORIGINAL | best) >>> 0;
    }

    /** What x added in the previous contraction (nothing for a new node): a buffer reused by the next call. */
    loadCandidates(x: number): ArcBuffer {
        const candidates = this.candidates;
        candidates.count = 0;
        const o = this.oldOf[x];
        if (o < 0) return candidates;
        const p = this.prev, r = p.rank[o];
        const index = this.index ??= replayIndex(p);
        // Nothing lowered among x's neighbours (nearly always): what x added is the shortcuts whose middle is x.
        let lowered = 0;
        for (let i = p.downFirst[r]; i < p.downFirst[r + 1]; i++) lowered |= index.holdsLowered[p.downHead[i]];
        for (let j = p.upFirst[r]; j < p.upFirst[r + 1]; j++) lowered |= index.holdsLowered[p.upHead[j]];
        if (!lowered) {
            const {midFirst, midFrom, midTo, midWeight} = index;
            for (let k = midFirst[r]; k < midFirst[r + 1]; k++) {
                const from = this.newOf[p.node[midFrom[k]]], to = this.newOf[p.node[midTo[k]]];
                if (from >= 0 && to >= 0) candidates.push(from, to, midWeight[k]);
            }
            return candidates;
        }
        // Pairs u → x → v with u below v: the arc u → v is in u's up list; with u above v: in v's down list.
        for (let i = p.downFirst[r]; i < p.downFirst[r + 1]; i++) {
            const u = p.downHead[i];
            this.stampList(p.upFirst, p.upHead, u);
            for (let j = p.upFirst[r]; j < p.upFirst[r + 1]; j++) {
                const v = p.upHead[j];
                if (v > u) this.consider(u, v, p.downWeight[i] + p.upWeight[j], r, p.upWeight, p.upMiddle, index.upLowered);
            }
        }
        for (let j = p.upFirst[r]; j < p.upFirst[r + 1]; j++) {
            const v = p.upHead[j];
            this.stampList(p.downFirst, p.downHead, v);
            for (let i = p.downFirst[r]; i < p.downFirst[r + 1]; i++) {
                const u = p.downHead[i];
                if (u > v) this.consider(u, v, p.downWeight[i] + p.upWeight[j], r, p.downWeight, p.downMiddle, index.downLowered);
            }
        }
        return candidates;
    }

    /** Stamps the heads of list `r` (ranks), remembering each one's slot. */
    private stampList(first: Uint32Array, head: Uint32Array, r: number): void {
        const {stampOf, slotOf} = this.index!;
        if (++this.stamp === 0xffffffff) {
            stampOf.fill(0);
            this.stamp = 1;
        }
        for (let i = first[r]; i < first[r + 1]; i++) {
            stampOf[head[i]] = this.stamp;
            slotOf[head[i]] = i;
        }
    }

    /** u → x → v (ranks) of weight `via`: a candidate when the stamped list's arc to the other end says x added it. */
    private consider(u: number, v: number, via: number, x: number, weight: Uint32Array, middle: Uint32Array, lowered: Uint8Array): void {
        const other = u < v ? v : u;
        const {stampOf, slotOf} = this.index!;
        if (stampOf[other] !== this.stamp) return;
        const slot = slotOf[other], m = middle[slot];
        if (m !== x && (m >= ORIGINAL || m < x || weight[slot] >= via || !lowered[slot])) return;
        const from = this.newOf[this.prev.node[u]], to = this.newOf[this.prev.node[v]];
        if (from < 0 || to < 0) return;
        this.candidates.push(from, to, via);
    }

    /**
     * After x was contracted again (`found`: its shortcuts now): marks worse the tail of each shortcut x added last
     * time and does not add now as light.
     */
    markLost(x: number, found: ArcBuffer): void {
        const before = this.loadCandidates(x);
        if (before.count === 0) return;
        const {from, to, weight, count} = found;
        // Small sets compared pair by pair; large ones (the top of the hierarchy) through a map.
        let added: Map<number, number> | null = null;
        if (count * before.count > 4096) {
            added = new Map();
            for (let k = 0; k < count; k++) added.set(from[k] * this.graph.nodeCount + to[k], weight[k]);
        }
        for (let c = 0; c < before.count; c++) {
            const u = before.from[c], v = before.to[c];
            let now = Infinity;
            if (added) {
                now = added.get(u * this.graph.nodeCount + v) ?? Infinity;
            } else {
                for (let k = 0; k < count; k++) if (from[k] === u && to[k] === v) now = weight[k];
            }
            if (now > before.weight[c]) this.markWorse(u);
        }
    }
}

interface ReplayIndex {
    /** Per previous up / down arc, 1 where a shortcut lowered it (every arc, when the hierarchy did not record it). */
    upLowered: Uint8Array;
    downLowered: Uint8Array;
    /** Per previous rank, 1 when it holds a lowered arc (as the arc's lower end, in its up or down list). */
    holdsLowered: Uint8Array;
    /** The previous shortcuts by middle (rank x: midFirst[x] .. midFirst[x + 1]): u → v (ranks) and weight. */
    midFirst: Uint32Array;
    midFrom: Uint32Array;
    midTo: Uint32Array;
    midWeight: Uint32Array;
    /** Stamps of the previous ranks (arc lookups in a list), and the slot of each stamped arc. */
    stampOf: Uint32Array;
    slotOf: Uint32Array;
}

function replayIndex(h: ContractionHierarchy): ReplayIndex {
    const upLowered = arcFlags(h, 'upLowered', h.upHead.length), downLowered = arcFlags(h, 'downLowered', h.downHead.length);
    const holdsLowered = new Uint8Array(h.nodeCount);
    for (let r = 0; r < h.nodeCount; r++) {
        for (let i = h.upFirst[r]; i < h.upFirst[r + 1]; i++) holdsLowered[r] |= upLowered[i];
        for (let i = h.downFirst[r]; i < h.downFirst[r + 1]; i++) holdsLowered[r] |= downLowered[i];
    }
    return {upLowered, downLowered, holdsLowered, ...shortcutsByMiddle(h), stampOf: new Uint32Array(h.nodeCount), slotOf: new Uint32Array(h.nodeCount)};
}

/** The shortcuts of a hierarchy grouped by their middle (ranks). */
function shortcutsByMiddle(h: ContractionHierarchy): Pick<ReplayIndex, 'midFirst' | 'midFrom' | 'midTo' | 'midWeight'> {
    const n = h.nodeCount;
    const midFirst = new Uint32Array(n + 1);
    for (const middle of [h.upMiddle, h.downMiddle]) for (let i = 0; i < middle.length; i++) if (middle[i] < ORIGINAL) midFirst[middle[i] + 1]++;
    for (let r = 0; r < n; r++) midFirst[r + 1] += midFirst[r];
    const fill = midFirst.slice(0, n);
    const count = midFirst[n];
    const midFrom = new Uint32Array(count), midTo = new Uint32Array(count), midWeight = new Uint32Array(count);
    for (let r = 0; r < n; r++) {
        // Up arcs r → head, down arcs head → r.
        for (let i = h.upFirst[r]; i < h.upFirst[r + 1]; i++) {
            if (h.upMiddle[i] >= ORIGINAL) continue;
            const k = fill[h.upMiddle[i]]++;
            midFrom[k] = r;
            midTo[k] = h.upHead[i];
            midWeight[k] = h.upWeight[i];
        }
        for (let i = h.downFirst[r]; i < h.downFirst[r + 1]; i++) {
            if (h.downMiddle[i] >= ORIGINAL) continue;
            const k = fill[h.downMiddle[i]]++;
            midFrom[k] = h.downHead[i];
            midTo[k] = r;
            midWeight[k] = h.downWeight[i];
        }
    }
    return {midFirst, midFrom, midTo, midWeight};
}

/** A flag per arc from the list of arcs flagged (all set when the hierarchy has no such list). */
function arcFlags(h: ContractionHierarchy, name: string, arcCount: number): Uint8Array {
    if (!h.section.has(name)) return new Uint8Array(arcCount).fill(1);
    const flags = new Uint8Array(arcCount);
    for (const a of h.section.array(name, Uint32Array)) flags[a] = 1;
    return flags;
}

/** The lightest arc u → v among u's arcs (INF when none). */
function lightest(arcFirst: Uint32Array, arcHead: Uint32Array, weights: Uint32Array, u: number, v: number): number {
    let best = INF;
    for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) if (arcHead[a] === v && weights[a] < best) best = weights[a];
    return best;
}

/**
 * New node → previous node at the same position (-1: none), nodes of one position matched in node order (a
 * junction, then its copies). An open-addressing table of the previous nodes, probed in insertion order.
 */
export function matchNodes(oldLat: Int32Array, oldLon: Int32Array, lat: Int32Array, lon: Int32Array): Int32Array {
    let size = 1;
    while (size < oldLat.length * 2) size *= 2;
    const mask = size - 1;
    const table = new Int32Array(size).fill(-1);
    const hash = (a: number, b: number) => (Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) ^ Math.imul(b ^ (b >>> 13), 0x297a2d39)) >>> 0;
    for (let i = 0; i < oldLat.length; i++) {
        let h = hash(oldLat[i], oldLon[i]) & mask;
        while (table[h] >= 0) h = (h + 1) & mask;
        table[h] = i;
    }
    const used = new Uint8Array(oldLat.length);
    const oldOf = new Int32Array(lat.length).fill(-1);
    for (let x = 0; x < lat.length; x++) {
        for (let h = hash(lat[x], lon[x]) & mask; table[h] >= 0; h = (h + 1) & mask) {
            const i = table[h];
            if (used[i] || oldLat[i] !== lat[x] || oldLon[i] !== lon[x]) continue;
            used[i] = 1;
            oldOf[x] = i;
            break;
        }
    }
    return oldOf;
}
