// What the hierarchy queries keep between calls (a table's target searches, a sweep's target selections) lives in
// stores that share one byte budget per thread. A routing thread holds a query per region and mode (four per region),
// so a budget per store would add up with the regions; past the thread's budget every store of the thread forgets
// what it kept, and keeps again from there.

/** Bytes the kept searches of one thread hold at most. */
export const KEPT_BYTES_PER_THREAD = 32 * 1024 * 1024;

/** This thread's stores (a store's query may be dropped with its region: weakly held). */
const stores = new Set<WeakRef<KeptSearches<unknown>>>();
let threadBytes = 0;

export class KeptSearches<T> {
    private readonly items = new Map<number, T>();
    private bytes = 0;

    constructor(private readonly sizeOf: (value: T) => number) {
        stores.add(new WeakRef(this as KeptSearches<unknown>));
    }

    get(key: number): T | undefined {
        return this.items.get(key);
    }

    /** Keeps `value` under `key`, first letting the thread's stores forget everything when it would pass the budget. */
    set(key: number, value: T): void {
        const bytes = this.sizeOf(value);
        if (threadBytes + bytes > KEPT_BYTES_PER_THREAD) forgetAll();
        this.items.set(key, value);
        this.bytes += bytes;
        threadBytes += bytes;
    }

    clear(): void {
        threadBytes -= this.bytes;
        this.bytes = 0;
        this.items.clear();
    }
}

/** Every store of the thread forgets. The count restarts from 0: the bytes of stores already collected go with them. */
function forgetAll(): void {
    for (const ref of stores) {
        const store = ref.deref();
        if (store === undefined) stores.delete(ref);
        else store.clear();
    }
    threadBytes = 0;
}

/** Bytes the kept searches of this thread hold (with those of stores collected since the last forgetting). */
export function keptBytes(): number {
    return threadBytes;
}
