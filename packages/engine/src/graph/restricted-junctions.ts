// Turn restrictions in the road graph by node splitting: only the junctions a restriction passes
// through get extra nodes, so the graph stays node-based and so do its contraction hierarchies,
// queries, tables and isochrones.
//
// A restriction is a sequence of directed edges: the arc arriving over the from way, the arcs along
// the via ways (none for a via node), and the arcs it forbids (no_*) or alone allows (only_*) onto
// the to way. Every proper prefix of such a sequence becomes a copy of the junction it ends at: a
// node that stands for "at this junction, having just come this way". Its arcs are the junction's
// own, minus the forbidden ones, and each leads to the state the step reaches (the longest suffix of
// the sequence so far that is itself a prefix, else the plain junction: an Aho-Corasick automaton
// over the restrictions). The plain junction is "arrived some other way" and keeps every arc; an
// arc whose step starts a prefix is moved from the plain head to the copy for the restricted modes.
// Foot is never restricted: for it the copies have no arcs and nothing moves.
//
// Every added arc is stored at both ends like the builder's (arcOut at the tail, arcIn at the head),
// on the original edge (arcEdge), so geometry, lengths and instructions need nothing new. Copies are
// numbered after the junctions, grouped by junction: copies of junction u are
// junctionCount + copyFirst[u] .. junctionCount + copyFirst[u + 1] - 1.
import {Growable} from '../format/growable.js';
import {MODE_COUNT} from './profiles.js';
import {INF, REVERSED} from './road-graph.js';
import {RESTRICTED_MODES, type TurnRestriction} from './turn-restriction.js';

/** The arcs of the road graph being built (see builder.ts). */
export interface ArcArrays {
    nodeCount: number;
    arcFirst: Uint32Array;
    arcHead: Uint32Array;
    arcEdge: Uint32Array;
    arcOut: Uint32Array[];
    arcIn: Uint32Array[];
}

/** How restrictions' OSM ids map onto the graph. */
export interface RestrictionContext {
    edgeFrom: Uint32Array;
    edgeTo: Uint32Array;
    /** Graph node of an OSM node id, -1 when it is not a junction. */
    nodeOf(osmId: number): number;
    /** Graph edges of an OSM way, in the way's order (empty when the way is not routable). */
    edgesOf(osmId: number): ArrayLike<number>;
}

export interface RestrictionStats {
    /** Relations' restrictions read, and those that could be placed on the graph. */
    read: number;
    applied: number;
    viaWay: number;
    copies: number;
}

/** A placed restriction: at the state `prefix` leads to, the steps forbidden (no) or alone allowed (only). */
interface Rule {
    prefix: number[];
    steps: number[];
    only: boolean;
    modes: number;
}

/** Directed edge d = edge * 2 + (1 when against the drawing direction). */
const headOf = (c: RestrictionContext, d: number) => (d & 1 ? c.edgeFrom[d >>> 1] : c.edgeTo[d >>> 1]);
const tailOf = (c: RestrictionContext, d: number) => (d & 1 ? c.edgeTo[d >>> 1] : c.edgeFrom[d >>> 1]);
const directedOf = (ref: number) => (ref & REVERSED ? ((ref & ~REVERSED) >>> 0) * 2 + 1 : ref * 2);

/**
 * `splitModes` (bits 1 << mode): split every junction for these modes, as an edge-based graph would
 * (a state per way in; u-turns then only at dead ends). For measuring that alternative (bench/turn-graph.js).
 */
export function applyRestrictions(arcs: ArcArrays, restrictions: TurnRestriction[], context: RestrictionContext, splitModes = 0):
    {arcs: ArcArrays; copyFirst: Uint32Array; copyJunction: Uint32Array; stats: RestrictionStats} {
    const {rules, applied, viaWay} = placeRules(arcs, restrictions, context, splitModes);
    const automaton = withImplicitNoUTurns(arcs, rules, context);
    const copies = numberCopies(arcs.nodeCount, automaton, context);
    const added = copyArcs(arcs, automaton, copies, context);
    return {
        arcs: regroupArcs(arcs, copies.nodeOfState.length, added),
        copyFirst: copies.copyFirst, copyJunction: copies.copyJunction,
        stats: {read: restrictions.length, applied, viaWay, copies: copies.nodeOfState.length}
    };
}

