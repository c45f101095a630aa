// The road graph of a region, reopened from its section without copying (see builder.ts for
// how it is made). Nodes are junctions, then copies of the junctions that turn restrictions pass
// through (restricted-junctions.ts); arcs are stored at both ends of each edge.
import Flatbush from 'flatbush';
import {lowerBound} from '../format/growable.js';
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';
import {MODES, type ModeName} from './profiles.js';

export const ROADS_KIND = 'roads';
/**
 * 3: turn restrictions (junction copies, copyFirst); 4: and start-or-end-only ways (localArcs);
 * 5: and what threads derived from it on their first road request (graph/derived.ts).
 */
export const ROADS_VERSION = 5;
/** Weight of an arc a mode may not use. */
export const INF = 0xffffffff;
/** Set in arcEdge when the arc runs against the edge's drawing direction. */
export const REVERSED = 0x80000000;
/** nodeFlags bits: 0-2 barrier blocks car/foot/bike, 3 traffic signals, 4-6 in a main component for car/foot/bike. */
export const NODE_SIGNAL = 1 << 3;
export const NODE_CROSSING = 1 << 7;
export function barrierBit(mode: number): number {
    return 1 << mode;
}
export function mainComponentBit(mode: number): number {
    return 1 << (4 + mode);
}

export class RoadGraph {
    readonly section: Section;
    /** Junctions and their copies. */
    readonly nodeCount: number;
    /** Junctions: nodes 0 .. junctionCount - 1; copies follow. */
    readonly junctionCount: number;
    /** Copies of junction u: junctionCount + copyFirst[u] .. junctionCount + copyFirst[u + 1] - 1. */
    readonly copyFirst: Uint32Array;
    readonly edgeCount: number;
    readonly arcCount: number;
    /** 1e-7 degrees */
    readonly nodeLat: Int32Array;
    readonly nodeLon: Int32Array;
    readonly nodeFlags: Uint8Array;
    readonly arcFirst: Uint32Array;
    readonly arcHead: Uint32Array;
    readonly arcEdge: Uint32Array;
    /** Per mode: weight (ms) of going along the arc, and of coming back over it. */
    readonly arcOut: Uint32Array[];
    readonly arcIn: Uint32Array[];
    readonly edgeFrom: Uint32Array;
    readonly edgeTo: Uint32Array;
    /** metres */
    readonly edgeLength: Float32Array;
    readonly edgeClass: Uint8Array;
    /** Bit m: mode m may snap onto the edge (usable, both ends in a main component). */
    readonly edgeModes: Uint8Array;
    readonly edgeName: Uint32Array;
    readonly geomStart: Uint32Array;
    readonly geomLat: Int32Array;
    readonly geomLon: Int32Array;
    readonly names: StringTable;
    /**
     * Arcs over edges some mode may only start or end on (sorted; INF in arcOut/arcIn for that
     * mode), and per mode their out and in weights (INF: not this mode, or not allowed).
     */
    readonly localArcs: Uint32Array;
    readonly localOut: Uint32Array[];
    readonly localIn: Uint32Array[];
    /** Bounding boxes of the edges (degrees), for snapping. */
    readonly edgeIndex: Flatbush;

    constructor(section: Section) {
        this.section = section;
        const meta = section.meta;
        this.nodeCount = meta.nodeCount;
        this.junctionCount = meta.junctionCount;
        this.copyFirst = section.array('copyFirst', Uint32Array);
        this.edgeCount = meta.edgeCount;
        this.arcCount = meta.arcCount;
        this.nodeLat = section.array('nodeLat', Int32Array);
        this.nodeLon = section.array('nodeLon', Int32Array);
        this.nodeFlags = section.array('nodeFlags', Uint8Array);
        this.arcFirst = section.array('arcFirst', Uint32Array);
        this.arcHead = section.array('arcHead', Uint32Array);
        this.arcEdge = section.array('arcEdge', Uint32Array);
        const perMode = (suffix: string) => MODES.map((name) => section.array(`${name}${suffix}`, Uint32Array));
        this.arcOut = perMode('Out');
        this.arcIn = perMode('In');
        this.edgeFrom = section.array('edgeFrom', Uint32Array);
        this.edgeTo = section.array('edgeTo', Uint32Array);
        this.edgeLength = section.array('edgeLength', Float32Array);
        this.edgeClass = section.array('edgeClass', Uint8Array);
        this.edgeModes = section.array('edgeModes', Uint8Array);
        this.edgeName = section.array('edgeName', Uint32Array);
        this.geomStart = section.array('geomStart', Uint32Array);
        this.geomLat = section.array('geomLat', Int32Array);
        this.geomLon = section.array('geomLon', Int32Array);
        this.names = new StringTable(section, 'name');
        this.localArcs = section.array('localArcs', Uint32Array);
        this.localOut = perMode('LocalOut');
        this.localIn = perMode('LocalIn');
        const indexBytes = section.array('edgeIndex', Uint8Array);
        this.edgeIndex = Flatbush.from(indexBytes.buffer, indexBytes.byteOffset);
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): RoadGraph {
        return new RoadGraph(Section.from(buffer, ROADS_KIND, ROADS_VERSION, byteOffset, byteLength));
    }

