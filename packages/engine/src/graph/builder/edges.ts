// Road graph build, stage 4: the edges, the pieces of each way between consecutive junctions, with
// their geometry, length, class, name and one weight per mode and direction (way speed or ferry
// duration, plus the signals, crossings and gates passed).
import {Growable} from '../../format/growable.js';
import {haversineMeters} from '../../geo/distance.js';
import type {NodeStore} from '../../osm/node-store.js';
import {BIKE_SIGNAL_DELAY, CAR_SIGNAL_DELAY, CROSSING_DELAY, FOOT_SIGNAL_DELAY, MODE_COUNT} from '../profiles.js';
import {INF, NODE_CROSSING, NODE_SIGNAL, barrierBit} from '../road-graph.js';
import type {GraphNodes, ResolvedNodes, WayRefs} from './junctions.js';

const SIGNAL_DELAY_MS = [CAR_SIGNAL_DELAY * 1000, FOOT_SIGNAL_DELAY * 1000, BIKE_SIGNAL_DELAY * 1000];
const CROSSING_DELAY_MS = [0, CROSSING_DELAY * 1000, CROSSING_DELAY * 1000];

/** What the way pass kept per way (speeds: 6 per way, mode * 2 + direction, km/h). */
export interface WayAttributes {
    speeds: Float32Array;
    wayClass: Uint8Array;
    wayName: Uint32Array;
    /** Bits 1 << mode: the modes that may only start or end on the way. */
    localOnly: Uint8Array;
    ferrySeconds: Float32Array;
}

export interface Edges {
    edgeCount: number;
    edgeFrom: Growable<Uint32Array>;
    edgeTo: Growable<Uint32Array>;
    edgeLength: Growable<Float32Array>;
    edgeClass: Growable<Uint8Array>;
    edgeName: Growable<Uint32Array>;
    /** Edge e's interior points are geomLat/geomLon[geomStart[e] .. geomStart[e + 1] - 1]. */
    geomStart: Growable<Uint32Array>;
    geomLat: Growable<Int32Array>;
    geomLon: Growable<Int32Array>;
    /** ms per edge, per mode and direction (m * 2 + dir); INF for a mode that may only start or end there. */
    weights: Growable<Uint32Array>[];
    // Edges a mode may only start or end on: their weights stay INF in `weights` (no through
    // traffic, nor in the hierarchy) and are kept here, per listed edge; the section keeps them
    // per arc (localArcs), junction copies' arcs included, for the access search.
    localEdges: Growable<Uint32Array>;
    localWeights: Growable<Uint32Array>[];
    /** The edges of way w are wayEdgeStart[w] .. wayEdgeStart[w + 1] - 1, in the way's order. */
    wayEdgeStart: Uint32Array;
}

/** ms a mode spends passing node-store node k: traffic signals or a crossing, and a gate. */
function passMs(nodeFlags: Uint8Array, nodeGate: Uint32Array, k: number, m: number): number {
    const f = nodeFlags[k];
    const signal = f & NODE_SIGNAL ? SIGNAL_DELAY_MS[m] : f & NODE_CROSSING ? CROSSING_DELAY_MS[m] : 0;
    return signal + ((nodeGate[k] >>> (8 * m)) & 0xff) * 1000;
}