/** The rules of the restrictions that could be placed on the graph (and of splitModes), with their counts. */
function placeRules(arcs: ArcArrays, restrictions: TurnRestriction[], context: RestrictionContext, splitModes: number):
    {rules: Rule[]; applied: number; viaWay: number} {
    const rules: Rule[] = [];
    if (splitModes !== 0) {
        for (let a = 0; a < arcs.arcHead.length; a++) {
            if (RESTRICTED_MODES.some((m) => (splitModes & (1 << m)) && arcs.arcOut[m][a] !== INF)) {
                rules.push({prefix: [directedOf(arcs.arcEdge[a])], steps: [], only: false, modes: splitModes});
            }
        }
    }
    let viaWay = 0, applied = 0;
    for (const r of restrictions) {
        const placed = r.viaNode >= 0 ? viaNodeRules(r, context) : viaWayRules(r, context);
        if (placed.length === 0) continue;
        applied++;
        if (r.viaNode < 0) viaWay++;
        rules.push(...placed);
    }
    return {rules, applied, viaWay};
}

/**
 * The automaton of the rules and of implicit no_u_turn rules for every step out of a restricted
 * state: a driver turned away at a restricted junction may not turn back at the next one to come at
 * it again another way (a u-turn there, unless it is a dead end).
 */
function withImplicitNoUTurns(arcs: ArcArrays, rules: Rule[], context: RestrictionContext): Automaton {
    const {arcFirst, arcHead, arcEdge, arcOut} = arcs;
    const explicit = new Automaton(rules);
    const noUTurn = new Map<number, number>();
    for (const steps of explicit.stateSteps) {
        const u = headOf(context, steps[steps.length - 1]);
        for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
            const d = directedOf(arcEdge[a]);
            let modes = noUTurn.get(d) ?? 0;
            for (const m of RESTRICTED_MODES) {
                if (arcOut[m][a] !== INF && explicit.allowed(steps, d, m) && hasOtherWayOut(arcs, arcHead[a], d ^ 1, m)) modes |= 1 << m;
            }
            if (modes !== 0) noUTurn.set(d, modes);
        }
    }
    const implicit = Array.from(noUTurn, ([d, modes]): Rule => ({prefix: [d], steps: [d ^ 1], only: false, modes}));
    return new Automaton(rules.concat(implicit));
}

/** The junction copies, one per automaton state: their node numbers, grouped by junction after the junctions. */
interface Copies {
    junctionOfState: number[];
    nodeOfState: Uint32Array;
    copyJunction: Uint32Array;
    copyFirst: Uint32Array;
}

/** Numbers the copies grouped by junction. */
function numberCopies(n: number, automaton: Automaton, context: RestrictionContext): Copies {
    const stateSteps = automaton.stateSteps, stateCount = stateSteps.length;
    const junctionOfState = stateSteps.map((s) => headOf(context, s[s.length - 1]));
    const order = Array.from({length: stateCount}, (_, i) => i).sort((a, b) => junctionOfState[a] - junctionOfState[b] || a - b);
    const nodeOfState = new Uint32Array(stateCount);
    const copyJunction = new Uint32Array(stateCount);
    const copyFirst = new Uint32Array(n + 1);
    order.forEach((s, i) => {
        nodeOfState[s] = n + i;
        copyJunction[i] = junctionOfState[s];
        copyFirst[junctionOfState[s] + 1]++;
    });
    for (let u = 0; u < n; u++) copyFirst[u + 1] += copyFirst[u];
    return {junctionOfState, nodeOfState, copyJunction, copyFirst};
}

/** The junctions' own arcs' weights (moved ones closed to the restricted modes), and the arcs added for the copies. */
interface CopiedArcs {
    outOf: Uint32Array[];
    inOf: Uint32Array[];
    tail: Growable<Uint32Array>;
    head: Growable<Uint32Array>;
    ref: Growable<Uint32Array>;
    weight: Growable<Uint32Array>[];
}

