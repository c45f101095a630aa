// Checks drawn routes against an extract's turn restrictions, independently of the road graph: the
// restrictions are read again from the OSM file (tags interpreted by parseTurnRestriction), resolved
// on the OSM ways' own node lists, and a route's polyline is walked point by point. A route breaks
// a restriction when it arrives at the via node along the from way (its previous point lies on a
// from-way segment ending there), follows the via ways, and then leaves along the to way (no_*), or
// along anything else (only_*). Used by the restriction tests and bench/turn-restrictions.js.
import {readOsmPbf} from '../src/osm/pbf.js';
import {parseTurnRestriction, type TurnRestriction} from '../src/graph/turn-restriction.js';

interface Placed {
    relation: number;
    only: boolean;
    /** Node ids from the first via node to the last (one for a via node). */
    via: number[];
    /** Segments (node id pairs) arriving at via[0] along the from way, leaving the last via node along the to way. */
    from: [number, number][];
    to: [number, number][];
}

export interface Violation {
    relation: number;
    /** Index of the via node in the route's points. */
    at: number;
}

/** Metres a route point may lie off a segment and still be on it. */
const ON_SEGMENT_METERS = 0.3;

export class RestrictionChecker {
    readonly restrictions: Placed[] = [];
    /** Restrictions for the mode that could not be placed (ways or nodes missing from the extract). */
    unplaced = 0;
    private readonly lat = new Map<number, number>();
    private readonly lon = new Map<number, number>();
    /** "lon,lat" in 1e-7 degrees → node id, for the nodes of restricted ways. */
    private readonly nodeAt = new Map<string, number>();

    /** The restrictions binding `mode` (CAR, BIKE) in an OSM file. */
    constructor(file: string, mode: number) {
        const found: TurnRestriction[] = [];
        readOsmPbf(file, {relation: (r) => {
            for (const t of parseTurnRestriction(r)) if (t.modes & (1 << mode)) found.push(t);
        }});
        const wayIds = new Set(found.flatMap((t) => [...t.from, ...t.viaWays, ...t.to]));
        const ways = new Map<number, number[]>();
        readOsmPbf(file, {way: (w) => {
            if (wayIds.has(w.id)) ways.set(w.id, Array.from(w.refs.subarray(0, w.refCount)));
        }});
        const nodeIds = new Set<number>();
        for (const refs of ways.values()) for (const id of refs) nodeIds.add(id);
        readOsmPbf(file, {node: (n) => {
            if (!nodeIds.has(n.id)) return;
            this.lat.set(n.id, n.lat);
            this.lon.set(n.id, n.lon);
            this.nodeAt.set(key(n.lon, n.lat), n.id);
        }});
        for (const t of found) {
            const placed = place(t, ways);
            if (placed) this.restrictions.push(placed);
            else this.unplaced++;
        }
    }

    /** The restrictions a route's polyline (flat [lon, lat, ...]) breaks. */
    violations(points: ArrayLike<number>): Violation[] {
        // Points as node ids where they are nodes of restricted ways (-1 elsewhere), repeats dropped.
        const lons: number[] = [], lats: number[] = [];
        for (let i = 0; i < points.length; i += 2) {
            const n = lons.length;
            if (n > 0 && lons[n - 1] === points[i] && lats[n - 1] === points[i + 1]) continue;
            lons.push(points[i]);
            lats.push(points[i + 1]);
        }
        const ids = lons.map((lon, i) => this.nodeAt.get(key(lon, lats[i])) ?? -1);
        const out: Violation[] = [];
        for (const r of this.restrictions) {
            for (let i = 1; i < ids.length; i++) {
                if (ids[i] !== r.via[0]) continue;
                if (!r.from.some(([p, v]) => this.onSegment(lons[i - 1], lats[i - 1], v, p))) continue;
                let j = i, k = 1;
                while (k < r.via.length && j + 1 < ids.length && ids[j + 1] === r.via[k]) {
                    j++;
                    k++;
                }
                if (k < r.via.length || j + 1 >= ids.length) continue;
                const onTo = r.to.some(([v, q]) => this.onSegment(lons[j + 1], lats[j + 1], v, q));
                if (onTo !== r.only) out.push({relation: r.relation, at: i});
            }
        }
        return out;
    }

