import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {PbfReader, PbfWriter} from 'pbf';
import {dataRoot} from './helpers.js';
import {countOsmPbf, OsmPbfError, readOsmPbf} from '../src/osm/pbf.js';

// --- real data ---------------------------------------------------------------------------------

function findPbfs(dir: string): string[] {
    const out: string[] = [];
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) out.push(...findPbfs(p));
        else if (e.name.endsWith('.osm.pbf')) out.push(p);
    }
    return out.sort();
}

type Bbox = [number, number, number, number];

/** The figures of `osmium fileinfo -e` that we check against. */
function fileinfo(file: string) {
    const text = fs.readFileSync(file.replace(/\.pbf$/, '.fileinfo.txt'), 'utf8');
    const num = (what: string) => Number(new RegExp(`Number of ${what}: (\\d+)`).exec(text)![1]);
    const bbox = (s: string | undefined) => s ? s.split(',').map(Number) as Bbox : null;
    const header = text.slice(text.indexOf('Header:'), text.indexOf('\nData:'));
    const data = text.slice(text.indexOf('\nData:'));
    return {
        counts: {nodes: num('nodes'), ways: num('ways'), relations: num('relations')},
        headerBbox: bbox(/Bounding boxes:\n\s+\(([^)]*)\)/.exec(header)?.[1]),
        dataBbox: bbox(/Bounding box: \(([^)]*)\)/.exec(data)?.[1])!
    };
}

function near(a: number[] | null, b: number[] | null, eps: number): boolean {
    if (!a || !b) return a === b;
    return a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) <= eps);
}

const files = findPbfs(dataRoot);
const byName = (name: string) => files.find(f => path.basename(f).startsWith(name))!;

t.ok(files.length >= 8, `found ${files.length} .osm.pbf files under ${dataRoot}`);

for (const file of files) {
    t.test(path.basename(file), t => {
        const info = fileinfo(file);
        const size = fs.statSync(file).size;

        t.same(countOsmPbf(file), info.counts, 'countOsmPbf equals osmium fileinfo');

        const counts = {nodes: 0, ways: 0, relations: 0};
        const bbox: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
        let lastProgress = 0, progressOk = true, tagsOk = true, refsOk = true, membersOk = true;
        const header = readOsmPbf(file, {
            node(n) {
                counts.nodes++;
                if (n.lon < bbox[0]) bbox[0] = n.lon;
                if (n.lat < bbox[1]) bbox[1] = n.lat;
                if (n.lon > bbox[2]) bbox[2] = n.lon;
                if (n.lat > bbox[3]) bbox[3] = n.lat;
                for (let i = 0; i < n.tags.count; i++) if (n.tags.get(n.tags.key(i)) === undefined) tagsOk = false;
            },
            way(w) {
                counts.ways++;
                if (w.refCount > w.refs.length) refsOk = false;
                for (let i = 0; i < w.refCount; i++) if (!Number.isInteger(w.refs[i])) refsOk = false;
                for (let i = 0; i < w.tags.count; i++) if (!w.tags.has(w.tags.key(i))) tagsOk = false;
            },
            relation(r) {
                counts.relations++;
                for (let i = 0; i < r.memberCount; i++) {
                    if (r.memberTypes[i] > 2 || !Number.isInteger(r.memberRefs[i]) || typeof r.memberRole(i) !== 'string') membersOk = false;
                }
            }
        }, {
            onProgress(read, total) {
                if (read <= lastProgress || total !== size) progressOk = false;
                lastProgress = read;
            }
        });

        t.same(counts, info.counts, 'full decode visits as many objects as osmium counts');
        t.ok(near(bbox, info.dataBbox, 1e-9), `node extent ${bbox} equals the data bbox ${info.dataBbox}`);
        t.ok(near(header.bbox, info.headerBbox, 1e-7), `header bbox ${header.bbox} equals ${info.headerBbox}`);
        t.ok(header.requiredFeatures.includes('OsmSchema-V0.6'), 'required features parsed');
        t.ok(progressOk && lastProgress === size, 'onProgress is monotonic and ends at the file size');
        t.ok(tagsOk && refsOk && membersOk, 'tags, refs and members are consistent');
        t.end();
    });
}

