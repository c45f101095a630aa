// Isochrones on the road network of one mode: one outward search from the snapped origin, a
// nearest-road field over a grid, then for each time limit the area and its outline.
//
// The area follows the rule the accuracy bench checks with routing: a position is reachable when
// its nearest usable road (what a route to it would snap to) lies within OFF_ROAD_METERS and that
// point of the road is reached within the limit, partial edges counted exactly. So each lattice
// point records its nearest road point once; a limit then only compares arrival times there.
// Ferries carry travellers between ports: their lines are never part of an area, nor anyone's
// nearest road (one cannot start or end on them, see graph/snap.ts).
import {Dijkstra, DijkstraArrays} from '../search/dijkstra.js';
import {FERRY_CLASS} from '../graph/profiles.js';
import {INF, REVERSED, mainComponentBit, type RoadGraph} from '../graph/road-graph.js';
import {AccessSearch} from '../route/access-search.js';
import {turnCosts, type TurnCosts} from '../graph/turn-costs.js';
import type {Snap, Snapper} from '../graph/snap.js';
import {Grid, NearestRoad} from './field.js';
import {ReachedBlocks} from './blocks.js';
import {ringsCross} from './crossings.js';
import {signedArea, simplifyDegreeRing, type Ring} from '../geo/ring.js';
import {assemblePolygons, contourRings, roundRing} from './contour.js';
import {nestAreas} from './nesting.js';

/**
 * A position counts as reached up to this far (m) from a reached road: people live beside roads.
 * On large areas the grid is coarser and the allowance grows to one grid spacing.
 */
export const OFF_ROAD_METERS = 50;
/** Grid spacing: at least this (m), else the area's span over GRID_SPAN_CELLS. */
export const MIN_CELL_METERS = 20;
export const GRID_SPAN_CELLS = 300;
/** Simplification tolerance as a share of the grid spacing. */
const SIMPLIFY_CELLS = 0.25;
/** Unreachable pockets smaller than this (m²), or than 4 grid cells, are not kept as holes. */
export const MIN_HOLE_SQUARE_METERS = 5000;
/** At most this many positions in one area; the tolerance doubles until it fits. */
export const MAX_VERTICES = 4000;

export interface PolygonGeometry {
    type: 'Polygon';
    coordinates: Ring[];
}

/** Arrival times (ms; Infinity or INF when not reached) at graph nodes, and the nodes worth visiting. */
export interface Arrivals {
    time: ArrayLike<number>;
    nodes: ArrayLike<number>;
    count: number;
    /** With turn costs: the bearing arriving at each node, for the turn onto the edge one sets off along. */
    turns?: {costs: TurnCosts; bearing: ArrayLike<number>};
}

export interface RoadIsochroneResult {
    /** One Polygon per limit, in the order asked. */
    areas: PolygonGeometry[];
    /** Grid spacing used (m). */
    cellMeters: number;
    /** The off-road allowance used (m): a position this close to a reached road is inside. */
    offRoadMeters: number;
}

export class RoadIsochrones {
    private readonly searches: (Dijkstra | null)[] = [null, null, null];
    /** One set of node-sized arrays for every mode's search: each is cleared once its areas are drawn. */
    private readonly accessSearches: (AccessSearch | null)[] = [null, null, null];

    /** `arrays`: node-sized search arrays shared with other searches of this thread (each clears its own), or its own on first use. */
    constructor(private readonly graph: RoadGraph, private readonly snapper: Snapper, private arrays: DijkstraArrays | null = null) {}

    /**
     * The areas reachable within each limit (seconds) from a position, as GeoJSON Polygons in the
     * order of `limits`, all from one search; null when the position is too far from any usable road.
     */
    compute(mode: number, lat: number, lon: number, limits: number[]): RoadIsochroneResult | null {
        const g = this.graph;
        const snap = this.snapper.snap(lat, lon, mode);
        if (!snap) return null;
        const search = (this.searches[mode] ??= new Dijkstra(g, mode, turnCosts(g, mode), (this.arrays ??= new DijkstraArrays(g.nodeCount))));
        try {
            return this.computeWith(search, mode, snap, limits);
        } finally {
            search.clear();
        }
    }

