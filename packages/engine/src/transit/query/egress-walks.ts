// The egress walks of a destination: the walks from the stops within EGRESS_MAX_SECONDS of it to it, by stop index.
// They depend on the destination alone, and the places measured from listing after listing are mostly the same few
// (2,000 Brussels positions: 24,000 trips to 1,365 places). The region's build made those of its POIs
// (TransitRouterOptions.egress, read in place); any other destination is searched once and remembered, up to
// EGRESS_MEMO_BYTES (the oldest destinations forgotten first; a destination with no stop in reach counts too).
import {concatenated, lowerBound, partStarts} from '../../format/growable.js';
import type {RoadGraph} from '../../graph/road-graph.js';
import type {Snap} from '../../graph/snap.js';
import {edgePoint, type EdgePoint} from '../foot-search.js';
import {EGRESS_MAX_SECONDS, type FootAccess} from './foot-access.js';
import type {EgressTable} from './transit-types.js';

/**
 * Memory the remembered egress walks may take per router: an entry costs about 800 bytes (key, object,
 * three typed arrays: measured) and 20 bytes per walk; one of the build's, its entry only (views of its table).
 */
const EGRESS_MEMO_BYTES = 64 * 1024 * 1024;
const EGRESS_ENTRY_BYTES = 800, EGRESS_WALK_BYTES = 20;

/** The walks from the stops around one destination to it: stop index (ascending), ms, metres. */
export interface EgressWalks {
    stop: Uint32Array;
    ms: Float64Array;
    meters: Float64Array;
}

export class EgressWalkStore {
    /** By destination snap (`edge:offset`), in the order they were found, and their estimated bytes. */
    private readonly memo = new Map<string, EgressWalks>();
    private memoBytes = 0;

    /** `egressMs`: where `access`'s egress searches write each stop's walk (RAPTOR's array); `built`: the build's table, or null. */
    constructor(private readonly graph: RoadGraph, private readonly access: FootAccess, private readonly egressMs: Float64Array,
        private readonly built: EgressTable | null) {}

    /** The egress walks of a destination snapped for FOOT (`tp`: its point on the foot network). */
    of(to: Snap, tp: EdgePoint): EgressWalks {
        const key = `${to.edge}:${to.offset}`;
        const known = this.memo.get(key);
        if (known) return known;
        const walks = this.builtOf(to) ?? this.search(tp);
        const bytes = (w: EgressWalks) => EGRESS_ENTRY_BYTES + (w.stop.buffer === this.built?.stop.buffer ? 0 : EGRESS_WALK_BYTES * w.stop.length);
        this.memoBytes += bytes(walks);
        for (const [oldKey, old] of this.memo) {
            if (this.memoBytes <= EGRESS_MEMO_BYTES) break;
            this.memo.delete(oldKey);
            this.memoBytes -= bytes(old);
        }
        this.memo.set(key, walks);
        return walks;
    }

    /** The egress walks of these destinations (snapped for FOOT), searched, each snap once, by edge and offset: the build's table. */
    table(snaps: readonly Snap[]): EgressTable {
        const order = snaps.slice().sort((p, q) => p.edge - q.edge || p.offset - q.offset);
        const distinct = order.filter((s, i) => i === 0 || s.edge !== order[i - 1].edge || s.offset !== order[i - 1].offset);
        const walks = distinct.map((s) => this.search(edgePoint(this.graph, s.edge, s.offset)));
        const stops = walks.map((w) => w.stop);
        return {edge: Uint32Array.from(distinct, (s) => s.edge), offset: Float64Array.from(distinct, (s) => s.offset), first: partStarts(stops),
            stop: concatenated(stops, Uint32Array), ms: concatenated(walks.map((w) => w.ms), Float64Array), meters: concatenated(walks.map((w) => w.meters), Float64Array)};
    }

    /** A destination's walks, searched. */
    private search(tp: EdgePoint): EgressWalks {
        const access = this.access;
        access.findEgress(tp, EGRESS_MAX_SECONDS * 1000);
        const stop = access.egressList.slice(0, access.egressCount).sort();
        const ms = new Float64Array(stop.length), meters = new Float64Array(stop.length);
        for (let i = 0; i < stop.length; i++) {
            ms[i] = this.egressMs[stop[i]];
            meters[i] = access.walkPath(access.backward, tp, access.stopPoint(stop[i]), null).meters;
        }
        access.clearEgress();
        return {stop, ms, meters};
    }

    /** The build's walks of a destination snap (views of its table), or null when it made none for it. */
    private builtOf(to: Snap): EgressWalks | null {
        const table = this.built;
        if (table === null) return null;
        const {edge, offset, first} = table;
        // The few snaps on one edge, in offset order.
        for (let i = lowerBound(edge, to.edge); i < edge.length && edge[i] === to.edge; i++) {
            if (offset[i] !== to.offset) continue;
            const a = first[i], b = first[i + 1];
            return {stop: table.stop.subarray(a, b), ms: table.ms.subarray(a, b), meters: table.meters.subarray(a, b)};
        }
        return null;
    }
}