    /** Whether a route's polyline passes through the via node of some restriction. */
    passesVia(points: ArrayLike<number>): boolean {
        const vias = new Set(this.restrictions.map((r) => r.via[0]));
        for (let i = 0; i < points.length; i += 2) {
            const id = this.nodeAt.get(key(points[i], points[i + 1]));
            if (id !== undefined && vias.has(id)) return true;
        }
        return false;
    }

    /** Whether a point lies on segment a → b (a excluded, b included). */
    private onSegment(lon: number, lat: number, a: number, b: number): boolean {
        const ax = this.lon.get(a)!, ay = this.lat.get(a)!, bx = this.lon.get(b)!, by = this.lat.get(b)!;
        const k = Math.cos((ay * Math.PI) / 180) * 111320;
        const px = (lon - ax) * k, py = (lat - ay) * 111320, dx = (bx - ax) * k, dy = (by - ay) * 111320;
        const len2 = dx * dx + dy * dy;
        if (len2 === 0) return false;
        const s = (px * dx + py * dy) / len2;
        if (s <= 0 || s > 1 + 1e-9) return false;
        const ex = px - s * dx, ey = py - s * dy;
        return ex * ex + ey * ey <= ON_SEGMENT_METERS * ON_SEGMENT_METERS;
    }
}

function key(lon: number, lat: number): string {
    return `${Math.round(lon * 1e7)},${Math.round(lat * 1e7)}`;
}

/** Neighbours of node v along a way (both sides where it passes through). */
function neighbours(refs: number[], v: number): number[] {
    const out: number[] = [];
    refs.forEach((id, i) => {
        if (id !== v) return;
        if (i > 0) out.push(refs[i - 1]);
        if (i + 1 < refs.length) out.push(refs[i + 1]);
    });
    return out;
}

/** Resolves a restriction on the ways' node lists; null when a way is missing or they do not meet. */
function place(t: TurnRestriction, ways: Map<number, number[]>): Placed | null {
    const get = (ids: number[]) => ids.map((id) => ways.get(id));
    const from = get(t.from), to = get(t.to), via = get(t.viaWays);
    if ([...from, ...to, ...via].some((w) => w === undefined)) return null;
    let chain: number[];
    if (t.viaNode >= 0) {
        chain = [t.viaNode];
    } else {
        // Join the via ways end to end, starting with the one the from way touches.
        const left = via.map((w) => w!.slice());
        const touchesFrom = (id: number) => from.some((w) => w!.includes(id));
        const startAt = left.findIndex((w) => touchesFrom(w[0]) || touchesFrom(w[w.length - 1]));
        if (startAt < 0) return null;
        chain = left.splice(startAt, 1)[0];
        if (!touchesFrom(chain[0])) chain.reverse();
        while (left.length > 0) {
            const end = chain[chain.length - 1];
            const k = left.findIndex((w) => w[0] === end || w[w.length - 1] === end);
            if (k < 0) return null;
            const next = left.splice(k, 1)[0];
            if (next[0] !== end) next.reverse();
            chain = chain.concat(next.slice(1));
        }
    }
    const first = chain[0], last = chain[chain.length - 1];
    const fromSegments: [number, number][] = [];
    for (const w of from) for (const p of neighbours(w!, first)) if (p !== chain[1]) fromSegments.push([p, first]);
    const toSegments: [number, number][] = [];
    for (const w of to) {
        for (const q of neighbours(w!, last)) {
            if (q === chain[chain.length - 2]) continue;
            // A u-turn along one way turns back onto the segment it came by; other turns never do.
            const back = fromSegments.some(([p]) => p === q && chain.length === 1);
            if (t.uTurn && t.from.some((id) => t.to.includes(id)) ? back : !back) toSegments.push([last, q]);
        }
    }
    if (fromSegments.length === 0 || toSegments.length === 0) return null;
    return {relation: t.relation, only: t.only, via: chain, from: fromSegments, to: toSegments};
}
