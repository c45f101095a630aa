// Marching squares over a grid field: the region where the field is <= 0, as GeoJSON rings
// (exterior counter-clockwise, holes clockwise, RFC 7946), simplified and rounded.
import {pointInRing, signedArea, type Ring} from '../geo/ring.js';
import type {Grid} from './field.js';

/**
 * Contour rings of {f <= 0}. Lattice points on the grid's border must be outside (> 0), which
 * the Grid's margin guarantees when nothing is stamped there. Rings come out with the inside on
 * their left: exteriors counter-clockwise, holes clockwise.
 */
export function contourRings(grid: Grid, f: Float32Array): Ring[] {
    const nx = grid.nx, ny = grid.ny, c = grid.cell;
    // Crossing points are keyed by the lattice edge they lie on: horizontal edge (i,j)-(i+1,j) is
    // 2*(j*nx+i), vertical edge (i,j)-(i,j+1) is 2*(j*nx+i)+1. next[key] links a segment's start
    // to its end (+1, 0 meaning none); px/py hold the crossing point in grid metres.
    const keys = 2 * nx * ny;
    const next = new Int32Array(keys);
    const px = new Float32Array(keys), py = new Float32Array(keys);
    const starts: number[] = [];
    const point = (key: number, i: number, j: number, vertical: boolean) => {
        const k = j * nx + i;
        const a = f[k], b = vertical ? f[k + nx] : f[k + 1];
        const t = a === b ? 0.5 : a / (a - b);
        px[key] = (i + (vertical ? 0 : t)) * c;
        py[key] = (j + (vertical ? t : 0)) * c;
    };
    const link = (a: number, b: number) => {
        next[a] = b + 1;
        starts.push(a);
    };

    for (let j = 0; j < ny - 1; j++) {
        for (let i = 0; i < nx - 1; i++) {
            const k = j * nx + i;
            const v00 = f[k] <= 0 ? 1 : 0, v10 = f[k + 1] <= 0 ? 1 : 0;
            const v11 = f[k + nx + 1] <= 0 ? 1 : 0, v01 = f[k + nx] <= 0 ? 1 : 0;
            const code = v00 | (v10 << 1) | (v11 << 2) | (v01 << 3);
            if (code === 0 || code === 15) continue;
            const B = 2 * k, T = 2 * (k + nx), L = 2 * k + 1, R = 2 * (k + 1) + 1;
            if (v00 !== v10) point(B, i, j, false);
            if (v01 !== v11) point(T, i, j + 1, false);
            if (v00 !== v01) point(L, i, j, true);
            if (v10 !== v11) point(R, i + 1, j, true);
            // Each segment runs with the inside on its right (y up); rings are reversed at the end.
            switch (code) {
                case 1: link(L, B); break;
                case 2: link(B, R); break;
                case 3: link(L, R); break;
                case 4: link(R, T); break;
                case 6: link(B, T); break;
                case 7: link(L, T); break;
                case 8: link(T, L); break;
                case 9: link(T, B); break;
                case 11: link(T, R); break;
                case 12: link(R, L); break;
                case 13: link(R, B); break;
                case 14: link(B, L); break;
                case 5: case 10: {
                    // Saddle: the centre decides whether the two inside corners connect.
                    const centre = (f[k] + f[k + 1] + f[k + nx] + f[k + nx + 1]) / 4 <= 0;
                    if (code === 5) {
                        if (centre) { link(L, T); link(R, B); } else { link(L, B); link(R, T); }
                    } else {
                        if (centre) { link(B, L); link(T, R); } else { link(B, R); link(T, L); }
                    }
                    break;
                }
            }
        }
    }

    const rings: Ring[] = [];
    for (const start of starts) {
        if (next[start] === 0) continue;
        const ring: Ring = [];
        let key = start;
        while (next[key] !== 0) {
            ring.push([grid.lon(px[key]), grid.lat(py[key])]);
            const n = next[key] - 1;
            next[key] = 0;
            key = n;
        }
        if (ring.length >= 3) {
            ring.push([ring[0][0], ring[0][1]]);
            // The cases above keep the inside on the right; reversed, exteriors run counter-clockwise.
            rings.push(ring.reverse());
        }
    }
    return rings;
}

export function roundRing(ring: Ring): Ring {
    const out: Ring = [];
    for (const [x, y] of ring) {
        const p = [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6];
        const last = out[out.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    if (out.length > 1 && (out[0][0] !== out[out.length - 1][0] || out[0][1] !== out[out.length - 1][1])) out.push([out[0][0], out[0][1]]);
    return out;
}

export interface PolygonSet {
    /** Each polygon: exterior then holes. */
    polygons: Ring[][];
}

/**
 * Groups contour rings into polygons: counter-clockwise rings are exteriors, clockwise ones holes
 * of the smallest exterior containing them. Drops rings below minArea (squared degrees scaled).
 */
export function assemblePolygons(rings: Ring[], minArea: number): Ring[][] {
    const outers: {ring: Ring; area: number; holes: Ring[]}[] = [];
    const holes: {ring: Ring; area: number}[] = [];
    for (const r of rings) {
        const a = signedArea(r);
        if (Math.abs(a) < minArea) continue;
        if (a > 0) outers.push({ring: r, area: a, holes: []});
        else holes.push({ring: r, area: -a});
    }
    outers.sort((a, b) => b.area - a.area);
    for (const h of holes) {
        let owner: (typeof outers)[number] | null = null;
        for (const o of outers) {
            if (o.area > h.area && pointInRing(h.ring[0][0], h.ring[0][1], o.ring) && (!owner || o.area < owner.area)) owner = o;
        }
        if (owner) owner.holes.push(h.ring);
    }
    return outers.map((o) => [o.ring, ...o.holes]);
}