t.test('aachen: header and tag counts', t => {
    const file = byName('aachen');
    const tagCount: Record<string, number> = {highway: 0, building: 0, 'addr:housenumber': 0};
    const keys = Object.keys(tagCount);
    const count = (tags: {has(k: string): boolean}) => { for (const k of keys) if (tags.has(k)) tagCount[k]++; };
    let outer = 0, inner = 0;
    const header = readOsmPbf(file, {
        node: n => count(n.tags),
        way: w => count(w.tags),
        relation(r) {
            count(r.tags);
            if (r.tags.get('type') !== 'multipolygon') return;
            for (let i = 0; i < r.memberCount; i++) {
                if (r.memberRole(i) === 'outer' && r.memberTypes[i] === 1) outer++;
                if (r.memberRole(i) === 'inner' && r.memberTypes[i] === 1) inner++;
            }
        }
    });
    t.same(header.bbox, [6.026, 50.7451, 6.1479, 50.7941], 'header bbox');
    t.equal(header.writingProgram, 'osmconvert 0.8.11');
    t.equal(header.replicationTimestamp, Date.parse('2021-08-01T23:59:58Z') / 1000);
    t.same(header.requiredFeatures, ['OsmSchema-V0.6', 'DenseNodes']);
    t.ok(header.optionalFeatures.includes('Sort.Type_then_ID'));
    // figures from SOURCES.md (osmium), summed over nodes, ways and relations
    t.same(tagCount, {highway: 17965, building: 35302, 'addr:housenumber': 25374}, 'tag counts');
    t.ok(outer > 100 && inner > 10, `multipolygon members: ${outer} outer, ${inner} inner ways`);
    t.end();
});

t.test('brussels: spot checks on real objects', t => {
    const file = byName('brussels');
    const nodeIds = new Set<number>();
    // (`as` keeps TypeScript from narrowing these to null: they are set in the callbacks)
    let grandPlace = null as {lat: number; lon: number; name?: string} | null;
    let street = null as {id: number; name: string; refs: number[]} | null;
    let highwayWays = 0, busStops = 0, schools = 0, missingRefs = 0;

    readOsmPbf(file, {
        node(n) {
            nodeIds.add(n.id);
            if (n.id === 35710725) grandPlace = {lat: n.lat, lon: n.lon, name: n.tags.get('name')};
            if (n.tags.get('highway') === 'bus_stop') busStops++;
            if (n.tags.get('amenity') === 'school') schools++;
        },
        way(w) {
            // the file is sorted (nodes first) and its ways are complete
            for (let i = 0; i < w.refCount; i++) if (!nodeIds.has(w.refs[i])) missingRefs++;
            const highway = w.tags.get('highway');
            if (highway !== undefined) highwayWays++;
            if (w.tags.get('amenity') === 'school') schools++;
            const name = w.tags.get('name');
            if (!street && highway === 'residential' && name && w.refCount >= 5) {
                street = {id: w.id, name, refs: Array.from(w.refs.subarray(0, w.refCount))};
            }
        },
        relation(r) {
            if (r.tags.get('amenity') === 'school') schools++;
        }
    });

    t.same(grandPlace, {lat: 50.8467493, lon: 4.352495, name: 'Grand\'place - Grote Markt'}, 'Grand Place node');
    t.ok(street, 'found a named residential street');
    const s = street!;
    t.ok(s.refs.every(id => nodeIds.has(id)), `all ${s.refs.length} refs of way ${s.id} (${s.name}) are nodes of the file`);
    t.equal(missingRefs, 0, 'every ref of every way is a node of the file');
    // figures from be-brussels/SOURCES.md (osmium tags-filter)
    t.equal(highwayWays, 20233, 'highway=* ways');
    t.equal(busStops, 1231, 'highway=bus_stop');
    t.equal(schools, 354, 'amenity=school');
    t.end();
});

