// Sections reused from the bundle a build replaces (issue 28, part B, first step). A section built from other
// sections and settings (the contraction hierarchies from the road graph, transit from the road graph and the
// feeds, coverage from the road graph, the border and the extracts' boxes, the vector tiles from the map data,
// the places and the coverage) records the hash of those inputs (manifest sections[k].inputs): the SHA-256 of the
// sections it reads, the settings it reads and the engine's code. A build (not forced) whose previous bundle holds
// the section with the same inputs copies it instead of building it: an OSM change that leaves the road graph as
// it was reuses the three hierarchies, transit and coverage byte for byte, and one that changes only a mode's
// weights (a maxspeed: the car's) reuses the other modes' hierarchies (modeDigest). The road graph and the map data
// are reused when what their builder kept from the read is the same (RoadGraphBuilder.inputDigest,
// MapDataBuilder.inputDigest), the border when the country and the borders' package are; the other sections read
// straight from OSM (POIs, places) are still built every time.
// Their content is what the others' inputs hash.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {sectionFileChecksum, verifySection} from '../../format/section.js';
import {MODES} from '../../graph/profiles.js';
import type {RoadGraph} from '../../graph/road-graph.js';
import {SECTION_FILES, type RegionManifest} from '../manifest.js';
import {sectionCodeHash} from './code-hash.js';
import type {RegionBuild, SectionFacts} from './state.js';

export type SectionName = keyof typeof SECTION_FILES;

/** SHA-256 of a section's bytes. */
export function sectionDigest(bytes: Uint8Array): string {
    return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * The digest of the road graph as mode m's hierarchy sees it: every array but the other modes' (a mode's arrays
 * are named after it, carOut, footJunction, ...: graph/road-graph.ts, graph/derived.ts), and the meta with only
 * this mode's main component. A superset of what contraction and the mode's turn costs read.
 */
export function modeDigest(graph: RoadGraph, mode: number): string {
    const section = graph.section;
    const other = new RegExp(`^(${MODES.filter((_, i) => i !== mode).join('|')})[A-Z]`);
    const meta = {...section.meta, mainComponentNodes: section.meta.mainComponentNodes?.[mode] ?? null};
    const h = crypto.createHash('sha256').update(JSON.stringify({kind: section.kind, version: section.version, meta}));
    for (const [name, array] of Object.entries(section.arrays()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (other.test(name)) continue;
        h.update(`\n${name}\n`).update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    }
    return h.digest('hex');
}

/** The hash of a section's inputs: the code that builds it (code-hash.ts), the section's name, and what it is built from. */
export function inputsOf(b: RegionBuild, section: SectionName, parts: unknown[]): string {
    const h = crypto.createHash('sha256').update(sectionCodeHash(section, b.codeHash)).update(`\n${section}\n`);
    for (const p of parts) h.update(typeof p === 'string' ? p : JSON.stringify(p ?? null)).update('\n');
    return h.digest('hex');
}

/**
 * Records the section's inputs; when the previous bundle holds the section with the same inputs, links its file
 * into the build's folder (a hard link: nothing read or written; a copy where the file system refuses links) and
 * returns what the manifest recorded of it (its SHA-256, its modes' digests), else null (the caller builds it).
 */
export function reuseSection(b: RegionBuild, section: SectionName, inputs: string): SectionFacts | null {
    b.sectionInputs[section] = inputs;
    const old = b.previous?.manifest.sections[section];
    if (!b.previous || !old || old.inputs !== inputs) return null;
    const from = path.join(b.previous.dir, old.file);
    if (!unchangedSection(from, old)) return null;
    const to = path.join(b.tmp, SECTION_FILES[section]);
    try {
        fs.linkSync(from, to);
    } catch {
        fs.copyFileSync(from, to, fs.constants.COPYFILE_FICLONE);
    }
    b.reused.push(section);
    const facts: SectionFacts = {sha256: old.sha256, modes: old.modes};
    b.sectionFacts[section] = facts;
    return facts;
}

/**
 * Whether a previous section's file is the one its manifest describes. Cheaply when the manifest recorded its
 * checksum and time: the same size, modification time and header checksum (a read of 24 bytes; hard links share
 * the time, and a file written again has a new one); else the whole file verified against its checksum.
 */
export function unchangedSection(file: string, old: RegionManifest['sections'][string]): boolean {
    if (!fs.existsSync(file)) return false;
    const stat = fs.statSync(file);
    if (stat.size !== old.bytes) return false;
    if (old.checksum && old.mtimeMs === stat.mtimeMs) return sectionFileChecksum(file) === old.checksum;
    const bytes = fs.readFileSync(file);
    try {
        verifySection(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        return true;
    } catch {
        return false;
    }
}

/** A section of the build's folder (built or linked), read into a buffer of its own (sections are reopened in place). */
export function readBuiltSection(b: RegionBuild, section: SectionName): Uint8Array {
    return readSectionFile(path.join(b.tmp, SECTION_FILES[section]));
}

/** A section file read into a buffer of its own. */
export function readSectionFile(file: string): Uint8Array {
    const bytes = fs.readFileSync(file);
    // A small file's buffer may sit at any offset of Node's pool.
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

/** The SHA-256 of a section of the build's folder: the manifest's when it was reused, else read and hashed. */
export function builtSectionDigest(b: RegionBuild, section: SectionName): string {
    const known = b.sectionFacts[section]?.sha256;
    if (known) return known;
    const sha256 = sectionDigest(readBuiltSection(b, section));
    (b.sectionFacts[section] ??= {}).sha256 = sha256;
    return sha256;
}

/** The previous bundle's stats of a reused section (the same inputs gave the same section and stats). */
export function previousStats(b: RegionBuild, key: string): unknown {
    return (b.previous?.manifest.stats as Record<string, unknown> | undefined)?.[key] ?? null;
}
