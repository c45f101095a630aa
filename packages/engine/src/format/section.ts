// A region section: one versioned binary buffer holding named typed arrays and a little JSON metadata.
// Like KDBush.from, a section is reopened from its buffer without copying, so one SharedArrayBuffer
// holding the file can be handed to every worker thread.
//
// Layout (little endian):
//   0  'QRTR' magic
//   4  u32 container version
//   8  u32 byte length of the JSON header
//  12  u32 reserved (0)
//  16  u64 checksum: XXH3-64 of every other byte of the section (0-15, then 24 to the end)
//  24  JSON header (utf8), padded with spaces to a multiple of 8
//   …  arrays, each starting on an 8-byte boundary
// JSON header: { kind, version, meta, arrays: { name: [type, byteOffset, length] } }
//
// The checksum is written by encodeSection and verified by verifySection, once, when a region is opened from its
// files (not by Section.from, which worker threads run again over the same memory). Section.from checks the
// structure: every array's type, alignment and extent inside the section.
// Container versions: 2 added the checksum.

import fs from 'node:fs';
import path from 'node:path';
import {xxh3} from '@node-rs/xxhash';

const MAGIC = 0x52545251; // 'QRTR' read as little-endian u32
const CONTAINER_VERSION = 2;
const CHECKSUM_OFFSET = 16;
const HEADER_BYTES = 24;

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
    view.setBigUint64(CHECKSUM_OFFSET, checksum(out), true);
    return out;
}

/** XXH3-64 of a section's bytes, its own checksum field left out. */
function checksum(bytes: Uint8Array): bigint {
    return xxh3.Xxh3.withSeed()
        .update(bytes.subarray(0, CHECKSUM_OFFSET))
        .update(bytes.subarray(HEADER_BYTES))
        .digest();
}

/**
 * Checks a section's container and checksum and the extent of its arrays (the bytes as written, whatever their kind),
 * throwing a SectionError that says what is wrong. Reads every byte: run it once per file opened.
 */
export function verifySection(buffer: AnyBuffer, byteOffset = 0, byteLength = buffer.byteLength - byteOffset): void {
    const view = containerView(buffer, byteOffset, byteLength);
    const stored = view.getBigUint64(CHECKSUM_OFFSET, true);
    const computed = checksum(new Uint8Array(buffer, byteOffset, byteLength));
    if (stored !== computed) {
        throw new SectionError(`checksum mismatch (stored ${hex64(stored)}, computed ${hex64(computed)}): the file was changed after it was built`);
    }
    parseHeader(buffer, byteOffset, byteLength);
}

function hex64(n: bigint): string {
    return n.toString(16).padStart(16, '0');
}

/** The checksum a section's header carries (hex), from the buffer holding the section. */
export function sectionChecksum(buffer: AnyBuffer, byteOffset = 0): string {
    return hex64(containerView(buffer, byteOffset, HEADER_BYTES).getBigUint64(CHECKSUM_OFFSET, true));
}

/**
 * XXH3-64 (hex) of a section's arrays, its JSON header left out: what a section made from another one records of it
 * when that one's meta may differ between two builds of the same content (a hierarchy's build seconds). Reads the
 * arrays' bytes: once per bundle opened.
 */
export function sectionArraysDigest(buffer: AnyBuffer, byteOffset = 0, byteLength = buffer.byteLength - byteOffset): string {
    const view = containerView(buffer, byteOffset, byteLength);
    const start = HEADER_BYTES + view.getUint32(8, true);
    return hex64(xxh3.Xxh3.withSeed().update(new Uint8Array(buffer, byteOffset + start, byteLength - start)).digest());
}

/** The checksum a section file's header carries (hex), read without the rest of the file (a build's manifest records it). */
export function sectionFileChecksum(file: string): string {
    const fd = fs.openSync(file, 'r');
    try {
        const header = Buffer.alloc(CHECKSUM_OFFSET + 8);
        fs.readSync(fd, header, 0, header.length, 0);
        return hex64(header.readBigUInt64LE(CHECKSUM_OFFSET));
    } finally {
        fs.closeSync(fd);
    }
}

/** The fixed part of a section's header checked (length, magic, container version), as a view. */
function containerView(buffer: AnyBuffer, byteOffset: number, byteLength: number): DataView {
    if (byteLength < HEADER_BYTES) throw new SectionError(`not a quartier section: ${byteLength} bytes`);
    const view = new DataView(buffer, byteOffset, byteLength);
    if (view.getUint32(0, true) !== MAGIC) throw new SectionError('not a quartier section (bad magic)');
    const container = view.getUint32(4, true);
    if (container !== CONTAINER_VERSION) {
        throw new SectionError(`section container version ${container}, this engine reads version ${CONTAINER_VERSION}: rebuild the region`);
    }
    return view;
}

/** The JSON header, checked: every array a known type, aligned, inside the section after the header. */
function parseHeader(buffer: AnyBuffer, byteOffset: number, byteLength: number): SectionHeader {
    const view = containerView(buffer, byteOffset, byteLength);
    const jsonLength = view.getUint32(8, true);
    if (HEADER_BYTES + jsonLength > byteLength) throw new SectionError('section header is truncated');
    const text = Buffer.from(buffer, byteOffset + HEADER_BYTES, jsonLength).toString('utf8');
    let header: SectionHeader;
    try {
        header = JSON.parse(text) as SectionHeader;
    } catch (err) {
        throw new SectionError(`section header is not valid JSON (${(err as Error).message})`);
    }
    if (typeof header !== 'object' || header === null || typeof header.kind !== 'string' || typeof header.arrays !== 'object' || header.arrays === null) {
        throw new SectionError('section header lacks its kind or its array table');
    }
    const dataStart = HEADER_BYTES + jsonLength;
    for (const name in header.arrays) {
        const entry = header.arrays[name];
        const type = Array.isArray(entry) && Object.hasOwn(ARRAY_TYPES, entry[0]) ? ARRAY_TYPES[entry[0]] : undefined;
        if (!type) throw new SectionError(`section '${header.kind}': array ${name} has an unknown type`);
        const [, offset, length] = entry;
        if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < dataStart || length < 0 || offset % 8 !== 0) {
            throw new SectionError(`section '${header.kind}': array ${name} has an invalid offset or length (${offset}, ${length})`);
        }
        if (offset + length * type.BYTES_PER_ELEMENT > byteLength) {
            throw new SectionError(`section '${header.kind}' is truncated (array ${name} ends past its ${byteLength} bytes)`);
        }
    }
    return header;
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
        const header = parseHeader(buffer, byteOffset, byteLength);
        if (header.kind !== kind) throw new SectionError(`section is a '${header.kind}', expected '${kind}'`);
        if (header.version !== version) {
            throw new SectionError(`section '${kind}' has version ${header.version}, this engine reads version ${version}: rebuild the region`);
        }
        return new Section(buffer, byteOffset, byteLength, header);
    }

    has(name: string): boolean {
        return name in this.table;
    }

    /** Every array of the section, by name, as views of its buffer (to write it again with more). */
    arrays(): Record<string, TypedArray> {
        const out: Record<string, TypedArray> = {};
        for (const [name, [type, offset, length]] of Object.entries(this.table)) {
            out[name] = new (ARRAY_TYPES[type] as unknown as new (buffer: AnyBuffer, byteOffset: number, length: number) => TypedArray)(this.buffer, this.byteOffset + offset, length);
        }
        return out;
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
