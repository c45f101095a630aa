// Sections reused from the bundle a build replaces (issue 28, part B, first step). A section built from other
// sections and settings (the contraction hierarchies from the road graph, transit from the road graph and the
// feeds, coverage from the road graph, the border and the extracts' boxes, the vector tiles from the map data,
// the places and the coverage) records the hash of those inputs (manifest sections[k].inputs): the SHA-256 of the
// sections it reads, the settings it reads and the engine's code. A build (not forced) whose previous bundle holds
// the section with the same inputs copies it instead of building it: an OSM change that leaves the road graph as
// it was reuses the three hierarchies, transit and coverage byte for byte, and one that changes only a mode's
// weights (a maxspeed: the car's) reuses the other modes' hierarchies (modeDigest). The road graph is reused when what
// its builder kept from the read is the same (RoadGraphBuilder.inputDigest); the other sections read straight from
// OSM (POIs, places, map data) are still built every time. Their content is what the others' inputs hash.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {verifySection} from '../../format/section.js';
import {MODES} from '../../graph/profiles.js';
import type {RoadGraph} from '../../graph/road-graph.js';
import {SECTION_FILES} from '../manifest.js';
import type {RegionBuild} from './state.js';

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

/** The hash of a section's inputs: the engine's code, the section's name, and what it is built from. */
export function inputsOf(b: RegionBuild, section: SectionName, parts: unknown[]): string {
    const h = crypto.createHash('sha256').update(b.codeHash).update(`\n${section}\n`);
    for (const p of parts) h.update(typeof p === 'string' ? p : JSON.stringify(p ?? null)).update('\n');
    return h.digest('hex');
}

/**
 * Records the section's inputs; when the previous bundle holds the section with the same inputs, copies its file
 * into the build's folder and returns its bytes (the caller then skips building it), else null.
 */
export function reuseSection(b: RegionBuild, section: SectionName, inputs: string): Uint8Array | null {
    b.sectionInputs[section] = inputs;
    const old = b.previous?.manifest.sections[section];
    if (!b.previous || !old || old.inputs !== inputs) return null;
    const from = path.join(b.previous.dir, old.file);
    if (!fs.existsSync(from) || fs.statSync(from).size !== old.bytes) return null;
    const bytes = fs.readFileSync(from);
    try {
        // A damaged file (changed after it was built) is built again, not copied.
        verifySection(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch {
        return null;
    }
    fs.writeFileSync(path.join(b.tmp, SECTION_FILES[section]), bytes);
    b.reused.push(section);
    // In a buffer of its own (a small file's may sit at any offset of Node's pool): sections are reopened in place.
    return new Uint8Array(bytes);
}

/** The previous bundle's stats of a reused section (the same inputs gave the same section and stats). */
export function previousStats(b: RegionBuild, key: string): unknown {
    return (b.previous?.manifest.stats as Record<string, unknown> | undefined)?.[key] ?? null;
}
