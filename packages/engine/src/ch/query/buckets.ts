// Many-to-many tables over the contraction hierarchy (Knopp et al. 2007): a full backward upward
// search from each target leaves its distance in a bucket at every node it settles; one forward
// upward search per source then meets every target through the buckets of the nodes it settles.
// The buckets are kept: calling again with the same targets costs one upward search per source.
import {INF} from '../../graph/road-graph.js';
import {NO_BEARING} from '../../graph/turn-costs.js';
import {KeptSearches} from './kept-searches.js';
import {inPasses} from './passes.js';
import {ZERO, grow, sameTargets, type SearchSpace} from './search-space.js';

/** Bucket entries kept between calls by release (about 28 bytes each). */
const SCRATCH_KEEP_ENTRIES = 1 << 20;

export class BucketTable {
    private readonly space: SearchSpace;
    // Buckets: for each node reached by a target's backward search, the targets (by index) and their
    // distances, grouped by node; bucketCount[node] = 0 where there is none (the entries are
    // gathered unsorted first, then grouped).
    private bucketTargets: Uint32Array = new Uint32Array(0);
    private bucketNodes: Uint32Array = new Uint32Array(1024);
    private bucketNodeCount = 0;
    private entryNode: Uint32Array = new Uint32Array(1024);
    private entryTarget: Uint32Array = new Uint32Array(1024);
    private entryDist: Float64Array = new Float64Array(1024);
    private bucketTarget: Uint32Array = new Uint32Array(1024);
    private bucketDist: Float64Array = new Float64Array(1024);
    private entryCount = 0;
    // Path lengths and turns beside the times (tableWithLengths): per entry, and where they go.
    private entryLen: Float64Array = new Float64Array(1024);
    private bucketLen: Float64Array = new Float64Array(1024);
    private lengthOut: Float64Array | null = null;
    private entryTurn: Float64Array = new Float64Array(1024);
    private entryBearing: Uint16Array = new Uint16Array(1024);
    private bucketTurn: Float64Array = new Float64Array(1024);
    private bucketBearing: Uint16Array = new Uint16Array(1024);
    private bucketBearings: Uint16Array | null = null;
    /** Whether the buckets hold lengths (filled while the space kept them). */
    private bucketLengths = false;
    private turnOut: Float64Array | null = null;
    private readonly sourceBearing = new Uint16Array(1);
    /** tablePath's one cell. */
    private readonly single = new Float64Array(1);

    /**
     * Per target, what its full backward search put in the buckets (nodes and times, in order): it depends on
     * the target alone, and the transit walks ask for the same places' ends listing after listing. Only for
     * plain tables (no lengths, turns or bound). Within the thread's budget (kept-searches.ts).
     */
    private readonly searched = new KeptSearches<{node: Uint32Array; dist: Float64Array}>((s) => s.node.byteLength + s.dist.byteLength);

    constructor(space: SearchSpace) {
        this.space = space;
    }

    /** Clears the buckets from the shared arrays and forgets their targets (another query takes the scratch). */
    clear(): void {
        const bucketCount = this.space.bucketCount;
        for (let i = 0; i < this.bucketNodeCount; i++) bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        this.bucketTargets = new Uint32Array(0);
        this.bucketBearings = null;
    }

    /** The next call fills the buckets again (they were cut at a bound, or hold no lengths). */
    forget(): void {
        this.bucketTargets = new Uint32Array(0);
    }

    /** Travel times from one source (a rank) to many targets (ranks) into `out` (INF where unreachable). */
    oneToMany(source: number, targets: Uint32Array, out: Float64Array): void {
        this.prepare(targets);
        this.scan(source, out, 0, targets.length);
    }

    /** Travel times for all pairs (ranks), row by source (INF where unreachable). */
    table(froms: Uint32Array, tos: Uint32Array): Float64Array {
        const k = tos.length;
        const result = new Float64Array(froms.length * k);
        this.prepare(tos);
        for (let i = 0; i < froms.length; i++) this.scan(froms[i], result, i * k, k);
        return result;
    }

