// Search by lifestyle: the area from which the nearest place of each chosen category (an elementary
// school, a supermarket, a station...) is within a time limit by a road mode. Computed from the
// places' side: per category one backward search from all its places at once (every place a seed,
// at what reaching it from the road costs, as a trip to it counts), giving on one lattice over the
// box the time to the nearest place of that category; a lattice point is in when the largest of
// those times is within the limit and its nearest road is close enough, as for isochrones
// (road-isochrone.ts), and one contour of that field is the answer.
import {Dijkstra, DijkstraArrays} from '../search/dijkstra.js';
import {FERRY_CLASS} from '../graph/profiles.js';
import {INF, REVERSED, mainComponentBit, type RoadGraph} from '../graph/road-graph.js';
import {turnCosts} from '../graph/turn-costs.js';
import type {Snapper} from '../graph/snap.js';
import type {PoiIndex} from '../poi/poi-index.js';
import type {MultiPolygonGeometry} from '../geo/ring.js';
import {Grid, NearestRoad} from './field.js';
import {assemblePolygons, contourRings} from './contour.js';
import {CategorySeeds, categorySeeds} from './lifestyle-seeds.js';
import {GRID_SPAN_CELLS, MIN_CELL_METERS, MIN_HOLE_SQUARE_METERS, OFF_ROAD_METERS, simplifyPolygon, stampEdge} from './road-isochrone.js';

/** At most this many categories in one search, and limits from MIN to MAX seconds. */
export const MAX_LIFESTYLE_CATEGORIES = 6;
export const MIN_LIFESTYLE_SECONDS = 60;
export const MAX_LIFESTYLE_SECONDS = 3600;
/** Simplification tolerance as a share of the grid spacing (as isochrones). */
const SIMPLIFY_CELLS = 0.25;

/** A category of places by its POI type (the enrichment categories' ct and st). */
export interface LifestyleCategory {
    ct: number;
    st: number;
}

/** [west, south, east, north] in degrees. */
export type LifestyleBox = readonly [number, number, number, number];

export interface LifestyleResult {
    area: MultiPolygonGeometry;
    /** The box searched: the one asked, clipped to the region's. */
    box: [number, number, number, number];
    /** Per category, the places (distinct, named) the search started from. */
    places: number[];
    /** Grid spacing (m) and off-road allowance (m), as for isochrones. */
    cellMeters: number;
    offRoadMeters: number;
}

export class LifestyleAreas {
    private readonly searches: (Dijkstra | null)[] = [null, null, null];
    private arrays: DijkstraArrays | null = null;
    /** Per mode and category, the seeds of its places (the places do not change: made once per thread). */
    private readonly seeds = new Map<string, CategorySeeds>();
    /** Per edge: ms from the end reached running it forwards (backwards) to the nearest place, turn there included. */
    private readonly endForward: Float64Array;
    private readonly endBackward: Float64Array;
    /** Per lattice point: the largest, over the categories so far, of the metres beyond the limit's front. */
    private beyond = new Float32Array(0);

    constructor(private readonly graph: RoadGraph, private readonly snapper: Snapper, private readonly pois: PoiIndex, private readonly bounds: LifestyleBox) {
        this.endForward = new Float64Array(graph.edgeCount);
        this.endBackward = new Float64Array(graph.edgeCount);
    }

    /** The box searched for a box asked (null: the region's): clipped to the region's; null when they do not overlap. */
    clip(box: LifestyleBox | null): [number, number, number, number] | null {
        const [w, s, e, n] = this.bounds;
        if (box === null) return [w, s, e, n];
        const out: [number, number, number, number] = [Math.max(w, box[0]), Math.max(s, box[1]), Math.min(e, box[2]), Math.min(n, box[3])];
        return out[0] < out[2] && out[1] < out[3] ? out : null;
    }