/** Arcs out: the junctions' own (moved ones closed to the restricted modes), then added ones. */
function copyArcs(arcs: ArcArrays, automaton: Automaton, copies: Copies, context: RestrictionContext): CopiedArcs {
    const {arcFirst, arcHead, arcEdge, arcOut, arcIn} = arcs;
    const n = arcs.nodeCount, {stateSteps, stateOf} = automaton, stateCount = stateSteps.length;
    const {nodeOfState, junctionOfState} = copies;
    /** The node reached by taking step d after `steps`. */
    const next = (steps: number[], d: number): number => {
        const s = automaton.next(steps, d);
        return s < 0 ? headOf(context, d) : nodeOfState[s];
    };
    const allowed = (steps: number[], d: number, mode: number) => automaton.allowed(steps, d, mode);
    const outOf = arcOut.map((w) => w.slice()), inOf = arcIn.map((w) => w.slice());
    const added = {outOf, inOf, tail: new Growable(Uint32Array), head: new Growable(Uint32Array), ref: new Growable(Uint32Array),
        weight: Array.from({length: MODE_COUNT}, () => new Growable(Uint32Array))};
    const weight = new Uint32Array(MODE_COUNT);
    const addArc = (tail: number, head: number, ref: number) => {
        added.tail.push(tail);
        added.head.push(head);
        added.ref.push(ref);
        for (let m = 0; m < MODE_COUNT; m++) added.weight[m].push(weight[m]);
    };
    // The twin of each junction arc: the same edge stored at its head (for arcIn).
    const twin = new Int32Array(arcHead.length).fill(-1);
    {
        // A typed array, not a Map: a country has more arcs than a Map holds (2^24).
        const arcOfDirected = new Int32Array(2 * context.edgeFrom.length).fill(-1);
        for (let a = 0; a < arcHead.length; a++) arcOfDirected[directedOf(arcEdge[a])] = a;
        for (let a = 0; a < arcHead.length; a++) twin[a] = arcOfDirected[directedOf(arcEdge[a]) ^ 1];
    }
    for (let u = 0; u < n; u++) {
        for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
            const d = directedOf(arcEdge[a]);
            const s = stateOf.get(String(d));
            if (s === undefined) continue;
            weight.fill(INF);
            let any = false;
            for (const m of RESTRICTED_MODES) {
                weight[m] = arcOut[m][a];
                if (weight[m] !== INF) any = true;
                outOf[m][a] = INF;
                if (twin[a] >= 0) inOf[m][twin[a]] = INF;
            }
            if (any) addArc(u, nodeOfState[s], arcEdge[a]);
        }
    }
    for (let s = 0; s < stateCount; s++) {
        const steps = stateSteps[s], u = junctionOfState[s];
        for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
            const d = directedOf(arcEdge[a]);
            weight.fill(INF);
            let any = false;
            for (const m of RESTRICTED_MODES) {
                if (arcOut[m][a] !== INF && allowed(steps, d, m)) {
                    weight[m] = arcOut[m][a];
                    any = true;
                }
            }
            if (any) addArc(nodeOfState[s], next(steps, d), arcEdge[a]);
        }
    }
    return added;
}

