// Decoding of one OSMData blob (a PrimitiveBlock) into visitor callbacks.
// The same node/way/relation objects, tag views and typed arrays are reused for every object,
// so the hot loops allocate nothing; the string table is decoded lazily, once per string per block.
//
// Field numbers follow osmformat.proto (https://wiki.openstreetmap.org/wiki/PBF_Format).

import {PbfReader} from 'pbf';
import type {OsmNode, OsmRelation, OsmTags, OsmVisitor, OsmWay} from './objects.js';

/** A structural problem in a block; the file reader adds the file name, block number and offset. */
export class FormatError extends Error {}

function fail(message: string): never {
    throw new FormatError(message);
}

// --- hand-decoded varints for the packed arrays ------------------------------------------------
// DenseNodes keeps id, lat, lon and keys_vals in four parallel packed arrays, so we walk them with
// four cursors; a module-level "next position" lets a small inlinable function return two values.

let vEnd = 0;

function readVarint(buf: Uint8Array, pos: number): number {
    let b = buf[pos++];
    let val = b & 0x7f;
    if (b >= 0x80) {
        b = buf[pos++]; val |= (b & 0x7f) << 7;
        if (b >= 0x80) {
            b = buf[pos++]; val |= (b & 0x7f) << 14;
            if (b >= 0x80) {
                b = buf[pos++]; val |= (b & 0x7f) << 21;
                if (b >= 0x80) {
                    // 5 bytes are common (full ids and coordinates at the start of a way or block)
                    b = buf[pos++]; val += (b & 0x7f) * 0x10000000;
                    if (b >= 0x80) return readVarintSlow(buf, pos, val);
                }
            }
        }
    }
    vEnd = pos;
    return val;
}

// bytes 6..10: past 35 bits, so continue in float arithmetic (exact up to 2^53)
function readVarintSlow(buf: Uint8Array, pos: number, val: number): number {
    let mul = 0x800000000;
    for (let i = 5; i < 10; i++) {
        const b = buf[pos++];
        val += (b & 0x7f) * mul;
        if (b < 0x80) {
            vEnd = pos;
            return val;
        }
        mul *= 0x80;
    }
    return fail('varint longer than 10 bytes');
}

function zigzag(v: number): number {
    return v < 0x80000000 ? (v >>> 1) ^ -(v & 1) : v % 2 === 1 ? (v + 1) / -2 : v / 2;
}

function countVarints(buf: Uint8Array, pos: number, end: number): number {
    let n = 0;
    for (; pos < end; pos++) if (buf[pos] < 0x80) n++;
    return n;
}

/** Decodes packed uint32 string-table indices into out; returns the count. */
function readIndices(buf: Uint8Array, pos: number, end: number, out: Int32Array, numStrings: number, what: string): number {
    let n = 0;
    while (pos < end) {
        const v = readVarint(buf, pos);
        pos = vEnd;
        if (v >= numStrings) fail(`${what}: string index ${v} out of range (table has ${numStrings})`);
        out[n++] = v;
    }
    if (pos !== end) fail(`${what}: packed array overruns its field`);
    return n;
}

/** Decodes packed delta-coded sint64 ids into out; returns the count. */
function readDeltas(buf: Uint8Array, pos: number, end: number, out: Float64Array, what: string): number {
    let n = 0, id = 0;
    while (pos < end) {
        id += zigzag(readVarint(buf, pos));
        pos = vEnd;
        out[n++] = id;
    }
    if (pos !== end) fail(`${what}: packed array overruns its field`);
    return n;
}

function capacity(n: number): number {
    let c = 16;
    while (c < n) c *= 2;
    return c;
}

// --- string table and tags -----------------------------------------------------------------------

class StringTable {
    count = 0;
    private pbf = new PbfReader(new Uint8Array(0));
    private pos = new Int32Array(1024); // offset of each string's length prefix
    private cache: (string | undefined)[] = [];