    private computeWith(search: Dijkstra, mode: number, snap: Snap, limits: number[]): RoadIsochroneResult {
        const g = this.graph;
        // As a route leaves its start (route/access-search.ts): every node before the main network
        // (a private estate's), then the main network, then on into places one may only end in.
        const start = (this.accessSearches[mode] ??= new AccessSearch(g, mode)).search(snap, false);
        const seedNodes: number[] = [], seedWeights: number[] = [], seedBearings: number[] = [], seedTurns: number[] = [];
        for (const [node, slot] of start.settled) {
            seedNodes.push(node);
            seedWeights.push(start.weights[slot]);
            seedBearings.push(start.bearings[slot]);
            seedTurns.push(start.turns[slot]);
        }
        const maxMs = Math.max(...limits) * 1000;
        search.fromSeeds(seedNodes, seedWeights, maxMs, seedBearings, seedTurns);
        search.extendOffNetwork(g.nodeFlags, mainComponentBit(mode), g, maxMs);
        // Arrival with the turns of each node's path (the search chose paths by time without them).
        const areas = this.areas(mode, snap, {time: search.arrival, nodes: search.reached, count: search.reachedCount, turns: search.turnState ?? undefined}, limits, false);
        return {areas: areas.polygons.map((p) => ({type: 'Polygon' as const, coordinates: p[0] ?? []})), cellMeters: areas.cellMeters, offRoadMeters: areas.offRoadMeters};
    }

    /**
     * The areas within each limit given arrival times (ms) at the nodes of `mode`'s network (from a
     * road search, or from public transport followed by walking). `single`: one Polygon per limit,
     * the largest piece; otherwise every piece (a MultiPolygon's polygons). The snapped origin's
     * own edge is walked from the snapped point.
     */
    areas(mode: number, snap: Snap, arrivals: Arrivals, limits: number[], multi: boolean): {polygons: Ring[][][]; cellMeters: number; offRoadMeters: number} {
        const g = this.graph;
        const [forward, backward] = g.accessWeights(mode);
        const dist = arrivals.time;
        const maxMs = Math.max(...limits) * 1000;

        // The grid spans everything reached at the largest limit, plus the off-road margin.
        let minLat = snap.lat, maxLat = snap.lat, minLon = snap.lon, maxLon = snap.lon;
        const extend = (la: number, lo: number) => {
            if (la < minLat) minLat = la;
            if (la > maxLat) maxLat = la;
            if (lo < minLon) minLon = lo;
            if (lo > maxLon) maxLon = lo;
        };
        // Reached nodes and the whole of their edges (far ends and shape points): a partly reached
        // edge reaches beyond its last node, and a long edge's shape may bend out of its ends' box.
        for (let i = 0; i < arrivals.count; i++) {
            const u = arrivals.nodes[i];
            if (!(dist[u] <= maxMs)) continue;
            extend(g.nodeLat[u] / 1e7, g.nodeLon[u] / 1e7);
            for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) {
                const e = g.arcEdge[a] & 0x7fffffff;
                if (g.edgeClass[e] === FERRY_CLASS) continue;
                const v = g.arcHead[a];
                extend(g.nodeLat[v] / 1e7, g.nodeLon[v] / 1e7);
                for (let k = g.geomStart[e]; k < g.geomStart[e + 1]; k++) extend(g.geomLat[k] / 1e7, g.geomLon[k] / 1e7);
            }
        }
        const kx = Math.cos((snap.lat * Math.PI) / 180);
        const spanMeters = Math.max((maxLat - minLat) * 111320, (maxLon - minLon) * 111320 * kx);
        const cell = Math.max(MIN_CELL_METERS, spanMeters / GRID_SPAN_CELLS);
        const offRoad = Math.max(OFF_ROAD_METERS, cell);
        const margin = (offRoad + 2 * cell) / 111320;
        const grid = new Grid(minLon - margin / kx, minLat - margin, maxLon + margin / kx, maxLat + margin, cell);
        const reach = offRoad + cell;

