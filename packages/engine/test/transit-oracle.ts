// A brute-force transit oracle for the tests and the benchmark, written independently of the
// router: its own walking Dijkstra over the foot graph (forward and backward), and a
// time-dependent Dijkstra over the compiled timetable whose states are (stop, arrived by ride or
// on foot, rides so far), relaxing every running trip of every pattern through a stop. It follows
// the journey model documented in src/transit/query/raptor.ts.
import {FOOT} from '../src/graph/profiles.js';
import {INF, type RoadGraph} from '../src/graph/road-graph.js';
import type {Snapper} from '../src/graph/snap.js';
import type {TransitNetwork} from '../src/transit/query/network.js';

const NO_PICKUP = 1, NO_DROP_OFF = 2;

/** A plain binary heap of (key, value) pairs. */
class Heap {
    keys: number[] = [];
    values: number[] = [];
    get size(): number {
        return this.keys.length;
    }
    push(key: number, value: number): void {
        const k = this.keys, v = this.values;
        let i = k.length;
        k.push(key);
        v.push(value);
        while (i > 0) {
            const p = (i - 1) >> 1;
            if (k[p] <= key) break;
            k[i] = k[p];
            v[i] = v[p];
            i = p;
        }
        k[i] = key;
        v[i] = value;
    }
    pop(): [number, number] {
        const k = this.keys, v = this.values;
        const top: [number, number] = [k[0], v[0]];
        const lastK = k.pop()!, lastV = v.pop()!;
        if (k.length > 0) {
            let i = 0;
            for (;;) {
                let c = 2 * i + 1;
                if (c >= k.length) break;
                if (c + 1 < k.length && k[c + 1] < k[c]) c++;
                if (k[c] >= lastK) break;
                k[i] = k[c];
                v[i] = v[c];
                i = c;
            }
            k[i] = lastK;
            v[i] = lastV;
        }
        return top;
    }
}

/**
 * Walking times (ms) from (forward) or to (backward) seeded nodes, up to maxMs; Infinity beyond.
 * With `targets`, stops early once past minMs with every target settled.
 */
export function walkTimes(g: RoadGraph, seeds: [number, number][], forward: boolean, maxMs: number, minMs = maxMs, targets: number[] = []): Float64Array {
    const dist = new Float64Array(g.nodeCount).fill(Infinity);
    const heap = new Heap();
    for (const [node, ms] of seeds) {
        if (ms < dist[node]) {
            dist[node] = ms;
            heap.push(ms, node);
        }
    }
    const weights = forward ? g.arcOut[FOOT] : g.arcIn[FOOT];
    const settled = new Uint8Array(g.nodeCount);
    let pending = new Set(targets).size;
    while (heap.size > 0) {
        const [d, x] = heap.pop();
        if (d > dist[x]) continue;
        if (d > maxMs || (d > minMs && pending === 0)) {
            // Tentative times past the stop are not answers.
            for (let i = 0; i < dist.length; i++) if (!settled[i]) dist[i] = Infinity;
            break;
        }
        if (settled[x]) continue;
        settled[x] = 1;
        if (pending > 0 && targets.includes(x)) pending--;
        for (let a = g.arcFirst[x]; a < g.arcFirst[x + 1]; a++) {
            const w = weights[a];
            if (w === INF) continue;
            const v = g.arcHead[a];
            if (d + w < dist[v]) {
                dist[v] = d + w;
                heap.push(d + w, v);
            }
        }
    }
    for (let i = 0; i < dist.length; i++) if (dist[i] > maxMs) dist[i] = Infinity;
    return dist;
}

/** Walking weights [forward, backward] (ms) of a whole edge, read from its arcs. */
function edgeWeights(g: RoadGraph, e: number): [number, number] {
    const u = g.edgeFrom[e];
    for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) if (g.arcEdge[a] === e) return [g.arcOut[FOOT][a], g.arcIn[FOOT][a]];
    return [INF, INF];
}

function along(g: RoadGraph, e: number, from: number, to: number): number {
    const [fw, bw] = edgeWeights(g, e);
    const len = g.edgeLength[e];
    if (len <= 0) return 0;
    if (to >= from) return fw === INF ? Infinity : fw * (to - from) / len;
    return bw === INF ? Infinity : bw * (from - to) / len;
}

