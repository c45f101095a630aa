// A growable list of arcs u → v with their weights, reused node after node: the shortcuts a contraction found for
// a node (contract.ts), what a node added in the previous contraction (recontract.ts).
export class ArcBuffer {
    from = new Uint32Array(256);
    to = new Uint32Array(256);
    weight = new Float64Array(256);
    count = 0;

    push(u: number, v: number, weight: number): void {
        const k = this.count++;
        if (k === this.from.length) {
            const from = new Uint32Array(k * 2), to = new Uint32Array(k * 2), w = new Float64Array(k * 2);
            from.set(this.from);
            to.set(this.to);
            w.set(this.weight);
            this.from = from;
            this.to = to;
            this.weight = w;
        }
        this.from[k] = u;
        this.to[k] = v;
        this.weight[k] = weight;
    }
}
