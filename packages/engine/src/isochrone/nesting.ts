// Nested areas (GetMultipleTimes, issue 31): each limit's area must lie inside the next larger one,
// as clients test containment with them. On the lattice the areas nest (the field of a larger limit
// is lower everywhere), but each outline is simplified on its own, within a quarter of a grid cell of
// its contour, and where two contours coincide (the off-road distance decides both) the smaller may
// then stick out by that much; a larger area may also need a coarser tolerance to fit MAX_VERTICES,
// and a single-polygon mode keeps each limit's largest piece, which for a smaller limit can lie in a
// piece the larger limit dropped. So a smaller area is checked against the larger one as simplified
// and, where it is not plainly inside, clipped to it with polyclip-ts (a maintained, robust boolean
// operations library on Martinez-Rueda-Feito with exact arithmetic where it matters: correct on the
// shared edges and touching vertices our outlines have, which a hand-written clipper rarely is).
import {intersection} from 'polyclip-ts';
import {pointInPolygon, signedArea, type Ring} from '../geo/ring.js';
import {ringsCross} from './crossings.js';
import {roundRing} from './contour.js';

/**
 * Each limit's pieces (simplified; every piece, largest first) made to nest, from the largest limit
 * down: `multi` keeps every piece, otherwise the largest piece that lies inside the next area.
 */
export function nestAreas(areas: Ring[][][], limits: number[], multi: boolean): Ring[][][] {
    const order = limits.map((_, i) => i).sort((a, b) => limits[b] - limits[a]);
    const out = areas.slice();
    let outer: Ring[][] | null = null;
    for (const i of order) {
        const pieces: Ring[][] = outer === null ? areas[i] : multi ? nestInside(areas[i], outer) : largestInside(areas[i], outer);
        out[i] = multi ? pieces : pieces.slice(0, 1);
        outer = out[i];
    }
    return out;
}

/** The largest piece of the pieces (largest first) nested in `outer`: clipping only shrinks, so the search stops early. */
function largestInside(pieces: Ring[][], outer: Ring[][]): Ring[][] {
    let best: Ring[] | null = null, bestArea = 0;
    for (const piece of pieces) {
        if (polygonArea(piece) <= bestArea) break;
        const [top] = nestInside([piece], outer);
        if (top && polygonArea(top) > bestArea) {
            best = top;
            bestArea = polygonArea(top);
        }
    }
    return best ? [best] : [];
}

/**
 * The pieces of `inner` (polygons: exterior then holes) made to lie inside the `outer` pieces, largest
 * first. A piece plainly inside is kept as it is; any other is replaced by its intersection with `outer`.
 */
export function nestInside(inner: Ring[][], outer: Ring[][]): Ring[][] {
    const out: Ring[][] = [];
    for (const piece of inner) {
        if (plainlyInside(piece, outer)) {
            out.push(piece);
            continue;
        }
        const clipped = intersection(piece as [number, number][][], outer as [number, number][][][]);
        for (const polygon of clipped) {
            const rings = polygon.map((r) => roundInside(closed(r), outer)).filter((r) => r.length >= 4 && signedArea(r) !== 0);
            if (rings.length && Math.abs(signedArea(rings[0])) > 0) out.push(orient(rings));
        }
    }
    return out.sort((a, b) => polygonArea(b) - polygonArea(a));
}

/**
 * Conservative: no ring of the piece crosses a ring of `outer`, every vertex and edge midpoint of the
 * piece is inside `outer`, and no vertex of `outer` is inside the piece (a hole of `outer`, or an
 * inward bend under a chord of the piece). A point on a shared outline may read either way: the
 * piece is then clipped, never wrongly kept.
 */
function plainlyInside(piece: Ring[], outer: Ring[][]): boolean {
    const insideOuter = (x: number, y: number) => outer.some((rings) => pointInPolygon(x, y, rings));
    for (const ring of piece) {
        for (let i = 0; i + 1 < ring.length; i++) {
            const [x0, y0] = ring[i], [x1, y1] = ring[i + 1];
            if (!insideOuter(x0, y0) || !insideOuter((x0 + x1) / 2, (y0 + y1) / 2)) return false;
        }
    }
    for (const rings of outer) for (const ring of rings) for (const [x, y] of ring) if (pointInPolygon(x, y, piece)) return false;
    return !ringsCross([...piece, ...outer.flat()]);
}

/**
 * The ring on the answer's 1e-6 degree lattice (roundRing), each crossing point the clipper made
 * rounded to a lattice neighbour inside `outer` (the nearest does not always lie inside).
 */
function roundInside(ring: Ring, outer: Ring[][]): Ring {
    const lattice: Ring = [];
    for (const [x, y] of ring) {
        const fx = Math.floor(x * 1e6), fy = Math.floor(y * 1e6);
        let best: number[] | null = null, bestD = Infinity;
        for (let dx = 0; dx <= 1; dx++) {
            for (let dy = 0; dy <= 1; dy++) {
                const px = (fx + dx) / 1e6, py = (fy + dy) / 1e6, d = (px - x) ** 2 + (py - y) ** 2;
                if (d >= bestD) continue;
                if (d > 1e-26 && !outer.some((rings) => pointInPolygon(px, py, rings))) continue;
                best = [px, py];
                bestD = d;
            }
        }
        lattice.push(best ?? [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);
    }
    return roundRing(lattice);
}

function closed(ring: Ring): Ring {
    const first = ring[0], last = ring[ring.length - 1];
    return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, [first[0], first[1]]];
}

/** Exterior counter-clockwise, holes clockwise, as the contours give them. */
function orient(rings: Ring[]): Ring[] {
    return rings.map((r, i) => ((signedArea(r) > 0) === (i === 0) ? r : r.slice().reverse()));
}

function polygonArea(rings: Ring[]): number {
    let area = 0;
    for (const r of rings) area += Math.abs(signedArea(r)) * (r === rings[0] ? 1 : -1);
    return area;
}