    reset(buf: Uint8Array, start: number, end: number): void {
        const pbf = new PbfReader(buf);
        pbf.pos = start;
        let n = 0;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            if (tag === (1 << 3 | 2)) {
                if (n === this.pos.length) {
                    const pos = new Int32Array(n * 2);
                    pos.set(this.pos);
                    this.pos = pos;
                }
                this.pos[n++] = pbf.pos;
                const len = pbf.readVarint();
                if (pbf.pos + len > end) fail('string table entry runs past the end of the table');
                pbf.pos += len;
            } else {
                skip(pbf, tag & 7, end);
            }
        }
        if (pbf.pos !== end) fail('string table overruns its field');
        this.pbf = pbf;
        this.count = n;
        this.cache = new Array(n);
    }

    get(i: number): string {
        let s = this.cache[i];
        if (s === undefined) {
            this.pbf.pos = this.pos[i];
            s = this.cache[i] = this.pbf.readString();
        }
        return s;
    }
}

class Tags implements OsmTags {
    count = 0;
    keys = new Int32Array(16);
    vals = new Int32Array(16);

    constructor(private readonly strings: StringTable) {}

    key(i: number): string {
        return this.strings.get(this.keys[i]);
    }
    value(i: number): string {
        return this.strings.get(this.vals[i]);
    }
    get(key: string): string | undefined {
        for (let i = 0; i < this.count; i++) {
            if (this.strings.get(this.keys[i]) === key) return this.strings.get(this.vals[i]);
        }
        return undefined;
    }
    has(key: string): boolean {
        for (let i = 0; i < this.count; i++) {
            if (this.strings.get(this.keys[i]) === key) return true;
        }
        return false;
    }
    reserve(n: number): void {
        if (n <= this.keys.length) return;
        const keys = new Int32Array(capacity(n)), vals = new Int32Array(keys.length);
        keys.set(this.keys);
        vals.set(this.vals);
        this.keys = keys;
        this.vals = vals;
    }
}

class Relation implements OsmRelation {
    id = 0;
    memberCount = 0;
    memberTypes = new Uint8Array(16);
    memberRefs = new Float64Array(16);
    roles = new Int32Array(16);
    readonly tags: Tags;

    constructor(private readonly strings: StringTable) {
        this.tags = new Tags(strings);
    }
    memberRole(i: number): string {
        return this.strings.get(this.roles[i]);
    }
}

// --- protobuf structure helpers ------------------------------------------------------------------

function skip(pbf: PbfReader, type: number, end: number): void {
    if (type === 0) {
        readVarint(pbf.buf, pbf.pos);
        pbf.pos = vEnd;
    } else if (type === 2) {
        const len = pbf.readVarint();
        pbf.pos += len;
    } else if (type === 1) {
        pbf.pos += 8;
    } else if (type === 5) {
        pbf.pos += 4;
    } else {
        fail(`unsupported protobuf wire type ${type}`);
    }
    if (pbf.pos > end) fail('field runs past the end of its message');
}

/** Reads the length prefix of a length-delimited field and returns the field's end. */
function fieldEnd(pbf: PbfReader, end: number): number {
    const len = pbf.readVarint();
    const fend = pbf.pos + len;
    if (fend > end) fail('field runs past the end of its message');
    return fend;
}

// --- the block decoder ---------------------------------------------------------------------------

export interface Counts { nodes: number; ways: number; relations: number }

export class BlockDecoder {
    /** True while a visitor callback runs, so errors it throws pass through unwrapped. */
    inVisitor = false;
    readonly counts: Counts = {nodes: 0, ways: 0, relations: 0};

    private pbf = new PbfReader(new Uint8Array(0));
    private strings = new StringTable();
    private groups = new Int32Array(64); // [start, end) pairs of the block's PrimitiveGroups
    private granularity = 100;
    private latOffset = 0;
    private lonOffset = 0;

    private node: OsmNode;
    private way: OsmWay;
    private relation: Relation;
    private nodeTags: Tags;
    private wayTags: Tags;
    private wantNodes: boolean;
    private wantWays: boolean;
    private wantRelations: boolean;

