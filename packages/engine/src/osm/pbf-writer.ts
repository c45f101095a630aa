// A small OSM PBF writer: dense nodes, ways and relations in zlib blobs. Used to write tiny
// hand-made fixtures for exact tests and clipped extracts of real data (tools/clip).
import fs from 'node:fs';
import zlib from 'node:zlib';
import {PbfWriter as Pbf} from 'pbf';
import {StringPool} from '../format/string-pool.js';

export type Tags = Record<string, string>;
export interface Member {
    type: 'node' | 'way' | 'relation';
    ref: number;
    role?: string;
}

const BLOCK_ENTITIES = 8000;
const MEMBER_TYPE = {node: 0, way: 1, relation: 2} as const;

export class OsmPbfWriter {
    private readonly fd: number;
    private readonly tmp: string;
    private kind: 0 | 1 | 2 | -1 = -1;
    /** The block's string table ('' first, as PBF wants). */
    private strings = new StringPool();
    private nodes: {id: number; lat: number; lon: number; tags?: Tags}[] = [];
    private ways: {id: number; refs: ArrayLike<number>; tags?: Tags}[] = [];
    private relations: {id: number; members: Member[]; tags?: Tags}[] = [];

    /** Opens `file` (written under a temporary name, renamed on close). */
    constructor(private readonly file: string, bbox?: [number, number, number, number]) {
        this.tmp = `${file}.${process.pid}.tmp`;
        this.fd = fs.openSync(this.tmp, 'w');
        const header = new Pbf();
        if (bbox) {
            header.writeMessage(1, (b: [number, number, number, number], p: Pbf) => {
                p.writeSVarintField(1, Math.round(b[0] * 1e9));
                p.writeSVarintField(2, Math.round(b[2] * 1e9));
                p.writeSVarintField(3, Math.round(b[3] * 1e9));
                p.writeSVarintField(4, Math.round(b[1] * 1e9));
            }, bbox);
        }
        header.writeStringField(4, 'OsmSchema-V0.6');
        header.writeStringField(4, 'DenseNodes');
        header.writeStringField(16, 'quartier');
        this.writeBlob('OSMHeader', header.finish());
    }

    node(id: number, lat: number, lon: number, tags?: Tags): void {
        this.switchTo(0);
        this.nodes.push({id, lat, lon, tags});
        if (this.nodes.length >= BLOCK_ENTITIES) this.flush();
    }

    way(id: number, refs: ArrayLike<number>, tags?: Tags): void {
        this.switchTo(1);
        this.ways.push({id, refs: Array.from(refs), tags});
        if (this.ways.length >= BLOCK_ENTITIES) this.flush();
    }

    relation(id: number, members: Member[], tags?: Tags): void {
        this.switchTo(2);
        this.relations.push({id, members, tags});
        if (this.relations.length >= BLOCK_ENTITIES) this.flush();
    }

    close(): void {
        this.flush();
        fs.closeSync(this.fd);
        fs.renameSync(this.tmp, this.file);
    }

    private switchTo(kind: 0 | 1 | 2): void {
        if (kind < this.kind) throw new Error('OSM PBF entities must come as nodes, then ways, then relations');
        if (kind !== this.kind) this.flush();
        this.kind = kind;
    }

    private s(str: string): number {
        return this.strings.id(str);
    }

    private flush(): void {
        if (!this.nodes.length && !this.ways.length && !this.relations.length) return;
        // Encode the group first: it fills the string table.
        const group = new Pbf();
        if (this.nodes.length) {
            group.writeMessage(2, (_: unknown, p: Pbf) => {
                const ids: number[] = [], lats: number[] = [], lons: number[] = [], kv: number[] = [];
                let pid = 0, plat = 0, plon = 0;
                let anyTags = false;
                for (const n of this.nodes) {
                    const lat = Math.round(n.lat * 1e7), lon = Math.round(n.lon * 1e7);
                    ids.push(n.id - pid);
                    lats.push(lat - plat);
                    lons.push(lon - plon);
                    pid = n.id;
                    plat = lat;
                    plon = lon;
                    for (const [k, v] of Object.entries(n.tags ?? {})) {
                        kv.push(this.s(k), this.s(v));
                        anyTags = true;
                    }
                    kv.push(0);
                }
                p.writePackedSVarint(1, ids);
                p.writePackedSVarint(8, lats);
                p.writePackedSVarint(9, lons);
                if (anyTags) p.writePackedVarint(10, kv);
            }, null);
        }
        for (const w of this.ways) {
            group.writeMessage(3, (_: unknown, p: Pbf) => {
                p.writeVarintField(1, w.id);
                const [keys, vals] = this.tagArrays(w.tags);
                if (keys.length) {
                    p.writePackedVarint(2, keys);
                    p.writePackedVarint(3, vals);
                }
                const deltas: number[] = [];
                let prev = 0;
                for (let i = 0; i < w.refs.length; i++) {
                    deltas.push(w.refs[i] - prev);
                    prev = w.refs[i];
                }
                p.writePackedSVarint(8, deltas);
            }, null);
        }
        for (const r of this.relations) {
            group.writeMessage(4, (_: unknown, p: Pbf) => {
                p.writeVarintField(1, r.id);
                const [keys, vals] = this.tagArrays(r.tags);
                if (keys.length) {
                    p.writePackedVarint(2, keys);
                    p.writePackedVarint(3, vals);
                }
                const roles: number[] = [], ids: number[] = [], types: number[] = [];
                let prev = 0;
                for (const m of r.members) {
                    roles.push(this.s(m.role ?? ''));
                    ids.push(m.ref - prev);
                    prev = m.ref;
                    types.push(MEMBER_TYPE[m.type]);
                }
                if (r.members.length) {
                    p.writePackedVarint(8, roles);
                    p.writePackedSVarint(9, ids);
                    p.writePackedVarint(10, types);
                }
            }, null);
        }
        const groupBytes = group.finish();
        const block = new Pbf();
        block.writeMessage(1, (_: unknown, p: Pbf) => {
            for (const str of this.strings.values) p.writeBytesField(1, Buffer.from(str, 'utf8'));
        }, null);
        block.writeBytesField(2, groupBytes);
        this.writeBlob('OSMData', block.finish());
        this.nodes = [];
        this.ways = [];
        this.relations = [];
        this.strings = new StringPool();
    }

    private tagArrays(tags: Tags | undefined): [number[], number[]] {
        const keys: number[] = [], vals: number[] = [];
        for (const [k, v] of Object.entries(tags ?? {})) {
            keys.push(this.s(k));
            vals.push(this.s(v));
        }
        return [keys, vals];
    }

    private writeBlob(type: string, data: Uint8Array): void {
        const blob = new Pbf();
        blob.writeVarintField(2, data.length);
        blob.writeBytesField(3, zlib.deflateSync(data));
        const blobBytes = blob.finish();
        const header = new Pbf();
        header.writeStringField(1, type);
        header.writeVarintField(3, blobBytes.length);
        const headerBytes = header.finish();
        const len = Buffer.alloc(4);
        len.writeUInt32BE(headerBytes.length);
        fs.writeSync(this.fd, len);
        fs.writeSync(this.fd, headerBytes);
        fs.writeSync(this.fd, blobBytes);
    }
}
