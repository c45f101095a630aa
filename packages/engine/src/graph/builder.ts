// Compiles routable OSM ways into the road graph section: nodes are junctions (and barriers and
// way ends), edges are the way pieces between them with their geometry, and every arc carries
// one weight per mode and direction. Read by RoadGraph.
import Flatbush from 'flatbush';
import {Growable} from '../format/growable.js';
import {encodeSection} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import {haversineMeters} from '../geo/distance.js';
import {hilbert16} from '../geo/hilbert.js';
import type {OsmNode, OsmRelation, OsmWay} from '../osm/objects.js';
import type {NodeStore} from '../osm/node-store.js';
import {
    BIKE, BIKE_SIGNAL_DELAY, CAR, CAR_SIGNAL_DELAY, CROSSING_DELAY, FOOT, FOOT_SIGNAL_DELAY, HIGHWAY_CLASSES,
    MODES, MODE_COUNT, WayProfile, barrierBlocks, barrierDelay, evaluateWay
} from './profiles.js';
import {markMainComponents, stronglyConnected} from './components.js';
import {applyRestrictions, type RestrictionStats} from './restricted-junctions.js';
import {parseTurnRestriction, type TurnRestriction} from './turn-restriction.js';
import {ROADS_KIND, ROADS_VERSION, INF, REVERSED, NODE_SIGNAL, NODE_CROSSING, barrierBit, mainComponentBit} from './road-graph.js';

/** A component smaller than this share of the mode's largest one is an island: nothing snaps to it. */
export const ISLAND_SHARE = 0.05;

const SIGNAL_DELAY_MS = [CAR_SIGNAL_DELAY * 1000, FOOT_SIGNAL_DELAY * 1000, BIKE_SIGNAL_DELAY * 1000];
const CROSSING_DELAY_MS = [0, CROSSING_DELAY * 1000, CROSSING_DELAY * 1000];

export interface RoadGraphStats {
    ways: number;
    nodes: number;
    edges: number;
    arcs: number;
    /** Edges some mode may only start or end on (access=private, destination…). */
    localEdges: number;
    missingNodeRefs: number;
    mainComponentNodes: number[];
    turnRestrictions: RestrictionStats;
}

export class RoadGraphBuilder {
    private readonly profile = new WayProfile();
    private readonly wayRefStart = new Growable(Uint32Array);
    private readonly wayIds = new Growable(Float64Array);
    private readonly restrictions: TurnRestriction[] = [];
    private readonly refs = new Growable(Float64Array, 1 << 16);
    private readonly waySpeeds = new Growable(Float32Array);
    private readonly wayClass = new Growable(Uint8Array);
    private readonly wayLocalOnly = new Growable(Uint8Array);
    private readonly wayFerrySeconds = new Growable(Float32Array);
    private readonly wayName = new Growable(Uint32Array);
    private readonly names = new StringTableBuilder();
    // Nodes with tags that matter to routing: barrier mask (bits 0-2), signal, crossing.
    private readonly specialIds = new Growable(Float64Array);
    private readonly specialFlags = new Growable(Uint8Array);
    /** Seconds to pass each special node's gate, one byte per mode (car, foot, bike). */
    private readonly specialGate = new Growable(Uint32Array);

    /** splitModes: see applyRestrictions (bench/turn-graph.js measures it; regions never set it). */
    constructor(private readonly nodes: NodeStore, private readonly splitModes = 0) {
        this.names.intern('');
    }

    /** Way pass: keeps every way some mode may use. */
    addWay(way: OsmWay): void {
        if (way.refCount < 2 || !evaluateWay(way.tags, this.profile)) return;
        this.wayRefStart.push(this.refs.length);
        this.wayIds.push(way.id);
        const at = this.refs.reserve(way.refCount);
        for (let i = 0; i < way.refCount; i++) {
            this.refs.data[at + i] = way.refs[i];
            this.nodes.need(way.refs[i]);
        }
        const s = this.profile.speeds;
        for (let i = 0; i < 6; i++) this.waySpeeds.push(s[i]);
        this.wayClass.push(this.profile.highwayClass);
        this.wayLocalOnly.push(this.profile.localOnly);
        this.wayFerrySeconds.push(this.profile.ferrySeconds);
        const tags = way.tags;
        const name = tags.get('name') ?? tags.get('ref') ?? '';
        this.wayName.push(this.names.intern(name));
    }

    /** Relation pass: turn restrictions (see turn-restriction.ts). */
    addRelation(relation: OsmRelation): void {
        for (const r of parseTurnRestriction(relation)) this.restrictions.push(r);
    }