        // Blocks of the grid near something reached: only there do roads need stamping (a transit
        // area is a few islands in a wide box; the rest of the box stays outside untouched).
        const blocks = new ReachedBlocks(grid, reach);
        for (let i = 0; i < arrivals.count; i++) {
            const u = arrivals.nodes[i];
            if (!(dist[u] <= maxMs)) continue;
            blocks.mark(g.nodeLon[u] / 1e7, g.nodeLat[u] / 1e7);
            for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) {
                if (g.edgeClass[g.arcEdge[a] & 0x7fffffff] === FERRY_CLASS) continue;
                const v = g.arcHead[a];
                blocks.mark(g.nodeLon[v] / 1e7, g.nodeLat[v] / 1e7);
            }
        }
        blocks.mark(snap.lon, snap.lat);
        blocks.dilate();

        // Every usable road near the area, reached or not: positions nearer an unreached road are out.
        const near = new NearestRoad(grid, reach);
        const bit = 1 << mode;
        const edges = g.edgeIndex.search(minLon - margin / kx, minLat - margin, maxLon + margin / kx, maxLat + margin, (e) => (g.edgeModes[e] & bit) !== 0 && g.edgeClass[e] !== FERRY_CLASS);
        for (const e of edges) {
            const u = g.edgeFrom[e], v = g.edgeTo[e];
            if (!blocks.near(g.nodeLon[u] / 1e7, g.nodeLat[u] / 1e7) && !blocks.near(g.nodeLon[v] / 1e7, g.nodeLat[v] / 1e7)) continue;
            stampEdge(g, grid, near, e, reach);
        }

        const polygons: Ring[][][] = [];
        const field = new Float32Array(grid.nx * grid.ny);
        const tolerance = (SIMPLIFY_CELLS * cell) / 111320;
        const minArea = Math.max(MIN_HOLE_SQUARE_METERS, 4 * cell * cell) / (111320 * 111320);
        for (const limit of limits) {
            const limitMs = limit * 1000;
            for (let k = 0; k < field.length; k++) {
                const e = near.edge[k];
                if (e < 0) {
                    field[k] = reach;
                    continue;
                }
                // Arrival at the nearest road point: from either end of its edge, or along the
                // origin's own edge straight from the snapped point.
                const s = near.offset[k], length = Math.max(g.edgeLength[e], 1e-9);
                const f = forward[e], b = backward[e];
                let best = Infinity, msPerMeter = 1;
                const du = departureTime(g, arrivals, e, true, mode), dv = departureTime(g, arrivals, e, false, mode);
                if (f !== INF && du < INF) {
                    const t = du + (f * s) / length;
                    if (t < best) { best = t; msPerMeter = f / length; }
                }
                if (b !== INF && dv < INF) {
                    const t = dv + (b * (length - s)) / length;
                    if (t < best) { best = t; msPerMeter = b / length; }
                }
                if (e === snap.edge) {
                    if (s >= snap.offset && f !== INF) {
                        const t = (f * (s - snap.offset)) / length;
                        if (t < best) { best = t; msPerMeter = f / length; }
                    }
                    if (s <= snap.offset && b !== INF) {
                        const t = (b * (snap.offset - s)) / length;
                        if (t < best) { best = t; msPerMeter = b / length; }
                    }
                }
                const d = Math.sqrt(near.distance2[k]) - offRoad;
                // Metres beyond the limit's front along the road, comparable with the off-road distance.
                const beyond = best === Infinity ? reach : (best - limitMs) / Math.max(msPerMeter, 1e-6);
                field[k] = d > beyond ? d : beyond;
            }
            // Reached roads themselves are always inside, so the area stays in one piece where a
            // reached road crosses unreached ones (a bridge over a rail yard, a footpath in a park).
            this.markReachedRoads(mode, grid, field, arrivals, snap, limitMs, forward, backward);
            // The grid's border stays outside, so every outline closes (a curving edge may bulge out).
            for (let i = 0; i < grid.nx; i++) field[i] = field[(grid.ny - 1) * grid.nx + i] = reach;
            for (let j = 0; j < grid.ny; j++) field[j * grid.nx] = field[j * grid.nx + grid.nx - 1] = reach;
            // The fields of a larger limit are lower everywhere, so the areas nest on the grid; after
            // simplification each outline is within the tolerance of its grid contour, and nestAreas
            // makes the simplified ones nest too. Driving, walking and cycling keep the largest piece
            // (a Polygon); transit keeps them all. With several limits every piece waits for nestAreas.
            const pieces = assemblePolygons(contourRings(grid, field), minArea);
            const kept = multi || limits.length > 1 ? pieces : pieces.slice(0, 1);
            polygons.push(kept.map((p) => simplifyPolygon(p, tolerance).rings));
        }
        return {polygons: limits.length > 1 ? nestAreas(polygons, limits, multi) : polygons, cellMeters: cell, offRoadMeters: offRoad};
    }

    /**
     * Sets the field inside (-1) at lattice points within 0.75 grid spacings of a reached road: the
     * reached part of every edge, sampled every grid spacing (the four lattice points around each sample).
     */
    private markReachedRoads(mode: number, grid: Grid, field: Float32Array, arrivals: Arrivals, snap: Snap, limitMs: number, forward: Uint32Array, backward: Uint32Array): void {
        const g = this.graph;
        const mark = (e: number, from: number, to: number) => markStretch(g, grid, field, e, from, to);
        const len = Math.max(snap.length, 1e-9);
        const fw = forward[snap.edge], bw = backward[snap.edge];
        if (fw !== INF) mark(snap.edge, snap.offset, Math.min(snap.length, snap.offset + (limitMs / Math.max(fw, 1)) * len));
        if (bw !== INF) mark(snap.edge, Math.max(0, snap.offset - (limitMs / Math.max(bw, 1)) * len), snap.offset);
        // Per arc: a junction copy's forbidden turns stay INF, start-or-end-only ways count.
        for (let i = 0; i < arrivals.count; i++) {
            const u = arrivals.nodes[i];
            const du = arrivals.time[u];
            if (!(du <= limitMs)) continue;
            for (let a = g.arcFirst[u]; a < g.arcFirst[u + 1]; a++) {
                const w = g.accessArcWeight(mode, a, false);
                if (w === INF) continue;
                const ref = g.arcEdge[a];
                const e = ref & 0x7fffffff;
                if (g.edgeClass[e] === FERRY_CLASS) continue;
                const length = g.edgeLength[e];
                const turn = arrivals.turns ? arrivals.turns.costs.at(u, arrivals.turns.bearing[u], arrivals.turns.costs.enter(ref)) : 0;
                const share = Math.min(1, (limitMs - du - turn) / Math.max(w, 1));
                if (share < 0) continue;
                if (ref & REVERSED) mark(e, length * (1 - share), length);
                else mark(e, 0, length * share);
            }
        }
    }
}

