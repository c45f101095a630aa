// The road graph of a region, reopened from its section without copying (see builder.ts for
// how it is made). Nodes are junctions; arcs are stored at both ends of each edge.
import Flatbush from 'flatbush';
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';
import {MODES, MODE_COUNT, type ModeName} from './profiles.js';

export const ROADS_KIND = 'roads';
export const ROADS_VERSION = 3;
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
    readonly nodeCount: number;
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
    /** Edges some mode may only start or end on (sorted), and per mode their weights (INF: not this mode). */
    readonly localEdges: Uint32Array;
    readonly localForward: Uint32Array[];
    readonly localBackward: Uint32Array[];
    /** Bounding boxes of the edges (degrees), for snapping. */
    readonly edgeIndex: Flatbush;

    constructor(section: Section) {
        this.section = section;
        const meta = section.meta;
        this.nodeCount = meta.nodeCount;
        this.edgeCount = meta.edgeCount;
        this.arcCount = meta.arcCount;
        this.nodeLat = section.array('nodeLat', Int32Array);
        this.nodeLon = section.array('nodeLon', Int32Array);
        this.nodeFlags = section.array('nodeFlags', Uint8Array);
        this.arcFirst = section.array('arcFirst', Uint32Array);
        this.arcHead = section.array('arcHead', Uint32Array);
        this.arcEdge = section.array('arcEdge', Uint32Array);
        this.arcOut = [];
        this.arcIn = [];
        for (let m = 0; m < MODE_COUNT; m++) {
            this.arcOut.push(section.array(`${MODES[m]}Out`, Uint32Array));
            this.arcIn.push(section.array(`${MODES[m]}In`, Uint32Array));
        }
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
        this.localEdges = section.array('localEdges', Uint32Array);
        this.localForward = [];
        this.localBackward = [];
        for (let m = 0; m < MODE_COUNT; m++) {
            this.localForward.push(section.array(`${MODES[m]}LocalForward`, Uint32Array));
            this.localBackward.push(section.array(`${MODES[m]}LocalBackward`, Uint32Array));
        }
        const indexBytes = section.array('edgeIndex', Uint8Array);
        this.edgeIndex = Flatbush.from(indexBytes.buffer, indexBytes.byteOffset);
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): RoadGraph {
        return new RoadGraph(Section.from(buffer, ROADS_KIND, ROADS_VERSION, byteOffset, byteLength));
    }

    static modeIndex(mode: ModeName): number {
        return MODES.indexOf(mode);
    }

    private readonly edgeWeightCache: ([Float64Array, Float64Array] | null)[] = [null, null, null];

    /**
     * Per edge, the ms to traverse it forwards (edgeFrom → edgeTo) and backwards for a mode (INF:
     * not allowed). Derived from the arcs once per thread, on first use.
     */
    edgeWeights(mode: number): [Float64Array, Float64Array] {
        let cached = this.edgeWeightCache[mode];
        if (cached === null) {
            const forward = new Float64Array(this.edgeCount).fill(INF);
            const backward = new Float64Array(this.edgeCount).fill(INF);
            for (let a = 0; a < this.arcCount; a++) {
                const ref = this.arcEdge[a];
                if (ref & REVERSED) continue;
                forward[ref] = this.arcOut[mode][a];
                backward[ref] = this.arcIn[mode][a];
            }
            cached = this.edgeWeightCache[mode] = [forward, backward];
        }
        return cached;
    }

    private readonly accessWeightCache: ([Float64Array, Float64Array] | null)[] = [null, null, null];

    /**
     * Like edgeWeights, with the edges a mode may only start or end on (access=private,
     * destination…) at their real weights: for the searches at a trip's ends, never through.
     */
    accessWeights(mode: number): [Float64Array, Float64Array] {
        let cached = this.accessWeightCache[mode];
        if (cached === null) {
            const [through, throughBack] = this.edgeWeights(mode);
            if (this.localEdges.length === 0) return (this.accessWeightCache[mode] = [through, throughBack]);
            const forward = through.slice(), backward = throughBack.slice();
            const lf = this.localForward[mode], lb = this.localBackward[mode];
            for (let i = 0; i < this.localEdges.length; i++) {
                const e = this.localEdges[i];
                if (lf[i] !== INF) forward[e] = lf[i];
                if (lb[i] !== INF) backward[e] = lb[i];
            }
            cached = this.accessWeightCache[mode] = [forward, backward];
        }
        return cached;
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