    /**
     * Where, in the box (null: the region's), the nearest place of every category is within `seconds`
     * by road mode `mode`: a MultiPolygon, empty when nowhere qualifies or the box misses the region.
     */
    compute(mode: number, categories: readonly LifestyleCategory[], seconds: number, box: LifestyleBox | null = null): LifestyleResult {
        if (categories.length < 1 || categories.length > MAX_LIFESTYLE_CATEGORIES) throw new RangeError(`from 1 to ${MAX_LIFESTYLE_CATEGORIES} categories`);
        if (!(seconds >= MIN_LIFESTYLE_SECONDS && seconds <= MAX_LIFESTYLE_SECONDS)) throw new RangeError(`seconds from ${MIN_LIFESTYLE_SECONDS} to ${MAX_LIFESTYLE_SECONDS}`);
        const g = this.graph;
        const clipped = this.clip(box);
        const empty = (b: [number, number, number, number]): LifestyleResult =>
            ({area: {type: 'MultiPolygon', coordinates: []}, box: b, places: categories.map(() => 0), cellMeters: 0, offRoadMeters: 0});
        if (clipped === null) return empty([box![0], box![1], box![2], box![3]]);
        const [west, south, east, north] = clipped;

        // The grid over the box, by the isochrones' rules for its spacing and the off-road allowance.
        const kx = Math.cos((((south + north) / 2) * Math.PI) / 180);
        const spanMeters = Math.max((north - south) * 111320, (east - west) * 111320 * kx);
        const cell = Math.max(MIN_CELL_METERS, spanMeters / GRID_SPAN_CELLS);
        const offRoad = Math.max(OFF_ROAD_METERS, cell);
        const reach = offRoad + cell;
        const grid = new Grid(west, south, east, north, cell);
        const near = new NearestRoad(grid, reach);
        const margin = reach / 111320;
        const bit = 1 << mode;
        const edges = g.edgeIndex.search(west - margin / kx, south - margin, east + margin / kx, north + margin, (e) => (g.edgeModes[e] & bit) !== 0 && g.edgeClass[e] !== FERRY_CLASS);
        for (const e of edges) stampEdge(g, grid, near, e, reach);

        const n = grid.nx * grid.ny;
        if (this.beyond.length < n) this.beyond = new Float32Array(n);
        const beyond = this.beyond.subarray(0, n).fill(-Infinity);
        const places: number[] = [];
        for (const category of categories) {
            const seeds = this.seedsOf(mode, category);
            places.push(seeds.places);
            this.addCategory(mode, seeds, seconds * 1000, edges, near, reach, beyond);
        }

        // In: near enough a road, and every category's nearest place within the limit from it.
        const field = new Float32Array(n);
        for (let k = 0; k < n; k++) {
            if (near.edge[k] < 0) {
                field[k] = reach;
                continue;
            }
            const d = Math.sqrt(near.distance2[k]) - offRoad;
            field[k] = d > beyond[k] ? d : beyond[k];
        }
        // The grid's border (one cell outside the box) stays outside, so every outline closes.
        for (let i = 0; i < grid.nx; i++) field[i] = field[(grid.ny - 1) * grid.nx + i] = reach;
        for (let j = 0; j < grid.ny; j++) field[j * grid.nx] = field[j * grid.nx + grid.nx - 1] = reach;
        const minArea = Math.max(MIN_HOLE_SQUARE_METERS, 4 * cell * cell) / (111320 * 111320);
        const tolerance = (SIMPLIFY_CELLS * cell) / 111320;
        const pieces = assemblePolygons(contourRings(grid, field), minArea);
        return {
            area: {type: 'MultiPolygon', coordinates: pieces.map((p) => simplifyPolygon(p, tolerance).rings)},
            box: clipped, places, cellMeters: cell, offRoadMeters: offRoad
        };
    }

    private seedsOf(mode: number, category: LifestyleCategory): CategorySeeds {
        const key = `${mode}:${category.ct}:${category.st}`;
        let seeds = this.seeds.get(key);
        if (seeds === undefined) {
            seeds = categorySeeds(this.graph, this.snapper, this.pois, mode, category.ct, category.st);
            this.seeds.set(key, seeds);
        }
        return seeds;
    }

    /**
     * One backward search from every place of a category, then per lattice point the metres beyond
     * the limit's front of its nearest road point (negative: inside), kept when larger than `beyond`'s.
     */
    private addCategory(mode: number, seeds: CategorySeeds, limitMs: number, edges: number[], near: NearestRoad, reach: number, beyond: Float32Array): void {
        const g = this.graph;
        const search = (this.searches[mode] ??= new Dijkstra(g, mode, turnCosts(g, mode), (this.arrays ??= new DijkstraArrays(g.nodeCount))));
        try {
            search.toSeeds(seeds.nodes, seeds.weights, limitMs, seeds.bearings, seeds.turns);
            search.extendOffNetwork(g.nodeFlags, mainComponentBit(mode), g, limitMs);
            const time = search.arrival, turns = search.turnState;
            const endForward = this.endForward, endBackward = this.endBackward;
            // From the end of each edge near the box: the node one is at there (a junction copy where a
            // turn restriction starts with the edge), its time on, and the turn onto its way on.
            const onward = (e: number, forwards: boolean): number => {
                const node = g.arrivalNode(e, forwards, mode);
                const t = time[node];
                return t !== Infinity && turns ? t + turns.costs.at(node, turns.costs.leave(forwards ? e : (e | REVERSED) >>> 0), turns.bearing[node]) : t;
            };
            for (const e of edges) {
                endForward[e] = onward(e, true);
                endBackward[e] = onward(e, false);
            }
            const [forward, backward] = g.accessWeights(mode);
            const n = beyond.length;
            for (let k = 0; k < n; k++) {
                const e = near.edge[k];
                if (e < 0) continue;
                const s = near.offset[k], length = Math.max(g.edgeLength[e], 1e-9);
                const f = forward[e], b = backward[e];
                let best = Infinity, msPerMeter = 1;
                if (f !== INF && endForward[e] !== Infinity) {
                    const t = endForward[e] + (f * (length - s)) / length;
                    if (t < best) { best = t; msPerMeter = f / length; }
                }
                if (b !== INF && endBackward[e] !== Infinity) {
                    const t = endBackward[e] + (b * s) / length;
                    if (t < best) { best = t; msPerMeter = b / length; }
                }
                // A place on this very edge: along it, the way the edge allows.
                const on = seeds.onEdge.get(e);
                if (on !== undefined) {
                    for (const p of on) {
                        if (p >= s && f !== INF && (f * (p - s)) / length < best) { best = (f * (p - s)) / length; msPerMeter = f / length; }
                        if (p <= s && b !== INF && (b * (s - p)) / length < best) { best = (b * (s - p)) / length; msPerMeter = b / length; }
                    }
                }
                // Metres beyond the limit's front along the road, comparable with the off-road distance.
                const v = best === Infinity ? reach : (best - limitMs) / Math.max(msPerMeter, 1e-6);
                if (v > beyond[k]) beyond[k] = v;
            }
        } finally {
            search.clear();
        }
    }
}