const departures: number[] = [];

/**
 * When one may set off along an edge (forwards: from edgeFrom), from the arrival times at its start:
 * at the junction, or at a copy of it whose turn restrictions allow the edge; the turn onto it added.
 */
function departureTime(g: RoadGraph, arrivals: Arrivals, e: number, forward: boolean, mode: number): number {
    const dist = arrivals.time, turns = arrivals.turns;
    const tail = forward ? g.edgeFrom[e] : g.edgeTo[e];
    const onto = (x: number) => (turns ? turns.costs.at(x, turns.bearing[x], turns.costs.enter(forward ? e : (e | REVERSED) >>> 0)) : 0);
    if (!g.hasCopies(tail)) return dist[tail] + onto(tail);
    departures.length = 0;
    let best = Infinity;
    for (const x of g.departureNodes(e, forward, mode, departures)) if (dist[x] + onto(x) < best) best = dist[x] + onto(x);
    return best;
}

/**
 * Simplifies and rounds a polygon (exterior first): at the tolerance, or less when that folds a ring
 * over itself or a hole over the exterior (down to the unsimplified contour), or more until it has at
 * most MAX_VERTICES.
 */
export function simplifyPolygon(rings: Ring[], tolerance: number): {rings: Ring[]; tolerance: number} {
    const candidates = [tolerance, tolerance / 2, tolerance / 4, 0];
    for (let t = tolerance * 2; t <= tolerance * 1024; t *= 2) candidates.push(t);
    let fallback: {rings: Ring[]; tolerance: number} | null = null;
    for (const t of candidates) {
        const out = simplifiedRings(rings, t);
        let count = 0;
        for (const r of out) count += r.length;
        if (count > MAX_VERTICES) continue;
        if (!ringsCross(out)) return {rings: out, tolerance: t};
        fallback ??= {rings: out, tolerance: t};
    }
    const t = tolerance * 2048;
    return fallback ?? {rings: simplifiedRings(rings, t), tolerance: t};
}

