// A region section: one versioned binary buffer holding named typed arrays and a little JSON metadata.
// Like KDBush.from, a section is reopened from its buffer without copying, so one SharedArrayBuffer
// holding the file can be handed to every worker thread.
//
// Layout (little endian):
//   0  'QRTR' magic
//   4  u32 container version
//   8  u32 byte length of the JSON header
//  12  u32 reserved (0)
//  16  JSON header (utf8), padded with spaces to a multiple of 8
//   …  arrays, each starting on an 8-byte boundary
// JSON header: { kind, version, meta, arrays: { name: [type, byteOffset, length] } }

import fs from 'node:fs';
import path from 'node:path';

const MAGIC = 0x52545251; // 'QRTR' read as little-endian u32
const CONTAINER_VERSION = 1;
const HEADER_BYTES = 16;

export type TypedArray =
    | Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array
    | Float32Array | Float64Array | BigInt64Array | BigUint64Array;

const ARRAY_TYPES = {
    Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array
};
type ArrayTypeName = keyof typeof ARRAY_TYPES;

export type AnyBuffer = ArrayBuffer | SharedArrayBuffer;

interface SectionHeader {
    kind: string;
    version: number;
    meta: unknown;
    arrays: Record<string, [ArrayTypeName, number, number]>;
}

export class SectionError extends Error {}

/** Serializes named typed arrays and JSON metadata into one section buffer. */
export function encodeSection(kind: string, version: number, meta: unknown, arrays: Record<string, TypedArray>): Uint8Array {
    const table: SectionHeader['arrays'] = {};
    let offset = 0;
    const names = Object.keys(arrays);
    // First pass: offsets relative to the start of the array area.
    const rel: number[] = [];
    for (const name of names) {
        const a = arrays[name];
        const typeName = a.constructor.name as ArrayTypeName;
        if (!(typeName in ARRAY_TYPES)) throw new SectionError(`array ${name} has unsupported type ${typeName}`);
        rel.push(offset);
        table[name] = [typeName, offset, a.length];
        offset += align8(a.byteLength);
    }
    let json = JSON.stringify({kind, version, meta, arrays: table});
    // The table holds relative offsets; make them absolute once the header length is known.
    let jsonBytes = Buffer.from(json, 'utf8');
    let start = HEADER_BYTES + align8(jsonBytes.length);
    for (let i = 0; i < names.length; i++) table[names[i]][1] = start + rel[i];
    json = JSON.stringify({kind, version, meta, arrays: table});
    jsonBytes = Buffer.from(json, 'utf8');
    // Absolute offsets can lengthen the JSON; pad generously and recompute until it fits.
    while (HEADER_BYTES + align8(jsonBytes.length) > start) {
        start = HEADER_BYTES + align8(jsonBytes.length) + 64;
        for (let i = 0; i < names.length; i++) table[names[i]][1] = start + rel[i];
        json = JSON.stringify({kind, version, meta, arrays: table});
        jsonBytes = Buffer.from(json, 'utf8');
    }
    const out = new Uint8Array(start + offset);
    const view = new DataView(out.buffer);
    view.setUint32(0, MAGIC, true);
    view.setUint32(4, CONTAINER_VERSION, true);
    view.setUint32(8, start - HEADER_BYTES, true);
    out.fill(0x20, HEADER_BYTES, start);
    out.set(jsonBytes, HEADER_BYTES);
    for (let i = 0; i < names.length; i++) {
        const a = arrays[names[i]];
        out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + rel[i]);
    }
    return out;
}

/** A section reopened over its buffer: typed-array views, no copies. */
export class Section {
    readonly kind: string;
    readonly version: number;
    readonly meta: any;
    readonly buffer: AnyBuffer;
    readonly byteOffset: number;
    readonly byteLength: number;
    private readonly table: SectionHeader['arrays'];

    private constructor(buffer: AnyBuffer, byteOffset: number, byteLength: number, header: SectionHeader) {
        this.buffer = buffer;
        this.byteOffset = byteOffset;
        this.byteLength = byteLength;
        this.kind = header.kind;
        this.version = header.version;
        this.meta = header.meta;
        this.table = header.arrays;
    }

    /** Reopens a section. Throws when the magic, kind or version do not match what the caller reads. */
    static from(buffer: AnyBuffer, kind: string, version: number, byteOffset = 0, byteLength = buffer.byteLength - byteOffset): Section {
        if (byteLength < HEADER_BYTES) throw new SectionError(`not a quartier section: ${byteLength} bytes`);
        const view = new DataView(buffer, byteOffset, byteLength);
        if (view.getUint32(0, true) !== MAGIC) throw new SectionError('not a quartier section (bad magic)');
        const container = view.getUint32(4, true);
        if (container !== CONTAINER_VERSION) throw new SectionError(`section container version ${container}, expected ${CONTAINER_VERSION}`);
        const jsonLength = view.getUint32(8, true);
        if (HEADER_BYTES + jsonLength > byteLength) throw new SectionError('section header is truncated');
        const text = Buffer.from(buffer, byteOffset + HEADER_BYTES, jsonLength).toString('utf8');
        const header = JSON.parse(text) as SectionHeader;
        if (header.kind !== kind) throw new SectionError(`section is a '${header.kind}', expected '${kind}'`);
        if (header.version !== version) {
            throw new SectionError(`section '${kind}' has version ${header.version}, this engine reads version ${version}: rebuild the region`);
        }
        for (const name in header.arrays) {
            const [type, offset, length] = header.arrays[name];
            const end = offset + length * ARRAY_TYPES[type].BYTES_PER_ELEMENT;
            if (end > byteLength) throw new SectionError(`section '${kind}' is truncated (array ${name})`);
        }
        return new Section(buffer, byteOffset, byteLength, header);
    }

    has(name: string): boolean {
        return name in this.table;
    }

    /** The named array as a view of the section's buffer. */
    array<T extends TypedArray>(name: string, type: { new(buffer: AnyBuffer, byteOffset: number, length: number): T }): T {
        const entry = this.table[name];
        if (!entry) throw new SectionError(`section '${this.kind}' has no array '${name}'`);
        if (entry[0] !== type.name) throw new SectionError(`array '${name}' is ${entry[0]}, not ${type.name}`);
        return new type(this.buffer, this.byteOffset + entry[1], entry[2]);
    }
}

function align8(n: number): number {
    return (n + 7) & ~7;
}

/** Reads a whole file into a SharedArrayBuffer (one copy, shareable with workers). */
export function readFileShared(file: string): SharedArrayBuffer {
    const fd = fs.openSync(file, 'r');
    try {
        const size = fs.fstatSync(fd).size;
        const sab = new SharedArrayBuffer(size);
        const bytes = new Uint8Array(sab);
        let read = 0;
        while (read < size) {
            const n = fs.readSync(fd, bytes, read, size - read, read);
            if (n === 0) throw new SectionError(`${file}: unexpected end of file`);
            read += n;
        }
        return sab;
    } finally {
        fs.closeSync(fd);
    }
}

/** Writes a file atomically: to a temporary name beside it, then renamed. */
export function writeFileAtomic(file: string, data: Uint8Array | string): void {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
}
