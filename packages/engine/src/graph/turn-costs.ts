// Turn costs: what a turn at a junction adds to a trip, by its angle and side (OSRM's car and bicycle
// profiles, the reference our times are compared with). Car: up to 7.5 s along a sigmoid of the angle,
// left turns (across the oncoming traffic, right-hand traffic) dearer than right ones, straight on
// nearly free; turning back 20 s more. Bicycle: 6 s × (angle / 90°)², left 1.4× and right / 1.4.
// Walkers turn for free. Only junctions where three or more roads meet cost a turn: a road that bends
// between junctions costs none (OSRM's compressed graph behaves the same); turning back at a dead end
// (one road) costs the u-turn.
//
// Paths are chosen on the node-based graph, so the contraction hierarchy and every search stay as
// they are (an edge-based graph measured 2.6× the route time: bench/RESULTS.md); the turn costs of
// the path chosen are added to its time, the same way for routes, matrices, enrichment and
// isochrones, so every answer is the time of a real path including its turns.
//
// Bearings are taken between an edge's end and its point 10 m along (OSRM looks a few metres into a
// road too), in 1/256 of a turn.
import {flatHypotMetersRounded} from '../geo/distance.js';
import {CAR, BIKE, MODES} from './profiles.js';
import {REVERSED, type RoadGraph} from './road-graph.js';

/** How far along an edge its bearing is read (m). */
const BEARING_METERS = 10;

/** Seconds of a turn of `degrees` (0 straight, positive to the right, ±180 back) for a mode. */
export function turnSeconds(mode: number, degrees: number): number {
    const back = Math.abs(degrees) >= 170;
    if (mode === CAR) {
        // OSRM car.lua: turn_penalty 7.5, turn_bias 1.075 (right-hand traffic), u_turn_penalty 20.
        const a = Math.abs(degrees) / 180, bias = 1.075;
        const s = degrees >= 0 ? 7.5 / (1 + Math.exp(-((13 / bias) * a - 6.5 * bias))) : 7.5 / (1 + Math.exp(-((13 * bias) * a - 6.5 / bias)));
        return s + (back ? 20 : 0);
    }
    if (mode === BIKE) {
        // OSRM bicycle.lua: turn_penalty 6, turn_bias 1.4, u_turn_penalty 20.
        const n = degrees / 90;
        return n * n * (degrees >= 0 ? 6 / 1.4 : 6 * 1.4) + (back ? 20 : 0);
    }
    return 0;
}

/** Bearing (1/256 turn, 0 north, clockwise) from point i to point j of an edge's polyline. */
function pointBearing(g: RoadGraph, e: number, i: number, j: number): number {
    const lat1 = g.edgePointLat(e, i), lon1 = g.edgePointLon(e, i), lat2 = g.edgePointLat(e, j), lon2 = g.edgePointLon(e, j);
    const dx = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * Math.PI / 180);
    const dy = lat2 - lat1;
    return Math.round((Math.atan2(dx, dy) / (2 * Math.PI)) * 256) & 255;
}

/** Metres between two points of an edge's polyline (equirectangular, enough for 10 m). */
function pointMeters(g: RoadGraph, e: number, i: number, j: number): number {
    return flatHypotMetersRounded(g.edgePointLat(e, i), g.edgePointLon(e, i), g.edgePointLat(e, j), g.edgePointLon(e, j));
}

export class TurnCosts {
    readonly mode: number;
    /** Per edge: bearing leaving edgeFrom along the edge, and arriving at edgeTo along it. */
    readonly startBearing: Uint8Array;
    readonly endBearing: Uint8Array;
    /** Per node (junctions and their copies): JUNCTION where three or more roads of the mode meet, DEAD_END where one ends, 0 otherwise. */
    readonly junction: Uint8Array;
    /** ms per turn angle (index: the bearing change, 0-255, 128 = back). */
    readonly cost: Uint32Array;
    /** False for a mode whose turns are free (foot): callers may skip the bookkeeping. */
    readonly any: boolean;

    constructor(g: RoadGraph, mode: number) {
        this.mode = mode;
        this.cost = new Uint32Array(256);
        for (let i = 0; i < 256; i++) this.cost[i] = Math.round(turnSeconds(mode, ((i < 128 ? i : i - 256) * 360) / 256) * 1000);
        this.any = this.cost.some((c) => c > 0);
        // Stored by the build (graph/derived.ts); computed for a graph without them (the build's own).
        const s = g.section, junction = `${MODES[mode]}Junction`;
        [this.startBearing, this.endBearing] = s.has('edgeStartBearing') ? [s.array('edgeStartBearing', Uint8Array), s.array('edgeEndBearing', Uint8Array)] : edgeBearings(g);
        this.junction = s.has(junction) ? s.array(junction, Uint8Array) : junctionKinds(g, mode);
    }

