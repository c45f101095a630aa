// Search by lifestyle: the area from which the nearest place of each chosen category (an elementary
// school, a supermarket, a station...) is within a time limit by a road mode. Computed from the
// places' side: per category one backward search from all its places at once (every place a seed,
// at what reaching it from the road costs, as a trip to it counts), giving on one lattice over the
// box the time to the nearest place of that category; a lattice point is in when the largest of
// those times is within the limit and its nearest road is close enough, as for isochrones
// (road-isochrone.ts), and one contour of that field is the answer.
import {Dijkstra, DijkstraArrays} from '../search/dijkstra.js';
import {FERRY_CLASS, FOOT} from '../graph/profiles.js';
import {INF, REVERSED, mainComponentBit, type RoadGraph} from '../graph/road-graph.js';
import {turnCosts} from '../graph/turn-costs.js';
import type {Snapper} from '../graph/snap.js';
import type {PoiIndex} from '../poi/poi-index.js';
import type {MultiPolygonGeometry} from '../geo/ring.js';
import {Grid, NearestRoad} from './field.js';
import {assemblePolygons, contourRings} from './contour.js';
import {CategorySeeds, categorySeeds} from './lifestyle-seeds.js';
import {LIFESTYLE_EGRESS_MS, LifestyleTransit} from './lifestyle-transit.js';
import {WALK_STANDS_IN_MS} from '../transit/query/foot-access.js';
import type {TransitRouter} from '../transit/query/router.js';
import {GRID_SPAN_CELLS, MIN_CELL_METERS, MIN_HOLE_SQUARE_METERS, OFF_ROAD_METERS, simplifyPolygon, stampEdge} from './road-isochrone.js';

/** At most this many categories in one search, and limits from MIN to MAX seconds. */
export const MAX_LIFESTYLE_CATEGORIES = 6;
export const MIN_LIFESTYLE_SECONDS = 60;
export const MAX_LIFESTYLE_SECONDS = 3600;
/** The mode code of public transport here (road modes: CAR, FOOT, BIKE). */
export const LIFESTYLE_TRANSIT = 3;
const NO_STOPS = {nodes: [] as number[], weights: [] as number[]};
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

/** A box (west, south, east, north) clipped to another; null when they do not overlap. */
export function clipBox(bounds: LifestyleBox, box: LifestyleBox): [number, number, number, number] | null {
    const out: [number, number, number, number] = [Math.max(bounds[0], box[0]), Math.max(bounds[1], box[1]), Math.min(bounds[2], box[2]), Math.min(bounds[3], box[3])];
    return out[0] < out[2] && out[1] < out[3] ? out : null;
}

export class LifestyleAreas {
    private readonly searches: (Dijkstra | null)[] = [null, null, null];
    /** Per mode and category, the seeds of its places (the places do not change: made once per thread). */
    private readonly seeds = new Map<string, CategorySeeds>();
    /** Per lattice point: the largest, over the categories so far, of the metres beyond the limit's front. */
    private beyond = new Float32Array(0);
    /** Per lattice point, for one category by public transport: the smaller of the walk's and the rides' metres beyond. */
    private either = new Float32Array(0);
    private transit: LifestyleTransit | null = null;

    /**
     * `bounds`: the region's box; `arrays`: node-sized search arrays shared with this thread's other
     * searches (each clears its own); `transitRouter`: this thread's, asked on the first search by
     * public transport (it throws in a region without).
     */
    constructor(private readonly graph: RoadGraph, private readonly snapper: Snapper, private readonly pois: PoiIndex, private readonly bounds: LifestyleBox,
        private readonly arrays: DijkstraArrays, private readonly transitRouter: () => TransitRouter) {}

