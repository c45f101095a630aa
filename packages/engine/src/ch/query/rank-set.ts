// A set of node ranks in two levels of bits (a bit per node, and a bit per non-empty word of them), which
// hands its members back highest rank first and is empty again afterwards. The sweeps' selection
// (sweep.ts) is the union of a few dozen targets' nodes, each met about twelve times: a bit tested in an
// array an eighth of a byte per node beats an index lookup, and reading the members in order beats sorting
// them. Draining costs a word per 1,024 nodes of the graph plus a step per member.

export class RankSet {
    private readonly words: Int32Array;
    private readonly summary: Int32Array;

    constructor(nodeCount: number) {
        this.words = new Int32Array(Math.ceil(nodeCount / 32));
        this.summary = new Int32Array(Math.ceil(this.words.length / 32));
    }

    /** Adds rank x; whether it was not there before. */
    add(x: number): boolean {
        const w = x >>> 5, m = 1 << (x & 31), word = this.words[w];
        if ((word & m) !== 0) return false;
        if (word === 0) this.summary[w >>> 5] |= 1 << (w & 31);
        this.words[w] = word | m;
        return true;
    }

    has(x: number): boolean {
        return (this.words[x >>> 5] & (1 << (x & 31))) !== 0;
    }

    /**
     * Writes the members into out[0..), highest rank first, with index[x] = x's position there, and empties the
     * set. Returns how many there were (out must hold them).
     */
    drainDescending(out: Uint32Array, index: Uint32Array): number {
        const words = this.words, summary = this.summary;
        let p = 0;
        for (let s = summary.length - 1; s >= 0; s--) {
            let sb = summary[s];
            if (sb === 0) continue;
            summary[s] = 0;
            while (sb !== 0) {
                const hw = 31 - Math.clz32(sb);
                sb ^= 1 << hw;
                const w = (s << 5) | hw;
                let b = words[w];
                words[w] = 0;
                while (b !== 0) {
                    const h = 31 - Math.clz32(b);
                    b ^= 1 << h;
                    const x = (w << 5) | h;
                    out[p] = x;
                    index[x] = p++;
                }
            }
        }
        return p;
    }
}