/** Regroup by owner: each node's own arcs, then the added arcs it leaves, then those it receives. */
function regroupArcs(arcs: ArcArrays, stateCount: number, added: CopiedArcs): ArcArrays {
    const {arcFirst, arcHead, arcEdge} = arcs, {outOf, inOf} = added;
    const n = arcs.nodeCount;
    const total = n + stateCount, addedCount = added.tail.length;
    const first = new Uint32Array(total + 1);
    for (let u = 0; u < n; u++) first[u + 1] = arcFirst[u + 1] - arcFirst[u];
    for (let i = 0; i < addedCount; i++) {
        first[added.tail.data[i] + 1]++;
        first[added.head.data[i] + 1]++;
    }
    for (let x = 0; x < total; x++) first[x + 1] += first[x];
    const count = first[total];
    const head = new Uint32Array(count), edge = new Uint32Array(count);
    const out = Array.from({length: MODE_COUNT}, () => new Uint32Array(count));
    const inw = Array.from({length: MODE_COUNT}, () => new Uint32Array(count));
    const fill = first.slice(0, total);
    for (let u = 0; u < n; u++) {
        for (let a = arcFirst[u]; a < arcFirst[u + 1]; a++) {
            const k = fill[u]++;
            head[k] = arcHead[a];
            edge[k] = arcEdge[a];
            for (let m = 0; m < MODE_COUNT; m++) {
                out[m][k] = outOf[m][a];
                inw[m][k] = inOf[m][a];
            }
        }
    }
    for (let i = 0; i < addedCount; i++) {
        const t = added.tail.data[i], h = added.head.data[i], ref = added.ref.data[i];
        const k = fill[t]++;
        head[k] = h;
        edge[k] = ref;
        const b = fill[h]++;
        head[b] = t;
        edge[b] = (ref ^ REVERSED) >>> 0;
        for (let m = 0; m < MODE_COUNT; m++) {
            out[m][k] = added.weight[m].data[i];
            inw[m][k] = INF;
            out[m][b] = INF;
            inw[m][b] = added.weight[m].data[i];
        }
    }
    return {nodeCount: total, arcFirst: first, arcHead: head, arcEdge: edge, arcOut: out, arcIn: inw};
}

/**
 * The restrictions as an automaton over steps: its states are the proper prefixes of the rules'
 * sequences; a step leads to the longest suffix of the steps so far that is a state.
 */
class Automaton {
    readonly stateOf = new Map<string, number>();
    readonly stateSteps: number[][] = [];
    private readonly rulesAt = new Map<string, Rule[]>();

    constructor(rules: Rule[]) {
        for (const rule of rules) {
            for (let len = 1; len <= rule.prefix.length; len++) {
                const key = rule.prefix.slice(0, len).join(',');
                if (!this.stateOf.has(key)) {
                    this.stateOf.set(key, this.stateSteps.length);
                    this.stateSteps.push(rule.prefix.slice(0, len));
                }
            }
            const key = rule.prefix.join(',');
            const list = this.rulesAt.get(key);
            if (list) list.push(rule);
            else this.rulesAt.set(key, [rule]);
        }
    }

    /** The state reached by taking step d after `steps`, -1 for the plain junction. */
    next(steps: number[], d: number): number {
        const seq = steps.concat(d);
        for (let k = 0; k < seq.length; k++) {
            const s = this.stateOf.get(seq.slice(k).join(','));
            if (s !== undefined) return s;
        }
        return -1;
    }

    /** Whether a mode may take step d after `steps`: every rule at a suffix of them must allow it. */
    allowed(steps: number[], d: number, mode: number): boolean {
        for (let k = 0; k < steps.length; k++) {
            const at = this.rulesAt.get(steps.slice(k).join(','));
            if (!at) continue;
            for (const rule of at) {
                if ((rule.modes & (1 << mode)) === 0) continue;
                if (rule.steps.includes(d) !== rule.only) return false;
            }
        }
        return true;
    }
}

/** Whether a mode may leave junction x other than by step `except` (x is no dead end). */
function hasOtherWayOut(arcs: ArcArrays, x: number, except: number, mode: number): boolean {
    for (let a = arcs.arcFirst[x]; a < arcs.arcFirst[x + 1]; a++) {
        if (arcs.arcOut[mode][a] !== INF && directedOf(arcs.arcEdge[a]) !== except) return true;
    }
    return false;
}

/** Rules of a via-node restriction: one per arc arriving over a from way. */
function viaNodeRules(r: TurnRestriction, c: RestrictionContext): Rule[] {
    const v = c.nodeOf(r.viaNode);
    if (v < 0) return [];
    const arriving: number[] = [], leaving: number[] = [];
    for (const way of r.from) {
        const edges = c.edgesOf(way);
        for (let i = 0; i < edges.length; i++) {
            const e = edges[i];
            if (c.edgeTo[e] === v) arriving.push(e * 2);
            if (c.edgeFrom[e] === v) arriving.push(e * 2 + 1);
        }
    }
    for (const way of r.to) {
        const edges = c.edgesOf(way);
        for (let i = 0; i < edges.length; i++) {
            const e = edges[i];
            if (c.edgeFrom[e] === v) leaving.push(e * 2);
            if (c.edgeTo[e] === v) leaving.push(e * 2 + 1);
        }
    }
    const sameWay = r.from.some((w) => r.to.includes(w));
    const rules: Rule[] = [];
    for (const d0 of arriving) {
        const steps = turnSteps(r, d0, leaving, sameWay);
        if (steps.length > 0) rules.push({prefix: [d0], steps, only: r.only, modes: r.modes});
    }
    return rules;
}

