// A packed list of strings: utf8 bytes and end offsets, decoded on demand.
import type {AnyBuffer, TypedArray} from './section.js';
import {Section} from './section.js';

export class StringTableBuilder {
    private parts: Buffer[] = [];
    private ends: number[] = [];
    private length = 0;
    private index = new Map<string, number>();

    get size(): number {
        return this.ends.length;
    }

    /** Appends a string and returns its index. */
    add(s: string): number {
        const b = Buffer.from(s, 'utf8');
        this.parts.push(b);
        this.length += b.length;
        this.ends.push(this.length);
        return this.ends.length - 1;
    }

    /** Returns the index of an equal string already added, or adds it. */
    intern(s: string): number {
        let i = this.index.get(s);
        if (i === undefined) {
            i = this.add(s);
            this.index.set(s, i);
        }
        return i;
    }

    /** The two arrays to store in a section, under `${prefix}Bytes` and `${prefix}Ends`. */
    arrays(prefix: string): Record<string, TypedArray> {
        const bytes = new Uint8Array(this.length);
        let o = 0;
        for (const p of this.parts) {
            bytes.set(p, o);
            o += p.length;
        }
        return {[`${prefix}Bytes`]: bytes, [`${prefix}Ends`]: Uint32Array.from(this.ends)};
    }
}

export class StringTable {
    readonly bytes: Uint8Array;
    readonly ends: Uint32Array;
    private readonly buffer: AnyBuffer;

    constructor(section: Section, prefix: string) {
        this.bytes = section.array(`${prefix}Bytes`, Uint8Array);
        this.ends = section.array(`${prefix}Ends`, Uint32Array);
        this.buffer = this.bytes.buffer;
    }

    get size(): number {
        return this.ends.length;
    }

    get(i: number): string {
        const start = i === 0 ? 0 : this.ends[i - 1];
        const end = this.ends[i];
        return Buffer.from(this.buffer, this.bytes.byteOffset + start, end - start).toString('utf8');
    }
}
