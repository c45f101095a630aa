// A small streaming reader for OpenStreetMap PBF files (https://wiki.openstreetmap.org/wiki/PBF_Format).
//
// A file is a sequence of blocks: a 4-byte big-endian BlobHeader length, the BlobHeader {type, datasize},
// then a Blob {raw | raw_size + zlib_data}. The first block is an OSMHeader (HeaderBlock), the rest are
// OSMData (PrimitiveBlock). We read and inflate one blob at a time with fs.readSync, so memory stays at a
// few blob-sized buffers however large the file is, and hand each object to a visitor as a reused view.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {PbfReader} from 'pbf';
import {BlockDecoder, FormatError} from './pbf-block.js';
import type {OsmVisitor} from './objects.js';

export interface OsmHeader {
    /** minLon, minLat, maxLon, maxLat */
    bbox: [number, number, number, number] | null;
    requiredFeatures: string[];
    optionalFeatures: string[];
    writingProgram: string;
    /** unix seconds, 0 if absent */
    replicationTimestamp: number;
}

export interface OsmReadOptions {
    /** Called after each blob. */
    onProgress?(bytesRead: number, totalBytes: number): void;
}

/** The message names the file, the block number and its byte offset, and what is wrong. */
export class OsmPbfError extends Error {
    override name = 'OsmPbfError';
}

const MAX_HEADER_SIZE = 64 * 1024;        // the spec: a BlobHeader must be less than 64 KiB
const MAX_BLOB_SIZE = 32 * 1024 * 1024;   // ... and a Blob, compressed or not, less than 32 MiB
const SUPPORTED_FEATURES = ['OsmSchema-V0.6', 'DenseNodes'];

/**
 * Reads an OSM PBF file synchronously, blob by blob, calling the visitor for every object.
 * Object types without a callback are skipped without decoding. Returns the file's header.
 */
export function readOsmPbf(file: string, visitor: OsmVisitor, options: OsmReadOptions = {}): OsmHeader {
    return read(file, new BlockDecoder(visitor, false), options.onProgress);
}

/** The file's header alone (its bounding box, replication time), without reading further. */
export function readOsmHeader(file: string): OsmHeader {
    return read(file, new BlockDecoder({}, true), undefined, true);
}

/** Counts the objects in a file without decoding them. */
export function countOsmPbf(file: string): {nodes: number; ways: number; relations: number} {
    const decoder = new BlockDecoder({}, true);
    read(file, decoder);
    const {nodes, ways, relations} = decoder.counts;
    return {nodes, ways, relations};
}

function read(file: string, decoder: BlockDecoder, onProgress?: (bytesRead: number, totalBytes: number) => void, headerOnly = false): OsmHeader {
    const name = path.basename(file);
    const fd = fs.openSync(file, 'r');
    try {
        const total = fs.fstatSync(fd).size;
        const lenBuf = Buffer.alloc(4);
        const headerBuf = Buffer.alloc(MAX_HEADER_SIZE);
        let blobBuf = Buffer.alloc(1 << 16);
        let header: OsmHeader | null = null;
        let offset = 0;

        for (let block = 0; ; block++) {
            const error = (what: string) => new OsmPbfError(`${name}: block ${block} at byte ${offset}: ${what}`);

            const got = readFully(fd, lenBuf, 4, offset);
            if (got === 0) {
                if (block === 0) throw error('the file is empty');
                break;
            }
            if (got < 4) throw error(`the file ends inside a BlobHeader length (${got} of 4 bytes)`);
            const headerLen = lenBuf.readUInt32BE(0);
            if (headerLen === 0 || headerLen >= MAX_HEADER_SIZE) {
                throw error(`bad BlobHeader length ${headerLen} (must be 1..${MAX_HEADER_SIZE - 1}; not an OSM PBF file?)`);
            }
            const gotHeader = readFully(fd, headerBuf, headerLen, offset + 4);
            if (gotHeader < headerLen) throw error(`the file ends inside the BlobHeader (${gotHeader} of ${headerLen} bytes)`);

            let type: string, dataSize: number;
            try {
                ({type, dataSize} = parseBlobHeader(headerBuf.subarray(0, headerLen)));
            } catch (err) {
                throw error(`unparseable BlobHeader (${message(err)})`);
            }
            if (dataSize > MAX_BLOB_SIZE) throw error(`bad Blob size ${dataSize} (more than ${MAX_BLOB_SIZE})`);

            if (blobBuf.length < dataSize) blobBuf = Buffer.alloc(Math.max(dataSize, blobBuf.length * 2));
            const gotBlob = readFully(fd, blobBuf, dataSize, offset + 4 + headerLen);
            if (gotBlob < dataSize) throw error(`the file ends inside the ${type} blob (${gotBlob} of ${dataSize} bytes)`);

            if (type === 'OSMHeader' || type === 'OSMData') {
                if (type === 'OSMHeader' && header) throw error('a second OSMHeader block');
                if (type === 'OSMData' && !header) throw error('an OSMData block before the OSMHeader block');

                const data = inflateBlob(blobBuf.subarray(0, dataSize), error);
                if (type === 'OSMHeader') {
                    try {
                        header = parseHeaderBlock(data);
                    } catch (err) {
                        throw error(`unparseable HeaderBlock (${message(err)})`);
                    }
                    checkFeatures(header, error);
                    if (headerOnly) return header;
                } else {
                    try {
                        decoder.decode(data);
                    } catch (err) {
                        // errors thrown by the visitor's own callbacks pass through untouched
                        if (decoder.inVisitor) {
                            decoder.inVisitor = false;
                            throw err;
                        }
                        throw error(err instanceof FormatError ? err.message : `unparseable PrimitiveBlock (${message(err)})`);
                    }
                }
            } // the spec says unknown blob types are skipped

            offset += 4 + headerLen + dataSize;
            onProgress?.(offset, total);
        }
        if (!header) throw new OsmPbfError(`${name}: no OSMHeader block in ${offset} bytes`);
        return header;
    } finally {
        fs.closeSync(fd);
    }
}