t.test('a visitor with only some callbacks skips the rest', t => {
    const file = byName('heidelberg');
    let ways = 0;
    readOsmPbf(file, {way: () => { ways++; }});
    t.equal(ways, fileinfo(file).counts.ways);
    const header = readOsmPbf(file, {});
    t.equal(header.writingProgram, 'osmium/1.18.0');
    t.end();
});

t.test('errors thrown by the visitor pass through unchanged', t => {
    const boom = new RangeError('boom');
    let caught: unknown;
    try {
        readOsmPbf(byName('aq'), {way() { throw boom; }});
    } catch (err) {
        caught = err;
    }
    t.equal(caught, boom);
    t.end();
});

// --- broken files ------------------------------------------------------------------------------

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'osm-pbf-test-'));
t.teardown(() => fs.rmSync(tmp, {recursive: true, force: true}));

/** Byte offset, BlobHeader length and Blob size of every block. */
function blocks(buf: Buffer): {offset: number; headerLen: number; dataSize: number}[] {
    const out = [];
    for (let offset = 0; offset < buf.length;) {
        const headerLen = buf.readUInt32BE(offset);
        const pbf = new PbfReader(buf.subarray(offset + 4, offset + 4 + headerLen));
        let dataSize = 0;
        for (let f; (f = pbf.nextField());) if (f === 3) dataSize = pbf.readVarint();
        out.push({offset, headerLen, dataSize});
        offset += 4 + headerLen + dataSize;
    }
    return out;
}

function readError(file: string): OsmPbfError {
    try {
        readOsmPbf(file, {node() {}, way() {}, relation() {}});
    } catch (err) {
        if (err instanceof OsmPbfError) return err;
        throw err;
    }
    throw new Error(`${file} read without error`);
}

t.test('truncated files throw OsmPbfError naming the file and block', t => {
    const src = fs.readFileSync(byName('brussels'));
    const bs = blocks(src);
    t.ok(bs.length > 10);
    const b = bs[5];
    const cases: [string, number, RegExp][] = [
        ['in the middle of a blob', b.offset + 4 + b.headerLen + (b.dataSize >> 1), /ends inside the OSMData blob/],
        ['inside the BlobHeader', b.offset + 6, /ends inside the BlobHeader/],
        ['inside the length prefix', b.offset + 2, /ends inside a BlobHeader length/],
        ['half way', src.length >> 1, /ends inside/]
    ];
    for (const [what, len, re] of cases) {
        const file = path.join(tmp, `truncated-${len}.osm.pbf`);
        fs.writeFileSync(file, src.subarray(0, len));
        const err = readError(file);
        t.match(err.message, path.basename(file), `${what}: names the file`);
        t.match(err.message, /block \d+ at byte \d+: /, `${what}: names the block`);
        t.match(err.message, re, `${what}: ${err.message}`);
    }
    t.match(readError(path.join(tmp, `truncated-${b.offset + 2}.osm.pbf`)).message, `block 5 at byte ${b.offset}:`);
    t.end();
});

t.test('a corrupt zlib blob throws OsmPbfError', t => {
    const src = Buffer.from(fs.readFileSync(byName('brussels')));
    const b = blocks(src)[2];
    src[b.offset + 4 + b.headerLen + (b.dataSize >> 1)] ^= 0x55;
    const file = path.join(tmp, 'corrupt.osm.pbf');
    fs.writeFileSync(file, src);
    const err = readError(file);
    t.match(err.message, `corrupt.osm.pbf: block 2 at byte ${b.offset}: zlib data is corrupt`, err.message);
    t.throws(() => countOsmPbf(file), OsmPbfError);
    t.end();
});

t.test('not a PBF file', t => {
    const file = path.join(tmp, 'text.osm.pbf');
    fs.writeFileSync(file, 'File:\n  Name: something that is not protobuf\n');
    t.match(readError(file).message, /text\.osm\.pbf: block 0 at byte 0: bad BlobHeader length/);
    fs.writeFileSync(file, '');
    t.match(readError(file).message, /the file is empty/);
    t.end();
});

// --- synthetic files: code paths the real extracts don't use --------------------------------------

