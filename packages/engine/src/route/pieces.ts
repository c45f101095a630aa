// A road route's stretches along one edge (or part of one), and its geometry, as route() assembles
// them: flat arrays a router reuses from route to route instead of an object per stretch.
import {REVERSED, type RoadGraph} from '../graph/road-graph.js';
import {FERRY_CLASS} from '../graph/profiles.js';
import {appendEdgePoints} from './geometry.js';

export class RoutePieces {
    count = 0;
    /** The route's flat [lon, lat, …] points so far (the route's own array, made anew by reset()). */
    points: number[] = [];
    // Grown as routes need (doubled), kept for the next routes.
    /** Per piece: the street's index in the graph's names, whether a ferry, metres, ms, its first and last point. */
    nameIndex = new Int32Array(64);
    ferry = new Uint8Array(64);
    length = new Float64Array(64);
    time = new Float64Array(64);
    first = new Int32Array(64);
    last = new Int32Array(64);

    constructor(readonly graph: RoadGraph) {}

    /** Starts a route. */
    reset(): this {
        this.count = 0;
        this.points = [];
        return this;
    }

    /** The part of edge `edge` from offset `a` to offset `b` (metres; b < a runs it backwards), taking `weight` ms. */
    add(edge: number, a: number, b: number, weight: number): void {
        const g = this.graph, points = this.points;
        const first = points.length / 2;
        appendEdgePoints(g, edge, a, b, points, first === 0);
        if (this.count === this.length.length) this.grow();
        const p = this.count++;
        this.nameIndex[p] = g.edgeName[edge];
        this.ferry[p] = g.edgeClass[edge] === FERRY_CLASS ? 1 : 0;
        this.length[p] = Math.abs(b - a);
        this.time[p] = weight;
        this.first[p] = Math.max(0, first - 1);
        this.last[p] = points.length / 2 - 1;
    }

    /** A whole edge in the direction `ref` runs it (arcEdge form), with the mode's weights each way. */
    addWhole(ref: number, forward: Uint32Array, backward: Uint32Array): void {
        const g = this.graph;
        const e = (ref & ~REVERSED) >>> 0;
        if ((ref & REVERSED) !== 0) this.add(e, g.edgeLength[e], 0, backward[e]);
        else this.add(e, 0, g.edgeLength[e], forward[e]);
    }

    /** Metres of the pieces, added in order. */
    distance(): number {
        let distance = 0;
        for (let p = 0; p < this.count; p++) distance += this.length[p];
        return distance;
    }

    private grow(): void {
        this.nameIndex = doubled(this.nameIndex);
        this.ferry = doubled(this.ferry);
        this.length = doubled(this.length);
        this.time = doubled(this.time);
        this.first = doubled(this.first);
        this.last = doubled(this.last);
    }
}

/** A copy of twice the size. */
function doubled<T extends Int32Array | Uint8Array | Float64Array>(a: T): T {
    const b = new (a.constructor as new (length: number) => T)(2 * a.length);
    b.set(a);
    return b;
}