/** Stage 4: the edges of every way. */
export function cutEdges(store: NodeStore, ways: WayRefs, attributes: WayAttributes, resolved: ResolvedNodes, junction: Uint8Array, nodes: GraphNodes): Edges {
    const {wayCount, wayRefStart} = ways;
    const {refIndex, nodeFlags, nodeGate} = resolved;
    const {graphNode, storeOfGraphNode} = nodes, graphFlags = nodes.nodeFlags;
    const edgeFrom = new Growable(Uint32Array), edgeTo = new Growable(Uint32Array);
    const edgeLength = new Growable(Float32Array), edgeClass = new Growable(Uint8Array), edgeName = new Growable(Uint32Array);
    const geomStart = new Growable(Uint32Array), geomLat = new Growable(Int32Array), geomLon = new Growable(Int32Array);
    const weights: Growable<Uint32Array>[] = [];
    for (let i = 0; i < MODE_COUNT * 2; i++) weights.push(new Growable(Uint32Array));
    const localEdges = new Growable(Uint32Array);
    const localWeights: Growable<Uint32Array>[] = [];
    for (let i = 0; i < MODE_COUNT * 2; i++) localWeights.push(new Growable(Uint32Array));
    const wayLocalOnly = attributes.localOnly;
    const speeds = attributes.speeds;
    const ferrySeconds = attributes.ferrySeconds;
    const delays = new Float64Array(MODE_COUNT * 2);
    const wayEdgeStart = new Uint32Array(wayCount + 1);

    for (let w = 0; w < wayCount; w++) {
        wayEdgeStart[w] = edgeFrom.length;
        const start = wayRefStart[w], end = wayRefStart[w + 1];
        let wayLength = 0;
        if (ferrySeconds[w] > 0) {
            for (let i = start + 1; i < end; i++) {
                const a = refIndex[i - 1], b = refIndex[i];
                if (a >= 0 && b >= 0) wayLength += haversineMeters(store.lat[a] / 1e7, store.lon[a] / 1e7, store.lat[b] / 1e7, store.lon[b] / 1e7);
            }
        }
        let from = -1, length = 0, edgeGeom = 0;
        delays.fill(0);
        for (let i = start; i < end; i++) {
            const k = refIndex[i];
            if (k < 0) {
                from = -1;
                continue;
            }
            if (from < 0) {
                // Start of a piece (always a junction, see findJunctions).
                from = graphNode[k];
                edgeGeom = geomLat.length;
                length = 0;
                delays.fill(0);
                continue;
            }
            const p = refIndex[i - 1];
            length += haversineMeters(store.lat[p] / 1e7, store.lon[p] / 1e7, store.lat[k] / 1e7, store.lon[k] / 1e7);
            const isEnd = junction[k] === 1;
            for (let m = 0; m < MODE_COUNT; m++) {
                const d = passMs(nodeFlags, nodeGate, k, m);
                // Interior signals and gates count both ways; an end node's count when arriving at it.
                delays[m * 2] += d;
                if (!isEnd) delays[m * 2 + 1] += d;
            }
            if (!isEnd) {
                geomLat.push(store.lat[k]);
                geomLon.push(store.lon[k]);
                continue;
            }
            const to = graphNode[k];
            // The signal or gate at the start node counts for the backward direction.
            for (let m = 0; m < MODE_COUNT; m++) delays[m * 2 + 1] += passMs(nodeFlags, nodeGate, storeOfGraphNode[from], m);
            edgeFrom.push(from);
            edgeTo.push(to);
            geomStart.push(edgeGeom);
            edgeLength.push(length);
            edgeClass.push(attributes.wayClass[w]);
            edgeName.push(attributes.wayName[w]);
            const local = wayLocalOnly[w];
            if (local !== 0) localEdges.push(edgeFrom.length - 1);
            for (let m = 0; m < MODE_COUNT; m++) {
                for (let dir = 0; dir < 2; dir++) {
                    const speed = speeds[w * 6 + m * 2 + dir];
                    // A barrier at the node an arc leaves blocks that mode from passing.
                    const leaving = dir === 0 ? from : to;
                    let ms = INF;
                    if (speed > 0 && (graphFlags[leaving] & barrierBit(m)) === 0) {
                        const seconds = ferrySeconds[w] > 0 && wayLength > 0
                            ? ferrySeconds[w] * length / wayLength
                            : length / (speed / 3.6);
                        ms = Math.max(1, Math.round(seconds * 1000 + delays[m * 2 + dir]));
                    }
                    if (local !== 0) localWeights[m * 2 + dir].push(local & (1 << m) ? ms : INF);
                    weights[m * 2 + dir].push(local & (1 << m) ? INF : ms);
                }
            }
            from = to;
            edgeGeom = geomLat.length;
            length = 0;
            delays.fill(0);
        }
    }
    const edgeCount = edgeFrom.length;
    wayEdgeStart[wayCount] = edgeCount;
    geomStart.push(geomLat.length);
    return {edgeCount, edgeFrom, edgeTo, edgeLength, edgeClass, edgeName, geomStart, geomLat, geomLon, weights, localEdges, localWeights, wayEdgeStart};
}