    /**
     * Times and lengths for all pairs (ranks), row by source, with the buckets kept for the next call with the
     * same targets (unlike tableWithLengths: no passes, no turns; for a small table asked for source after
     * source). The space keeps lengths for this call only.
     */
    tableKeptWithLengths(froms: Uint32Array, tos: Uint32Array): {times: Float64Array; lengths: Float64Array} {
        const space = this.space, k = tos.length;
        const times = new Float64Array(froms.length * k), lengths = new Float64Array(froms.length * k);
        const kept = space.keepLength;
        space.startLengths();
        this.lengthOut = lengths;
        try {
            this.prepare(tos);
            for (let i = 0; i < froms.length; i++) this.scan(froms[i], times, i * k, k);
            return {times, lengths};
        } finally {
            this.lengthOut = null;
            space.keepLength = kept;
        }
    }

    /** Times, lengths and turns for all pairs (ranks), row by source, in passes; the space keeps lengths. */
    tableWithLengths(froms: Uint32Array, tos: Uint32Array, sourceBearings: Uint16Array | null, targetBearings: Uint16Array | null):
        {times: Float64Array; lengths: Float64Array; turns: Float64Array | null} {
        const k = tos.length;
        const lengths = new Float64Array(froms.length * k);
        const turns = this.space.turnCosts ? new Float64Array(froms.length * k) : null;
        const times = new Float64Array(froms.length * k);
        this.lengthOut = lengths;
        this.turnOut = turns;
        try {
            inPasses(this.space, times, () => {
                // Buckets cut at a bound serve no other pass, nor any later call.
                this.bucketTargets = new Uint32Array(0);
                this.prepare(tos, targetBearings);
                for (let i = 0; i < froms.length; i++) this.scan(froms[i], times, i * k, k, sourceBearings ? sourceBearings[i] : NO_BEARING);
            });
            return {times, lengths, turns};
        } finally {
            this.bucketTargets = new Uint32Array(0);
            this.lengthOut = null;
            this.turnOut = null;
        }
    }

    /**
     * The one-cell table of source and target (ranks) with its fills stopping past `bound` (the pair's
     * time): its time, or INF, the space's meet and parents left for unpacking its path.
     */
    singlePair(source: number, target: number, bound: number): number {
        const space = this.space;
        space.fillBound = bound;
        try {
            // Fill again even for the same target: the backward search's parents must be this target's.
            this.bucketTargets = new Uint32Array(0);
            this.prepare(Uint32Array.of(target));
            this.scan(source, this.single, 0, 1);
        } finally {
            space.fillBound = Infinity;
            // Buckets cut at a bound serve no other call.
            this.bucketTargets = new Uint32Array(0);
        }
        return this.single[0];
    }

    /**
     * Lets the bucket scratch of a big table go (thousands of destinations: hundreds of MB that would
     * otherwise stay with the query object for good); small buckets are kept for the next call.
     */
    release(): void {
        if (this.entryNode.length <= SCRATCH_KEEP_ENTRIES) return;
        const bucketCount = this.space.bucketCount;
        for (let i = 0; i < this.bucketNodeCount; i++) bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        this.bucketTargets = new Uint32Array(0);
        this.bucketNodes = new Uint32Array(1024);
        this.entryNode = new Uint32Array(1024);
        this.entryTarget = new Uint32Array(1024);
        this.entryDist = new Float64Array(1024);
        this.entryLen = new Float64Array(1024);
        this.bucketTarget = new Uint32Array(1024);
        this.bucketDist = new Float64Array(1024);
        this.bucketLen = new Float64Array(1024);
        this.entryTurn = new Float64Array(1024);
        this.entryBearing = new Uint16Array(1024);
        this.bucketTurn = new Float64Array(1024);
        this.bucketBearing = new Uint16Array(1024);
    }

