// Where the searches of a lifestyle search start: every place of a category, snapped onto a road
// mode's network as a trip to it is (route/road-router.ts), with the ways into it (the access
// search's nodes, each at what is left from there to the place) and where it lies on its edge.
import type {RoadGraph} from '../graph/road-graph.js';
import type {Snapper} from '../graph/snap.js';
import type {PoiIndex} from '../poi/poi-index.js';
import {AccessSearch} from '../route/access-search.js';

export interface CategorySeeds {
    nodes: Uint32Array;
    /** ms from the node to the place */
    weights: Float64Array;
    /** Bearing setting off from the node towards the place, and the turns on the way (graph/turn-costs.ts). */
    bearings: Uint16Array;
    turns: Float64Array;
    /** Per edge holding places: their offsets (m from edgeFrom). */
    onEdge: Map<number, number[]>;
    /** Distinct places that could be snapped. */
    places: number;
}

/**
 * The seeds of a category's places for a mode: its records with a name (as /enrichment chooses
 * among them, neighbourhood/nearby.ts), one per distinct place.
 */
export function categorySeeds(g: RoadGraph, snapper: Snapper, P: PoiIndex, mode: number, ct: number, st: number): CategorySeeds {
    const access = new AccessSearch(g, mode);
    const seen = new Set<number>();
    const nodes: number[] = [], weights: number[] = [], bearings: number[] = [], turns: number[] = [];
    const onEdge = new Map<number, number[]>();
    let places = 0;
    for (let i = 0; i < P.count; i++) {
        if (P.ct[i] !== ct || P.st[i] !== st || P.nameOf[i] === 0 || seen.has(P.place[i])) continue;
        seen.add(P.place[i]);
        const snap = snapper.snap(P.lat[i], P.lon[i], mode);
        if (!snap) continue;
        places++;
        const reach = access.search(snap, true);
        for (const [node, slot] of reach.settled) {
            nodes.push(node);
            weights.push(reach.weights[slot]);
            bearings.push(reach.bearings[slot]);
            turns.push(reach.turns[slot]);
        }
        const list = onEdge.get(snap.edge);
        if (list) list.push(snap.offset);
        else onEdge.set(snap.edge, [snap.offset]);
    }
    return {nodes: Uint32Array.from(nodes), weights: Float64Array.from(weights), bearings: Uint16Array.from(bearings), turns: Float64Array.from(turns), onEdge, places};
}
