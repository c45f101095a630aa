// Assembling OSM way pieces into rings: multipolygon members (any direction) and coastlines (kept in
// their direction, land on the left), by shared end node ids.
import {insideRing, reverseRing, ringArea2} from '../geo/planar.js';

export interface Joined {
    /** Node id lists whose first id equals the last. */
    closed: number[][];
    /** Chains that could not be closed. */
    open: number[][];
}

/** Joins pieces (node id lists) end to end. `directed` pieces are never reversed (coastlines). */
export function joinPieces(pieces: ArrayLike<number>[], directed: boolean): Joined {
    const byStart = new Map<number, number[]>();
    const byEnd = new Map<number, number[]>();
    const add = (map: Map<number, number[]>, id: number, i: number) => {
        const list = map.get(id);
        if (list) list.push(i);
        else map.set(id, [i]);
    };
    for (let i = 0; i < pieces.length; i++) {
        const p = pieces[i];
        if (p.length < 2) continue;
        add(byStart, p[0], i);
        add(byEnd, p[p.length - 1], i);
    }
    const used = new Uint8Array(pieces.length);
    const take = (map: Map<number, number[]>, id: number): number => {
        const list = map.get(id);
        if (!list) return -1;
        for (let k = 0; k < list.length; k++) {
            const i = list[k];
            if (!used[i]) {
                used[i] = 1;
                return i;
            }
        }
        return -1;
    };
    const result: Joined = {closed: [], open: []};
    for (let i = 0; i < pieces.length; i++) {
        if (used[i] || pieces[i].length < 2) continue;
        used[i] = 1;
        const chain = Array.from(pieces[i]);
        // Extend at the end, then (reversing or prepending) at the start, until closed or stuck.
        for (let side = 0; side < 2 && chain[0] !== chain[chain.length - 1]; side++) {
            for (;;) {
                if (chain[0] === chain[chain.length - 1]) break;
                const end = chain[chain.length - 1];
                let j = take(byStart, end), reversed = false;
                if (j < 0 && !directed) {
                    j = take(byEnd, end);
                    reversed = true;
                }
                if (j < 0) break;
                const p = pieces[j];
                if (reversed) for (let k = p.length - 2; k >= 0; k--) chain.push(p[k]);
                else for (let k = 1; k < p.length; k++) chain.push(p[k]);
            }
            if (chain[0] === chain[chain.length - 1]) break;
            if (directed) {
                // Prepend pieces that end where the chain starts.
                for (;;) {
                    const j = take(byEnd, chain[0]);
                    if (j < 0) break;
                    const p = pieces[j];
                    const head = Array.from(p).slice(0, p.length - 1);
                    chain.unshift(...head);
                    if (chain[0] === chain[chain.length - 1]) break;
                }
                break;
            }
            chain.reverse();
        }
        if (chain.length >= 4 && chain[0] === chain[chain.length - 1]) result.closed.push(chain);
        else result.open.push(chain);
    }
    return result;
}

/**
 * Land polygons from coastline chains in world coordinates (y grows southwards), inside a box.
 * Closed chains are islands. Open chains are extended to the nearest side of the box and joined
 * along the box's edge, walking so that land stays on the left (OSM's coastline convention).
 */