    static modeIndex(mode: ModeName): number {
        return MODES.indexOf(mode);
    }

    private readonly edgeWeightCache: ([Uint32Array, Uint32Array] | null)[] = [null, null, null];

    /**
     * Per edge, the ms to traverse it forwards (edgeFrom → edgeTo) and backwards for a mode (INF:
     * not allowed): the cheapest arc over the edge each way (a restricted junction's arcs over it are
     * INF or the same), stored by the build.
     */
    edgeWeights(mode: number): [Uint32Array, Uint32Array] {
        return (this.edgeWeightCache[mode] ??= this.stored(`${MODES[mode]}Edge`) ?? this.cheapestPerEdge(mode, false));
    }

    /** The pair `${prefix}Forward`, `${prefix}Backward` of per-edge arrays the build stored (graph/derived.ts), or null. */
    private stored(prefix: string): [Uint32Array, Uint32Array] | null {
        if (!this.section.has(`${prefix}Forward`)) return null;
        return [this.section.array(`${prefix}Forward`, Uint32Array), this.section.array(`${prefix}Backward`, Uint32Array)];
    }

    /**
     * Per edge, the cheapest of the arcs over it each way ([forward, backward]; INF: none usable),
     * through (arcOut) or for a trip's ends (`access`: accessArcWeight). Arc weights are whole ms below
     * INF, so Uint32 holds them exactly. The build stores them (graph/derived.ts); a graph without them
     * (the build's own, before) computes them here.
     */
    cheapestPerEdge(mode: number, access: boolean): [Uint32Array, Uint32Array] {
        const forward = new Uint32Array(this.edgeCount).fill(INF);
        const backward = new Uint32Array(this.edgeCount).fill(INF);
        const out = this.arcOut[mode];
        for (let a = 0; a < this.arcCount; a++) {
            const ref = this.arcEdge[a];
            const w = access ? this.accessArcWeight(mode, a, false) : out[a];
            if (ref & REVERSED) {
                const e = (ref & ~REVERSED) >>> 0;
                if (w < backward[e]) backward[e] = w;
            } else if (w < forward[ref]) forward[ref] = w;
        }
        return [forward, backward];
    }

    /** A bit per arc: whether it is in localArcs (made once per thread, on first use: arcCount / 8 bytes). */
    private localBits: Uint8Array | null = null;

    /**
     * Arc a's weight out (arcOut; `into`: in, arcIn) for the searches at a trip's ends, never through:
     * the arcs over edges a mode may only start or end on (access=private, destination…) at their real
     * weights (localOut, localIn), the others at their own. Turn restrictions hold on them as on any
     * arc. Read in place: a copy of the arc weights per mode would cost 8 bytes per arc and thread.
     */
    accessArcWeight(mode: number, a: number, into: boolean): number {
        const w = into ? this.arcIn[mode][a] : this.arcOut[mode][a];
        if (w !== INF || this.localArcs.length === 0) return w;
        const bits = (this.localBits ??= this.makeLocalBits());
        if ((bits[a >>> 3] & (1 << (a & 7))) === 0) return INF;
        // localArcs rises (the build lists them in arc order).
        const i = lowerBound(this.localArcs, a);
        return into ? this.localIn[mode][i] : this.localOut[mode][i];
    }

