// An indexed binary min-heap of node ids keyed by numbers, on typed arrays. Like tinyqueue, but each
// node is in the heap at most once and knows its slot, so its key can be lowered or raised in place
// (decrease-key for Dijkstra, priority updates for contraction). The slot index is per node; the
// heap arrays themselves start small and double, so a heap over millions of nodes costs 4 bytes a
// node until a search actually grows it.

export class NodeHeap {
    length = 0;
    private nodes: Uint32Array;
    private keys: Float64Array;
    /** Heap slot + 1 of each node; 0 when the node is not in the heap. */
    private readonly slot: Uint32Array;

    constructor(nodeCount: number, initialCapacity = 1024) {
        this.slot = new Uint32Array(nodeCount);
        const capacity = Math.max(16, Math.min(nodeCount, initialCapacity));
        this.nodes = new Uint32Array(capacity);
        this.keys = new Float64Array(capacity);
    }

    has(node: number): boolean {
        return this.slot[node] !== 0;
    }

    /** The smallest key (Infinity when empty). */
    peekKey(): number {
        return this.length > 0 ? this.keys[0] : Infinity;
    }

    peek(): number {
        return this.nodes[0];
    }

    /** Inserts a node, or moves it to `key` if it is already in the heap (up or down). */
    set(node: number, key: number): void {
        const s = this.slot[node];
        if (s === 0) {
            if (this.length === this.nodes.length) this.grow();
            this.siftUp(this.length++, node, key);
        } else if (key < this.keys[s - 1]) {
            this.siftUp(s - 1, node, key);
        } else {
            this.siftDown(s - 1, node, key);
        }
    }

    /** Inserts a node, or lowers its key; a higher key for a node already in the heap is ignored. */
    push(node: number, key: number): void {
        const s = this.slot[node];
        if (s === 0) {
            if (this.length === this.nodes.length) this.grow();
            this.siftUp(this.length++, node, key);
        } else if (key < this.keys[s - 1]) {
            this.siftUp(s - 1, node, key);
        }
    }

    /** Removes and returns the node with the smallest key. The heap must not be empty. */
    pop(): number {
        const top = this.nodes[0];
        this.slot[top] = 0;
        const last = --this.length;
        if (last > 0) this.siftDown(0, this.nodes[last], this.keys[last]);
        return top;
    }

    clear(): void {
        const nodes = this.nodes, slot = this.slot;
        for (let i = 0; i < this.length; i++) slot[nodes[i]] = 0;
        this.length = 0;
    }

    private siftUp(pos: number, node: number, key: number): void {
        const nodes = this.nodes, keys = this.keys, slot = this.slot;
        while (pos > 0) {
            const parent = (pos - 1) >> 1;
            const parentKey = keys[parent];
            if (parentKey <= key) break;
            const parentNode = nodes[parent];
            nodes[pos] = parentNode;
            keys[pos] = parentKey;
            slot[parentNode] = pos + 1;
            pos = parent;
        }
        nodes[pos] = node;
        keys[pos] = key;
        slot[node] = pos + 1;
    }

    private siftDown(pos: number, node: number, key: number): void {
        const nodes = this.nodes, keys = this.keys, slot = this.slot;
        const length = this.length;
        const half = length >> 1;
        while (pos < half) {
            let child = 2 * pos + 1;
            let childKey = keys[child];
            const right = child + 1;
            if (right < length && keys[right] < childKey) {
                child = right;
                childKey = keys[right];
            }
            if (childKey >= key) break;
            const childNode = nodes[child];
            nodes[pos] = childNode;
            keys[pos] = childKey;
            slot[childNode] = pos + 1;
            pos = child;
        }
        nodes[pos] = node;
        keys[pos] = key;
        slot[node] = pos + 1;
    }

    private grow(): void {
        const nodes = new Uint32Array(this.nodes.length * 2);
        nodes.set(this.nodes);
        this.nodes = nodes;
        const keys = new Float64Array(this.keys.length * 2);
        keys.set(this.keys);
        this.keys = keys;
    }
}
