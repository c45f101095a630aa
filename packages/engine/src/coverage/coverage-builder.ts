// The area a region's data covers, computed at build time: the lattice points of a grid within the
// snapping limit of a usable road of the routing extracts (ferries excluded: one cannot start or
// end on them), holes filled, clipped to the extracts' header bounds and the country's border.
// Stored as a bitmap (the point test of every position-based request) and as its outline (flat
// arrays, reopened as the GeoJSON MultiPolygon /health lists).
import {encodeSection} from '../format/section.js';
import type {CountryBorder} from '../geo/border.js';
import type {MultiPolygonGeometry} from '../geo/ring.js';
import {FERRY_CLASS} from '../graph/profiles.js';
import type {RoadGraph} from '../graph/road-graph.js';
import {MAX_SNAP_METERS} from '../graph/snap.js';
import {assemblePolygons, contourRings} from '../isochrone/contour.js';
import {Grid} from '../isochrone/field.js';
import {simplifyPolygon} from '../isochrone/road-isochrone.js';
import {COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION} from './coverage.js';

/** Grid spacing (m); larger extracts use a coarser grid so it holds at most MAX_SPAN_CELLS a side. */
export const COVERAGE_CELL_METERS = 100;
const MAX_SPAN_CELLS = 2000;
/** Outline simplification, as a share of the grid spacing. */
const SIMPLIFY_CELLS = 0.5;

export interface CoverageStats {
    cellMeters: number;
    columns: number;
    rows: number;
    squareKilometers: number;
    outlinePositions: number;
    seconds: number;
}

/**
 * Builds the coverage section from the routing graph, the country border and the routing extracts'
 * header boxes ([minLon, minLat, maxLon, maxLat]; null when a header has none). `wholeCountry`: the
 * extracts hold the whole country, so the outline is no edge of the data (RegionConfig).
 */
export function buildCoverageSection(graph: RoadGraph, border: CountryBorder, headerBoxes: ([number, number, number, number] | null)[],
    wholeCountry = false): {section: Uint8Array; stats: CoverageStats} {
    const started = performance.now();
    // The box of the usable roads (their end nodes and shape points), plus the snapping limit.
    let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
    const extend = (la: number, lo: number) => {
        if (la < minLat) minLat = la;
        if (la > maxLat) maxLat = la;
        if (lo < minLon) minLon = lo;
        if (lo > maxLon) maxLon = lo;
    };
    for (let e = 0; e < graph.edgeCount; e++) {
        if (!usable(graph, e)) continue;
        extend(graph.nodeLat[graph.edgeFrom[e]] / 1e7, graph.nodeLon[graph.edgeFrom[e]] / 1e7);
        extend(graph.nodeLat[graph.edgeTo[e]] / 1e7, graph.nodeLon[graph.edgeTo[e]] / 1e7);
        for (let i = graph.geomStart[e]; i < graph.geomStart[e + 1]; i++) extend(graph.geomLat[i] / 1e7, graph.geomLon[i] / 1e7);
    }
    if (minLat > maxLat) throw new Error('coverage: the routing extracts hold no usable road');
    const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180) * 111320;
    const span = Math.max((maxLat - minLat) * 111320, (maxLon - minLon) * kx) + 2 * MAX_SNAP_METERS;
    const cell = Math.max(COVERAGE_CELL_METERS, span / MAX_SPAN_CELLS);
    const margin = MAX_SNAP_METERS + 2 * cell;
    const grid = new Grid(minLon - margin / kx, minLat - margin / 111320, maxLon + margin / kx, maxLat + margin / 111320, cell);
    const nx = grid.nx, ny = grid.ny;

    // Lattice points next to a usable road (each segment sampled every half spacing).
    const road = new Uint8Array(nx * ny);
    const mark = (x: number, y: number) => {
        const i = Math.round(x / cell), j = Math.round(y / cell);
        if (i >= 0 && j >= 0 && i < nx && j < ny) road[j * nx + i] = 1;
    };
    for (let e = 0; e < graph.edgeCount; e++) {
        if (!usable(graph, e)) continue;
        const start = graph.geomStart[e], end = graph.geomStart[e + 1];
        let px = grid.x(graph.nodeLon[graph.edgeFrom[e]] / 1e7), py = grid.y(graph.nodeLat[graph.edgeFrom[e]] / 1e7);
        mark(px, py);
        for (let i = start; i <= end; i++) {
            const qx = grid.x((i < end ? graph.geomLon[i] : graph.nodeLon[graph.edgeTo[e]]) / 1e7);
            const qy = grid.y((i < end ? graph.geomLat[i] : graph.nodeLat[graph.edgeTo[e]]) / 1e7);
            const steps = Math.ceil(Math.hypot(qx - px, qy - py) / (cell / 2));
            for (let s = 1; s <= steps; s++) mark(px + ((qx - px) * s) / steps, py + ((qy - py) * s) / steps);
            px = qx;
            py = qy;
        }
    }

    // Dilated by the snapping limit: a disk of lattice offsets around every road point.
    const r = Math.ceil(MAX_SNAP_METERS / cell);
    const disk: number[] = [];
    for (let dj = -r; dj <= r; dj++) {
        for (let di = -r; di <= r; di++) if ((di * di + dj * dj) * cell * cell <= MAX_SNAP_METERS * MAX_SNAP_METERS) disk.push(di, dj);
    }
    const inside = new Uint8Array(nx * ny);
    for (let j = 0; j < ny; j++) {
        for (let i = 0; i < nx; i++) {
            if (!road[j * nx + i]) continue;
            for (let d = 0; d < disk.length; d += 2) {
                const ii = i + disk[d], jj = j + disk[d + 1];
                if (ii >= 0 && jj >= 0 && ii < nx && jj < ny) inside[jj * nx + ii] = 1;
            }
        }
    }
    fillHoles(inside, nx, ny);

    // Clipped: only what the extracts hold (their header boxes) inside the country.
    const boxes = headerBoxes.filter((b): b is [number, number, number, number] => b !== null);
    let count = 0;
    for (let j = 0; j < ny; j++) {
        const lat = grid.lat(j * cell);
        for (let i = 0; i < nx; i++) {
            const k = j * nx + i;
            if (!inside[k]) continue;
            const lon = grid.lon(i * cell);
            const inBox = boxes.length === 0 || boxes.some((b) => lon >= b[0] && lon <= b[2] && lat >= b[1] && lat <= b[3]);
            // The grid's border stays outside so every outline closes.
            const edge = i === 0 || j === 0 || i === nx - 1 || j === ny - 1;
            if (!inBox || edge || !border.contains(lat, lon)) inside[k] = 0;
            else count++;
        }
    }

    const outline = outlineOf(grid, inside);
    const bits = new Uint8Array(Math.ceil((nx * ny) / 8));
    for (let k = 0; k < inside.length; k++) if (inside[k]) bits[k >> 3] |= 1 << (k & 7);
    // The outline flat: positions (lon, lat), where each ring starts (in positions) and where each
    // polygon starts (in rings), each with a final end entry.
    const coords: number[] = [], ringStarts: number[] = [], polygonStarts: number[] = [];
    for (const polygon of outline.coordinates) {
        polygonStarts.push(ringStarts.length);
        for (const ring of polygon) {
            ringStarts.push(coords.length / 2);
            for (const [lon, lat] of ring) coords.push(lon, lat);
        }
    }
    polygonStarts.push(ringStarts.length);
    ringStarts.push(coords.length / 2);
    const outlinePositions = coords.length / 2;
    const meta = {lon0: grid.lon0, lat0: grid.lat0, kx: grid.kx, ky: grid.ky, cell, nx, ny, wholeCountry};
    const stats: CoverageStats = {
        cellMeters: Math.round(cell * 10) / 10, columns: nx, rows: ny,
        squareKilometers: Math.round((count * cell * cell) / 1e4) / 100, outlinePositions,
        seconds: Math.round(performance.now() - started) / 1000
    };
    const arrays = {bits, coords: new Float64Array(coords), ringStarts: new Uint32Array(ringStarts), polygonStarts: new Uint32Array(polygonStarts)};
    return {section: encodeSection(COVERAGE_SECTION_KIND, COVERAGE_SECTION_VERSION, meta, arrays), stats};
}