    /** count: also count objects whose callbacks are absent (by scanning, without decoding). */
    constructor(private readonly visitor: OsmVisitor, private readonly count: boolean) {
        this.wantNodes = typeof visitor.node === 'function';
        this.wantWays = typeof visitor.way === 'function';
        this.wantRelations = typeof visitor.relation === 'function';
        this.nodeTags = new Tags(this.strings);
        this.wayTags = new Tags(this.strings);
        this.node = {id: 0, lat: 0, lon: 0, tags: this.nodeTags};
        this.way = {id: 0, refCount: 0, refs: new Float64Array(256), tags: this.wayTags};
        this.relation = new Relation(this.strings);
    }

    decode(buf: Uint8Array): void {
        const pbf = this.pbf = new PbfReader(buf);
        const end = buf.length;
        let granularity = 100, latOffset = 0, lonOffset = 0, numGroups = 0;
        let tableStart = 0, tableEnd = 0;

        // The scalar fields usually come after the groups, so find everything first.
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (field === 1 && type === 2) {
                tableEnd = fieldEnd(pbf, end);
                tableStart = pbf.pos;
                pbf.pos = tableEnd;
            } else if (field === 2 && type === 2) {
                const gend = fieldEnd(pbf, end);
                if (2 * numGroups + 2 > this.groups.length) {
                    const groups = new Int32Array(this.groups.length * 2);
                    groups.set(this.groups);
                    this.groups = groups;
                }
                this.groups[2 * numGroups] = pbf.pos;
                this.groups[2 * numGroups + 1] = gend;
                numGroups++;
                pbf.pos = gend;
            } else if (field === 17 && type === 0) {
                granularity = pbf.readVarint(true);
            } else if (field === 19 && type === 0) {
                latOffset = pbf.readVarint(true);
            } else if (field === 20 && type === 0) {
                lonOffset = pbf.readVarint(true);
            } else {
                skip(pbf, type, end);
            }
        }
        if (pbf.pos !== end) fail('PrimitiveBlock overruns the blob');
        if (granularity <= 0) fail(`bad granularity ${granularity}`);
        this.granularity = granularity;
        this.latOffset = latOffset;
        this.lonOffset = lonOffset;

        if (this.wantNodes || this.wantWays || this.wantRelations) this.strings.reset(buf, tableStart, tableEnd);