    /** Bearing setting off along an edge in the direction `ref` (arcEdge form). */
    enter(ref: number): number {
        const e = (ref & ~REVERSED) >>> 0;
        return ref & REVERSED ? (this.endBearing[e] + 128) & 255 : this.startBearing[e];
    }

    /** Bearing arriving at the end of an edge run in the direction `ref`. */
    leave(ref: number): number {
        const e = (ref & ~REVERSED) >>> 0;
        return ref & REVERSED ? (this.startBearing[e] + 128) & 255 : this.endBearing[e];
    }

    /** ms of turning at node `node` from bearing `leave` (arriving) to bearing `enter` (setting off); NO_BEARING on either side: none. */
    at(node: number, leave: number, enter: number): number {
        const kind = this.junction[node];
        if (leave === NO_BEARING || enter === NO_BEARING || kind === 0) return 0;
        const turn = (enter - leave) & 255;
        // At a dead end the only way on is back: the u-turn costs, nothing else is a turn.
        return kind === JUNCTION || (turn >= BACK_FROM && turn <= 256 - BACK_FROM) ? this.cost[turn] : 0;
    }

    /** ms of the turns along a run of edges (arcEdge form, in travel order) through their shared junctions. */
    along(refs: ArrayLike<number>, g: RoadGraph): number {
        let sum = 0;
        for (let i = 1; i < refs.length; i++) {
            const prev = refs[i - 1];
            const e = (prev & ~REVERSED) >>> 0;
            const node = prev & REVERSED ? g.edgeFrom[e] : g.edgeTo[e];
            sum += this.at(node, this.leave(prev), this.enter(refs[i]));
        }
        return sum;
    }
}

const JUNCTION = 1, DEAD_END = 2;
/** Bearing changes from this (1/256 turn, about 170°) to its mirror are turning back. */
const BACK_FROM = 121;

/** No bearing: a path that starts or ends at the node (no turn there). */
export const NO_BEARING = 256;

const bearingCache = new WeakMap<RoadGraph, [Uint8Array, Uint8Array]>();

/**
 * Per node (junctions and their copies), what a turn there is for a mode: JUNCTION where three or
 * more roads meet, DEAD_END where one ends, 0 otherwise. Roads at a junction: its distinct neighbours
 * over edges the mode may use either way (ways it may only start or end on count: they are roads one
 * turns past).
 */
export function junctionKinds(g: RoadGraph, mode: number): Uint8Array {
    const [forward, backward] = g.accessWeights(mode);
    const roads = new Uint8Array(g.junctionCount);
    const seen = new Int32Array(g.junctionCount).fill(-1);
    for (let u = 0; u < g.junctionCount; u++) {
        for (let a = g.arcFirst[u], end = g.arcFirst[u + 1]; a < end; a++) {
            const e = (g.arcEdge[a] & ~REVERSED) >>> 0;
            if (forward[e] >= 0xffffffff && backward[e] >= 0xffffffff) continue;
            const other = g.edgeFrom[e] === u ? g.edgeTo[e] : g.edgeFrom[e];
            if (other === u || seen[other] === u) continue;
            seen[other] = u;
            if (roads[u] < 255) roads[u]++;
        }
    }
    const junction = new Uint8Array(g.nodeCount);
    for (let u = 0; u < g.junctionCount; u++) {
        const flag = roads[u] >= 3 ? JUNCTION : roads[u] === 1 ? DEAD_END : 0;
        junction[u] = flag;
        for (let c = g.copyFirst[u], end = g.copyFirst[u + 1]; c < end; c++) junction[g.junctionCount + c] = flag;
    }
    return junction;
}

/** Per edge, the bearings leaving its start and arriving at its end: the same for every mode, made once per graph. */
export function edgeBearings(g: RoadGraph): [Uint8Array, Uint8Array] {
    let bearings = bearingCache.get(g);
    if (bearings) return bearings;
    const m = g.edgeCount;
    const start = new Uint8Array(m), end = new Uint8Array(m);
    for (let e = 0; e < m; e++) {
        const last = g.edgePointCount(e) - 1;
        let j = 1;
        while (j < last && pointMeters(g, e, 0, j) < BEARING_METERS) j++;
        start[e] = pointBearing(g, e, 0, j);
        let i = last - 1;
        while (i > 0 && pointMeters(g, e, i, last) < BEARING_METERS) i--;
        end[e] = pointBearing(g, e, i, last);
    }
    bearingCache.set(g, (bearings = [start, end]));
    return bearings;
}

const cache = new WeakMap<RoadGraph, (TurnCosts | null)[]>();

/** The turn costs of a graph and mode, made once per thread. */
export function turnCosts(g: RoadGraph, mode: number): TurnCosts {
    let perMode = cache.get(g);
    if (!perMode) cache.set(g, (perMode = [null, null, null]));
    return (perMode[mode] ??= new TurnCosts(g, mode));
}
