// Distinct strings by number, for drafts with millions of rows: a street name, a town or a postcode
// repeated by every address of a street is stored once, and a row holds its 4-byte id.
export class StringPool {
    private readonly ids = new Map<string, number>();
    readonly values: string[] = [];

    /** '' is always id 0. */
    constructor() {
        this.id('');
    }

    /** The id of a string, added when new. */
    id(s: string): number {
        let i = this.ids.get(s);
        if (i === undefined) {
            i = this.values.length;
            this.values.push(s);
            this.ids.set(s, i);
        }
        return i;
    }
}