export function landRings(closedRings: Int32Array[], openChains: Int32Array[], minX: number, minY: number, maxX: number, maxY: number): Int32Array[] {
    const rings = closedRings.slice();
    const w = maxX - minX, h = maxY - minY;
    openChains = bridgeGaps(openChains, rings, 0.02 * Math.hypot(w, h));
    // Only chains that start and end at the extract's edge can be closed along it; anything else
    // (a coastline cut short by the extract) would flood the map, so it is left out.
    const edge = 0.01 * Math.max(w, h);
    const nearEdge = (x: number, y: number) => Math.min(x - minX, maxX - x, y - minY, maxY - y) <= edge;
    openChains = openChains.filter((c) => nearEdge(c[0], c[1]) && nearEdge(c[c.length - 2], c[c.length - 1]));
    if (openChains.length === 0) return rings;
    // Perimeter position, counter-clockwise on the ground (south edge west→east, east edge south→north, …).
    const perimeter = (x: number, y: number): number => {
        const dS = maxY - y, dE = maxX - x, dN = y - minY, dW = x - minX;
        const m = Math.min(dS, dE, dN, dW);
        if (m === dS) return (x - minX) / w;
        if (m === dE) return 1 + (maxY - y) / h;
        if (m === dN) return 2 + (maxX - x) / w;
        return 3 + (y - minY) / h;
    };
    const pointAt = (t: number): [number, number] => {
        const s = ((t % 4) + 4) % 4, k = Math.floor(s), f = s - k;
        if (k === 0) return [Math.round(minX + f * w), maxY];
        if (k === 1) return [maxX, Math.round(maxY - f * h)];
        if (k === 2) return [Math.round(maxX - f * w), minY];
        return [minX, Math.round(minY + f * h)];
    };
    const startT = openChains.map((c) => perimeter(c[0], c[1]));
    const endT = openChains.map((c) => perimeter(c[c.length - 2], c[c.length - 1]));
    const used = new Uint8Array(openChains.length);
    for (let first = 0; first < openChains.length; first++) {
        if (used[first]) continue;
        const out: number[] = [];
        let c = first;
        for (let guard = 0; guard <= openChains.length; guard++) {
            used[c] = 1;
            const chain = openChains[c];
            const [sx, sy] = pointAt(startT[c]);
            out.push(sx, sy);
            for (let i = 0; i < chain.length; i++) out.push(chain[i]);
            const [ex, ey] = pointAt(endT[c]);
            out.push(ex, ey);
            // The next chain start counter-clockwise from this end, with the corners passed on the way.
            let next = -1, best = Infinity;
            for (let j = 0; j < openChains.length; j++) {
                if (used[j] && j !== first) continue;
                let d = startT[j] - endT[c];
                if (d < 0) d += 4;
                if (d < best) {
                    best = d;
                    next = j;
                }
            }
            if (next < 0) break;
            for (let k = Math.floor(endT[c]) + 1; k < endT[c] + best; k++) {
                const [cx, cy] = pointAt(k);
                out.push(cx, cy);
            }
            if (next === first) break;
            c = next;
        }
        out.push(out[0], out[1]);
        rings.push(Int32Array.from(out));
    }
    return rings;
}

/**
 * Joins open chains whose end lies within `maxGap` of another chain's start (small gaps in the
 * mapped coastline); chains that come back to their own start become closed rings (pushed to `rings`).
 */
function bridgeGaps(chains: Int32Array[], rings: Int32Array[], maxGap: number): Int32Array[] {
    const open = chains.slice();
    for (let changed = true; changed;) {
        changed = false;
        for (let i = 0; i < open.length; i++) {
            const a = open[i];
            const ex = a[a.length - 2], ey = a[a.length - 1];
            let best = -1, bestD = maxGap;
            for (let j = 0; j < open.length; j++) {
                const d = Math.hypot(open[j][0] - ex, open[j][1] - ey);
                if (d < bestD) {
                    bestD = d;
                    best = j;
                }
            }
            if (best < 0) continue;
            if (best === i) {
                // Back to its own start: an island whose ring had a gap.
                if (a.length >= 8) rings.push(Int32Array.from([...a, a[0], a[1]]));
                open.splice(i, 1);
            } else {
                const b = open[best];
                const merged = new Int32Array(a.length + b.length);
                merged.set(a, 0);
                merged.set(b, a.length);
                open[i] = merged;
                open.splice(best, 1);
            }
            changed = true;
            break;
        }
    }
    return open;
}

/**
 * Orients the rings of one area so it can be filled with the non-zero rule together with its
 * neighbours: a ring nested in an even number of the others (an outer ring) turns positively, one
 * nested in an odd number (a hole) negatively. Reverses rings in place.
 */
export function orientRings(rings: Int32Array[]): void {
    for (let i = 0; i < rings.length; i++) {
        const ring = rings[i];
        let depth = 0;
        if (rings.length > 1) {
            for (let j = 0; j < rings.length; j++) if (j !== i && insideRing(rings[j], ring[0], ring[1])) depth++;
        }
        const area = ringArea2(ring);
        if ((depth % 2 === 0) !== (area > 0)) reverseRing(ring);
    }
}
