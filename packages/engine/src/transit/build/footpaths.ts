// Stage 6 of the transit build (compile.ts): footpaths between stops. A walking search from every
// attached stop, bounded by FOOTPATH_MAX_SECONDS, gives the walks to the stops around it.
// transfers.txt then adds its transfers (between stations' platforms too), sets minimum change
// times at a stop, and removes the transfers it marks impossible.
import {FOOT_SPEEDS} from '../../graph/profiles.js';
import type {RoadGraph} from '../../graph/road-graph.js';
import {alongEdge, FootSearch} from '../foot-search.js';
import {flatMeters} from '../../geo/distance.js';
import type {CutRuns, ReadFeeds} from './runs.js';
import type {AttachedStops} from './stops.js';

/** Footpaths between stops: walks of at most this many seconds (6 min, about 500 m at 5 km/h). */
export const FOOTPATH_MAX_SECONDS = 360;
/** Walking speed for transfers.txt transfers the foot network does not connect (m/s, 5 km/h). */
const WALK_METERS_PER_SECOND = FOOT_SPEEDS.residential / 3.6;

/** Walks between stops by key from * stopCount + to. */
type StopWalks = Map<number, {ms: number; meters: number}>;

/** The section's footpath columns (CSR by stop), minimum change times, and the transfers applied. */
export interface Footpaths {
    footFirst: Uint32Array;
    footTo: Uint32Array;
    footMs: Uint32Array;
    footMeters: Float32Array;
    stopChangeMs: Uint32Array;
    transfersUsed: number;
}

export function buildFootpaths(graph: RoadGraph, stops: AttachedStops, byNode: {nodeStopFirst: Uint32Array; nodeStops: Uint32Array},
    read: ReadFeeds, cut: CutRuns, progress: (stage: string, done: number) => void): Footpaths {
    const paths = walkBetweenStops(graph, stops, byNode, progress);
    const stopChangeMs = new Uint32Array(stops.stopCount);
    const transfersUsed = applyTransfers(paths, stopChangeMs, stops, read, cut);
    return {...footpathTable(paths, stops.stopCount), stopChangeMs, transfersUsed};
}

/** The walks from every attached stop to the stops within FOOTPATH_MAX_SECONDS. */
function walkBetweenStops(graph: RoadGraph, stops: AttachedStops, byNode: {nodeStopFirst: Uint32Array; nodeStops: Uint32Array},
    progress: (stage: string, done: number) => void): StopWalks {
    const {stopCount, points} = stops;
    const {nodeStopFirst, nodeStops} = byNode;
    const footMaxMs = FOOTPATH_MAX_SECONDS * 1000;
    const paths = new Map<number, {ms: number; meters: number}>(); // key from * stopCount + to
    const search = new FootSearch(graph, true);
    const stamp = new Int32Array(stopCount).fill(-1);
    for (let s = 0; s < stopCount; s++) {
        const p = points[s];
        if (!p) continue;
        if ((s & 255) === 0) progress('footpaths', 0.75 + 0.15 * s / stopCount);
        search.reset();
        search.seedPoint(p);
        search.run(footMaxMs);
        stamp[s] = s;
        for (let i = 0; i < search.reachedCount; i++) {
            const x = search.reached[i];
            if (search.time(x) > footMaxMs) continue;
            for (let k = nodeStopFirst[x]; k < nodeStopFirst[x + 1]; k++) {
                const s2 = nodeStops[k];
                if (stamp[s2] === s) continue;
                stamp[s2] = s;
                const q = points[s2]!;
                const via = search.timeAt(q);
                let ms = via.ms, meters = Infinity;
                if (via.end >= 0) {
                    const node = via.end === 0 ? graph.edgeFrom[q.edge] : graph.edgeTo[q.edge];
                    meters = search.meters[node] + (via.end === 0 ? q.offset : graph.edgeLength[q.edge] - q.offset);
                }
                if (q.edge === p.edge) {
                    const along = alongEdge(graph, p.edge, p.offset, q.offset);
                    if (along < ms) {
                        ms = along;
                        meters = Math.abs(q.offset - p.offset);
                    }
                }
                if (ms <= footMaxMs) paths.set(s * stopCount + s2, {ms: Math.round(ms), meters});
            }
        }
    }
    return paths;
}