function simplifiedRings(rings: Ring[], t: number): Ring[] {
    const exterior = roundRing(simplifyDegreeRing(rings[0], t));
    const out = [exterior.length >= 4 && signedArea(exterior) > 0 ? exterior : roundRing(rings[0])];
    for (let i = 1; i < rings.length; i++) {
        const hole = roundRing(simplifyDegreeRing(rings[i], t));
        if (hole.length >= 4) out.push(hole);
    }
    return out;
}

/**
 * Offsets along an edge are measured in grid metres along its polyline here: the local projection is
 * within half a percent of the haversine lengths the graph stores, which no grid cell can show.
 */

/** Marks inside the lattice points next to the stretch [from, to] (m from the start) of an edge. */
function markStretch(g: RoadGraph, grid: Grid, field: Float32Array, e: number, from: number, to: number): void {
    if (to < from) return;
    const start = g.geomStart[e], end = g.geomStart[e + 1];
    const step = grid.cell, core2 = (0.75 * grid.cell) ** 2;
    const nx = grid.nx, c = grid.cell;
    let px = grid.x(g.nodeLon[g.edgeFrom[e]] / 1e7), py = grid.y(g.nodeLat[g.edgeFrom[e]] / 1e7);
    let walked = 0;
    for (let i = start; i <= end; i++) {
        const qx = grid.x((i < end ? g.geomLon[i] : g.nodeLon[g.edgeTo[e]]) / 1e7);
        const qy = grid.y((i < end ? g.geomLat[i] : g.nodeLat[g.edgeTo[e]]) / 1e7);
        const seg = Math.hypot(qx - px, qy - py);
        const s0 = Math.max(from, walked), s1 = Math.min(to, walked + seg);
        for (let s = s0; s <= s1 && seg > 0; s += step) {
            const t = (s - walked) / seg;
            const x = px + (qx - px) * t, y = py + (qy - py) * t;
            const i0 = Math.floor(x / c), j0 = Math.floor(y / c);
            for (let dj = 0; dj <= 1; dj++) {
                for (let di = 0; di <= 1; di++) {
                    const ii = i0 + di, jj = j0 + dj;
                    if (ii < 0 || jj < 0 || ii >= nx || jj >= grid.ny) continue;
                    const ex = ii * c - x, ey = jj * c - y;
                    if (ex * ex + ey * ey <= core2) {
                        const k = jj * nx + ii;
                        if (field[k] > -1) field[k] = -1;
                    }
                }
            }
        }
        walked += seg;
        if (walked > to) break;
        px = qx;
        py = qy;
    }
}

/** Stamps an edge's whole polyline into the nearest-road field. */
export function stampEdge(g: RoadGraph, grid: Grid, near: NearestRoad, e: number, reach: number): void {
    const start = g.geomStart[e], end = g.geomStart[e + 1];
    let px = grid.x(g.nodeLon[g.edgeFrom[e]] / 1e7), py = grid.y(g.nodeLat[g.edgeFrom[e]] / 1e7);
    let walked = 0;
    for (let i = start; i <= end; i++) {
        const qx = grid.x((i < end ? g.geomLon[i] : g.nodeLon[g.edgeTo[e]]) / 1e7);
        const qy = grid.y((i < end ? g.geomLat[i] : g.nodeLat[g.edgeTo[e]]) / 1e7);
        const seg = Math.hypot(qx - px, qy - py);
        grid.stampSegment(near, e, px, py, qx, qy, walked, walked + seg, reach);
        walked += seg;
        px = qx;
        py = qy;
    }
}