function fileBlock(type: string, payload: Uint8Array, compress: boolean): Buffer {
    const blob = new PbfWriter();
    if (compress) {
        blob.writeVarintField(2, payload.length);
        blob.writeBytesField(3, zlib.deflateSync(payload));
    } else {
        blob.writeBytesField(1, payload);
    }
    const blobBytes = blob.finish();
    const header = new PbfWriter();
    header.writeStringField(1, type);
    header.writeVarintField(3, blobBytes.length);
    const headerBytes = header.finish();
    const len = Buffer.alloc(4);
    len.writeUInt32BE(headerBytes.length);
    return Buffer.concat([len, headerBytes, blobBytes]);
}

function headerBlock(required: string[]): Uint8Array {
    const pbf = new PbfWriter();
    pbf.writeMessage(1, (_: null, p: PbfWriter) => {
        p.writeSVarintField(1, -1500000000); // left
        p.writeSVarintField(2, 2500000000);  // right
        p.writeSVarintField(3, 52000000000); // top
        p.writeSVarintField(4, 51000000000); // bottom
    }, null);
    for (const f of required) pbf.writeStringField(4, f);
    pbf.writeStringField(16, 'osm-pbf.test');
    pbf.writeVarintField(32, 1700000000);
    return pbf.finish();
}

const STRINGS = ['', 'highway', 'residential', 'name', 'Rue Ünïcode', 'outer', 'type', 'multipolygon'];

function dataBlock(): Uint8Array {
    const pbf = new PbfWriter();
    pbf.writeMessage(1, (_: null, p: PbfWriter) => {
        for (const s of STRINGS) p.writeBytesField(1, new TextEncoder().encode(s));
    }, null);
    // a group of plain (non-dense) nodes, with an id above 2^32
    pbf.writeMessage(2, (_: null, g: PbfWriter) => {
        g.writeMessage(1, (_: null, n: PbfWriter) => {
            n.writeSVarintField(1, 8589934597);
            n.writePackedVarint(2, [3]);
            n.writePackedVarint(3, [4]);
            n.writeSVarintField(8, 1234567);
            n.writeSVarintField(9, -7654321);
        }, null);
    }, null);
    // a dense group: ids 10, 12, -3; tags only on the second node
    pbf.writeMessage(2, (_: null, g: PbfWriter) => {
        g.writeMessage(2, (_: null, d: PbfWriter) => {
            d.writePackedSVarint(1, [10, 2, -15]);
            d.writePackedSVarint(8, [1000000, 1, -2]);
            d.writePackedSVarint(9, [-1000000, -1, 2]);
            d.writePackedVarint(10, [0, 1, 2, 3, 4, 0, 0]);
        }, null);
    }, null);
    pbf.writeMessage(2, (_: null, g: PbfWriter) => {
        g.writeMessage(3, (_: null, w: PbfWriter) => {
            w.writeVarintField(1, -5); // int64: a 10-byte two's complement varint
            w.writePackedVarint(2, [1, 3]);
            w.writePackedVarint(3, [2, 4]);
            w.writePackedSVarint(8, [8589934597, 10 - 8589934597, 2]);
        }, null);
    }, null);
    pbf.writeMessage(2, (_: null, g: PbfWriter) => {
        g.writeMessage(4, (_: null, r: PbfWriter) => {
            r.writeVarintField(1, 4294967301);
            r.writePackedVarint(2, [6]);
            r.writePackedVarint(3, [7]);
            r.writePackedVarint(8, [5, 0]);
            r.writePackedSVarint(9, [-5, 17]);
            r.writePackedVarint(10, [1, 0]);
        }, null);
    }, null);
    pbf.writeVarintField(17, 1000);             // granularity
    pbf.writeVarintField(19, 50000000000);      // lat_offset: 50°
    pbf.writeVarintField(20, -1000000000);      // lon_offset: -1°
    return pbf.finish();
}