    /** Node pass: barriers, traffic signals and crossings. */
    addNode(node: OsmNode): void {
        const tags = node.tags;
        if (tags.count === 0) return;
        let flags = barrierBlocks(tags);
        const highway = tags.get('highway');
        if (highway === 'traffic_signals' || tags.get('crossing') === 'traffic_signals') flags |= NODE_SIGNAL;
        else if (highway === 'crossing') flags |= NODE_CROSSING;
        let gate = 0;
        for (let m = 0; m < MODE_COUNT; m++) gate |= Math.min(255, barrierDelay(m, tags)) << (8 * m);
        if (flags === 0 && gate === 0) return;
        this.specialIds.push(node.id);
        this.specialFlags.push(flags);
        this.specialGate.push(gate);
    }

    build(): {section: Uint8Array; stats: RoadGraphStats} {
        const store = this.nodes;
        const wayCount = this.wayClass.length;
        const wayRefStart = this.wayRefStart.data;
        const refCount = this.refs.length;
        this.wayRefStart.push(refCount);
        const refs = this.refs.data;

        // Resolve refs to node-store indices (-1: node missing from the extract).
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
        for (let i = 0; i < this.specialIds.length; i++) {
            const k = store.indexOf(this.specialIds.data[i]);
            if (k < 0) continue;
            nodeFlags[k] |= this.specialFlags.data[i];
            nodeGate[k] = this.specialGate.data[i];
        }
        // ms a mode spends passing node k: traffic signals or a crossing, and a gate.
        const passMs = (k: number, m: number): number => {
            const f = nodeFlags[k];
            const signal = f & NODE_SIGNAL ? SIGNAL_DELAY_MS[m] : f & NODE_CROSSING ? CROSSING_DELAY_MS[m] : 0;
            return signal + ((nodeGate[k] >>> (8 * m)) & 0xff) * 1000;
        };

        // Junctions: nodes used twice or more, ends of way pieces, barriers.
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

        // Number the graph nodes along a Hilbert curve, for locality.
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
        const graphFlags = new Uint8Array(nodeCount);
        const storeOfGraphNode = new Uint32Array(nodeCount);
        for (let i = 0; i < nodeCount; i++) {
            const k = storeOfNode[order[i]];
            graphNode[k] = i;
            storeOfGraphNode[i] = k;
            nodeLat[i] = store.lat[k];
            nodeLon[i] = store.lon[k];
            graphFlags[i] = nodeFlags[k];
        }

        // Edges: the pieces of each way between consecutive junctions.
        const edgeFrom = new Growable(Uint32Array), edgeTo = new Growable(Uint32Array);
        const edgeLength = new Growable(Float32Array), edgeClass = new Growable(Uint8Array), edgeName = new Growable(Uint32Array);
        const geomStart = new Growable(Uint32Array), geomLat = new Growable(Int32Array), geomLon = new Growable(Int32Array);
        const weights: Growable<Uint32Array>[] = [];
        for (let i = 0; i < MODE_COUNT * 2; i++) weights.push(new Growable(Uint32Array));
        // Edges a mode may only start or end on: their weights stay INF in `weights` (no through
        // traffic, nor in the hierarchy) and are kept here, per listed edge; the section keeps them
        // per arc (localArcs), junction copies' arcs included, for the access search.
        const localEdges = new Growable(Uint32Array);
        const localWeights: Growable<Uint32Array>[] = [];
        for (let i = 0; i < MODE_COUNT * 2; i++) localWeights.push(new Growable(Uint32Array));
        const wayLocalOnly = this.wayLocalOnly.data;
        const speeds = this.waySpeeds.data;
        const ferrySeconds = this.wayFerrySeconds.data;
        const delays = new Float64Array(MODE_COUNT * 2);
        // The edges of way w are wayEdgeStart[w] .. wayEdgeStart[w + 1] - 1, in the way's order.
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
                    // Start of a piece (always a junction, see above).
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
                    const d = passMs(k, m);
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
                for (let m = 0; m < MODE_COUNT; m++) delays[m * 2 + 1] += passMs(storeOfGraphNode[from], m);
                edgeFrom.push(from);
                edgeTo.push(to);
                geomStart.push(edgeGeom);
                edgeLength.push(length);
                edgeClass.push(this.wayClass.data[w]);
                edgeName.push(this.wayName.data[w]);
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

        // Arcs: each edge usable in some direction appears at both ends, so every node's arc list
        // holds its in- and out-neighbours; `out` weights go owner → head, `in` weights head → owner.
        const arcFirst = new Uint32Array(nodeCount + 1);
        const usable = new Uint8Array(edgeCount);
        const localIndex = new Int32Array(edgeCount).fill(-1);
        for (let i = 0; i < localEdges.length; i++) localIndex[localEdges.data[i]] = i;
        // Weight of edge e for mode m in direction dir (0 forward), start-or-end-only ways included.
        const anyWeight = (e: number, m: number, dir: number): number => {
            const w = weights[m * 2 + dir].data[e];
            return w === INF && localIndex[e] >= 0 ? localWeights[m * 2 + dir].data[localIndex[e]] : w;
        };
        // Whether mode m may only start or end on edge e.
        const localFor = (e: number, m: number): boolean => localIndex[e] >= 0
            && (localWeights[m * 2].data[localIndex[e]] !== INF || localWeights[m * 2 + 1].data[localIndex[e]] !== INF);
        for (let e = 0; e < edgeCount; e++) {
            for (let j = 0; j < MODE_COUNT * 2; j++) {
                if (anyWeight(e, j >> 1, j & 1) !== INF) {
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
            // as to any way; they are closed to through traffic after (throughOut below).
            for (let m = 0; m < MODE_COUNT; m++) {
                const fwd = anyWeight(e, m, 0), bwd = anyWeight(e, m, 1);
                arcOut[m][a] = fwd;
                arcIn[m][a] = bwd;
                arcOut[m][b] = bwd;
                arcIn[m][b] = fwd;
            }
        }

        // Turn restrictions: copies of the junctions they pass through (restricted-junctions.ts).
        const wayIndex = new Map<number, number>();
        for (let w = 0; w < wayCount; w++) wayIndex.set(this.wayIds.data[w], w);
        const restricted = applyRestrictions({nodeCount, arcFirst, arcHead, arcEdge, arcOut, arcIn}, this.restrictions, {
            edgeFrom: edgeFrom.data, edgeTo: edgeTo.data,
            nodeOf: (id) => {
                const k = store.indexOf(id);
                return k < 0 ? -1 : graphNode[k];
            },
            edgesOf: (id) => {
                const w = wayIndex.get(id);
                return w === undefined ? [] : edgeRange(wayEdgeStart[w], wayEdgeStart[w + 1]);
            }
        }, this.splitModes);
        const junctionCount = nodeCount;
        const graph = restricted.arcs;
        const graphArcCount = graph.arcFirst[graph.nodeCount];
        // Through traffic: the arcs over an edge a mode may only start or end on are INF; those arcs'
        // weights (junction copies' included, so restrictions hold on them) are kept per local arc.
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
                if (!localFor(e, m)) continue;
                if (graph.arcOut[m][a] !== INF || graph.arcIn[m][a] !== INF) any = true;
                throughOut[m][a] = INF;
                throughIn[m][a] = INF;
            }
            if (!any) continue;
            localArcs.push(a);
            for (let m = 0; m < MODE_COUNT; m++) {
                const local = localFor(e, m);
                localOut[m].push(local ? graph.arcOut[m][a] : INF);
                localIn[m].push(local ? graph.arcIn[m][a] : INF);
            }
        }
        const allLat = new Int32Array(graph.nodeCount), allLon = new Int32Array(graph.nodeCount), allFlags = new Uint8Array(graph.nodeCount);
        allLat.set(nodeLat);
        allLon.set(nodeLon);
        allFlags.set(graphFlags);
        for (let c = 0; c < restricted.copyJunction.length; c++) {
            const u = restricted.copyJunction[c];
            allLat[junctionCount + c] = nodeLat[u];
            allLon[junctionCount + c] = nodeLon[u];
            allFlags[junctionCount + c] = graphFlags[u];
        }

        // Spatial index of edge bounding boxes (degrees), for snapping positions onto edges.
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

        // With start-or-end-only ways counted too, a private estate, or streets reached only through
        // one, joins the main component: one may start or end there (route/access-search.ts), and
        // its streets are not part of the main network however many they are.
        const reachableBits = new Uint8Array(graph.nodeCount);
        const mainComponentNodes: number[] = [];
        for (let m = 0; m < MODE_COUNT; m++) {
            let joined: Int32Array | undefined;
            if (localArcs.length > 0) {
                joined = stronglyConnected(graph.nodeCount, graph.arcFirst, graph.arcHead, graph.arcOut[m]).component;
                markMainComponents(graph.nodeCount, graph.arcFirst, graph.arcHead, graph.arcOut[m], reachableBits, 1 << m, ISLAND_SHARE);
            }
            mainComponentNodes.push(markMainComponents(graph.nodeCount, graph.arcFirst, graph.arcHead, throughOut[m], allFlags, mainComponentBit(m), ISLAND_SHARE, joined));
            // A junction is in it when one of its copies is: its plain node may have no arcs in (each
            // way in leads to a copy) or none out.
            for (let c = 0; c < restricted.copyJunction.length; c++) {
                const u = restricted.copyJunction[c];
                allFlags[u] |= allFlags[junctionCount + c] & mainComponentBit(m);
                reachableBits[u] |= reachableBits[junctionCount + c] & (1 << m);
            }
            // And so are all its copies: being at a copy is being at the junction, on the main network
            // (a copy may sit outside the component, say one arrived at only over a start-or-end-only
            // way). The search at a trip's ends stops there and the hierarchy goes on from the copy,
            // so its restrictions hold and no trip passes along those ways from the main network.
            for (let c = 0; c < restricted.copyJunction.length; c++) {
                allFlags[junctionCount + c] |= allFlags[restricted.copyJunction[c]] & mainComponentBit(m);
            }
        }

        // Per edge, the modes that may snap onto it: usable in some direction, both ends in a main
        // component (start-or-end-only ways: in a main component once those ways count).
        const edgeModes = new Uint8Array(edgeCount);
        for (let e = 0; e < edgeCount; e++) {
            const u = edgeFrom.data[e], v = edgeTo.data[e];
            for (let m = 0; m < MODE_COUNT; m++) {
                const usableForMode = weights[m * 2].data[e] !== INF || weights[m * 2 + 1].data[e] !== INF;
                const bit = mainComponentBit(m);
                if (usableForMode && (allFlags[u] & bit) && (allFlags[v] & bit)) edgeModes[e] |= 1 << m;
                const usableLocally = anyWeight(e, m, 0) !== INF || anyWeight(e, m, 1) !== INF;
                if (usableLocally && (reachableBits[u] & reachableBits[v] & (1 << m))) edgeModes[e] |= 1 << m;
            }
        }

        const arrays: Record<string, Uint8Array | Uint32Array | Int32Array | Float32Array> = {
            edgeModes,
            nodeLat: allLat, nodeLon: allLon, nodeFlags: allFlags, arcFirst: graph.arcFirst, arcHead: graph.arcHead, arcEdge: graph.arcEdge,
            copyFirst: restricted.copyFirst,
            edgeFrom: edgeFrom.toArray(), edgeTo: edgeTo.toArray(), edgeLength: edgeLength.toArray(),
            edgeClass: edgeClass.toArray(), edgeName: edgeName.toArray(),
            geomStart: geomStart.toArray(), geomLat: geomLat.toArray(), geomLon: geomLon.toArray(),
            edgeIndex: new Uint8Array(edgeIndex.data as ArrayBuffer),
            ...this.names.arrays('name')
        };
        for (let m = 0; m < MODE_COUNT; m++) {
            arrays[`${MODES[m]}Out`] = throughOut[m];
            arrays[`${MODES[m]}In`] = throughIn[m];
            arrays[`${MODES[m]}LocalOut`] = localOut[m].toArray();
            arrays[`${MODES[m]}LocalIn`] = localIn[m].toArray();
        }
        arrays.localArcs = localArcs.toArray();
        const meta = {
            nodeCount: graph.nodeCount, junctionCount, edgeCount, arcCount: graph.arcFirst[graph.nodeCount], modes: MODES, classes: HIGHWAY_CLASSES,
            bbox: nodeCount ? [minLon / 1e7, minLat / 1e7, maxLon / 1e7, maxLat / 1e7] : null,
            mainComponentNodes
        };
        const stats = {ways: wayCount, nodes: graph.nodeCount, edges: edgeCount, arcs: graphArcCount, localEdges: localEdges.length, missingNodeRefs: missing,
            mainComponentNodes, turnRestrictions: restricted.stats};
        return {section: encodeSection(ROADS_KIND, ROADS_VERSION, meta, arrays), stats};
    }
}

function edgeRange(from: number, to: number): Uint32Array {
    const out = new Uint32Array(to - from);
    for (let i = 0; i < out.length; i++) out[i] = from + i;
    return out;
}

export {CAR, FOOT, BIKE};