    /** Fills the buckets for a target set, unless they already hold exactly these targets. */
    private prepare(targets: Uint32Array, bearings: Uint16Array | null = null): void {
        const space = this.space;
        space.claim();
        if (sameTargets(this.bucketTargets, targets) && sameBearings(this.bucketBearings, bearings) && (this.bucketLengths || !space.keepLength)) return;
        const bucketStart = space.bucketStart, bucketCount = space.bucketCount;
        for (let i = 0; i < this.bucketNodeCount; i++) bucketCount[this.bucketNodes[i]] = 0;
        this.bucketNodeCount = 0;
        this.entryCount = 0;
        const plain = !space.keepLength && space.turnCosts === null && space.fillBound === Infinity;
        for (let j = 0; j < targets.length; j++) {
            if (plain) this.fillKept(targets[j], j);
            else this.fill(targets[j], j, bearings ? bearings[j] : NO_BEARING);
        }

        // Group the entries by node: start = end of the node's run, then fill it backwards.
        let at = 0;
        for (let i = 0; i < this.bucketNodeCount; i++) {
            const x = this.bucketNodes[i];
            at += bucketCount[x];
            bucketStart[x] = at;
        }
        if (this.bucketTarget.length < this.entryCount) {
            this.bucketTarget = new Uint32Array(this.entryNode.length);
            this.bucketDist = new Float64Array(this.entryNode.length);
            this.bucketLen = new Float64Array(this.entryNode.length);
            this.bucketTurn = new Float64Array(this.entryNode.length);
            this.bucketBearing = new Uint16Array(this.entryNode.length);
        }
        const keepLength = space.keepLength, turning = space.turnCosts !== null;
        for (let e = 0; e < this.entryCount; e++) {
            const k = --bucketStart[this.entryNode[e]];
            this.bucketTarget[k] = this.entryTarget[e];
            this.bucketDist[k] = this.entryDist[e];
            if (keepLength) this.bucketLen[k] = this.entryLen[e];
            if (turning) {
                this.bucketTurn[k] = this.entryTurn[e];
                this.bucketBearing[k] = this.entryBearing[e];
            }
        }
        this.bucketTargets = targets.slice();
        this.bucketBearings = bearings && bearings.slice();
        this.bucketLengths = keepLength;
    }

    /** fill() for a plain table, from what the target's search put in the buckets before when it is kept. */
    private fillKept(target: number, index: number): void {
        const kept = this.searched.get(target);
        if (kept === undefined) {
            const first = this.entryCount;
            this.fill(target, index, NO_BEARING);
            this.searched.set(target, {node: this.entryNode.slice(first, this.entryCount), dist: this.entryDist.slice(first, this.entryCount)});
            return;
        }
        const bucketCount = this.space.bucketCount;
        for (let k = 0; k < kept.node.length; k++) {
            if (this.entryCount === this.entryNode.length) this.growEntries();
            const e = this.entryCount++, x = kept.node[k];
            this.entryNode[e] = x;
            this.entryTarget[e] = index;
            this.entryDist[e] = kept.dist[k];
            if (bucketCount[x]++ === 0) {
                if (this.bucketNodeCount === this.bucketNodes.length) this.bucketNodes = grow(this.bucketNodes);
                this.bucketNodes[this.bucketNodeCount++] = x;
            }
        }
    }

