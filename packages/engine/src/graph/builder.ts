// Compiles routable OSM ways into the road graph section: nodes are junctions (and barriers and
// way ends), edges are the way pieces between them with their geometry, and every arc carries
// one weight per mode and direction. Read by RoadGraph.
import crypto from 'node:crypto';
import type Flatbush from 'flatbush';
import {Growable} from '../format/growable.js';
import {encodeSection} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import type {OsmNode, OsmRelation, OsmWay} from '../osm/objects.js';
import type {NodeStore} from '../osm/node-store.js';
import {BIKE, CAR, FOOT, HIGHWAY_CLASSES, MODES, MODE_COUNT, WayProfile, barrierBlocks, barrierDelay, evaluateWay} from './profiles.js';
import {applyRestrictions, type ArcArrays, type RestrictionStats} from './restricted-junctions.js';
import {parseTurnRestriction, type TurnRestriction} from './turn-restriction.js';
import {ROADS_KIND, ROADS_VERSION, NODE_SIGNAL, NODE_CROSSING} from './road-graph.js';
import {buildArcs, closeThroughTraffic, localEdgeIndex, type ThroughTraffic} from './builder/arcs.js';
import {cutEdges, type Edges} from './builder/edges.js';
import {findJunctions, numberNodes, resolveNodes, withCopies, type GraphNodes, type WayRefs} from './builder/junctions.js';
import {buildEdgeIndex, markMainNetwork, snapModes} from './builder/snapping.js';

