// Nested areas (GetMultipleTimes, issue 31): each limit's area must lie inside the next larger one,
// as clients test containment with them. On the lattice the areas nest (the field of a larger limit
// is lower everywhere), but each outline is simplified on its own, within a quarter of a grid cell of
// its contour, and where two contours coincide (the off-road distance decides both) the smaller may
// then stick out by that much; a larger area may also need a coarser tolerance to fit MAX_VERTICES,
// and a single-polygon mode keeps each limit's largest piece, which for a smaller limit can lie in a
// piece the larger limit dropped. So a smaller area is checked against the larger one as simplified
// and, where it is not plainly inside, clipped to it with Clipper2 (clipper2-ts, the TypeScript port of
// Angus Johnson's library: integer coordinates with exact orientation tests, so correct on the shared
// edges and touching vertices our outlines have, which a hand-written clipper rarely is; 18 times
// faster on these outlines than polyclip-ts's BigNumber arithmetic, which it replaced).
import {Clipper64, ClipType, FillRule, PolyTree64, type Path64, type PolyPath64} from 'clipper2-ts';
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
        for (const polygon of intersect(piece, outer)) {
            const rings = polygon.map((r) => roundInside(closed(r), outer)).filter((r) => r.length >= 4 && signedArea(r) !== 0);
            if (rings.length && Math.abs(signedArea(rings[0])) > 0) out.push(orient(rings));
        }
    }
    return out.sort((a, b) => polygonArea(b) - polygonArea(a));
}

/**
 * Clipper's grid: 1/SUBDIVISION of the answer's 1e-6 degree lattice, counted from the outer pieces'
 * south-west corner (small numbers keep Clipper's exact sign tests on their fast path). A crossing
 * point lands on it and is then rounded to a lattice point inside `outer` (roundInside), as an
 * exact one would be.
 */
const SUBDIVISION = 64;

/** The intersection of a polygon (exterior then holes) with the `outer` pieces: polygons, exterior then holes. */
function intersect(piece: Ring[], outer: Ring[][]): Ring[][] {
    // No next area (a larger limit whose pieces were all dropped): nothing of this one is inside it.
    if (outer.length === 0) return [];
    let minX = Infinity, minY = Infinity;
    for (const rings of outer) {
        for (const [x, y] of rings[0]) {
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
        }
    }
    const ox = Math.floor(minX * 1e6), oy = Math.floor(minY * 1e6);
    // Rings are closed (their first point repeated at the end); Clipper's paths are not.
    const toPath = (ring: Ring): Path64 => ring.slice(0, -1).map(([x, y]) => ({x: Math.round((x * 1e6 - ox) * SUBDIVISION), y: Math.round((y * 1e6 - oy) * SUBDIVISION)}));
    const toRing = (path: Path64): Ring => path.map((p) => [(p.x / SUBDIVISION + ox) / 1e6, (p.y / SUBDIVISION + oy) / 1e6]);
    const clipper = new Clipper64();
    clipper.addSubject(piece.map(toPath));
    clipper.addClip(outer.flat().map(toPath));
    const tree = new PolyTree64();
    // Even-odd: the pieces do not overlap, so this reads holes and islands right whatever the rings' turn.
    clipper.execute(ClipType.Intersection, FillRule.EvenOdd, tree);
    const polygons: Ring[][] = [];
    // The tree's outlines (even levels) with their holes; an island in a hole is a polygon of its own.
    const walk = (node: PolyPath64) => {
        for (let i = 0; i < node.count; i++) {
            const outline = node.child(i);
            const rings = [toRing(outline.polygon!)];
            for (let j = 0; j < outline.count; j++) {
                const hole = outline.child(j);
                rings.push(toRing(hole.polygon!));
                walk(hole);
            }
            polygons.push(rings);
        }
    };
    walk(tree);
    return polygons;
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
