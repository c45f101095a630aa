// The graph that contraction works on: per node an out-list and an in-list of arcs, which grow
// (shortcuts) and shrink (contracted neighbours) as nodes are contracted. Every arc u→v is kept
// twice, in out(u) and in(v), with the same weight and middle, so both ends see it.
//
// A list is a block of slots in shared pools (head, weight, middle). A full block moves to the end
// of the pools with twice the room; when moved-out blocks make up most of the pools, they are
// compacted instead of grown.

export const OUT = 0;
export const IN = 1;

export class DynamicGraph {
    readonly nodeCount: number;
    /** Per list (node * 2 + OUT or IN): first slot, arcs in use, slots reserved. */
    readonly first: Uint32Array;
    readonly count: Uint32Array;
    readonly capacity: Uint32Array;
    /**
     * Pools: the other end of the arc, its weight (ms), its middle (see contract.ts), and 1 where the arc was
     * lowered (setArc found it there, heavier): what recontract.ts needs to tell which node added a shortcut first.
     */
    head: Uint32Array;
    weight: Uint32Array;
    middle: Uint32Array;
    lowered: Uint8Array;
    /** Slots handed out so far (live or not). */
    used = 0;
    /** Arcs in all lists (each arc counts twice: at its tail and at its head). */
    live = 0;

    /** `reserve[list]` gives the room to set aside for each list up front. */
    constructor(nodeCount: number, reserve: Uint32Array) {
        this.nodeCount = nodeCount;
        const lists = nodeCount * 2;
        this.first = new Uint32Array(lists);
        this.count = new Uint32Array(lists);
        this.capacity = new Uint32Array(lists);
        let total = 0;
        for (let l = 0; l < lists; l++) {
            this.first[l] = total;
            this.capacity[l] = reserve[l];
            total += reserve[l];
        }
        const size = Math.max(64, Math.ceil(total * 1.25));
        this.head = new Uint32Array(size);
        this.weight = new Uint32Array(size);
        this.middle = new Uint32Array(size);
        this.lowered = new Uint8Array(size);
        this.used = total;
    }

    /**
     * Adds arc u→v, or lowers the weight of the u→v arc already there (parallel arcs: the cheaper
     * one stays). Returns 1 if an arc was added, 0 if an existing one was lowered or kept.
     */
    setArc(u: number, v: number, weight: number, middle: number): number {
        const outList = u * 2 + OUT;
        const start = this.first[outList], end = start + this.count[outList];
        const head = this.head;
        for (let i = start; i < end; i++) {
            if (head[i] !== v) continue;
            if (weight < this.weight[i]) {
                this.weight[i] = weight;
                this.middle[i] = middle;
                this.lowered[i] = 1;
                const j = this.find(v * 2 + IN, u);
                this.weight[j] = weight;
                this.middle[j] = middle;
                this.lowered[j] = 1;
            }
            return 0;
        }
        this.append(outList, v, weight, middle);
        this.append(v * 2 + IN, u, weight, middle);
        return 1;
    }

    /** Removes node x: its arcs disappear from its neighbours' lists (x's own lists stay readable). */
    detach(x: number): void {
        for (let dir = OUT; dir <= IN; dir++) {
            const list = x * 2 + dir;
            const start = this.first[list], end = start + this.count[list];
            // An arc in x's out-list sits in the in-list of its head, and the other way round.
            const other = dir === OUT ? IN : OUT;
            for (let i = start; i < end; i++) this.remove(this.head[i] * 2 + other, x);
        }
    }

    /** Frees x's own lists once they have been read out (after detach). */
    release(x: number): void {
        for (let dir = OUT; dir <= IN; dir++) {
            const list = x * 2 + dir;
            this.live -= this.count[list];
            this.count[list] = 0;
            this.capacity[list] = 0;
        }
    }

    /** Slot of the arc to `to` in `list` (must be there). */
    private find(list: number, to: number): number {
        const start = this.first[list], end = start + this.count[list];
        for (let i = start; i < end; i++) if (this.head[i] === to) return i;
        throw new Error(`dynamic graph: no arc to ${to} in list ${list}`);
    }

    private remove(list: number, to: number): void {
        const i = this.find(list, to);
        const last = this.first[list] + --this.count[list];
        this.head[i] = this.head[last];
        this.weight[i] = this.weight[last];
        this.middle[i] = this.middle[last];
        this.lowered[i] = this.lowered[last];
        this.live--;
    }

    private append(list: number, to: number, weight: number, middle: number): void {
        if (this.count[list] === this.capacity[list]) this.move(list);
        const i = this.first[list] + this.count[list]++;
        this.head[i] = to;
        this.weight[i] = weight;
        this.middle[i] = middle;
        this.lowered[i] = 0;
        this.live++;
    }

    /** Moves a full list to the end of the pools with twice its room. */
    private move(list: number): void {
        const count = this.count[list];
        const room = Math.max(4, count * 2);
        if (this.used + room > this.head.length) this.makeRoom(room);
        const from = this.first[list], to = this.used;
        this.head.copyWithin(to, from, from + count);
        this.weight.copyWithin(to, from, from + count);
        this.middle.copyWithin(to, from, from + count);
        this.lowered.copyWithin(to, from, from + count);
        this.first[list] = to;
        this.capacity[list] = room;
        this.used += room;
    }

    private makeRoom(room: number): void {
        const lists = this.nodeCount * 2;
        let reserved = 0;
        for (let l = 0; l < lists; l++) reserved += this.capacity[l];
        // Compact when at least half the pools are moved-out blocks, else grow.
        const size = reserved * 2 <= this.head.length && reserved + room <= this.head.length
            ? this.head.length
            : Math.ceil((this.head.length + room) * 1.5);
        const head = new Uint32Array(size), weight = new Uint32Array(size), middle = new Uint32Array(size), lowered = new Uint8Array(size);
        let at = 0;
        for (let l = 0; l < lists; l++) {
            const from = this.first[l], count = this.count[l];
            for (let i = 0; i < count; i++) {
                head[at + i] = this.head[from + i];
                weight[at + i] = this.weight[from + i];
                middle[at + i] = this.middle[from + i];
                lowered[at + i] = this.lowered[from + i];
            }
            this.first[l] = at;
            at += this.capacity[l];
        }
        this.head = head;
        this.weight = weight;
        this.middle = middle;
        this.lowered = lowered;
        this.used = at;
    }
}
