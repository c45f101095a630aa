// Stage 5 of the transit build (compile.ts): stops attached to the foot network (the nearest
// walkable edge within STOP_SNAP_METERS, with the walking costs to and from its two ends), the stops
// by foot-graph node (to find stops while walking), and the patterns through each stop.
import {StringTableBuilder} from '../../format/strings.js';
import {FOOT} from '../../graph/profiles.js';
import {INF, type RoadGraph} from '../../graph/road-graph.js';
import {Snapper} from '../../graph/snap.js';
import {edgePoint, type EdgePoint} from '../foot-search.js';
import type {PatternTables} from './patterns.js';
import type {CutRuns, ReadFeeds} from './runs.js';

/** A stop farther than this from every walkable edge is not on the walking network. */
export const STOP_SNAP_METERS = 150;

/** The section's stop columns, and each stop's place on the foot network (null: not attached). */
export interface AttachedStops {
    stopCount: number;
    stopLat: Int32Array;
    stopLon: Int32Array;
    stopEdge: Int32Array;
    stopOffset: Float32Array;
    stopFromA: Uint32Array;
    stopToA: Uint32Array;
    stopFromB: Uint32Array;
    stopToB: Uint32Array;
    stopNames: StringTableBuilder;
    stopIds: StringTableBuilder;
    points: (EdgePoint | null)[];
    attached: number;
}

export function attachStops(read: ReadFeeds, cut: CutRuns, graph: RoadGraph): AttachedStops {
    const {feeds, keys} = read;
    const {stopFeed, stopLocal} = cut;
    const stopCount = stopFeed.length;
    const stopLat = new Int32Array(stopCount), stopLon = new Int32Array(stopCount);
    const stopEdge = new Int32Array(stopCount).fill(-1), stopOffset = new Float32Array(stopCount);
    const stopFromA = new Uint32Array(stopCount).fill(INF), stopToA = new Uint32Array(stopCount).fill(INF);
    const stopFromB = new Uint32Array(stopCount).fill(INF), stopToB = new Uint32Array(stopCount).fill(INF);
    const stopNames = new StringTableBuilder(), stopIds = new StringTableBuilder();
    const points: (EdgePoint | null)[] = [];
    const snapper = new Snapper(graph);
    let attached = 0;
    for (let s = 0; s < stopCount; s++) {
        const feed = feeds[stopFeed[s]], local = stopLocal[s];
        const lat = feed.stopLat[local], lon = feed.stopLon[local];
        stopLat[s] = Math.round(lat * 1e7);
        stopLon[s] = Math.round(lon * 1e7);
        stopNames.add(feed.stopNames[local]);
        stopIds.add(`${keys[stopFeed[s]]}:${feed.stopIds[local]}`);
        const snap = snapper.snap(lat, lon, FOOT, STOP_SNAP_METERS);
        if (!snap) {
            points.push(null);
            continue;
        }
        const p = edgePoint(graph, snap.edge, snap.offset);
        points.push(p);
        attached++;
        stopEdge[s] = snap.edge;
        stopOffset[s] = snap.offset;
        stopFromA[s] = Math.round(p.fromA === INF ? INF : p.fromA);
        stopToA[s] = Math.round(p.toA === INF ? INF : p.toA);
        stopFromB[s] = Math.round(p.fromB === INF ? INF : p.fromB);
        stopToB[s] = Math.round(p.toB === INF ? INF : p.toB);
    }
    return {stopCount, stopLat, stopLon, stopEdge, stopOffset, stopFromA, stopToA, stopFromB, stopToB, stopNames, stopIds, points, attached};
}

/** Stops by foot-graph node (both ends of their edge), CSR: [nodeStopFirst[x], nodeStopFirst[x + 1]) of nodeStops. */
export function stopsByNode(graph: RoadGraph, stops: AttachedStops): {nodeStopFirst: Uint32Array; nodeStops: Uint32Array} {
    const {stopCount, stopEdge} = stops;
    const nodeStopFirst = new Uint32Array(graph.nodeCount + 1);
    for (let s = 0; s < stopCount; s++) {
        if (stopEdge[s] < 0) continue;
        nodeStopFirst[graph.edgeFrom[stopEdge[s]] + 1]++;
        if (graph.edgeTo[stopEdge[s]] !== graph.edgeFrom[stopEdge[s]]) nodeStopFirst[graph.edgeTo[stopEdge[s]] + 1]++;
    }
    for (let i = 0; i < graph.nodeCount; i++) nodeStopFirst[i + 1] += nodeStopFirst[i];
    const nodeStops = new Uint32Array(nodeStopFirst[graph.nodeCount]);
    {
        const fill = nodeStopFirst.slice(0, graph.nodeCount);
        for (let s = 0; s < stopCount; s++) {
            if (stopEdge[s] < 0) continue;
            const a = graph.edgeFrom[stopEdge[s]], b = graph.edgeTo[stopEdge[s]];
            nodeStops[fill[a]++] = s;
            if (b !== a) nodeStops[fill[b]++] = s;
        }
    }
    return {nodeStopFirst, nodeStops};
}

/** Patterns through each stop, CSR by stop, with the stop's position in the pattern. */
export function patternsByStop(patterns: PatternTables, stopCount: number): {stopPatternFirst: Uint32Array; stopPatterns: Uint32Array; stopPatternPos: Uint32Array} {
    const {patternStops, patternStopFirst} = patterns;
    const patternCount = patterns.patternRoute.length;
    const stopPatternFirst = new Uint32Array(stopCount + 1);
    for (let i = 0; i < patternStops.length; i++) stopPatternFirst[patternStops.data[i] + 1]++;
    for (let s = 0; s < stopCount; s++) stopPatternFirst[s + 1] += stopPatternFirst[s];
    const stopPatterns = new Uint32Array(patternStops.length), stopPatternPos = new Uint32Array(patternStops.length);
    {
        const fill = stopPatternFirst.slice(0, stopCount);
        for (let p = 0; p < patternCount; p++) {
            for (let i = patternStopFirst.data[p]; i < patternStopFirst.data[p + 1]; i++) {
                const k = fill[patternStops.data[i]]++;
                stopPatterns[k] = p;
                stopPatternPos[k] = i - patternStopFirst.data[p];
            }
        }
    }
    return {stopPatternFirst, stopPatterns, stopPatternPos};
}
