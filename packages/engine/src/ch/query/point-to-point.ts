// Point-to-point contraction-hierarchy queries: the bidirectional upward search, pruned by
// stall-on-demand and by the best meeting so far, and the unpacking of its up-down path (shortcuts
// expanded over their middle nodes) into road-graph arcs.
import {INF} from '../../graph/road-graph.js';
import {ORIGINAL} from '../hierarchy.js';
import {grow, type SearchSpace} from './search-space.js';

export interface CHPath {
    /** ms; INF when the target cannot be reached. */
    weight: number;
    /** Road-graph arcs from source to target, each owned by the node it leaves (read with arcOut). */
    arcs: Uint32Array;
}

export class PointToPoint {
    private readonly space: SearchSpace;
    // Path unpacking: a stack of (from, to) pairs still to expand, and the road arcs found so far.
    private stackFrom: Uint32Array = new Uint32Array(256);
    private stackTo: Uint32Array = new Uint32Array(256);
    private pathArcs: Uint32Array = new Uint32Array(256);

    constructor(space: SearchSpace) {
        this.space = space;
    }

    /** Bidirectional upward search; returns the best distance (Infinity if none) and sets the space's `meet`. */
    search(source: number, target: number): number {
        const space = this.space;
        space.claim();
        space.resetForward();
        space.resetBackward();
        const ch = space.ch;
        const upFirst = ch.upFirst, upHead = ch.upHead, upWeight = ch.upWeight;
        const downFirst = ch.downFirst, downHead = ch.downHead, downWeight = ch.downWeight;
        const fDist = space.forwardDist, bDist = space.backwardDist;
        const fParent = space.forwardParent, bParent = space.backwardParent;
        const fTouched = space.forwardTouched, bTouched = space.backwardTouched;
        const fHeap = space.forwardHeap, bHeap = space.backwardHeap;
        fDist[source] = 0;
        fTouched[0] = source;
        let fCount = 1;
        fHeap.push(source, 0);
        bDist[target] = 0;
        bTouched[0] = target;
        let bCount = 1;
        bHeap.push(target, 0);
        let best = source === target ? 0 : Infinity;
        let meet = source;
        let settled = 0;

        for (;;) {
            const fKey = fHeap.peekKey(), bKey = bHeap.peekKey();
            if (fKey >= best && bKey >= best) break;
            settled++;
            if (fKey <= bKey) {
                const x = fHeap.pop();
                const d = fDist[x];
                const through = d + bDist[x];
                if (through < best) {
                    best = through;
                    meet = x;
                }
                // Stall: a higher node y reaches x cheaper over its down arc y → x.
                let stalled = false;
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                    if (fDist[downHead[i]] + downWeight[i] < d) {
                        stalled = true;
                        break;
                    }
                }
                if (stalled) continue;
                for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                    const v = upHead[i];
                    const nd = d + upWeight[i];
                    const old = fDist[v];
                    // Not past the best meeting so far: nothing there can improve it.
                    if (nd < old && nd < best) {
                        if (old === Infinity) fTouched[fCount++] = v;
                        fDist[v] = nd;
                        fParent[v] = x;
                        fHeap.push(v, nd);
                    }
                }
            } else {
                const x = bHeap.pop();
                const d = bDist[x];
                const through = d + fDist[x];
                if (through < best) {
                    best = through;
                    meet = x;
                }
                let stalled = false;
                for (let i = upFirst[x], end = upFirst[x + 1]; i < end; i++) {
                    if (bDist[upHead[i]] + upWeight[i] < d) {
                        stalled = true;
                        break;
                    }
                }
                if (stalled) continue;
                for (let i = downFirst[x], end = downFirst[x + 1]; i < end; i++) {
                    const v = downHead[i];
                    const nd = d + downWeight[i];
                    const old = bDist[v];
                    if (nd < old && nd < best) {
                        if (old === Infinity) bTouched[bCount++] = v;
                        bDist[v] = nd;
                        bParent[v] = x;
                        bHeap.push(v, nd);
                    }
                }
            }
        }
        space.forwardTouchedCount = fCount;
        space.backwardTouchedCount = bCount;
        space.meet = meet;
        space.settledCount = settled;
        return best;
    }

    /** The path of the last search (meeting at the space's `meet`, parents both ways), as road-graph arcs. */
    unpack(source: number, target: number, best: number): CHPath {
        if (best === Infinity) return {weight: INF, arcs: new Uint32Array(0)};
        const space = this.space, meet = space.meet, forwardParent = space.forwardParent, backwardParent = space.backwardParent;
        // Up-down path as node pairs on the stack, first pair on top: the down part (meet → target)
        // is pushed in order then flipped, the up part (source → meet) is walked back from the meet.
        let top = 0;
        for (let x = meet; x !== target; x = backwardParent[x]) top = this.pushPair(top, x, backwardParent[x]);
        for (let i = 0, j = top - 1; i < j; i++, j--) {
            const f = this.stackFrom[i], t = this.stackTo[i];
            this.stackFrom[i] = this.stackFrom[j];
            this.stackTo[i] = this.stackTo[j];
            this.stackFrom[j] = f;
            this.stackTo[j] = t;
        }
        for (let x = meet; x !== source; x = forwardParent[x]) top = this.pushPair(top, forwardParent[x], x);

        const ch = space.ch;
        let count = 0;
        while (top > 0) {
            top--;
            const u = this.stackFrom[top], v = this.stackTo[top];
            // Arc u → v is an up arc of u, or a down arc of v, whichever end ranks lower.
            let middle = -1;
            if (u < v) {
                for (let i = ch.upFirst[u], end = ch.upFirst[u + 1]; i < end; i++) {
                    if (ch.upHead[i] === v) {
                        middle = ch.upMiddle[i];
                        break;
                    }
                }
            } else {
                for (let i = ch.downFirst[v], end = ch.downFirst[v + 1]; i < end; i++) {
                    if (ch.downHead[i] === u) {
                        middle = ch.downMiddle[i];
                        break;
                    }
                }
            }
            if (middle < 0) throw new Error(`contraction hierarchy has no arc ${u} → ${v}`);
            if (middle >= ORIGINAL) {
                if (count === this.pathArcs.length) this.pathArcs = grow(this.pathArcs);
                this.pathArcs[count++] = middle - ORIGINAL;
            } else {
                // Shortcut u → v over middle m: expand u → m first, so push m → v under it.
                top = this.pushPair(top, middle, v);
                top = this.pushPair(top, u, middle);
            }
        }
        return {weight: best, arcs: this.pathArcs.slice(0, count)};
    }

    private pushPair(top: number, from: number, to: number): number {
        if (top === this.stackFrom.length) {
            this.stackFrom = grow(this.stackFrom);
            this.stackTo = grow(this.stackTo);
        }
        this.stackFrom[top] = from;
        this.stackTo[top] = to;
        return top + 1;
    }
}