export {ISLAND_SHARE} from './builder/snapping.js';

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

    /**
     * SHA-256 of everything build() reads: the ways, special nodes and turn restrictions kept, and the node store (its
     * ids, coordinates and found marks: every node any builder asked for, a superset of the roads' own, since a
     * barrier on any stored node makes a junction). The same digest (and code) gives the same section, so a build may
     * reuse the previous bundle's (region/build-stages/sections.ts) without building it.
     */
    inputDigest(): string {
        const h = crypto.createHash('sha256').update(`split ${this.splitModes}\n`);
        const add = (name: string, a: {buffer: ArrayBufferLike; byteOffset: number; BYTES_PER_ELEMENT: number}, length: number) =>
            h.update(`\n${name} ${length}\n`).update(new Uint8Array(a.buffer, a.byteOffset, length * a.BYTES_PER_ELEMENT));
        for (const [name, g] of Object.entries({wayRefStart: this.wayRefStart, wayIds: this.wayIds, refs: this.refs, waySpeeds: this.waySpeeds,
            wayClass: this.wayClass, wayLocalOnly: this.wayLocalOnly, wayFerrySeconds: this.wayFerrySeconds, wayName: this.wayName,
            specialIds: this.specialIds, specialFlags: this.specialFlags, specialGate: this.specialGate})) add(name, g.data, g.length);
        for (const [name, a] of Object.entries(this.names.arrays('name'))) add(name, a, a.length);
        h.update(JSON.stringify(this.restrictions));
        const store = this.nodes;
        for (const [name, a] of Object.entries({ids: store.ids, lat: store.lat, lon: store.lon, found: store.found})) add(`store ${name}`, a, a.length);
        return h.digest('hex');
    }

    /**
     * The section, in stages (graph/builder/): refs resolved (1), junctions found (2) and numbered (3),
     * edges cut (4), arcs stored at both ends (5), turn restrictions as junction copies (6), through
     * traffic closed on start-or-end-only ways (7), the edge index (8), main components (9) and the
     * modes that may snap onto each edge (10).
     */
    build(): {section: Uint8Array; stats: RoadGraphStats} {
        const store = this.nodes;
        const wayCount = this.wayClass.length;
        // Taken before the closing push, as it always was. (When that push grows the array, a way count
        // of 1024 · 2^k, this copy lacks the last way's end and its edges are lost: kept as it was.)
        const wayRefStart = this.wayRefStart.data;
        const refCount = this.refs.length;
        this.wayRefStart.push(refCount);
        const ways: WayRefs = {wayCount, wayRefStart, refs: this.refs.data, refCount};
        const resolved = resolveNodes(store, ways, {ids: this.specialIds.data, flags: this.specialFlags.data, gate: this.specialGate.data, count: this.specialIds.length});
        const junction = findJunctions(store.ids.length, ways, resolved);
        const nodes = numberNodes(store, junction, resolved.nodeFlags);
        const edges = cutEdges(store, ways, {
            speeds: this.waySpeeds.data, wayClass: this.wayClass.data, wayName: this.wayName.data,
            localOnly: this.wayLocalOnly.data, ferrySeconds: this.wayFerrySeconds.data
        }, resolved, junction, nodes);
        const localIndex = localEdgeIndex(edges);
        const arcs = buildArcs(nodes.nodeCount, edges, localIndex);
        const restricted = this.restrict(arcs, edges, nodes);
        const graph = restricted.arcs;
        const through = closeThroughTraffic(graph, edges, localIndex);
        const all = withCopies(nodes, graph.nodeCount, restricted.copyJunction);
        const edgeIndex = buildEdgeIndex(edges, nodes.nodeLat, nodes.nodeLon);
        const {reachableBits, mainComponentNodes} = markMainNetwork(graph, through, all.flags, nodes.nodeCount, restricted.copyJunction);
        const edgeModes = snapModes(edges, localIndex, all.flags, reachableBits);
        return this.encode(nodes, edges, restricted, through, all, edgeIndex, edgeModes, mainComponentNodes, resolved.missing);
    }

    /** Stage 6, turn restrictions: copies of the junctions they pass through (restricted-junctions.ts). */
    private restrict(arcs: ArcArrays, edges: Edges, nodes: GraphNodes): ReturnType<typeof applyRestrictions> {
        const store = this.nodes, graphNode = nodes.graphNode, wayEdgeStart = edges.wayEdgeStart;
        const wayIndex = new Map<number, number>();
        for (let w = 0; w < this.wayClass.length; w++) wayIndex.set(this.wayIds.data[w], w);
        return applyRestrictions(arcs, this.restrictions, {
            edgeFrom: edges.edgeFrom.data, edgeTo: edges.edgeTo.data,
            nodeOf: (id) => {
                const k = store.indexOf(id);
                return k < 0 ? -1 : graphNode[k];
            },
            edgesOf: (id) => {
                const w = wayIndex.get(id);
                return w === undefined ? [] : edgeRange(wayEdgeStart[w], wayEdgeStart[w + 1]);
            }
        }, this.splitModes);
    }

    /** The section's arrays and meta, and the build's stats. */
    private encode(nodes: GraphNodes, edges: Edges, restricted: ReturnType<typeof applyRestrictions>, through: ThroughTraffic,
        all: {lat: Int32Array; lon: Int32Array; flags: Uint8Array}, edgeIndex: Flatbush, edgeModes: Uint8Array, mainComponentNodes: number[], missing: number):
        {section: Uint8Array; stats: RoadGraphStats} {
        const graph = restricted.arcs, edgeCount = edges.edgeCount;
        const graphArcCount = graph.arcFirst[graph.nodeCount];
        const arrays: Record<string, Uint8Array | Uint32Array | Int32Array | Float32Array> = {
            edgeModes,
            nodeLat: all.lat, nodeLon: all.lon, nodeFlags: all.flags, arcFirst: graph.arcFirst, arcHead: graph.arcHead, arcEdge: graph.arcEdge,
            copyFirst: restricted.copyFirst,
            edgeFrom: edges.edgeFrom.toArray(), edgeTo: edges.edgeTo.toArray(), edgeLength: edges.edgeLength.toArray(),
            edgeClass: edges.edgeClass.toArray(), edgeName: edges.edgeName.toArray(),
            geomStart: edges.geomStart.toArray(), geomLat: edges.geomLat.toArray(), geomLon: edges.geomLon.toArray(),
            edgeIndex: new Uint8Array(edgeIndex.data as ArrayBuffer),
            ...this.names.arrays('name')
        };
        for (let m = 0; m < MODE_COUNT; m++) {
            arrays[`${MODES[m]}Out`] = through.throughOut[m];
            arrays[`${MODES[m]}In`] = through.throughIn[m];
            arrays[`${MODES[m]}LocalOut`] = through.localOut[m].toArray();
            arrays[`${MODES[m]}LocalIn`] = through.localIn[m].toArray();
        }
        arrays.localArcs = through.localArcs.toArray();
        const meta = {
            nodeCount: graph.nodeCount, junctionCount: nodes.nodeCount, edgeCount, arcCount: graph.arcFirst[graph.nodeCount], modes: MODES, classes: HIGHWAY_CLASSES,
            bbox: nodes.nodeCount ? [nodes.minLon / 1e7, nodes.minLat / 1e7, nodes.maxLon / 1e7, nodes.maxLat / 1e7] : null,
            mainComponentNodes
        };
        const stats = {ways: this.wayClass.length, nodes: graph.nodeCount, edges: edgeCount, arcs: graphArcCount, localEdges: edges.localEdges.length, missingNodeRefs: missing,
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
