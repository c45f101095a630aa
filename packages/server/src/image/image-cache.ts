// A bounded LRU of encoded results (rendered images, decoded markers): at most `maxEntries` values and
// `maxBytes` bytes in all; a Map keeps insertion order, so the first key is the least recently used.
// Concurrent requests for the same key share one computation.

export class LruCache<V> {
    private readonly map = new Map<string, {value: V; bytes: number}>();
    private readonly pending = new Map<string, Promise<V>>();
    private total = 0;

    constructor(readonly maxEntries: number, readonly maxBytes: number, private readonly sizeOf: (v: V) => number) {}

    get size(): number {
        return this.map.size;
    }

    get bytes(): number {
        return this.total;
    }

    get(key: string): V | undefined {
        const hit = this.map.get(key);
        if (!hit) return undefined;
        this.map.delete(key);
        this.map.set(key, hit);
        return hit.value;
    }

    set(key: string, value: V): void {
        const bytes = this.sizeOf(value);
        if (bytes > this.maxBytes) return;
        const old = this.map.get(key);
        if (old) {
            this.total -= old.bytes;
            this.map.delete(key);
        }
        this.map.set(key, {value, bytes});
        this.total += bytes;
        while (this.map.size > this.maxEntries || this.total > this.maxBytes) {
            const first = this.map.keys().next().value as string;
            this.total -= this.map.get(first)!.bytes;
            this.map.delete(first);
        }
    }

    /** The cached value, or the one being computed for this key, or a new computation (cached on success). */
    async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
        const hit = this.get(key);
        if (hit !== undefined) return hit;
        let p = this.pending.get(key);
        if (!p) {
            p = compute().then((v) => {
                this.set(key, v);
                return v;
            }).finally(() => this.pending.delete(key));
            this.pending.set(key, p);
        }
        return p;
    }

    clear(): void {
        this.map.clear();
        this.total = 0;
    }
}
