// A contraction hierarchy reopened from its section without copying (layout in contract.ts, which
// builds it). Queries need only this module, not the contraction code.
import {Section, type AnyBuffer} from '../format/section.js';
import {MODES} from '../graph/profiles.js';
import type {RoadGraph} from '../graph/road-graph.js';

/**
 * 2: arc lengths stored (upLength, downLength). 3: built on road graphs with turn restrictions.
 * 4: and without the arcs of start-or-end-only ways (roads v4). 5: arc bearings and inner turn costs.
 * 6: nodes numbered by rank (the road-graph node of each in `node`).
 */
export const CH_VERSION = 6;
/** Set in a middle for an original road arc; the low 31 bits hold the road-graph arc index. */
export const ORIGINAL = 0x80000000;

/** Section kind of a mode's hierarchy: ch-car, ch-foot, ch-bike. */
export function chKind(mode: number): string {
    return `ch-${MODES[mode]}`;
}

/** What contraction and queries read of a road graph (a RoadGraph is one). */
export type CHGraph = Pick<RoadGraph, 'nodeCount' | 'arcCount' | 'arcFirst' | 'arcHead' | 'arcEdge' | 'arcOut' | 'arcIn' | 'edgeFrom' | 'edgeTo' | 'edgeLength'>;

/** A hierarchy's arrays by rank (the section's, less the lengths and turns contract.ts's encodeHierarchy computes from the road graph). */
export interface HierarchyArrays {
    rank: Uint32Array; node: Uint32Array;
    upFirst: Uint32Array; upHead: Uint32Array; upWeight: Uint32Array; upMiddle: Uint32Array;
    downFirst: Uint32Array; downHead: Uint32Array; downWeight: Uint32Array; downMiddle: Uint32Array;
    upLowered: Uint32Array; downLowered: Uint32Array; witnessReach: Uint32Array | null;
}

export class ContractionHierarchy {
    readonly section: Section;
    readonly mode: number;
    readonly nodeCount: number;
    /** Arc count of the road graph it was built from. */
    readonly roadArcCount: number;
    /** Per road-graph node, its number in the hierarchy: its rank. Everything below is by rank. */
    readonly rank: Uint32Array;
    /** Per rank, the road-graph node. */
    readonly node: Uint32Array;
    readonly upFirst: Uint32Array;
    readonly upHead: Uint32Array;
    readonly upWeight: Uint32Array;
    readonly upMiddle: Uint32Array;
    readonly downFirst: Uint32Array;
    readonly downHead: Uint32Array;
    readonly downWeight: Uint32Array;
    readonly downMiddle: Uint32Array;
    /** Metres per up / down arc (the road path an arc stands for). */
    readonly upLength: Float64Array;
    readonly downLength: Float64Array;
    /** Per arc: bearing setting off and arriving (1/256 turn) and ms of the turns inside it; null when built without turn costs. */
    readonly turns: {upEnter: Uint8Array; upLeave: Uint8Array; upTurn: Uint32Array; downEnter: Uint8Array; downLeave: Uint8Array; downTurn: Uint32Array} | null;

    constructor(section: Section) {
        this.section = section;
        const meta = section.meta;
        this.mode = meta.mode;
        if (section.kind !== chKind(this.mode)) throw new Error(`section kind ${section.kind} does not match mode ${MODES[this.mode]}`);
        this.nodeCount = meta.nodeCount;
        this.roadArcCount = meta.arcCount;
        this.rank = section.array('rank', Uint32Array);
        this.node = section.array('node', Uint32Array);
        this.upFirst = section.array('upFirst', Uint32Array);
        this.upHead = section.array('upHead', Uint32Array);
        this.upWeight = section.array('upWeight', Uint32Array);
        this.upMiddle = section.array('upMiddle', Uint32Array);
        this.downFirst = section.array('downFirst', Uint32Array);
        this.downHead = section.array('downHead', Uint32Array);
        this.downWeight = section.array('downWeight', Uint32Array);
        this.downMiddle = section.array('downMiddle', Uint32Array);
        this.upLength = section.array('upLength', Float64Array);
        this.downLength = section.array('downLength', Float64Array);
        this.turns = section.has('upTurn') ? {
            upEnter: section.array('upEnter', Uint8Array), upLeave: section.array('upLeave', Uint8Array), upTurn: section.array('upTurn', Uint32Array),
            downEnter: section.array('downEnter', Uint8Array), downLeave: section.array('downLeave', Uint8Array), downTurn: section.array('downTurn', Uint32Array)
        } : null;
    }

    static from(buffer: AnyBuffer, mode: number, byteOffset = 0, byteLength?: number): ContractionHierarchy {
        return new ContractionHierarchy(Section.from(buffer, chKind(mode), CH_VERSION, byteOffset, byteLength));
    }

    /** Shortcuts and original arcs together, both directions. */
    get arcCount(): number {
        return this.upHead.length + this.downHead.length;
    }
}