/** The two ends of a snapped point's edge with the walking cost out of the point (forward) or into it. */
export function pointSeeds(g: RoadGraph, edge: number, offset: number, forward: boolean): [number, number][] {
    const [fw, bw] = edgeWeights(g, edge);
    const len = Math.max(g.edgeLength[edge], 1e-9);
    const seeds: [number, number][] = [];
    if (forward) {
        if (bw !== INF) seeds.push([g.edgeFrom[edge], bw * offset / len]);
        if (fw !== INF) seeds.push([g.edgeTo[edge], fw * (g.edgeLength[edge] - offset) / len]);
    } else {
        if (fw !== INF) seeds.push([g.edgeFrom[edge], fw * offset / len]);
        if (bw !== INF) seeds.push([g.edgeTo[edge], bw * (g.edgeLength[edge] - offset) / len]);
    }
    return seeds;
}

const orderCache = new WeakMap<TransitNetwork, Uint8Array>();

/** Whether pattern p's trips leave its stop at `pos` in nondecreasing time (worked out once per pattern and position). */
function departuresInOrder(net: TransitNetwork, p: number, pos: number): boolean {
    let known = orderCache.get(net);
    if (!known) orderCache.set(net, known = new Uint8Array(net.patternStopFirst[net.patternStopFirst.length - 1]));
    const at = net.patternStopFirst[p] + pos;
    if (known[at] === 0) {
        const n = net.patternStopFirst[p + 1] - net.patternStopFirst[p];
        let sorted = true;
        for (let trip = net.patternTripFirst[p] + 1; trip < net.patternTripFirst[p + 1] && sorted; trip++) {
            const times = net.patternTimeFirst[p] + (trip - net.patternTripFirst[p]) * n;
            sorted = net.departure[times - n + pos] <= net.departure[times + pos];
        }
        known[at] = sorted ? 1 : 2;
    }
    return known[at] === 1;
}