    /**
     * Where, in the box (null: the region's), the nearest place of every category is within `seconds`
     * by road mode `mode` (or LIFESTYLE_TRANSIT: public transport and walking, over the departure window
     * of its isochrones): a MultiPolygon, empty when nowhere qualifies or the box misses the region.
     */
    compute(mode: number, categories: readonly LifestyleCategory[], seconds: number, box: LifestyleBox | null = null): LifestyleResult {
        if (categories.length < 1 || categories.length > MAX_LIFESTYLE_CATEGORIES) throw new RangeError(`from 1 to ${MAX_LIFESTYLE_CATEGORIES} categories`);
        if (!(seconds >= MIN_LIFESTYLE_SECONDS && seconds <= MAX_LIFESTYLE_SECONDS)) throw new RangeError(`seconds from ${MIN_LIFESTYLE_SECONDS} to ${MAX_LIFESTYLE_SECONDS}`);
        const g = this.graph;
        const byTransit = mode === LIFESTYLE_TRANSIT;
        if (byTransit) this.transit ??= new LifestyleTransit(this.transitRouter(), g);
        const roadMode = byTransit ? FOOT : mode;
        const clipped = box === null ? [...this.bounds] as [number, number, number, number] : clipBox(this.bounds, box);
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
        const bit = 1 << roadMode;
        const edges = g.edgeIndex.search(west - margin / kx, south - margin, east + margin / kx, north + margin, (e) => (g.edgeModes[e] & bit) !== 0 && g.edgeClass[e] !== FERRY_CLASS);
        for (const e of edges) stampEdge(g, grid, near, e, reach);

        const n = grid.nx * grid.ny;
        if (this.beyond.length < n) this.beyond = new Float32Array(n);
        const beyond = this.beyond.subarray(0, n).fill(-Infinity);
        const places: number[] = [];
        const limitMs = seconds * 1000;
        for (const category of categories) {
            const seeds = this.seedsOf(roadMode, category);
            places.push(seeds.places);
            if (!byTransit) {
                this.addCategory(roadMode, seeds, null, limitMs, near, reach, beyond);
                continue;
            }
            const stops = this.stopSeeds(seeds, limitMs);
            if (limitMs <= WALK_STANDS_IN_MS) {
                this.addCategory(roadMode, seeds, stops, limitMs, near, reach, beyond);
                continue;
            }
            // Past the walk to a first stop, walking all the way is no public transport (as /enrichment's trips
            // say): the walk counts up to that, the rides up to the limit, and a point is in when either is.
            if (this.either.length < n) this.either = new Float32Array(n);
            const either = this.either.subarray(0, n).fill(Infinity);
            this.addCategory(roadMode, seeds, NO_STOPS, WALK_STANDS_IN_MS, near, reach, either, true);
            this.addCategory(roadMode, null, stops, limitMs, near, reach, either, true);
            for (let k = 0; k < n; k++) if (either[k] > beyond[k]) beyond[k] = either[k];
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

    /** By public transport: the stops' seeds (LifestyleTransit), from a first foot search to the places. */
    private stopSeeds(seeds: CategorySeeds, limitMs: number): {nodes: number[]; weights: number[]} {
        const g = this.graph;
        const search = this.search(FOOT);
        try {
            const bound = Math.min(limitMs, LIFESTYLE_EGRESS_MS);
            search.toSeeds(seeds.nodes, seeds.weights, bound);
            search.extendOffNetwork(g.nodeFlags, mainComponentBit(FOOT), g, bound);
            return this.transit!.stopSeeds(search.arrival, limitMs);
        } finally {
            search.clear();
        }
    }

    private search(mode: number): Dijkstra {
        const g = this.graph;
        return (this.searches[mode] ??= new Dijkstra(g, mode, turnCosts(g, mode), this.arrays));
    }

    /**
     * One backward search from every place of a category (`seeds`; null: none) and from the stops (by public
     * transport), then per lattice point the metres beyond the limit's front of its nearest road point (negative:
     * inside), kept in `out` when larger than what it holds (`keepMin`: when smaller).
     */
    private addCategory(mode: number, seeds: CategorySeeds | null, stops: {nodes: number[]; weights: number[]} | null, limitMs: number,
        near: NearestRoad, reach: number, out: Float32Array, keepMin = false): void {
        const g = this.graph;
        const search = this.search(mode);
        try {
            if (stops === null) search.toSeeds(seeds!.nodes, seeds!.weights, limitMs, seeds!.bearings, seeds!.turns);
            else if (seeds === null) search.toSeeds(stops.nodes, stops.weights, limitMs);
            else search.toSeeds([...seeds.nodes, ...stops.nodes], [...seeds.weights, ...stops.weights], limitMs);
            search.extendOffNetwork(g.nodeFlags, mainComponentBit(mode), g, limitMs);
            const time = search.arrival, turns = search.turnState;
            // From the end of an edge: the node one is at there (a junction copy where a turn
            // restriction starts with the edge), its time on, and the turn onto its way on.
            const onward = (e: number, forwards: boolean): number => {
                const node = g.arrivalNode(e, forwards, mode);
                const t = time[node];
                return t !== Infinity && turns ? t + turns.costs.at(node, turns.costs.leave(forwards ? e : (e | REVERSED) >>> 0), turns.bearing[node]) : t;
            };
            const [forward, backward] = g.accessWeights(mode);
            const n = out.length;
            // Neighbouring lattice points mostly share their nearest edge: its ends' times are kept.
            let lastEdge = -1, endForward = Infinity, endBackward = Infinity;
            for (let k = 0; k < n; k++) {
                const e = near.edge[k];
                if (e < 0) continue;
                if (e !== lastEdge) {
                    lastEdge = e;
                    endForward = onward(e, true);
                    endBackward = onward(e, false);
                }
                const s = near.offset[k], length = Math.max(g.edgeLength[e], 1e-9);
                const f = forward[e], b = backward[e];
                let best = Infinity, msPerMeter = 1;
                if (f !== INF && endForward !== Infinity) {
                    const t = endForward + (f * (length - s)) / length;
                    if (t < best) { best = t; msPerMeter = f / length; }
                }
                if (b !== INF && endBackward !== Infinity) {
                    const t = endBackward + (b * s) / length;
                    if (t < best) { best = t; msPerMeter = b / length; }
                }
                // A place on this very edge: along it, the way the edge allows.
                const on = seeds?.onEdge.get(e);
                if (on !== undefined) {
                    for (const p of on) {
                        if (p >= s && f !== INF && (f * (p - s)) / length < best) { best = (f * (p - s)) / length; msPerMeter = f / length; }
                        if (p <= s && b !== INF && (b * (s - p)) / length < best) { best = (b * (s - p)) / length; msPerMeter = b / length; }
                    }
                }
                // Metres beyond the limit's front along the road, comparable with the off-road distance.
                const v = best === Infinity ? reach : (best - limitMs) / Math.max(msPerMeter, 1e-6);
                if (keepMin ? v < out[k] : v > out[k]) out[k] = v;
            }
        } finally {
            search.clear();
        }
    }
}
