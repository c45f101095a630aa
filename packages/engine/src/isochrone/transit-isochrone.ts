// Public transport isochrones: earliest arrival at every node of the foot network (walk, ride,
// walk again from the stops reached), then the same areas as for walking, every piece kept: the
// answer is a MultiPolygon (SPEC §4.8 rule 1), without slivers.
import type {MultiPolygonGeometry} from '../geo/ring.js';
import {FOOT} from '../graph/profiles.js';
import {INF} from '../graph/road-graph.js';
import type {Snapper} from '../graph/snap.js';
import type {TransitRouter} from '../transit/query/router.js';
import type {RoadIsochrones} from './road-isochrone.js';

export class TransitIsochrones {
    private readonly nodes: Uint32Array<ArrayBuffer>;
    private readonly arrivals: Uint32Array<ArrayBuffer>;

    constructor(private readonly router: TransitRouter, private readonly snapper: Snapper, private readonly roads: RoadIsochrones, nodeCount: number) {
        this.nodes = new Uint32Array(nodeCount);
        this.arrivals = new Uint32Array(nodeCount);
    }

    /**
     * One MultiPolygon per limit (seconds), leaving at the region's reference time, with the grid
     * spacing and off-road allowance used; null when the position is off the foot network.
     */
    compute(lat: number, lon: number, limits: number[]): {areas: MultiPolygonGeometry[]; cellMeters: number; offRoadMeters: number} | null {
        const snap = this.snapper.snap(lat, lon, FOOT);
        if (!snap) return null;
        const maxMs = Math.max(...limits) * 1000;
        const time = this.router.oneToAll(lat, lon, Math.max(...limits), undefined, this.arrivals);
        let count = 0;
        for (let v = 0; v < time.length; v++) if (time[v] !== INF && time[v] <= maxMs) this.nodes[count++] = v;
        const areas = this.roads.areas(FOOT, snap, {time, nodes: this.nodes, count}, limits, true);
        return {
            areas: areas.polygons.map((polygons) => ({type: 'MultiPolygon' as const, coordinates: polygons})),
            cellMeters: areas.cellMeters,
            offRoadMeters: areas.offRoadMeters
        };
    }
}
