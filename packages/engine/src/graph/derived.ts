// What every thread used to derive from the roads section on its first road request, made once by
// the build and stored in the section (roads v5), so that the worker threads share it: per mode the
// cheapest weight over each edge each way, through (edgeWeights) and for a trip's ends (accessWeights,
// stored only where the region has start-or-end-only ways, else the same); per edge the bearings at
// its ends, and per mode and node the junction kind (turn-costs.ts). At 15M road nodes that was about
// 300 MB and seconds of CPU per worker thread.
//   carEdgeForward, carEdgeBackward (foot…, bike…)        Uint32 [edge]  ms, INF: not allowed
//   carAccessForward, carAccessBackward (…)               Uint32 [edge]  the same for a trip's ends
//   edgeStartBearing, edgeEndBearing                       Uint8 [edge]   1/256 turn
//   carJunction (footJunction, bikeJunction)               Uint8 [node]   turn-costs.ts junctionKinds
import {encodeSection, type TypedArray} from '../format/section.js';
import {MODES} from './profiles.js';
import {ROADS_KIND, ROADS_VERSION, type RoadGraph} from './road-graph.js';
import {edgeBearings, junctionKinds} from './turn-costs.js';

/** The roads section of `g` written again with the derived arrays (g itself computes them: it has none yet). */
export function withDerivedArrays(g: RoadGraph): Uint8Array {
    const arrays: Record<string, TypedArray> = g.section.arrays();
    for (let m = 0; m < MODES.length; m++) {
        [arrays[`${MODES[m]}EdgeForward`], arrays[`${MODES[m]}EdgeBackward`]] = g.cheapestPerEdge(m, false);
        if (g.localArcs.length > 0) [arrays[`${MODES[m]}AccessForward`], arrays[`${MODES[m]}AccessBackward`]] = g.cheapestPerEdge(m, true);
        arrays[`${MODES[m]}Junction`] = junctionKinds(g, m);
    }
    [arrays.edgeStartBearing, arrays.edgeEndBearing] = edgeBearings(g);
    return encodeSection(ROADS_KIND, ROADS_VERSION, g.section.meta, arrays);
}