/** Reads len bytes at position unless the file ends first; returns the number read. */
function readFully(fd: number, buf: Buffer, len: number, position: number): number {
    let got = 0;
    while (got < len) {
        const n = fs.readSync(fd, buf, got, len - got, position + got);
        if (n === 0) break;
        got += n;
    }
    return got;
}

function message(err: unknown): string {
    return err instanceof Error ? err.message : String(err);
}

function parseBlobHeader(buf: Uint8Array): {type: string; dataSize: number} {
    const pbf = new PbfReader(buf);
    let type = '', dataSize = -1;
    for (let field; (field = pbf.nextField()) !== 0;) {
        if (field === 1 && pbf.type === 2) type = pbf.readString();
        else if (field === 3 && pbf.type === 0) dataSize = pbf.readVarint(true);
    }
    if (pbf.pos !== buf.length) throw new Error('it overruns its length');
    if (!type) throw new Error('no type');
    if (dataSize < 0) throw new Error('no datasize');
    return {type, dataSize};
}

function inflateBlob(buf: Uint8Array, error: (what: string) => OsmPbfError): Uint8Array {
    const pbf = new PbfReader(buf);
    let raw: Uint8Array | null = null, zdata: Uint8Array | null = null, rawSize = -1, other = 0;
    try {
        for (let field; (field = pbf.nextField()) !== 0;) {
            if (field === 1 && pbf.type === 2) raw = pbf.readBytes();
            else if (field === 2 && pbf.type === 0) rawSize = pbf.readVarint(true);
            else if (field === 3 && pbf.type === 2) zdata = pbf.readBytes();
            else if (field >= 4 && field <= 7) other = field;
        }
    } catch (err) {
        throw error(`unparseable Blob (${message(err)})`);
    }
    if (pbf.pos !== buf.length) throw error('unparseable Blob (it overruns its length)');
    if (raw) return raw;
    if (!zdata) {
        const kinds: Record<number, string> = {4: 'lzma', 5: 'bzip2', 6: 'lz4', 7: 'zstd'};
        throw error(other ? `unsupported ${kinds[other]} compression (only raw and zlib blobs are supported)` : 'the Blob has no data');
    }
    if (rawSize > MAX_BLOB_SIZE) throw error(`bad raw_size ${rawSize} (more than ${MAX_BLOB_SIZE})`);

    let data: Buffer;
    try {
        // one output chunk of the announced size avoids zlib's chunk concatenation
        data = rawSize > 0
            ? zlib.inflateSync(zdata, {chunkSize: Math.max(rawSize, 64), maxOutputLength: rawSize})
            : zlib.inflateSync(zdata, {maxOutputLength: MAX_BLOB_SIZE});
    } catch (err) {
        throw error(`zlib data is corrupt (${message(err)})`);
    }
    if (rawSize >= 0 && data.length !== rawSize) throw error(`zlib data inflates to ${data.length} bytes, raw_size says ${rawSize}`);
    return data;
}

function parseHeaderBlock(buf: Uint8Array): OsmHeader {
    const pbf = new PbfReader(buf);
    const header: OsmHeader = {bbox: null, requiredFeatures: [], optionalFeatures: [], writingProgram: '', replicationTimestamp: 0};
    for (let field; (field = pbf.nextField()) !== 0;) {
        if (field === 1 && pbf.type === 2) {
            // HeaderBBox in nanodegrees: left, right, top, bottom
            const end = pbf.readVarint() + pbf.pos;
            let left = 0, right = 0, top = 0, bottom = 0;
            for (let f; (f = pbf.nextField(end)) !== 0;) {
                if (pbf.type as number !== 0) continue; // (TS keeps the outer narrowing of pbf.type)
                if (f === 1) left = pbf.readSVarint();
                else if (f === 2) right = pbf.readSVarint();
                else if (f === 3) top = pbf.readSVarint();
                else if (f === 4) bottom = pbf.readSVarint();
            }
            if (pbf.pos !== end) throw new Error('the bbox overruns its field');
            header.bbox = [left / 1e9, bottom / 1e9, right / 1e9, top / 1e9];
        } else if (field === 4 && pbf.type === 2) {
            header.requiredFeatures.push(pbf.readString());
        } else if (field === 5 && pbf.type === 2) {
            header.optionalFeatures.push(pbf.readString());
        } else if (field === 16 && pbf.type === 2) {
            header.writingProgram = pbf.readString();
        } else if (field === 32 && pbf.type === 0) {
            header.replicationTimestamp = pbf.readVarint(true);
        }
    }
    if (pbf.pos !== buf.length) throw new Error('it overruns the blob');
    return header;
}

function checkFeatures(header: OsmHeader, error: (what: string) => OsmPbfError): void {
    for (const feature of header.requiredFeatures) {
        if (SUPPORTED_FEATURES.includes(feature)) continue;
        if (feature === 'HistoricalInformation') {
            throw error('the file requires feature "HistoricalInformation": history files (several versions per object) are not supported');
        }
        throw error(`the file requires unsupported feature "${feature}" (supported: ${SUPPORTED_FEATURES.join(', ')})`);
    }
}