/** Roads a position may snap to: some mode may use them, and they are not ferries. */
function usable(graph: RoadGraph, e: number): boolean {
    return graph.edgeModes[e] !== 0 && graph.edgeClass[e] !== FERRY_CLASS;
}

/** Sets every outside lattice point that the grid's border cannot reach through outside points. */
function fillHoles(inside: Uint8Array, nx: number, ny: number): void {
    const open = new Uint8Array(inside.length);
    const stack: number[] = [];
    const push = (k: number) => {
        if (!inside[k] && !open[k]) {
            open[k] = 1;
            stack.push(k);
        }
    };
    for (let i = 0; i < nx; i++) {
        push(i);
        push((ny - 1) * nx + i);
    }
    for (let j = 0; j < ny; j++) {
        push(j * nx);
        push(j * nx + nx - 1);
    }
    while (stack.length > 0) {
        const k = stack.pop()!;
        const i = k % nx, j = (k - i) / nx;
        if (i > 0) push(k - 1);
        if (i < nx - 1) push(k + 1);
        if (j > 0) push(k - nx);
        if (j < ny - 1) push(k + nx);
    }
    for (let k = 0; k < inside.length; k++) if (!open[k]) inside[k] = 1;
}

/** The covered lattice points' outline: exteriors counter-clockwise, holes clockwise, 6 decimals. */
function outlineOf(grid: Grid, inside: Uint8Array): MultiPolygonGeometry {
    const field = new Float32Array(inside.length);
    for (let k = 0; k < field.length; k++) field[k] = inside[k] ? -1 : 1;
    const cellDegrees2 = (grid.cell / 111320) ** 2;
    const pieces = assemblePolygons(contourRings(grid, field), cellDegrees2);
    const tolerance = (SIMPLIFY_CELLS * grid.cell) / 111320;
    return {type: 'MultiPolygon', coordinates: pieces.map((p) => simplifyPolygon(p, tolerance).rings)};
}