/** transfers.txt into the walks (sets change times in stopChangeMs); returns the transfers applied. */
function applyTransfers(paths: StopWalks, stopChangeMs: Uint32Array, stops: AttachedStops, read: ReadFeeds, cut: CutRuns): number {
    const {feeds} = read;
    const {stopGlobal} = cut;
    const {stopCount, stopLat, stopLon} = stops;
    const forbidden = new Set<number>();
    let transfersUsed = 0;
    for (let f = 0; f < feeds.length; f++) {
        const feed = feeds[f];
        // Children of each station, to apply a station's transfers to its platforms.
        const children = new Map<number, number[]>();
        for (let s = 0; s < feed.stopIds.length; s++) {
            if (feed.stopParent[s] < 0) continue;
            let list = children.get(feed.stopParent[s]);
            if (!list) children.set(feed.stopParent[s], list = []);
            list.push(s);
        }
        const expand = (local: number): number[] => {
            const out: number[] = [];
            if (stopGlobal[f][local] >= 0) out.push(stopGlobal[f][local]);
            for (const c of children.get(local) ?? []) if (stopGlobal[f][c] >= 0) out.push(stopGlobal[f][c]);
            return out;
        };
        for (let i = 0; i < feed.transferFrom.length; i++) {
            const type = feed.transferType[i], seconds = feed.transferSeconds[i];
            if (type === 4 || type === 5) continue; // in-seat transfers: not modelled
            for (const a of expand(feed.transferFrom[i])) {
                for (const b of expand(feed.transferTo[i])) {
                    transfersUsed++;
                    if (a === b) {
                        if (type === 2 && seconds > 0) stopChangeMs[a] = Math.max(stopChangeMs[a], seconds * 1000);
                        continue;
                    }
                    const key = a * stopCount + b;
                    if (type === 3) {
                        forbidden.add(key);
                        continue;
                    }
                    const walked = paths.get(key);
                    const meters = walked ? walked.meters : flatMeters(stopLat[a] / 1e7, stopLon[a] / 1e7, stopLat[b] / 1e7, stopLon[b] / 1e7);
                    let ms = walked ? walked.ms : Math.round(meters / WALK_METERS_PER_SECOND * 1000);
                    if (type === 2 && seconds >= 0) ms = seconds * 1000;
                    paths.set(key, {ms, meters});
                }
            }
        }
    }
    for (const key of forbidden) paths.delete(key);
    return transfersUsed;
}

/** The walks as CSR by stop, sorted by target. */
function footpathTable(paths: StopWalks, stopCount: number): {footFirst: Uint32Array; footTo: Uint32Array; footMs: Uint32Array; footMeters: Float32Array} {
    const footKeys = Array.from(paths.keys()).sort((a, b) => a - b);
    const footFirst = new Uint32Array(stopCount + 1);
    const footTo = new Uint32Array(footKeys.length), footMs = new Uint32Array(footKeys.length), footMeters = new Float32Array(footKeys.length);
    for (let i = 0; i < footKeys.length; i++) {
        const from = Math.floor(footKeys[i] / stopCount);
        footFirst[from + 1]++;
        footTo[i] = footKeys[i] - from * stopCount;
        const v = paths.get(footKeys[i])!;
        footMs[i] = v.ms;
        footMeters[i] = Number.isFinite(v.meters) ? v.meters : 0;
    }
    for (let s = 0; s < stopCount; s++) footFirst[s + 1] += footFirst[s];
    return {footFirst, footTo, footMs, footMeters};
}
