// The per-node scratch arrays of contraction-hierarchy queries (query.ts), shared by the queries of
// one thread: a thread answers one request at a time, so its car, foot and bike queries (and the
// transit router's walks), in every region it serves, need one set of node-sized arrays (sized for its
// largest road graph), not one each. A query that finds another one's state in the arrays has it cleared
// first (SearchSpace.claim, query/search-space.ts), so sharing changes no answer.
import {NodeHeap} from '../search/heap.js';
import {RankSet} from './query/rank-set.js';
import {largestPerThread} from '../util/largest-per-thread.js';

/** What a query must do before another query of the same scratch uses it. */
export interface ScratchUser {
    yieldScratch(): void;
}

export class CHScratch {
    /** Nodes the arrays hold: at least the road graph's of every query using them. */
    readonly nodeCount: number;
    /** The query whose state the arrays hold. */
    owner: ScratchUser | null = null;
    // Distances are Infinity where not reached; touched lists say what to reset.
    readonly forwardDist: Float64Array;
    readonly backwardDist: Float64Array;
    readonly forwardParent: Uint32Array;
    readonly backwardParent: Uint32Array;
    readonly forwardTouched: Uint32Array;
    readonly backwardTouched: Uint32Array;
    readonly forwardHeap: NodeHeap;
    readonly backwardHeap: NodeHeap;
    readonly bucketStart: Uint32Array;
    readonly bucketCount: Uint32Array;
    readonly forwardSettled: Uint32Array;
    readonly selIndex: Uint32Array;
    /** The sweeps' selection while it is made (query/sweep.ts); empty between sweeps. */
    readonly selMembers: RankSet;
    // Allocated on first use: path lengths, and turns for modes with turn costs.
    private lengths: [Float64Array, Float64Array] | null = null;
    private turns: [Float64Array, Uint16Array, Float64Array, Uint16Array] | null = null;
    private seedLabels: [Uint8Array, Uint8Array] | null = null;
    private ties: [Uint8Array, Uint8Array] | null = null;

    constructor(nodeCount: number) {
        const n = this.nodeCount = nodeCount;
        this.forwardDist = new Float64Array(n).fill(Infinity);
        this.backwardDist = new Float64Array(n).fill(Infinity);
        this.forwardParent = new Uint32Array(n);
        this.backwardParent = new Uint32Array(n);
        this.forwardTouched = new Uint32Array(n);
        this.backwardTouched = new Uint32Array(n);
        this.forwardHeap = new NodeHeap(n);
        this.backwardHeap = new NodeHeap(n);
        this.bucketStart = new Uint32Array(n);
        this.bucketCount = new Uint32Array(n);
        this.forwardSettled = new Uint32Array(n);
        this.selIndex = new Uint32Array(n);
        this.selMembers = new RankSet(n);
    }

    /** Path lengths forward and backward (m). */
    lengthArrays(): [Float64Array, Float64Array] {
        return (this.lengths ??= [new Float64Array(this.nodeCount), new Float64Array(this.nodeCount)]);
    }

    /** Which seed each node was reached from, forward and backward (searches from several seeds at once). */
    labelArrays(): [Uint8Array, Uint8Array] {
        return (this.seedLabels ??= [new Uint8Array(this.nodeCount), new Uint8Array(this.nodeCount)]);
    }

    /** Whether a node was reached as fast two ways (point-to-point.ts), forward and backward; set wherever a distance is. */
    tieArrays(): [Uint8Array, Uint8Array] {
        return (this.ties ??= [new Uint8Array(this.nodeCount), new Uint8Array(this.nodeCount)]);
    }

    /** Turn costs and bearings, forward then backward. */
    turnArrays(): [Float64Array, Uint16Array, Float64Array, Uint16Array] {
        const n = this.nodeCount;
        return (this.turns ??= [new Float64Array(n), new Uint16Array(n), new Float64Array(n), new Uint16Array(n)]);
    }
}

/** Scratch for the queries of a road graph of `nodeCount` nodes, shared with the thread's other regions. */
export const threadScratch = largestPerThread((nodeCount) => new CHScratch(nodeCount));