t.test('synthetic file: plain nodes, raw blobs, offsets, granularity, big and negative ids', t => {
    const file = path.join(tmp, 'synthetic.osm.pbf');
    fs.writeFileSync(file, Buffer.concat([
        fileBlock('OSMHeader', headerBlock(['OsmSchema-V0.6', 'DenseNodes']), false),
        fileBlock('OSMExtension', new Uint8Array([1, 2, 3]), false), // unknown blob types are skipped
        fileBlock('OSMData', dataBlock(), true),
        fileBlock('OSMData', dataBlock(), false)
    ]));

    const nodes: unknown[] = [], ways: unknown[] = [], relations: unknown[] = [];
    const header = readOsmPbf(file, {
        node: n => nodes.push({id: n.id, lat: +n.lat.toFixed(9), lon: +n.lon.toFixed(9), tags: Array.from({length: n.tags.count}, (_, i) => [n.tags.key(i), n.tags.value(i)])}),
        way: w => ways.push({id: w.id, refs: Array.from(w.refs.subarray(0, w.refCount)), highway: w.tags.get('highway'), name: w.tags.get('name'), has: w.tags.has('nope')}),
        relation: r => relations.push({id: r.id, type: r.tags.get('type'), members: Array.from({length: r.memberCount}, (_, i) => [r.memberTypes[i], r.memberRefs[i], r.memberRole(i)])})
    });
    t.same(header, {bbox: [-1.5, 51, 2.5, 52], requiredFeatures: ['OsmSchema-V0.6', 'DenseNodes'], optionalFeatures: [], writingProgram: 'osm-pbf.test', replicationTimestamp: 1700000000});
    const blockNodes = [
        {id: 8589934597, lat: 51.234567, lon: -8.654321, tags: [['name', 'Rue Ünïcode']]},
        {id: 10, lat: 51, lon: -2, tags: []},
        {id: 12, lat: 51.000001, lon: -2.000001, tags: [['highway', 'residential'], ['name', 'Rue Ünïcode']]},
        {id: -3, lat: 50.999999, lon: -1.999999, tags: []}
    ];
    t.same(nodes, [...blockNodes, ...blockNodes]);
    const way = {id: -5, refs: [8589934597, 10, 12], highway: 'residential', name: 'Rue Ünïcode', has: false};
    t.same(ways, [way, way]);
    const rel = {id: 4294967301, type: 'multipolygon', members: [[1, -5, 'outer'], [0, 12, '']]};
    t.same(relations, [rel, rel]);
    t.same(countOsmPbf(file), {nodes: 8, ways: 2, relations: 2});
    t.end();
});

t.test('required features other than OsmSchema-V0.6 and DenseNodes are rejected', t => {
    for (const feature of ['HistoricalInformation', 'LocationsOnWays']) {
        const file = path.join(tmp, `${feature}.osm.pbf`);
        fs.writeFileSync(file, Buffer.concat([
            fileBlock('OSMHeader', headerBlock(['OsmSchema-V0.6', feature]), true),
            fileBlock('OSMData', dataBlock(), true)
        ]));
        t.match(readError(file).message, `${feature}.osm.pbf: block 0 at byte 0: the file requires`);
        t.match(readError(file).message, feature);
    }
    const file = path.join(tmp, 'no-header.osm.pbf');
    fs.writeFileSync(file, fileBlock('OSMData', dataBlock(), true));
    t.match(readError(file).message, /block 0 at byte 0: an OSMData block before the OSMHeader block/);
    t.end();
});

t.test('a malformed PrimitiveBlock throws OsmPbfError', t => {
    const block = dataBlock();
    const file = path.join(tmp, 'malformed.osm.pbf');
    const head = fileBlock('OSMHeader', headerBlock([]), true);
    // cut the block short: the relation group's length now runs past the end
    fs.writeFileSync(file, Buffer.concat([head, fileBlock('OSMData', block.subarray(0, block.length - 30), true)]));
    t.match(readError(file).message, `malformed.osm.pbf: block 1 at byte ${head.length}: `);
    // a string index past the end of the table
    const bad = Buffer.from(block);
    const i = bad.indexOf(Buffer.from([0x12, 0x01, 0x03])); // the plain node's keys: [3]
    t.ok(i > 0);
    bad[i + 2] = 100;
    fs.writeFileSync(file, Buffer.concat([head, fileBlock('OSMData', bad, false)]));
    t.match(readError(file).message, /block 1 at byte \d+: Node keys: string index 100 out of range/);
    t.end();
});