    private makeLocalBits(): Uint8Array {
        const bits = new Uint8Array((this.arcCount + 7) >>> 3);
        for (let i = 0; i < this.localArcs.length; i++) bits[this.localArcs[i] >>> 3] |= 1 << (this.localArcs[i] & 7);
        return bits;
    }

    private readonly accessWeightCache: ([Uint32Array, Uint32Array] | null)[] = [null, null, null];

    /**
     * Like edgeWeights, with the edges a mode may only start or end on at their real weights (the
     * cheapest accessArcWeight over each edge each way).
     */
    accessWeights(mode: number): [Uint32Array, Uint32Array] {
        return (this.accessWeightCache[mode] ??= this.localArcs.length === 0 ? this.edgeWeights(mode)
            : this.stored(`${MODES[mode]}Access`) ?? this.cheapestPerEdge(mode, true));
    }

    /**
     * The node one is at after running an edge to its end (forwards: from edgeFrom to edgeTo): the
     * junction there, or its copy where a turn restriction starts with this edge. Start-or-end-only
     * edges count (accessArcWeight), as a trip may start on one.
     */
    arrivalNode(edge: number, forward: boolean, mode: number): number {
        const tail = forward ? this.edgeFrom[edge] : this.edgeTo[edge];
        const ref = forward ? edge : (edge | REVERSED) >>> 0;
        for (let a = this.arcFirst[tail], end = this.arcFirst[tail + 1]; a < end; a++) {
            if (this.arcEdge[a] === ref && this.accessArcWeight(mode, a, false) !== INF) return this.arcHead[a];
        }
        return forward ? this.edgeTo[edge] : this.edgeFrom[edge];
    }

    /**
     * The nodes from which a mode may set off along an edge (forwards: from edgeFrom): the junction
     * at its start, and those of the junction's copies whose restrictions allow it (start-or-end-only
     * edges included, as a trip may end on one). Appended to `out`.
     */
    departureNodes(edge: number, forward: boolean, mode: number, out: number[]): number[] {
        const tail = forward ? this.edgeFrom[edge] : this.edgeTo[edge];
        out.push(tail);
        const first = this.copyFirst[tail], last = this.copyFirst[tail + 1];
        if (first === last) return out;
        const ref = forward ? edge : (edge | REVERSED) >>> 0;
        for (let c = this.junctionCount + first; c < this.junctionCount + last; c++) {
            for (let a = this.arcFirst[c], end = this.arcFirst[c + 1]; a < end; a++) {
                if (this.arcEdge[a] === ref && this.accessArcWeight(mode, a, false) !== INF) {
                    out.push(c);
                    break;
                }
            }
        }
        return out;
    }

    /** Whether turn restrictions split junction u (it has copies). */
    hasCopies(u: number): boolean {
        return u < this.junctionCount && this.copyFirst[u] !== this.copyFirst[u + 1];
    }

    /** Points of an edge's polyline: its start node, its geometry, its end node. */
    edgePointCount(e: number): number {
        return this.geomStart[e + 1] - this.geomStart[e] + 2;
    }

    /** Latitude (degrees) of point i of edge e's polyline (0 = edgeFrom, count - 1 = edgeTo). */
    edgePointLat(e: number, i: number): number {
        const last = this.geomStart[e + 1] - this.geomStart[e] + 1;
        if (i === 0) return this.nodeLat[this.edgeFrom[e]] / 1e7;
        if (i === last) return this.nodeLat[this.edgeTo[e]] / 1e7;
        return this.geomLat[this.geomStart[e] + i - 1] / 1e7;
    }

    edgePointLon(e: number, i: number): number {
        const last = this.geomStart[e + 1] - this.geomStart[e] + 1;
        if (i === 0) return this.nodeLon[this.edgeFrom[e]] / 1e7;
        if (i === last) return this.nodeLon[this.edgeTo[e]] / 1e7;
        return this.geomLon[this.geomStart[e] + i - 1] / 1e7;
    }

    /** Whether a node lies in a main (non-island) component for a mode. */
    inMainComponent(node: number, mode: number): boolean {
        return (this.nodeFlags[node] & mainComponentBit(mode)) !== 0;
    }
}
