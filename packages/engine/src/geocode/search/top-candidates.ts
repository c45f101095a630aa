// The best candidates of a search, kept in order as they are offered: one number (candidateKey)
// orders them, the order the postings walk met them breaks ties.

/** A candidate answer: a feature, one of its addresses, or a house number estimated on it (number >= 0). */
export interface Candidate {
    feature: number;
    address: number;
    number: number;
    score: number;
    postcode: number;
}

/**
 * The best `keep` candidates by key, then by the order the postings walk meets them (`touch`, the
 * smaller first): the same as offering them in that order and keeping the first of equals, without
 * sorting them first.
 */
export class TopCandidates {
    private readonly key: Float64Array;
    private readonly touch: Float64Array;
    private readonly feature: Int32Array;
    private readonly address: Int32Array;
    private readonly score: Float64Array;
    private readonly postcode: Uint32Array;
    private readonly number: Int32Array;

    constructor(private readonly keep: number) {
        this.key = new Float64Array(keep).fill(-Infinity);
        this.touch = new Float64Array(keep).fill(Infinity);
        this.feature = new Int32Array(keep).fill(-1);
        this.address = new Int32Array(keep).fill(-1);
        this.score = new Float64Array(keep);
        this.postcode = new Uint32Array(keep);
        this.number = new Int32Array(keep).fill(-1);
    }

    /** Whether a candidate with this key (or any smaller one) and touch order would be left out. */
    rejects(key: number, touch: number): boolean {
        const last = this.keep - 1;
        return key < this.key[last] || (key === this.key[last] && touch >= this.touch[last]);
    }

    offer(key: number, touch: number, feature: number, address: number, score: number, postcode: number, number: number): void {
        if (this.rejects(key, touch)) return;
        let at = this.keep - 1;
        while (at > 0 && (this.key[at - 1] < key || (this.key[at - 1] === key && this.touch[at - 1] > touch))) {
            this.key[at] = this.key[at - 1];
            this.touch[at] = this.touch[at - 1];
            this.feature[at] = this.feature[at - 1];
            this.address[at] = this.address[at - 1];
            this.score[at] = this.score[at - 1];
            this.postcode[at] = this.postcode[at - 1];
            this.number[at] = this.number[at - 1];
            at--;
        }
        this.key[at] = key;
        this.touch[at] = touch;
        this.feature[at] = feature;
        this.address[at] = address;
        this.score[at] = score;
        this.postcode[at] = postcode;
        this.number[at] = number;
    }

    candidates(): Candidate[] {
        const out: Candidate[] = [];
        for (let i = 0; i < this.keep && this.feature[i] >= 0; i++) {
            out.push({feature: this.feature[i], address: this.address[i], number: this.number[i], score: this.score[i], postcode: this.postcode[i]});
        }
        return out;
    }
}

/**
 * One number orders everything: score step, kind, importance step, then the tail. With a focus
 * (autocomplete) the steps are coarser, so that distance orders more of the answers. It grows with
 * each of its arguments (kindRank at most 4, tail at most 99,999).
 */
export function candidateKey(score: number, kindRank: number, importance: number, tail: number, focus: boolean): number {
    return Math.round(score * (focus ? 10 : 20)) * 1e8 + kindRank * 1e7 + Math.min(20, Math.round(importance * 10)) * 1e5 + tail;
}