    /** Full backward upward search from one target, adding each settled, unstalled node to the buckets. */
    private fill(target: number, index: number, bearing: number): void {
        const space = this.space;
        space.resetBackward();
        const ch = space.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const dist = space.backwardDist, touched = space.backwardTouched, heap = space.backwardHeap, parent = space.backwardParent;
        const bucketCount = space.bucketCount;
        const len = space.keepLength ? space.backwardLen : null, downLen = ch.downLength;
        const tc = space.turnCosts, turn = space.backwardTurn, bearingOf = space.backwardBearing, arcTurns = ch.turns, node = ch.node;
        if (len) len[target] = 0;
        if (tc) {
            turn[target] = 0;
            bearingOf[target] = bearing;
        }
        dist[target] = 0;
        touched[0] = target;
        let count = 1;
        heap.push(target, 0);
        const bound = space.fillBound;
        while (heap.length > 0 && heap.peekKey() <= bound) {
            const x = heap.pop();
            const d = dist[x];
            let stalled = false;
            for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                if (dist[upHead[i]] + upWeight[i] < d) {
                    stalled = true;
                    break;
                }
            }
            if (stalled) continue;
            if (this.entryCount === this.entryNode.length) this.growEntries();
            const e = this.entryCount++;
            this.entryNode[e] = x;
            this.entryTarget[e] = index;
            this.entryDist[e] = d;
            if (len) this.entryLen[e] = len[x];
            if (tc) {
                this.entryTurn[e] = turn[x];
                this.entryBearing[e] = bearingOf[x];
            }
            if (bucketCount[x]++ === 0) {
                if (this.bucketNodeCount === this.bucketNodes.length) this.bucketNodes = grow(this.bucketNodes);
                this.bucketNodes[this.bucketNodeCount++] = x;
            }
            for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                const v = downHead[i];
                const nd = d + downWeight[i];
                const old = dist[v];
                if (nd > old) continue;
                // Down arc i runs v → x: its turns, then the turn at x onto the path on. Of two paths
                // of the same time, the one with fewer turns (while v is still open).
                const vt = tc ? turn[x] + arcTurns!.downTurn[i] + tc.at(node[x], arcTurns!.downLeave[i], bearingOf[x]) : 0;
                if (nd === old && !(tc && heap.has(v) && vt < turn[v])) continue;
                if (old === Infinity) touched[count++] = v;
                dist[v] = nd;
                parent[v] = x;
                if (len) len[v] = len[x] + downLen[i];
                if (tc) {
                    turn[v] = vt;
                    bearingOf[v] = arcTurns!.downEnter[i];
                }
                heap.push(v, nd);
            }
        }
        if (heap.length > 0) space.fillCut = true;
        space.backwardTouchedCount = count;
    }

    /** Forward search from the source, taking the best through each bucket into out[offset + j]. */
    private scan(source: number, out: Float64Array, offset: number, k: number, bearing: number = NO_BEARING): void {
        const space = this.space;
        out.fill(Infinity, offset, offset + k);
        this.sourceBearing[0] = bearing;
        space.forwardFill(source, ZERO, ZERO, null, this.sourceBearing, ZERO);
        const dist = space.forwardDist, settled = space.forwardSettled;
        const bucketStart = space.bucketStart, bucketCount = space.bucketCount;
        const bucketTarget = this.bucketTarget, bucketDist = this.bucketDist;
        const lengthOut = this.lengthOut, len = lengthOut ? space.forwardLen : null, bucketLen = this.bucketLen;
        const tc = space.turnCosts, turnOut = this.turnOut, turn = space.forwardTurn, bearingOf = space.forwardBearing, node = space.ch.node;
        const bucketTurn = this.bucketTurn, bucketBearing = this.bucketBearing;
        for (let n = 0; n < space.forwardSettledCount; n++) {
            const x = settled[n];
            const entries = bucketCount[x];
            if (entries === 0) continue;
            const d = dist[x];
            for (let e = bucketStart[x], end = e + entries; e < end; e++) {
                const j = offset + bucketTarget[e];
                const through = d + bucketDist[e];
                if (through > out[j]) continue;
                // Of two meetings of the same time, the path with fewer turns.
                const pathTurn = tc && turnOut ? turn[x] + bucketTurn[e] + tc.at(node[x], bearingOf[x], bucketBearing[e]) : 0;
                if (through === out[j] && !(tc && turnOut && pathTurn < turnOut[j])) continue;
                out[j] = through;
                space.meet = x; // for singlePair's path
                if (len) lengthOut![j] = len[x] + bucketLen[e];
                if (tc && turnOut) turnOut[j] = pathTurn;
            }
        }
        if (lengthOut) for (let j = offset; j < offset + k; j++) if (out[j] === Infinity) lengthOut[j] = Infinity;
        for (let j = offset; j < offset + k; j++) if (out[j] === Infinity) out[j] = INF;
    }

    private growEntries(): void {
        this.entryNode = grow(this.entryNode);
        this.entryTarget = grow(this.entryTarget);
        const dist = new Float64Array(this.entryDist.length * 2);
        dist.set(this.entryDist);
        this.entryDist = dist;
        const len = new Float64Array(this.entryLen.length * 2);
        len.set(this.entryLen);
        this.entryLen = len;
        if (this.space.turnCosts) {
            const turn = new Float64Array(this.entryTurn.length * 2);
            turn.set(this.entryTurn);
            this.entryTurn = turn;
            const bearing = new Uint16Array(this.entryBearing.length * 2);
            bearing.set(this.entryBearing);
            this.entryBearing = bearing;
        }
    }
}

function sameBearings(known: Uint16Array | null, bearings: Uint16Array | null): boolean {
    if (known === null || bearings === null) return known === bearings;
    return sameTargets(known as unknown as Uint32Array, bearings as unknown as Uint32Array);
}