        for (let g = 0; g < numGroups; g++) this.decodeGroup(this.groups[2 * g], this.groups[2 * g + 1]);
    }

    private decodeGroup(start: number, end: number): void {
        const pbf = this.pbf, counts = this.counts;
        pbf.pos = start;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (type !== 2 || field < 1 || field > 4) {
                skip(pbf, type, end); // changesets (5) and unknown fields
                continue;
            }
            const mend = fieldEnd(pbf, end);
            const mstart = pbf.pos;
            if (field === 2) {
                if (this.wantNodes || this.count) this.decodeDense(mstart, mend);
            } else if (field === 3) {
                if (this.wantWays) this.decodeWay(mstart, mend);
                else if (this.count) counts.ways++;
            } else if (field === 4) {
                if (this.wantRelations) this.decodeRelation(mstart, mend);
                else if (this.count) counts.relations++;
            } else {
                if (this.wantNodes) this.decodeNode(mstart, mend);
                else if (this.count) counts.nodes++;
            }
            pbf.pos = mend;
        }
        if (pbf.pos !== end) fail('PrimitiveGroup overruns its field');
    }

    private decodeDense(start: number, end: number): void {
        const pbf = this.pbf, buf = pbf.buf;
        let idPos = 0, idEnd = 0, latPos = 0, latEnd = 0, lonPos = 0, lonEnd = 0, kvPos = 0, kvEnd = 0;

        pbf.pos = start;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (type === 2 && (field === 1 || field === 8 || field === 9 || field === 10)) {
                const fend = fieldEnd(pbf, end);
                if (field === 1) { idPos = pbf.pos; idEnd = fend; }
                else if (field === 8) { latPos = pbf.pos; latEnd = fend; }
                else if (field === 9) { lonPos = pbf.pos; lonEnd = fend; }
                else { kvPos = pbf.pos; kvEnd = fend; }
                pbf.pos = fend;
            } else {
                skip(pbf, type, end); // denseinfo (5)
            }
        }

        if (!this.wantNodes) {
            // skipped without decoding; counting only needs the number of id varints
            if (this.count) this.counts.nodes += countVarints(buf, idPos, idEnd);
            return;
        }

        const visitor = this.visitor, node = this.node, tags = this.nodeTags;
        const numStrings = this.strings.count, hasTags = kvPos < kvEnd;
        const granularity = this.granularity, latOffset = this.latOffset, lonOffset = this.lonOffset;
        let keys = tags.keys, vals = tags.vals;
        let id = 0, lat = 0, lon = 0, n = 0;

        while (idPos < idEnd) {
            if (latPos >= latEnd || lonPos >= lonEnd) fail('DenseNodes: lat/lon arrays are shorter than the id array');
            // most deltas fit in one byte: read those inline (this loop runs once per node of the planet)
            let v = buf[idPos];
            if (v < 0x80) idPos++; else { v = readVarint(buf, idPos); idPos = vEnd; }
            id += zigzag(v);
            v = buf[latPos];
            if (v < 0x80) latPos++; else { v = readVarint(buf, latPos); latPos = vEnd; }
            lat += zigzag(v);
            v = buf[lonPos];
            if (v < 0x80) lonPos++; else { v = readVarint(buf, lonPos); lonPos = vEnd; }
            lon += zigzag(v);

            // keys_vals: (key, value) string indices per node, each node's list ended by a 0
            let t = 0;
            if (hasTags) {
                for (;;) {
                    if (kvPos >= kvEnd) fail('DenseNodes: keys_vals ends before the last node');
                    let k = buf[kvPos];
                    if (k < 0x80) kvPos++; else { k = readVarint(buf, kvPos); kvPos = vEnd; }
                    if (k === 0) break;
                    v = buf[kvPos];
                    if (v < 0x80) kvPos++; else { v = readVarint(buf, kvPos); kvPos = vEnd; }
                    if (k >= numStrings || v >= numStrings) fail(`DenseNodes: string index out of range (table has ${numStrings})`);
                    if (t === keys.length) {
                        tags.reserve(t + 1);
                        keys = tags.keys;
                        vals = tags.vals;
                    }
                    keys[t] = k;
                    vals[t++] = v;
                }
            }
            tags.count = t;
            // dividing (rather than multiplying by 1e-9) gives the correctly rounded decimal degrees
            node.id = id;
            node.lat = (latOffset + granularity * lat) / 1e9;
            node.lon = (lonOffset + granularity * lon) / 1e9;
            this.inVisitor = true;
            visitor.node!(node);
            this.inVisitor = false;
            n++;
        }
        if (idPos !== idEnd || latPos !== latEnd || lonPos !== lonEnd || kvPos !== kvEnd) {
            fail('DenseNodes: id, lat, lon and keys_vals arrays do not line up');
        }
        this.counts.nodes += n;
    }

    private decodeNode(start: number, end: number): void {
        const pbf = this.pbf, buf = pbf.buf, tags = this.nodeTags, node = this.node;
        const numStrings = this.strings.count;
        let id = 0, lat = 0, lon = 0, nk = 0, nv = 0;

        pbf.pos = start;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (field === 1 && type === 0) id = pbf.readSVarint();
            else if (field === 8 && type === 0) lat = pbf.readSVarint();
            else if (field === 9 && type === 0) lon = pbf.readSVarint();
            else if ((field === 2 || field === 3) && type === 2) {
                const fend = fieldEnd(pbf, end);
                tags.reserve(fend - pbf.pos);
                if (field === 2) nk = readIndices(buf, pbf.pos, fend, tags.keys, numStrings, 'Node keys');
                else nv = readIndices(buf, pbf.pos, fend, tags.vals, numStrings, 'Node vals');
                pbf.pos = fend;
            } else {
                skip(pbf, type, end); // info (4)
            }
        }
        if (nk !== nv) fail(`Node ${id}: ${nk} keys but ${nv} values`);
        tags.count = nk;
        node.id = id;
        node.lat = (this.latOffset + this.granularity * lat) / 1e9;
        node.lon = (this.lonOffset + this.granularity * lon) / 1e9;
        this.inVisitor = true;
        this.visitor.node!(node);
        this.inVisitor = false;
        this.counts.nodes++;
    }

    private decodeWay(start: number, end: number): void {
        const pbf = this.pbf, buf = pbf.buf, tags = this.wayTags, way = this.way;
        const numStrings = this.strings.count;
        let id = 0, nk = 0, nv = 0, nr = 0;

        pbf.pos = start;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (field === 1 && type === 0) {
                id = pbf.readVarint(true);
            } else if ((field === 2 || field === 3 || field === 8) && type === 2) {
                const fend = fieldEnd(pbf, end);
                const len = fend - pbf.pos; // an upper bound on the number of varints
                if (field === 8) {
                    if (way.refs.length < len) way.refs = new Float64Array(capacity(len));
                    nr = readDeltas(buf, pbf.pos, fend, way.refs, 'Way refs');
                } else {
                    tags.reserve(len);
                    if (field === 2) nk = readIndices(buf, pbf.pos, fend, tags.keys, numStrings, 'Way keys');
                    else nv = readIndices(buf, pbf.pos, fend, tags.vals, numStrings, 'Way vals');
                }
                pbf.pos = fend;
            } else {
                skip(pbf, type, end); // info (4), lat (9), lon (10)
            }
        }
        if (nk !== nv) fail(`Way ${id}: ${nk} keys but ${nv} values`);
        tags.count = nk;
        way.id = id;
        way.refCount = nr;
        this.inVisitor = true;
        this.visitor.way!(way);
        this.inVisitor = false;
        this.counts.ways++;
    }

    private decodeRelation(start: number, end: number): void {
        const pbf = this.pbf, buf = pbf.buf, rel = this.relation, tags = rel.tags;
        const numStrings = this.strings.count;
        let id = 0, nk = 0, nv = 0, nRoles = 0, nRefs = 0, nTypes = 0;

        pbf.pos = start;
        while (pbf.pos < end) {
            const tag = pbf.readVarint();
            const field = tag >>> 3, type = tag & 7;
            if (field === 1 && type === 0) {
                id = pbf.readVarint(true);
            } else if ((field === 2 || field === 3 || (field >= 8 && field <= 10)) && type === 2) {
                const fend = fieldEnd(pbf, end);
                const len = fend - pbf.pos;
                if (field === 2 || field === 3) {
                    tags.reserve(len);
                    if (field === 2) nk = readIndices(buf, pbf.pos, fend, tags.keys, numStrings, 'Relation keys');
                    else nv = readIndices(buf, pbf.pos, fend, tags.vals, numStrings, 'Relation vals');
                } else if (field === 8) {
                    if (rel.roles.length < len) rel.roles = new Int32Array(capacity(len));
                    nRoles = readIndices(buf, pbf.pos, fend, rel.roles, numStrings, 'Relation roles_sid');
                } else if (field === 9) {
                    if (rel.memberRefs.length < len) rel.memberRefs = new Float64Array(capacity(len));
                    nRefs = readDeltas(buf, pbf.pos, fend, rel.memberRefs, 'Relation memids');
                } else {
                    if (rel.memberTypes.length < len) rel.memberTypes = new Uint8Array(capacity(len));
                    const types = rel.memberTypes;
                    // MemberType is an enum: each value is one byte, 0 node, 1 way, 2 relation
                    for (let p = pbf.pos; p < fend; p++) {
                        const t = buf[p];
                        if (t > 2) fail(`Relation ${id}: bad member type ${t}`);
                        types[nTypes++] = t;
                    }
                }
                pbf.pos = fend;
            } else {
                skip(pbf, type, end); // info (4)
            }
        }
        if (nk !== nv) fail(`Relation ${id}: ${nk} keys but ${nv} values`);
        if (nRoles !== nRefs || nTypes !== nRefs) fail(`Relation ${id}: ${nRoles} roles, ${nRefs} member ids and ${nTypes} member types`);
        tags.count = nk;
        rel.id = id;
        rel.memberCount = nRefs;
        this.inVisitor = true;
        this.visitor.relation!(rel);
        this.inVisitor = false;
        this.counts.relations++;
    }
}