/** The first trip of pattern p (its departures at `pos` in order) leaving `pos` at `seconds` or later. */
function firstLeaving(net: TransitNetwork, p: number, pos: number, seconds: number): number {
    const n = net.patternStopFirst[p + 1] - net.patternStopFirst[p];
    let lo = net.patternTripFirst[p], hi = net.patternTripFirst[p + 1];
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (net.departure[net.patternTimeFirst[p] + (mid - net.patternTripFirst[p]) * n + pos] < seconds) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

const runningCache = new WeakMap<TransitNetwork, {key: string; flags: Uint8Array}>();

/** Per trip: bit 0 runs on its feed's day, bit 1 on the day before; read straight from the service bits. */
function runningTrips(net: TransitNetwork, days: number[]): Uint8Array {
    const key = days.join(',');
    const cached = runningCache.get(net);
    if (cached && cached.key === key) return cached.flags;
    const flags = new Uint8Array(net.tripCount);
    for (let trip = 0; trip < net.tripCount; trip++) {
        const service = net.tripService[trip];
        const f = net.serviceFeed[service];
        const feed = net.feeds[f];
        for (let bit = 0; bit < 2; bit++) {
            const d = days[f] - bit - feed.firstDay;
            if (d < 0 || d >= feed.dayCount) continue;
            if ((net.serviceWords[net.serviceWordFirst[service] + Math.floor(d / 32)] >>> (d % 32)) & 1) flags[trip] |= 1 << bit;
        }
    }
    runningCache.set(net, {key, flags});
    return flags;
}

export interface OracleAnswer {
    /** ms from departure to arrival, Infinity when unreachable */
    time: number;
    /** the direct walk alone (ms), Infinity when none */
    walk: number;
    /** the best journey with at least one ride (ms), Infinity when none */
    transit: number;
}

export interface OracleBounds {
    accessMs: number;
    egressMs: number;
    maxRides: number;
}

/**
 * Earliest arrival from one position to another leaving at departureSeconds, by brute force, among
 * journeys and walks shorter than limitMs (Infinity when none is).
 */
export function oracle(g: RoadGraph, snapper: Snapper, net: TransitNetwork, days: number[], bounds: OracleBounds,
    fromLat: number, fromLon: number, toLat: number, toLon: number, departureSeconds: number, limitMs: number): OracleAnswer {
    const from = snapper.snap(fromLat, fromLon, FOOT)!, to = snapper.snap(toLat, toLon, FOOT)!;
    const dep = departureSeconds * 1000;
    // The origin's and destination's two edge ends, with the partial costs.
    const outSeeds = pointSeeds(g, from.edge, from.offset, true);
    const inSeeds = pointSeeds(g, to.edge, to.offset, false);
    const fromOrigin = walkTimes(g, outSeeds, true, Math.max(bounds.accessMs, limitMs), bounds.accessMs, inSeeds.map(([node]) => node));
    const toDest = walkTimes(g, inSeeds, false, bounds.egressMs);

    // The direct walk.
    let walk = Infinity;
    for (const [node, ms] of inSeeds) walk = Math.min(walk, fromOrigin[node] + ms);
    if (from.edge === to.edge) walk = Math.min(walk, along(g, from.edge, from.offset, to.offset));

    // Access and egress per stop.
    const S = net.stopCount;
    const access = new Float64Array(S).fill(Infinity), egress = new Float64Array(S).fill(Infinity);
    for (let s = 0; s < S; s++) {
        const e = net.stopEdge[s];
        if (e < 0) continue;
        const a = g.edgeFrom[e], b = g.edgeTo[e];
        let acc = Math.min(
            net.stopFromA[s] === INF ? Infinity : fromOrigin[a] + net.stopFromA[s],
            net.stopFromB[s] === INF ? Infinity : fromOrigin[b] + net.stopFromB[s]);
        if (e === from.edge) acc = Math.min(acc, along(g, e, from.offset, net.stopOffset[s]));
        if (acc <= bounds.accessMs) access[s] = acc;
        let egr = Math.min(
            net.stopToA[s] === INF ? Infinity : net.stopToA[s] + toDest[a],
            net.stopToB[s] === INF ? Infinity : net.stopToB[s] + toDest[b]);
        if (e === to.edge) egr = Math.min(egr, along(g, e, net.stopOffset[s], to.offset));
        if (egr <= bounds.egressMs) egress[s] = egr;
    }

    const running = runningTrips(net, days);

    // Time-dependent Dijkstra over states (stop, byRide, rides).
    const K = bounds.maxRides;
    const stateCount = S * 2 * (K + 1);
    const label = new Float64Array(stateCount).fill(Infinity);
    const state = (s: number, byRide: number, rides: number) => (rides * 2 + byRide) * S + s;
    const heap = new Heap();
    for (let s = 0; s < S; s++) {
        if (access[s] === Infinity) continue;
        const i = state(s, 0, 0);
        label[i] = dep + access[s];
        heap.push(label[i], i);
    }
    // Arrivals later than the limit are not looked at (a caller checking an answer passes that
    // answer plus a margin: anything better is still found, so a wrong answer shows either way).
    let best = dep + limitMs;
    while (heap.size > 0) {
        const [t, i] = heap.pop();
        if (t > label[i]) continue;
        if (t >= best) break;
        const s = i % S, byRide = Math.floor(i / S) % 2, rides = Math.floor(i / (2 * S));
        if (byRide === 1) {
            if (egress[s] !== Infinity) best = Math.min(best, t + egress[s]);
            for (let f = net.footFirst[s]; f < net.footFirst[s + 1]; f++) {
                const j = state(net.footTo[f], 0, rides);
                const nt = t + net.footMs[f];
                if (nt < label[j]) {
                    label[j] = nt;
                    heap.push(nt, j);
                }
            }
        }
        if (rides === K) continue;
        const ready = t + (byRide === 1 ? net.stopChangeMs[s] : 0);
        // Every pattern through s, every running trip departing after `ready`, ridden to every later stop. Where
        // the pattern's trips leave s in order (checked, not assumed), the first of them after `ready` is found by
        // bisection and the scan ends at `best`; else every trip is looked at.
        for (let k = net.stopPatternFirst[s]; k < net.stopPatternFirst[s + 1]; k++) {
            const p = net.stopPatterns[k], pos = net.stopPatternPos[k];
            const sBase = net.patternStopFirst[p], n = net.patternStopFirst[p + 1] - sBase;
            if (net.patternStopFlags[sBase + pos] & NO_PICKUP) continue;
            const first = net.patternTripFirst[p], end = net.patternTripFirst[p + 1];
            for (let yesterday = 0; yesterday < 2; yesterday++) {
                const shift = yesterday ? -86400 : 0;
                const inOrder = departuresInOrder(net, p, pos);
                for (let trip = inOrder ? firstLeaving(net, p, pos, ready / 1000 - shift - 0.001) : first; trip < end; trip++) {
                    if (!(running[trip] & (1 << yesterday))) continue;
                    const times = net.patternTimeFirst[p] + (trip - first) * n;
                    const leaves = (net.departure[times + pos] + shift) * 1000;
                    if (inOrder && leaves >= best) break;
                    if (leaves < ready || leaves >= best) continue;
                    for (let j = pos + 1; j < n; j++) {
                        if (net.patternStopFlags[sBase + j] & NO_DROP_OFF) continue;
                        const at = (net.arrival[times + j] + shift) * 1000;
                        const x = state(net.patternStops[sBase + j], 1, rides + 1);
                        if (at < label[x]) {
                            label[x] = at;
                            heap.push(at, x);
                        }
                    }
                }
            }
        }
    }
    const transit = best - dep >= limitMs ? Infinity : best - dep;
    if (walk >= limitMs) walk = Infinity;
    return {time: Math.min(walk, transit), walk, transit};
}
