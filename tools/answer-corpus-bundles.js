// The answer corpus (tools/answer-corpus.js): the bundle files a build writes, as corpus entries, by content.
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const sha256 = (b) => createHash('sha256').update(b).digest('hex');
/** Section headers up to this size are kept in the corpus (to show a difference); larger ones only their hash. */
const BODY_KEPT = 64 * 1024;
/**
 * Also, beside those the header of answer-corpus.js lists: sections.*.inputs (each hashes the engine's code, as
 * inputHash does) and reused (the sections a build copied from the bundle it replaced: how it was built, not what).
 */
const MANIFEST_VOLATILE = (key, parentPath) => key === 'builtAt' || key === 'buildSeconds' || (key === 'inputHash' && parentPath === '')
    || (key === 'reused' && parentPath === '') || (['bytes', 'inputs'].includes(key) && /^sections\.[^.]+$/.test(parentPath))
    || (parentPath.startsWith('stats') && ['seconds', 'contractionSeconds', 'ms', 'naturalEarthMs'].includes(key));
const SECTION_META_VOLATILE = (key) => key === 'seconds';
/**
 * What names the data's files, their dates and the bundle's id rather than answering from them (record
 * --source-names-volatile): an updated region's extract is the update store's file, not the extract a fresh build
 * reads, and its date is its newest object's, not a replication time (docs/regions.md, "Updating a region").
 */
export const SOURCE_NAMES_VOLATILE = (key, parentPath) => parentPath === '' && key === 'sources';

/** A JSON value without the keys `drop(key, parentPath)` names. */
function strip(v, drop, p = '') {
    if (Array.isArray(v)) return v.map((x, i) => strip(x, drop, `${p}.${i}`));
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const k of Object.keys(v)) if (!drop(k, p)) out[k] = strip(v[k], drop, p ? `${p}.${k}` : k);
    return out;
}

const BYTES_PER = {Int8Array: 1, Uint8Array: 1, Int16Array: 2, Uint16Array: 2, Int32Array: 4, Uint32Array: 4,
    Float32Array: 4, Float64Array: 8, BigInt64Array: 8, BigUint64Array: 8};

/**
 * A section file (engine format/section.ts: 'QRTR', container version, JSON header length, reserved, checksum,
 * JSON header, arrays) by content, without SECTION_META_VOLATILE: {digest, header} (header: the JSON kept).
 * Not a section: the file's bytes.
 */
export function sectionDigest(bytes) {
    if (bytes.length < 24 || bytes.readUInt32LE(0) !== 0x52545251) return {digest: sha256(bytes), header: null};
    const header = JSON.parse(bytes.subarray(24, 24 + bytes.readUInt32LE(8)).toString('utf8'));
    const arrays = Object.entries(header.arrays);
    const kept = JSON.stringify({container: bytes.readUInt32LE(4), kind: header.kind, version: header.version,
        meta: strip(header.meta, (k) => SECTION_META_VOLATILE(k)), arrays: arrays.map(([name, [type, , length]]) => [name, type, length])});
    const h = createHash('sha256').update(kept);
    for (const [, [type, offset, length]] of arrays) h.update(bytes.subarray(offset, offset + length * BYTES_PER[type]));
    return {digest: h.digest('hex'), header: kept};
}

/** The bundle files of the regions (all, or `countries`) in `dir`, as corpus entries. */
export function bundleEntries(dir, countries, sourceNamesVolatile) {
    const volatile = (key, parentPath) => MANIFEST_VOLATILE(key, parentPath) || (sourceNamesVolatile && SOURCE_NAMES_VOLATILE(key, parentPath));
    const out = [];
    for (const cc of fs.readdirSync(dir).sort()) {
        const sub = path.join(dir, cc);
        if (!fs.statSync(sub).isDirectory() || (countries && !countries.includes(cc))) continue;
        for (const f of fs.readdirSync(sub).sort()) {
            if (!f.endsWith('.bin') && f !== 'manifest.json') continue;
            const bytes = fs.readFileSync(path.join(sub, f));
            if (f === 'manifest.json') {
                const stable = JSON.stringify(strip(JSON.parse(bytes.toString('utf8')), volatile));
                out.push({id: `bundle:${cc}/${f}`, family: 'bundle', region: cc, file: f, length: stable.length, sha256: sha256(stable), body: stable,
                    volatile: ['builtAt', 'buildSeconds', 'inputHash', 'reused', 'sections.*.bytes', 'sections.*.inputs', 'stats.contractionSeconds', 'stats.**.seconds', 'stats.**.ms', 'stats.tiles.naturalEarthMs', ...(sourceNamesVolatile ? ['sources'] : [])]});
            } else {
                const {digest, header} = sectionDigest(bytes);
                out.push({id: `bundle:${cc}/${f}`, family: 'bundle', region: cc, file: f, length: bytes.length, sha256: digest,
                    ...(header && header.length <= BODY_KEPT ? {body: header, volatile: ['meta.**.seconds', 'array offsets']} : {})});
            }
        }
    }
    return out;
}