/**
 * The steps a restriction names after arriving over d0: turning back over d0's own edge counts only
 * for a u-turn restriction, and for one along a single way (from = to) it is the only step named.
 */
function turnSteps(r: TurnRestriction, d0: number, leaving: number[], sameWay: boolean): number[] {
    const back = d0 ^ 1;
    if (r.uTurn) return sameWay ? leaving.filter((d) => d === back) : leaving;
    return leaving.filter((d) => d !== back);
}

/**
 * Rules of a via-way restriction: from an arc of the from way into the via ways, along them (a path
 * over their edges that uses every via way) to a junction where the to way leaves.
 */
function viaWayRules(r: TurnRestriction, c: RestrictionContext): Rule[] {
    const viaEdges = new Set<number>();
    for (const way of r.viaWays) {
        const edges = c.edgesOf(way);
        if (edges.length === 0) return [];
        for (let i = 0; i < edges.length; i++) viaEdges.add(edges[i]);
    }
    const viaNodes = new Map<number, number[]>();
    for (const e of viaEdges) {
        for (const [x, d] of [[c.edgeFrom[e], e * 2], [c.edgeTo[e], e * 2 + 1]]) {
            const list = viaNodes.get(x);
            if (list) list.push(d);
            else viaNodes.set(x, [d]);
        }
    }
    const arriving: number[] = [];
    for (const way of r.from) {
        const edges = c.edgesOf(way);
        for (let i = 0; i < edges.length; i++) {
            const e = edges[i];
            if (viaEdges.has(e)) continue;
            if (viaNodes.has(c.edgeTo[e])) arriving.push(e * 2);
            if (viaNodes.has(c.edgeFrom[e])) arriving.push(e * 2 + 1);
        }
    }
    const leavingAt = new Map<number, number[]>();
    for (const way of r.to) {
        const edges = c.edgesOf(way);
        for (let i = 0; i < edges.length; i++) {
            const e = edges[i];
            if (viaEdges.has(e)) continue;
            for (const [x, d] of [[c.edgeFrom[e], e * 2], [c.edgeTo[e], e * 2 + 1]]) {
                if (!viaNodes.has(x)) continue;
                const list = leavingAt.get(x);
                if (list) list.push(d);
                else leavingAt.set(x, [d]);
            }
        }
    }
    const viaWayOfEdge = new Map<number, number>();
    r.viaWays.forEach((way, i) => {
        const edges = c.edgesOf(way);
        for (let k = 0; k < edges.length; k++) viaWayOfEdge.set(edges[k], i);
    });
    const rules: Rule[] = [];
    for (const d0 of arriving) {
        const start = headOf(c, d0);
        // Breadth first over the via edges from where the from way meets them.
        const parentStep = new Map<number, number>([[start, -1]]);
        const queue = [start];
        for (let q = 0; q < queue.length; q++) {
            const x = queue[q];
            for (const d of viaNodes.get(x) ?? []) {
                const y = headOf(c, d);
                if (parentStep.has(y)) continue;
                parentStep.set(y, d);
                queue.push(y);
            }
        }
        for (const y of queue) {
            const leaving = leavingAt.get(y);
            if (y === start || !leaving) continue;
            const path: number[] = [];
            for (let x = y; x !== start; x = tailOf(c, path[path.length - 1])) path.push(parentStep.get(x)!);
            path.reverse();
            const used = new Set(path.map((d) => viaWayOfEdge.get(d >>> 1)));
            if (used.size !== r.viaWays.length) continue;
            const back = path[path.length - 1] ^ 1;
            const steps = leaving.filter((d) => d !== back);
            if (steps.length > 0) rules.push({prefix: [d0, ...path], steps, only: r.only, modes: r.modes});
            break;
        }
    }
    return rules;
}
